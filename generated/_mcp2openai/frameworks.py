# mypy: disable-error-code="import-not-found"
# (the mcp SDK, its HTTP client and the frameworks: an app type-checks without them)
"""The compiled tools inside the agent frameworks: ``agents_tools()`` (openai-agents
``FunctionTool``s) and ``pydantic_ai_toolset()`` (a pydantic-ai toolset).

Each imports its framework when it is called, never on import: the framework is the app's
dependency, not the module's. A framework gets the selected tools' definitions as
``tools("responses")`` makes them (strict where the build made them strict, a fallback
with its original schema and ``strict`` false); a call it makes is read by the parser
``tool_calls`` uses (``calls.checked_call``: nulls at null paths dropped, rewrites
decoded), run with ``call_tool(server, tool, arguments)`` as ``execute_tool_calls`` runs
it, and its result formatted by ``outputs`` as a Responses output, then given to the
framework in its own output types. docs/frameworks.md is the guide.
"""

from .calls import checked_call
from .clock import Clock
from .core import ToolCall
from .definitions import catalog, in_namespaces, tools
from .execute import awaited, called
from .offered import namespaced
from .outputs import output

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, Iterable
    from typing import Any

    from .core import Tables

    _CallTool = Callable[[str, str, dict[str, object]], Awaitable[object]]


def agents_tools(
    toolset: "Tables",
    call_tool: "_CallTool",
    servers: "Iterable[str] | None",
    names: "Iterable[str] | None",
    read_only: bool,
    namespaces: bool,
    needs_approval: "bool | str",
) -> "list[Any]":
    """``Toolset.agents_tools``: each tool's ``params_json_schema`` is the compiled schema,
    exactly."""
    try:
        from agents import FunctionTool, tool_namespace
    except ImportError:
        raise ImportError(_MISSING.format("openai-agents", "agents_tools")) from None
    if type(namespaces) is not bool:
        raise TypeError(f"namespaces must be True or False, not {namespaces!r}")
    selected = _selected(toolset, call_tool, servers, names, read_only, needs_approval)

    def function_tool(definition: "dict[str, Any]", exposed: str) -> "Any":
        # One FunctionTool; ``exposed``: the tool's flat name (its function's own name,
        # unless the function is named inside a namespace).
        async def invoke(context: "Any", arguments: str) -> object:
            # a call it rejects gets its ``Error:`` text, _agents_output keeps as it is
            _, content = await _run(toolset, call_tool, exposed, context, arguments)
            return _agents_output(content)

        schema: dict[str, object] = definition["parameters"]
        tool = FunctionTool(
            name=str(definition["name"]),
            description=str(definition.get("description") or ""),
            params_json_schema=schema,
            on_invoke_tool=invoke,
            strict_json_schema=definition.get("strict") is True,
            needs_approval=_asked(toolset, needs_approval, exposed),
        )
        # The SDK rewrites a strict schema when a FunctionTool is made (it reorders
        # "required"): the compiled one is sent as it is.
        tool.params_json_schema = schema
        return tool

    if not namespaces:
        return [function_tool(tool, str(tool["name"])) for tool in selected]
    known = catalog(toolset)
    chosen = [known.positions[str(tool["name"])] for tool in selected]
    inside = namespaced(toolset)
    result: list[Any] = []
    spaces: list[Any] = in_namespaces(toolset, chosen, False)
    for space in spaces:
        exposed = inside[space["name"]]
        made = [function_tool(tool, exposed[tool["name"]]) for tool in space["tools"]]
        grouped = tool_namespace(
            name=space["name"], description=space["description"], tools=made
        )
        for tool, function in zip(grouped, space["tools"], strict=True):
            tool.params_json_schema = function["parameters"]  # as compiled
            result.append(tool)
    return result


def pydantic_ai_toolset(
    toolset: "Tables",
    call_tool: "_CallTool",
    servers: "Iterable[str] | None",
    names: "Iterable[str] | None",
    read_only: bool,
    needs_approval: "bool | str",
) -> "Any":
    """``Toolset.pydantic_ai_toolset``: a ``FunctionToolset`` of ``Tool.from_schema``
    tools, their schemas and ``strict`` as the build made them."""
    try:
        from pydantic_ai import FunctionToolset, Tool
    except ImportError:
        raise ImportError(
            _MISSING.format("pydantic-ai", "pydantic_ai_toolset")
        ) from None
    selected = _selected(toolset, call_tool, servers, names, read_only, needs_approval)
    made = []
    for definition in selected:
        name = str(definition["name"])
        tool = Tool.from_schema(
            _pydantic_ai_function(toolset, call_tool, name),
            name=name,
            description=str(definition.get("description") or ""),
            json_schema=definition["parameters"],
            takes_ctx=True,
        )
        tool.strict = definition.get("strict") is True
        tool.requires_approval = _asked(toolset, needs_approval, name)
        made.append(tool)
    return FunctionToolset(made, max_retries=1)


def _pydantic_ai_function(
    toolset: "Tables", call_tool: "_CallTool", name: str
) -> "Callable[..., Awaitable[object]]":
    """A tool's function: its arguments read as ``tool_calls`` reads them (or a retry, with
    the ``Error:`` text ``tool_calls`` would send), then run and formatted."""

    async def run(context: "Any", /, **arguments: object) -> object:
        ran, content = await _run(toolset, call_tool, name, context, arguments)
        if not ran:
            from pydantic_ai import ModelRetry

            raise ModelRetry(str(content).removeprefix("Error: "))
        return _pydantic_ai_output(content)

    return run


_MISSING = "{0} is not installed: `pip install {0}` to use {1}()"


def _selected(
    toolset: "Tables",
    call_tool: object,
    servers: "Iterable[str] | None",
    names: "Iterable[str] | None",
    read_only: bool,
    needs_approval: object,
) -> "list[dict[str, Any]]":
    """The selected tools' Responses definitions, once the options are checked."""
    if not callable(call_tool):
        raise TypeError(f"call_tool must be a callable, not {call_tool!r}")
    if type(needs_approval) is not bool and needs_approval != "policy":
        raise ValueError(
            f"needs_approval must be True, False or 'policy', not {needs_approval!r}"
        )
    return tools(toolset, "responses", servers, names, False, False, None, read_only)


def _asked(toolset: "Tables", needs_approval: object, name: str) -> bool:
    """Whether the calls to the tool ``name`` need an approval."""
    if needs_approval == "policy":
        return toolset.asks(name)
    return needs_approval is True


async def _run(
    toolset: "Tables",
    call_tool: "_CallTool",
    name: str,
    context: "Any",
    arguments: object,
) -> "tuple[bool, object]":
    """Whether a framework's call to the tool ``name`` ran, and its Responses output (a
    str, or a list of input_text, input_image and input_file items); when its arguments
    are rejected, the ``Error:`` text ``tool_calls`` would send."""
    call_id = getattr(context, "tool_call_id", None) or "call"
    call = checked_call(
        toolset, "responses", call_id, name, arguments, None, None, False
    )
    if type(call) is not ToolCall:
        return False, call["output"]  # type: ignore[index]
    # no timeout of its own: the framework's run bounds it
    outcome = await awaited(called(call_tool, call), Clock(call, None, None, False))
    item, _ = output(
        toolset, call.call_id, outcome, "responses", None, call.name, 10_485_760
    )
    return True, item["output"]


def _agents_output(content: object) -> object:
    if type(content) is not list:
        return content
    from agents import ToolOutputFileContent, ToolOutputImage, ToolOutputText

    parts: list[object] = []
    for item in content:
        kind = item["type"]
        if kind == "input_text":
            parts.append(ToolOutputText(text=item["text"]))
        elif kind == "input_image":
            parts.append(ToolOutputImage(image_url=item["image_url"]))
        else:
            parts.append(
                ToolOutputFileContent(
                    file_data=item["file_data"], filename=item["filename"]
                )
            )
    return parts


def _pydantic_ai_output(content: object) -> object:
    if type(content) is not list:
        return content
    import binascii

    from pydantic_ai import BinaryContent

    parts: list[object] = []
    for item in content:
        if item["type"] == "input_text":
            parts.append(item["text"])
            continue
        # images and files: base64 data URIs, read once into the bytes they carry
        url = item["image_url"] if item["type"] == "input_image" else item["file_data"]
        media_type, _, data = url[5:].partition(";base64,")
        parts.append(
            BinaryContent(data=binascii.a2b_base64(data), media_type=media_type)
        )
    return parts
