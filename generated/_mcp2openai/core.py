"""The core every part of the runtime uses: a toolset's tables, parsed on first use, and
the objects its API hands out (``ToolCall``, ``ToolCalls``, ``Report``, ``ContractError``),
read-only where they are the toolset's own (``NAMES``, ``SERVERS``, ``REPORT``).

The toolset module's import loads this file and the package's ``__init__`` (the API), and
nothing else. Every other part imports this one, and none imports the API back.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Mapping
    from typing import Any

# types.MappingProxyType, which is defined so, without importing types: a read-only view.
_ReadOnly = type(type.__dict__)


class Tables:
    """A toolset module's data: its tables, JSON texts (``definitions``, ``tools``,
    ``search``, ``args``, ``servers``, ``digests``, ``report``; docs/design.md, "Data in
    the module"), each parsed on first use, and what the parts derive from them (``cache``).
    The package's ``Toolset`` adds the API."""

    def __init__(self, module: str, **tables: str) -> None:
        """``module`` is the toolset module's ``__name__``, ``tables`` its data."""
        self.module = module
        self._texts = tables
        self._tables: dict[str, Any] = {}
        # what the parts derive from the tables, by part
        self.cache: dict[str, Any] = {}
        self.NAMES: Mapping[str, tuple[str, str]] = Lazy(self._names)
        self.SERVERS: Mapping[str, Mapping[str, object] | None] = Lazy(self._servers)
        self.REPORT = Report(self)

    def __repr__(self) -> str:
        return f"<mcp2openai toolset {self.module}>"

    # The data

    def table(self, name: str) -> "Any":
        """The table ``name``, parsed on first use and shared: never handed out."""
        found = self._tables.get(name)
        if found is None:
            import json

            try:
                found = self._tables[name] = json.loads(self._texts[name])
            except (ValueError, RecursionError) as error:
                raise ValueError(
                    f"{self.module}: its table {name!r} is not valid JSON ({error}): "
                    "the module was edited by hand; rebuild it"
                ) from None
        return found

    def definitions(self, indices: "Iterable[int] | None" = None) -> "list[Any]":
        """The tools' Responses definitions, parsed from the module's text at every call:
        new lists and dicts, the caller's to change, for less than the ``json.dumps`` the
        SDK does next (docs/performance.md). ``indices``: the tools at these positions, in
        that order, parsed from their own text (None: all)."""
        import json

        text = self._texts["definitions"]
        if indices is None:
            return json.loads(text)  # type: ignore[no-any-return]
        pieces = self.cache.get("definitions")
        if pieces is None:  # each tool's text: its first line starts with "{" (layout)
            pieces = self.cache["definitions"] = text[2:-2].split(",\n{")
            pieces[1:] = ["{" + piece for piece in pieces[1:]]
        return json.loads("[" + ",".join(pieces[i] for i in indices) + "]")  # type: ignore[no-any-return]

    def chat_definitions(self) -> "list[Any]":
        """Every tool's Chat Completions definition, new at every call: the first call
        reshapes the Responses ones (``chat``) and keeps their JSON text, which later calls
        parse: less than the Responses text (no ``output_schema``), and below the
        ``json.dumps`` the SDK does next (docs/performance.md)."""
        import json

        if "chat" not in self.cache:
            listed = [chat(tool) for tool in self.definitions()]
            self.cache["chat"] = json.dumps(listed, ensure_ascii=False)
            return listed
        return json.loads(self.cache["chat"])  # type: ignore[no-any-return]

    def entry(self, name: str) -> "dict[str, Any] | None":
        """What the toolset knows of the tool ``name`` (exposed) beyond its definition: its
        server, MCP name, TypedDict, annotations, approval, null paths or decode plan (the
        "tools" table); None for a name not in the toolset."""
        return self.table("tools").get(name)  # type: ignore[no-any-return]

    def asks(self, name: str) -> bool:
        """Whether an approval is asked for a call to the tool ``name``: the build's
        ``approve="always"`` or ``"never"`` for it, else unless it is read-only.
        ``execute_tool_calls(approve=...)`` and the frameworks' ``needs_approval="policy"``
        ask by this one rule."""
        entry = self.entry(name) or {}
        policy = entry.get("approve")
        if policy is not None:
            return bool(policy == "always")
        return not read_only(entry.get("annotations", {}))

    def _names(self) -> "dict[str, tuple[str, str]]":
        return {
            name: (entry["server"], entry["tool"])
            for name, entry in self.table("tools").items()
        }

    def _servers(self) -> "dict[str, Any]":
        return {
            server: frozen(about.get("recipe"))
            for server, about in self.table("servers").items()
        }


def chat(tool: "dict[str, object]") -> "dict[str, object]":
    """The Chat Completions form of a Responses definition: the same fields in
    ``function``, without ``output_schema``, which Chat has not."""
    function = {
        "name": tool["name"],
        "description": tool["description"],
        "parameters": tool["parameters"],
        "strict": tool["strict"],
    }
    return {"type": "function", "function": function}


def read_only(annotations: "Mapping[str, object]") -> bool:
    """Whether a tool's annotations make it read-only: ``readOnlyHint`` true (absent means
    false, as the MCP specification says), and not ``destructiveHint`` true beside it (the
    two contradict each other: the build reports them, and the tool is not trusted)."""
    hinted = annotations.get("readOnlyHint") is True
    return hinted and annotations.get("destructiveHint") is not True


def frozen(value: object) -> "Any":
    """``value`` (a JSON value) read-only: its objects as read-only mappings, its arrays as
    tuples."""
    if type(value) is dict:
        return _ReadOnly({key: frozen(item) for key, item in value.items()})
    if type(value) is list:
        return tuple(frozen(item) for item in value)
    return value


if TYPE_CHECKING:
    _Mapping = Mapping[Any, Any]
else:  # the Mapping ABC costs more to import than the rest of this file
    _Mapping = object


class Lazy(_Mapping):
    """A read-only mapping made on first use (``NAMES``, ``SERVERS``): a toolset module's
    import parses none of its data. It has every method of a ``Mapping``."""

    __slots__ = ("_load", "_mapping")

    def __init__(self, load: "Callable[[], dict[Any, Any]]") -> None:
        self._load = load
        self._mapping: Mapping[Any, Any] | None = None

    def _made(self) -> "Mapping[Any, Any]":
        if self._mapping is None:
            self._mapping = _ReadOnly(self._load())
        return self._mapping

    def __getitem__(self, key: object) -> "Any":
        return self._made()[key]

    def __iter__(self) -> "Iterator[Any]":
        return iter(self._made())

    def __len__(self) -> int:
        return len(self._made())

    def __contains__(self, key: object) -> bool:
        return key in self._made()

    def __eq__(self, other: object) -> bool:
        return self._made() == other

    def __repr__(self) -> str:
        return repr(dict(self._made()))

    def __getattr__(self, name: str) -> "Any":  # get, keys, values, items, copy
        return getattr(self._made(), name)


class ToolCall:
    """One function call from the model, checked and ready to run.

    ``call_id`` pairs the call with its output. ``name`` is the exposed (OpenAI) name;
    ``server`` and ``tool`` are the MCP server and tool it stands for. ``arguments`` is
    the parsed JSON object as the server takes it: the nulls strict mode made the model
    send for optional properties removed (null there means "not given"), and the
    rewrites undone. ``namespace`` is the namespace the model named (Responses),
    ``caller`` the call's ``caller`` as a plain dict (Responses: ``{"type": "program",
    "caller_id": ...}`` when a program made the call); both are None when absent.
    ``name`` is the flat exposed name whether or not the call was namespaced.
    ``annotations`` are the tool's MCP annotations (``readOnlyHint``,
    ``destructiveHint``, ``idempotentHint``, ``openWorldHint``, ``title``) after the
    build's overrides; ``{}`` when it has none.
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
        arguments: "dict[str, object]",
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
        shown = ["call_id", "name", "server", "tool", "arguments"]
        shown += [
            key for key in ("namespace", "caller") if getattr(self, key) is not None
        ]
        shown += ["annotations"] if self.annotations else []
        return "ToolCall(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in shown) + ")"

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
    """Every decision the generator made for this toolset, for review and logging;
    read-only, each part read from the module's data on first use.

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
      pointer into the original schema, kind).

    The module logs nothing on import. ``as_dict()`` is a JSON-able copy for an app
    that logs or exports it; the ``mcp2openai.strict_fallback`` event is one log record
    per fallback::

        for entry in REPORT.as_dict()["fallbacks"]:
            log.warning("mcp2openai.strict_fallback %s", entry)
    """

    __slots__ = ("_parts", "_toolset")

    def __init__(self, toolset: Tables) -> None:
        self._toolset = toolset
        self._parts: dict[str, Any] = {}

    def _part(self, key: str) -> "Any":
        found = self._parts.get(key)
        if found is None:
            if key == "null_paths":
                tools = self._toolset.table("tools").items()
                found = frozen({name: e["nulls"] for name, e in tools if "nulls" in e})
            elif key == "dropped":  # grouped by tool: [name, [[path, keyword], ...]]
                grouped = self._toolset.table("report")["dropped"]
                found = tuple(
                    _ReadOnly({"name": name, "path": path, "keyword": keyword})
                    for name, pairs in grouped
                    for path, keyword in pairs
                )
            else:
                found = frozen(self._toolset.table("report").get(key, []))
            self._parts[key] = found
        return found

    @property
    def fallbacks(self) -> "tuple[Mapping[str, object], ...]":
        return self._part("fallbacks")  # type: ignore[no-any-return]

    @property
    def excluded(self) -> "tuple[Mapping[str, object], ...]":
        return self._part("excluded")  # type: ignore[no-any-return]

    @property
    def renames(self) -> "tuple[Mapping[str, object], ...]":
        return self._part("renames")  # type: ignore[no-any-return]

    @property
    def dropped(self) -> "tuple[Mapping[str, object], ...]":
        return self._part("dropped")  # type: ignore[no-any-return]

    @property
    def rewrites(self) -> "tuple[Mapping[str, object], ...]":
        return self._part("rewrites")  # type: ignore[no-any-return]

    @property
    def null_paths(self) -> "Mapping[str, tuple[tuple[str | None, ...], ...]]":
        return self._part("null_paths")  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        return (
            f"Report(fallbacks={len(self.fallbacks)}, excluded={len(self.excluded)}, "
            f"renames={len(self.renames)}, dropped={len(self.dropped)}, "
            f"null_paths={len(self.null_paths)} tools, rewrites={len(self.rewrites)})"
        )

    def as_dict(self) -> "dict[str, object]":
        """A JSON-able copy (dicts and lists) that ``json.dumps`` takes as it is."""
        keys = ("fallbacks", "excluded", "renames", "dropped", "null_paths", "rewrites")
        return {key: _plain(self._part(key)) for key in keys}


def _plain(value: object) -> object:
    if isinstance(value, (dict, _ReadOnly)):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


class ContractError(Exception):
    """``connect(check="raise")``: tools of a server changed since the toolset was built.
    ``changes`` holds ``(server, tool, what)`` for each: ``what`` is ``"changed"`` (its
    digest differs) or ``"removed"`` (the server no longer lists it)."""

    def __init__(self, changes: "list[tuple[str, str, str]]") -> None:
        listed = ", ".join(f"{s}: {tool} ({what})" for s, tool, what in changes)
        count = len(changes)
        super().__init__(
            f"{count} tool{'' if count == 1 else 's'} changed since the toolset was "
            f"built: {listed}; grade the change with `mcp2openai fetch --check`, then "
            "rebuild with `mcp2openai build`"
        )
        self.changes = changes


class ServerError(ConnectionError):
    """A server of ``connect()`` that could not be started, or that stopped during a
    call. ``server`` names it; ``stderr`` is the end of what it wrote to its stderr
    (stdio), for the app's logs and errors: the message of a call's error, which the
    model reads as the call's output, never holds it; ``connect()``'s own errors do."""

    def __init__(self, server: str, message: str, stderr: str = "") -> None:
        super().__init__(message)
        self.server = server
        self.stderr = stderr
