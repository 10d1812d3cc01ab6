"""generator/verify.py: the proof run on every module and stub before anything is written.

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
from mcp2openai.verify import verify_module, verify_stub

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


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s + "\nimport os\n", "statements differ"),
        (lambda s: s.replace("__getattr__ =", "__getattr2__ =", 1), "statements differ"),
        (lambda s: s.replace('"0.4.0",', '"0.4.1",', 1), "statements differ"),
        (lambda s: s.replace("OpenAI function tools", "OpenAI tools", 1), "docstring"),
        (lambda s: s.replace('"""OpenAI', '"""OpenAI"""; import os; """', 1), "docstring"),
        (lambda s: s.replace("__all__ =", "import os\n__all__ =", 1), "differ"),
        (lambda s: s.replace('"NAMES",', '"NAMES", "os",', 1), "differ"),
        (lambda s: s[: s.index("__all__") + 12], "does not parse"),
        # The tables: their values, their order, their form.
        (
            lambda s: s.replace(
                '"git__git_status":{"server":"git"', '"git__git_status":{"server":"gut"', 1
            ),
            "table tools does not read back",
        ),
        (lambda s: s.replace('"git__git_status":"1:', '"git__git_status":"9:', 1), "table search"),
        (lambda s: s.replace('_TOOLS = r"""{', '_TOOLS = r"""{{', 1), "tools is not valid JSON"),
        (
            lambda s: s.replace('_TOOLS = r"""{', '_TOOLS = 1 + r"""{', 1),
            "tools is not a string",
        ),
        (lambda s: s.replace('_SEARCH = r"""', '_SEARCH2 = r"""', 1), "not the model's, in order"),
        (lambda s: s.replace('_SEARCH = r"""', '_SEARCH = _TOOLS\n_X = r"""', 1), "not a string"),
        # A value breaking out of its string, or a table that does: a statement more.
        (
            lambda s: s.replace(' "strict":true}', ' "strict":true}"""\nimport os\n_X = r"""', 1),
            "definitions is not valid JSON",
        ),
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
        (lambda s: s + 'X = __import__("os")\n', "TypedDicts for"),
        (lambda s: s.replace('"repo_path": str', '"repo_path": __import__("os")', 1), "not a type"),
        (lambda s: s.replace('"repo_path": str', '"repo_path": int', 1), "repo_path"),
        (lambda s: s.replace('"repo_path": str', '"repo": str', 1), "keys"),
        (lambda s: s.replace("    NAMES,\n", "    NAMES,\n    tools2,\n", 1), "head"),
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
    # A table written with values altered: what the runtime reads is not the model's.
    real = emit_module.table

    def broken(value: object, layout: str = "entries") -> str:
        if isinstance(value, dict) and "fallbacks" in value:
            value = {**value, "fallbacks": ["not a decision"]}
        return real(value, layout)  # type: ignore[arg-type]

    monkeypatch.setattr(emit_module, "table", broken)
    out = tmp_path / "git_tools.py"
    result = run_cli("build", "--server", f"git={SNAPSHOTS / 'git.json'}", "--out", str(out), "-q")
    assert result.exit_code == 3
    lines = result.output.strip().splitlines()
    assert lines[-1].startswith("mcp2openai: internal error (nothing written; please report): ")
    assert "table report does not read back" in lines[-1]
    assert sorted(path.name for path in tmp_path.iterdir()) == []


def test_an_emission_without_the_tables_values_is_refused(built: Built) -> None:
    model, emission, module, _ = built
    with pytest.raises((RenderError, KeyError)):
        check_module(module, model, dataclasses.replace(emission, values={}))
