"""Reading the model's function calls: ``tool_calls()``, each call checked, namespaced calls
mapped back, items that wait for the app answered or reported.
"""

from .core import ToolCall, ToolCalls
from .decode import decoded, drop_nulls, json_decoder
from .offered import namespaced, offered
from .reading import (
    CHAT_CHUNK,
    copy,
    fields,
    get,
    is_mapping,
    plain_caller,
    prepare,
    quote,
)
from .rejections import (
    bad_json,
    listing,
    not_custom,
    not_function,
    not_object,
    rejection,
    unknown,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from .core import Tables
    from .offered import Offered


def tool_calls(
    toolset: "Tables",
    response: object,
    api: "str | None",
    tools: "Iterable[object] | None",
) -> ToolCalls:
    """``Toolset.tool_calls``: the function calls in a model response."""
    response, api = prepare(response, api)
    calls: list[ToolCall] = []
    rejected: list[dict[str, object]] = []
    result = ToolCalls((calls, rejected))
    chat = api == "chat"
    entries = _chat_tool_calls(response) if chat else get(response, "output")
    if not (type(entries) is list or type(entries) is tuple):
        return result
    empty_ids: bool | None = None  # every call has the empty id (computed when needed)
    allowed = offered(toolset, response, tools, api)
    for entry in entries:
        values = entry if type(entry) is dict else fields(entry)
        kind = values.get("type")
        namespace = caller = None
        if chat:
            call_id = values.get("id")
            if kind != "function" and kind is not None:
                rejected.append(not_function(api, call_id, entry))
                continue
            function = values.get("function")
            inner = function if type(function) is dict else fields(function)
            name = inner.get("name")
            args = inner.get("arguments")
        elif kind == "function_call":
            call_id = values.get("call_id")
            name = values.get("name")
            args = values.get("arguments")
            namespace = values.get("namespace")
            caller = values.get("caller")
        elif kind == "custom_tool_call":  # waits for the client: answered here
            caller = plain_caller(values.get("caller"))
            rejected.append(not_custom(values.get("call_id"), entry, caller))
            continue
        else:
            # The other items that wait for the client are reported in skipped (a
            # hosted tool search needs nothing).
            search = kind == "tool_search_call" and values.get("execution") == "client"
            if search or (type(kind) is str and kind in _AWAITING):
                result.skipped += (entry,)
            continue
        if args is None:  # absent or null: no arguments, {}
            args = ""
        if call_id == "" and empty_ids is None:
            empty_ids = _empty_ids(entries, chat)
        item = checked_call(
            toolset,
            api,
            call_id,
            name,
            args,
            namespace,
            caller,
            empty_ids is True,
            allowed,
        )
        if type(item) is ToolCall:
            calls.append(item)
        else:
            rejected.append(item)  # type: ignore[arg-type]
    return result


# The Responses items that wait for the client but custom tool calls and tool searches
# (docs/design.md, "Calls").
_AWAITING = frozenset(
    {
        "mcp_approval_request",
        "computer_call",
        "local_shell_call",
        "shell_call",
        "apply_patch_call",
    }
)


def _chat_tool_calls(response: object) -> object:
    choices = get(response, "choices")
    if (type(choices) is list or type(choices) is tuple) and choices:
        message = get(choices[0], "message")
        if message is None and get(choices[0], "delta") is not None:
            raise TypeError(CHAT_CHUNK)
        return get(message, "tool_calls")
    if get(response, "object") == "chat.completion.chunk":
        raise TypeError(CHAT_CHUNK)
    return None


def checked_call(
    toolset: "Tables",
    api: str,
    call_id: object,
    name: object,
    args: object,
    namespace: object,
    caller: object,
    empty_ids: bool,
    allowed: "Offered | None" = None,
) -> "ToolCall | dict[str, object]":
    """The call's ToolCall, or the output item rejecting it: the one parser of a call's
    arguments, which ``frameworks`` reuses for the calls the frameworks make.

    ``namespace`` and ``caller`` are the call's (Responses; None when absent);
    ``empty_ids`` is true when every call of the response has the empty call id;
    ``allowed`` the tools offered (``offered.offered``; None: all).
    """
    caller = plain_caller(caller)
    exposed = key = name  # key: what ``allowed`` knows the call by
    if namespace is not None and namespace != "":
        found: str | tuple[str] | None = None
        if allowed and type(namespace) is str and type(name) is str:
            key = (namespace, name)  # offered in a namespace the toolset did not make?
            found = allowed.get(key)
        if found is None:
            found = key = _namespaced(toolset, namespace, name, allowed)
        if type(found) is not str:
            return rejection(api, call_id, found[0], caller)
        exposed = found
    target = toolset.entry(exposed) if type(exposed) is str else None
    if type(call_id) is not str or not (call_id or empty_ids):
        what = f"The call to {quote(name)}" if target is not None else "A tool call"
        message = f"{what} has no call id; call the tool again."
        return rejection(api, "", message, caller)
    if target is None or type(exposed) is not str:
        return rejection(api, call_id, unknown(toolset, name, allowed), caller)
    if allowed is not None and key not in allowed:
        message = (
            f"The tool {quote(name)} was not offered in this request; call one of the "
            "tools you were given."
        )
        return rejection(api, call_id, message, caller)
    value: object
    if type(args) is str:
        try:
            value = json_decoder().decode(args)
        except (ValueError, RecursionError, MemoryError) as exc:
            if args.strip(" \t\n\r"):
                return bad_json(api, call_id, exposed, exc, caller)
            value = {}
    elif isinstance(args, dict) or is_mapping(args):
        try:
            value = copy(args)
        except RecursionError:
            message = f"The arguments for {quote(exposed)} are nested too deeply."
            return rejection(api, call_id, message, caller)
    else:
        value = args
    if type(value) is not dict:
        return not_object(api, call_id, exposed, value, caller)
    plan = target.get("decode")
    if plan is not None:
        value = decoded(value, plan, exposed)
        if type(value) is str:
            return rejection(api, call_id, value, caller)
    elif "nulls" in target:
        drop_nulls(toolset, exposed, target, value)
    return ToolCall(
        call_id,
        exposed,
        target["server"],
        target["tool"],
        value,  # type: ignore[arg-type]
        namespace if type(namespace) is str else None,
        caller,
        dict(target.get("annotations", {})),
    )


def _namespaced(
    toolset: "Tables",
    namespace: object,
    name: object,
    allowed: "Offered | None" = None,
) -> "str | tuple[str]":
    # The exposed name a namespaced call stands for, or (why it cannot run,). As the
    # openai SDK reads it: the namespace's own function first; a namespace equal to the
    # name is a deferred top-level function (docs/design.md, "Calls"). What it lists for
    # the model is only what was offered (``allowed``; None: everything).
    tables = namespaced(toolset)
    table = tables.get(namespace) if type(namespace) is str else None
    if table is not None and type(name) is str:
        exposed = table.get(name)
        if exposed is not None:
            return exposed
    if namespace == name and type(name) is str:
        return name

    def shown(space: object) -> "list[str]":
        inside = tables.get(space, {}) if type(space) is str else {}
        names = [n for n, e in inside.items() if allowed is None or e in allowed]
        return names + [
            k[1] for k in allowed or () if type(k) is tuple and k[0] == space
        ]

    if table is not None or shown(namespace):  # the app's own namespaces too
        listed = listing(shown(namespace), "tools in " + str(namespace), name)
        if type(name) is not str:
            return (f"The tool call has no function name. {listed}",)
        return (
            f"Unknown tool {quote(name)} in namespace {quote(namespace)}. {listed}",
        )
    spaces = {s: None for s in tables if allowed is None or shown(s)}
    spaces.update((k[0], None) for k in allowed or () if type(k) is tuple)
    listed = listing(list(spaces), "namespaces", namespace)
    what = f"{quote(name)} was called" if type(name) is str else "The tool was called"
    return (f"{what} in an unknown namespace {quote(namespace)}. {listed}",)


def _empty_ids(entries: "list[object] | tuple[object, ...]", chat: bool) -> bool:
    # Whether every call of the response has the empty call id.
    key = "id" if chat else "call_id"
    for entry in entries:
        kind = get(entry, "type")
        call = chat or kind == "function_call" or kind == "custom_tool_call"
        if call and get(entry, key) != "":
            return False
    return True
