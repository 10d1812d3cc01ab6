"""The whole build in one function (STYLE.md practice 1): load, name, convert, render, write."""

from __future__ import annotations

import difflib
import gc
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from . import naming
from .load import load_snapshot
from .model import ModuleModel, Options, StrictMode, build_model, input_hash
from .render import render
from .strict import Target


@dataclass(frozen=True, slots=True)
class ServerInput:
    """One `--server NAME=SNAPSHOT.json`, with its naming options."""

    name: str
    snapshot: Path
    prefix: str | None = None
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Build:
    model: ModuleModel
    source: str


def build(
    servers: list[ServerInput],
    mode: StrictMode,
    *,
    rewrites: bool = True,
    target: Target = "openai",
) -> Build:
    """Snapshots in, module source out. Raises InputError or NamingError on bad input.

    `rewrites` and `target` are `--rewrites on|off` and `--target` (README "Rewrites")."""
    # A build allocates millions of small acyclic containers (JSON trees, source lines);
    # CPython's cyclic GC would rescan them again and again, making large builds superlinear
    # (4,000 tools: 6.9 s with it, 4.1 s without). Nothing here creates reference cycles.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _build(servers, Options(mode, rewrites, target))
    finally:
        if enabled:
            gc.enable()


def _build(servers: list[ServerInput], options: Options) -> Build:
    loaded = [
        naming.ServerTools(s.name, load_snapshot(s.snapshot), s.prefix, s.include, s.exclude)
        for s in servers
    ]
    toolset = naming.build(loaded)
    digest = input_hash(loaded, options.mode, options)
    model = build_model(toolset, options.mode, digest, options)  # strict conversion per tool
    return Build(model, render(model))


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


def difference(path: Path, text: str, limit: int = 40) -> str | None:
    """None when `path` holds exactly `text`; else the start of a unified diff."""
    try:
        current = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        current = None
    if current == text:
        return None
    if current is None:
        return f"{path} does not exist or cannot be read"
    lines = difflib.unified_diff(
        current.splitlines(keepends=True),
        text.splitlines(keepends=True),
        fromfile=f"{path} (on disk)",
        tofile=f"{path} (generated)",
    )
    shown = [line for _, line in zip(range(limit), lines, strict=False)]
    return "".join(shown).rstrip("\n")
