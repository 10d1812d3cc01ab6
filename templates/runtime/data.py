"""The toolset's data: the JSON tables after the runtime, parsed on first use; ``NAMES``,
``REPORT`` and the ``<Tool>Args`` names built lazily.

Part of the runtime every generated module carries (templates/runtime/__init__.py).
"""

# Empty tables standing for the per-toolset data the generator emits after the runtime.
_DEFINITIONS = "[]"
_NAMES = "{}"
_NULL_PATHS = "{}"
_DECODE = "{}"
_NAMESPACED = "{}"
_NAMESPACES = "{}"
_FALLBACKS = "[]"
_EXCLUDED = "[]"
_RENAMES = "[]"
_DROPPED = "{}"
_REWRITES = "[]"
_SEARCH = "{}"
_STRUCTURED = "[]"
_SERVERS = "{}"

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .api import TYPE_CHECKING, Report, _Path

# ---- runtime ----

if TYPE_CHECKING:
    from typing import Any


# The toolset's data, parsed from the JSON texts that follow the runtime on first use.

_names: "dict[str, tuple[str, str]] | None" = None
_null_paths: "dict[str, tuple[_Path, ...]]" = {}
_plans: "dict[str, list[dict[str, Any]]]" = {}
_shapes: "dict[str, str] | None" = None
_namespaces: "dict[str, dict[str, str]] | None" = None
_structured: "frozenset[str] | None" = None


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


def _structured_names() -> "frozenset[str]":
    """The exposed names of the tools whose Responses definition has an output schema."""
    global _structured
    import json

    _structured = frozenset(json.loads(_STRUCTURED))
    return _structured


def _recipes() -> "dict[str, dict[str, object] | None]":
    """Server -> its connection recipe as the config wrote it (a fresh copy)."""
    import json

    servers: dict[str, dict[str, object] | None] = json.loads(_SERVERS)
    return servers


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
        # NAMES, REPORT, SERVERS, and the ``<Tool>Args`` names (TypedDicts for type checkers, in
        # the module's .pyi stub; at run time each is the string ``arguments()`` looks up).
        if name == "NAMES":
            names = globals()["NAMES"] = _names if _names is not None else _load()
            return names
        if name == "REPORT":
            report = globals()["REPORT"] = _report()
            return report
        if name == "SERVERS":
            servers = globals()["SERVERS"] = _recipes()
            return servers
        if name in _shape_names():
            return name
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
