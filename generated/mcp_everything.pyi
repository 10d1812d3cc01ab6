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
