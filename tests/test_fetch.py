"""`mcp2openai fetch` against small fixture servers (tests/fixtures/servers): paging, the
snapshot's exact bytes, --check, Streamable HTTP with headers, mcpServers files, pyproject."""

from __future__ import annotations

import ast
import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from buildutil import import_path
from click.testing import CliRunner, Result
from live_support import (
    FIXTURE_SERVERS,
    PYTHON,
    fixture_server,
    free_port,
    stop,
    wait_for_port,
)
from mcp2openai.cli import main

pytestmark = pytest.mark.e2e  # starts MCP servers (CONTRIBUTING.md, "Tiers")

PROGRESS = re.compile(
    r"mcp2openai: (?P<name>[\w-]+): (?P<tools>\d+) tools? in \d+\.\ds "
    r"\((?P<server>.+) (?P<version>\S+), protocol (?P<protocol>[\d-]+)\): (?P<what>.+)"
)


def cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def load_module(path: Path) -> ModuleType:
    return import_path(path)


def raw_tools() -> list[dict[str, object]]:
    """The tools raw_server.py sends in paginated mode, page by page, as it writes them."""
    namespace: dict[str, object] = {}
    source = (FIXTURE_SERVERS / "raw_server.py").read_text()
    block = source[source.index("TOOL_A =") : source.index("\n\n\ndef page")]
    exec(block, namespace)
    return [namespace["TOOL_A"], namespace["TOOL_B"], namespace["TOOL_C"]]  # type: ignore[list-item]


def test_pages_through_tools_list_and_keeps_the_wire_form(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    command = fixture_server("raw_server.py", "paginated")
    result = cli("fetch", "raw", "--out", "raw.json", "--", *command)
    assert result.exit_code == 0, result.output
    progress, summary = result.stderr.splitlines()
    match = PROGRESS.fullmatch(progress)
    assert match is not None, progress
    assert match.group("name", "tools", "server", "version", "what") == (
        "raw",
        "3",
        "raw-fixture",
        "0.0.1",
        "wrote raw.json",
    )
    assert re.fullmatch(r"mcp2openai: fetched 1 server \(3 tools\) in \d+\.\ds", summary)
    expected = {
        "mcp2openai_snapshot": 1,
        "server": {"name": "raw-fixture", "version": "0.0.1"},
        "protocolVersion": match["protocol"],
        "tools": raw_tools(),  # every page, in order, key order as sent (beta: inputSchema first)
    }
    text = (tmp_path / "raw.json").read_text(encoding="utf-8")
    assert text == json.dumps(expected, indent=2, ensure_ascii=False) + "\n"
    assert "Zweites Werkzeug ✓" in text  # not \u-escaped

    again = cli("fetch", "raw", "--out", "raw.json", "--", *command)
    assert again.exit_code == 0
    assert again.stderr.splitlines()[0].endswith(": raw.json unchanged")
    assert (tmp_path / "raw.json").read_text(encoding="utf-8") == text  # same server, same bytes

    assert cli("fetch", "raw", "--out", "raw.json", "--check", "--", *command).exit_code == 0
    (tmp_path / "raw.json").write_text(text.replace("First tool", "Old text"), encoding="utf-8")
    check = cli("fetch", "raw", "--out", "raw.json", "--check", "--", *command)
    assert check.exit_code == 0  # a reworded description is compatible (docs/design.md)
    lines = check.stderr.splitlines()
    assert lines[0].endswith("raw.json differs: 1 compatible")
    assert lines[1] == "  compatible: alpha: /description: description reworded"  # graded
    assert lines[2].endswith("; out of date: raw (compatible)")
    assert "Old text" in (tmp_path / "raw.json").read_text(encoding="utf-8")  # nothing written
    stricter = ["--check", "--fail-on", "compatible"]
    assert cli("fetch", "raw", "--out", "raw.json", *stricter, "--", *command).exit_code == 1


@pytest.fixture
def http_server() -> Iterator[str]:
    """tests/fixtures/servers/http_server.py on a free port; yields its URL (token: s3cret)."""
    port = free_port()
    process = subprocess.Popen(
        [PYTHON, str(FIXTURE_SERVERS / "http_server.py"), str(port), "s3cret"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        stop(process)


def test_streamable_http_with_headers(
    http_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    url = ["--url", http_server]
    result = cli(
        "fetch", "web", "--out", "web.json", *url, "--header", "Authorization: Bearer s3cret"
    )
    assert result.exit_code == 0, result.output
    snapshot = json.loads((tmp_path / "web.json").read_text())
    assert snapshot["server"] == {"name": "http-fixture", "version": "3.1.4"}
    assert [tool["name"] for tool in snapshot["tools"]] == ["shout"]
    assert snapshot["tools"][0]["inputSchema"]["properties"]["times"]["default"] == 1
    before = (tmp_path / "web.json").read_bytes()

    refused = cli("fetch", "web", "--out", "web.json", *url, "--header", "Authorization: Bearer no")
    assert refused.exit_code == 2
    assert refused.stderr.splitlines()[0] == (
        f"mcp2openai: error: web: initialize: HTTP 401 Unauthorized from {http_server}"
    )
    assert (tmp_path / "web.json").read_bytes() == before


def test_mcp_servers_file_fetch_and_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    command = fixture_server("raw_server.py", "paginated")
    config = {
        "mcpServers": {
            "first": {"command": command[0], "args": command[1:]},
            "second": {"type": "stdio", "command": command[0], "args": command[1:], "env": {}},
            "off": {"command": "does-not-exist", "disabled": True},
        }
    }
    (tmp_path / "claude_desktop_config.json").write_text(json.dumps(config))
    files = ["--mcp-config", "claude_desktop_config.json", "--snapshots", "snaps"]
    result = cli("fetch", *files)
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    assert [PROGRESS.fullmatch(line)["name"] for line in lines[:2]] == ["first", "second"]  # type: ignore[index]
    assert lines[2].startswith("mcp2openai: fetched 2 servers (6 tools)")
    assert (tmp_path / "snaps/first.json").read_bytes() == (
        tmp_path / "snaps/second.json"
    ).read_bytes()

    only = cli("fetch", *files, "second")
    assert only.exit_code == 0
    assert "fetched 1 server" in only.stderr

    built = cli("build", *files, "--out", "tools_adapter.py", "--prefix", "second=s_")
    assert built.exit_code == 0, built.output
    adapter = load_module(tmp_path / "tools_adapter.py")
    assert list(adapter.NAMES) == [
        "first__alpha",
        "first__beta",
        "first__gamma",
        "s_alpha",
        "s_beta",
        "s_gamma",
    ]


def test_pyproject_fetch_then_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    command = fixture_server("raw_server.py", "paginated")
    (tmp_path / "pyproject.toml").write_text(
        "[tool.mcp2openai]\n"
        'out = "app/mcp_tools.py"\n'
        'strict = "auto"\n\n'
        "[tool.mcp2openai.servers.raw]\n"
        f"command = {json.dumps(command[0])}\n"
        f"args = {json.dumps(command[1:])}\n"
        'snapshot = "mcp/raw.json"\n'
        'include = ["alpha", "gamma"]\n\n'
        "[tool.mcp2openai.servers.pinned]\n"
        'snapshot = "mcp/pinned.json"\n'
        'prefix = ""\n',
        encoding="utf-8",
    )
    (tmp_path / "mcp").mkdir()
    (tmp_path / "mcp/pinned.json").write_text(
        json.dumps({"tools": [{"name": "local", "inputSchema": {"type": "object"}}]})
    )
    (tmp_path / "app").mkdir()
    monkeypatch.chdir(tmp_path / "app")  # the config is found in a parent directory

    fetched = cli("fetch")
    assert fetched.exit_code == 0, fetched.output
    lines = fetched.stderr.splitlines()
    assert lines[0] == "mcp2openai: pinned: no command or url, not fetched"
    assert PROGRESS.fullmatch(lines[1])["what"] == f"wrote {tmp_path / 'mcp/raw.json'}"  # type: ignore[index]

    built = cli("build")
    assert built.exit_code == 0, built.output
    assert "filtered raw: 1 tool left out by include/exclude ('beta')" in built.stderr
    adapter = load_module(tmp_path / "app/mcp_tools.py")
    assert list(adapter.NAMES) == ["raw__alpha", "raw__gamma", "local"]
    assert cli("build", "--check").exit_code == 0
    assert cli("fetch", "--check").exit_code == 0


def test_importing_fetch_loads_no_renderer() -> None:
    """`import mcp2openai.fetch` loads neither black nor jinja2 (the renderer's): snapshots are
    written by generator/writing.py, not by the build's pipeline. Asked of a fresh interpreter,
    both as `sys.modules` and as `-X importtime` reports it."""
    code = "import sys, mcp2openai.fetch; print(sorted({m.split('.')[0] for m in sys.modules}))"
    result = subprocess.run(
        [PYTHON, "-X", "importtime", "-c", code], capture_output=True, text=True, check=True
    )
    loaded = set(ast.literal_eval(result.stdout))
    imported = {
        line.rsplit("|", 1)[-1].strip().split(".")[0]
        for line in result.stderr.splitlines()
        if line.startswith("import time:")
    }
    for modules in (loaded, imported):
        assert {"mcp2openai", "mcp", "anyio"} <= modules  # what fetch does need is there
        assert not modules & {"black", "jinja2"}
