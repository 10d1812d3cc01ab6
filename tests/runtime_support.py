"""Load the runtime (templates/runtime/) as a module with a small toolset, as a module holds it.

The toolset's tables are JSON texts, exactly as the generator writes them after the runtime
(generator/tables.py); `with_toolset` swaps in another toolset and clears what was parsed.
"""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path
from typing import Any

from mcp2openai.emit import RUNTIME_PARTS, runtime_source

RUNTIME = Path(__file__).resolve().parent.parent / "templates" / "runtime"
MARKER = "# ---- runtime ----"
PARTS = [RUNTIME / f"{part}.py" for part in RUNTIME_PARTS]


def runtime_text() -> str:
    """The runtime a generated module carries, with empty tables after it (data.py's)."""
    tables = (RUNTIME / "data.py").read_text(encoding="utf-8").split(MARKER)[0]
    empty = "\n".join(line for line in tables.splitlines() if line.startswith("_"))
    return runtime_source() + "\n\n" + empty + "\n"


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
    sys.modules[name] = module  # as an import would register it
    exec(compile(runtime_text(), f"<{name}>", "exec"), module.__dict__)
    return with_toolset(
        module,
        names,
        null_paths,
        definitions,
        namespaced=namespaced,
        structured=structured,
        servers=servers,
    )


def with_toolset(
    module: Any,
    names: dict[str, tuple[str, str]],
    null_paths: NullPaths | None = None,
    definitions: list[dict[str, object]] | None = None,
    decode: dict[str, list[dict[str, Any]]] | None = None,
    namespaced: dict[str, dict[str, str]] | None = None,
    structured: list[str] | None = None,
    servers: dict[str, dict[str, object] | None] | None = None,
) -> Any:
    entries = {
        exposed: [server, tool, f"Shape{i}Args"]
        for i, (exposed, (server, tool)) in enumerate(names.items())
    }
    module._NAMES = json.dumps(entries)
    module._NULL_PATHS = json.dumps(
        {k: [list(p) for p in v] for k, v in (null_paths or {}).items()}
    )
    module._DECODE = json.dumps(decode or {})  # decode plans (generator/strict/decoding.py)
    if definitions is not None:
        module._DEFINITIONS = json.dumps(definitions)
    module._NAMESPACED = json.dumps(namespaced or {})
    module._STRUCTURED = json.dumps(structured or [])  # tools with an output schema
    module._SERVERS = json.dumps(servers or {})  # server -> connection recipe
    module._names = None  # parsed again on first use
    module._flat = module._chat = None
    module._variants = {}
    module._descriptions = None
    module._shapes = None
    module._namespaces = None
    module._structured = None
    module.__dict__.pop("SERVERS", None)
    return module


def definition(
    name: str, description: str, parameters: dict[str, object], strict: bool
) -> dict[str, object]:
    """A Responses function tool, as the `_DEFINITIONS` table holds each tool."""
    return {
        "type": "function",
        "name": name,
        "description": description,
        "parameters": parameters,
        "strict": strict,
    }
