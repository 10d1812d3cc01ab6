"""generator/verify.py: the proof run on every module, stub and data before anything is written.

Each test tampers with a correctly built file the way a broken emitter or a successful
injection would, and expects the proof to refuse it with a message naming what differs.
"""

from __future__ import annotations

import dataclasses
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
from mcp2openai.render import _module_skeleton, _stub_skeleton, module_source, stub_source
from mcp2openai.verify import verify_data, verify_module, verify_stub

Built = tuple[ModuleModel, Emission, str, str]


@pytest.fixture(scope="module")
def built() -> Built:
    # A description with a backslash and a newline: escapes the data must keep as written.
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


def check_module(text: str, model: ModuleModel, emission: Emission) -> None:
    verify_module(text, model, emission, _module_skeleton(emission.version))


def check_stub(text: str, emission: Emission) -> None:
    head = _stub_skeleton(emission.version, emission.runtime_import, emission.typing_import)
    verify_stub(text, emission, head)


def test_a_correct_build_passes(built: Built) -> None:
    model, emission, module, stub = built
    check_module(module, model, emission)
    check_stub(stub, emission)
    verify_data(emission)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s + "\nimport os\n", "statements differ"),
        (lambda s: s.replace("__getattr__ =", "__getattr2__ =", 1), "statements differ"),
        (lambda s: s.replace('"0.3.0")', '"0.3.1")', 1), "statements differ"),
        (lambda s: s.replace("OpenAI function tools", "OpenAI tools", 1), "docstring"),
        (lambda s: s.replace('"""OpenAI', '"""OpenAI"""; import os; """', 1), "docstring"),
        (lambda s: s.replace("TYPE_CHECKING =", "import os\nTYPE_CHECKING =", 1), "differ"),
        (lambda s: s.replace('"NAMES",', '"NAMES", "os",', 1), "differ"),
        (lambda s: s[: s.index("__all__") + 12], "does not parse"),
    ],
)
def test_a_tampered_module_is_refused(built: Built, change: object, message: str) -> None:
    model, emission, module, _ = built
    tampered = change(module)  # type: ignore[operator]
    assert tampered != module
    with pytest.raises(RenderError, match=message):
        check_module(tampered, model, emission)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s.replace('"git__git_status":["git"', '"git__git_status":["gut"', 1), "names"),
        (lambda s: s.replace('"git__git_status":"1:', '"git__git_status":"9:', 1), "search"),
        # A table of another length: its bytes are no longer where "tables" says.
        (lambda s: s.replace('"git__git_status":["git"', '"git__git_status":["gu"', 1), "where"),
        (lambda s: s.replace('"git__git_status":"', '"git__git_status":"99:x ', 1), "where"),
        (
            lambda s: s.replace('"tables":{"definitions":[1', '"tables":{"definitions":[2', 1),
            "where",
        ),
        (lambda s: s.replace('\n"dropped":', '\n"dropped2":', 1), "dropped is not where"),
        # A value that starts a line as a table key would: the runtime would read it instead.
        (lambda s: s.replace('\n"names":{', '\n"names":{},\n"x":{', 1), "is not where"),
        (lambda s: s[:-3], "does not end where its last table does"),
        (lambda s: s + " ", "does not end where"),
        (
            lambda s: s.replace('"tables":{"definitions"', '"tables":{"x":[0,0],"definitions"'),
            "in order",
        ),
        (lambda s: s.replace('"tables":{', '"tables":{{', 1), "not valid JSON"),
        (lambda s: s.replace('"definitions":[\n {"type"', '"definitions":[\n {"typé"', 1), "ASCII"),
        (lambda s: s.replace(':"0.3.0"', ':"0.2.0"', 1), "not written for this version"),
    ],
)
def test_tampered_data_is_refused(built: Built, change: object, message: str) -> None:
    _, emission, _, _ = built
    tampered = change(emission.data)  # type: ignore[operator]
    assert tampered != emission.data
    with pytest.raises((RenderError, ValueError), match=message):
        verify_data(dataclasses.replace(emission, data=tampered))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s + 'X = __import__("os")\n', "TypedDicts for"),
        (lambda s: s.replace('"repo_path": str', '"repo_path": __import__("os")', 1), "not a type"),
        (lambda s: s.replace('"repo_path": str', '"repo_path": int', 1), "repo_path"),
        (lambda s: s.replace('"repo_path": str', '"repo": str', 1), "keys"),
        (lambda s: s.replace("import *", "import tools", 1), "head"),
        (lambda s: s.replace('"NAMES",', '"NAMES", "os",', 1), "head"),
        (
            lambda s: s.replace("GitGitStatusArgs = TypedDict(", "GitGitStatusArgs = dict(", 1),
            "not a TypedDict call",
        ),
    ],
)
def test_a_tampered_stub_is_refused(built: Built, change: object, message: str) -> None:
    _, emission, _, stub = built
    tampered = change(stub)  # type: ignore[operator]
    assert tampered != stub
    with pytest.raises(RenderError, match=message):
        check_stub(tampered, emission)


def test_an_emitter_bug_is_exit_3_one_line_and_nothing_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Data written with one table's values altered: what the runtime reads is not the model's.
    real = emit_module.data_text

    def broken(version: str, tables: dict[str, object]) -> str:
        return real(version, {**tables, "structured": ["not a tool"]})  # type: ignore[dict-item]

    monkeypatch.setattr(emit_module, "data_text", broken)
    out = tmp_path / "git_tools.py"
    result = run_cli("build", "--server", f"git={SNAPSHOTS / 'git.json'}", "--out", str(out), "-q")
    assert result.exit_code == 3
    lines = result.output.strip().splitlines()
    assert lines[-1].startswith("mcp2openai: internal error (nothing written; please report): ")
    assert "structured does not read back" in lines[-1]
    assert sorted(path.name for path in tmp_path.iterdir()) == []


def test_an_emission_without_the_tables_values_is_refused(built: Built) -> None:
    _, emission, _, _ = built
    with pytest.raises(RenderError, match="tables are not the model's"):
        verify_data(dataclasses.replace(emission, values={}))
