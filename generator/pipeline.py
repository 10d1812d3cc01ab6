"""The whole build in one function (docs/conventions.md, practice 1): load, name, convert, render.

Rendering also proves both files against the model (generator/verify.py) before they are written.
"""

from __future__ import annotations

import difflib
import gc
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import naming
from .load import About, read_snapshot
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
    # How to start or reach the server, as the config wrote it (the module's SERVERS);
    # None: a bare snapshot (`--server NAME=SNAPSHOT`)
    recipe: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Build:
    model: ModuleModel
    source: str  # the module (.py)
    stub: str  # its type stub (.pyi), written beside it
    snapshots: tuple[tuple[str, About], ...] = ()  # server -> what its snapshot says of it


def stub_path(module: Path) -> Path:
    """The `.pyi` stub beside a module file: `tools.py` -> `tools.pyi`."""
    return module.with_suffix(".pyi")


def build(
    servers: list[ServerInput],
    mode: StrictMode,
    *,
    rewrites: bool = True,
    target: Target = "openai",
) -> Build:
    """Snapshots in, module source out. Raises InputError or NamingError on bad input.

    `rewrites` and `target` are `--rewrites on|off` and `--target` (README "Rewrites")."""
    if rewrites is not True and rewrites is not False:  # "off" is truthy: never measure it as on
        raise ValueError(f"rewrites must be True or False, not {rewrites!r}")
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
    loaded = []
    snapshots = []
    for s in servers:
        tools, about = read_snapshot(s.snapshot)
        snapshots.append((s.name, about))
        loaded.append(
            naming.ServerTools(
                s.name, tools, s.prefix, s.include, s.exclude, about.title, about.instructions
            )
        )
    toolset = naming.build(loaded)
    recipes = {s.name: s.recipe for s in servers}
    digest = input_hash(loaded, options.mode, options, recipes)
    model = build_model(toolset, options.mode, digest, options, recipes)  # strict per tool
    rendered = render(model)  # also proves both files against the model (verify.py)
    return Build(model, rendered.module, rendered.stub, tuple(snapshots))


def write_build(out: Path, result: Build) -> None:
    """Write the module and its stub, each through a temporary file and a rename."""
    write_atomically(stub_path(out), result.stub)
    write_atomically(out, result.source)


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
