"""Helpers for the tests that start MCP servers: the CLI, fixture servers, pids, ports."""

from __future__ import annotations

import os
import selectors
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURE_SERVERS = REPO / "tests" / "fixtures" / "servers"
EXAMPLES = REPO / "examples"
PYTHON = sys.executable
CLI = Path(sys.executable).parent / "mcp2openai"

# The real servers `make servers` installs (tests/servers/install.sh).
SERVERS_BIN = REPO / ".servers" / "venv" / "bin"
NODE_BIN = REPO / "tests" / "servers" / "node_modules" / ".bin"
REAL_SERVERS = {
    "time": SERVERS_BIN / "mcp-server-time",
    "fetch": SERVERS_BIN / "mcp-server-fetch",
    "git": SERVERS_BIN / "mcp-server-git",
    "everything": NODE_BIN / "mcp-server-everything",
    "filesystem": NODE_BIN / "mcp-server-filesystem",
    "excel": SERVERS_BIN / "excel-mcp-server",
}


def require_real_servers() -> None:
    """Fail (never skip) with the command that installs the servers when one is missing."""
    missing = [
        f"{name} ({path})" for name, path in REAL_SERVERS.items() if not os.access(path, os.X_OK)
    ]
    if missing:
        pytest.fail(
            "real MCP servers are not installed: " + ", ".join(missing) + "; run `make servers`",
            pytrace=False,
        )


def fixture_server(name: str, *args: str) -> list[str]:
    """The command line of a server script in tests/fixtures/servers."""
    return [PYTHON, str(FIXTURE_SERVERS / name), *args]


def run_cli(*args: str, cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """`mcp2openai ARGS...` in a child process (as a user or CI runs it)."""
    if not CLI.exists():
        pytest.fail(f"{CLI} is missing: run `make install`", pytrace=False)
    return subprocess.run(
        [str(CLI), *args], cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False
    )


def alive(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie, which has exited, counts as gone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def descendants(pid: int | None = None) -> set[int]:
    """The living processes below `pid` (default: this one), children and theirs, from /proc
    (zombies, which have exited, are left out)."""
    root = os.getpid() if pid is None else pid
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[0] != "Z":
            parents[int(entry.name)] = int(fields[1])
    found: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def pids(path: Path) -> list[int]:
    return [int(line) for line in path.read_text().split()] if path.exists() else []


def wait_gone(numbers: list[int], seconds: float = 5.0) -> list[int]:
    """The pids still alive after up to `seconds` (orphans may take a moment to be reaped)."""
    deadline = time.monotonic() + seconds
    while True:
        left = [pid for pid in numbers if alive(pid)]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def wait_for_port(port: int, process: subprocess.Popen[bytes], seconds: float = 90.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode} before listening")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port} after {seconds}s")


def stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def start_http(script: str, *args: str) -> tuple[subprocess.Popen[str], str]:
    """Start tests/servers/`script` with `--http`: the process and its endpoint, the first
    line it prints once it listens (tests/servers/_serve.py)."""
    process = subprocess.Popen(
        [PYTHON, str(REPO / "tests" / "servers" / script), "--http", *args],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        ready = selector.select(timeout=120)  # an upper bound on start-up, not a wait
    line = process.stdout.readline().strip() if ready else ""
    if not line.startswith("http://127.0.0.1:"):
        stop(process)  # type: ignore[arg-type]
        pytest.fail(f"{script} --http did not announce its endpoint (got {line!r})")
    return process, line
