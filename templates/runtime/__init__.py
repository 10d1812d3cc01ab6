"""The runtime the mcp2openai toolset modules of this folder share.

``mcp2openai build`` writes this package once into the folder of the toolset modules it
builds, and each toolset module (``github.py``, say) holds no code of its own: it makes one
``Toolset`` of its data (``github.json``, beside it) and answers every public name through
``Toolset.attribute`` on first use. Each name comes from the part of this package that
defines it, so an app that only sends tools and parses calls never loads (nor compiles,
without bytecode) the parts it does not call:

- ``definitions``: ``tools``, ``tool_choice``, ``tool_search``;
- ``calls``: ``tool_calls``; ``decode``: the decode plans (nulls and rewrites);
  ``offered``: what a request offered, the only tools a call may be to;
- ``outputs``: ``tool_output``; ``execute``: ``execute_tool_calls``, with ``clock`` (a
  call's timeout and progress) and ``tasks``; ``connect``: ``connect``, with ``recipes``
  (the servers' recipes) and ``questions`` (elicitation);
- ``frameworks``: ``agents_tools``, ``pydantic_ai_toolset`` (they import their framework
  when called);
- ``objects``: ``ToolCall``, ``ToolCalls``, ``Report``, ``arguments``;
- ``search``, ``reading`` and ``rejections``, which those use.

Everything here uses the standard library only and imports it where it is needed; only
``connect()`` imports a package, the ``mcp`` SDK it opens sessions with, and
``agents_tools()`` and ``pydantic_ai_toolset()`` the framework each is for, when called.
``api.pyi`` is the typed API every toolset's ``.pyi`` stub re-exports (for type checkers
only).
"""

VERSION = "0.3.0"  # the mcp2openai version that wrote this runtime

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Toolset:
    """One toolset module: its data, parsed table by table on first use, and what the
    runtime's parts derive from it (each of those slots is filled by the part named)."""

    __slots__ = (
        "_data",
        "_tables",
        "catalog",
        "index",
        "namespace",
        "shapes",
        "structured",
        "targets",
    )

    def __init__(
        self, namespace: "dict[str, Any]", version: str, data: "str | None" = None
    ) -> None:
        """``namespace`` is the toolset module's ``globals()``, ``version`` the mcp2openai
        version that built it, ``data`` its data text (default: read from the ``.json``
        file beside the module, on first use)."""
        if version != VERSION:
            module = str(namespace.get("__file__") or namespace.get("__name__"))
            raise ImportError(
                f"{module} was built by mcp2openai {version}, but the runtime beside it "
                f"({__file__}) is mcp2openai {VERSION}'s: build the toolsets of this "
                "folder with one version (`pip install mcp2openai==<version>`, then "
                "`mcp2openai build ...` for each of them)"
            )
        self.namespace = namespace
        self._data = data
        self._tables: dict[str, Any] = {}
        self.targets: dict[str, tuple[str, str]] | None = None  # calls: NAMES
        self.catalog: Any = None  # definitions: the parsed definitions, indexed
        self.index: Any = None  # search: the postings of the search index
        self.structured: frozenset[str] | None = None  # outputs
        self.shapes: dict[str, str] | None = None  # objects: TypedDict name -> tool

    def attribute(self, name: str) -> object:
        """The toolset module's ``__getattr__``: a public name, made on first use and then
        kept in the module (so later uses are plain global reads)."""
        part: Any = None
        if name == "tools" or name == "tool_choice" or name == "tool_search":
            from . import definitions as part
        elif name == "tool_calls":
            from . import calls as part
        elif name == "tool_output":
            from . import outputs as part
        elif name == "execute_tool_calls":
            from . import execute as part
        elif name == "connect":
            from . import connect as part
        elif name == "agents_tools" or name == "pydantic_ai_toolset":
            from . import frameworks as part
        elif name == "arguments":
            from . import objects as part
        if part is not None:
            value: object = getattr(part, name).__get__(self)  # bound to this toolset
        elif name == "ToolCall" or name == "ToolCalls" or name == "Report":
            from . import objects

            value = getattr(objects, name)
        elif name == "ContractError":
            from .contract import ContractError

            value = ContractError
        elif name == "NAMES":
            value = self.names()
        elif name == "REPORT":
            from .objects import report

            value = report(self)
        elif name == "SERVERS":
            value = self.table("servers")
        elif name in self.shape_names():
            return name  # a <Tool>Args name: at run time, the string arguments() reads
        else:
            raise AttributeError(
                f"module {self.namespace.get('__name__')!r} has no attribute {name!r}"
            )
        self.namespace[name] = value
        return value

    def listing(self) -> list[str]:
        """The toolset module's ``__dir__``: its globals and every public name."""
        return sorted({*self.namespace, *self.namespace.get("__all__", ())})

    def names(self) -> dict[str, tuple[str, str]]:
        """Exposed name -> (server, MCP tool name): ``NAMES``."""
        if self.targets is None:
            entries: dict[str, list[str]] = self.table("names")
            self.targets = {
                name: (entry[0], entry[1]) for name, entry in entries.items()
            }
        return self.targets

    def shape_names(self) -> dict[str, str]:
        """``<Tool>Args`` name -> exposed name."""
        if self.shapes is None:
            entries: dict[str, list[str]] = self.table("names")
            self.shapes = {entry[2]: name for name, entry in entries.items()}
        return self.shapes

    def table(self, key: str) -> "Any":
        """One table of the data, parsed on first use and shared: callers copy before
        they change it."""
        try:
            return self._tables[key]
        except KeyError:
            pass
        text = self.text()
        start = text.find('\n"' + key + '":')
        if start < 0:
            raise LookupError(f"{self.data_path()} has no table {key!r}: rebuild it")
        value, _ = _decoder().raw_decode(text, start + len(key) + 4)
        self._tables[key] = value
        return value

    def text(self) -> str:
        """The data text: a JSON object with one table per top-level key, each key at
        the start of a line and every line inside a table indented, so ``table`` finds a
        key without parsing the tables before it (JSON strings hold no line breaks)."""
        if self._data is None:
            path = self.data_path()
            loader = self.namespace.get("__loader__")
            try:
                get_data = getattr(loader, "get_data", None)
                if get_data is not None:  # also inside a zip (zipimport)
                    raw: bytes = get_data(path)
                else:
                    with open(path, "rb") as stream:
                        raw = stream.read()
            except OSError as error:
                raise OSError(
                    f"{path}: the data of {self.namespace.get('__name__')} cannot be "
                    f"read ({error}); `mcp2openai build` writes it beside the module"
                ) from None
            text = raw.decode("utf-8")
            header = '{\n"mcp2openai":"' + VERSION + '",\n'
            if not text.startswith(header):
                raise ValueError(
                    f"{path} was not written by mcp2openai {VERSION} with its module: "
                    "rebuild the toolset"
                )
            self._data = text
        return self._data

    def data_path(self) -> str:
        """The data file: the module's file name with ``.json`` for its suffix."""
        module = str(self.namespace.get("__file__") or "")
        return module.rpartition(".")[0] + ".json"


def _decoder() -> "Any":
    import json

    return json.JSONDecoder()
