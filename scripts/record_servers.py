#!/usr/bin/env python3
"""Record real MCP servers' ``tools/list`` results (and some ``tools/call`` results) as fixtures.

Run with the project venv's python (it uses the official ``mcp`` SDK's stdio client), after
``make servers`` (``tests/servers/install.sh``) has installed the pinned servers::

    .venv/bin/python scripts/record_servers.py                # all snapshots
    .venv/bin/python scripts/record_servers.py time git       # only these snapshots
    .venv/bin/python scripts/record_servers.py --results      # only the tools/call results
    .venv/bin/python scripts/record_servers.py --all          # snapshots and results
    .venv/bin/python scripts/record_servers.py --all --check  # compare, write nothing
    .venv/bin/python scripts/record_servers.py --check-raw    # cross-check without the SDK

Snapshots go to ``generated/snapshots/<name>.json``; server-everything ``tools/call`` results
to ``tests/fixtures/results/everything/<case>.json``. ``--check`` records as usual but only
compares with the files on disk (exit 1 on a difference). ``--check-raw`` also captures each
``tools/list`` with a bare JSON-RPC client (no SDK) and requires byte-identical JSON.
The corpus servers (``tests/corpus/``) are recorded with this module's client and ``Server``
by ``scripts/record_corpus.py``, into ``tests/fixtures/corpus/``.

The SDK client is the one ``mcp2openai fetch`` uses (``generator/live.py``): everything a server
sends is kept as it came over the wire (the SDK is asked for the raw JSON-RPC ``result`` dict,
never a re-serialized model), so no key is dropped, renamed or reordered. Files are written with
``json.dumps(obj, indent=2, ensure_ascii=False) + "\\n"`` and are byte-for-byte reproducible:
every server runs with a fixed environment (HOME, TZ, LANG, fixed scratch directories, dummy
API keys) and never inherits the caller's secrets (the SDK passes only PATH, HOME, USER, ...).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import select
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import anyio
import mcp.types as types
from mcp import ClientSession
from mcp2openai.live import (
    FetchError,
    RawResult,
    StdoutNoise,
    connect,
    dump,
    fetch_snapshot,
    list_tools_raw,
)
from mcp2openai.servers import Stdio
from mcp2openai.writing import write_atomically

REPO = Path(__file__).resolve().parents[1]
SERVERS_DIR = REPO / "tests" / "servers"
SERVERS_VENV = REPO / ".servers" / "venv"
SNAPSHOT_DIR = REPO / "generated" / "snapshots"
RESULTS_DIR = REPO / "tests" / "fixtures" / "results" / "everything"

NAME_RE = re.compile(r"^[a-z][a-z0-9_]*$")

# Fixed places the servers are pointed at, so nothing in a recording depends on the machine.
SCRATCH = Path("/tmp")
FS_ROOT = SCRATCH / "mcp2openai-fs"  # filesystem server's only allowed directory
GIT_REPO = SCRATCH / "mcp2openai-git"  # git server's repository (created empty if missing)
MEMORY_FILE = SCRATCH / "mcp2openai-memory" / "memory.jsonl"  # memory server's knowledge graph
HOME = SCRATCH / "mcp2openai-home"  # empty HOME: no ~/.kube/config, caches, dotfiles

FIXED_TIME = "2025-01-01T12:00:00Z"
FIXED_CLOCK_JS = SERVERS_DIR / "fixed-clock.cjs"

# Every server gets these on top of the SDK's default inherited variables (PATH, USER, ...).
BASE_ENV: dict[str, str] = {
    "HOME": str(HOME),
    "TZ": "UTC",
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
    "NO_COLOR": "1",
    "PYTHONDONTWRITEBYTECODE": "1",
    "PYTHONHASHSEED": "0",
}

# Client capabilities. "basic" declares none. "full" declares sampling, elicitation (form and url)
# and roots, with callbacks that refuse or answer empty: server-everything registers
# capability-gated tools (trigger-sampling-request, trigger-elicitation-request,
# trigger-url-elicitation, get-roots-list) only for such a client.
ClientKind = Literal["basic", "full"]
FULL_CAPABILITIES_WIRE = {
    "sampling": {},
    "elicitation": {"form": {}, "url": {}},
    "roots": {"listChanged": True},
}


@dataclass(frozen=True)
class Server:
    name: str  # snapshot file name: generated/snapshots/<name>.json
    registry: Literal["pypi", "npm"]
    package: str
    version: str  # must equal the pin in tests/servers/requirements.txt or package.json
    command: str  # executable in .servers/venv/bin (pypi) or tests/servers/node_modules/.bin (npm)
    args: tuple[str, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict)
    client: ClientKind = "basic"
    note: str = ""
    # Where it is installed and recorded (the corpus servers of scripts/record_corpus.py differ):
    node_dir: Path = SERVERS_DIR  # npm: <node_dir>/node_modules
    venv: Path = SERVERS_VENV  # pypi
    snapshot_dir: Path = SNAPSHOT_DIR
    home: Path = HOME  # its HOME and working directory

    def executable(self) -> Path:
        if self.registry == "pypi":
            return self.venv / "bin" / self.command
        if "/" in self.command:  # a script inside a package, for bin names two packages share
            return self.node_dir / "node_modules" / self.command
        return self.node_dir / "node_modules" / ".bin" / self.command

    def transport(self) -> Stdio:
        env = {**BASE_ENV, "HOME": str(self.home), **self.env}
        if self.registry == "npm" and "/" in self.command:
            return Stdio("node", (str(self.executable()), *self.args), env, str(self.home))
        return Stdio(str(self.executable()), self.args, env, str(self.home))


SERVERS: tuple[Server, ...] = (
    # --- PyPI (official reference servers, FastMCP / pydantic schemas) ---
    Server(
        "time",
        "pypi",
        "mcp-server-time",
        "2026.10.19",
        "mcp-server-time",
        args=("--local-timezone", "Etc/UTC"),
        note="local timezone pinned: it is embedded in the input schema descriptions",
    ),
    Server("fetch", "pypi", "mcp-server-fetch", "2026.10.24", "mcp-server-fetch"),
    Server(
        "git",
        "pypi",
        "mcp-server-git",
        "2026.10.19",
        "mcp-server-git",
        args=("--repository", str(GIT_REPO)),
    ),
    # --- npm (official reference servers, zod schemas) ---
    Server(
        "everything",
        "npm",
        "@modelcontextprotocol/server-everything",
        "2026.8.31",
        "mcp-server-everything",
        args=("stdio",),
        env={
            "NODE_OPTIONS": f"--require={FIXED_CLOCK_JS}",
            "MCP2OPENAI_FIXED_TIME": FIXED_TIME,
        },
        client="full",
        note="full client capabilities (adds capability-gated tools); fixed clock for results",
    ),
    Server(
        "filesystem",
        "npm",
        "@modelcontextprotocol/server-filesystem",
        "2026.8.31",
        "mcp-server-filesystem",
        args=(str(FS_ROOT),),
    ),
    Server(
        "memory",
        "npm",
        "@modelcontextprotocol/server-memory",
        "2026.8.31",
        "mcp-server-memory",
        env={"MEMORY_FILE_PATH": str(MEMORY_FILE)},
    ),
    Server(
        "github",
        "npm",
        "@modelcontextprotocol/server-github",
        "2025.4.8",
        "mcp-server-github",
        env={"GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_dummy000000000000000000000000000000"},
        note="deprecated upstream; dummy token",
    ),
    # --- npm, extra servers with complex schemas ---
    Server(
        "sequential_thinking",
        "npm",
        "@modelcontextprotocol/server-sequential-thinking",
        "2026.8.31",
        "mcp-server-sequential-thinking",
        env={"DISABLE_THOUGHT_LOGGING": "true"},
    ),
    Server(
        "notion",
        "npm",
        "@notionhq/notion-mcp-server",
        "2.5.2",
        "notion-mcp-server",
        env={"NOTION_TOKEN": "ntn_dummy0000000000000000000000000000000000000000"},
        note="tools generated from Notion's OpenAPI spec: $defs/$ref, oneOf, anyOf, const",
    ),
    Server(
        "playwright",
        "npm",
        "@playwright/mcp",
        "0.0.83",
        "playwright-mcp",
        note="listing needs no browser",
    ),
    Server(
        "firecrawl",
        "npm",
        "firecrawl-mcp",
        "3.26.0",
        "firecrawl-mcp",
        env={"FIRECRAWL_API_KEY": "fc-dummy0000000000000000000000000000"},
        note="with a (dummy) key it lists 2 more tools than in keyless mode",
    ),
    Server(
        "kubernetes",
        "npm",
        "mcp-server-kubernetes",
        "4.1.7",
        "mcp-server-kubernetes",
        note="no kubeconfig (HOME is empty): tools are listed without a cluster",
    ),
    Server(
        "tavily",
        "npm",
        "tavily-mcp",
        "0.2.22",
        "tavily-mcp",
        env={"TAVILY_API_KEY": "tvly-dummy0000000000000000000000000"},
    ),
)
SERVERS_BY_NAME = {s.name: s for s in SERVERS}

# ---------------------------------------------------------------------------------------------
# server-everything tools/call cases: case name -> (tool, arguments).
# This version of server-everything has no audio tool.
RESULT_CASES: dict[str, tuple[str, dict[str, Any]]] = {
    # one text content block
    "text": ("echo", {"message": "Hello from mcp2openai ✓"}),
    # one image content block (base64 PNG)
    "image": ("get-tiny-image", {}),
    # content blocks carrying annotations (audience, priority), text + image
    "annotated": ("get-annotated-message", {"messageType": "error", "includeImage": True}),
    # text, embedded text resource, text
    "resource_text": ("get-resource-reference", {"resourceType": "Text", "resourceId": 2}),
    # text, embedded blob resource (base64 of text/plain), text
    "resource_blob": ("get-resource-reference", {"resourceType": "Blob", "resourceId": 1}),
    # embedded binary blob resource (application/gzip) built from a data: URI (no network)
    "resource_gzip": (
        "gzip-file-as-resource",
        {
            "name": "hello.txt.gz",
            "data": "data:text/plain;base64,SGVsbG8sIG1jcDJvcGVuYWkhCg==",
            "outputType": "resource",
        },
    ),
    # text followed by resource_link blocks (blob and text resources)
    "resource_link": ("get-resource-links", {"count": 2}),
    # structuredContent alongside text; the tool declares an outputSchema
    "structured": ("get-structured-content", {"location": "Chicago"}),
    # isError: true from the SDK's input validation (a string where a number is required)
    "error_invalid_arguments": ("get-sum", {"a": "one", "b": 2}),
    # isError: true from a tool handler that throws
    "error_tool_failure": ("get-resource-reference", {"resourceType": "Text", "resourceId": 0}),
}


TIMEOUT = 120.0


class RecordError(RuntimeError):
    pass


# ---------------------------------------------------------------------------------------------
# Preparation and pin checks


def prepare_scratch() -> None:
    """Create the fixed directories the servers are pointed at."""
    HOME.mkdir(parents=True, exist_ok=True)
    FS_ROOT.mkdir(parents=True, exist_ok=True)
    MEMORY_FILE.parent.mkdir(parents=True, exist_ok=True)
    if not (GIT_REPO / ".git").exists():
        GIT_REPO.mkdir(parents=True, exist_ok=True)
        git = shutil.which("git")
        if git is None:
            raise RecordError("git is needed to create the git server's repository")
        subprocess.run([git, "init", "-q", "-b", "main", str(GIT_REPO)], check=True)


def pinned_versions() -> dict[tuple[str, str], str]:
    """(registry, package) -> version, from requirements.txt and package.json."""
    pins: dict[tuple[str, str], str] = {}
    for line in (SERVERS_DIR / "requirements.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if m := re.fullmatch(r"([A-Za-z0-9._-]+)==([^\s;]+)", line):
            pins[("pypi", m[1].lower().replace("_", "-"))] = m[2]
    package_json = json.loads((SERVERS_DIR / "package.json").read_text())
    for name, spec in package_json.get("dependencies", {}).items():
        pins[("npm", name)] = spec
    return pins


def installed_version(server: Server) -> str | None:
    if server.registry == "npm":
        manifest = server.node_dir / "node_modules" / server.package / "package.json"
        if not manifest.exists():
            return None
        return str(json.loads(manifest.read_text())["version"])
    python = server.venv / "bin" / "python"
    if not python.exists():
        return None
    out = subprocess.run(
        [
            str(python),
            "-c",
            "import importlib.metadata as m, sys; print(m.version(sys.argv[1]))",
            server.package,
        ],
        capture_output=True,
        text=True,
    )
    return out.stdout.strip() if out.returncode == 0 else None


def check_pins(
    servers: list[Server],
    pin_of: Callable[[Server], str | None] | None = None,
    install_hint: str = "make servers",
) -> None:
    """Table, pin file and installed version agree for every server (else RecordError)."""
    pins = pinned_versions() if pin_of is None else {}
    problems = []
    for s in servers:
        if not NAME_RE.match(s.name):
            problems.append(f"{s.name}: snapshot name must match {NAME_RE.pattern}")
        pin = pins.get((s.registry, s.package)) if pin_of is None else pin_of(s)
        if pin != s.version:
            problems.append(f"{s.name}: table says {s.package}=={s.version}, pin file says {pin}")
        got = installed_version(s)
        if got != s.version:
            problems.append(
                f"{s.name}: {s.package} {got or 'is not installed'} (want {s.version});"
                f" run {install_hint}"
            )
    if problems:
        raise RecordError("\n".join(problems))


# ---------------------------------------------------------------------------------------------
# SDK client (generator/live.py): a client declaring sampling, elicitation and roots when
# server.client is "full"; the recorder names itself "mcp2openai-recorder" version "1".

CLIENT = {"client_name": "mcp2openai-recorder", "client_version": "1"}


async def call_tool_raw(
    session: ClientSession, tool: str, arguments: dict[str, Any]
) -> dict[str, Any]:
    request = types.CallToolRequest(
        params=types.CallToolRequestParams(name=tool, arguments=arguments)
    )
    return (await session.send_request(request, RawResult)).root


async def record_snapshot(server: Server) -> dict[str, Any]:
    source = {"registry": server.registry, "package": server.package, "version": server.version}
    # Lines on stdout that are not MCP (a banner, a log line) are skipped and reported, as
    # `mcp2openai fetch` does by default and as MCP clients do.
    noise = StdoutNoise()
    try:
        snapshot = await fetch_snapshot(
            server.transport(),
            timeout=TIMEOUT,
            capabilities=server.client == "full",
            source=source,
            noise=noise,
            **CLIENT,
        )
    except FetchError as error:
        raise RecordError(f"{server.name}: {error}") from None
    if noise.count:
        print(f"  note: {server.name}: {noise.describe()}")
    return snapshot


async def record_results() -> dict[str, dict[str, Any]]:
    server = SERVERS_BY_NAME["everything"]
    out: dict[str, dict[str, Any]] = {}
    missing: list[str] = []
    try:
        with anyio.fail_after(TIMEOUT):
            async with connect(
                server.transport(), capabilities=server.client == "full", **CLIENT
            ) as session:
                listed = {t["name"] for t in await list_tools_raw(session)}
                for case, (tool, arguments) in RESULT_CASES.items():
                    if tool not in listed:
                        missing.append(f"result case {case}: everything has no tool {tool!r}")
                        continue
                    result = await call_tool_raw(session, tool, arguments)
                    out[case] = {"tool": tool, "arguments": arguments, "result": result}
    except Exception as exc:
        raise RecordError(f"everything results: {exc!r}") from exc
    if missing:
        raise RecordError("\n".join(missing))
    return out


# ---------------------------------------------------------------------------------------------
# Independent check: the same tools/list through a bare JSON-RPC client, no SDK involved.


def raw_tools_list(server: Server) -> list[dict[str, Any]]:
    p = server.transport()
    capabilities = FULL_CAPABILITIES_WIRE if server.client == "full" else {}
    inherited = ("PATH", "USER", "LOGNAME", "SHELL", "TERM")  # as the SDK's default, less HOME
    env = {k: os.environ[k] for k in inherited if k in os.environ}
    env.update(p.env)
    proc = subprocess.Popen(
        [p.command, *p.args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        cwd=p.cwd,
    )
    assert proc.stdin is not None and proc.stdout is not None
    stdin, stdout = proc.stdin, proc.stdout

    def send(msg: dict[str, Any]) -> None:
        stdin.write((json.dumps(msg) + "\n").encode())
        stdin.flush()

    pending = bytearray()

    def read_line(deadline: float) -> bytes:
        # os.read on the raw fd, so no line can hide in a userspace buffer from select().
        while b"\n" not in pending:
            if time.monotonic() > deadline:
                raise RecordError(f"{server.name}: no answer from the server")
            ready, _, _ = select.select([stdout], [], [], 1.0)
            if ready:
                chunk = os.read(stdout.fileno(), 65536)
                if not chunk:
                    raise RecordError(f"{server.name}: server closed stdout")
                pending.extend(chunk)
        line, _, rest = bytes(pending).partition(b"\n")
        pending[:] = rest
        return line

    def wait_for(request_id: int) -> dict[str, Any]:
        deadline = time.monotonic() + 60
        while True:
            line = read_line(deadline)
            if not line.strip():
                continue
            msg = json.loads(line)
            if "method" in msg and "id" in msg:  # a server-to-client request
                if msg["method"] == "roots/list":
                    send({"jsonrpc": "2.0", "id": msg["id"], "result": {"roots": []}})
                elif msg["method"] == "ping":
                    send({"jsonrpc": "2.0", "id": msg["id"], "result": {}})
                else:
                    send(
                        {
                            "jsonrpc": "2.0",
                            "id": msg["id"],
                            "error": {"code": -32600, "message": "refused"},
                        }
                    )
            elif msg.get("id") == request_id:
                if "error" in msg:
                    raise RecordError(f"{server.name}: {msg['error']}")
                result: dict[str, Any] = msg["result"]
                return result

    try:
        send(
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-11-25",
                    "capabilities": capabilities,
                    "clientInfo": {"name": "mcp2openai-recorder", "version": "1"},
                },
            }
        )
        wait_for(1)
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        tools: list[dict[str, Any]] = []
        cursor = None
        request_id = 2
        while True:
            send(
                {
                    "jsonrpc": "2.0",
                    "id": request_id,
                    "method": "tools/list",
                    "params": {"cursor": cursor} if cursor is not None else {},
                }
            )
            result = wait_for(request_id)
            tools.extend(result["tools"])
            cursor = result.get("nextCursor")
            if cursor is None:
                return tools
            request_id += 1
    finally:
        stdin.close()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


# ---------------------------------------------------------------------------------------------
# Output


async def record_all(
    servers: list[Server], check: bool, check_raw: bool, problems: list[str]
) -> None:
    """Record each server's snapshot into its snapshot_dir (or compare, with `check`)."""
    for server in servers:
        snapshot = await record_snapshot(server)
        print(
            f"{server.name}: {len(snapshot['tools'])} tools "
            f"({server.package} {server.version}, protocol {snapshot['protocolVersion']})"
        )
        if check_raw:
            raw = raw_tools_list(server)
            if dump(raw) != dump(snapshot["tools"]):
                problems.append(f"{server.name}: SDK capture differs from bare JSON-RPC capture")
                print("  RAW CHECK FAILED")
            else:
                print("  raw JSON-RPC capture identical")
        emit(server.snapshot_dir / f"{server.name}.json", snapshot, check, problems)


def emit(path: Path, obj: Any, check: bool, problems: list[str]) -> None:
    text = dump(obj)
    old = path.read_text(encoding="utf-8") if path.exists() else None
    rel = path.relative_to(REPO)
    if old == text:
        print(f"  unchanged {rel}")
    elif check:
        problems.append(f"{rel} {'differs' if old is not None else 'is missing'}")
        print(f"  DIFFERS   {rel}")
    else:
        write_atomically(path, text)
        print(f"  wrote     {rel}")


async def amain(args: argparse.Namespace) -> int:
    if args.names:
        unknown = [n for n in args.names if n not in SERVERS_BY_NAME]
        if unknown:
            print(f"unknown server(s): {', '.join(unknown)}; known: {', '.join(SERVERS_BY_NAME)}")
            return 2
        servers = [SERVERS_BY_NAME[n] for n in args.names]
    elif args.results and not args.all:
        servers = []
    else:
        servers = list(SERVERS)
    do_results = args.results or args.all

    check_pins(servers or [SERVERS_BY_NAME["everything"]])
    prepare_scratch()
    problems: list[str] = []

    await record_all(servers, args.check, args.check_raw, problems)

    if not args.names and servers == list(SERVERS):
        known = {f"{s.name}.json" for s in SERVERS}
        for path in sorted(SNAPSHOT_DIR.glob("*.json")):
            if path.name not in known:
                print(f"  note: {path.relative_to(REPO)} has no server in the table")

    if do_results:
        results = await record_results()
        print(f"everything results: {len(results)} cases")
        for case, fixture in results.items():
            emit(RESULTS_DIR / f"{case}.json", fixture, args.check, problems)

    for problem in problems:
        print(f"ERROR: {problem}", file=sys.stderr)
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="snapshot names to record (default: all)")
    parser.add_argument(
        "--results",
        action="store_true",
        help="record server-everything tools/call results (alone: only those)",
    )
    parser.add_argument("--all", action="store_true", help="all snapshots and the results")
    parser.add_argument(
        "--check",
        action="store_true",
        help="compare with the files on disk, write nothing; exit 1 on a difference",
    )
    parser.add_argument(
        "--check-raw",
        action="store_true",
        help="also capture tools/list without the SDK and require identical JSON",
    )
    args = parser.parse_args()
    try:
        return anyio.run(amain, args)
    except RecordError as exc:
        print(f"ERROR: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
