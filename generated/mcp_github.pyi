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
