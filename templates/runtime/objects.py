"""The public classes: ``ToolCall``, ``ToolCalls`` and ``Report``; ``arguments()`` and
``REPORT``, built from the toolset's report tables.

Shared by every toolset of the folder: ``a.ToolCall is b.ToolCall``.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeVar

    from . import Toolset

    _T = TypeVar("_T")
    _Path = tuple[str | None, ...]


class ToolCall:
    """One function call from the model, checked and ready to run.

    ``call_id`` pairs the call with its output. ``name`` is the exposed (OpenAI) name;
    ``server`` and ``tool`` are the MCP server and tool it stands for. ``arguments`` is
    the parsed JSON object with the nulls at the tool's null paths removed: strict mode
    makes every optional property required but nullable, and null there means "not
    given". ``namespace`` is the namespace the model named (Responses), ``caller`` the
    call's ``caller`` as a plain dict (Responses: ``{"type": "program", "caller_id":
    ...}`` when a program made the call); both are None when absent. ``name`` is the
    flat exposed name whether or not the call was namespaced. ``annotations`` are the
    tool's MCP annotations (``readOnlyHint``, ``destructiveHint``, ``idempotentHint``,
    ``openWorldHint``, ``title``) after the build's overrides; ``{}`` when it has none.
    """

    __slots__ = (
        "annotations",
        "arguments",
        "call_id",
        "caller",
        "name",
        "namespace",
        "server",
        "tool",
    )

    def __init__(
        self,
        call_id: str,
        name: str,
        server: str,
        tool: str,
        arguments: dict[str, object],
        namespace: "str | None" = None,
        caller: "dict[str, object] | None" = None,
        annotations: "dict[str, object] | None" = None,
    ) -> None:
        self.call_id = call_id
        self.name = name
        self.server = server
        self.tool = tool
        self.arguments = arguments
        self.namespace = namespace
        self.caller = caller
        self.annotations: dict[str, object] = {} if annotations is None else annotations

    def __repr__(self) -> str:
        text = (
            f"ToolCall(call_id={self.call_id!r}, name={self.name!r}, "
            f"server={self.server!r}, tool={self.tool!r}, arguments={self.arguments!r}"
        )
        if self.namespace is not None:
            text += f", namespace={self.namespace!r}"
        if self.caller is not None:
            text += f", caller={self.caller!r}"
        if self.annotations:
            text += f", annotations={self.annotations!r}"
        return text + ")"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ToolCall):
            return NotImplemented
        return all(getattr(self, key) == getattr(other, key) for key in self.__slots__)


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


def arguments(toolset: "Toolset", call: ToolCall, shape: "type[_T]") -> "_T":
    """The arguments of ``call``, typed as the tool's TypedDict ``shape``.

    ``shape`` is one of this module's ``<Tool>Args`` names, e.g. ``arguments(call, SearchArgs)``;
    a call to another tool raises ValueError. At run time the names are plain strings.
    """
    expected = shape_names(toolset).get(shape if isinstance(shape, str) else "")
    if expected is None or call.name != expected:
        raise ValueError(f"call {call.call_id!r} is to {call.name!r}, not {expected!r}")
    return call.arguments  # type: ignore[return-value]


def read_only(annotations: "dict[str, object]") -> bool:
    """Whether a tool's annotations make it read-only: ``readOnlyHint`` true (absent means
    false, as the MCP specification says), and not ``destructiveHint`` true beside it (the
    two contradict each other: the build reports them, and the tool is not trusted)."""
    hinted = annotations.get("readOnlyHint") is True
    return hinted and annotations.get("destructiveHint") is not True


def asks(toolset: "Toolset", name: str) -> bool:
    """Whether an approval is asked for a call to the tool ``name`` (exposed): the build's
    ``approve="always"`` or ``"never"`` for it, else unless it is read-only (``read_only``
    of its annotations). ``execute_tool_calls(approve=...)`` and the frameworks' adapters
    (``needs_approval="policy"``) ask by this one rule."""
    policy = toolset.table("approve").get(name)
    if policy is not None:
        return bool(policy == "always")
    annotations: dict[str, dict[str, object]] = toolset.table("annotations")
    return not read_only(annotations.get(name, {}))


def report(toolset: "Toolset") -> Report:
    """``REPORT``: the toolset's report tables as one ``Report``."""
    paths: dict[str, list[list[str | None]]] = toolset.table("null_paths")
    return Report(
        fallbacks=tuple(toolset.table("fallbacks")),
        excluded=tuple(toolset.table("excluded")),
        renames=tuple(toolset.table("renames")),
        dropped=tuple(
            {"name": name, "path": path, "keyword": keyword}
            for name, pairs in toolset.table("dropped").items()
            for path, keyword in pairs
        ),
        null_paths={name: tuple(map(tuple, listed)) for name, listed in paths.items()},
        rewrites=tuple(toolset.table("rewrites")),
    )


def constant(toolset: "Toolset", name: str) -> "tuple[object, bool]":
    """A toolset module's public name other than its functions (``Toolset.attribute``):
    its value, and whether the module keeps it in its globals. A ``<Tool>Args`` name is
    at run time the string ``arguments()`` reads, not kept."""
    if name == "ToolCall" or name == "ToolCalls" or name == "Report":
        return globals()[name], True
    if name == "ContractError":
        from .contract import ContractError

        return ContractError, True
    if name == "NAMES":  # exposed name -> (server, MCP tool name)
        entries: dict[str, list[str]] = toolset.table("names")
        return {
            exposed: (entry[0], entry[1]) for exposed, entry in entries.items()
        }, True
    if name == "REPORT":
        return report(toolset), True
    if name == "SERVERS":
        return toolset.table("servers"), True
    if name in shape_names(toolset):
        return name, False
    raise AttributeError(
        f"module {toolset.namespace.get('__name__')!r} has no attribute {name!r}"
    )


def shape_names(toolset: "Toolset") -> "dict[str, str]":
    """``<Tool>Args`` name -> exposed name."""
    if toolset.shapes is None:
        entries: dict[str, list[str]] = toolset.table("names")
        toolset.shapes = {entry[2]: name for name, entry in entries.items()}
    return toolset.shapes
