"""The ``Error:`` outputs that answer calls which cannot run, worded for the model."""

from .reading import clip, get, quote

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .core import Tables
    from .offered import Offered


def rejection(
    api: str, call_id: object, message: str, caller: object = None
) -> "dict[str, object]":
    # The output answering the function call ``call_id`` (the empty id when it is not a
    # string) with the error ``message``.
    if type(call_id) is not str:
        call_id = ""
    if api == "chat":
        return {"role": "tool", "tool_call_id": call_id, "content": "Error: " + message}
    item: dict[str, object] = {
        "type": "function_call_output",
        "call_id": call_id,
        "output": "Error: " + message,
    }
    if caller is not None:
        item["caller"] = caller
    return item


def listing(available: "list[str]", what: str, near: object = None) -> str:
    """The names a model may use instead of ``near``: the closest first (difflib), all
    of a short list, else the closest ones and the count of the others."""
    if not available:
        return f"No {what} are available."
    close: list[str] = []
    if type(near) is str and near:
        import difflib

        close = difflib.get_close_matches(near, available, n=8, cutoff=0.5)
    if len(available) <= 20:
        if not close:
            return f"Available {what}: " + ", ".join(available) + "."
        rest = [name for name in available if name not in close]
        return f"Available {what}, closest first: " + ", ".join(close + rest) + "."
    if not close:
        return f"None of the {len(available)} available {what} has a similar name."
    listed = f"Closest {what}: " + ", ".join(close)
    return listed + f" (and {len(available) - len(close)} more)."


def unknown(toolset: "Tables", name: object, offered: "Offered | None" = None) -> str:
    # Only the offered tools are named: the others are not the model's to call.
    available = [n for n in toolset.table("tools") if offered is None or n in offered]
    if type(name) is not str:
        return f"The tool call has no function name. {listing(available, 'tools')}"
    return f"Unknown tool {quote(name)}. {listing(available, 'tools', name)}"


def not_function(api: str, call_id: object, entry: object) -> dict[str, object]:
    kind = get(entry, "type")
    name = get(get(entry, kind), "name") if type(kind) is str else None
    what = f"{quote(name)} was called" if type(name) is str else "The tool was called"
    message = f"{what} as a tool call of type {quote(kind)}; {_ONLY_FUNCTIONS}"
    return rejection(api, call_id, message)


def not_custom(call_id: object, item: object, caller: object) -> "dict[str, object]":
    # The custom_tool_call_output rejecting a Responses custom tool call.
    name = get(item, "name")
    what = f"{quote(name)} was called" if type(name) is str else "The tool was called"
    message = f"{what} as a custom tool, which is not in the toolset; {_ONLY_FUNCTIONS}"
    output = rejection("responses", call_id, message, caller)
    output["type"] = "custom_tool_call_output"
    return output


_ONLY_FUNCTIONS = (
    "only function tools are available: call one with its arguments as a JSON object."
)


def bad_json(
    api: str,
    call_id: str,
    name: str,
    exc: BaseException,
    caller: object = None,
) -> dict[str, object]:
    if isinstance(exc, RecursionError):
        detail = "nested too deeply"
    elif isinstance(exc, MemoryError):
        detail = "too large"
    else:
        detail = clip(str(exc), 200)
    message = (
        f"The arguments for {quote(name)} are not valid JSON ({detail}). "
        "Send them as one JSON object."
    )
    return rejection(api, call_id, message, caller)


def not_object(
    api: str, call_id: str, name: str, value: object, caller: object = None
) -> "dict[str, object]":
    kind = _KINDS.get(type(value), type(value).__name__)
    message = f"The arguments for {quote(name)} must be a JSON object, not {kind}."
    return rejection(api, call_id, message, caller)


# The JSON kind of a value that is not an object, as a rejection names it.
_KINDS = {
    type(None): "null",
    bool: "a boolean",
    int: "a number",
    float: "a number",
    str: "a string",
    list: "an array",
    tuple: "an array",
}
