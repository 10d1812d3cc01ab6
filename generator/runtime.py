"""The runtime's own code, where the generator needs it: its tokenizer splits the tools' text for
the search index (so index and queries share one rule), its data reader proves each data file
before it is written, and `fetch` quotes a failing server's stderr as `connect()` does.

The runtime lives in templates/runtime/, installed as `mcp2openai.templates.runtime`; it is
imported by name, since it is a package of its own that type checkers see as `templates/runtime`.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Any


def search_terms(text: str, wholes: bool) -> list[str]:
    """The runtime's `terms` (templates/runtime/search.py)."""
    found: list[str] = _part("search").terms(text, wholes)
    return found


def read_tables(data: str, version: str, names: tuple[str, ...]) -> dict[str, Any]:
    """Each table `names` holds, as the runtime's `Toolset.table` reads it from `data`."""
    reader = _part("__init__").Toolset({"__name__": "verify"}, version, data=data)
    return {name: reader.table(name) for name in names}


def stderr_lines_excerpt(lines: list[str]) -> str:
    """The runtime's quote of a server's stderr (templates/runtime/connect.py, `excerpt`)."""
    quoted: str = _part("connect").excerpt(lines)
    return quoted


@cache
def _part(name: str) -> ModuleType:
    package = "mcp2openai.templates.runtime"
    return import_module(package if name == "__init__" else f"{package}.{name}")
