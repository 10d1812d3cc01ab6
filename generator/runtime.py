"""The runtime's own code, where the generator needs it: one rule, written once.

- its tokenizer splits the tools' text for the search index, so index and queries share it;
- its digest of a tool as listed is what the build stores and `connect(check=...)` compares;
- `${VAR}` in a recipe is filled by its `expand_text`, for `fetch` as for `connect()`;
- `fetch` opens its sessions with its `open_session`, negotiates with its `negotiate`, lists
  tools with its `list_tools` and quotes a failing server's stderr with its `excerpt`.

The runtime lives in templates/runtime/, installed as `mcp2openai.templates.runtime`; it is
imported by name, since it is a package of its own that type checkers see as `templates/runtime`.
Its parts import nothing at their top but one another, so importing them costs next to nothing.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Any

PACKAGE = "mcp2openai.templates.runtime"


def search_terms(text: str, wholes: bool) -> list[str]:
    """The runtime's `terms` (templates/runtime/search.py)."""
    found: list[str] = part("search").terms(text, wholes)
    return found


def digest(tool: Any) -> str:
    """The runtime's digest of a tool as its server lists it (templates/runtime/contract.py)."""
    found: str = part("contract").digest(tool)
    return found


def stderr_lines_excerpt(lines: list[str]) -> str:
    """The runtime's quote of a server's stderr (templates/runtime/stderr.py, `excerpt`)."""
    quoted: str = part("stderr").excerpt(lines)
    return quoted


@cache
def part(name: str) -> ModuleType:
    """The runtime's part `name` (`__init__`: the package itself)."""
    return import_module(PACKAGE if name == "__init__" else f"{PACKAGE}.{name}")
