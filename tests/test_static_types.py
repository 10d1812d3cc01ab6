"""The stub's types against the real `openai` SDK (the version the tests pin): an app passes
what the module returns where the SDK expects its params, and `mypy --strict` accepts it with no
cast; a wrong use is still refused."""

from __future__ import annotations

import re
import subprocess
import sys

from buildutil import GENERATED, ROOT

TYPING = ROOT / "tests" / "typing"


def mypy(*paths: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "mypy", "--strict", "--no-incremental"]
    return subprocess.run(
        [*command, "--config-file", "/dev/null", *paths],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"MYPYPATH": str(GENERATED), "PATH": ""},
    )


def test_module_results_go_where_the_sdk_expects_its_params() -> None:
    result = mypy(str(TYPING / "sdk_use.py"))
    assert result.returncode == 0, result.stdout


def test_a_mismatch_with_the_sdk_is_still_refused(tmp_path: object) -> None:
    wrong = ROOT / "tests" / "typing" / "sdk_misuse.py"
    result = mypy(str(wrong))
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert result.returncode == 1
    # chat definitions are not Responses tools, and the choice of one API is not the other's
    lines = wrong.read_text().splitlines()
    for marker in ('input="hi", tools=mcp.tools("chat")', 'api="responses"'):
        number = next(i for i, line in enumerate(lines, 1) if marker in line)
        assert any(f"sdk_misuse.py:{number}:" in line for line in errors), (marker, errors)


def test_the_stub_agrees_with_the_module_it_describes() -> None:
    # mypy's stubtest imports the module and compares every name and signature with the
    # stub. What it may report: the types that exist for type checkers only (types.pyi), the
    # <Tool>Args names (strings at run time), and ToolCalls' tuple base (not a decorator
    # the module could carry without importing typing).
    declared = (ROOT / "templates" / "types.pyi").read_text()
    stub_only = set(re.findall(r"^(?:class )?(\w+)(?:\(| = )", declared, re.M))
    result = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "mcp_time", "--mypy-config-file", "/dev/null"],
        cwd=GENERATED,
        capture_output=True,
        text=True,
        env={"MYPYPATH": str(GENERATED), "PYTHONPATH": str(GENERATED), "PATH": ""},
    )
    errors = [line for line in result.stdout.splitlines() if line.startswith("error:")]
    unexpected = [
        line
        for line in errors
        if not (
            (
                line.endswith("is not present at runtime")
                and line.split()[1].split(".")[1] in stub_only
            )
            or (line.endswith("is not a type") and line.split()[1].endswith("Args"))
            or line.startswith("error: mcp_time.ToolCalls is a disjoint base at runtime")
        )
    ]
    assert errors and unexpected == [], unexpected
