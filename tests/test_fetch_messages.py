"""`mcp2openai fetch` as a new user meets it, each case a real `mcp2openai` process:
a server that prints a banner on stdout, a server whose stderr ends in noise, mcpServers files
with entries the user did not ask for."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
from live_support import REAL_SERVERS, fixture_server, require_real_servers, run_cli
from mcp2openai.quoting import stderr_excerpt

pytestmark = pytest.mark.e2e  # starts MCP servers (CONTRIBUTING.md, "Tiers")

GOLDEN = Path(__file__).resolve().parent.parent / "generated" / "snapshots"
BANNER = "Time MCP Server running on stdio"


def banner_server(directory: Path, *banner: str) -> Path:
    """A script that prints `banner` on stdout, then becomes the real mcp-server-time."""
    require_real_servers()
    script = directory / "time-with-banner"
    lines = "".join(f"echo {json.dumps(line)}\n" for line in banner)
    server = REAL_SERVERS["time"]
    script.write_text(f'#!/bin/sh\n{lines}exec "{server}" --local-timezone Etc/UTC "$@"\n')
    script.chmod(0o755)
    return script


def test_a_banner_on_stdout_is_skipped_with_one_warning(tmp_path: Path) -> None:
    script = banner_server(tmp_path, BANNER, "", "listening...")
    result = run_cli("fetch", "time", "--out", "time.json", "--", str(script), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert lines[0] == (
        f'mcp2openai: warning: time: skipped 2 non-MCP lines on stdout (first: "{BANNER}")'
    )
    assert lines[1].startswith("mcp2openai: time: 2 tools in ")
    assert lines[1].endswith(": wrote time.json")
    assert len(lines) == 3  # the warning, the server's line, the summary
    fetched = json.loads((tmp_path / "time.json").read_text(encoding="utf-8"))
    assert fetched["tools"] == json.loads((GOLDEN / "time.json").read_text())["tools"]


def test_strict_stdio_refuses_the_banner(tmp_path: Path) -> None:
    script = banner_server(tmp_path, BANNER)
    (tmp_path / "time.json").write_text("old\n")
    result = run_cli(
        "fetch", "time", "--out", "time.json", "--strict-stdio", "--", str(script), cwd=tmp_path
    )
    assert result.returncode == 2
    assert result.stderr.splitlines()[0] == (
        f'mcp2openai: error: time: does not speak MCP: wrote "{BANNER}" on stdout'
    )
    assert (tmp_path / "time.json").read_text() == "old\n"


def test_a_server_that_only_prints_a_banner_and_exits(tmp_path: Path) -> None:
    script = tmp_path / "banner-only"
    script.write_text(f'#!/bin/sh\necho "{BANNER}"\necho "fatal: no config" >&2\nexit 1\n')
    script.chmod(0o755)
    result = run_cli("fetch", "b", "--out", "b.json", "--", str(script), cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.splitlines()[0] == (
        "mcp2openai: error: b: the server exited (or closed its stdout) before answering"
        ' initialize; stderr: "fatal: no config"; skipped 1 non-MCP line on stdout'
        f' (first: "{BANNER}")'
    )


def test_the_telling_stderr_line_of_a_real_node_crash_is_quoted(tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node is not None, "node is needed (it runs the npm servers of `make servers`)"
    # Node's own report: the cause, then a stack, `code: ...`, `}` and `Node.js vNN` below it
    crash = 'require("node:mcp2openai-missing")'
    result = run_cli("fetch", "n", "--out", "n.json", "--", node, "-e", crash, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.splitlines()[0] == (
        "mcp2openai: error: n: the server exited (or closed its stdout) before answering"
        ' initialize; stderr: "Error [ERR_UNKNOWN_BUILTIN_MODULE]: No such built-in module:'
        ' node:mcp2openai-missing"'
    )


@pytest.mark.parametrize(
    ("stderr", "quoted"),
    [
        (  # a Python traceback: the exception line, not the frames
            "Traceback (most recent call last):\n"
            '  File "/srv/server.py", line 3, in <module>\n'
            "    import duckdb\n"
            "ModuleNotFoundError: No module named 'duckdb'\n",
            "\"ModuleNotFoundError: No module named 'duckdb'\"",
        ),
        (  # the last three error lines, in order, each once
            "warning: cache missing\nerror: a\nerror: b\nerror: b\nerror: c\ndone\n",
            '"error: a", "error: b", "error: c"',
        ),
        ("starting up...\nlistening\n", '"listening"'),  # no error line: the last line
        ("", ""),
    ],
)
def test_stderr_excerpt(stderr: str, quoted: str) -> None:
    assert stderr_excerpt(io.StringIO(stderr)) == quoted


# --- mcpServers files: only the servers asked for are read --------------------------------


def mcp_file(directory: Path) -> Path:
    """A Claude Desktop file with one server this tool can fetch and three it cannot."""
    servers = {
        "old": {"type": "sse", "url": "https://legacy.example.com/sse"},
        "good": {
            "command": fixture_server("raw_server.py", "paginated")[0],
            "args": fixture_server("raw_server.py", "paginated")[1:],
        },
        "prompted": {
            "command": "npx",
            "args": ["-y", "some-server"],
            "env": {"API_KEY": "${input:api-key}"},
        },
        "weird": {"command": 5},
        "off": {"command": "never-run", "disabled": True},
    }
    path = directory / "claude_desktop_config.json"
    path.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")
    return path


def test_servers_not_asked_for_are_not_checked(tmp_path: Path) -> None:
    path = mcp_file(tmp_path)
    result = run_cli("fetch", "--mcp-config", str(path), "good", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines()[0].endswith(": wrote mcp-snapshots/good.json")
    assert json.loads((tmp_path / "mcp-snapshots" / "good.json").read_text())["tools"]


def test_servers_asked_for_are_checked(tmp_path: Path) -> None:
    path = mcp_file(tmp_path)
    cases = {
        "old": f'mcp2openai: error: {path}: mcpServers.old.type: "sse" (the old HTTP+SSE'
        " transport) is not supported",
        "weird": f"mcp2openai: error: {path}: mcpServers.weird.command: must be a string,"
        " not a number",
        "prompted": f"mcp2openai: error: prompted: {path}: mcpServers.prompted.env.API_KEY:"
        " cannot expand ${input:api-key}: only ${VAR}, ${VAR:-default} and ${env:VAR} are"
        " supported",
        "off": f'mcp2openai: error: {path}: mcpServers.off: is disabled ("disabled": true)',
    }
    for name, line in cases.items():
        result = run_cli("fetch", "--mcp-config", str(path), name, cwd=tmp_path)
        assert result.returncode == 2, name
        assert result.stderr.splitlines()[0] == line
    everything = run_cli("fetch", "--mcp-config", str(path), cwd=tmp_path)
    assert everything.returncode == 2
    assert everything.stderr.splitlines()[0] == cases["old"]  # the first one, in file order
    assert not (tmp_path / "mcp-snapshots").exists()


def test_mcp_config_of_pyproject_reads_only_the_servers_asked_for(tmp_path: Path) -> None:
    path = mcp_file(tmp_path)
    (tmp_path / "pyproject.toml").write_text(
        f'[tool.mcp2openai]\nmcp_config = "{path.name}"\nsnapshots = "mcp"\n', encoding="utf-8"
    )
    (tmp_path / "sub").mkdir()
    result = run_cli("fetch", "good", cwd=tmp_path / "sub")  # the config is found above
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines()[0].endswith(f": wrote {tmp_path / 'mcp' / 'good.json'}")
    result = run_cli("fetch", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.splitlines()[0] == (  # named from here, as pyproject.toml writes it
        f'mcp2openai: error: {path.name}: mcpServers.old.type: "sse" (the old HTTP+SSE'
        " transport) is not supported"
    )


# --- -q, a mistyped key, a server with no tools -------------------------------------------------


def test_fetch_quiet_prints_nothing_when_all_went_well(tmp_path: Path) -> None:
    command = fixture_server("raw_server.py", "paginated")
    args = ["fetch", "raw", "--out", "raw.json", "-q", "--", *command]
    result = run_cli(*args, cwd=tmp_path)
    assert (result.returncode, result.stderr, result.stdout) == (0, "", "")
    assert json.loads((tmp_path / "raw.json").read_text(encoding="utf-8"))["tools"]
    unchanged = run_cli(*args, cwd=tmp_path)
    assert (unchanged.returncode, unchanged.stderr) == (0, "")
    loud = run_cli(*[arg for arg in args if arg != "-q"], cwd=tmp_path)
    assert loud.stderr.splitlines()[0].endswith(": raw.json unchanged")  # without -q: two lines
    assert len(loud.stderr.splitlines()) == 2
    # what needs acting on is still printed: a failure, and a difference under --check
    (tmp_path / "raw.json").write_text('{"tools": []}\n', encoding="utf-8")
    check = run_cli(*args[: -len(command) - 1], "--check", "--", *command, cwd=tmp_path)
    assert check.returncode == 0  # new tools are compatible: the check passes, and says so
    assert check.stderr.splitlines()[0].startswith("mcp2openai: raw: 3 tools in ")
    assert "; out of date: raw (" in check.stderr.splitlines()[-1]
    failed = run_cli("fetch", "raw", "--out", "raw.json", "-q", "--", "no-such-cmd", cwd=tmp_path)
    assert failed.returncode == 2
    assert failed.stderr.splitlines()[0].startswith("mcp2openai: error: raw: ")
    assert "failed: raw" in failed.stderr.splitlines()[-1]


def test_a_server_that_lists_no_tools_gets_a_warning(tmp_path: Path) -> None:
    command = fixture_server("raw_server.py", "empty")
    for quiet in ([], ["-q"]):
        result = run_cli(
            "fetch", "void", "--out", "void.json", *quiet, "--", *command, cwd=tmp_path
        )
        assert result.returncode == 0, result.stderr
        assert result.stderr.splitlines()[0] == (
            "mcp2openai: warning: void: the server lists no tools, so void.json holds none:"
            " check its arguments, environment and credentials"
        )
        assert len(result.stderr.splitlines()) == (1 if quiet else 3)
    assert json.loads((tmp_path / "void.json").read_text(encoding="utf-8"))["tools"] == []


def test_a_mistyped_key_of_an_mcp_servers_entry_gets_a_did_you_mean(tmp_path: Path) -> None:
    command = fixture_server("raw_server.py", "paginated")
    servers = {
        # a typo that leaves the entry usable: a warning, and the key is ignored
        "raw": {"command": command[0], "args": command[1:], "envs": {}},
        # another client's keys resemble none of ours: no warning
        "quiet": {"command": command[0], "args": command[1:], "autoApprove": [], "timeout": 5},
        # a typo that leaves it unusable: the error says which key was meant
        "typo": {"comand": command[0], "args": command[1:]},
    }
    path = tmp_path / "mcp.json"
    path.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")
    fetched = run_cli("fetch", "--mcp-config", "mcp.json", "raw", "quiet", "-q", cwd=tmp_path)
    assert fetched.returncode == 0, fetched.stderr
    assert fetched.stderr.splitlines() == [
        "mcp2openai: warning: mcp.json: mcpServers.raw.envs: unknown key, ignored:"
        ' did you mean "env"?'
    ]
    built = run_cli("build", "--mcp-config", "mcp.json", "--out", "t.py", cwd=tmp_path)
    assert built.returncode == 2  # every enabled server is read: "typo" is not usable
    assert built.stderr == (
        'mcp2openai: error: mcp.json: mcpServers.typo.args: needs "command" or "url"'
        ' (mcpServers.typo.comand: did you mean "command"?)\n'
    )
    assert not (tmp_path / "t.py").exists()


def test_a_mistyped_key_of_the_config_names_the_key_it_looks_like(tmp_path: Path) -> None:
    command = fixture_server("raw_server.py", "paginated")
    (tmp_path / "pyproject.toml").write_text(
        "[tool.mcp2openai.servers.raw]\n" f"comand = {json.dumps(command[0])}\n",
        encoding="utf-8",
    )
    result = run_cli("fetch", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        "mcp2openai: error: pyproject.toml: tool.mcp2openai.servers.raw.comand: unknown key:"
        ' did you mean "command"? (known: approve, args, command, cwd, destructive, env, exclude,'
        " headers, include, prefix, read_only, snapshot, timeout, url)\n"
    )
