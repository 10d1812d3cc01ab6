"""Helpers shared by the tests that build and import generated modules."""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.util
import itertools
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from click.testing import CliRunner, Result
from mcp2openai.cli import main

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "generated"
SNAPSHOTS = GENERATED / "snapshots"
_counter = itertools.count()


def mypy_command(*options: str) -> list[str]:
    """`python -m mypy --strict` with `options`, for the tests that run mypy. They share its
    cache, a folder per set of options (`.mypy_cache/tests/`): the types of the openai SDK and
    of the standard library are analysed once, not at every run (about 10 s each). mypy checks
    every cached module against its file (size and hash) and reports a cached module's errors
    again, so a run gives what `--no-incremental` gives."""
    key = hashlib.sha256("\0".join(options).encode()).hexdigest()[:12]
    cache = ROOT / ".mypy_cache" / "tests" / key
    return [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache), *options]


def run_cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def write_snapshot(directory: Path, name: str, tools: list[dict[str, Any]]) -> Path:
    path = directory / f"{name}.json"
    path.write_text(json.dumps({"tools": tools}), encoding="utf-8")
    return path


def import_path(path: Path) -> ModuleType:
    """Import a generated toolset module from its file, inside a fresh package made for its
    folder (`m2o_test_N`), so that it finds the runtime beside it (`from ._mcp2openai ...`)
    and no two tests share a runtime."""
    package = f"m2o_test_{next(_counter)}"
    spec = importlib.machinery.ModuleSpec(package, None, is_package=True)
    spec.submodule_search_locations = [str(path.parent)]
    sys.modules[package] = importlib.util.module_from_spec(spec)
    return importlib.import_module(f"{package}.{path.stem}")


def build_module(
    directory: Path, servers: dict[str, list[dict[str, Any]]], *options: str
) -> tuple[ModuleType, Result]:
    args = []
    for name, tools in servers.items():
        args += ["--server", f"{name}={write_snapshot(directory, name, tools)}"]
    out = directory / f"adapter_{next(_counter)}.py"
    result = run_cli("build", *args, "--out", str(out), *options)
    assert result.exit_code == 0, result.output
    return import_path(out), result


def readme_app() -> str:
    """The README's app example: its Python block that opens the servers with connect()."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```$", readme, re.M | re.S)
    frameworks = ("agents_tools(", "pydantic_ai_toolset(")  # "Use it inside openai-agents ..."
    (block,) = [
        b
        for b in blocks
        if "async with mcp_tools.connect()" in b
        and "def " in b
        and not any(name in b for name in frameworks)
    ]
    return str(block)


def thawed(value: Any) -> Any:
    """A read-only value of a toolset module (a mapping proxy, a tuple) as plain dicts and
    lists, to compare with what the config or a snapshot holds."""
    if hasattr(value, "items"):
        return {key: thawed(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [thawed(item) for item in value]
    return value
