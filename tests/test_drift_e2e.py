"""Graded drift end to end: `mcp2openai fetch --check` and `mcp2openai diff` against a real MCP
server (tests/servers/drift_server.py, the SDK's MCPServer) started in two versions, over stdio
and Streamable HTTP on 127.0.0.1, and the CI example of docs/usage.md checked against a real run."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from live_support import CLI, PYTHON, REPO, run_cli, stop
from mcp2openai.cli import main

pytestmark = pytest.mark.e2e  # starts MCP servers (CONTRIBUTING.md, "Tiers")

DRIFT_SERVER = REPO / "tests" / "servers" / "drift_server.py"
TIMES = re.compile(r" in \d+\.\ds")
PYPROJECT = f"""\
[tool.mcp2openai]
out = "app/mcp_tools.py"
snapshots = "mcp-snapshots"

[tool.mcp2openai.servers.weather]
command = {json.dumps(PYTHON)}
args = [{json.dumps(str(DRIFT_SERVER))}]
env = {{ DRIFT_VERSION = "${{DRIFT_VERSION:-1}}" }}
"""
BREAKING = 'breaking: forecast: /inputSchema/properties/units/enum: enum value "kelvin" removed'
COMPATIBLE = "compatible: search: /inputSchema/properties/language: new optional property"


def cli(*args: str, version: str = "1") -> Result:
    return CliRunner().invoke(main, list(args), env={"DRIFT_VERSION": version})


def untimed(text: str) -> list[str]:
    return TIMES.sub(" in 0.0s", text).splitlines()


@pytest.fixture(scope="module")
def version_one(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The snapshot `mcp2openai fetch` writes of version 1 (fetched once for the module)."""
    directory = tmp_path_factory.mktemp("drift")
    (directory / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    fetched = run_cli("fetch", cwd=directory)
    assert fetched.returncode == 0, fetched.stderr
    return (directory / "mcp-snapshots" / "weather.json").read_text(encoding="utf-8")


@pytest.fixture
def project(tmp_path: Path, version_one: str, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project whose snapshot of the weather server is version 1's."""
    (tmp_path / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    (tmp_path / "mcp-snapshots").mkdir()
    (tmp_path / "mcp-snapshots" / "weather.json").write_text(version_one, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_fetch_check_grades_a_breaking_change_and_fails(project: Path) -> None:
    result = cli("fetch", "--check", version="2")
    assert result.exit_code == 1, result.output
    assert untimed(result.stderr) == [
        "mcp2openai: weather: 2 tools in 0.0s (drift-fixture 2.0.0, protocol 2026-07-28): "
        "mcp-snapshots/weather.json differs: 1 breaking, 1 compatible, 1 cosmetic",
        '  cosmetic: (snapshot): /server/version: server version changed: "1.0.0" -> "2.0.0"',
        f"  {BREAKING}",
        f"  {COMPATIBLE}",
        "mcp2openai: fetched 1 server (2 tools) in 0.0s; out of date: weather (breaking)",
    ]
    assert (project / "mcp-snapshots" / "weather.json").read_text(encoding="utf-8").count(
        "kelvin"
    ) == 1


def test_fetch_check_passes_a_compatible_change_unless_asked_to_fail(project: Path) -> None:
    result = cli("fetch", "--check", version="compatible")
    assert result.exit_code == 0, result.output
    lines = untimed(result.stderr)
    assert lines[0].endswith("mcp-snapshots/weather.json differs: 1 compatible, 1 cosmetic")
    assert lines[2:] == [
        f"  {COMPATIBLE}",
        "mcp2openai: fetched 1 server (2 tools) in 0.0s; out of date: weather (compatible)",
    ]
    assert cli("fetch", "--check", "--fail-on", "compatible", version="compatible").exit_code == 1


def test_fetch_check_of_an_unchanged_server_passes_at_any_threshold(project: Path) -> None:
    result = cli("fetch", "--check", "--fail-on", "cosmetic")
    assert result.exit_code == 0, result.output
    assert untimed(result.stderr)[0].endswith(": mcp-snapshots/weather.json unchanged")


def test_fetch_check_of_a_snapshot_laid_out_otherwise_is_cosmetic(project: Path) -> None:
    snapshot = project / "mcp-snapshots" / "weather.json"
    snapshot.write_text(json.dumps(json.loads(snapshot.read_text())), encoding="utf-8")
    assert cli("fetch", "--check").exit_code == 0
    strict = cli("fetch", "--check", "--fail-on", "cosmetic")
    assert strict.exit_code == 1
    assert "  cosmetic: (snapshot): laid out otherwise than fetch writes it" in strict.stderr


def test_fetch_check_without_a_snapshot_fails(project: Path) -> None:
    (project / "mcp-snapshots" / "weather.json").unlink()
    result = cli("fetch", "--check")
    assert result.exit_code == 1
    assert (
        "  breaking: (snapshot): mcp-snapshots/weather.json does not exist: "
        "run `mcp2openai fetch weather` to create it"
    ) in result.stderr.splitlines()


def test_fetch_check_of_a_broken_snapshot_is_one_error_line(project: Path) -> None:
    snapshot = project / "mcp-snapshots" / "weather.json"
    document = json.loads(snapshot.read_text())
    del document["tools"][1]["inputSchema"]
    snapshot.write_text(json.dumps(document), encoding="utf-8")
    result = cli("fetch", "--check", version="2")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == (
        "mcp2openai: error: weather: mcp-snapshots/weather.json: tool 'search': "
        "#/tools/1/inputSchema: missing inputSchema"
    )
    assert "Traceback" not in result.output


@pytest.fixture(scope="module")
def http_version_two() -> Iterator[str]:
    """Version 2 served over Streamable HTTP; yields its URL (the server prints it once it
    listens: no polling, no sleep)."""
    process = subprocess.Popen(
        [PYTHON, str(DRIFT_SERVER), "--http"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={"DRIFT_VERSION": "2", "PATH": "/usr/bin:/bin"},
        text=True,
    )
    try:
        assert process.stdout is not None
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), url
        yield url
    finally:
        stop(process)  # type: ignore[arg-type]


def test_fetch_check_over_streamable_http(project: Path, http_version_two: str) -> None:
    out = ["--out", "mcp-snapshots/weather.json"]
    result = cli("fetch", "weather", *out, "--url", http_version_two, "--check")
    assert result.exit_code == 1, result.output
    assert [line.strip() for line in result.stderr.splitlines()[1:4]] == [
        'cosmetic: (snapshot): /server/version: server version changed: "1.0.0" -> "2.0.0"',
        BREAKING,
        COMPATIBLE,
    ]


def test_diff_of_two_snapshots(project: Path, http_version_two: str) -> None:
    fetched = cli("fetch", "weather", "--out", "v2.json", "--url", http_version_two)
    assert fetched.exit_code == 0, fetched.output
    result = cli("diff", "mcp-snapshots/weather.json", "v2.json")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        'cosmetic: (snapshot): /server/version: server version changed: "1.0.0" -> "2.0.0"',
        BREAKING,
        COMPATIBLE,
    ]
    assert result.stderr == (
        "mcp2openai: mcp-snapshots/weather.json -> v2.json: 1 breaking, 1 compatible, 1 cosmetic\n"
    )
    back = cli("diff", "v2.json", "mcp-snapshots/weather.json")  # the other way: kelvin comes back,
    assert back.exit_code == 1  # language goes (a call may still send it)
    assert back.stdout.splitlines()[1:] == [
        'compatible: forecast: /inputSchema/properties/units/enum: enum value "kelvin" added',
        "breaking: search: /inputSchema/properties/language: optional property removed: calls "
        "that send it are refused or ignored",
    ]

    machine = cli("diff", "--json", "mcp-snapshots/weather.json", "v2.json")
    assert machine.exit_code == 1
    document = json.loads(machine.stdout)
    assert document["counts"] == {"breaking": 1, "compatible": 1, "cosmetic": 1}
    assert document["failed"] is True and document["fail_on"] == "breaking"
    assert document["changes"][1] == {
        "tool": "forecast",
        "pointer": "/inputSchema/properties/units/enum",
        "grade": "breaking",
        "reason": 'enum value "kelvin" removed',
    }

    same = cli("diff", "--fail-on", "cosmetic", "v2.json", "v2.json")
    assert (same.exit_code, same.stdout) == (0, "")
    assert same.stderr == "mcp2openai: v2.json -> v2.json: no change\n"


def test_diff_of_a_bad_file_is_one_error_line(project: Path) -> None:
    (project / "bad.json").write_text('{"tools": [{"name": "a", "inputSchema": []}]}')
    result = cli("diff", "mcp-snapshots/weather.json", "bad.json")
    assert result.exit_code == 2
    assert result.stderr == (
        "mcp2openai: error: bad.json: tool 'a': #/tools/0/inputSchema: "
        "inputSchema must be an object\n"
    )
    missing = cli("diff", "mcp-snapshots/weather.json", "nowhere.json")
    assert missing.exit_code == 2
    assert missing.stderr.startswith("mcp2openai: error: nowhere.json: cannot read: ")


def usage_ci_run() -> tuple[list[str], int]:
    """The example of docs/usage.md's CI section: its commands and output, and the exit code."""
    text = (REPO / "docs" / "usage.md").read_text(encoding="utf-8")
    block = text.split("<!-- drift-example -->", 2)[1]
    lines = block.split("```")[1].splitlines()[1:]
    code = lines.index("$ echo $?")
    return lines[:code], int(lines[code + 1])


def test_the_usage_docs_show_a_real_run_of_fetch_check(project: Path) -> None:
    shown, code = usage_ci_run()
    assert shown[0] == "$ mcp2openai fetch --check"
    run = subprocess.run(
        [str(CLI), "fetch", "--check"],
        cwd=project,
        capture_output=True,
        text=True,
        env={"DRIFT_VERSION": "2", "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert run.returncode == code == 1
    assert untimed("\n".join(shown[1:])) == untimed(run.stderr)


def test_the_build_report_names_the_snapshots_server_and_protocol(project: Path) -> None:
    built = cli("build", "--report-json", "report.json")
    assert built.exit_code == 0, built.output
    report = json.loads((project / "report.json").read_text(encoding="utf-8"))
    assert report["snapshots"] == [
        {
            "server": "weather",
            "serverInfo": {"name": "drift-fixture", "version": "1.0.0"},
            "protocolVersion": "2026-07-28",  # fetch's default: the newest both speak
        }
    ]
