"""Paths as the user sees them, and the one rule for the module file `build` writes."""

from __future__ import annotations

import keyword
import re
import sys
from pathlib import Path
from typing import Final

_MODULE_FILE: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\.py")
RUNTIME_PACKAGE: Final = "_mcp2openai"  # the runtime's folder beside the toolset modules
# The packages a toolset module and the apps around it import: a module of the same name, in a
# folder on sys.path (as the module's folder is, run as a script or loaded by path), hides them.
_IMPORTED: Final = ("mcp", "openai", "agents", "pydantic_ai")
# What openai and mcp import in turn (their dependencies' top-level modules, for the versions
# docs/usage.md names: tests/test_build_messages.py checks it covers what is installed here).
_DEPENDENCIES: Final = frozenset(
    """annotated_types anyio attr attrs certifi click distro dotenv h11 httpcore httpcore2 httpx
    httpx2 httpx_sse idna jiter jsonschema jsonschema_specifications jwt mcp_types multipart
    opentelemetry pydantic pydantic_core pydantic_settings python_multipart referencing rpds
    sniffio sse_starlette starlette tqdm truststore typing_extensions typing_inspection
    uvicorn""".split()  # noqa: SIM905 (a list of 36 names, as prose)
)


def shown(path: Path, cwd: Path | None = None) -> str:
    """`path` as the user wrote it: relative paths as they are, absolute ones (from a config
    file found above the current directory) relative to `cwd` (default: the current directory)
    when below it."""
    if not path.is_absolute():
        return str(path)
    try:
        return str(path.relative_to(cwd or Path.cwd()))
    except ValueError:
        return str(path)


def module_file_problem(path: Path) -> str | None:
    """Why `path` cannot be a toolset module, or None when it can: it must be importable
    (`import NAME`), not the runtime's folder's name, and not hide a module an app imports
    (the standard library's, `sys.stdlib_module_names`, `mcp`, `openai`, `agents`,
    `pydantic_ai`, or a package openai or mcp imports)."""
    if not _MODULE_FILE.fullmatch(path.name):
        return (
            f"{path.name!r} is not an importable module file name:"
            " expected NAME.py, NAME of letters, digits and _, not starting with a digit"
        )
    if keyword.iskeyword(path.stem):
        return f"{path.name!r} is not an importable module file name: {path.stem!r} is a keyword"
    if path.stem == RUNTIME_PACKAGE:
        folder = f"{RUNTIME_PACKAGE}/"
        return f"{path.name!r} names the runtime's folder beside it ({folder}): choose another name"
    if path.stem in sys.stdlib_module_names:
        return (
            f"{path.name!r} would shadow the standard library's {path.stem!r} module:"
            " choose another name"
        )
    if path.stem in _IMPORTED:
        return f"{path.name!r} would shadow the {path.stem!r} package: choose another name"
    if path.stem in _DEPENDENCIES:
        return (
            f"{path.name!r} would shadow the {path.stem!r} package, which openai or mcp"
            " imports: choose another name"
        )
    return None
