"""Paths as the user sees them, and the one rule for the module file `build` writes."""

from __future__ import annotations

import keyword
import re
from pathlib import Path
from typing import Final

_MODULE_FILE: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\.py")


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
    """Why `path` cannot be imported as a module (`import NAME`), or None when it can."""
    if not _MODULE_FILE.fullmatch(path.name):
        return (
            f"{path.name!r} is not an importable module file name:"
            " expected NAME.py, NAME of letters, digits and _, not starting with a digit"
        )
    if keyword.iskeyword(path.stem):
        return f"{path.name!r} is not an importable module file name: {path.stem!r} is a keyword"
    return None
