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
