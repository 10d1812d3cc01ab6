"""Writing files so that none is ever half-written, and comparing a file with the text it should
hold. Its own module: `fetch` writes snapshots with it and must not import the renderer (jinja2,
black) that generator/pipeline.py brings."""

from __future__ import annotations

import difflib
import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file and a rename: never half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes 0600; give the usual mode
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_if_changed(path: Path, text: str) -> bool:
    """Write `text` to `path` unless it already holds exactly that (bytes and mtime kept)."""
    if _current(path) == text:
        return False
    write_atomically(path, text)
    return True


def difference(path: Path, text: str, limit: int = 1000) -> str | None:
    """None when `path` holds exactly `text`; else a unified diff of whole hunks, at most
    `limit` lines, then a line saying how many were left out."""
    current = _current(path)
    if current == text:
        return None
    if current is None:
        return f"{path} does not exist or cannot be read"
    lines = [
        line if line.endswith("\n") else line + "\n"
        for line in difflib.unified_diff(
            current.splitlines(keepends=True),
            text.splitlines(keepends=True),
            fromfile=f"{path} (on disk)",
            tofile=f"{path} (generated)",
        )
    ]
    if len(lines) <= limit:
        return "".join(lines).rstrip("\n")
    hunks = [index for index, line in enumerate(lines[: limit + 1]) if line.startswith("@@")]
    cut = hunks[-1] if len(hunks) > 1 else limit  # whole hunks, unless the first is too long
    left = len(lines) - cut
    return "".join(lines[:cut]) + f"[... {left} more lines of the diff left out]"


def _current(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
