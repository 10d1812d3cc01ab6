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
