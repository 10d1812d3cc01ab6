"""Types of the mcp2openai 0.2.0 module beside this stub: its API and one TypedDict per tool."""

from typing import Literal, NotRequired, TypedDict

import asyncio
import json
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from typing import (
    Any,
    Generic,
    Literal,
    Protocol,
    Required,
    TypeGuard,
    TypeVar,
    TypedDict,
    overload,
    overload as _overload,
)
from typing_extensions import TypeVar as _TypeVar

_Callers = list[Literal["direct", "programmatic"]] | None

class FunctionDefinitionParam(TypedDict, total=False):
    name: Required[str]
    description: str
    parameters: dict[str, object]
    strict: bool | None

class ChatToolParam(TypedDict, total=False):
    function: Required[FunctionDefinitionParam]
    type: Required[Literal["function"]]

class ChatAllowedToolsParam(TypedDict, total=False):
    mode: Required[Literal["auto", "required"]]
    tools: Required[Iterable[dict[str, object]]]

class ChatAllowedToolChoiceParam(TypedDict, total=False):
    allowed_tools: Required[ChatAllowedToolsParam]
    type: Required[Literal["allowed_tools"]]

_Keywords = TypedDict("_Keywords", {"async": bool}, total=False)

class FunctionToolParam(_Keywords, total=False):
    name: Required[str]
    parameters: Required[dict[str, object] | None]
    strict: Required[bool | None]
    type: Required[Literal["function"]]
    allowed_callers: _Callers
    defer_loading: bool
    description: str | None
    output_schema: dict[str, object] | None

class NamespaceFunctionParam(_Keywords, total=False):
    name: Required[str]
    type: Required[Literal["function"]]
    allowed_callers: _Callers
    defer_loading: bool
    description: str | None
    output_schema: dict[str, object] | None
    parameters: object | None
    strict: bool | None

class _TextFormatParam(TypedDict, total=False):
    type: Required[Literal["text"]]

class _GrammarFormatParam(TypedDict, total=False):
    definition: Required[str]
    syntax: Required[Literal["lark", "regex"]]
    type: Required[Literal["grammar"]]

class _CustomToolParam(_Keywords, total=False):
    name: Required[str]
    type: Required[Literal["custom"]]
    allowed_callers: _Callers
    defer_loading: bool
    description: str
    format: _TextFormatParam | _GrammarFormatParam

class NamespaceToolParam(TypedDict, total=False):
    description: Required[str]
    name: Required[str]
    tools: Required[Iterable[NamespaceFunctionParam | _CustomToolParam]]
    type: Required[Literal["namespace"]]

class ToolSearchToolParam(TypedDict, total=False):
    type: Required[Literal["tool_search"]]
    description: str | None
    execution: Literal["server", "client"]
    parameters: object | None

ResponsesToolParam = FunctionToolParam | NamespaceToolParam | ToolSearchToolParam

class AllowedToolChoiceParam(TypedDict, total=False):
    mode: Required[Literal["auto", "required"]]
    tools: Required[Iterable[dict[str, object]]]
    type: Required[Literal["allowed_tools"]]

@overload
def tools(
    api: Literal["chat"],
    *,
    servers: Iterable[str] | None = None,
    names: Iterable[str] | None = None,
    namespaces: Literal[False] = False,
    defer: Literal[False] = False,
    search: None = None,
) -> list[ChatToolParam]: ...
@overload
def tools(
    api: Literal["responses"],
    *,
    servers: Iterable[str] | None = None,
    names: Iterable[str] | None = None,
    namespaces: Literal[False] = False,
    defer: Literal[False] = False,
    search: None = None,
) -> list[FunctionToolParam]: ...
@overload
def tools(
    api: Literal["responses"],
    *,
    servers: Iterable[str] | None = None,
    names: Iterable[str] | None = None,
    namespaces: bool = False,
    defer: bool = False,
    search: Literal["client"] | None = None,
) -> list[ResponsesToolParam]: ...
@overload
def tool_choice(
    names: Iterable[str],
    *,
    api: Literal["chat"],
    mode: Literal["auto", "required"] = "auto",
) -> ChatAllowedToolChoiceParam: ...
@overload
def tool_choice(
    names: Iterable[str],
    *,
    api: Literal["responses"],
    mode: Literal["auto", "required"] = "auto",
) -> AllowedToolChoiceParam: ...

class _CallerDirectParam(TypedDict, total=False):
    type: Required[Literal["direct"]]

class _CallerProgramParam(TypedDict, total=False):
    caller_id: Required[str]
    type: Required[Literal["program"]]

class FunctionCallOutputParam(TypedDict, total=False):
    output: Required[str | list[Any]]
    type: Required[Literal["function_call_output"]]
    id: str | None
    call_id: str | None
    caller: _CallerDirectParam | _CallerProgramParam | None
    name: str | None
    namespace: str | None
    status: Literal["in_progress", "completed", "incomplete"] | None

class CustomToolCallOutputParam(TypedDict, total=False):
    call_id: Required[str]
    output: Required[str | Iterable[Any]]
    type: Required[Literal["custom_tool_call_output"]]
    id: str
    caller: _CallerDirectParam | _CallerProgramParam | None

class ToolSearchOutputParam(TypedDict, total=False):
    tools: Required[Iterable[Any]]
    type: Required[Literal["tool_search_output"]]
    id: str | None
    call_id: str | None
    execution: Literal["server", "client"]
    status: Literal["in_progress", "completed", "incomplete"] | None

ResponsesRejectionParam = FunctionCallOutputParam | CustomToolCallOutputParam
ResponsesOutputParam = (
    FunctionCallOutputParam | CustomToolCallOutputParam | ToolSearchOutputParam
)

class ChatToolMessageParam(TypedDict, total=False):
    content: Required[str | Iterable[Any]]
    role: Required[Literal["tool"]]
    tool_call_id: Required[str]

class ChatUserMessageParam(TypedDict, total=False):
    content: Required[str | Iterable[Any]]
    role: Required[Literal["user"]]
    name: str

ChatOutputParam = ChatToolMessageParam | ChatUserMessageParam

@overload
def tool_output(
    call_id: str,
    outcome: object,
    *,
    api: Literal["responses"],
    caller: object = None,
    name: str | None = None,
    images: None = None,
    max_output_chars: int | None = 10485760,
) -> FunctionCallOutputParam: ...
@overload
def tool_output(
    call_id: str,
    outcome: object,
    *,
    api: Literal["chat"],
    caller: object = None,
    name: str | None = None,
    images: None = None,
    max_output_chars: int | None = 10485760,
) -> ChatToolMessageParam: ...
@overload
def tool_output(
    call_id: str,
    outcome: object,
    *,
    api: Literal["responses"],
    caller: object = None,
    name: str | None = None,
    images: Literal["message"],
    max_output_chars: int | None = 10485760,
) -> list[FunctionCallOutputParam]: ...
@overload
def tool_output(
    call_id: str,
    outcome: object,
    *,
    api: Literal["chat"],
    caller: object = None,
    name: str | None = None,
    images: Literal["message"],
    max_output_chars: int | None = 10485760,
) -> list[ChatOutputParam]: ...
@overload
def tool_output(
    call_id: str,
    outcome: object,
    *,
    api: str,
    caller: object = None,
    name: str | None = None,
    images: None = None,
    max_output_chars: int | None = 10485760,
) -> FunctionCallOutputParam | ChatToolMessageParam: ...
@overload
def tool_output(
    call_id: str,
    outcome: object,
    *,
    api: str,
    caller: object = None,
    name: str | None = None,
    images: Literal["message"],
    max_output_chars: int | None = 10485760,
) -> list[FunctionCallOutputParam | ChatOutputParam]: ...

class _ChatCompletion(Protocol):
    @property
    def choices(self) -> Sequence[object]: ...

class _Response(Protocol):
    @property
    def output(self) -> Sequence[object]: ...

_Rejection = _TypeVar(
    "_Rejection", default=ChatToolMessageParam | ResponsesRejectionParam
)

class ToolCalls(tuple[list[ToolCall], list[_Rejection]], Generic[_Rejection]):
    skipped: tuple[object, ...]

    @property
    def calls(self) -> list[ToolCall]: ...
    @property
    def rejected(self) -> list[_Rejection]: ...

@overload
def tool_calls(
    response: _ChatCompletion, *, api: Literal["chat"] | None = None
) -> ToolCalls[ChatToolMessageParam]: ...
@overload
def tool_calls(
    response: _Response, *, api: Literal["responses"] | None = None
) -> ToolCalls[ResponsesRejectionParam]: ...
@overload
def tool_calls(
    response: object, *, api: Literal["chat"]
) -> ToolCalls[ChatToolMessageParam]: ...
@overload
def tool_calls(
    response: object, *, api: Literal["responses"]
) -> ToolCalls[ResponsesRejectionParam]: ...
@overload
def tool_calls(
    response: object, *, api: str | None = None
) -> ToolCalls[ChatToolMessageParam | ResponsesRejectionParam]: ...

_ToolCaller = Callable[[str, str, dict[str, object]], Awaitable[object]]

@overload
async def execute_tool_calls(
    response: _ChatCompletion,
    call_tool: _ToolCaller,
    *,
    api: Literal["chat"] | None = None,
    timeout: float | None = None,
    parallel: bool = True,
    images: Literal["message"] | None = None,
    max_output_chars: int | None = 10485760,
) -> list[ChatOutputParam]: ...
@overload
async def execute_tool_calls(
    response: _Response,
    call_tool: _ToolCaller,
    *,
    api: Literal["responses"] | None = None,
    timeout: float | None = None,
    parallel: bool = True,
    images: Literal["message"] | None = None,
    max_output_chars: int | None = 10485760,
) -> list[ResponsesOutputParam]: ...
@overload
async def execute_tool_calls(
    response: object,
    call_tool: _ToolCaller,
    *,
    api: Literal["chat"],
    timeout: float | None = None,
    parallel: bool = True,
    images: Literal["message"] | None = None,
    max_output_chars: int | None = 10485760,
) -> list[ChatOutputParam]: ...
@overload
async def execute_tool_calls(
    response: object,
    call_tool: _ToolCaller,
    *,
    api: Literal["responses"],
    timeout: float | None = None,
    parallel: bool = True,
    images: Literal["message"] | None = None,
    max_output_chars: int | None = 10485760,
) -> list[ResponsesOutputParam]: ...
@overload
async def execute_tool_calls(
    response: object,
    call_tool: _ToolCaller,
    *,
    api: str | None = None,
    timeout: float | None = None,
    parallel: bool = True,
    images: str | None = None,
    max_output_chars: int | None = 10485760,
) -> list[ChatOutputParam | ResponsesOutputParam]: ...

_T = TypeVar("_T")
_Path = tuple[str | None, ...]
_Part = str | tuple[str, str, str, str | None]
_Split = Callable[[str], list[str]]
_Tokenizer = tuple[_Split, _Split, _Split, frozenset[str]]
__all__ = [
    "NAMES",
    "REPORT",
    "SERVERS",
    "Report",
    "ToolCall",
    "ToolCalls",
    "arguments",
    "connect",
    "execute_tool_calls",
    "tool_calls",
    "tool_output",
    "tool_search",
    "tools",
]
NAMES: dict[str, tuple[str, str]]
REPORT: Report
SERVERS: dict[str, dict[str, object] | None]

class ToolCall:
    call_id: str
    name: str
    server: str
    tool: str
    arguments: dict[str, object]
    namespace: str | None
    caller: dict[str, object] | None

    def __init__(
        self,
        call_id: str,
        name: str,
        server: str,
        tool: str,
        arguments: dict[str, object],
        namespace: str | None = None,
        caller: dict[str, object] | None = None,
    ) -> None: ...
    def __repr__(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...

class Report:
    fallbacks: tuple[dict[str, object], ...]
    excluded: tuple[dict[str, object], ...]
    renames: tuple[dict[str, object], ...]
    dropped: tuple[dict[str, object], ...]
    null_paths: dict[str, tuple[_Path, ...]]
    rewrites: tuple[dict[str, object], ...]

    def __init__(
        self,
        *,
        fallbacks: tuple[dict[str, object], ...] = (),
        excluded: tuple[dict[str, object], ...] = (),
        renames: tuple[dict[str, object], ...] = (),
        dropped: tuple[dict[str, object], ...] = (),
        null_paths: dict[str, tuple[_Path, ...]] | None = None,
        rewrites: tuple[dict[str, object], ...] = (),
    ) -> None: ...
    def __repr__(self) -> str: ...
    def as_dict(self) -> dict[str, object]: ...

def arguments(call: ToolCall, shape: type[_T]) -> _T: ...
def tool_search(query: str, *, limit: int = 8) -> list[dict[str, object]]: ...

class _CallTool(Protocol):
    """What ``connect()`` yields: ``call_tool`` for ``execute_tool_calls``."""

    @property
    def sessions(self) -> "dict[str, Any]": ...
    def __call__(
        self, server: str, tool: str, arguments: "dict[str, object]"
    ) -> "Awaitable[Any]": ...

class _Connecting(Protocol):
    async def __aenter__(self) -> _CallTool: ...
    async def __aexit__(self, *exc_info: object) -> None: ...

def connect(
    *,
    servers: Iterable[str] | Mapping[str, dict[str, object] | None] | None = None,
    env: Mapping[str, str] | None = None,
) -> _Connecting: ...

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
