"""connect() over a long session (templates/runtime/connection.py, signals.py), against the
session server (tests/servers/session_server.py, the mcp SDK's `MCPServer`, on stdio and on
Streamable HTTP on 127.0.0.1), in a module `mcp2openai build` wrote from a pyproject config:

- a server that never answers `initialize` fails connect() within its timeout, in one line;
- SIGTERM to an app (async or sync) connected to three stdio servers, or its task cancelled,
  leaves no server running;
- a stdio server that exits after a call is started again by the next call; an HTTP session
  the server forgot is opened again; `tools/list_changed` is listed again and logged, on
  2026-07-28 through the `subscriptions/listen` stream connect() holds open;
- a secret a server writes to stderr reaches the app's log, never the model's outputs, and
  a tool's own error is logged without a traceback;
- sync code: `with connect()` and `execute_tool_calls_sync` with the sync `OpenAI` client;
- `import mcp` finding a folder named `mcp` fails connect() in one line.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from buildutil import import_path, mypy_command
from live_support import (
    EXAMPLES,
    REPO,
    descendants,
    free_port,
    run_cli,
    stop,
    wait_for_port,
    wait_gone,
)

sys.path.insert(0, str(EXAMPLES))
from fake_openai import FakeOpenAI

pytestmark = pytest.mark.e2e  # starts MCP servers (CONTRIBUTING.md, "Tiers")

PYTHON = sys.executable
SERVER = REPO / "tests" / "servers" / "session_server.py"
STDIO = ("s1", "s2", "s3")
STUBBORN = ("k1", "k2", "k3")  # servers that outlive their stdin closing


@dataclass
class Built:
    directory: Path
    module: ModuleType


def recipe(*args: str) -> dict[str, Any]:
    return {"command": PYTHON, "args": [str(SERVER), *args]}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """`session_tools`, built from a pyproject config: three stdio session servers, three
    that outlive their stdin closing, one that never answers initialize (its own `timeout`
    2 s), one on HTTP at ${WEB_URL}."""
    root = tmp_path_factory.mktemp("sessions")
    config = root / "pyproject.toml"
    head = '[tool.mcp2openai]\nout = "app/session_tools.py"\nsnapshots = "snaps"\n'
    command = f"command = {json.dumps(PYTHON)}\n"
    config.write_text(
        head + f'[tool.mcp2openai.servers.session]\n{command}args = ["{SERVER}"]\n',
        encoding="utf-8",
    )
    fetched = run_cli("fetch", cwd=root)
    assert fetched.returncode == 0, fetched.stderr
    lines = [head]
    for name in (*STDIO, *STUBBORN):
        flags = ', "--stubborn"' if name in STUBBORN else ""
        lines.append(
            f'[tool.mcp2openai.servers.{name}]\n{command}args = ["{SERVER}"{flags}]\n'
            'snapshot = "snaps/session.json"\n'
        )
    lines.append(
        f'[tool.mcp2openai.servers.hang]\n{command}args = ["{SERVER}", "--hang"]\n'
        'snapshot = "snaps/session.json"\ntimeout = 2\n'
    )
    lines.append(
        '[tool.mcp2openai.servers.web]\nurl = "${WEB_URL}"\nsnapshot = "snaps/session.json"\n'
    )
    config.write_text("\n".join(lines), encoding="utf-8")
    result = run_cli("build", cwd=root)
    assert result.returncode == 0, result.stderr
    return Built(root / "app", import_path(root / "app" / "session_tools.py"))


def serve_http(port: int) -> subprocess.Popen[bytes]:
    """The session server on Streamable HTTP at 127.0.0.1:`port`, once it listens."""
    process = subprocess.Popen([PYTHON, str(SERVER), "--http", str(port)])
    wait_for_port(port, process)
    return process


def chat(*calls: tuple[str, str, dict[str, Any]]) -> dict[str, Any]:
    entries = [
        {"id": call_id, "type": "function", "function": {"name": name, "arguments": json.dumps(a)}}
        for call_id, name, a in calls
    ]
    return {"choices": [{"message": {"role": "assistant", "tool_calls": entries}}]}


def text_of(result: Any) -> str:
    return "".join(block.text for block in result.content if block.type == "text")


async def server_pid(call_tool: Any, server: str) -> int:
    return int(text_of(await call_tool(server, "pid", {})))


async def logged(caplog: pytest.LogCaptureFixture, message: str, seconds: float = 10) -> None:
    """Wait until the log has `message` (what the runtime logs from its own tasks)."""
    deadline = time.monotonic() + seconds
    while message not in caplog.messages:
        assert time.monotonic() < deadline, f"not logged: {message}"
        await asyncio.sleep(0.02)


# ---------------------------------------------------------------------------- never hangs


@pytest.mark.parametrize("given", ["connect(timeout=2)", "the config's timeout = 2"])
def test_a_server_that_never_answers_fails_connect_within_its_timeout(
    built: Built, given: str
) -> None:
    """The timeout (2 s), then the mcp SDK's shutdown of a server that ignores its stdin
    closing (2 s, then SIGTERM): under 5 s. The SDK is imported before the clock, as an app
    imports it once."""
    import mcp  # noqa: F401

    if given == "connect(timeout=2)":
        name, connection = "s2", built.module.connect(
            servers={"s1": None, "s2": recipe("--hang")}, timeout=2
        )
    else:
        name, connection = "hang", built.module.connect(servers=["s1", "hang"])
    before = descendants()
    started = time.monotonic()
    with pytest.raises(built.module.ServerError) as caught:
        asyncio.run(connection.__aenter__())
    took = time.monotonic() - started
    message = str(caught.value)
    assert took < 5, took
    assert message == f"connect(): server {name!r} did not answer initialize within 2 s"
    assert "\n" not in message and caught.value.server == name
    assert wait_gone(sorted(descendants() - before)) == []


def test_connects_timeout_bounds_a_server_without_its_own(built: Built) -> None:
    async def main() -> None:
        async with built.module.connect(servers={"s1": recipe("--hang")}, timeout=0.5):
            pass

    with pytest.raises(
        built.module.ServerError, match=r"'s1' did not answer initialize within 0.5 s"
    ):
        asyncio.run(main())
    with pytest.raises(ValueError, match="timeout must be a positive number or None, not 0"):
        built.module.connect(timeout=0)


# ---------------------------------------------------------------------------- no orphans

APP = """
import asyncio, contextlib, sys, time
import session_tools

SERVERS = ["k1", "k2", "k3"]  # they outlive their stdin: only a signal stops them
ASK = {"choices": [{"message": {"tool_calls": [
    {"id": name, "type": "function", "function": {"name": f"{name}__pid", "arguments": "{}"}}
    for name in SERVERS
]}}]}


async def main() -> None:
    async with session_tools.connect(servers=SERVERS) as call_tool:
        outputs = await session_tools.execute_tool_calls(ASK, call_tool)
        print(" ".join(item["content"] for item in outputs), flush=True)
        await asyncio.sleep(120)


async def started_elsewhere() -> None:
    # connect() entered by a startup task that has ended (an AsyncExitStack it filled)
    stack = contextlib.AsyncExitStack()

    async def startup() -> None:
        call_tool = await stack.enter_async_context(session_tools.connect(servers=SERVERS))
        outputs = await session_tools.execute_tool_calls(ASK, call_tool)
        print(" ".join(item["content"] for item in outputs), flush=True)

    await asyncio.gather(startup())
    await asyncio.sleep(120)


if sys.argv[1] == "async":
    asyncio.run(main())
elif sys.argv[1] == "exit stack":
    asyncio.run(started_elsewhere())
else:
    with session_tools.connect(servers=SERVERS) as call_tool:
        outputs = session_tools.execute_tool_calls_sync(ASK, call_tool)
        print(" ".join(item["content"] for item in outputs), flush=True)
        time.sleep(120)
"""


@pytest.mark.parametrize("mode", ["async", "sync", "exit stack"])
def test_sigterm_to_the_app_leaves_no_server_running(
    built: Built, tmp_path: Path, mode: str
) -> None:
    script = tmp_path / "app.py"
    script.write_text(APP, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(built.directory)}
    app = subprocess.Popen([PYTHON, str(script), mode], stdout=subprocess.PIPE, text=True, env=env)
    assert app.stdout is not None
    line = app.stdout.readline()  # the servers' pids, once all three answered
    pids = [int(pid) for pid in line.split()]
    assert len(pids) == 3, line
    assert set(pids) <= descendants(app.pid)
    app.send_signal(signal.SIGTERM)
    assert app.wait(15) == -signal.SIGTERM  # ended as SIGTERM ends a process
    assert wait_gone(pids) == []


def test_a_cancelled_task_leaves_no_server_running(built: Built) -> None:
    async def main() -> list[int]:
        pids: list[int] = []
        opened = asyncio.Event()

        async def app() -> None:
            async with built.module.connect(servers=list(STUBBORN)) as call_tool:
                pids.extend([await server_pid(call_tool, name) for name in STUBBORN])
                opened.set()
                await asyncio.Event().wait()

        task = asyncio.create_task(app())
        await opened.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        # before asyncio.run ends (which would cancel any task left holding a server)
        assert await asyncio.to_thread(wait_gone, pids) == []
        return pids

    assert len(asyncio.run(main())) == 3


# ---------------------------------------------------------------------------- recovers


def test_a_stdio_server_that_exits_after_a_call_is_started_again(
    built: Built, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="mcp2openai")

    async def main() -> tuple[int, str, int]:
        async with built.module.connect(servers=["s1"]) as call_tool:
            first = await server_pid(call_tool, "s1")
            said = text_of(await call_tool("s1", "exit_after", {"text": "bye"}))
            assert said == "bye"
            assert await asyncio.to_thread(wait_gone, [first]) == []
            await logged(caplog, "server s1 stopped; the next call to it starts it again")
            echoed = text_of(await call_tool("s1", "echo", {"text": "again"}))
            return first, echoed, await server_pid(call_tool, "s1")

    first, echoed, second = asyncio.run(main())
    assert echoed == "again" and second != first
    assert "server s1: it stopped; starting it again" in caplog.messages


def test_an_http_session_the_server_forgot_is_opened_again(
    built: Built, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="mcp2openai")
    port = free_port()
    url = f"http://127.0.0.1:{port}/mcp"

    async def main() -> tuple[str, str]:
        server = serve_http(port)
        try:
            # a stateful session (2025-11-25): the 2026-07-28 protocol has none to expire
            async with built.module.connect(
                servers=["web"], env={"WEB_URL": url}, protocol="legacy"
            ) as call:
                first = text_of(await call("web", "echo", {"text": "one"}))
                stop(server)  # a new process: it knows no session
                server = serve_http(port)
                second = text_of(await call("web", "echo", {"text": "two"}))
        finally:
            stop(server)
        return first, second

    assert asyncio.run(main()) == ("one", "two")
    assert "server web: its session expired; starting it again" in caplog.messages


def test_a_call_to_an_http_server_nobody_answers_at_is_not_said_to_have_run(
    built: Built, caplog: pytest.LogCaptureFixture
) -> None:
    """The server behind the URL is gone: the call's request never left, so it is not
    answered as one that may have run (`stopped during the call`): the session is opened
    again, with the pauses a stopped server gets, and the output says it was not reached."""
    caplog.set_level(logging.INFO, logger="mcp2openai")
    port = free_port()
    url = f"http://127.0.0.1:{port}/mcp"
    server = serve_http(port)

    async def main() -> list[dict[str, Any]]:
        async with built.module.connect(servers=["web"], env={"WEB_URL": url}) as call:
            assert text_of(await call("web", "echo", {"text": "up"})) == "up"
            stop(server)
            outputs: list[dict[str, Any]] = await built.module.execute_tool_calls(
                chat(("c1", "web__echo", {"text": "down"})), call
            )
            return outputs

    try:
        outputs = asyncio.run(main())
    finally:
        stop(server)
    reached = "Error: server 'web' stopped and could not be reached again (3 tries)"
    assert outputs == [{"role": "tool", "tool_call_id": "c1", "content": reached}]
    assert "server web: it stopped; starting it again" in caplog.messages


@pytest.mark.parametrize("protocol", ["legacy", "auto"])
def test_tools_list_changed_is_listed_again_and_logged(
    built: Built, caplog: pytest.LogCaptureFixture, protocol: str
) -> None:
    """A stateful (2025-11-25) session gets the notification as it is; on 2026-07-28
    (what "auto" negotiates with this server) it comes on the listen stream connect()
    holds open."""
    caplog.set_level(logging.INFO, logger="mcp2openai")
    expected = "server s1: its tool list changed; the toolset's tools did not"

    async def main() -> None:
        async with built.module.connect(servers=["s1"], protocol=protocol) as call_tool:
            version = call_tool.sessions["s1"].protocol_version
            assert (version >= "2026-07-28") == (protocol == "auto"), version
            assert text_of(await call_tool("s1", "add_tool", {})) == "added"
            await logged(caplog, expected)
            for _ in range(2):  # round trips: a second listing would have ended by then
                assert text_of(await call_tool("s1", "echo", {"text": "x"})) == "x"
            assert caplog.messages.count(expected) == 1  # one change, one listing

    asyncio.run(main())


def test_a_listen_stream_that_ends_is_opened_again(
    built: Built, caplog: pytest.LogCaptureFixture
) -> None:
    """2026-07-28 over Streamable HTTP, where a session outlives the servers behind it: the
    server restarts (a new process on the same port), the listen stream connect() held
    ends, is opened again and the tools are listed again (changes are not replayed); a
    change after that is followed."""
    caplog.set_level(logging.INFO, logger="mcp2openai")
    expected = "server web: its tool list changed; the toolset's tools did not"
    port = free_port()
    url = f"http://127.0.0.1:{port}/mcp"

    async def main() -> None:
        server = serve_http(port)
        try:
            async with built.module.connect(servers=["web"], env={"WEB_URL": url}) as call:
                assert call.sessions["web"].protocol_version >= "2026-07-28"
                stop(server)
                server = serve_http(port)
                await logged(caplog, expected)  # listed again once the stream is back
                assert text_of(await call("web", "add_tool", {})) == "added"
                deadline = time.monotonic() + 10
                while caplog.messages.count(expected) < 2:
                    assert time.monotonic() < deadline, caplog.messages
                    await asyncio.sleep(0.02)
        finally:
            stop(server)

    asyncio.run(main())
    assert not [message for message in caplog.messages if "not followed" in message]


def test_a_change_is_logged_once_however_often_the_server_says_so(
    built: Built, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A toolset built when the server described `echo` otherwise: connect() logs that
    once (WARNING); each later tools/list_changed that finds the same is an INFO line (a
    server may send several in a row: server-everything does, as it starts)."""
    caplog.set_level(logging.INFO, logger="mcp2openai")
    snapshot = json.loads((built.directory.parent / "snaps" / "session.json").read_text())
    [echo] = [tool for tool in snapshot["tools"] if tool["name"] == "echo"]
    echo["description"] = "Described otherwise when the toolset was built."
    (tmp_path / "session.json").write_text(json.dumps(snapshot), encoding="utf-8")
    out = tmp_path / "app" / "changed_tools.py"
    result = run_cli("build", "--server", "s1=session.json", "--out", str(out), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    module = import_path(out)
    again = (
        "server s1: its tool list changed; its differences from the toolset are as already logged"
    )

    async def main() -> None:
        async with module.connect(servers={"s1": recipe()}, protocol="legacy") as call_tool:
            for _ in range(2):
                assert text_of(await call_tool("s1", "add_tool", {})) == "added"
            deadline = time.monotonic() + 10
            while caplog.messages.count(again) < 2:
                assert time.monotonic() < deadline, caplog.messages
                await asyncio.sleep(0.02)

    asyncio.run(main())
    warned = [
        record.getMessage()
        for record in caplog.records
        if record.levelno >= logging.WARNING and "changed since" in record.getMessage()
    ]
    assert len(warned) == 1 and "echo (changed)" in warned[0], warned


# ---------------------------------------------------------------------------- logs, not leaks


def test_stderr_reaches_the_log_never_the_model(
    built: Built, caplog: pytest.LogCaptureFixture
) -> None:
    """s1 writes a secret to stderr and fails (a tool error); s2 writes another and dies
    during the call; s3 refuses with an MCP error. The outputs say what failed in one line;
    the log has both secrets; no traceback is logged, the MCP error at INFO; s2 is started
    again by the next call."""
    caplog.set_level(logging.INFO, logger="mcp2openai")
    response = chat(
        ("c1", "s1__fail", {"secret": "sk-live-1111"}),
        ("c2", "s2__die", {"secret": "sk-live-2222"}),
        ("c3", "s3__refuse", {}),
    )

    async def main() -> tuple[list[dict[str, Any]], str]:
        async with built.module.connect(servers=list(STDIO)) as call_tool:
            outputs = await built.module.execute_tool_calls(response, call_tool)
            again = text_of(await call_tool("s2", "echo", {"text": "back"}))
        return outputs, again

    outputs, again = asyncio.run(main())
    assert again == "back"
    text = json.dumps(outputs)
    assert "sk-live" not in text
    by_id = {item["tool_call_id"]: item["content"] for item in outputs}
    assert by_id["c1"] == "Error: Error executing tool fail"
    assert by_id["c2"] == "Error: server 's2' stopped during the call to 'die'"
    assert by_id["c3"] == "Error: the server refuses this call"
    refused = "tool call c3 (s3__refuse) failed: MCPError: the server refuses this call"
    (record,) = [record for record in caplog.records if record.getMessage() == refused]
    assert record.levelno == logging.INFO
    logged = "\n".join(caplog.messages)
    assert "sk-live-1111" in logged and "sk-live-2222" in logged
    assert all(record.exc_info is None for record in caplog.records)
    assert all(record.levelno <= logging.WARNING for record in caplog.records)


# ---------------------------------------------------------------------------- sync code


def test_a_sync_script_with_the_sync_openai_client(built: Built, tmp_path: Path) -> None:
    """docs/usage.md's sync script ("Long sessions"), run against the fake endpoint with the
    toolset of these tests, then type-checked as it stands."""
    usage = (REPO / "docs" / "usage.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```$", usage, re.M | re.S)
    (example,) = [block for block in blocks if "execute_tool_calls_sync(" in block]
    script = tmp_path / "sync_app.py"
    script.write_text(
        example.replace("from app import mcp_tools", "import session_tools as mcp_tools")
        .replace("mcp_tools.connect()", 'mcp_tools.connect(servers=["s1"])')
        .replace("openai.OpenAI()", "openai.OpenAI(max_retries=0)"),
        encoding="utf-8",
    )
    before = descendants()
    turns = [[("c1", "s1__echo", {"text": "hello"})], "It said hello."]
    with FakeOpenAI(turns) as fake:
        env = {
            **os.environ,
            "OPENAI_BASE_URL": fake.base_url,
            "OPENAI_API_KEY": "sk-test",
            "PYTHONPATH": str(built.directory),
        }
        ran = subprocess.run(
            [PYTHON, str(script)], capture_output=True, text=True, env=env, timeout=120
        )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == "It said hello.\n"
    first, second = fake.bodies("/v1/responses")
    assert first["input"] == "What time is it in Tokyo?"
    output = {"type": "function_call_output", "call_id": "c1", "output": '{"result":"hello"}'}
    assert second["input"] == [output]  # echo's structured content
    assert wait_gone(sorted(descendants() - before)) == []
    typed = subprocess.run(
        [*mypy_command(), str(script)],
        capture_output=True,
        text=True,
        env={**os.environ, "MYPYPATH": str(built.directory)},
        cwd=tmp_path,
    )
    assert typed.returncode == 0, typed.stdout


def test_with_connect_closes_its_loop_and_refuses_use_after_the_block(built: Built) -> None:
    """Each `with connect()` ends its loop and thread; afterwards a call says it is not
    connected instead of waiting on a loop that no longer runs. Inside the block, a call
    awaited on another loop runs on the connection's."""
    threads = threading.active_count()
    response = chat(("c", "s1__echo", {"text": "hi"}))
    for _ in range(3):
        with built.module.connect(servers=["s1"]) as call_tool:
            inside = asyncio.run(built.module.execute_tool_calls(response, call_tool))
            assert inside == [{"role": "tool", "tool_call_id": "c", "content": "hi"}]
    assert threading.active_count() == threads
    with pytest.raises(LookupError, match="server 's1' is not connected"):
        built.module.execute_tool_calls_sync(response, call_tool)


def test_execute_tool_calls_sync_inside_an_event_loop_says_to_await(built: Built) -> None:
    async def main() -> None:
        async def call_tool(server: str, tool: str, arguments: dict[str, object]) -> str:
            return "unused"

        with pytest.raises(RuntimeError, match=r"await execute_tool_calls\(\.\.\.\)"):
            built.module.execute_tool_calls_sync(chat(("c", "s1__echo", {})), call_tool)

    asyncio.run(main())


def test_execute_tool_calls_sync_with_an_app_call_tool(built: Built) -> None:
    async def call_tool(server: str, tool: str, arguments: dict[str, object]) -> str:
        return f"{server}:{tool}:{arguments['text']}"

    outputs = built.module.execute_tool_calls_sync(
        chat(("c", "s1__echo", {"text": "hi"})), call_tool
    )
    assert outputs == [{"role": "tool", "tool_call_id": "c", "content": "s1:echo:hi"}]


# ---------------------------------------------------------------------------- no shadowing


def test_a_folder_named_mcp_fails_connect_in_one_line(built: Built, tmp_path: Path) -> None:
    """Without the SDK importable (`python -S`: no site-packages), `import mcp` finds the
    app's `mcp/` folder of snapshots; connect() says so instead of hanging."""
    (tmp_path / "mcp").mkdir()
    (tmp_path / "mcp" / "time.json").write_text("{}", encoding="utf-8")
    script = tmp_path / "app.py"
    script.write_text(
        "import asyncio, session_tools\n"
        "async def main():\n"
        "    async with session_tools.connect(servers=['s1']):\n"
        "        pass\n"
        "asyncio.run(main())\n",
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONPATH": str(built.directory)}
    ran = subprocess.run(
        [PYTHON, "-S", str(script)], capture_output=True, text=True, env=env, timeout=60
    )
    assert ran.returncode == 1
    last = ran.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: connect() needs the mcp package (the official MCP SDK)")
    assert str(tmp_path / "mcp") in last and "rename that folder" in last


@pytest.fixture(autouse=True)
def _no_stray_processes() -> Iterator[None]:
    before = descendants()
    yield
    assert wait_gone(sorted(descendants() - before)) == []
