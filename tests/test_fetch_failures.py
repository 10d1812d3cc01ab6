"""Servers that fail: exit 2, one line naming the server and what happened, the old snapshot
intact, the other servers still fetched, and no process left behind.

One `mcp2openai fetch` (a real child process, as in CI) runs over a pyproject.toml that lists a
good server and one broken server per failure case; each case then has its own test.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from live_support import fixture_server, free_port, pids, run_cli, wait_gone
from mcp2openai.cli import main

pytestmark = pytest.mark.e2e  # starts MCP servers (CONTRIBUTING.md, "Tiers")

OLD = '{"old": "snapshot"}\n'
TIMEOUT = 4  # for the server that never answers (the others get 120 s: the machine may be busy)

# name -> (command line, the line's text after "mcp2openai: error: NAME: ")
CASES: dict[str, tuple[list[str], str]] = {
    "missing": (
        ["mcp2openai-no-such-server", "--stdio"],
        "cannot start 'mcp2openai-no-such-server': command not found",
    ),
    "exits": (
        fixture_server("exits_at_once.py"),
        'the server exited (or closed its stdout) before answering initialize; stderr: "fatal:'
        ' configuration file missing"',
    ),
    "hangs": (
        fixture_server("never_answers.py"),
        f'no answer to initialize within {TIMEOUT}s (timed out); stderr: "starting up..."',
    ),
    # not MCP on stdout is skipped by default (--strict-stdio refuses it: see below), so a
    # server that sends nothing else times out, and the line says what it wrote instead
    "garbage": (
        fixture_server("garbage.py"),
        f"no answer to initialize within {TIMEOUT}s (timed out); skipped 1 non-MCP line on stdout"
        ' (first: "Serving HTTP on 0.0.0.0 port 8000 (http://0.0.0.0:8000/) ...")',
    ),
    "invalid": (
        fixture_server("raw_server.py", "invalid"),
        "invalid tools/list result: #/tools/1/inputSchema: Field required",
    ),
    "not_a_list": (
        fixture_server("raw_server.py", "not-a-list"),
        "invalid tools/list result: #/tools: Input should be a valid list",
    ),
    "nan": (
        fixture_server("raw_server.py", "nan"),
        "invalid tool list: tool 'n': #/tools/0/inputSchema/properties/v/maximum:"
        " NaN is not valid JSON",
    ),
    "repeats": (
        fixture_server("raw_server.py", "repeat-cursor"),
        "invalid tools/list result: cursor 'page-2' repeats",
    ),
    "list_error": (
        fixture_server("raw_server.py", "error"),
        "tools/list failed: database unavailable (JSON-RPC error -32603)",
    ),
    "crash": (
        fixture_server("raw_server.py", "exit-on-list"),
        'the server exited (or closed its stdout) before answering tools/list; stderr: "crashed'
        ' while listing tools"',
    ),
}


@dataclass
class Run:
    directory: Path
    config: Path
    returncode: int
    stdout: str
    lines: list[str]
    pids: list[int]
    seconds: float


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    directory = tmp_path_factory.mktemp("failures")
    pidfile = directory / "pids.txt"
    table = ["[tool.mcp2openai]\ntimeout = 120\n"]
    servers = {"good": fixture_server("raw_server.py", "paginated")}
    servers |= {name: command for name, (command, _) in CASES.items()}
    for name, command in servers.items():
        table.append(
            f"[tool.mcp2openai.servers.{name}]\n"
            f"command = {json.dumps(command[0])}\n"
            f"args = {json.dumps(command[1:])}\n"
            f"env = {{ MCP2OPENAI_PIDFILE = {json.dumps(str(pidfile))} }}\n"
            + (f"timeout = {TIMEOUT}\n" if name in ("hangs", "garbage") else "")
        )
    table.append(
        "[tool.mcp2openai.servers.secret]\n"
        'url = "https://mcp.example.com/mcp"\n'
        'headers = { Authorization = "Bearer ${MCP2OPENAI_TEST_UNSET_TOKEN}" }\n'
    )
    config = directory / "pyproject.toml"
    config.write_text("\n".join(table), encoding="utf-8")
    snapshots = directory / "mcp-snapshots"
    snapshots.mkdir()
    for name in [*servers, "secret"]:
        (snapshots / f"{name}.json").write_text(OLD, encoding="utf-8")
    started = time.monotonic()
    result = run_cli("fetch", cwd=directory)
    seconds = time.monotonic() - started
    return Run(
        directory,
        config,
        result.returncode,
        result.stdout,
        result.stderr.splitlines(),
        pids(pidfile),
        seconds,
    )


def test_exit_code_2_and_a_summary(run: Run) -> None:
    assert run.returncode == 2
    assert run.stdout == ""
    assert not any("Traceback" in line for line in run.lines)
    failed = ", ".join([*CASES, "secret"])
    assert re.fullmatch(
        rf"mcp2openai: fetched 1 of 12 servers \(3 tools\) in \d+\.\ds; failed: {failed}",
        run.lines[-1],
    )
    # one line per server, in the configured order, then the summary
    names = [re.match(r"mcp2openai: (?:error: )?([\w-]+):", line)[1] for line in run.lines[:-1]]  # type: ignore[index]
    assert names == ["good", *CASES, "secret"]


@pytest.mark.parametrize("name", CASES)
def test_each_failure_is_one_line_and_keeps_the_old_snapshot(run: Run, name: str) -> None:
    expected = f"mcp2openai: error: {name}: {CASES[name][1]}"
    assert [line for line in run.lines if line.startswith(f"mcp2openai: error: {name}:")] == [
        expected
    ]
    assert (run.directory / "mcp-snapshots" / f"{name}.json").read_text(encoding="utf-8") == OLD
    leftovers = [
        p.name for p in (run.directory / "mcp-snapshots").iterdir() if p.name.startswith(".")
    ]
    assert leftovers == []  # no temporary file left either


def test_a_missing_variable_names_the_file_and_key(run: Run) -> None:
    assert (
        # the pyproject.toml found in the current directory: named as the user sees it there
        "mcp2openai: error: secret: pyproject.toml: tool.mcp2openai.servers.secret"
        ".headers.Authorization: environment variable MCP2OPENAI_TEST_UNSET_TOKEN is not set"
    ) in run.lines
    assert (run.directory / "mcp-snapshots" / "secret.json").read_text(encoding="utf-8") == OLD


def test_the_good_server_is_still_fetched(run: Run) -> None:
    assert run.lines[0].startswith("mcp2openai: good: 3 tools in ")
    snapshot = json.loads((run.directory / "mcp-snapshots" / "good.json").read_text())
    assert [tool["name"] for tool in snapshot["tools"]] == ["alpha", "beta", "gamma"]


def test_no_process_is_left_behind(run: Run) -> None:
    # every fixture server that started wrote its pid (never_answers also its child's)
    assert len(run.pids) == len(CASES) - 1 + 1 + 1  # all but "missing", plus "good", plus a child
    assert wait_gone(run.pids) == []
    # the hung server ignores SIGTERM: the timeout, then stdin close, SIGTERM and SIGKILL
    assert run.seconds < 120


# --- the explicit forms (in process: the children are this process's own) -------------------


def fetch(*args: str) -> tuple[int, list[str]]:
    result = CliRunner().invoke(main, ["fetch", *args])
    return result.exit_code, result.stderr.splitlines()


def test_command_not_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.json").write_text(OLD)
    code, lines = fetch("x", "--out", "s.json", "--", "/nonexistent/mcp-server")
    assert code == 2
    assert (
        lines[0]
        == "mcp2openai: error: x: cannot start '/nonexistent/mcp-server': command not found"
    )
    assert (tmp_path / "s.json").read_text() == OLD


def test_timeout_kills_the_process_group(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.json").write_text(OLD)
    pidfile = tmp_path / "pids"
    env = f"MCP2OPENAI_PIDFILE={pidfile}"
    command = fixture_server("never_answers.py")
    code, lines = fetch("slow", "--out", "s.json", "--timeout", "4", "--env", env, "--", *command)
    assert code == 2
    assert lines[0] == (
        'mcp2openai: error: slow: no answer to initialize within 4s (timed out); stderr: "starting'
        ' up..."'
    )
    assert (tmp_path / "s.json").read_text() == OLD
    started = pids(pidfile)
    assert len(started) == 2  # the server and its own child
    assert wait_gone(started) == []


def test_exits_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    pidfile = tmp_path / "pids"
    env = f"MCP2OPENAI_PIDFILE={pidfile}"
    code, lines = fetch(
        "quick", "--out", "s.json", "--env", env, "--", *fixture_server("exits_at_once.py")
    )
    assert code == 2
    assert lines[0].startswith(
        "mcp2openai: error: quick: the server exited (or closed its stdout) before answering"
        " initialize"
    )
    assert not (tmp_path / "s.json").exists()
    assert wait_gone(pids(pidfile)) == []


def test_garbage_fails_fast_with_strict_stdio(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    pidfile = tmp_path / "pids"
    env = f"MCP2OPENAI_PIDFILE={pidfile}"
    started = time.monotonic()
    command = fixture_server("garbage.py")
    code, lines = fetch("g", "--out", "s.json", "--strict-stdio", "--env", env, "--", *command)
    assert code == 2
    assert lines[0] == (
        'mcp2openai: error: g: does not speak MCP: wrote "Serving HTTP on 0.0.0.0 port 8000'
        ' (http://0.0.0.0:8000/) ..." on stdout'
    )
    assert time.monotonic() - started < 45  # not the 60 s default timeout
    assert wait_gone(pids(pidfile)) == []


def test_http_connection_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    url = f"http://127.0.0.1:{free_port()}/mcp"
    result = CliRunner().invoke(main, ["fetch", "web", "--out", "w.json", "--url", url])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == (
        f"mcp2openai: error: web: cannot connect to {url}: All connection attempts failed"
    )


def test_missing_working_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.mcp2openai.servers.s]\ncommand = "python3"\ncwd = "no-such-dir"\n'
    )
    monkeypatch.chdir(tmp_path)
    code, lines = fetch()
    assert code == 2
    assert lines[0] == (
        f"mcp2openai: error: s: cannot start 'python3': no directory '{tmp_path / 'no-such-dir'}'"
    )
