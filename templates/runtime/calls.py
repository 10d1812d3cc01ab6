"""Reading the model's function calls: ``tool_calls()``, each call checked, namespaced calls
mapped back, items that wait for the app answered or reported.

Part of the runtime every generated module carries (templates/runtime/__init__.py).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .api import ToolCall, ToolCalls
    from .data import _load, _load_namespaces, _names, _namespaces, _null_paths, _plans
    from .decode import _decoded, _undecodable
    from .nulls import _drop_nulls, _null_tree, _null_trees, _walk_branches
    from .reading import _SCALARS, _fields, _get, _has, _is_mapping, _prepare
    from .rejections import (
        _bad_json,
        _listing,
        _not_custom,
        _not_function,
        _not_object,
        _quote,
        _rejection,
        _unknown,
    )

# ---- runtime ----

if TYPE_CHECKING:
    import json
    from collections.abc import Callable


def tool_calls(response: object, *, api: str | None = None) -> ToolCalls:
    """The function calls in a model response: ``calls, rejected = tool_calls(...)``.

    ``response`` is a Chat Completions or a Responses response, as a plain dict or as
    the ``openai`` SDK's object; the API is detected from its shape (``choices`` or
    ``output``) unless ``api`` is given. Chat Completions: only ``choices[0]`` is read
    (requests with ``n > 1`` are out of scope). Responses: every ``function_call`` item
    of ``output``, in order. A ``namespace`` on a call names one of this toolset's
    namespaces (its servers: the function is then named by its MCP tool name), or is
    the function's own name (a deferred top-level function).

    ``calls`` are the calls to run, in the model's order (duplicate call ids are kept).
    ``rejected`` are ready-to-send output items saying ``"Error: ..."`` for the calls
    that cannot run, so the model can correct itself: no call id, a name or namespace
    not in the toolset, a call to a custom tool (a Chat tool call of another type, a
    Responses ``custom_tool_call``, answered with a ``custom_tool_call_output``),
    arguments that are not valid JSON (``NaN`` and ``Infinity`` are not JSON) or not a
    JSON object. Empty or absent arguments mean ``{}``; arguments already given as an
    object are copied. A key repeated in the JSON keeps its last value, as with
    ``json.loads``. An empty call id is kept when every call of the response has one
    (a server that never sends ids matches outputs by position); a response mixing
    empty and real ids gets the empty ones rejected. A call's ``caller`` is echoed on
    its output.

    The result also has ``skipped``: the items that wait for the app and that
    ``rejected`` does not answer (see ``ToolCalls``). Other items (messages,
    reasoning, hosted tool calls the API ran itself) need no answer.

    Raises ``TypeError`` or ``ValueError`` only when ``response`` is not a response
    (or ``api`` is given and the response does not have that API's shape). A stream
    chunk or stream event is not a response: assemble the stream with the SDK
    (``get_final_completion()``, ``get_final_response()``) first.
    """
    if type(response) is not dict or api is not None:
        response, api = _prepare(response, api)
    elif "choices" in response:
        api = "chat"
    elif "output" in response:
        api = "responses"
    else:
        response, api = _prepare(response, api)
    calls: list[ToolCall] = []
    rejected: list[dict[str, object]] = []
    result = ToolCalls((calls, rejected))
    chat = api == "chat"
    if chat:
        entries = None
        if type(response) is dict:
            try:  # the usual shape, read fast; any other goes through _get
                entries = response["choices"][0]["message"]["tool_calls"]
            except Exception:
                entries = None
        if entries is None:
            entries = _chat_tool_calls(response)
    elif type(response) is dict:
        entries = response.get("output")
    else:
        entries = _get(response, "output")
    if not (type(entries) is list or type(entries) is tuple):
        return result
    scan = _json_scan or _new_decoder()[1]
    names = _names if _names is not None else _load()
    empty_ids: bool | None = None  # every call has the empty id (computed when needed)
    extra: tuple[object, object] | None = None  # (namespace, caller), when given
    for entry in entries:
        fields = entry if type(entry) is dict else _fields(entry)
        kind = fields.get("type")
        if chat:
            call_id = fields.get("id")
            if kind != "function" and kind is not None:
                rejected.append(_not_function(api, call_id, entry))
                continue
            function = fields.get("function")
            values = function if type(function) is dict else _fields(function)
            name = values.get("name")
            args = values.get("arguments", "")
            if args is None:
                args = _unset_arguments(function)
        elif kind == "function_call":
            call_id = fields.get("call_id")
            name = fields.get("name")
            args = fields.get("arguments", "")
            if args is None:
                args = _unset_arguments(entry)
            namespace = fields.get("namespace")
            caller = fields.get("caller")
            if namespace is not None or caller is not None:
                extra = (namespace, caller)
        else:
            # Items that wait for the client: a custom tool call is rejected, the
            # others are reported in ToolCalls.skipped.
            if type(kind) is str and kind in {
                "custom_tool_call",
                "tool_search_call",
                "mcp_approval_request",
                "computer_call",
                "local_shell_call",
                "shell_call",
                "apply_patch_call",
            }:
                _awaiting(kind, fields, entry, result)
            continue
        # The common case, kept lean; everything else goes through _checked_call.
        if (
            extra is None
            and type(name) is str
            and type(args) is str
            and type(call_id) is str
            and call_id
        ):
            target = names.get(name)
            try:
                if target is None:
                    raise StopIteration
                value, end = scan(args, 0)
                if end != len(args):
                    raise StopIteration
            except (StopIteration, ValueError, RecursionError, MemoryError):
                pass
            else:
                if type(value) is dict:
                    paths = _null_paths.get(name)
                    if paths:
                        root = _null_trees.get(name)
                        if root is None or root.paths is not paths:
                            root = _null_tree(name, paths)
                        for key in root.leaves:
                            if value.get(key, value) is None:
                                del value[key]
                        if root.branches:
                            _walk_branches(value, root.branches)
                    plan = _plans.get(name)
                    if plan is not None:
                        decoded = _decoded(value, plan)
                        if isinstance(decoded, str):
                            message = _undecodable(name, decoded)
                            rejected.append(_rejection(api, call_id, message))
                            continue
                        value = decoded
                    # Slots set here: cheaper than the constructor's call (README
                    # "Performance": tool_calls per call).
                    call = _new(ToolCall)
                    call.call_id = call_id
                    call.name = name
                    call.server, call.tool = target
                    call.arguments = value
                    call.namespace = call.caller = None
                    calls.append(call)
                    continue
        if call_id == "" and empty_ids is None:
            empty_ids = _empty_ids(entries, chat)
        item = _checked_call(api, call_id, name, args, extra, empty_ids is True)
        extra = None
        if isinstance(item, ToolCall):
            calls.append(item)
        else:
            rejected.append(item)
    return result


# Parsing calls.

_NOT_FUNCTION = object()  # stands for the name of a Chat tool call of another type
_new = object.__new__
_json_decoder: "json.JSONDecoder | None" = None
_json_scan: "Callable[[str, int], tuple[object, int]] | None" = None


def _new_decoder() -> (
    "tuple[json.JSONDecoder, Callable[[str, int], tuple[object, int]]]"
):
    global _json_decoder, _json_scan
    import json

    decoder = json.JSONDecoder(parse_constant=_refuse_constant)
    # scan_once is what JSONDecoder.decode runs after skipping whitespace; calling it
    # directly halves the cost of small arguments.
    scan: Callable[[str, int], tuple[object, int]] = vars(decoder)["scan_once"]
    _json_decoder, _json_scan = decoder, scan
    return decoder, scan


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not valid JSON")


def _chat_tool_calls(response: object) -> object:
    choices = _get(response, "choices")
    if (type(choices) is list or type(choices) is tuple) and choices:
        message = _get(choices[0], "message")
        if message is None and _get(choices[0], "delta") is not None:
            raise TypeError(_CHAT_CHUNK)
        return _get(message, "tool_calls")
    if _get(response, "object") == "chat.completion.chunk":
        raise TypeError(_CHAT_CHUNK)
    return None


def _checked_call(
    api: str,
    call_id: object,
    name: object,
    args: object,
    extra: "tuple[object, object] | None",
    empty_ids: bool,
) -> "ToolCall | dict[str, object]":
    """A call checked at leisure: its ToolCall, or the output item rejecting it.

    ``extra`` is the call's (namespace, caller) when either is given; ``empty_ids``
    is true when every call of the response has the empty call id.
    """
    namespace: object = None
    caller: dict[str, object] | None = None
    if extra is not None:
        namespace = extra[0]
        caller = _plain_caller(extra[1])
    if name is _NOT_FUNCTION:
        return _not_function(api, call_id, args)
    exposed = name
    if namespace is not None and namespace != "":
        found = _namespaced(namespace, name)
        if type(found) is not str:
            if type(call_id) is not str or not (call_id or empty_ids):
                call_id = ""
            return _rejection(api, call_id, found[0], caller)
        exposed = found
    names = _names if _names is not None else _load()
    target = names.get(exposed) if type(exposed) is str else None
    if type(call_id) is not str or not (call_id or empty_ids):
        what = f"The call to {_quote(name)}" if target is not None else "A tool call"
        message = f"{what} has no call id; call the tool again."
        return _rejection(api, "", message, caller)
    if target is None or type(exposed) is not str:
        return _rejection(api, call_id, _unknown(name), caller)
    value: object
    if type(args) is str:
        decoder = _json_decoder or _new_decoder()[0]
        try:
            value = decoder.decode(args)
        except (ValueError, RecursionError, MemoryError) as exc:
            if args.strip(" \t\n\r"):
                return _bad_json(api, call_id, exposed, exc, caller)
            value = {}
    elif isinstance(args, dict) or _is_mapping(args):
        try:
            value = _copy(args)
        except RecursionError:
            message = f"The arguments for {_quote(exposed)} are nested too deeply."
            return _rejection(api, call_id, message, caller)
    else:
        value = args
    if type(value) is not dict:
        return _not_object(api, call_id, exposed, value, caller)
    paths = _null_paths.get(exposed)
    if paths:
        _drop_nulls(value, exposed, paths)
    plan = _plans.get(exposed)
    if plan is not None:
        decoded = _decoded(value, plan)
        if isinstance(decoded, str):
            return _rejection(api, call_id, _undecodable(exposed, decoded), caller)
        value = decoded
    return ToolCall(
        call_id,
        exposed,
        target[0],
        target[1],
        value,
        namespace if type(namespace) is str else None,
        caller,
    )


def _namespaced(namespace: object, name: object) -> "str | tuple[str]":
    # The exposed name a namespaced call stands for, or (why it cannot run,). As the
    # openai SDK reads it: the namespace's own function first; a namespace equal to the
    # name is a deferred top-level function (docs/design.md, "Calls").
    tables = _namespaces if _namespaces is not None else _load_namespaces()
    table = tables.get(namespace) if type(namespace) is str else None
    if table is not None and type(name) is str:
        exposed = table.get(name)
        if exposed is not None:
            return exposed
    if namespace == name:
        return name  # type: ignore[return-value]
    if table is not None:
        listed = _listing(list(table), "tools in " + str(namespace), name)
        if type(name) is not str:
            return (f"The tool call has no function name. {listed}",)
        return (
            f"Unknown tool {_quote(name)} in namespace {_quote(namespace)}. {listed}",
        )
    listed = _listing(list(tables), "namespaces", namespace)
    what = f"{_quote(name)} was called" if type(name) is str else "The tool was called"
    return (f"{what} in an unknown namespace {_quote(namespace)}. {listed}",)


def _unset_arguments(call: object) -> object:
    # "" (no arguments) when a pydantic model's arguments were left out of the JSON it
    # was built from (the SDK sets the field to None), else None (null was sent).
    if type(call) is dict:
        return "" if "arguments" not in call else None
    given = getattr(call, "__pydantic_fields_set__", None)
    if isinstance(given, set) and "arguments" not in given:
        return ""
    return None


def _awaiting(
    kind: str, fields: "dict[str, object]", item: object, result: ToolCalls
) -> None:
    # A Responses item that waits for the client: answered (a custom tool call gets a
    # rejection) or reported in skipped (a hosted tool search needs nothing).
    get = fields.get
    if kind == "custom_tool_call":
        caller = _plain_caller(get("caller"))
        result[1].append(_not_custom(get("call_id"), item, caller))
    elif kind != "tool_search_call" or get("execution") == "client":
        result.skipped += (item,)


def _empty_ids(entries: "list[object] | tuple[object, ...]", chat: bool) -> bool:
    # Whether every call of the response has the empty call id.
    key = "id" if chat else "call_id"
    for entry in entries:
        kind = _get(entry, "type")
        call = chat or kind == "function_call" or kind == "custom_tool_call"
        if call and _get(entry, key) != "":
            return False
    return True


def _waiting_message(items: "list[object]") -> str:
    described = []
    for item in items[:10]:
        kind = _get(item, "type")
        ident = _get(item, "call_id") or _get(item, "id")
        text = f"{kind} {_quote(ident)}" if type(ident) is str else str(kind)
        if kind == "mcp_approval_request":
            tool, server = _get(item, "name"), _get(item, "server_label")
            text += f" (tool {_quote(tool)} on {_quote(server)})"
        described.append(text)
    if len(items) > 10:
        described.append(f"{len(items) - 10} more")
    return (
        "execute_tool_calls cannot answer what the response waits for: "
        + ", ".join(described)
        + ". Answer these in the app (an mcp_approval_response for each approval "
        "request; see tool_calls(response).skipped) and run the function calls with "
        "tool_calls() and tool_output(); no call was run."
    )


def _plain_caller(caller: object) -> "dict[str, object] | None":
    # A call's caller as a plain dict, to echo on its output (None: not an object,
    # which no caller the API sends is).
    if caller is None or isinstance(caller, _SCALARS):
        return None
    mapping = isinstance(caller, dict) or _is_mapping(caller)
    try:
        plain = _copy(caller if mapping else _fields(caller))
    except RecursionError:
        return None
    if type(plain) is not dict:
        return None
    return plain if mapping else {k: v for k, v in plain.items() if v is not None}


_CHAT_CHUNK = (
    "response is a Chat Completions stream chunk (chat.completion.chunk), not a "
    "response: assemble the stream first, e.g. `client.chat.completions.stream(...)` "
    "then `stream.get_final_completion()` (or ChatCompletionStreamState: "
    "handle_chunk() for each chunk, then get_final_completion())"
)


def _stream_event(response: object) -> "str | None":
    # Why a Responses stream event is not a response, or None: not one.
    kind = _get(response, "type")
    if type(kind) is not str:
        return None
    if not (kind.startswith("response.") or _has(response, "sequence_number")):
        return None
    return (
        f"response is a Responses stream event ({_quote(kind)}), not a response: "
        "assemble the stream first, e.g. `client.responses.stream(...)` then "
        "`stream.get_final_response()` (or pass the `response` of the "
        "'response.completed' event)"
    )


def _copy(value: object) -> object:
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    if value is None or isinstance(value, _SCALARS) or not _is_mapping(value):
        return value
    return {key: _copy(item) for key, item in value.items()}
