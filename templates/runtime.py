"""The run-time part of every generated mcp2openai module.

Everything after the "runtime" marker line below is copied verbatim into each
generated module, right after its docstring. The generator emits the toolset's data
after it, as JSON texts (``_DEFINITIONS``, ``_NAMES``, ``_NULL_PATHS``, ``_DECODE``,
``_NAMESPACED`` and the report's tables): the functions here parse each one on first use.
JSON because it is cheap both ways: a string constant costs the compiler next to nothing
when no ``.pyc`` can be written, and ``json.loads`` is the fastest parser in the standard
library (docs/design.md, "Data in the module").

There is no ``from __future__ import annotations`` (importing ``__future__`` is a
measurable part of a small module's import), so annotations naming what exists for
type checkers only are quoted. The generator derives the module's ``.pyi`` stub from
this file (public names only, bodies dropped, quotes removed).

The lines above the marker only make this file importable and type-checkable on its
own; the empty tables stand for the generated data. The copied part uses the standard
library only, imports nothing at module level (``json`` and ``binascii`` are imported
by the functions that need them, so importing a generated module costs next to
nothing), passes ``mypy --strict`` and is formatted by black with its default mode.
"""

# Empty tables standing for the per-toolset data the generator emits after the runtime.
_DEFINITIONS = "[]"
_NAMES = "{}"
_NULL_PATHS = "{}"
_DECODE = "{}"
_NAMESPACED = "{}"
_FALLBACKS = "[]"
_EXCLUDED = "[]"
_RENAMES = "[]"
_DROPPED = "{}"
_REWRITES = "[]"
_SEARCH = "{}"

# ---- runtime ----

TYPE_CHECKING = False
if TYPE_CHECKING:
    import json
    from collections.abc import Awaitable, Callable, Mapping
    from typing import Any, TypeGuard, TypeVar

    _T = TypeVar("_T")

    _Path = tuple[str | None, ...]
    _Part = str | tuple[str, str, str]
    _Split = Callable[[str], list[str]]
    _Tokenizer = tuple[_Split, _Split, _Split, frozenset[str]]

__all__ = [
    "NAMES",
    "REPORT",
    "Report",
    "ToolCall",
    "ToolCalls",
    "arguments",
    "execute_tool_calls",
    "tool_calls",
    "tool_output",
    "tool_search",
    "tools",
]

NAMES: (
    "dict[str, tuple[str, str]]"  # exposed name -> (server, tool); built on first use
)
REPORT: "Report"  # built on first use


class ToolCall:
    """One function call from the model, checked and ready to run.

    ``call_id`` pairs the call with its output. ``name`` is the exposed (OpenAI) name;
    ``server`` and ``tool`` are the MCP server and tool it stands for. ``arguments`` is
    the parsed JSON object with the nulls at the tool's null paths removed: strict mode
    makes every optional property required but nullable, and null there means "not
    given". ``namespace`` is the namespace the model named (Responses), ``caller`` the
    call's ``caller`` as a plain dict (Responses: ``{"type": "program", "caller_id":
    ...}`` when a program made the call); both are None when absent. ``name`` is the
    flat exposed name whether or not the call was namespaced.
    """

    __slots__ = (
        "arguments",
        "call_id",
        "caller",
        "name",
        "namespace",
        "server",
        "tool",
    )
    call_id: str
    name: str
    server: str
    tool: str
    arguments: dict[str, object]
    namespace: "str | None"
    caller: "dict[str, object] | None"

    def __init__(
        self,
        call_id: str,
        name: str,
        server: str,
        tool: str,
        arguments: dict[str, object],
        namespace: "str | None" = None,
        caller: "dict[str, object] | None" = None,
    ) -> None:
        self.call_id = call_id
        self.name = name
        self.server = server
        self.tool = tool
        self.arguments = arguments
        self.namespace = namespace
        self.caller = caller

    def __repr__(self) -> str:
        text = (
            f"ToolCall(call_id={self.call_id!r}, name={self.name!r}, "
            f"server={self.server!r}, tool={self.tool!r}, arguments={self.arguments!r}"
        )
        if self.namespace is not None:
            text += f", namespace={self.namespace!r}"
        if self.caller is not None:
            text += f", caller={self.caller!r}"
        return text + ")"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ToolCall):
            return NotImplemented
        return (
            self.call_id == other.call_id
            and self.name == other.name
            and self.server == other.server
            and self.tool == other.tool
            and self.arguments == other.arguments
            and self.namespace == other.namespace
            and self.caller == other.caller
        )


class ToolCalls(tuple[list[ToolCall], list[dict[str, object]]]):
    """What ``tool_calls`` returns: unpacks as ``calls, rejected``; also ``skipped``.

    ``skipped`` holds the output items, as the response holds them, that wait for an
    answer from the app and that ``rejected`` does not answer: client
    ``tool_search_call`` items (``execute_tool_calls`` answers them),
    ``mcp_approval_request`` items and calls to client tools this module does not
    define (``computer_call``, ``local_shell_call``, ``shell_call``,
    ``apply_patch_call``). Empty for Chat Completions. Compared and printed like the
    ``(calls, rejected)`` tuple it is.
    """

    skipped: "tuple[object, ...]" = ()

    @property
    def calls(self) -> "list[ToolCall]":
        return self[0]

    @property
    def rejected(self) -> "list[dict[str, object]]":
        return self[1]


class Report:
    """Every decision the generator made for this toolset, for review and logging.

    - ``fallbacks``: tools sent with ``"strict": false`` because their schema is
      outside OpenAI's strict subset (exposed name, server, tool, schema path, reason
      keyword or limit).
    - ``excluded``: tools left out of the toolset (same fields).
    - ``renames``: tools whose exposed name is not the plain prefix + tool name
      (hashed, collided, duplicate dropped).
    - ``dropped``: per tool, the schema keywords the conversion dropped, with paths.
    - ``null_paths``: exposed name -> the instance paths whose nulls ``tool_calls``
      removes. A path is a tuple of segments: a ``str`` is a property name, ``None``
      every item of an array. A tool with rewrites is not listed: its decode plan
      removes its nulls.
    - ``rewrites``: the places where a tool's schema is sent in another shape that
      ``tool_calls`` undoes before the server sees the call (name, server, tool, JSON
      pointer into the original schema, kind: json_string, entries, oneOf_as_anyOf,
      allOf_merged, root_wrapped, dynamic_nulls).

    The module logs nothing on import. ``as_dict()`` is a JSON-able copy for an app
    that logs or exports it; the ``mcp2openai.strict_fallback`` event is one log record
    per fallback::

        for entry in REPORT.as_dict()["fallbacks"]:
            log.warning("mcp2openai.strict_fallback %s", entry)
    """

    __slots__ = (
        "dropped",
        "excluded",
        "fallbacks",
        "null_paths",
        "renames",
        "rewrites",
    )
    fallbacks: tuple[dict[str, object], ...]
    excluded: tuple[dict[str, object], ...]
    renames: tuple[dict[str, object], ...]
    dropped: tuple[dict[str, object], ...]
    null_paths: "dict[str, tuple[_Path, ...]]"
    rewrites: tuple[dict[str, object], ...]

    def __init__(
        self,
        *,
        fallbacks: tuple[dict[str, object], ...] = (),
        excluded: tuple[dict[str, object], ...] = (),
        renames: tuple[dict[str, object], ...] = (),
        dropped: tuple[dict[str, object], ...] = (),
        null_paths: "dict[str, tuple[_Path, ...]] | None" = None,
        rewrites: tuple[dict[str, object], ...] = (),
    ) -> None:
        self.fallbacks = fallbacks
        self.excluded = excluded
        self.renames = renames
        self.dropped = dropped
        self.null_paths = {} if null_paths is None else null_paths
        self.rewrites = rewrites

    def __repr__(self) -> str:
        return (
            f"Report(fallbacks={len(self.fallbacks)}, excluded={len(self.excluded)}, "
            f"renames={len(self.renames)}, dropped={len(self.dropped)}, "
            f"null_paths={len(self.null_paths)} tools, rewrites={len(self.rewrites)})"
        )

    def as_dict(self) -> dict[str, object]:
        """A JSON-able copy (lists for tuples) that ``json.dumps`` takes as it is."""
        null_paths: dict[str, object] = {}
        for name, paths in self.null_paths.items():
            null_paths[name] = [list(path) for path in paths]
        return {
            "fallbacks": [_plain(entry) for entry in self.fallbacks],
            "excluded": [_plain(entry) for entry in self.excluded],
            "renames": [_plain(entry) for entry in self.renames],
            "dropped": [_plain(entry) for entry in self.dropped],
            "null_paths": null_paths,
            "rewrites": [_plain(entry) for entry in self.rewrites],
        }


def _plain(value: object) -> object:
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def tools(api: str) -> list[dict[str, object]]:
    """The tool definitions to pass as ``tools=`` to the ``openai`` SDK.

    ``api`` is ``"chat"`` (Chat Completions) or ``"responses"``. Plain dicts and lists,
    parsed afresh on each call: the caller may change them.
    """
    if api != "chat" and api != "responses":
        raise ValueError(f"api must be 'chat' or 'responses', not {api!r}")
    import json

    definitions: list[dict[str, object]] = json.loads(_DEFINITIONS)
    if api == "responses":
        return definitions
    return [
        {
            "type": "function",
            "function": {
                "name": tool["name"],
                "description": tool["description"],
                "parameters": tool["parameters"],
                "strict": tool["strict"],
            },
        }
        for tool in definitions
    ]


def tool_search(query: str, *, limit: int = 8) -> list[dict[str, object]]:
    """The Responses function definitions of the tools that best match ``query``.

    Best first, at most ``limit``, only tools that share a term with the query; each
    exactly as ``tools("responses")`` gives it (a fresh dict, named by its flat exposed
    name). The ranking is BM25 over an index the generator built: each tool's name
    (split at ``_``, ``-`` and camelCase, and whole), server, title, description and
    property names and descriptions. Equal scores keep the toolset's order. A query
    with no searchable word (empty, punctuation, only words such as "the") finds
    nothing. Raises ``TypeError`` for a ``query`` that is not a str or a ``limit``
    that is not an int, and ``ValueError`` for a negative ``limit``.
    """
    import json

    ranked = _ranked(query, limit)
    texts = _definition_texts()
    return [json.loads(texts[index]) for index in ranked]


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


async def execute_tool_calls(
    response: object,
    call_tool: "Callable[[str, str, dict[str, object]], Awaitable[object]]",
    *,
    api: str | None = None,
) -> list[dict[str, object]]:
    """Run every call in ``response``; return the items to send back to the model.

    ``call_tool(server, tool, arguments)`` is awaited for each call, one after the
    other, in the model's order. It returns an MCP ``CallToolResult`` (see
    ``tool_output``); for example, with one ``mcp`` ``ClientSession`` per server:
    ``lambda server, tool, arguments: sessions[server].call_tool(tool, arguments)``.
    An exception it raises becomes an error output (``asyncio.CancelledError`` and
    other exceptions that are not ``Exception`` propagate). Returns
    ``rejected + searches + outputs`` for the API detected from ``response``:
    ``searches`` answer each client ``tool_search_call`` with a ``tool_search_output``
    (the tools ``tool_search`` finds for its ``query``; none without a query string),
    ``outputs`` are in call order.

    Raises ``ValueError``, before running any call, when the response holds items
    only the app can answer (``mcp_approval_request``, calls to client tools this
    module does not define: see ``ToolCalls``): answering the rest alone would leave
    them unanswered. Handle such responses with ``tool_calls`` and ``tool_output``.
    """
    response, api = _prepare(response, api)
    result = tool_calls(response, api=api)
    calls, outputs = result
    if result.skipped:
        search = "tool_search_call"
        waiting = [item for item in result.skipped if _get(item, "type") != search]
        if waiting:
            raise ValueError(_waiting_message(waiting))
        for item in result.skipped:
            outputs.append(_search_output(item))
    for call in calls:
        try:
            outcome = await call_tool(call.server, call.tool, call.arguments)
        except Exception as exc:
            outcome = exc
        outputs.append(tool_output(call.call_id, outcome, api=api, caller=call.caller))
    return outputs


def tool_output(
    call_id: str, outcome: object, *, api: str, caller: object = None
) -> "dict[str, object]":
    """The output item that answers the call ``call_id`` with ``outcome``.

    ``outcome`` is an MCP ``CallToolResult``: a wire dict (``content``, ``isError``,
    ``structuredContent``), an object with those attributes (the ``mcp`` SDK's result,
    in either spelling: ``isError`` or ``is_error``), or an exception, which is an
    error.

    Chat (``{"role": "tool", ...}``) is text only: text blocks joined by newlines,
    media as placeholders such as ``[image: image/png, 1024 bytes]``, an embedded text
    resource as its text. Responses (``{"type": "function_call_output", ...}``): the
    same string or, when a JPEG, PNG, GIF or WebP image is present, a list of
    ``input_text`` and ``input_image`` (data URI) items in content order. With no
    content, ``structuredContent`` is sent as compact JSON. An error is prefixed with
    ``"Error: "`` (in a list: the first item's text, or an ``"Error:"`` item put first
    when the list starts with an image). A result with nothing in it is sent as
    ``"(no output)"``: an empty output would tell the model nothing. Malformed results
    become placeholders, never exceptions. No size limit is applied.

    ``caller`` (Responses) is the call's ``ToolCall.caller``: a call a program made
    must be answered with the same caller. Chat has no callers.
    """
    if api == "chat":
        error, parts = _outcome(outcome)
        return {"role": "tool", "tool_call_id": call_id, "content": _text(error, parts)}
    if api == "responses":
        error, parts = _outcome(outcome)
        output: str | list[dict[str, object]]
        if any(type(part) is tuple for part in parts):
            output = _items(error, parts)
        else:
            output = _text(error, parts)
        item: dict[str, object] = {
            "type": "function_call_output",
            "call_id": call_id,
            "output": output,
        }
        if caller is not None:
            plain = _plain_caller(caller)
            if plain is not None:
                item["caller"] = plain
        return item
    raise ValueError(f"api must be 'chat' or 'responses', not {api!r}")


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
        listed = _listing(list(table), "tools in " + str(namespace))
        if type(name) is not str:
            return (f"The tool call has no function name. {listed}",)
        return (
            f"Unknown tool {_quote(name)} in namespace {_quote(namespace)}. {listed}",
        )
    listed = _listing(list(tables), "namespaces")
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


def _search_output(call: object) -> "dict[str, object]":
    # The tool_search_output item that answers a client tool_search_call.
    call_id = _get(call, "call_id")
    return {
        "type": "tool_search_output",
        "call_id": call_id if type(call_id) is str else None,
        "execution": "client",
        "tools": _search_tools(_get(call, "arguments")),
    }


def _search_tools(arguments: object) -> "list[dict[str, object]]":
    # The tools a client tool search with these arguments loads: the module's own
    # search for a query (flat definitions, as tool_search gives them); none for any
    # other arguments (README "Decisions": an empty list is an answer the model can act
    # on, no answer would stall the conversation).
    query = _get(arguments, "query") if arguments is not None else None
    if type(query) is str:
        return tool_search(query)
    return []


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


class _NullNode:
    """A tool's null paths as a tree, so that shared prefixes are walked once."""

    __slots__ = ("branches", "items", "leaves", "paths")

    def __init__(self, paths: "tuple[_Path, ...] | None" = None) -> None:
        self.paths = paths  # at the root: the null paths the tree was built from
        self.leaves: list[str] = []  # properties deleted when null
        self.branches: dict[str, _NullNode] = {}  # properties walked into
        self.items: _NullNode | None = None  # array items walked into


_null_trees: "dict[str, _NullNode]" = {}


def _null_tree(name: str, paths: "tuple[_Path, ...]") -> "_NullNode":
    root = _NullNode(paths)
    for path in paths:
        last = path[-1] if path else None
        if last is None:
            continue  # the last segment names a property
        node = root
        for segment in path[:-1]:
            if segment is None:
                if node.items is None:
                    node.items = _NullNode()
                node = node.items
            else:
                child = node.branches.get(segment)
                if child is None:
                    child = node.branches[segment] = _NullNode()
                node = child
        if last not in node.leaves:
            node.leaves.append(last)
    _null_trees[name] = root
    return root


def _drop_nulls(args: dict[str, object], name: str, paths: "tuple[_Path, ...]") -> None:
    root = _null_trees.get(name)
    if root is None or root.paths is not paths:
        root = _null_tree(name, paths)
    _walk_nulls(args, root)


def _walk_nulls(value: object, node: "_NullNode") -> None:
    if type(value) is dict:
        for key in node.leaves:
            if value.get(key, value) is None:
                del value[key]
        if node.branches:
            _walk_branches(value, node.branches)
    elif type(value) is list and node.items is not None:
        for item in value:
            _walk_nulls(item, node.items)


def _walk_branches(value: dict[str, object], branches: "dict[str, _NullNode]") -> None:
    for key, node in branches.items():
        inner = value.get(key)
        if type(inner) is list:
            items = node.items
            if items is None:
                continue
            if items.branches or items.items is not None:
                for item in inner:
                    _walk_nulls(item, items)
                continue
            leaves = items.leaves  # the common case: properties of array items
            for item in inner:
                if type(item) is dict:
                    for leaf in leaves:
                        if item.get(leaf, item) is None:
                            del item[leaf]
        elif inner is not None:
            _walk_nulls(inner, node)


# Decoding rewritten arguments (README "Rewrites"). For some tools the model sends values
# in another shape than the server takes: a free-form value as a string holding JSON, a
# map as a list of {"key", "value"} entries, a root that is not a plain object wrapped in
# one property. The tool's plan in _DECODE (generator/strict/decoding.py) turns them back
# and removes the nulls of optional properties; a tool without rewrites has no plan.
# Plan nodes are indices into the plan's list, so recursion is a cycle of indices.

_MAX_DECODE_DEPTH = 500


class _BadEncoding(Exception):
    """A value the plan cannot decode: ``path`` is where, in the model's arguments."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
        self.path: list[str] = []


def _decoded(
    value: dict[str, object], plan: "list[dict[str, Any]]"
) -> "dict[str, object] | str":
    """The arguments in the server's shape, or why they cannot be (a one-line message)."""
    try:
        decoded = _decode(value, 0, plan, 0)
    except _BadEncoding as error:
        where = "/" + "/".join(
            part.replace("~", "~0").replace("/", "~1") for part in error.path
        )
        return f"at {where if error.path else 'the top level'}, {error.message}"
    except RecursionError:
        return "the arguments are nested too deeply"
    if type(decoded) is not dict:
        return "the arguments must decode to a JSON object"
    return decoded


def _undecodable(name: str, detail: str) -> str:
    return (
        f"The arguments for {_quote(name)} cannot be used: {detail}. "
        "Call the tool again with that value fixed."
    )


def _decode(
    value: object, index: int, plan: "list[dict[str, Any]]", depth: int
) -> object:
    if depth > _MAX_DECODE_DEPTH:
        raise _BadEncoding("the arguments are nested too deeply")
    node = plan[index]
    properties = node.get("object")
    if properties is not None:
        if type(value) is not dict:
            return value
        for key in node.get("drop", ()):
            if value.get(key, value) is None:
                del value[key]
        for key, child in properties.items():
            if key in value:
                value[key] = _decode_at(value[key], key, child, plan, depth)
        extra = node.get("extra")
        if extra is not None and extra in value:
            _merge_entries(value, extra, node, plan, depth)
        return value
    child = node.get("items")
    if child is not None:
        if type(value) is list:
            for position, item in enumerate(value):
                value[position] = _decode_at(item, str(position), child, plan, depth)
        return value
    table = node.get("anyOf")
    if table is not None:
        return _decode_branch(value, table, plan, depth)
    if "json" in node:
        return _json_value(value, node["json"])
    if "entries" in node:
        if value is None and node.get("null"):
            return None
        return _from_entries(value, node["entries"], (), plan, depth)
    name = node.get("unwrap")
    if name is not None:
        if value is None and node.get("null"):
            return None
        if type(value) is not dict or name not in value:
            raise _BadEncoding(f"expected an object with the property {name!r}")
        then = node["then"]
        inner = value[name]
        return inner if then is None else _decode_at(inner, name, then, plan, depth)
    for part in node["all"]:
        value = _decode(value, part, plan, depth + 1)
    return value


def _decode_at(
    value: object, key: str, index: int, plan: "list[dict[str, Any]]", depth: int
) -> object:
    try:
        return _decode(value, index, plan, depth + 1)
    except _BadEncoding as error:
        error.path.insert(0, key)
        raise


def _decode_branch(
    value: object, table: "dict[str, Any]", plan: "list[dict[str, Any]]", depth: int
) -> object:
    """The anyOf branch of ``value``: its JSON type, or for an object its set of keys
    (strict mode makes every object carry all its properties)."""
    if type(value) is dict:
        for keys, child in table.get("object", ()):
            if len(keys) == len(value) and all(key in value for key in keys):
                if type(child) is dict:  # same keys: told apart by a discriminator
                    child = _case(value.get(child["by"]), child["cases"])
                    if child is None:
                        return value
                return _decode(value, child, plan, depth + 1)
        return value
    kind = type(value)
    if kind is str:
        child = table.get("string")
    elif kind is bool:
        child = table.get("boolean")
    elif kind is int or kind is float:
        child = table.get("number")
    elif kind is list:
        child = table.get("array")
    else:
        child = table.get("null") if value is None else None
    return value if child is None else _decode(value, child, plan, depth + 1)


def _case(value: object, cases: "list[list[Any]]") -> "int | None":
    """The plan of the case whose const or enum value ``value`` is (JSON equality)."""
    for case, child in cases:
        if value == case and (type(value) is bool) == (type(case) is bool):
            result: int | None = child
            return result
    return None


def _json_value(value: object, types: "list[str] | None") -> object:
    if type(value) is not str:
        if value is None and (types is None or "null" in types):
            return None
        raise _BadEncoding("expected a string holding JSON")
    decoder = _json_decoder or _new_decoder()[0]
    try:
        decoded: object = decoder.decode(value)
    except RecursionError:
        raise _BadEncoding("the JSON in the string is nested too deeply") from None
    except (ValueError, MemoryError) as exc:
        detail = str(exc)
        if len(detail) > 120:
            detail = detail[:117] + "..."
        raise _BadEncoding(f"the string is not valid JSON ({detail})") from None
    if types is not None:
        kind = "null" if decoded is None else "object" if type(decoded) is dict else ""
        if kind not in types:
            wanted = " or ".join(types)
            raise _BadEncoding(f"the JSON in the string must be {wanted}")
    return decoded


def _from_entries(
    value: object,
    child: "int | None",
    names: "list[str] | tuple[str, ...]",
    plan: "list[dict[str, Any]]",
    depth: int,
    into: "dict[str, object] | None" = None,
) -> "dict[str, object]":
    """The object a list of ``{"key", "value"}`` entries stands for (added to ``into``)."""
    if type(value) is not list:
        raise _BadEncoding('expected a list of {"key", "value"} entries')
    out: dict[str, object] = {} if into is None else into
    seen: set[str] = set()
    for position, entry in enumerate(value):
        try:
            if type(entry) is not dict or "value" not in entry:
                raise _BadEncoding(
                    'each entry must be an object with "key" and "value"'
                )
            key = entry.get("key")
            if type(key) is not str:
                raise _BadEncoding('each entry needs a string "key"')
            if key in seen:
                raise _BadEncoding(f"the key {_quote(key)} is given more than once")
            if key in names:
                raise _BadEncoding(
                    f"the key {_quote(key)} is a listed property: give it there"
                )
            seen.add(key)
            item = entry["value"]
            out[key] = (
                item if child is None else _decode_at(item, "value", child, plan, depth)
            )
        except _BadEncoding as error:
            error.path.insert(0, str(position))
            raise
    return out


def _merge_entries(
    value: dict[str, object],
    extra: str,
    node: "dict[str, Any]",
    plan: "list[dict[str, Any]]",
    depth: int,
) -> None:
    """Properties beyond the declared ones came as entries under ``extra``: merge them."""
    entries = value.pop(extra)
    try:
        _from_entries(
            entries, node.get("extra_value"), node["names"], plan, depth, value
        )
    except _BadEncoding as error:
        error.path.insert(0, extra)
        raise


_SCALARS = (str, bytes, bytearray, int, float, list, tuple)


def _prepare(response: object, api: str | None) -> tuple[object, str]:
    """The response to read (a mapping, or an object with attributes) and its API."""
    if api is not None and api != "chat" and api != "responses":
        raise ValueError(f"api must be 'chat', 'responses' or None, not {api!r}")
    if not (isinstance(response, dict) or _is_mapping(response)):
        if response is None or isinstance(response, _SCALARS):
            raise TypeError(
                "response must be a Chat Completions or Responses response (a dict "
                f"or an openai SDK object), not {type(response).__name__}"
            )
        # The openai SDK's objects name their kind; reading that first spares a
        # pydantic attribute miss (several microseconds) on every call.
        kind = getattr(response, "object", None)
        if api != "responses" and kind == "chat.completion":
            return response, "chat"
        if api != "chat" and kind == "response":
            return response, "responses"
        if kind == "chat.completion.chunk":
            raise TypeError(_CHAT_CHUNK)
        event = _stream_event(response)
        if event is not None:
            raise TypeError(event)
        if api != "responses" and _has(response, "choices"):
            return response, "chat"
        if api != "chat" and _has(response, "output"):
            return response, "responses"
        response = _dump(response)
    chat = "choices" in response
    responses = "output" in response
    if not (chat or responses):
        event = _stream_event(response)
        if event is not None:
            raise TypeError(event)
        raise ValueError(
            "response has neither 'choices' (Chat Completions) nor 'output' (Responses)"
        )
    if api is None:
        return response, "chat" if chat else "responses"
    if not (chat if api == "chat" else responses):
        key = "choices" if api == "chat" else "output"
        raise ValueError(f"api is {api!r} but the response has no {key!r}")
    return response, api


def _dump(response: object) -> dict[object, object]:
    dump = getattr(response, "model_dump", None)
    if callable(dump):
        try:
            data = dump(mode="json", exclude_unset=True)
        except Exception:
            data = None
        if isinstance(data, dict):
            return data
    name = type(response).__name__
    if any(hasattr(response, key) for key in _STREAM_METHODS):
        raise TypeError(
            f"response is a stream ({name}), not a response: assemble it first, e.g. "
            "`client.chat.completions.stream(...)` then `stream.get_final_completion()`"
            ", or `client.responses.stream(...)` then `stream.get_final_response()`"
        )
    raise TypeError(
        "response must be a Chat Completions or Responses response (a dict or an "
        f"openai SDK object), not {name}"
    )


_STREAM_METHODS = ("__iter__", "__aiter__", "__enter__", "__aenter__")


_mapping_types: dict[type, bool] = {}


def _is_mapping(value: object) -> "TypeGuard[Mapping[object, object]]":
    kind = type(value)
    known = _mapping_types.get(kind)
    if known is None:
        from collections.abc import Mapping

        known = _mapping_types[kind] = issubclass(kind, Mapping)
    return known


def _has(obj: object, key: str) -> bool:
    if isinstance(obj, dict) or _is_mapping(obj):
        try:
            return key in obj
        except Exception:
            return False
    try:
        getattr(obj, key)
    except Exception:
        return False
    return True


def _get(obj: object, key: str) -> object:
    """``obj[key]`` for a mapping, ``obj.key`` for another object; None when absent."""
    kind = type(obj)
    if kind is dict:
        return obj.get(key)  # type: ignore[attr-defined]
    # Inlined _is_mapping: this runs several times per call on SDK objects.
    mapping = _mapping_types.get(kind)
    try:
        if mapping is None:
            mapping = _is_mapping(obj)
        if mapping:
            return obj.get(key)  # type: ignore[attr-defined]
        return getattr(obj, key, None)
    except Exception:
        return None


_model_types: "dict[type, bool]" = {}
_FIELDS = (
    "type",
    "id",
    "call_id",
    "name",
    "arguments",
    "function",
    "namespace",
    "caller",
    "caller_id",
    "execution",
)


def _fields(obj: object) -> "dict[str, object]":
    # What an item's fields are read from, with .get(key, default). A pydantic model's
    # own __dict__, where its declared fields are (much faster than attribute reads;
    # a field the server left out is None there, and _unset_arguments tells it apart),
    # with the fields an older SDK keeps as extras. Any other object: the fields the
    # runtime reads, copied out (a field it lacks is left out, as in the JSON).
    kind = type(obj)
    model = _model_types.get(kind)
    if model is None:
        model = _model_types[kind] = isinstance(
            getattr(kind, "__pydantic_fields__", None), dict
        ) and isinstance(getattr(obj, "__dict__", None), dict)
    if model:
        values: dict[str, object] = obj.__dict__
        extra = getattr(obj, "__pydantic_extra__", None)
        if extra and isinstance(extra, dict):
            return {**extra, **values}
        return values
    fields: dict[str, object] = {}
    if obj is not None and not isinstance(obj, _SCALARS):
        for key in _FIELDS:
            if _has(obj, key):
                fields[key] = _get(obj, key)
    return fields


def _quote(name: object) -> str:
    text = repr(name)
    return text if len(text) <= 80 else text[:77] + "..."


def _rejection(
    api: str, call_id: str, message: str, caller: object = None, kind: str = "function"
) -> "dict[str, object]":
    if api == "chat":
        return {"role": "tool", "tool_call_id": call_id, "content": "Error: " + message}
    item: dict[str, object] = {
        "type": kind + "_call_output",
        "call_id": call_id,
        "output": "Error: " + message,
    }
    if caller is not None:
        item["caller"] = caller
    return item


def _listing(available: "list[str]", what: str) -> str:
    if not available:
        return f"No {what} are available."
    listed = f"Available {what}: " + ", ".join(available[:20])
    if len(available) > 20:
        listed += f" (and {len(available) - 20} more)"
    return listed + "."


def _unknown(name: object) -> str:
    listed = _listing(list(_names if _names is not None else _load()), "tools")
    if type(name) is not str:
        return f"The tool call has no function name. {listed}"
    return f"Unknown tool {_quote(name)}. {listed}"


def _not_function(api: str, call_id: object, entry: object) -> dict[str, object]:
    if type(call_id) is not str:
        call_id = ""
    kind = _get(entry, "type")
    name = _get(_get(entry, kind), "name") if type(kind) is str else None
    what = f"{_quote(name)} was called" if type(name) is str else "The tool was called"
    message = (
        f"{what} as a tool call of type {_quote(kind)}; only function tools are "
        "available: call one with its arguments as a JSON object."
    )
    return _rejection(api, call_id, message)


def _not_custom(call_id: object, item: object, caller: object) -> "dict[str, object]":
    # The custom_tool_call_output rejecting a Responses custom tool call.
    if type(call_id) is not str:
        call_id = ""
    name = _get(item, "name")
    what = f"{_quote(name)} was called" if type(name) is str else "The tool was called"
    message = (
        f"{what} as a custom tool, which is not in the toolset; only function tools "
        "are available: call one with its arguments as a JSON object."
    )
    return _rejection("responses", call_id, message, caller, "custom_tool")


def _bad_json(
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
        detail = str(exc)
        if len(detail) > 200:
            detail = detail[:197] + "..."
    message = (
        f"The arguments for {_quote(name)} are not valid JSON ({detail}). "
        "Send them as one JSON object."
    )
    return _rejection(api, call_id, message, caller)


def _not_object(
    api: str, call_id: str, name: str, value: object, caller: object = None
) -> "dict[str, object]":
    if value is None:
        kind = "null"
    elif isinstance(value, bool):
        kind = "a boolean"
    elif isinstance(value, (int, float)):
        kind = "a number"
    elif isinstance(value, str):
        kind = "a string"
    elif isinstance(value, (list, tuple)):
        kind = "an array"
    else:
        kind = type(value).__name__
    message = f"The arguments for {_quote(name)} must be a JSON object, not {kind}."
    return _rejection(api, call_id, message, caller)


# Rendering results. A part is a text, or (placeholder, MIME type, base64 data) for an
# image the Responses API accepts.

_IMAGE_TYPES = ("image/jpeg", "image/png", "image/gif", "image/webp")


def _outcome(outcome: object) -> "tuple[bool, list[_Part]]":
    if isinstance(outcome, BaseException):
        return True, [_exception_text(outcome)]
    if not (
        isinstance(outcome, dict)
        or _is_mapping(outcome)
        or _has_any(outcome, ("content", "isError", "is_error"))
        or _has_any(outcome, ("structuredContent", "structured_content"))
    ):
        return False, [f"[unsupported result: {type(outcome).__name__}]"]
    error = _field(outcome, "isError", "is_error") is True
    content = _get(outcome, "content")
    if content is None:
        content = []
    elif not isinstance(content, (list, tuple)):
        return error, ["[invalid content]"]
    if not content:
        structured = _field(outcome, "structuredContent", "structured_content")
        if structured is None:
            return error, []
        return error, [_compact_json(structured)]
    return error, [_block(block) for block in content]


def _has_any(obj: object, keys: tuple[str, ...]) -> bool:
    if obj is None or isinstance(obj, _SCALARS):
        return False
    return any(_has(obj, key) for key in keys)


def _exception_text(exc: BaseException) -> str:
    try:
        text = str(exc)
    except Exception:
        text = ""
    return text if text else type(exc).__name__


def _field(obj: object, wire: str, python: str) -> object:
    # Wire dicts use the protocol's camelCase; the mcp SDK's objects snake_case.
    first, second = (wire, python) if isinstance(obj, dict) else (python, wire)
    value = _get(obj, first)
    return _get(obj, second) if value is None else value


def _compact_json(value: object) -> str:
    if not isinstance(value, dict):
        return "[invalid structured content]"
    import json

    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return "[invalid structured content]"


def _block(block: object) -> "_Part":
    kind = _get(block, "type")
    if kind == "text":
        text = _get(block, "text")
        return text if isinstance(text, str) else "[text: missing text]"
    if kind == "image" or kind == "audio":
        mime = _field(block, "mimeType", "mime_type")
        size, data = _decoded_size(_get(block, "data"))
        label = mime if isinstance(mime, str) and mime else "unknown type"
        placeholder = f"[{kind}: {label}, {size}]"
        if kind == "image" and data and isinstance(mime, str):
            mime = mime.lower()
            if mime in _IMAGE_TYPES:
                return (placeholder, mime, data)
        return placeholder
    if kind == "resource":
        resource = _get(block, "resource")
        uri = _get(resource, "uri")
        if resource is None:
            return "[resource: missing contents]"
        text = _get(resource, "text")
        if isinstance(text, str):
            return text
        mime = _field(resource, "mimeType", "mime_type")
        size = _decoded_size(_get(resource, "blob"))[0]
        uri_label = uri if isinstance(uri, str) and uri else "unknown URI"
        if isinstance(mime, str) and mime:
            return f"[resource: {uri_label}, {mime}, {size}]"
        return f"[resource: {uri_label}, {size}]"
    if kind == "resource_link":
        uri = _get(block, "uri")
        uri_label = uri if isinstance(uri, str) and uri else "unknown URI"
        return f"[resource link: {uri_label}]"
    if isinstance(kind, str) and kind:
        return f"[unsupported content: {kind}]"
    return "[unsupported content]"


def _decoded_size(data: object) -> tuple[str, str | None]:
    """``("N bytes", data)`` for valid base64 (without whitespace), else no data."""
    if not isinstance(data, str):
        return "no data", None
    import binascii

    try:
        size = len(binascii.a2b_base64(data, strict_mode=True))
    except ValueError:
        data = "".join(data.split())
        try:
            size = len(binascii.a2b_base64(data, strict_mode=True))
        except ValueError:
            return "invalid base64", None
    return f"{size} bytes", data if size else None


def _text(error: bool, parts: "list[_Part]") -> str:
    text = "\n".join(part if type(part) is str else part[0] for part in parts)
    if not text:
        text = "(no output)"
    return "Error: " + text if error else text


def _items(error: bool, parts: "list[_Part]") -> list[dict[str, object]]:
    items: list[dict[str, object]] = []
    for part in parts:
        if type(part) is str:
            items.append({"type": "input_text", "text": part})
        else:
            url = f"data:{part[1]};base64,{part[2]}"
            items.append({"type": "input_image", "image_url": url})
    if error:
        first = items[0]
        if first["type"] == "input_text":
            first["text"] = f"Error: {first['text']}"
        else:
            items.insert(0, {"type": "input_text", "text": "Error:"})
    return items


def arguments(call: ToolCall, shape: "type[_T]") -> "_T":
    """The arguments of ``call``, typed as the tool's TypedDict ``shape``.

    ``shape`` is one of this module's ``<Tool>Args`` names, e.g. ``arguments(call, SearchArgs)``;
    a call to another tool raises ValueError. At run time the names are plain strings.
    """
    expected = _shape_names().get(shape if isinstance(shape, str) else "")
    if expected is None or call.name != expected:
        raise ValueError(f"call {call.call_id!r} is to {call.name!r}, not {expected!r}")
    return call.arguments  # type: ignore[return-value]


# Tool search. ``_SEARCH`` holds each tool's terms and their weighted counts
# (generator/search.py; docs/design.md, "Tool search"). The first query parses it into
# postings, and a term's BM25 weights are computed when a query first has it. Queries
# are split by ``_terms``, the rule the generator split the tools' text with.

_BM25_K1 = 1.2
_BM25_B = 0.75
_STOP_WORDS = (
    "a about above after all also an and any are as at be been before being below between"
    " both but by can could did do does doing during each either else etc for from further"
    " had has have having here how however if in into is it its itself just may might more"
    " most must no nor not of off on once one only or other otherwise our out over own per"
    " same shall should so some such than that the their them then there these they this"
    " those through to too under until up upon us very via was we were what when where"
    " whether which while who whom whose why will with within without would yet you your"
)
_search_names: "list[str] | None" = None  # exposed names, in toolset order
_search_positions: "dict[str, int]" = {}  # exposed name -> its index
# term -> (the tools that have it, its counts in them, its BM25 weights in them)
_postings: "dict[str, tuple[list[int], list[int], list[float]]]" = {}
_norms: "list[float]" = []  # per tool: BM25's length normalisation
_tokenizer: "_Tokenizer | None" = None  # word, piece and case splitters, stop words
_definition_lines: "list[str] | None" = None


def _search(query: str, limit: int) -> list[str]:
    """The exposed names of the tools that best match ``query``, best first."""
    names = _search_names if _search_names is not None else _load_search()
    return [names[index] for index in _ranked(query, limit)]


def _ranked(query: str, limit: int) -> list[int]:
    """The indices of the best tools for ``query``: the tool it names exactly, if any,
    then by BM25 score, equal scores in the toolset's order."""
    if type(query) is not str:
        raise TypeError(f"query must be a str, not {type(query).__name__}")
    if type(limit) is not int:
        raise TypeError(f"limit must be an int, not {type(limit).__name__}")
    if limit < 0:
        raise ValueError(f"limit must be 0 or more, not {limit}")
    if _search_names is None:
        _load_search()
    postings = _postings
    scores: dict[int, float] = {}
    for term in dict.fromkeys(_terms(query)):
        found = postings.get(term)
        if found is not None:
            tools, counts, weights = found
            if not weights:  # one assignment: threads that race write the same list
                weights[:] = _weights(tools, counts)
            for index, weight in zip(tools, weights, strict=True):
                scores[index] = scores.get(index, 0.0) + weight
    if len(scores) > limit:
        import heapq

        best = heapq.nsmallest(limit, scores.items(), key=_rank_key)
    else:
        best = sorted(scores.items(), key=_rank_key)
    ranked = [index for index, _ in best]
    exact = _search_positions.get(query.strip())
    if exact is not None and limit:
        ranked = [exact, *(index for index in ranked if index != exact)][:limit]
    return ranked


def _rank_key(item: tuple[int, float]) -> tuple[float, int]:
    return -item[1], item[0]


def _weights(tools: list[int], counts: list[int]) -> list[float]:
    """BM25 weights of a term that ``tools`` have ``counts`` times."""
    import math

    norms, k1 = _norms, _BM25_K1
    idf = math.log(1.0 + (len(norms) - len(tools) + 0.5) / (len(tools) + 0.5))
    return [
        idf * n * (k1 + 1.0) / (n + norms[i])
        for i, n in zip(tools, counts, strict=True)
    ]


def _terms(text: str) -> list[str]:
    """The search terms of ``text``: generator/search.py's ``terms``, the same rule."""
    words, pieces, cases, stop = _tokenizer or _new_tokenizer()
    found: list[str] = []
    for word in words(text):
        parts = [part.lower() for piece in pieces(word) for part in cases(piece)]
        found.extend(
            _stem(part) for part in parts if len(part) > 1 and part not in stop
        )
        if len(parts) > 1:
            found.append("".join(parts))
    return found


def _stem(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith(("sses", "xes", "ches", "shes", "oes")):
        return word[:-2]
    if len(word) > 3 and word[-1] == "s" and word[-2] not in "siu":
        return word[:-1]
    return word


def _new_tokenizer() -> "_Tokenizer":
    global _tokenizer
    import re

    _tokenizer = (
        re.compile(r"[^\W_]+(?:[_-]+[^\W_]+)*").findall,
        re.compile(r"[^\W_]+").findall,
        re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z0-9])(?=[A-Z][a-z])").split,
        frozenset(_STOP_WORDS.split()),
    )
    return _tokenizer


def _load_search() -> list[str]:
    """Parse ``_SEARCH``: each tool's length, and each term's tools and counts."""
    global _search_names, _search_positions, _postings, _norms
    import json

    table: dict[str, str] = json.loads(_SEARCH)
    postings: dict[str, tuple[list[int], list[int], list[float]]] = {}
    lengths: list[int] = []
    for index, line in enumerate(table.values()):
        length = 0
        count = 1
        for term in line.split():
            if ":" in term:  # "N:term" opens a group of terms counted N times
                number, _, term = term.partition(":")
                count = int(number)
            length += count
            listed = postings.get(term)
            if listed is None:
                postings[term] = ([index], [count], [])
            else:
                listed[0].append(index)
                listed[1].append(count)
        lengths.append(length)
    average = max(sum(lengths), 1) / max(len(lengths), 1)
    k1, b = _BM25_K1, _BM25_B
    _norms = [k1 * (1.0 - b + b * length / average) for length in lengths]
    _postings = postings
    _search_positions = {name: index for index, name in enumerate(table)}
    _search_names = list(table)
    return _search_names


def _definition_texts() -> list[str]:
    """Each tool's definition as JSON text, in toolset order.

    The generator writes ``_DEFINITIONS`` one definition per line, in the toolset's
    order, as ``_SEARCH`` (docs/design.md, "Data in the module"): a search parses only
    the definitions it returns. Text in another layout is parsed whole, once.
    """
    global _definition_lines
    if _definition_lines is None:
        lines = _DEFINITIONS.split("\n")[1:-1]
        if len(lines) == len(_search_names or _load_search()):
            _definition_lines = [line.removesuffix(",") for line in lines]
        else:
            import json

            definitions: list[object] = json.loads(_DEFINITIONS)
            _definition_lines = [json.dumps(item) for item in definitions]
    return _definition_lines


# The toolset's data, parsed from the JSON texts that follow the runtime on first use.

_names: "dict[str, tuple[str, str]] | None" = None
_null_paths: "dict[str, tuple[_Path, ...]]" = {}
_plans: "dict[str, list[dict[str, Any]]]" = {}
_shapes: "dict[str, str] | None" = None
_namespaces: "dict[str, dict[str, str]] | None" = None


def _load() -> dict[str, tuple[str, str]]:
    """The names, null-path and decode-plan tables, which every call needs."""
    global _names, _null_paths, _plans
    import json

    entries: dict[str, list[str]] = json.loads(_NAMES)  # [server, tool, TypedDict]
    paths: dict[str, list[list[str | None]]] = json.loads(_NULL_PATHS)
    _null_paths = {name: tuple(map(tuple, listed)) for name, listed in paths.items()}
    _plans = json.loads(_DECODE)
    _names = {name: (entry[0], entry[1]) for name, entry in entries.items()}
    return _names


def _load_namespaces() -> dict[str, dict[str, str]]:
    """Namespace (server) -> name inside it -> exposed name, for namespaced calls."""
    global _namespaces
    import json

    _namespaces = json.loads(_NAMESPACED)
    return _namespaces


def _shape_names() -> dict[str, str]:
    global _shapes
    if _shapes is None:
        import json

        entries: dict[str, list[str]] = json.loads(_NAMES)
        _shapes = {entry[2]: name for name, entry in entries.items()}
    return _shapes


def _report() -> "Report":
    import json

    if _names is None:
        _load()
    return Report(
        fallbacks=tuple(json.loads(_FALLBACKS)),
        excluded=tuple(json.loads(_EXCLUDED)),
        renames=tuple(json.loads(_RENAMES)),
        dropped=tuple(
            {"name": name, "path": path, "keyword": keyword}
            for name, pairs in json.loads(_DROPPED).items()
            for path, keyword in pairs
        ),
        null_paths=_null_paths,
        rewrites=tuple(json.loads(_REWRITES)),
    )


if not TYPE_CHECKING:

    def __getattr__(name: str) -> object:
        # What an app may never need is built on first use, so the import stays cheap:
        # NAMES, REPORT, and the ``<Tool>Args`` names (TypedDicts for type checkers, in
        # the module's .pyi stub; at run time each is the string ``arguments()`` looks up).
        if name == "NAMES":
            names = globals()["NAMES"] = _names if _names is not None else _load()
            return names
        if name == "REPORT":
            report = globals()["REPORT"] = _report()
            return report
        if name in _shape_names():
            return name
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
