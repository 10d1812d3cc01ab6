"""`mypy --strict` accepts the generated modules and typed use of them, and rejects misuse."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from buildutil import GENERATED, ROOT, mypy_command

pytestmark = (
    pytest.mark.slow
)  # mypy --strict and stubtest over the generated modules (CONTRIBUTING.md, "Tiers")

TYPING = ROOT / "tests" / "typing"
# The agent frameworks' types skipped (the file says why).
NO_FRAMEWORKS = str(TYPING / "no_frameworks.ini")


def mypy(*paths: str, path: Path = GENERATED) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*mypy_command("--config-file", NO_FRAMEWORKS), *paths],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"MYPYPATH": str(path), "PATH": ""},
    )


def test_mypy_strict_accepts_generated_modules_and_their_stubs() -> None:
    # Each file on its own: given a .py, mypy checks it (the stub beside it is not read).
    for name in ("mcp_git", "mcp_everything", "mcp_all"):
        for suffix in (".py", ".pyi"):
            result = mypy(str(GENERATED / f"{name}{suffix}"))
            assert result.returncode == 0, (name, suffix, result.stdout)


def test_mypy_strict_accepts_typed_use_through_the_stubs() -> None:
    # An app imports the module by name: mypy reads the .pyi stub beside it.
    result = mypy(str(TYPING / "good_use.py"))
    assert result.returncode == 0, result.stdout
    assert "GitGitLogArgs" in (GENERATED / "mcp_git.pyi").read_text()
    assert "GitGitLogArgs = " not in (GENERATED / "mcp_git.py").read_text()


def test_mypy_rejects_wrong_use_of_typed_arguments() -> None:
    result = mypy(str(TYPING / "bad_use.py"))
    assert result.returncode == 1
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert any(
        "bad_use.py:10:" in line and "Unsupported operand" in line for line in errors
    ), errors
    assert any("bad_use.py:11:" in line and "no_such_key" in line for line in errors), errors
    # tool_output(..., images="message") is a list (templates/types.pyi overloads)
    assert any("bad_use.py:17:" in line and '"__getitem__" of "list"' in line for line in errors)
    assert len(errors) >= 3
