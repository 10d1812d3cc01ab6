"""The whole build in one function (docs/conventions.md, practice 1): load, name, convert, render.

Rendering also proves the files against the model (generator/verify.py) before they are written.
A build of `--out app/tools/github.py` makes three things: the module, which holds its data, its
stub (`github.pyi`) and the runtime the folder's toolsets share (`_mcp2openai/`).
"""

from __future__ import annotations

import gc
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from . import naming
from .load import About, read_snapshot
from .model import ModuleModel, Options, build_model, input_hash
from .options import ServerSpec, StrictMode
from .paths import RUNTIME_PACKAGE, shown
from .render import render
from .strict import Target
from .writing import write_if_changed


@dataclass(frozen=True, slots=True)
class Build:
    model: ModuleModel
    source: str  # the module (.py), holding its data
    stub: str  # its type stub (.pyi), written beside it
    runtime: dict[str, str]  # the shared runtime: file name in RUNTIME_PACKAGE/ -> text
    snapshots: tuple[tuple[str, About], ...] = ()  # server -> what its snapshot says of it


def stub_path(module: Path) -> Path:
    """The `.pyi` stub beside a module file: `tools.py` -> `tools.pyi`."""
    return module.with_suffix(".pyi")


def old_data(module: Path) -> Path | None:
    """The data file mcp2openai 0.3 wrote beside a module (`tools.py` -> `tools.json`), when
    it is there: 0.4 keeps the data in the module, and a build removes it. A `.json` file
    that is not such data is never touched."""
    path = module.with_suffix(".json")
    try:
        with path.open("rb") as stream:
            head = stream.read(32)
    except OSError:
        return None
    return path if head.startswith(b'{\n"mcp2openai":"0.') else None


def runtime_folder(module: Path) -> Path:
    """The runtime's folder beside a module file."""
    return module.parent / RUNTIME_PACKAGE


def is_package(module: Path) -> bool:
    """Whether the module's folder is a package (the stub then imports the runtime
    relatively)."""
    return (module.parent / "__init__.py").is_file()


def package_note(module: Path) -> str | None:
    """A note when the module's folder is not a package but sits in one: the app most
    likely imports the module through that package, where the stub's top-level import of
    the runtime is not found by a type checker (the module itself imports either way)."""
    folder = module.resolve().parent
    if is_package(module) or not (folder.parent / "__init__.py").is_file():
        return None
    return (
        f"{shown(folder)}/ has no __init__.py but {shown(folder.parent)}/ has one: the stub"
        f" imports its runtime as the top-level {RUNTIME_PACKAGE}, which a type checker finds"
        f" only with {shown(folder)}/ on its path; to import {module.stem} through the package,"
        f" add {shown(folder / '__init__.py')} and build again"
    )


def build(
    servers: list[ServerSpec],
    mode: StrictMode,
    *,
    rewrites: bool = True,
    target: Target = "openai",
    package: bool = False,
) -> Build:
    """Snapshots in, the toolset's files out. Raises InputError or NamingError on bad input.

    `rewrites` and `target` are `--rewrites on|off` and `--target` (docs/rewrites.md);
    `package`: the output folder is a package (`is_package`)."""
    if rewrites is not True and rewrites is not False:  # "off" is truthy: never measure it as on
        raise ValueError(f"rewrites must be True or False, not {rewrites!r}")
    with gc_paused():
        return _build(servers, Options(StrictMode(mode), rewrites, target), package)


@contextmanager
def gc_paused() -> Iterator[None]:
    """CPython's cyclic collector off, then back as it was.

    A build allocates millions of small acyclic containers (JSON trees, source lines); the
    collector would rescan them again and again, making large builds superlinear (4,000 tools:
    6.9 s with it, 4.1 s without). Nothing here creates reference cycles. `mcp2openai build`
    keeps it off until the files are written too: the build's result is alive until then, and
    one full collection of it costs about 0.1 s at 2,000 tools.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _build(servers: list[ServerSpec], options: Options, package: bool) -> Build:
    loaded = []
    snapshots = []
    for spec in servers:
        tools, about = read_snapshot(spec.snapshot)
        snapshots.append((spec.name, about))
        loaded.append(naming.ServerTools(spec, tools, about.title, about.instructions))
    toolset = naming.build(loaded)
    recipes = {spec.name: spec.recipe for spec in servers}
    digest = input_hash(loaded, options.mode, options)
    protocols = {name: about.protocol for name, about in snapshots}
    model = build_model(toolset, options.mode, digest, options, recipes, protocols)
    rendered = render(model, package=package)  # also proves the files (verify.py)
    return Build(model, rendered.module, rendered.stub, rendered.runtime, tuple(snapshots))


def files(out: Path, result: Build) -> list[tuple[Path, str]]:
    """Every file of the build with its text, in the order they are written: the runtime,
    then the stub, the module last (an import never finds a module newer than the runtime
    it imports)."""
    folder = runtime_folder(out)
    written = [(folder / name, text) for name, text in result.runtime.items()]
    return [*written, (stub_path(out), result.stub), (out, result.source)]


def stale_runtime(out: Path, result: Build) -> list[Path]:
    """Source files in the runtime's folder that this generator's runtime does not have
    (an older version's parts), and the folders that held only such files."""
    folder = runtime_folder(out)
    if not folder.is_dir():
        return []
    found = [*folder.rglob("*.py"), *folder.rglob("*.pyi")]
    known = {folder / name for name in result.runtime}
    return sorted(path for path in found if path not in known and "__pycache__" not in path.parts)


def runtime_version_on_disk(out: Path) -> str | None:
    """The version of the runtime beside `out`, None when there is none or it names none."""
    try:
        text = (runtime_folder(out) / "__init__.py").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    found = re.search(r'^VERSION = "([^"]*)"', text, re.MULTILINE)
    return found[1] if found else None


def write_build(out: Path, result: Build) -> list[Path]:
    """Write every file that differs from what is on disk, each through a temporary file and
    a rename, and remove the runtime's stale files and an old data file (`old_data`); the
    paths changed, in order."""
    changed = [path for path, text in files(out, result) if write_if_changed(path, text)]
    removed = stale_runtime(out, result)
    data = old_data(out)
    for path in [*removed, *([data] if data is not None else [])]:
        path.unlink()
        changed.append(path)
    for folder in sorted({path.parent for path in removed}, reverse=True):
        if folder != runtime_folder(out) and not any(folder.glob("*.py*")):
            _remove_tree(folder)  # the 0.3 runtime's drift/: nothing of it is left
    return changed


def _remove_tree(folder: Path) -> None:
    for path in sorted(folder.rglob("*"), reverse=True):
        path.unlink() if path.is_file() else path.rmdir()
    folder.rmdir()
