"""Types of the mcp2openai 0.4.0 toolset module beside this stub: the API its folder's
toolsets share, and one TypedDict per tool."""

from typing import NotRequired, TypedDict

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
