"""Types of the mcp2openai 0.4.0 toolset module beside this stub: the API its folder's
toolsets share, and one TypedDict per tool."""

from typing import TypedDict

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
