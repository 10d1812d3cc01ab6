"""The runtime (templates/runtime/, the package `mcp2openai.templates.runtime`) as a toolset
module holds it, with a small toolset of the test's own.

`load_runtime` makes a module object that answers its public names as a generated toolset
module does (a `Toolset` of its data, `__getattr__`), from tables given as Python values:
they are written as the generator writes a toolset's data file (generator/literals.py,
`data_text`), and null paths become the decode plans the generator makes of them.
`with_toolset` gives such a module another toolset.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any

from mcp2openai.literals import data_text
from mcp2openai.strict import null_plan
from mcp2openai.tables import TABLE_NAMES
from mcp2openai.templates.runtime import VERSION, Toolset

RUNTIME = Path(__file__).resolve().parent.parent / "templates" / "runtime"
PUBLIC = (
    "NAMES",
    "REPORT",
    "SERVERS",
    "ContractError",
    "Report",
    "ToolCall",
    "ToolCalls",
    "agents_tools",
    "arguments",
    "connect",
    "execute_tool_calls",
    "pydantic_ai_toolset",
    "tool_calls",
    "tool_choice",
    "tool_output",
    "tool_search",
    "tools",
)

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
    """`module` with this toolset's data (`toolset_tables`' arguments): every name bound to
    the previous one is forgotten."""
    tables = toolset_tables(names, *args, **kwargs)
    for public in PUBLIC:
        module.__dict__.pop(public, None)
    toolset = Toolset(module.__dict__, VERSION, data=data_text(VERSION, tables))
    module._toolset = toolset
    module.__getattr__ = toolset.attribute
    module.__dir__ = toolset.listing
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
) -> dict[str, Any]:
    """Every table of a toolset's data, from these (empty where not given)."""
    null_paths = null_paths or {}
    plans = {
        exposed: plan
        for exposed, paths in null_paths.items()
        if (plan := null_plan(paths)) is not None
    }
    plans.update(decode or {})  # a given plan replaces the one its null paths make
    tables: dict[str, Any] = {name: {} for name in TABLE_NAMES}
    tables.update(
        definitions=definitions or [],
        names={
            exposed: [server, tool, f"Shape{i}Args"]
            for i, (exposed, (server, tool)) in enumerate(names.items())
        },
        null_paths={k: [list(p) for p in v] for k, v in null_paths.items()},
        decode=plans,
        namespaced=namespaced or {},
        structured=structured or [],
        servers=servers or {},
        search=search or {},
        annotations=annotations or {},
        approve=approve or {},
    )
    for listed in ("fallbacks", "excluded", "renames", "rewrites"):
        tables[listed] = []
    return tables


def write_toolset(
    directory: Path,
    name: str,
    names: dict[str, tuple[str, str]],
    definitions: list[dict[str, object]] | None = None,
) -> Path:
    """A toolset module on disk as a build writes it (its module from the template, its
    data, the runtime beside it), for tests that import it in a fresh interpreter; the
    folder to put on sys.path."""
    from mcp2openai.emit import Emission, runtime_files
    from mcp2openai.literals import Source
    from mcp2openai.render import module_source

    runtime = directory / "_mcp2openai"
    runtime.mkdir(parents=True, exist_ok=True)
    for file, text in runtime_files().items():
        (runtime / file).parent.mkdir(exist_ok=True)
        (runtime / file).write_text(text, encoding="utf-8")
    tables = toolset_tables(names, definitions=definitions)
    (directory / f"{name}.json").write_text(data_text(VERSION, tables), encoding="utf-8")
    blank = Emission(Source(VERSION), Source('"""A toolset."""'), Source(""), Source(""), "", "")
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
