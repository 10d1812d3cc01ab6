"""generator/verify.py: the proof run on every module and stub before anything is written.

Each test tampers with a correctly built file the way a broken emitter or a successful
injection would, and expects the proof to refuse it with a message naming what differs.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from buildutil import SNAPSHOTS, run_cli
from mcp2openai import emit as emit_module
from mcp2openai.emit import Emission, RenderError, emit
from mcp2openai.load import read_snapshot
from mcp2openai.model import ModuleModel, build_model
from mcp2openai.naming import ServerTools
from mcp2openai.naming import build as name_tools
from mcp2openai.options import ServerSpec
from mcp2openai.render import module_source, stub_source
from mcp2openai.verify import verify_module, verify_stub


@pytest.fixture(scope="module")
def built() -> tuple[ModuleModel, Emission, str, str]:
    # A description with a backslash and a newline: escapes only a raw string keeps as written.
    escaped = {"name": "t", "description": "C:\\dir\nline", "inputSchema": {"type": "object"}}
    loaded = [
        ServerTools(
            ServerSpec("git", SNAPSHOTS / "git.json"), read_snapshot(SNAPSHOTS / "git.json")[0]
        ),
        ServerTools(ServerSpec("x", Path("x.json")), (escaped,)),
    ]
    model = build_model(name_tools(loaded), "auto", "0" * 64)
    emission = emit(model)
    return model, emission, module_source(emission), stub_source(emission)


def test_a_correct_build_passes(built: tuple[ModuleModel, Emission, str, str]) -> None:
    model, emission, module, stub = built
    verify_module(module, model, emission)
    verify_stub(stub, model, emission)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s + "\nimport os\n", "statements differ"),
        (lambda s: s.replace("def tools(", "def tools2(", 1), "statements differ"),
        (lambda s: s.replace('"git__git_status":["git"', '"git__git_status":["gut"', 1), "_NAMES"),
        (lambda s: s.replace("_DROPPED = r", "_DROPPED2 = r", 1), "_DROPPED is missing"),
        (lambda s: s.replace('"git__git_status":"', '"git__git_status":"99:x ', 1), "_SEARCH"),
        (lambda s: s.replace("_SEARCH = r", "_SEARCH2 = r", 1), "_SEARCH is missing"),
        (lambda s: s.replace('_DEFINITIONS = r"""', '_DEFINITIONS = """', 1), "_DEFINITIONS"),
        (lambda s: s.replace("OpenAI function tools", "OpenAI tools", 1), "docstring"),
        (lambda s: s.replace('"""OpenAI', '"""OpenAI"""; import os; """', 1), "docstring"),
        (lambda s: s.replace("# ---- mcp2openai", "import os\n# ---- mcp2openai", 1), "differ"),
        (lambda s: s + "\n_NAMES = r'''{}'''\n", "_NAMES is not one str constant"),
        (lambda s: s.replace("_DEFINITIONS = r", "_DEFINITIONS = 1 or r", 1), "_DEFINITIONS"),
        # Cut inside a table (half the file could end between two statements and parse).
        (lambda s: s[: s.index('_DEFINITIONS = r"""') + 40], "does not parse"),
    ],
)
def test_a_tampered_module_is_refused(
    built: tuple[ModuleModel, Emission, str, str], change: object, message: str
) -> None:
    model, emission, module, _ = built
    tampered = change(module)  # type: ignore[operator]
    assert tampered != module
    with pytest.raises(RenderError, match=message):
        verify_module(tampered, model, emission)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s + 'X = __import__("os")\n', "TypedDicts for"),
        (lambda s: s.replace('"repo_path": str', '"repo_path": __import__("os")', 1), "not a type"),
        (lambda s: s.replace('"repo_path": str', '"repo_path": int', 1), "repo_path"),
        (lambda s: s.replace('"repo_path": str', '"repo": str', 1), "keys"),
        (lambda s: s.replace("def tools(", "def tools2(", 1), "API part"),
        (
            lambda s: s.replace("GitGitStatusArgs = TypedDict(", "GitGitStatusArgs = dict(", 1),
            "not a TypedDict call",
        ),
    ],
)
def test_a_tampered_stub_is_refused(
    built: tuple[ModuleModel, Emission, str, str], change: object, message: str
) -> None:
    model, emission, _, stub = built
    tampered = change(stub)  # type: ignore[operator]
    assert tampered != stub
    with pytest.raises(RenderError, match=message):
        verify_stub(tampered, model, emission)


def test_an_emitter_bug_is_exit_3_one_line_and_nothing_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A JSON block written as a plain (not raw) string: its escapes would be decoded twice.
    monkeypatch.setattr(emit_module, "json_block", lambda value: '"""' + json.dumps(value) + '"""')
    out = tmp_path / "git_tools.py"
    result = run_cli("build", "--server", f"git={SNAPSHOTS / 'git.json'}", "--out", str(out), "-q")
    assert result.exit_code == 3
    lines = result.output.strip().splitlines()
    assert lines[-1].startswith("mcp2openai: internal error (nothing written; please report): ")
    assert "does not read back" in lines[-1]
    assert not out.exists() and not out.with_suffix(".pyi").exists()


def test_an_emission_without_the_tables_values_is_refused(
    built: tuple[ModuleModel, Emission, str, str],
) -> None:
    model, emission, module, _ = built
    with pytest.raises(RenderError, match="has no value to compare with"):
        verify_module(module, model, dataclasses.replace(emission, values={}))
