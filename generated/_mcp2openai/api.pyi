"""The typed API of every toolset module of this folder, for type checkers only.

Each toolset's `.pyi` stub re-exports these names, so two toolsets share one set of types
(`a.ToolCall is b.ToolCall`); at run time nothing imports this file: the toolset module's
names are its `Toolset`'s methods and attributes, and the classes of `core.py`.

An app passes what a toolset returns straight to the `openai` SDK, whose parameters are
TypedDicts: `mypy --strict` accepts a value there only if its own TypedDict has the same keys,
the same value types and the same required keys (docs/design.md, "Types in a stub"). So the
shapes are declared here, structurally equal to the SDK's, without importing it (the module
needs nothing installed, and neither does its stub). Their names end in `Param`, as the SDK's
do, and no tool's `<Tool>Args` name can clash with them.

`tools()` and `tool_choice()` are overloaded by API, `tool_output()` by `api` and `images`
(a list of items with `images="message"`), `tool_calls()` and `execute_tool_calls()` by the
response's shape (`choices` or `output`) or `api`; `ToolCalls` is generic in what `rejected`
holds. The outputs' top-level keys are the SDK's, as they must be; their content lists (text,
image and file parts) and a tool_search_output's tools are typed `Any`: the module builds
them, the SDK's unions of parts and tools are large and grow often, and `Any` keeps an app's
types valid across those changes. The tests check every type here against the pinned SDK and
run mypy's stubtest against a built toolset module.
"""

from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from typing import (
    Any,
    Generic,
    Literal,
    Protocol,
    Required,
    TextIO,
    TypeAlias,
    TypedDict,
    TypeVar,
    overload,
)

# agents_tools() and pydantic_ai_toolset() are typed against the frameworks' own types; an app
# without a framework installed sees its names as Any (the ignores say so to mypy).
from agents import Tool as _Tool  # type: ignore[import-not-found, unused-ignore]
from pydantic_ai.toolsets import (  # type: ignore[import-not-found, unused-ignore]
    AbstractToolset as _AbstractToolset,
)

# typing_extensions for a TypeVar with a default (PEP 696) on Python 3.11: every type checker
# ships it, so nothing needs installing, and a stub is never imported at run time.
from typing_extensions import TypeVar as _TypeVar

from . import ContractError as ContractError
from . import Report as Report
from . import ServerError as ServerError
from . import ToolCall as ToolCall

_T = TypeVar("_T")

_Callers: TypeAlias = list[Literal["direct", "programmatic"]] | None

# Chat Completions: `tools=` (ChatCompletionFunctionToolParam) and `tool_choice=`.

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

# Responses: `tools=` (FunctionToolParam, NamespaceToolParam, ToolSearchToolParam) and
# `tool_choice=` (ToolChoiceAllowedParam).

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

ResponsesToolParam: TypeAlias = (
    FunctionToolParam | NamespaceToolParam | ToolSearchToolParam
)

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
    read_only: bool = False,
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
    read_only: bool = False,
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
    read_only: bool = False,
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

# What the module answers calls with: Responses input items (`input=`) and Chat message params
# (`messages=`).

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

ResponsesRejectionParam: TypeAlias = FunctionCallOutputParam | CustomToolCallOutputParam
ResponsesOutputParam: TypeAlias = (
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

ChatOutputParam: TypeAlias = ChatToolMessageParam | ChatUserMessageParam

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

# A response is told apart by its shape: a ChatCompletion has `choices`, a Response `output`.

class _ChatCompletion(Protocol):
    @property
    def choices(self) -> Sequence[object]: ...

class _Response(Protocol):
    @property
    def output(self) -> Sequence[object]: ...

# What `rejected` holds; a bare `ToolCalls` annotation means either API's.
_Rejection = _TypeVar(
    "_Rejection", default=ChatToolMessageParam | ResponsesRejectionParam
)

# The runtime's ToolCalls (objects.py), generic in what `rejected` holds.
class ToolCalls(tuple[list[ToolCall], list[_Rejection]], Generic[_Rejection]):
    skipped: tuple[object, ...]
    @property
    def calls(self) -> list[ToolCall]: ...
    @property
    def rejected(self) -> list[_Rejection]: ...

@overload
def tool_calls(
    response: _ChatCompletion,
    *,
    api: Literal["chat"] | None = None,
    tools: Iterable[object] | None = None,
) -> ToolCalls[ChatToolMessageParam]: ...
@overload
def tool_calls(
    response: _Response,
    *,
    api: Literal["responses"] | None = None,
    tools: Iterable[object] | None = None,
) -> ToolCalls[ResponsesRejectionParam]: ...
@overload
def tool_calls(
    response: object, *, api: Literal["chat"], tools: Iterable[object] | None = None
) -> ToolCalls[ChatToolMessageParam]: ...
@overload
def tool_calls(
    response: object,
    *,
    api: Literal["responses"],
    tools: Iterable[object] | None = None,
) -> ToolCalls[ResponsesRejectionParam]: ...
@overload
def tool_calls(
    response: object, *, api: str | None = None, tools: Iterable[object] | None = None
) -> ToolCalls[ChatToolMessageParam | ResponsesRejectionParam]: ...

_ToolCaller: TypeAlias = Callable[[str, str, dict[str, object]], Awaitable[object]]
# execute_tool_calls(approve=...): asked about a call, says whether it may run
_Approval: TypeAlias = Callable[[ToolCall], bool | Awaitable[bool]]
# execute_tool_calls(progress=...): (call, progress, total, message), for the app's UI
_Progress: TypeAlias = Callable[[ToolCall, float, float | None, str | None], object]

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
    tools: Iterable[object] | None = None,
    approve: _Approval | None = None,
    progress: bool | _Progress = False,
    max_time: float | None = None,
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
    tools: Iterable[object] | None = None,
    approve: _Approval | None = None,
    progress: bool | _Progress = False,
    max_time: float | None = None,
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
    tools: Iterable[object] | None = None,
    approve: _Approval | None = None,
    progress: bool | _Progress = False,
    max_time: float | None = None,
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
    tools: Iterable[object] | None = None,
    approve: _Approval | None = None,
    progress: bool | _Progress = False,
    max_time: float | None = None,
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
    tools: Iterable[object] | None = None,
    approve: _Approval | None = None,
    progress: bool | _Progress = False,
    max_time: float | None = None,
) -> list[ChatOutputParam | ResponsesOutputParam]: ...

# execute_tool_calls() from sync code: the same options and outputs

@overload
def execute_tool_calls_sync(
    response: _ChatCompletion,
    call_tool: _ToolCaller,
    *,
    api: Literal["chat"] | None = None,
    timeout: float | None = None,
    parallel: bool = True,
    images: Literal["message"] | None = None,
    max_output_chars: int | None = 10485760,
    tools: Iterable[object] | None = None,
    approve: _Approval | None = None,
    progress: bool | _Progress = False,
    max_time: float | None = None,
) -> list[ChatOutputParam]: ...
@overload
def execute_tool_calls_sync(
    response: _Response,
    call_tool: _ToolCaller,
    *,
    api: Literal["responses"] | None = None,
    timeout: float | None = None,
    parallel: bool = True,
    images: Literal["message"] | None = None,
    max_output_chars: int | None = 10485760,
    tools: Iterable[object] | None = None,
    approve: _Approval | None = None,
    progress: bool | _Progress = False,
    max_time: float | None = None,
) -> list[ResponsesOutputParam]: ...
@overload
def execute_tool_calls_sync(
    response: object,
    call_tool: _ToolCaller,
    *,
    api: Literal["chat"],
    timeout: float | None = None,
    parallel: bool = True,
    images: Literal["message"] | None = None,
    max_output_chars: int | None = 10485760,
    tools: Iterable[object] | None = None,
    approve: _Approval | None = None,
    progress: bool | _Progress = False,
    max_time: float | None = None,
) -> list[ChatOutputParam]: ...
@overload
def execute_tool_calls_sync(
    response: object,
    call_tool: _ToolCaller,
    *,
    api: Literal["responses"],
    timeout: float | None = None,
    parallel: bool = True,
    images: Literal["message"] | None = None,
    max_output_chars: int | None = 10485760,
    tools: Iterable[object] | None = None,
    approve: _Approval | None = None,
    progress: bool | _Progress = False,
    max_time: float | None = None,
) -> list[ResponsesOutputParam]: ...
@overload
def execute_tool_calls_sync(
    response: object,
    call_tool: _ToolCaller,
    *,
    api: str | None = None,
    timeout: float | None = None,
    parallel: bool = True,
    images: str | None = None,
    max_output_chars: int | None = 10485760,
    tools: Iterable[object] | None = None,
    approve: _Approval | None = None,
    progress: bool | _Progress = False,
    max_time: float | None = None,
) -> list[ChatOutputParam | ResponsesOutputParam]: ...

# What the toolset module also holds: its constants (read-only), arguments() and search.

# exposed name -> (server, MCP tool name), read-only
NAMES: Mapping[str, tuple[str, str]]
# every decision the build made, read-only
REPORT: Report
# server -> its recipe, as the config wrote it (read-only: its lists are tuples)
SERVERS: Mapping[str, Mapping[str, object] | None]

def arguments(call: ToolCall, shape: type[_T]) -> _T: ...
def tool_search(query: str, *, limit: int = 8) -> list[dict[str, object]]: ...

# connect(): what `async with connect() as call_tool:` (or `with`) gives.

class _CallTool(Protocol):
    @property
    def sessions(self) -> dict[str, Any]: ...
    def __call__(
        self, server: str, tool: str, arguments: dict[str, object]
    ) -> Awaitable[Any]: ...

# connect(elicit=...): (server, MCP tool, the mcp SDK's ElicitRequestFormParams or
# ElicitRequestURLParams) -> {"action": "accept", "content": {...}} | {"action": "decline"}
# | {"action": "cancel"} (or an ElicitResult), or an awaitable of it
_Elicit: TypeAlias = Callable[[str, str, Any], object]

class _Connecting(Protocol):
    async def __aenter__(self) -> _CallTool: ...
    async def __aexit__(self, *exc_info: object) -> None: ...
    def __enter__(self) -> _CallTool: ...
    def __exit__(self, *exc_info: object) -> None: ...

def connect(
    *,
    servers: Iterable[str] | Mapping[str, Mapping[str, object] | None] | None = None,
    env: Mapping[str, str] | None = None,
    stderr: TextIO | None = None,
    check: Literal["warn", "raise", "off"] = "warn",
    elicit: _Elicit | None = None,
    protocol: Literal["legacy", "auto"] = "auto",
    timeout: float | None = 30.0,
    auth: (
        Mapping[str, Any] | None
    ) = None,  # server -> httpx.Auth (httpx2.Auth for mcp 2.x)
) -> _Connecting: ...

# The agent frameworks (docs/frameworks.md): typed against their own types.

def agents_tools(
    call_tool: _ToolCaller,
    *,
    servers: Iterable[str] | None = None,
    names: Iterable[str] | None = None,
    read_only: bool = False,
    namespaces: bool = False,
    needs_approval: bool | Literal["policy"] = False,
) -> list[_Tool]: ...  # FunctionTools; list[Tool] as Agent(tools=...) takes
def pydantic_ai_toolset(
    call_tool: _ToolCaller,
    *,
    servers: Iterable[str] | None = None,
    names: Iterable[str] | None = None,
    read_only: bool = False,
    needs_approval: bool | Literal["policy"] = False,
) -> _AbstractToolset[Any]: ...
