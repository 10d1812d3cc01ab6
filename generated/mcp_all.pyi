"""Types of the mcp2openai 0.4.0 toolset module beside this stub: the API its folder's
toolsets share, and one TypedDict per tool."""

from typing import Literal, NotRequired, TypedDict

from _mcp2openai.api import (
    NAMES,
    REPORT,
    SERVERS,
    ContractError,
    Report,
    ServerError,
    ToolCall,
    ToolCalls,
    agents_tools,
    arguments,
    connect,
    execute_tool_calls,
    execute_tool_calls_sync,
    pydantic_ai_toolset,
    tool_calls,
    tool_choice,
    tool_output,
    tool_search,
    tools,
)

__all__ = [
    "NAMES",
    "REPORT",
    "SERVERS",
    "ContractError",
    "Report",
    "ServerError",
    "ToolCall",
    "ToolCalls",
    "agents_tools",
    "arguments",
    "connect",
    "execute_tool_calls",
    "execute_tool_calls_sync",
    "pydantic_ai_toolset",
    "tool_calls",
    "tool_choice",
    "tool_output",
    "tool_search",
    "tools",
]

EverythingEchoArgs = TypedDict(
    "EverythingEchoArgs",
    {
        "message": str,
    },
)
EverythingGetAnnotatedMessageArgs = TypedDict(
    "EverythingGetAnnotatedMessageArgs",
    {
        "messageType": Literal["error", "success", "debug"],
        "includeImage": NotRequired[bool],
    },
)
EverythingGetEnvArgs = TypedDict(
    "EverythingGetEnvArgs",
    {},
)
EverythingGetResourceLinksArgs = TypedDict(
    "EverythingGetResourceLinksArgs",
    {
        "count": NotRequired[float],
    },
)
EverythingGetResourceReferenceArgs = TypedDict(
    "EverythingGetResourceReferenceArgs",
    {
        "resourceType": NotRequired[Literal["Text", "Blob"]],
        "resourceId": NotRequired[float],
    },
)
EverythingGetStructuredContentArgs = TypedDict(
    "EverythingGetStructuredContentArgs",
    {
        "location": Literal["New York", "Chicago", "Los Angeles"],
    },
)
EverythingGetSumArgs = TypedDict(
    "EverythingGetSumArgs",
    {
        "a": float,
        "b": float,
    },
)
EverythingGetTinyImageArgs = TypedDict(
    "EverythingGetTinyImageArgs",
    {},
)
EverythingGzipFileAsResourceArgs = TypedDict(
    "EverythingGzipFileAsResourceArgs",
    {
        "name": NotRequired[str],
        "data": NotRequired[str],
        "outputType": NotRequired[Literal["resourceLink", "resource"]],
    },
)
EverythingToggleSimulatedLoggingArgs = TypedDict(
    "EverythingToggleSimulatedLoggingArgs",
    {},
)
EverythingToggleSubscriberUpdatesArgs = TypedDict(
    "EverythingToggleSubscriberUpdatesArgs",
    {},
)
EverythingTriggerLongRunningOperationArgs = TypedDict(
    "EverythingTriggerLongRunningOperationArgs",
    {
        "duration": NotRequired[float],
        "steps": NotRequired[float],
    },
)
EverythingGetRootsListArgs = TypedDict(
    "EverythingGetRootsListArgs",
    {},
)
EverythingTriggerElicitationRequestArgs = TypedDict(
    "EverythingTriggerElicitationRequestArgs",
    {},
)
EverythingTriggerUrlElicitationArgs = TypedDict(
    "EverythingTriggerUrlElicitationArgs",
    {
        "url": str,
        "message": NotRequired[str],
        "elicitationId": NotRequired[str],
        "errorPath": NotRequired[bool],
    },
)
EverythingTriggerSamplingRequestArgs = TypedDict(
    "EverythingTriggerSamplingRequestArgs",
    {
        "prompt": str,
        "maxTokens": NotRequired[float],
    },
)
EverythingSimulateResearchQueryArgs = TypedDict(
    "EverythingSimulateResearchQueryArgs",
    {
        "topic": str,
        "ambiguous": NotRequired[bool],
    },
)
FetchFetchArgs = TypedDict(
    "FetchFetchArgs",
    {
        "url": str,
        "max_length": NotRequired[int],
        "start_index": NotRequired[int],
        "raw": NotRequired[bool],
    },
)
FilesystemReadFileArgs = TypedDict(
    "FilesystemReadFileArgs",
    {
        "path": str,
        "tail": NotRequired[float],
        "head": NotRequired[float],
    },
)
FilesystemReadTextFileArgs = TypedDict(
    "FilesystemReadTextFileArgs",
    {
        "path": str,
        "tail": NotRequired[float],
        "head": NotRequired[float],
    },
)
FilesystemReadMediaFileArgs = TypedDict(
    "FilesystemReadMediaFileArgs",
    {
        "path": str,
    },
)
FilesystemReadMultipleFilesArgs = TypedDict(
    "FilesystemReadMultipleFilesArgs",
    {
        "paths": list[str],
    },
)
FilesystemWriteFileArgs = TypedDict(
    "FilesystemWriteFileArgs",
    {
        "path": str,
        "content": str,
    },
)
_FilesystemEditFileArgs_EditsItem = TypedDict(
    "_FilesystemEditFileArgs_EditsItem",
    {
        "oldText": str,
        "newText": str,
    },
)
FilesystemEditFileArgs = TypedDict(
    "FilesystemEditFileArgs",
    {
        "path": str,
        "edits": list[_FilesystemEditFileArgs_EditsItem],
        "dryRun": NotRequired[bool],
    },
)
FilesystemCreateDirectoryArgs = TypedDict(
    "FilesystemCreateDirectoryArgs",
    {
        "path": str,
    },
)
FilesystemListDirectoryArgs = TypedDict(
    "FilesystemListDirectoryArgs",
    {
        "path": str,
    },
)
FilesystemListDirectoryWithSizesArgs = TypedDict(
    "FilesystemListDirectoryWithSizesArgs",
    {
        "path": str,
        "sortBy": NotRequired[Literal["name", "size"]],
    },
)
FilesystemDirectoryTreeArgs = TypedDict(
    "FilesystemDirectoryTreeArgs",
    {
        "path": str,
        "excludePatterns": NotRequired[list[str]],
    },
)
FilesystemMoveFileArgs = TypedDict(
    "FilesystemMoveFileArgs",
    {
        "source": str,
        "destination": str,
    },
)
FilesystemSearchFilesArgs = TypedDict(
    "FilesystemSearchFilesArgs",
    {
        "path": str,
        "pattern": str,
        "excludePatterns": NotRequired[list[str]],
    },
)
FilesystemGetFileInfoArgs = TypedDict(
    "FilesystemGetFileInfoArgs",
    {
        "path": str,
    },
)
FilesystemListAllowedDirectoriesArgs = TypedDict(
    "FilesystemListAllowedDirectoriesArgs",
    {},
)
_FirecrawlFirecrawlScrapeArgs_JsonOptions = TypedDict(
    "_FirecrawlFirecrawlScrapeArgs_JsonOptions",
    {
        "prompt": NotRequired[str],
        "schema": NotRequired[dict[str, object]],
    },
)
_FirecrawlFirecrawlScrapeArgs_QueryOptions = TypedDict(
    "_FirecrawlFirecrawlScrapeArgs_QueryOptions",
    {
        "prompt": str,
        "mode": NotRequired[Literal["directQuote", "freeform"]],
    },
)
_FirecrawlFirecrawlScrapeArgs_PdfOptions = TypedDict(
    "_FirecrawlFirecrawlScrapeArgs_PdfOptions",
    {
        "maxPages": NotRequired[int],
    },
)
_FirecrawlFirecrawlScrapeArgs_ActionsItem = TypedDict(
    "_FirecrawlFirecrawlScrapeArgs_ActionsItem",
    {
        "type": str,
        "selector": NotRequired[str],
        "milliseconds": NotRequired[float],
        "text": NotRequired[str],
        "key": NotRequired[str],
        "direction": NotRequired[Literal["up", "down"]],
        "script": NotRequired[str],
        "fullPage": NotRequired[bool],
    },
)
_FirecrawlFirecrawlScrapeArgs_Location = TypedDict(
    "_FirecrawlFirecrawlScrapeArgs_Location",
    {
        "country": NotRequired[str],
        "languages": NotRequired[list[str]],
    },
)
_FirecrawlFirecrawlScrapeArgs_Profile = TypedDict(
    "_FirecrawlFirecrawlScrapeArgs_Profile",
    {
        "name": str,
        "saveChanges": NotRequired[bool],
    },
)
FirecrawlFirecrawlScrapeArgs = TypedDict(
    "FirecrawlFirecrawlScrapeArgs",
    {
        "url": NotRequired[str],
        "formats": NotRequired[list[str]],
        "jsonOptions": NotRequired[_FirecrawlFirecrawlScrapeArgs_JsonOptions],
        "queryOptions": NotRequired[_FirecrawlFirecrawlScrapeArgs_QueryOptions],
        "screenshotOptions": NotRequired[dict[str, object]],
        "parsers": NotRequired[list[Literal["pdf"]]],
        "pdfOptions": NotRequired[_FirecrawlFirecrawlScrapeArgs_PdfOptions],
        "onlyMainContent": NotRequired[bool],
        "redactPII": NotRequired[bool],
        "includeTags": NotRequired[list[str]],
        "excludeTags": NotRequired[list[str]],
        "waitFor": NotRequired[float],
        "actions": NotRequired[list[_FirecrawlFirecrawlScrapeArgs_ActionsItem]],
        "mobile": NotRequired[bool],
        "skipTlsVerification": NotRequired[bool],
        "removeBase64Images": NotRequired[bool],
        "location": NotRequired[_FirecrawlFirecrawlScrapeArgs_Location],
        "storeInCache": NotRequired[bool],
        "zeroDataRetention": NotRequired[bool],
        "maxAge": NotRequired[float],
        "lockdown": NotRequired[bool],
        "proxy": NotRequired[Literal["basic", "stealth", "enhanced", "auto"]],
        "profile": NotRequired[_FirecrawlFirecrawlScrapeArgs_Profile],
        "timeout": NotRequired[int],
        "requestId": NotRequired[str],
        "alexandria": NotRequired[dict[str, object] | list[dict[str, object]]],
        "toolDetail": NotRequired[Literal["compact", "summary", "full"]],
        "domainTools": NotRequired[bool],
    },
)
FirecrawlFirecrawlMapArgs = TypedDict(
    "FirecrawlFirecrawlMapArgs",
    {
        "url": str,
        "search": NotRequired[str],
        "sitemap": NotRequired[Literal["include", "skip", "only"]],
        "includeSubdomains": NotRequired[bool],
        "limit": NotRequired[float],
        "ignoreQueryParameters": NotRequired[bool],
    },
)
_FirecrawlFirecrawlSearchArgs_SourcesItem = TypedDict(
    "_FirecrawlFirecrawlSearchArgs_SourcesItem",
    {
        "type": Literal["web", "images", "news", "alexandria", "exchange"],
    },
)
_FirecrawlFirecrawlSearchArgs_JsonOptions = TypedDict(
    "_FirecrawlFirecrawlSearchArgs_JsonOptions",
    {
        "prompt": NotRequired[str],
        "schema": NotRequired[dict[str, object]],
    },
)
_FirecrawlFirecrawlSearchArgs_QueryOptions = TypedDict(
    "_FirecrawlFirecrawlSearchArgs_QueryOptions",
    {
        "prompt": str,
        "mode": NotRequired[Literal["directQuote", "freeform"]],
    },
)
_FirecrawlFirecrawlSearchArgs_PdfOptions = TypedDict(
    "_FirecrawlFirecrawlSearchArgs_PdfOptions",
    {
        "maxPages": NotRequired[int],
    },
)
_FirecrawlFirecrawlSearchArgs_ActionsItem = TypedDict(
    "_FirecrawlFirecrawlSearchArgs_ActionsItem",
    {
        "type": str,
        "selector": NotRequired[str],
        "milliseconds": NotRequired[float],
        "text": NotRequired[str],
        "key": NotRequired[str],
        "direction": NotRequired[Literal["up", "down"]],
        "script": NotRequired[str],
        "fullPage": NotRequired[bool],
    },
)
_FirecrawlFirecrawlSearchArgs_Location = TypedDict(
    "_FirecrawlFirecrawlSearchArgs_Location",
    {
        "country": NotRequired[str],
        "languages": NotRequired[list[str]],
    },
)
_FirecrawlFirecrawlSearchArgs_Profile = TypedDict(
    "_FirecrawlFirecrawlSearchArgs_Profile",
    {
        "name": str,
        "saveChanges": NotRequired[bool],
    },
)
_FirecrawlFirecrawlSearchArgs_ScrapeOptions = TypedDict(
    "_FirecrawlFirecrawlSearchArgs_ScrapeOptions",
    {
        "formats": NotRequired[list[str]],
        "jsonOptions": NotRequired[_FirecrawlFirecrawlSearchArgs_JsonOptions],
        "queryOptions": NotRequired[_FirecrawlFirecrawlSearchArgs_QueryOptions],
        "screenshotOptions": NotRequired[dict[str, object]],
        "parsers": NotRequired[list[Literal["pdf"]]],
        "pdfOptions": NotRequired[_FirecrawlFirecrawlSearchArgs_PdfOptions],
        "onlyMainContent": NotRequired[bool],
        "redactPII": NotRequired[bool],
        "includeTags": NotRequired[list[str]],
        "excludeTags": NotRequired[list[str]],
        "waitFor": NotRequired[float],
        "actions": NotRequired[list[_FirecrawlFirecrawlSearchArgs_ActionsItem]],
        "mobile": NotRequired[bool],
        "skipTlsVerification": NotRequired[bool],
        "removeBase64Images": NotRequired[bool],
        "location": NotRequired[_FirecrawlFirecrawlSearchArgs_Location],
        "storeInCache": NotRequired[bool],
        "zeroDataRetention": NotRequired[bool],
        "maxAge": NotRequired[float],
        "lockdown": NotRequired[bool],
        "proxy": NotRequired[Literal["basic", "stealth", "enhanced", "auto"]],
        "profile": NotRequired[_FirecrawlFirecrawlSearchArgs_Profile],
    },
)
FirecrawlFirecrawlSearchArgs = TypedDict(
    "FirecrawlFirecrawlSearchArgs",
    {
        "toolDetail": NotRequired[Literal["compact", "summary", "full"]],
        "query": str,
        "domainTools": NotRequired[bool],
        "highlights": NotRequired[bool],
        "limit": NotRequired[int],
        "tbs": NotRequired[str],
        "filter": NotRequired[str],
        "location": NotRequired[str],
        "includeDomains": NotRequired[list[str]],
        "excludeDomains": NotRequired[list[str]],
        "sources": NotRequired[list[str | _FirecrawlFirecrawlSearchArgs_SourcesItem]],
        "categories": NotRequired[list[Literal["research", "pdf", "developer"]]],
        "enterprise": NotRequired[list[Literal["default", "anon", "zdr"]]],
        "scrapeOptions": NotRequired[_FirecrawlFirecrawlSearchArgs_ScrapeOptions],
    },
)
FirecrawlFirecrawlFindToolsArgs = TypedDict(
    "FirecrawlFirecrawlFindToolsArgs",
    {
        "query": NotRequired[str],
        "urls": NotRequired[list[str]],
        "providers": NotRequired[list[str]],
        "categories": NotRequired[list[str]],
        "groups": NotRequired[list[str]],
        "capabilities": NotRequired[list[str]],
        "level": NotRequired[Literal["categories", "providers", "groups", "tools"]],
        "expand": NotRequired[list[Literal["options", "response", "examples"]]],
        "limit": NotRequired[int],
        "offset": NotRequired[int],
    },
)
FirecrawlFirecrawlSearchFeedbackArgs = TypedDict(
    "FirecrawlFirecrawlSearchFeedbackArgs",
    {
        "searchId": str,
        "rating": Literal["good", "bad", "partial"],
        "valuableSources": NotRequired[list[dict[str, object]]],
        "missingContent": NotRequired[list[dict[str, object]]],
        "querySuggestions": NotRequired[str],
    },
)
FirecrawlFirecrawlFeedbackArgs = TypedDict(
    "FirecrawlFirecrawlFeedbackArgs",
    {
        "endpoint": Literal["search", "scrape", "parse", "map", "alexandria"],
        "jobId": NotRequired[str],
        "requestedWebsite": NotRequired[dict[str, object]],
        "rationale": NotRequired[str],
        "providerFeedback": NotRequired[list[dict[str, object]]],
        "capabilityFeedback": NotRequired[list[dict[str, object]]],
        "rating": Literal["good", "bad", "partial"],
        "issues": NotRequired[list[str]],
        "tags": NotRequired[list[str]],
        "note": NotRequired[str],
        "valuableSources": NotRequired[list[dict[str, object]]],
        "missingContent": NotRequired[list[dict[str, object]]],
        "querySuggestions": NotRequired[str],
        "url": NotRequired[str],
        "pageNumbers": NotRequired[list[int]],
        "metadata": NotRequired[dict[str, object]],
    },
)
_FirecrawlFirecrawlCrawlArgs_JsonOptions = TypedDict(
    "_FirecrawlFirecrawlCrawlArgs_JsonOptions",
    {
        "prompt": NotRequired[str],
        "schema": NotRequired[dict[str, object]],
    },
)
_FirecrawlFirecrawlCrawlArgs_QueryOptions = TypedDict(
    "_FirecrawlFirecrawlCrawlArgs_QueryOptions",
    {
        "prompt": str,
        "mode": NotRequired[Literal["directQuote", "freeform"]],
    },
)
_FirecrawlFirecrawlCrawlArgs_PdfOptions = TypedDict(
    "_FirecrawlFirecrawlCrawlArgs_PdfOptions",
    {
        "maxPages": NotRequired[int],
    },
)
_FirecrawlFirecrawlCrawlArgs_ActionsItem = TypedDict(
    "_FirecrawlFirecrawlCrawlArgs_ActionsItem",
    {
        "type": str,
        "selector": NotRequired[str],
        "milliseconds": NotRequired[float],
        "text": NotRequired[str],
        "key": NotRequired[str],
        "direction": NotRequired[Literal["up", "down"]],
        "script": NotRequired[str],
        "fullPage": NotRequired[bool],
    },
)
_FirecrawlFirecrawlCrawlArgs_Location = TypedDict(
    "_FirecrawlFirecrawlCrawlArgs_Location",
    {
        "country": NotRequired[str],
        "languages": NotRequired[list[str]],
    },
)
_FirecrawlFirecrawlCrawlArgs_Profile = TypedDict(
    "_FirecrawlFirecrawlCrawlArgs_Profile",
    {
        "name": str,
        "saveChanges": NotRequired[bool],
    },
)
_FirecrawlFirecrawlCrawlArgs_ScrapeOptions = TypedDict(
    "_FirecrawlFirecrawlCrawlArgs_ScrapeOptions",
    {
        "formats": NotRequired[list[str]],
        "jsonOptions": NotRequired[_FirecrawlFirecrawlCrawlArgs_JsonOptions],
        "queryOptions": NotRequired[_FirecrawlFirecrawlCrawlArgs_QueryOptions],
        "screenshotOptions": NotRequired[dict[str, object]],
        "parsers": NotRequired[list[Literal["pdf"]]],
        "pdfOptions": NotRequired[_FirecrawlFirecrawlCrawlArgs_PdfOptions],
        "onlyMainContent": NotRequired[bool],
        "redactPII": NotRequired[bool],
        "includeTags": NotRequired[list[str]],
        "excludeTags": NotRequired[list[str]],
        "waitFor": NotRequired[float],
        "actions": NotRequired[list[_FirecrawlFirecrawlCrawlArgs_ActionsItem]],
        "mobile": NotRequired[bool],
        "skipTlsVerification": NotRequired[bool],
        "removeBase64Images": NotRequired[bool],
        "location": NotRequired[_FirecrawlFirecrawlCrawlArgs_Location],
        "storeInCache": NotRequired[bool],
        "zeroDataRetention": NotRequired[bool],
        "maxAge": NotRequired[float],
        "lockdown": NotRequired[bool],
        "proxy": NotRequired[Literal["basic", "stealth", "enhanced", "auto"]],
        "profile": NotRequired[_FirecrawlFirecrawlCrawlArgs_Profile],
    },
)
FirecrawlFirecrawlCrawlArgs = TypedDict(
    "FirecrawlFirecrawlCrawlArgs",
    {
        "url": str,
        "prompt": NotRequired[str],
        "excludePaths": NotRequired[list[str]],
        "includePaths": NotRequired[list[str]],
        "maxDiscoveryDepth": NotRequired[float],
        "sitemap": NotRequired[Literal["skip", "include", "only"]],
        "limit": NotRequired[float],
        "allowExternalLinks": NotRequired[bool],
        "allowSubdomains": NotRequired[bool],
        "crawlEntireDomain": NotRequired[bool],
        "delay": NotRequired[float],
        "maxConcurrency": NotRequired[float],
        "webhook": NotRequired[str],
        "webhookHeaders": NotRequired[dict[str, object]],
        "deduplicateSimilarURLs": NotRequired[bool],
        "ignoreQueryParameters": NotRequired[bool],
        "scrapeOptions": NotRequired[_FirecrawlFirecrawlCrawlArgs_ScrapeOptions],
    },
)
FirecrawlFirecrawlCheckCrawlStatusArgs = TypedDict(
    "FirecrawlFirecrawlCheckCrawlStatusArgs",
    {
        "id": str,
    },
)
FirecrawlFirecrawlExtractArgs = TypedDict(
    "FirecrawlFirecrawlExtractArgs",
    {
        "urls": list[str],
        "prompt": NotRequired[str],
        "schema": NotRequired[dict[str, object]],
        "allowExternalLinks": NotRequired[bool],
        "enableWebSearch": NotRequired[bool],
        "includeSubdomains": NotRequired[bool],
    },
)
_FirecrawlFirecrawlAgentArgs_Approve = TypedDict(
    "_FirecrawlFirecrawlAgentArgs_Approve",
    {
        "approvalId": str,
        "callIds": NotRequired[list[str]],
        "always": NotRequired[bool],
    },
)
_FirecrawlFirecrawlAgentArgs_Decline = TypedDict(
    "_FirecrawlFirecrawlAgentArgs_Decline",
    {
        "approvalId": str,
    },
)
_FirecrawlFirecrawlAgentArgs_Exchange = TypedDict(
    "_FirecrawlFirecrawlAgentArgs_Exchange",
    {
        "enabled": NotRequired[bool],
        "toolkits": NotRequired[list[str]],
        "maxCalls": NotRequired[int],
        "requireApproval": NotRequired[bool],
        "approve": NotRequired[_FirecrawlFirecrawlAgentArgs_Approve],
        "decline": NotRequired[_FirecrawlFirecrawlAgentArgs_Decline],
        "onTermsRequired": NotRequired[Literal["skip", "ask"]],
    },
)
FirecrawlFirecrawlAgentArgs = TypedDict(
    "FirecrawlFirecrawlAgentArgs",
    {
        "prompt": str,
        "urls": NotRequired[list[str]],
        "schema": NotRequired[dict[str, object]],
        "effort": NotRequired[Literal["low", "medium", "high"]],
        "maxCredits": NotRequired[int],
        "strictConstrainToURLs": NotRequired[bool],
        "threadId": NotRequired[str],
        "mode": NotRequired[Literal["extract", "chat"]],
        "exchange": NotRequired[_FirecrawlFirecrawlAgentArgs_Exchange],
    },
)
FirecrawlFirecrawlAgentStatusArgs = TypedDict(
    "FirecrawlFirecrawlAgentStatusArgs",
    {
        "id": str,
    },
)
_FirecrawlFirecrawlInteractArgs_JsonOptions = TypedDict(
    "_FirecrawlFirecrawlInteractArgs_JsonOptions",
    {
        "prompt": NotRequired[str],
        "schema": NotRequired[dict[str, object]],
    },
)
_FirecrawlFirecrawlInteractArgs_QueryOptions = TypedDict(
    "_FirecrawlFirecrawlInteractArgs_QueryOptions",
    {
        "prompt": str,
        "mode": NotRequired[Literal["directQuote", "freeform"]],
    },
)
_FirecrawlFirecrawlInteractArgs_PdfOptions = TypedDict(
    "_FirecrawlFirecrawlInteractArgs_PdfOptions",
    {
        "maxPages": NotRequired[int],
    },
)
_FirecrawlFirecrawlInteractArgs_ActionsItem = TypedDict(
    "_FirecrawlFirecrawlInteractArgs_ActionsItem",
    {
        "type": str,
        "selector": NotRequired[str],
        "milliseconds": NotRequired[float],
        "text": NotRequired[str],
        "key": NotRequired[str],
        "direction": NotRequired[Literal["up", "down"]],
        "script": NotRequired[str],
        "fullPage": NotRequired[bool],
    },
)
_FirecrawlFirecrawlInteractArgs_Location = TypedDict(
    "_FirecrawlFirecrawlInteractArgs_Location",
    {
        "country": NotRequired[str],
        "languages": NotRequired[list[str]],
    },
)
_FirecrawlFirecrawlInteractArgs_Profile = TypedDict(
    "_FirecrawlFirecrawlInteractArgs_Profile",
    {
        "name": str,
        "saveChanges": NotRequired[bool],
    },
)
_FirecrawlFirecrawlInteractArgs_ScrapeOptions = TypedDict(
    "_FirecrawlFirecrawlInteractArgs_ScrapeOptions",
    {
        "formats": NotRequired[list[str]],
        "jsonOptions": NotRequired[_FirecrawlFirecrawlInteractArgs_JsonOptions],
        "queryOptions": NotRequired[_FirecrawlFirecrawlInteractArgs_QueryOptions],
        "screenshotOptions": NotRequired[dict[str, object]],
        "parsers": NotRequired[list[Literal["pdf"]]],
        "pdfOptions": NotRequired[_FirecrawlFirecrawlInteractArgs_PdfOptions],
        "onlyMainContent": NotRequired[bool],
        "redactPII": NotRequired[bool],
        "includeTags": NotRequired[list[str]],
        "excludeTags": NotRequired[list[str]],
        "waitFor": NotRequired[float],
        "actions": NotRequired[list[_FirecrawlFirecrawlInteractArgs_ActionsItem]],
        "mobile": NotRequired[bool],
        "skipTlsVerification": NotRequired[bool],
        "removeBase64Images": NotRequired[bool],
        "location": NotRequired[_FirecrawlFirecrawlInteractArgs_Location],
        "storeInCache": NotRequired[bool],
        "zeroDataRetention": NotRequired[bool],
        "maxAge": NotRequired[float],
        "lockdown": NotRequired[bool],
        "proxy": NotRequired[Literal["basic", "stealth", "enhanced", "auto"]],
        "profile": NotRequired[_FirecrawlFirecrawlInteractArgs_Profile],
    },
)
FirecrawlFirecrawlInteractArgs = TypedDict(
    "FirecrawlFirecrawlInteractArgs",
    {
        "scrapeId": NotRequired[str],
        "url": NotRequired[str],
        "prompt": NotRequired[str],
        "code": NotRequired[str],
        "language": NotRequired[Literal["bash", "python", "node"]],
        "timeout": NotRequired[float],
        "scrapeOptions": NotRequired[_FirecrawlFirecrawlInteractArgs_ScrapeOptions],
    },
)
FirecrawlFirecrawlInteractStopArgs = TypedDict(
    "FirecrawlFirecrawlInteractStopArgs",
    {
        "scrapeId": str,
    },
)
_FirecrawlFirecrawlParseArgs_JsonOptions = TypedDict(
    "_FirecrawlFirecrawlParseArgs_JsonOptions",
    {
        "prompt": NotRequired[str],
        "schema": NotRequired[dict[str, object]],
    },
)
_FirecrawlFirecrawlParseArgs_QueryOptions = TypedDict(
    "_FirecrawlFirecrawlParseArgs_QueryOptions",
    {
        "prompt": str,
        "mode": NotRequired[Literal["directQuote", "freeform"]],
    },
)
_FirecrawlFirecrawlParseArgs_PdfOptions = TypedDict(
    "_FirecrawlFirecrawlParseArgs_PdfOptions",
    {
        "maxPages": NotRequired[int],
    },
)
FirecrawlFirecrawlParseArgs = TypedDict(
    "FirecrawlFirecrawlParseArgs",
    {
        "formats": NotRequired[list[str]],
        "jsonOptions": NotRequired[_FirecrawlFirecrawlParseArgs_JsonOptions],
        "queryOptions": NotRequired[_FirecrawlFirecrawlParseArgs_QueryOptions],
        "parsers": NotRequired[list[Literal["pdf"]]],
        "pdfOptions": NotRequired[_FirecrawlFirecrawlParseArgs_PdfOptions],
        "onlyMainContent": NotRequired[bool],
        "redactPII": NotRequired[bool],
        "includeTags": NotRequired[list[str]],
        "excludeTags": NotRequired[list[str]],
        "removeBase64Images": NotRequired[bool],
        "skipTlsVerification": NotRequired[bool],
        "storeInCache": NotRequired[bool],
        "zeroDataRetention": NotRequired[bool],
        "maxAge": NotRequired[float],
        "proxy": NotRequired[Literal["basic", "auto"]],
        "filePath": str,
        "contentType": NotRequired[str],
    },
)
FirecrawlFirecrawlMonitorCreateArgs = TypedDict(
    "FirecrawlFirecrawlMonitorCreateArgs",
    {
        "body": NotRequired[dict[str, object]],
        "page": NotRequired[str],
        "pages": NotRequired[list[str]],
        "queries": NotRequired[list[str]],
        "searchWindow": NotRequired[Literal["5m", "15m", "1h", "6h", "24h", "7d"]],
        "maxResults": NotRequired[int],
        "includeDomains": NotRequired[list[str]],
        "excludeDomains": NotRequired[list[str]],
        "goal": NotRequired[str],
        "name": NotRequired[str],
        "scheduleText": NotRequired[str],
        "timezone": NotRequired[str],
        "email": NotRequired[str],
        "includeDiffs": NotRequired[bool],
        "webhookUrl": NotRequired[str],
    },
)
FirecrawlFirecrawlMonitorListArgs = TypedDict(
    "FirecrawlFirecrawlMonitorListArgs",
    {
        "limit": NotRequired[int],
        "offset": NotRequired[int],
    },
)
FirecrawlFirecrawlMonitorGetArgs = TypedDict(
    "FirecrawlFirecrawlMonitorGetArgs",
    {
        "id": str,
    },
)
FirecrawlFirecrawlMonitorUpdateArgs = TypedDict(
    "FirecrawlFirecrawlMonitorUpdateArgs",
    {
        "id": str,
        "body": dict[str, object],
    },
)
FirecrawlFirecrawlMonitorDeleteArgs = TypedDict(
    "FirecrawlFirecrawlMonitorDeleteArgs",
    {
        "id": str,
    },
)
FirecrawlFirecrawlMonitorRunArgs = TypedDict(
    "FirecrawlFirecrawlMonitorRunArgs",
    {
        "id": str,
    },
)
FirecrawlFirecrawlMonitorChecksArgs = TypedDict(
    "FirecrawlFirecrawlMonitorChecksArgs",
    {
        "id": str,
        "limit": NotRequired[int],
        "offset": NotRequired[int],
        "status": NotRequired[str],
    },
)
FirecrawlFirecrawlMonitorCheckArgs = TypedDict(
    "FirecrawlFirecrawlMonitorCheckArgs",
    {
        "id": str,
        "checkId": str,
        "limit": NotRequired[int],
        "skip": NotRequired[int],
        "pageStatus": NotRequired[str],
    },
)
FirecrawlFirecrawlResearchSearchPapersArgs = TypedDict(
    "FirecrawlFirecrawlResearchSearchPapersArgs",
    {
        "query": str,
        "k": NotRequired[int],
        "authors": NotRequired[list[str]],
        "categories": NotRequired[list[str]],
        "from": NotRequired[str],
        "to": NotRequired[str],
    },
)
FirecrawlFirecrawlResearchInspectPaperArgs = TypedDict(
    "FirecrawlFirecrawlResearchInspectPaperArgs",
    {
        "paperId": str,
    },
)
FirecrawlFirecrawlResearchRelatedPapersArgs = TypedDict(
    "FirecrawlFirecrawlResearchRelatedPapersArgs",
    {
        "seed_ids": list[str],
        "intent": str,
        "mode": NotRequired[Literal["similar", "citers", "references"]],
        "k": NotRequired[int],
        "rerank": NotRequired[bool],
    },
)
FirecrawlFirecrawlResearchReadPaperArgs = TypedDict(
    "FirecrawlFirecrawlResearchReadPaperArgs",
    {
        "paperId": str,
        "question": str,
        "k": NotRequired[int],
    },
)
FirecrawlFirecrawlResearchSearchGithubArgs = TypedDict(
    "FirecrawlFirecrawlResearchSearchGithubArgs",
    {
        "query": str,
        "k": NotRequired[int],
    },
)
FirecrawlFirecrawlDeveloperSearchArgs = TypedDict(
    "FirecrawlFirecrawlDeveloperSearchArgs",
    {
        "query": str,
        "k": NotRequired[int],
        "skills": NotRequired[Literal["only"]],
    },
)
FirecrawlFirecrawlCreditUsageArgs = TypedDict(
    "FirecrawlFirecrawlCreditUsageArgs",
    {
        "view": NotRequired[Literal["current", "historical"]],
        "byApiKey": NotRequired[bool],
    },
)
GitGitStatusArgs = TypedDict(
    "GitGitStatusArgs",
    {
        "repo_path": str,
    },
)
GitGitDiffUnstagedArgs = TypedDict(
    "GitGitDiffUnstagedArgs",
    {
        "repo_path": str,
        "context_lines": NotRequired[int],
    },
)
GitGitDiffStagedArgs = TypedDict(
    "GitGitDiffStagedArgs",
    {
        "repo_path": str,
        "context_lines": NotRequired[int],
    },
)
GitGitDiffArgs = TypedDict(
    "GitGitDiffArgs",
    {
        "repo_path": str,
        "target": str,
        "context_lines": NotRequired[int],
    },
)
GitGitCommitArgs = TypedDict(
    "GitGitCommitArgs",
    {
        "repo_path": str,
        "message": str,
    },
)
GitGitAddArgs = TypedDict(
    "GitGitAddArgs",
    {
        "repo_path": str,
        "files": list[str],
    },
)
GitGitResetArgs = TypedDict(
    "GitGitResetArgs",
    {
        "repo_path": str,
    },
)
GitGitLogArgs = TypedDict(
    "GitGitLogArgs",
    {
        "repo_path": str,
        "max_count": NotRequired[int],
        "start_timestamp": str | None,
        "end_timestamp": str | None,
    },
)
GitGitCreateBranchArgs = TypedDict(
    "GitGitCreateBranchArgs",
    {
        "repo_path": str,
        "branch_name": str,
        "base_branch": str | None,
    },
)
GitGitCheckoutArgs = TypedDict(
    "GitGitCheckoutArgs",
    {
        "repo_path": str,
        "branch_name": str,
    },
)
GitGitShowArgs = TypedDict(
    "GitGitShowArgs",
    {
        "repo_path": str,
        "revision": str,
    },
)
GitGitBranchArgs = TypedDict(
    "GitGitBranchArgs",
    {
        "repo_path": str,
        "branch_type": str,
        "contains": str | None,
        "not_contains": str | None,
    },
)
GithubCreateOrUpdateFileArgs = TypedDict(
    "GithubCreateOrUpdateFileArgs",
    {
        "owner": str,
        "repo": str,
        "path": str,
        "content": str,
        "message": str,
        "branch": str,
        "sha": NotRequired[str],
    },
)
GithubSearchRepositoriesArgs = TypedDict(
    "GithubSearchRepositoriesArgs",
    {
        "query": str,
        "page": NotRequired[float],
        "perPage": NotRequired[float],
    },
)
GithubCreateRepositoryArgs = TypedDict(
    "GithubCreateRepositoryArgs",
    {
        "name": str,
        "description": NotRequired[str],
        "private": NotRequired[bool],
        "autoInit": NotRequired[bool],
    },
)
GithubGetFileContentsArgs = TypedDict(
    "GithubGetFileContentsArgs",
    {
        "owner": str,
        "repo": str,
        "path": str,
        "branch": NotRequired[str],
    },
)
_GithubPushFilesArgs_FilesItem = TypedDict(
    "_GithubPushFilesArgs_FilesItem",
    {
        "path": str,
        "content": str,
    },
)
GithubPushFilesArgs = TypedDict(
    "GithubPushFilesArgs",
    {
        "owner": str,
        "repo": str,
        "branch": str,
        "files": list[_GithubPushFilesArgs_FilesItem],
        "message": str,
    },
)
GithubCreateIssueArgs = TypedDict(
    "GithubCreateIssueArgs",
    {
        "owner": str,
        "repo": str,
        "title": str,
        "body": NotRequired[str],
        "assignees": NotRequired[list[str]],
        "milestone": NotRequired[float],
        "labels": NotRequired[list[str]],
    },
)
GithubCreatePullRequestArgs = TypedDict(
    "GithubCreatePullRequestArgs",
    {
        "owner": str,
        "repo": str,
        "title": str,
        "body": NotRequired[str],
        "head": str,
        "base": str,
        "draft": NotRequired[bool],
        "maintainer_can_modify": NotRequired[bool],
    },
)
GithubForkRepositoryArgs = TypedDict(
    "GithubForkRepositoryArgs",
    {
        "owner": str,
        "repo": str,
        "organization": NotRequired[str],
    },
)
GithubCreateBranchArgs = TypedDict(
    "GithubCreateBranchArgs",
    {
        "owner": str,
        "repo": str,
        "branch": str,
        "from_branch": NotRequired[str],
    },
)
GithubListCommitsArgs = TypedDict(
    "GithubListCommitsArgs",
    {
        "owner": str,
        "repo": str,
        "sha": NotRequired[str],
        "page": NotRequired[float],
        "perPage": NotRequired[float],
    },
)
GithubListIssuesArgs = TypedDict(
    "GithubListIssuesArgs",
    {
        "owner": str,
        "repo": str,
        "direction": NotRequired[Literal["asc", "desc"]],
        "labels": NotRequired[list[str]],
        "page": NotRequired[float],
        "per_page": NotRequired[float],
        "since": NotRequired[str],
        "sort": NotRequired[Literal["created", "updated", "comments"]],
        "state": NotRequired[Literal["open", "closed", "all"]],
    },
)
GithubUpdateIssueArgs = TypedDict(
    "GithubUpdateIssueArgs",
    {
        "owner": str,
        "repo": str,
        "issue_number": float,
        "title": NotRequired[str],
        "body": NotRequired[str],
        "assignees": NotRequired[list[str]],
        "milestone": NotRequired[float],
        "labels": NotRequired[list[str]],
        "state": NotRequired[Literal["open", "closed"]],
    },
)
GithubAddIssueCommentArgs = TypedDict(
    "GithubAddIssueCommentArgs",
    {
        "owner": str,
        "repo": str,
        "issue_number": float,
        "body": str,
    },
)
GithubSearchCodeArgs = TypedDict(
    "GithubSearchCodeArgs",
    {
        "q": str,
        "order": NotRequired[Literal["asc", "desc"]],
        "page": NotRequired[float],
        "per_page": NotRequired[float],
    },
)
GithubSearchIssuesArgs = TypedDict(
    "GithubSearchIssuesArgs",
    {
        "q": str,
        "order": NotRequired[Literal["asc", "desc"]],
        "page": NotRequired[float],
        "per_page": NotRequired[float],
        "sort": NotRequired[str],
    },
)
GithubSearchUsersArgs = TypedDict(
    "GithubSearchUsersArgs",
    {
        "q": str,
        "order": NotRequired[Literal["asc", "desc"]],
        "page": NotRequired[float],
        "per_page": NotRequired[float],
        "sort": NotRequired[Literal["followers", "repositories", "joined"]],
    },
)
GithubGetIssueArgs = TypedDict(
    "GithubGetIssueArgs",
    {
        "owner": str,
        "repo": str,
        "issue_number": float,
    },
)
GithubGetPullRequestArgs = TypedDict(
    "GithubGetPullRequestArgs",
    {
        "owner": str,
        "repo": str,
        "pull_number": float,
    },
)
GithubListPullRequestsArgs = TypedDict(
    "GithubListPullRequestsArgs",
    {
        "owner": str,
        "repo": str,
        "state": NotRequired[Literal["open", "closed", "all"]],
        "head": NotRequired[str],
        "base": NotRequired[str],
        "sort": NotRequired[str],
        "direction": NotRequired[Literal["asc", "desc"]],
        "per_page": NotRequired[float],
        "page": NotRequired[float],
    },
)
GithubCreatePullRequestReviewArgs = TypedDict(
    "GithubCreatePullRequestReviewArgs",
    {
        "owner": str,
        "repo": str,
        "pull_number": float,
        "commit_id": NotRequired[str],
        "body": str,
        "event": Literal["APPROVE", "REQUEST_CHANGES", "COMMENT"],
        "comments": NotRequired[list[dict[str, object]]],
    },
)
GithubMergePullRequestArgs = TypedDict(
    "GithubMergePullRequestArgs",
    {
        "owner": str,
        "repo": str,
        "pull_number": float,
        "commit_title": NotRequired[str],
        "commit_message": NotRequired[str],
        "merge_method": NotRequired[Literal["merge", "squash", "rebase"]],
    },
)
GithubGetPullRequestFilesArgs = TypedDict(
    "GithubGetPullRequestFilesArgs",
    {
        "owner": str,
        "repo": str,
        "pull_number": float,
    },
)
GithubGetPullRequestStatusArgs = TypedDict(
    "GithubGetPullRequestStatusArgs",
    {
        "owner": str,
        "repo": str,
        "pull_number": float,
    },
)
GithubUpdatePullRequestBranchArgs = TypedDict(
    "GithubUpdatePullRequestBranchArgs",
    {
        "owner": str,
        "repo": str,
        "pull_number": float,
        "expected_head_sha": NotRequired[str],
    },
)
GithubGetPullRequestCommentsArgs = TypedDict(
    "GithubGetPullRequestCommentsArgs",
    {
        "owner": str,
        "repo": str,
        "pull_number": float,
    },
)
GithubGetPullRequestReviewsArgs = TypedDict(
    "GithubGetPullRequestReviewsArgs",
    {
        "owner": str,
        "repo": str,
        "pull_number": float,
    },
)
KubernetesCleanupArgs = TypedDict(
    "KubernetesCleanupArgs",
    {},
)
KubernetesKubectlGetArgs = TypedDict(
    "KubernetesKubectlGetArgs",
    {
        "resourceType": str,
        "name": NotRequired[str],
        "namespace": NotRequired[str],
        "output": NotRequired[Literal["json", "yaml", "wide", "name", "custom"]],
        "allNamespaces": NotRequired[bool],
        "labelSelector": NotRequired[str],
        "fieldSelector": NotRequired[str],
        "sortBy": NotRequired[str],
        "context": NotRequired[str],
    },
)
KubernetesKubectlDescribeArgs = TypedDict(
    "KubernetesKubectlDescribeArgs",
    {
        "resourceType": str,
        "name": str,
        "namespace": NotRequired[str],
        "context": NotRequired[str],
        "allNamespaces": NotRequired[bool],
    },
)
KubernetesKubectlApplyArgs = TypedDict(
    "KubernetesKubectlApplyArgs",
    {
        "manifest": NotRequired[str],
        "filename": NotRequired[str],
        "namespace": NotRequired[str],
        "dryRun": NotRequired[bool],
        "force": NotRequired[bool],
        "context": NotRequired[str],
    },
)
KubernetesKubectlDeleteArgs = TypedDict(
    "KubernetesKubectlDeleteArgs",
    {
        "resourceType": NotRequired[str],
        "name": NotRequired[str],
        "namespace": NotRequired[str],
        "labelSelector": NotRequired[str],
        "manifest": NotRequired[str],
        "filename": NotRequired[str],
        "allNamespaces": NotRequired[bool],
        "force": NotRequired[bool],
        "gracePeriodSeconds": NotRequired[float],
        "context": NotRequired[str],
    },
)
KubernetesKubectlCreateArgs = TypedDict(
    "KubernetesKubectlCreateArgs",
    {
        "dryRun": NotRequired[bool],
        "output": NotRequired[str],
        "validate": NotRequired[bool],
        "manifest": NotRequired[str],
        "filename": NotRequired[str],
        "resourceType": NotRequired[str],
        "name": NotRequired[str],
        "namespace": NotRequired[str],
        "fromLiteral": NotRequired[list[str]],
        "fromFile": NotRequired[list[str]],
        "fromFileContent": NotRequired[list[dict[str, object]]],
        "secretType": NotRequired[Literal["generic", "docker-registry", "tls"]],
        "serviceType": NotRequired[str],
        "tcpPort": NotRequired[list[str]],
        "image": NotRequired[str],
        "replicas": NotRequired[float],
        "port": NotRequired[float],
        "schedule": NotRequired[str],
        "suspend": NotRequired[bool],
        "command": NotRequired[list[str]],
        "labels": NotRequired[list[str]],
        "annotations": NotRequired[list[str]],
        "context": NotRequired[str],
    },
)
KubernetesKubectlLogsArgs = TypedDict(
    "KubernetesKubectlLogsArgs",
    {
        "resourceType": Literal["pod", "deployment", "job", "cronjob"],
        "name": str,
        "namespace": str,
        "container": NotRequired[str],
        "tail": NotRequired[float],
        "since": NotRequired[str],
        "sinceTime": NotRequired[str],
        "timestamps": NotRequired[bool],
        "previous": NotRequired[bool],
        "follow": NotRequired[bool],
        "labelSelector": NotRequired[str],
        "context": NotRequired[str],
    },
)
KubernetesKubectlScaleArgs = TypedDict(
    "KubernetesKubectlScaleArgs",
    {
        "name": str,
        "namespace": NotRequired[str],
        "replicas": float,
        "resourceType": NotRequired[str],
        "context": NotRequired[str],
    },
)
KubernetesKubectlPatchArgs = TypedDict(
    "KubernetesKubectlPatchArgs",
    {
        "resourceType": str,
        "name": str,
        "namespace": NotRequired[str],
        "patchType": NotRequired[Literal["strategic", "merge", "json"]],
        "patchData": NotRequired[dict[str, object]],
        "patchFile": NotRequired[str],
        "dryRun": NotRequired[bool],
        "context": NotRequired[str],
    },
)
KubernetesKubectlRolloutArgs = TypedDict(
    "KubernetesKubectlRolloutArgs",
    {
        "subCommand": str,
        "resourceType": Literal["deployment", "daemonset", "statefulset"],
        "name": str,
        "namespace": str,
        "revision": NotRequired[float],
        "toRevision": NotRequired[float],
        "timeout": NotRequired[str],
        "watch": NotRequired[bool],
        "context": NotRequired[str],
    },
)
KubernetesKubectlContextArgs = TypedDict(
    "KubernetesKubectlContextArgs",
    {
        "operation": Literal["list", "get", "set"],
        "name": NotRequired[str],
        "showCurrent": NotRequired[bool],
        "detailed": NotRequired[bool],
        "output": NotRequired[Literal["json", "yaml", "name", "custom"]],
    },
)
KubernetesKubectlReconnectArgs = TypedDict(
    "KubernetesKubectlReconnectArgs",
    {},
)
KubernetesExplainResourceArgs = TypedDict(
    "KubernetesExplainResourceArgs",
    {
        "resource": str,
        "apiVersion": NotRequired[str],
        "recursive": NotRequired[bool],
        "context": NotRequired[str],
        "output": NotRequired[Literal["plaintext", "plaintext-openapiv2"]],
    },
)
KubernetesInstallHelmChartArgs = TypedDict(
    "KubernetesInstallHelmChartArgs",
    {
        "name": str,
        "chart": str,
        "namespace": str,
        "context": NotRequired[str],
        "repo": NotRequired[str],
        "values": NotRequired[dict[str, object]],
        "valuesFile": NotRequired[str],
        "useTemplate": NotRequired[bool],
        "createNamespace": NotRequired[bool],
    },
)
KubernetesUpgradeHelmChartArgs = TypedDict(
    "KubernetesUpgradeHelmChartArgs",
    {
        "name": str,
        "chart": str,
        "namespace": str,
        "context": NotRequired[str],
        "repo": NotRequired[str],
        "values": NotRequired[dict[str, object]],
        "valuesFile": NotRequired[str],
    },
)
KubernetesUninstallHelmChartArgs = TypedDict(
    "KubernetesUninstallHelmChartArgs",
    {
        "name": str,
        "namespace": str,
        "context": NotRequired[str],
    },
)
KubernetesNodeManagementArgs = TypedDict(
    "KubernetesNodeManagementArgs",
    {
        "operation": Literal["cordon", "drain", "uncordon"],
        "nodeName": NotRequired[str],
        "force": NotRequired[bool],
        "gracePeriod": NotRequired[float],
        "deleteLocalData": NotRequired[bool],
        "ignoreDaemonsets": NotRequired[bool],
        "timeout": NotRequired[str],
        "dryRun": NotRequired[bool],
        "confirmDrain": NotRequired[bool],
    },
)
KubernetesPortForwardArgs = TypedDict(
    "KubernetesPortForwardArgs",
    {
        "resourceType": str,
        "resourceName": str,
        "localPort": float,
        "targetPort": float,
        "namespace": NotRequired[str],
    },
)
KubernetesStopPortForwardArgs = TypedDict(
    "KubernetesStopPortForwardArgs",
    {
        "id": str,
    },
)
KubernetesExecInPodArgs = TypedDict(
    "KubernetesExecInPodArgs",
    {
        "name": str,
        "namespace": NotRequired[str],
        "command": list[str],
        "container": NotRequired[str],
        "timeout": NotRequired[float],
        "context": NotRequired[str],
    },
)
KubernetesListApiResourcesArgs = TypedDict(
    "KubernetesListApiResourcesArgs",
    {
        "apiGroup": NotRequired[str],
        "namespaced": NotRequired[bool],
        "context": NotRequired[str],
        "verbs": NotRequired[list[str]],
        "output": NotRequired[Literal["wide", "name", "no-headers"]],
    },
)
KubernetesKubectlGenericArgs = TypedDict(
    "KubernetesKubectlGenericArgs",
    {
        "command": str,
        "subCommand": NotRequired[str],
        "resourceType": NotRequired[str],
        "name": NotRequired[str],
        "namespace": NotRequired[str],
        "allNamespaces": NotRequired[bool],
        "outputFormat": NotRequired[Literal["json", "yaml", "wide", "name", "custom"]],
        "flags": NotRequired[dict[str, object]],
        "args": NotRequired[list[str]],
        "context": NotRequired[str],
    },
)
KubernetesPingArgs = TypedDict(
    "KubernetesPingArgs",
    {},
)
_MemoryCreateEntitiesArgs_EntitiesItem = TypedDict(
    "_MemoryCreateEntitiesArgs_EntitiesItem",
    {
        "name": str,
        "entityType": str,
        "observations": list[str],
    },
)
MemoryCreateEntitiesArgs = TypedDict(
    "MemoryCreateEntitiesArgs",
    {
        "entities": list[_MemoryCreateEntitiesArgs_EntitiesItem],
    },
)
_MemoryCreateRelationsArgs_RelationsItem = TypedDict(
    "_MemoryCreateRelationsArgs_RelationsItem",
    {
        "from": str,
        "to": str,
        "relationType": str,
    },
)
MemoryCreateRelationsArgs = TypedDict(
    "MemoryCreateRelationsArgs",
    {
        "relations": list[_MemoryCreateRelationsArgs_RelationsItem],
    },
)
_MemoryAddObservationsArgs_ObservationsItem = TypedDict(
    "_MemoryAddObservationsArgs_ObservationsItem",
    {
        "entityName": str,
        "contents": list[str],
    },
)
MemoryAddObservationsArgs = TypedDict(
    "MemoryAddObservationsArgs",
    {
        "observations": list[_MemoryAddObservationsArgs_ObservationsItem],
    },
)
MemoryDeleteEntitiesArgs = TypedDict(
    "MemoryDeleteEntitiesArgs",
    {
        "entityNames": list[str],
    },
)
_MemoryDeleteObservationsArgs_DeletionsItem = TypedDict(
    "_MemoryDeleteObservationsArgs_DeletionsItem",
    {
        "entityName": str,
        "observations": list[str],
    },
)
MemoryDeleteObservationsArgs = TypedDict(
    "MemoryDeleteObservationsArgs",
    {
        "deletions": list[_MemoryDeleteObservationsArgs_DeletionsItem],
    },
)
_MemoryDeleteRelationsArgs_RelationsItem = TypedDict(
    "_MemoryDeleteRelationsArgs_RelationsItem",
    {
        "from": str,
        "to": str,
        "relationType": str,
    },
)
MemoryDeleteRelationsArgs = TypedDict(
    "MemoryDeleteRelationsArgs",
    {
        "relations": list[_MemoryDeleteRelationsArgs_RelationsItem],
    },
)
MemoryReadGraphArgs = TypedDict(
    "MemoryReadGraphArgs",
    {},
)
MemorySearchNodesArgs = TypedDict(
    "MemorySearchNodesArgs",
    {
        "query": str,
    },
)
MemoryOpenNodesArgs = TypedDict(
    "MemoryOpenNodesArgs",
    {
        "names": list[str],
    },
)
NotionAPIGetUserArgs = TypedDict(
    "NotionAPIGetUserArgs",
    {
        "user_id": str,
    },
)
NotionAPIGetUsersArgs = TypedDict(
    "NotionAPIGetUsersArgs",
    {
        "start_cursor": NotRequired[str],
        "page_size": NotRequired[int],
    },
)
NotionAPIGetSelfArgs = TypedDict(
    "NotionAPIGetSelfArgs",
    {},
)
_NotionAPIPostSearchArgs_Sort = TypedDict(
    "_NotionAPIPostSearchArgs_Sort",
    {
        "direction": NotRequired[str],
        "timestamp": NotRequired[str],
    },
)
_NotionAPIPostSearchArgs_Filter = TypedDict(
    "_NotionAPIPostSearchArgs_Filter",
    {
        "value": NotRequired[Literal["page", "data_source"]],
        "property": NotRequired[str],
    },
)
NotionAPIPostSearchArgs = TypedDict(
    "NotionAPIPostSearchArgs",
    {
        "query": NotRequired[str],
        "sort": NotRequired[_NotionAPIPostSearchArgs_Sort | str],
        "filter": NotRequired[_NotionAPIPostSearchArgs_Filter | str],
        "start_cursor": NotRequired[str],
        "page_size": NotRequired[int],
    },
)
NotionAPIGetBlockChildrenArgs = TypedDict(
    "NotionAPIGetBlockChildrenArgs",
    {
        "block_id": str,
        "start_cursor": NotRequired[str],
        "page_size": NotRequired[int],
    },
)
NotionAPIPatchBlockChildrenArgs = TypedDict(
    "NotionAPIPatchBlockChildrenArgs",
    {
        "block_id": str,
        "children": list[dict[str, object] | str],
        "after": NotRequired[str],
    },
)
NotionAPIRetrieveABlockArgs = TypedDict(
    "NotionAPIRetrieveABlockArgs",
    {
        "block_id": str,
    },
)
NotionAPIUpdateABlockArgs = TypedDict(
    "NotionAPIUpdateABlockArgs",
    {
        "block_id": str,
        "type": NotRequired[dict[str, object] | str],
        "archived": NotRequired[bool],
    },
)
NotionAPIDeleteABlockArgs = TypedDict(
    "NotionAPIDeleteABlockArgs",
    {
        "block_id": str,
    },
)
NotionAPIRetrieveAPageArgs = TypedDict(
    "NotionAPIRetrieveAPageArgs",
    {
        "page_id": str,
        "filter_properties": NotRequired[str],
    },
)
_NotionAPIPatchPageArgs_Icon = TypedDict(
    "_NotionAPIPatchPageArgs_Icon",
    {
        "emoji": str,
    },
)
_NotionAPIPatchPageArgs_External = TypedDict(
    "_NotionAPIPatchPageArgs_External",
    {
        "url": str,
    },
)
_NotionAPIPatchPageArgs_Cover = TypedDict(
    "_NotionAPIPatchPageArgs_Cover",
    {
        "external": _NotionAPIPatchPageArgs_External,
        "type": NotRequired[Literal["external"]],
    },
)
NotionAPIPatchPageArgs = TypedDict(
    "NotionAPIPatchPageArgs",
    {
        "page_id": str,
        "properties": NotRequired[dict[str, object] | str],
        "in_trash": NotRequired[bool],
        "archived": NotRequired[bool],
        "icon": NotRequired[_NotionAPIPatchPageArgs_Icon | str],
        "cover": NotRequired[_NotionAPIPatchPageArgs_Cover | str],
    },
)
NotionAPIPostPageArgs = TypedDict(
    "NotionAPIPostPageArgs",
    {
        "parent": object,
        "properties": dict[str, object] | str,
        "children": NotRequired[list[str | dict[str, object]]],
        "icon": NotRequired[str],
        "cover": NotRequired[str],
    },
)
NotionAPIRetrieveAPagePropertyArgs = TypedDict(
    "NotionAPIRetrieveAPagePropertyArgs",
    {
        "page_id": str,
        "property_id": str,
        "page_size": NotRequired[int],
        "start_cursor": NotRequired[str],
    },
)
NotionAPIRetrieveACommentArgs = TypedDict(
    "NotionAPIRetrieveACommentArgs",
    {
        "block_id": str,
        "start_cursor": NotRequired[str],
        "page_size": NotRequired[int],
    },
)
_NotionAPICreateACommentArgs_Parent = TypedDict(
    "_NotionAPICreateACommentArgs_Parent",
    {
        "page_id": str,
    },
)
NotionAPICreateACommentArgs = TypedDict(
    "NotionAPICreateACommentArgs",
    {
        "parent": _NotionAPICreateACommentArgs_Parent | str,
        "rich_text": list[dict[str, object] | str],
    },
)
NotionAPIQueryDataSourceArgs = TypedDict(
    "NotionAPIQueryDataSourceArgs",
    {
        "data_source_id": str,
        "filter_properties": NotRequired[list[str | dict[str, object]]],
        "filter": NotRequired[dict[str, object] | str],
        "sorts": NotRequired[list[dict[str, object] | str]],
        "start_cursor": NotRequired[str],
        "page_size": NotRequired[int],
        "archived": NotRequired[bool],
        "in_trash": NotRequired[bool],
    },
)
NotionAPIRetrieveADataSourceArgs = TypedDict(
    "NotionAPIRetrieveADataSourceArgs",
    {
        "data_source_id": str,
    },
)
NotionAPIUpdateADataSourceArgs = TypedDict(
    "NotionAPIUpdateADataSourceArgs",
    {
        "data_source_id": str,
        "title": NotRequired[list[dict[str, object] | str]],
        "description": NotRequired[list[dict[str, object] | str]],
        "properties": NotRequired[dict[str, object] | str],
    },
)
_NotionAPICreateADataSourceArgs_PageIdParentRequest = TypedDict(
    "_NotionAPICreateADataSourceArgs_PageIdParentRequest",
    {
        "page_id": str,
    },
)
NotionAPICreateADataSourceArgs = TypedDict(
    "NotionAPICreateADataSourceArgs",
    {
        "parent": _NotionAPICreateADataSourceArgs_PageIdParentRequest | str,
        "properties": dict[str, object] | str,
        "title": NotRequired[list[dict[str, object] | str]],
    },
)
NotionAPIListDataSourceTemplatesArgs = TypedDict(
    "NotionAPIListDataSourceTemplatesArgs",
    {
        "data_source_id": str,
        "start_cursor": NotRequired[str],
        "page_size": NotRequired[int],
    },
)
NotionAPIRetrieveADatabaseArgs = TypedDict(
    "NotionAPIRetrieveADatabaseArgs",
    {
        "database_id": str,
    },
)
NotionAPIMovePageArgs = TypedDict(
    "NotionAPIMovePageArgs",
    {
        "page_id": str,
        "parent": object,
    },
)
NotionAPIRetrievePageMarkdownArgs = TypedDict(
    "NotionAPIRetrievePageMarkdownArgs",
    {
        "page_id": str,
        "include_transcript": NotRequired[bool],
    },
)
NotionAPIUpdatePageMarkdownArgs = TypedDict(
    "NotionAPIUpdatePageMarkdownArgs",
    {
        "page_id": str,
        "type": str,
        "replace_content": NotRequired[dict[str, object] | str],
        "update_content": NotRequired[dict[str, object] | str],
        "insert_content": NotRequired[dict[str, object] | str],
        "replace_content_range": NotRequired[dict[str, object] | str],
    },
)
PlaywrightBrowserCloseArgs = TypedDict(
    "PlaywrightBrowserCloseArgs",
    {},
)
PlaywrightBrowserResizeArgs = TypedDict(
    "PlaywrightBrowserResizeArgs",
    {
        "width": float,
        "height": float,
    },
)
PlaywrightBrowserConsoleMessagesArgs = TypedDict(
    "PlaywrightBrowserConsoleMessagesArgs",
    {
        "level": Literal["error", "warning", "info", "debug"],
        "all": NotRequired[bool],
        "filename": NotRequired[str],
    },
)
PlaywrightBrowserHandleDialogArgs = TypedDict(
    "PlaywrightBrowserHandleDialogArgs",
    {
        "accept": bool,
        "promptText": NotRequired[str],
    },
)
PlaywrightBrowserEmulateMediaArgs = TypedDict(
    "PlaywrightBrowserEmulateMediaArgs",
    {
        "colorScheme": Literal["light", "dark"] | None,
        "reducedMotion": Literal["reduce", "no-preference"] | None,
        "forcedColors": Literal["active", "none"] | None,
        "contrast": Literal["more", "no-preference"] | None,
        "media": Literal["screen", "print"] | None,
    },
)
PlaywrightBrowserEvaluateArgs = TypedDict(
    "PlaywrightBrowserEvaluateArgs",
    {
        "element": NotRequired[str],
        "target": NotRequired[str],
        "function": str,
        "filename": NotRequired[str],
    },
)
PlaywrightBrowserFileUploadArgs = TypedDict(
    "PlaywrightBrowserFileUploadArgs",
    {
        "paths": NotRequired[list[str]],
    },
)
PlaywrightBrowserDropArgs = TypedDict(
    "PlaywrightBrowserDropArgs",
    {
        "element": NotRequired[str],
        "target": str,
        "paths": NotRequired[list[str]],
        "data": NotRequired[dict[str, object]],
    },
)
PlaywrightBrowserFindArgs = TypedDict(
    "PlaywrightBrowserFindArgs",
    {
        "text": NotRequired[str],
        "regex": NotRequired[str],
        "filename": NotRequired[str],
    },
)
_PlaywrightBrowserFillFormArgs_FieldsItem = TypedDict(
    "_PlaywrightBrowserFillFormArgs_FieldsItem",
    {
        "element": NotRequired[str],
        "target": str,
        "name": str,
        "type": Literal["textbox", "checkbox", "radio", "combobox", "slider"],
        "value": str,
    },
)
PlaywrightBrowserFillFormArgs = TypedDict(
    "PlaywrightBrowserFillFormArgs",
    {
        "fields": list[_PlaywrightBrowserFillFormArgs_FieldsItem],
    },
)
PlaywrightBrowserPressKeyArgs = TypedDict(
    "PlaywrightBrowserPressKeyArgs",
    {
        "key": str,
    },
)
PlaywrightBrowserTypeArgs = TypedDict(
    "PlaywrightBrowserTypeArgs",
    {
        "element": NotRequired[str],
        "target": str,
        "text": str,
        "submit": NotRequired[bool],
        "slowly": NotRequired[bool],
    },
)
PlaywrightBrowserNavigateArgs = TypedDict(
    "PlaywrightBrowserNavigateArgs",
    {
        "url": str,
    },
)
PlaywrightBrowserNavigateBackArgs = TypedDict(
    "PlaywrightBrowserNavigateBackArgs",
    {},
)
PlaywrightBrowserNetworkRequestsArgs = TypedDict(
    "PlaywrightBrowserNetworkRequestsArgs",
    {
        "static": bool,
        "filter": NotRequired[str],
        "filename": NotRequired[str],
    },
)
PlaywrightBrowserNetworkRequestArgs = TypedDict(
    "PlaywrightBrowserNetworkRequestArgs",
    {
        "index": int,
        "part": NotRequired[str],
        "filename": NotRequired[str],
    },
)
PlaywrightBrowserRunCodeUnsafeArgs = TypedDict(
    "PlaywrightBrowserRunCodeUnsafeArgs",
    {
        "code": NotRequired[str],
        "filename": NotRequired[str],
    },
)
PlaywrightBrowserTakeScreenshotArgs = TypedDict(
    "PlaywrightBrowserTakeScreenshotArgs",
    {
        "element": NotRequired[str],
        "target": NotRequired[str],
        "type": NotRequired[Literal["png", "jpeg", "webp"]],
        "filename": NotRequired[str],
        "fullPage": NotRequired[bool],
        "scale": Literal["css", "device"],
    },
)
PlaywrightBrowserSnapshotArgs = TypedDict(
    "PlaywrightBrowserSnapshotArgs",
    {
        "target": NotRequired[str],
        "filename": NotRequired[str],
        "depth": NotRequired[float],
        "boxes": NotRequired[bool],
    },
)
PlaywrightBrowserClickArgs = TypedDict(
    "PlaywrightBrowserClickArgs",
    {
        "element": NotRequired[str],
        "target": str,
        "doubleClick": NotRequired[bool],
        "button": NotRequired[Literal["left", "right", "middle"]],
        "modifiers": NotRequired[list[str]],
    },
)
PlaywrightBrowserDragArgs = TypedDict(
    "PlaywrightBrowserDragArgs",
    {
        "startElement": NotRequired[str],
        "startTarget": str,
        "endElement": NotRequired[str],
        "endTarget": str,
    },
)
PlaywrightBrowserHoverArgs = TypedDict(
    "PlaywrightBrowserHoverArgs",
    {
        "element": NotRequired[str],
        "target": str,
    },
)
PlaywrightBrowserSelectOptionArgs = TypedDict(
    "PlaywrightBrowserSelectOptionArgs",
    {
        "element": NotRequired[str],
        "target": str,
        "values": list[str],
    },
)
PlaywrightBrowserTabsArgs = TypedDict(
    "PlaywrightBrowserTabsArgs",
    {
        "action": Literal["list", "new", "close", "select"],
        "index": NotRequired[float],
        "url": NotRequired[str],
    },
)
PlaywrightBrowserWaitForArgs = TypedDict(
    "PlaywrightBrowserWaitForArgs",
    {
        "time": NotRequired[float],
        "text": NotRequired[str],
        "textGone": NotRequired[str],
    },
)
SequentialThinkingSequentialthinkingArgs = TypedDict(
    "SequentialThinkingSequentialthinkingArgs",
    {
        "thought": str,
        "nextThoughtNeeded": bool | str,
        "thoughtNumber": int,
        "totalThoughts": int,
        "isRevision": NotRequired[bool | str],
        "revisesThought": NotRequired[int],
        "branchFromThought": NotRequired[int],
        "branchId": NotRequired[str],
        "needsMoreThoughts": NotRequired[bool | str],
    },
)
TavilyTavilySearchArgs = TypedDict(
    "TavilyTavilySearchArgs",
    {
        "query": str,
        "search_depth": NotRequired[Literal["basic", "advanced", "fast", "ultra-fast"]],
        "topic": NotRequired[Literal["general"]],
        "time_range": NotRequired[Literal["day", "week", "month", "year"]],
        "start_date": NotRequired[str],
        "end_date": NotRequired[str],
        "max_results": NotRequired[float],
        "include_images": NotRequired[bool],
        "include_image_descriptions": NotRequired[bool],
        "include_raw_content": NotRequired[bool],
        "include_domains": NotRequired[list[str]],
        "exclude_domains": NotRequired[list[str]],
        "country": NotRequired[str],
        "include_favicon": NotRequired[bool],
        "exact_match": NotRequired[bool],
    },
)
TavilyTavilyExtractArgs = TypedDict(
    "TavilyTavilyExtractArgs",
    {
        "urls": list[str],
        "extract_depth": NotRequired[Literal["basic", "advanced"]],
        "include_images": NotRequired[bool],
        "format": NotRequired[Literal["markdown", "text"]],
        "include_favicon": NotRequired[bool],
        "query": NotRequired[str],
    },
)
TavilyTavilyCrawlArgs = TypedDict(
    "TavilyTavilyCrawlArgs",
    {
        "url": str,
        "max_depth": NotRequired[int],
        "max_breadth": NotRequired[int],
        "limit": NotRequired[int],
        "instructions": NotRequired[str],
        "select_paths": NotRequired[list[str]],
        "select_domains": NotRequired[list[str]],
        "allow_external": NotRequired[bool],
        "extract_depth": NotRequired[Literal["basic", "advanced"]],
        "format": NotRequired[Literal["markdown", "text"]],
        "include_favicon": NotRequired[bool],
    },
)
TavilyTavilyMapArgs = TypedDict(
    "TavilyTavilyMapArgs",
    {
        "url": str,
        "max_depth": NotRequired[int],
        "max_breadth": NotRequired[int],
        "limit": NotRequired[int],
        "instructions": NotRequired[str],
        "select_paths": NotRequired[list[str]],
        "select_domains": NotRequired[list[str]],
        "allow_external": NotRequired[bool],
    },
)
TavilyTavilyResearchArgs = TypedDict(
    "TavilyTavilyResearchArgs",
    {
        "input": str,
        "model": NotRequired[Literal["mini", "pro", "auto"]],
    },
)
TimeGetCurrentTimeArgs = TypedDict(
    "TimeGetCurrentTimeArgs",
    {
        "timezone": str,
    },
)
TimeConvertTimeArgs = TypedDict(
    "TimeConvertTimeArgs",
    {
        "source_timezone": str,
        "time": str,
        "target_timezone": str,
    },
)
