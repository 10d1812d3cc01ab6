"""The runtime the mcp2openai toolset modules of this folder share.

``mcp2openai build`` writes this package once into the folder of the toolset modules it
builds, and each toolset module (``github.py``, say) holds no code of its own: it makes one
``Toolset`` of its data (``github.json``, beside it) and answers every public name through
``Toolset.attribute`` on first use. Each name comes from the part of this package that
defines it, so an app that only sends tools and parses calls never loads (nor compiles,
without bytecode) the parts it does not call:

- this file: ``Toolset``, and ``tools`` for every tool in the Responses form (all that
  an app that sends every tool loads); ``definitions``: the other calls of ``tools``
  (the Chat Completions form, ...); ``selection``: its selections and namespaces,
  ``tool_choice``, the client tool search's answer; ``search``: ``tool_search``, the
  ranking;
- ``calls``: ``tool_calls``; ``decode``: the decode plans (nulls and rewrites);
  ``offered``: what a request offered, the only tools a call may be to;
- ``outputs``: ``tool_output``; ``execute``: ``execute_tool_calls``, with ``clock`` (a
  call's timeout and progress) and ``tasks``; ``connect``: ``connect``, with ``recipes``
  (the servers' recipes) and ``questions`` (elicitation);
- ``frameworks``: ``agents_tools``, ``pydantic_ai_toolset`` (they import their framework
  when called);
- ``objects``: ``ToolCall``, ``ToolCalls``, ``Report``, ``arguments``;
- ``reading`` and ``rejections``, which those use.

Everything here uses the standard library only and imports it where it is needed; only
``connect()`` imports a package, the ``mcp`` SDK it opens sessions with, and
``agents_tools()`` and ``pydantic_ai_toolset()`` the framework each is for, when called.
``api.pyi`` is the typed API every toolset's ``.pyi`` stub re-exports (for type checkers
only).
"""

VERSION = "0.3.0"  # the mcp2openai version that wrote this runtime

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

# A toolset module's public functions -> the part of this package that defines each (bound
# to the toolset on first use); ``objects.constant`` answers its other names.
_PARTS = {
    "tools": "",  # defined here: what most apps call, and all they call at start
    "tool_choice": "selection",
    "tool_search": "search",
    "tool_calls": "calls",
    "tool_output": "outputs",
    "execute_tool_calls": "execute",
    "connect": "connect",
    "agents_tools": "frameworks",
    "pydantic_ai_toolset": "frameworks",
    "arguments": "objects",
}

# The data's first lines as this runtime writes them, up to the "tables" object; and the
# two bytes that may follow a table's value (the next key's line, or the data's end).
_OPENING = b'{\n"mcp2openai":"' + VERSION.encode() + b'",\n"tables":{'
_ENDS = (b",\n", b"\n}")


class Toolset:
    """One toolset module: its data, read and parsed table by table on first use, and what
    the runtime's parts derive from it (each of those slots is filled by the part named).

    This file is all an import loads, and all that the first ``tools("responses")`` does;
    anything else is in the other parts (``files`` when a data file is not one this
    runtime wrote, or not a plain file), so that without bytecode little is compiled at
    every start.
    """

    __slots__ = (
        "_base",
        "_data",
        "_spans",
        "_stamp",
        "_tables",
        "catalog",
        "index",
        "namespace",
        "shapes",
        "structured",
    )
    namespace: "dict[str, Any]"  # the toolset module's globals()
    _data: "bytes | None"  # the whole data file, when given or read through a zip
    _spans: "dict[str, list[int]] | None"  # the data's "tables" line, once read
    _base: int  # where the offsets of "tables" count from
    _stamp: "tuple[int, int, int] | None"  # inode, size, mtime at the first read
    _tables: "dict[str, Any]"  # the tables parsed so far
    catalog: "Any"  # definitions: the parsed definitions and their other forms
    index: "Any"  # search: the postings of the search index
    structured: "frozenset[str] | None"  # outputs: the tools with an output schema
    shapes: "dict[str, str] | None"  # objects: TypedDict name -> exposed name

    def __init__(
        self, namespace: "dict[str, Any]", version: str, data: "str | None" = None
    ) -> None:
        """``namespace`` is the toolset module's ``globals()``, ``version`` the mcp2openai
        version that built it, ``data`` its data text (default: read from the ``.json``
        file beside the module, table by table, on first use)."""
        if version != VERSION:
            from .files import version_error

            raise version_error(namespace, version)
        self.namespace, self._tables, self._base = namespace, {}, 0
        self._data = None if data is None else data.encode("utf-8")
        self._spans = self._stamp = self.catalog = self.index = None
        self.structured = self.shapes = None

    def attribute(self, name: str) -> object:
        """The toolset module's ``__getattr__``: a public name, made on first use and then
        kept in the module (so later uses are plain global reads)."""
        part = _PARTS.get(name)
        if part is None and name.startswith("__"):  # `from <toolset> import ...` asks
            module = self.namespace.get("__name__")  # for __path__: none is public
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        if part is None:
            from .objects import constant  # the names that are not functions

            value, kept = constant(self, name)
            if not kept:
                return value
        else:
            value = getattr(_part(part), name).__get__(self)  # bound to this toolset
        self.namespace[name] = value
        return value

    def listing(self) -> list[str]:
        """The toolset module's ``__dir__``: its globals and every public name."""
        return sorted({*self.namespace, *self.namespace.get("__all__", ())})

    def table(self, key: str) -> "Any":
        """One table of the data, parsed on first use and shared: callers copy before
        they change it."""
        if key not in self._tables:
            import json

            text = self.source(key)
            try:
                self._tables[key] = json.loads(text)
            except (ValueError, RecursionError):
                from .files import data_error

                raise data_error(self, f"its table {key!r} is not valid JSON") from None
        return self._tables[key]

    def source(self, key: str) -> str:
        """One table's JSON text, read alone: the data's third line, ``"tables"``, gives
        the byte offsets of each table's value, counted from the line after it. The bytes
        read run from the table's key to the two after its value (the next key's line, or
        the data's end), to check both ends; ``files.misplaced`` says what is wrong when
        they are not as written."""
        spans = self._spans if self._spans is not None else self._contents()
        before = b'"' + key.encode() + b'":'
        if key in spans:
            start, end = spans[key]
            start, end = self._base + start - len(before), self._base + end + 2
            raw = self._read(start, end)
            if len(raw) == end - start and raw.startswith(before) and raw[-2:] in _ENDS:
                try:  # ASCII, as written; decoded from a view, not a copy of the bytes
                    return str(memoryview(raw)[len(before) : -2], "ascii")
                except UnicodeDecodeError:
                    pass
        from .files import misplaced

        raise misplaced(self, key)

    def _contents(self) -> "dict[str, list[int]]":
        # The data's first lines: "{", the version, and "tables" (some hundred bytes).
        # Line ends made CRLF, and lines not as written, are for files.contents.
        head = self._read(0, 4096)
        head = head[: head.find(b"\n", len(_OPENING)) + 1]
        fits = head.startswith(_OPENING) and head.endswith(b"},\n")
        try:
            import json

            spans: dict[str, list[int]] = json.loads(head[len(_OPENING) - 1 : -2])
            for start, end in spans.values():  # offsets: 0 <= start <= end
                fits = fits and type(start) is type(end) is int and 0 <= start <= end
        except (ValueError, TypeError, AttributeError, RecursionError):
            fits = False  # not an object of [start, end]
        if not fits:
            from .files import contents

            return contents(self, head)
        self._base, self._spans = len(head), spans  # _spans last: it says all is set
        return spans

    def _read(self, start: int, end: int) -> bytes:
        # Bytes of the data file: from the file itself, checked to be the one first read,
        # or all of it through the module's loader where it is not a file of its own
        # (inside a zip).
        if self._data is None:
            try:
                with open(self.data_path(), "rb") as stream:
                    try:  # os.fstat, without importing os: `python -S` has not, and
                        from posix import fstat  # that costs more than tools() reads
                    except ImportError:  # Windows, where site has imported os
                        from os import fstat
                    found = fstat(stream.fileno())
                    stamp = (found.st_ino, found.st_size, found.st_mtime_ns)
                    if self._stamp not in (None, stamp):  # rebuilt since: never
                        from .files import data_error  # mix two builds

                        reason = "it changed since this process first read it"
                        raise data_error(self, reason, "restart the app to use it")
                    self._stamp = stamp
                    # From no further than the file's end (a seek past what an
                    # offset can say raises), and to no further:
                    stream.seek(min(start, stamp[1]))
                    return stream.read(max(0, min(end, stamp[1]) - start))
            except OSError:
                from .files import loaded

                self._data = loaded(self)
        return self._data[start:end]

    def data_path(self) -> str:
        """The data file: the module's file name with ``.json`` for its suffix."""
        module = str(self.namespace.get("__file__") or "")
        return module.rpartition(".")[0] + ".json"


def tools(
    toolset: Toolset,
    api: str,
    *,
    servers: "Iterable[str] | None" = None,
    names: "Iterable[str] | None" = None,
    namespaces: bool = False,
    defer: bool = False,
    search: "str | None" = None,
    read_only: bool = False,
) -> "list[dict[str, object]]":
    """The tool definitions to pass as ``tools=`` to the ``openai`` SDK.

    ``api`` is ``"chat"`` (Chat Completions) or ``"responses"``. ``servers`` (server
    names) and ``names`` (exposed names) select a subset: the tools of those servers
    and the tools of those names, in the toolset's order; an unknown one raises
    ``ValueError`` naming the closest known ones. ``read_only=True`` keeps the
    read-only tools of those: ``readOnlyHint`` true after the build's overrides, and no
    ``destructiveHint`` true beside it. Responses
    only:

    - ``namespaces=True``: one ``namespace`` per server, described by the server's
      title and instructions (or a summary of its tools); inside it each function is
      named by its MCP tool name (``tool_calls`` maps the calls back);
    - ``defer=True``: every function gets ``defer_loading`` and a hosted
      ``{"type": "tool_search"}`` is added, so the model loads definitions as needed;
    - ``search="client"``: a ``tool_search`` the app runs instead (``execute_tool_calls``
      answers it with the module's compiled search; the model may also ask for tools
      or namespaces by name, as ``paths``).

    The definitions are parsed once and shared between calls, so a call costs next to
    nothing: do not change what is returned (copy it first, e.g. ``copy.deepcopy``).
    """
    every = servers is None and names is None and read_only is False
    flat = namespaces is False and defer is False and search is None
    if api == "responses" and every and flat:
        # Every tool as built, the call most apps make: answered with no other part.
        return list(toolset.table("definitions"))
    return _part("definitions").tools(  # type: ignore[no-any-return]
        toolset,
        api,
        servers=servers,
        names=names,
        namespaces=namespaces,
        defer=defer,
        search=search,
        read_only=read_only,
    )


def _part(name: str) -> "Any":
    """The part ``name`` of this package (``""``: this file), imported on first use."""
    import sys

    module = f"{__name__}.{name}" if name else __name__
    __import__(module)
    return sys.modules[module]
