"""Types that every module's .pyi stub carries beside the API derived from the runtime.

An app passes what the module returns straight to the `openai` SDK, whose parameters are
TypedDicts: `mypy --strict` accepts a value there only if its own TypedDict has the same keys,
the same value types and the same required keys (docs/design.md, "Types in a stub"). So the
shapes are declared here, structurally equal to the SDK's, without importing it (the module
needs nothing installed, and neither does its stub). Their names end in `Param`, as the SDK's
do, and no tool's `<Tool>Args` name can clash with them.

A function defined here (with its overloads) replaces the signature derived from the runtime:
`generator/stub.py`. `tools()` and `tool_choice()` are overloaded by API, `tool_output()` by
`images` (a list of items with `images="message"`: templates/runtime/outputs.py declares the
same overloads for the runtime's own type checking). `tests/test_static_types.py` checks
them against the pinned SDK.
"""

from collections.abc import Iterable
from typing import Literal, Required, TypedDict, overload

_Callers = list[Literal["direct", "programmatic"]] | None

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
    names: Iterable[str], *, api: Literal["chat"], mode: Literal["auto", "required"] = "auto"
) -> ChatAllowedToolChoiceParam: ...
@overload
def tool_choice(
    names: Iterable[str],
    *,
    api: Literal["responses"],
    mode: Literal["auto", "required"] = "auto",
) -> AllowedToolChoiceParam: ...
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
) -> dict[str, object]: ...
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
) -> list[dict[str, object]]: ...
