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
