"""What `build` writes, as a reviewer and an app's linters see it: per toolset a
module that holds its data and a stub, nothing else of its own; every generated file clean
under ruff's default rules and `mypy --strict`; a change of one tool is a short diff of that
tool's lines.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from buildutil import GENERATED, ROOT, SNAPSHOTS, mypy_command

DIFF_PAIRS = ("mcp_github.py", "mcp_github.pyi")


def test_generated_holds_modules_stubs_and_the_runtime_only() -> None:
    """`make generate` writes, per toolset, X.py and X.pyi, plus the shared runtime."""
    snapshots = {path.stem for path in SNAPSHOTS.glob("*.json")}
    expected = {f"mcp_{name}{suffix}" for name in [*snapshots, "all"] for suffix in (".py", ".pyi")}
    found = {path.name for path in GENERATED.iterdir() if path.is_file()}
    assert found == expected
    runtime = {path.name for path in (GENERATED / "_mcp2openai").iterdir()} - {"__pycache__"}
    assert runtime == {path.name for path in (ROOT / "templates" / "runtime").glob("*.py*")}


def test_ruff_default_rules_pass_on_every_generated_file() -> None:
    """ruff with no configuration (`--isolated`: its default rules, whatever the project's
    pyproject.toml says) over generated/, modules, stubs and runtime: what an app's linter
    sees of the files it commits."""
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--isolated", "--no-cache", "."],
        cwd=GENERATED,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout[-3000:]
    assert "All checks passed" in result.stdout


def test_ruff_format_leaves_every_generated_file_as_it_is() -> None:
    """The files are black's; an app that formats with ruff instead (its defaults,
    `--isolated`) must not see them change either."""
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--isolated", "--no-cache", "--diff", "."],
        cwd=GENERATED,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]


@pytest.mark.slow  # CONTRIBUTING.md, "Tiers"
def test_mypy_strict_passes_on_generated_as_written() -> None:
    result = subprocess.run(
        [*mypy_command("--config-file", str(ROOT / "tests" / "typing" / "no_frameworks.ini")), "."],
        cwd=GENERATED,
        capture_output=True,
        text=True,
        env={"PATH": ""},
    )
    assert result.returncode == 0, result.stdout[-3000:]


def test_mypy_strict_passes_on_generated_with_nothing_installed() -> None:
    """An app type-checked where neither the mcp SDK (or the version whose modules the
    runtime imports), its HTTP client nor a framework is installed: the runtime's imports
    of them are not errors (`# mypy: disable-error-code` in the files that import them)."""
    result = subprocess.run(
        [*mypy_command("--no-site-packages", "--config-file", os.devnull), "."],
        cwd=GENERATED,
        capture_output=True,
        text=True,
        env={"PATH": ""},
    )
    assert result.returncode == 0, result.stdout[-3000:]


def generate_into(generated: Path) -> None:
    command = [sys.executable, "scripts/generate.py", "--generated", str(generated)]
    subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)


def changed_lines(before: Path, after: Path) -> list[str]:
    """The lines of `after` that a diff against `before` adds (and those it removes)."""
    old = before.read_text(encoding="utf-8").splitlines()
    new = after.read_text(encoding="utf-8").splitlines()
    return [
        line
        for line in difflib.unified_diff(old, new, lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]


@pytest.fixture(scope="module")
def github(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """generated/ as it is (the github snapshot only, and mcp_all), and a copy to change."""
    pair = []
    for label in ("before", "after"):
        generated = tmp_path_factory.mktemp(label) / "generated"
        (generated / "snapshots").mkdir(parents=True)
        shutil.copy(SNAPSHOTS / "github.json", generated / "snapshots")
        pair.append(generated)
    generate_into(pair[0])
    return pair[0], pair[1]


def rebuilt(github: tuple[Path, Path], change: object) -> dict[str, list[str]]:
    """Change the github snapshot of the copy (`change(tools)`), regenerate it, and the
    changed lines of the toolset's own files."""
    before, after = github
    snapshot = after / "snapshots" / "github.json"
    document = json.loads((before / "snapshots" / "github.json").read_text(encoding="utf-8"))
    change(document["tools"])  # type: ignore[operator]
    snapshot.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    generate_into(after)
    return {name: changed_lines(before / name, after / name) for name in DIFF_PAIRS}


def test_rewording_one_description_changes_only_its_lines(github: tuple[Path, Path]) -> None:
    """At most 6 changed lines in the toolset's own files: the description's line, what
    derives from it (the tool's digest and search entry) and the input hash; none of them
    longer than the description's own line needs (no line holding the tool's schema or a
    snapshot)."""
    original: list[str] = []

    def reword(tools: list[dict[str, object]]) -> None:
        tool = next(t for t in tools if t["name"] == "create_issue")
        original.append(str(tool["description"]))
        tool["description"] = "Open a new issue in a GitHub repository, with a title and body."

    changes = rebuilt(github, reword)
    lines = changes["mcp_github.py"] + changes["mcp_github.pyi"]
    assert 0 < len(lines) <= 2 * 6  # each changed line is removed once and added once
    assert changes["mcp_github.pyi"] == []
    added = [line[1:] for line in lines if line.startswith("+")]
    assert len(added) <= 6
    kinds = {}
    for line in added:
        if line.startswith(' "description":'):
            kinds["description"] = line
        elif line.startswith("Generated by mcp2openai "):
            kinds["input hash"] = line
        elif re.fullmatch(r'"github__create_issue":"[0-9a-f]{24}",?', line):
            kinds["digest"] = line
        elif line.startswith('"github__create_issue":"') and "|" in line:
            kinds["search entry"] = line  # the tool's terms, its description's among them
        else:
            raise AssertionError(f"a changed line that does not derive from it: {line}")
    assert kinds["description"] == (
        ' "description":"Open a new issue in a GitHub repository, with a title and body.",'
    )
    assert sorted(kinds) == ["description", "digest", "input hash", "search entry"]
    assert all('"parameters"' not in line and "inputSchema" not in line for line in added)


def test_adding_an_optional_property_changes_only_that_tools_lines(
    github: tuple[Path, Path],
) -> None:
    def extend(tools: list[dict[str, object]]) -> None:
        tool = next(t for t in tools if t["name"] == "create_issue")
        schema: dict[str, dict[str, object]] = tool["inputSchema"]  # type: ignore[assignment]
        schema["properties"]["labels_note"] = {"type": "string", "description": "A note."}

    changes = rebuilt(github, extend)
    module = [line[1:] for line in changes["mcp_github.py"] if line.startswith("+")]
    assert module and all(
        "create_issue" in line
        or "CreateIssue" in line
        or line.startswith(' "parameters"')
        or line.startswith("Generated by mcp2openai")
        for line in module
    ), module
    stub = [line[1:] for line in changes["mcp_github.pyi"] if line.startswith("+")]
    assert stub == ['        "labels_note": NotRequired[str],']
