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
