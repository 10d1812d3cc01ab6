"""The generator's seams: one `ServerSpec` from the command line and config to naming, modes as
an enum, one error base with JSON-pointer locations (docs/conventions.md, practices 2 and 10)."""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import mcp2openai
import pytest
from buildutil import ROOT
from click.testing import CliRunner
from mcp2openai.cli import main
from mcp2openai.config import parse_project
from mcp2openai.errors import GeneratorError, pointer
from mcp2openai.options import ServerSpec, StrictMode
from mcp2openai.pipeline import build
from mcp2openai.plan import BuildArgs, FetchArgs, plan_build

GENERATOR = ROOT / "generator"
SNAPSHOTS = ROOT / "generated" / "snapshots"


def _modules() -> list[str]:
    found = pkgutil.walk_packages(mcp2openai.__path__, "mcp2openai.")
    return [info.name for info in found if not info.name.endswith("__main__")]


def _relative_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node.module or "."
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.level > 0
    ]


def test_the_server_spec_and_the_error_base_live_in_leaf_modules() -> None:
    for leaf in ("options.py", "errors.py"):
        assert _relative_imports(GENERATOR / leaf) == [], leaf


def test_naming_options_are_declared_once() -> None:
    """prefix, include and exclude are fields of ServerSpec only (they were declared in four
    containers: the planner's, the config's, the pipeline's and naming's)."""
    declaring = []
    for path in sorted(GENERATOR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                fields = {
                    item.target.id
                    for item in node.body
                    if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
                }
                if fields & {"prefix", "include", "exclude"}:
                    declaring.append(f"{path.relative_to(GENERATOR)}:{node.name}")
    assert declaring == ["options.py:ServerSpec"]


def test_reading_the_config_does_not_import_the_pipeline() -> None:
    code = (
        "import sys, mcp2openai.config, mcp2openai.entries, mcp2openai.mcpservers\n"
        "print('mcp2openai.pipeline' in sys.modules, 'mcp2openai.render' in sys.modules)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["False", "False"]


def test_every_error_kind_derives_from_generator_error() -> None:
    kinds = {}
    for name in _modules():
        module = importlib.import_module(name)
        for attribute, value in vars(module).items():
            if (
                inspect.isclass(value)
                and issubclass(value, BaseException)
                and value.__module__ == name
                and not attribute.startswith("_")
            ):
                kinds[attribute] = value
    assert set(kinds) == {
        "GeneratorError",
        "InputError",
        "Unsupported",
        "NamingError",
        "ConfigError",
        "UsageError",
        "FetchError",
        "ExpansionError",
        "RenderError",
        "PolicyError",
    }
    assert all(issubclass(kind, GeneratorError) for kind in kinds.values())
    assert {name for name, kind in kinds.items() if kind.exit_code != 2} == {"RenderError"}
    assert kinds["RenderError"].exit_code == 3


def test_locations_are_json_pointers_everywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert pointer(()) == "#"
    assert pointer(("tools", 3, "inputSchema", "properties", "a/b~c")) == (
        "#/tools/3/inputSchema/properties/a~1b~0c"
    )
    snapshot = tmp_path / "s.json"
    schema = {"type": "object", "properties": {"p/q": {"type": "object", "not": {}}}}
    snapshot.write_text(json.dumps({"tools": [{"name": "t", "inputSchema": schema}]}))
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["build", "--server", f"s={snapshot}", "--out", "m.py"])
    assert result.exit_code == 0, result.output
    assert "fallback s__t: not at #/properties/p~1q: " in result.output
    bad = tmp_path / "bad.json"
    bad.write_text('{"tools": [{"name": "t", "inputSchema": {"a": NaN}}]}')
    result = runner.invoke(main, ["build", "--server", f"s={bad}", "--out", "m.py"])
    assert result.exit_code == 2
    assert result.output.strip().endswith(
        "bad.json: tool 't': #/tools/0/inputSchema/a: NaN is not valid JSON"
    )
    assert "$" not in result.output


def test_strict_mode_is_an_enum_taking_the_same_strings() -> None:
    assert [mode.value for mode in StrictMode] == ["auto", "true", "false"]
    assert StrictMode("false") is StrictMode.FALSE
    path = Path("/p/pyproject.toml")
    for written, mode in (("true", StrictMode.TRUE), (False, StrictMode.FALSE), ("auto", "auto")):
        table = {"strict": written, "servers": {"a": {}}}
        assert parse_project(table, path).strict is StrictMode(mode)
    built = build([ServerSpec("time", SNAPSHOTS / "time.json")], StrictMode.FALSE)
    assert built.model.strict_mode is StrictMode.FALSE
    assert not any(tool.strict for tool in built.model.tools)
    assert "Strict mode false:" in built.source  # shown as its value, as before the enum


def test_the_cli_gives_the_planner_an_enum(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "time.json").write_text((SNAPSHOTS / "time.json").read_text())
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    args = ["build", "--server", "time=time.json", "--out", "m.py"]
    result = runner.invoke(main, [*args, "--strict", "true", "--report-json", "r.json"])
    assert result.exit_code == 0, result.output
    assert json.loads(Path("r.json").read_text())["strict"] == "true"
    result = runner.invoke(main, [*args, "--strict", "maybe"])
    assert result.exit_code == 2 and "'auto', 'true', 'false'" in result.output
    plan = plan_build(
        BuildArgs(servers=(f"time={tmp_path / 'time.json'}",), out=Path("m.py")), tmp_path
    )
    assert plan.mode is StrictMode.AUTO
    assert plan.servers == (ServerSpec("time", tmp_path / "time.json"),)


def test_arguments_and_plans_take_named_fields_only() -> None:
    with pytest.raises(TypeError):
        BuildArgs(("a=a.json",))  # type: ignore[misc]
    with pytest.raises(TypeError):
        FetchArgs(("a",))  # type: ignore[misc]


def _imported(path: Path, module: str, known: set[str]) -> set[str]:
    """The generator's modules `module` (at `path`) imports anywhere in it: at its top, inside
    functions, or for type checkers only. `from . import x` imports the module x, not its
    package."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            target = (f"{base}.{node.module}" if node.module else base) if node.level else ""
            target = target or node.module or ""
            submodules = {f"{target}.{a.name}" for a in node.names} & known
            found |= submodules
            if target in known and len(submodules) < len(node.names):
                found.add(target)
    return found - {module}


def _cycles(graph: dict[str, set[str]]) -> list[str]:
    """The modules of `graph` (module -> the modules it imports) that reach themselves."""
    cycles = []
    for start in graph:
        seen, queue = set(), list(graph[start])
        while queue:
            name = queue.pop()
            if name not in seen:
                seen.add(name)
                queue.extend(graph[name])
        if start in seen:
            cycles.append(start)
    return cycles


def test_no_module_of_the_generator_imports_one_that_imports_it_back() -> None:
    paths = {}
    for path in GENERATOR.rglob("*.py"):
        parts = path.relative_to(GENERATOR).with_suffix("").parts
        name = ".".join(["mcp2openai", *(parts[:-1] if parts[-1] == "__init__" else parts)])
        paths[name] = path
    graph = {name: _imported(path, name, set(paths)) for name, path in paths.items()}
    assert graph["mcp2openai.verify"] and graph["mcp2openai.drift.schemas"]  # the walk sees them
    # Every module reachable from each module: none may reach itself.
    assert _cycles(graph) == []


def test_no_part_of_the_runtime_imports_one_that_imports_it_back() -> None:
    """The runtime written into apps' folders (templates/runtime/): its package imports its
    parts inside the functions that use them, and no part imports the package back, not even
    for type checkers (they take the core's Tables)."""
    runtime = ROOT / "templates" / "runtime"
    package = "mcp2openai.templates.runtime"
    paths = {
        package if path.stem == "__init__" else f"{package}.{path.stem}": path
        for path in runtime.glob("*.py")
    }
    graph = {name: _imported(path, name, set(paths)) for name, path in paths.items()}
    assert f"{package}.calls" in graph[package]  # the walk sees imports inside functions
    assert graph[f"{package}.calls"] >= {f"{package}.core", f"{package}.decode"}
    assert _cycles(graph) == []


def test_the_import_walk_finds_a_cycle_hidden_in_a_function(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("def f():\n    from .b import g\n", encoding="utf-8")
    (tmp_path / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import f\n"
    )
    known = {"mcp2openai.a", "mcp2openai.b"}
    assert _imported(tmp_path / "a.py", "mcp2openai.a", known) == {"mcp2openai.b"}
    assert _imported(tmp_path / "b.py", "mcp2openai.b", known) == {"mcp2openai.a"}
