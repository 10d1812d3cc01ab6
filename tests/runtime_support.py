"""The runtime (templates/runtime/, the package `mcp2openai.templates.runtime`) as a toolset
module holds it, with a small toolset of the test's own.

`load_runtime` makes a module object that binds its public names as a generated toolset
module does (a `Toolset` of its tables, its methods and attributes), from tables given as
Python values: they are handed to the `Toolset` as the JSON texts a module holds.
`with_toolset` gives such a module another toolset.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any

from mcp2openai.literals import table_text
from mcp2openai.tables import LAYOUTS, TABLE_NAMES
from mcp2openai.templates.runtime import BOUND, CLASSES, VERSION, Toolset

RUNTIME = Path(__file__).resolve().parent.parent / "templates" / "runtime"
PUBLIC = tuple(sorted([*CLASSES, *BOUND], key=lambda n: (not n.isupper(), n[:1].islower(), n)))

NullPaths = dict[str, tuple[tuple[str | None, ...], ...]]


def load_runtime(
    name: str,
    names: dict[str, tuple[str, str]],
    null_paths: NullPaths | None = None,
    definitions: list[dict[str, object]] | None = None,
    namespaced: dict[str, dict[str, str]] | None = None,
    structured: list[str] | None = None,
    servers: dict[str, dict[str, object] | None] | None = None,
) -> Any:
    module: Any = types.ModuleType(name)
    module.__file__ = f"<{name}>"
    module.__all__ = list(PUBLIC)
    sys.modules[name] = module  # as an import would register it
    return with_toolset(
        module,
        names,
        null_paths,
        definitions,
        namespaced=namespaced,
        structured=structured,
        servers=servers,
    )


def with_toolset(module: Any, names: dict[str, tuple[str, str]], *args: Any, **kwargs: Any) -> Any:
    """`module` with this toolset's data (`toolset_tables`' arguments), its names bound to it
    as a toolset module binds them."""
    tables = toolset_tables(names, *args, **kwargs)
    texts = {key: table_text(value, LAYOUTS.get(key, "entries")) for key, value in tables.items()}
    toolset = Toolset(module.__name__, VERSION, **texts)
    module._toolset = toolset
    runtime = sys.modules[Toolset.__module__]
    for public in CLASSES:
        setattr(module, public, getattr(runtime, public))
    for public in BOUND:
        setattr(module, public, getattr(toolset, public))
    module.__getattr__ = toolset.typeddict
    return module


def toolset_tables(
    names: dict[str, tuple[str, str]],
    null_paths: NullPaths | None = None,
    definitions: list[dict[str, object]] | None = None,
    decode: dict[str, list[dict[str, Any]]] | None = None,
    namespaced: dict[str, dict[str, str]] | None = None,
    structured: list[str] | None = None,
    servers: dict[str, dict[str, object] | None] | None = None,
    search: dict[str, str] | None = None,
    annotations: dict[str, dict[str, object]] | None = None,
    approve: dict[str, str] | None = None,
    args: dict[str, list[list[str]] | None] | None = None,
    digests: dict[str, str] | None = None,
) -> dict[str, Any]:
    """Every table of a toolset module, from these (empty where not given). The tools'
    entries come from `names` and the tables per tool; a tool with a plan in `decode` has
    it in place of its null paths, as the generator writes them."""
    local_of = {
        exposed: local
        for inside in (namespaced or {}).values()
        for local, exposed in inside.items()
    }
    entries: dict[str, dict[str, Any]] = {}
    for index, (exposed, (server, tool)) in enumerate(names.items()):
        entry: dict[str, Any] = {"server": server, "tool": tool, "args": f"Shape{index}Args"}
        if local_of.get(exposed, tool) != tool:
            entry["local"] = local_of[exposed]
        if exposed in (annotations or {}):
            entry["annotations"] = (annotations or {})[exposed]
        if exposed in (approve or {}):
            entry["approve"] = (approve or {})[exposed]
        if exposed in (decode or {}):
            entry["decode"] = (decode or {})[exposed]
        elif (null_paths or {}).get(exposed):
            entry["nulls"] = [list(path) for path in (null_paths or {})[exposed]]
        if exposed in (structured or []):
            entry["structured"] = True
        entries[exposed] = entry
    known = {server: None for server, _ in names.values()}
    known.update({server: None for server in namespaced or {}})
    known.update(servers or {})
    tables: dict[str, Any] = {
        "definitions": definitions or [],
        "tools": entries,
        "search": search or {},
        "args": args or {},
        "servers": {server: {"recipe": recipe} for server, recipe in known.items()},
        "digests": digests or {},
        "report": {key: [] for key in ("fallbacks", "excluded", "renames", "dropped", "rewrites")},
    }
    assert tuple(tables) == TABLE_NAMES
    return tables


def write_toolset(
    directory: Path,
    name: str,
    names: dict[str, tuple[str, str]],
    definitions: list[dict[str, object]] | None = None,
) -> Path:
    """A toolset module on disk as a build writes it (its module from the template with
    these tables, the runtime beside it), for tests that import it in a fresh interpreter;
    the folder to put on sys.path."""
    from mcp2openai.emit import Emission, runtime_files
    from mcp2openai.literals import Source, table
    from mcp2openai.render import module_source

    runtime = directory / "_mcp2openai"
    runtime.mkdir(parents=True, exist_ok=True)
    for file, text in runtime_files().items():
        (runtime / file).write_text(text, encoding="utf-8")
    tables = toolset_tables(names, definitions=definitions)
    sources = {
        key: Source(table(value, LAYOUTS.get(key, "entries"))) for key, value in tables.items()
    }
    blank = Emission(
        Source(VERSION), Source('"""A toolset."""'), Source(""), Source(""), "", sources
    )
    (directory / f"{name}.py").write_text(module_source(blank), encoding="utf-8")
    return directory


def definition(
    name: str, description: str, parameters: dict[str, object], strict: bool
) -> dict[str, object]:
    """A Responses function tool, as the "definitions" table holds each tool."""
    return {
        "type": "function",
        "name": name,
        "description": description,
        "parameters": parameters,
        "strict": strict,
    }
