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
