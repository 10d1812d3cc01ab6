"""End to end with the real MCP servers `make servers` installs, and the real `openai` SDK.

fetch (live servers -> snapshots) -> build (snapshots -> module) -> import the module -> the
`openai` client, pointed at a fake OpenAI endpoint on 127.0.0.1 that answers with scripted tool
calls -> `execute_tool_calls` runs them on the live servers through `mcp` ClientSessions -> the
outputs in the next request, asserted on the wire. Both APIs.

Needs `make servers` (CI's `.ci/run` does it); a missing server fails with that hint.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from threading import Thread
from types import ModuleType
from typing import Any

import anyio
import pytest
from anyio.from_thread import BlockingPortal, start_blocking_portal
from buildutil import import_path
from live_support import (
    EXAMPLES,
    REAL_SERVERS,
    REPO,
    free_port,
    require_real_servers,
    run_cli,
    stop,
    wait_for_port,
)
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from openai import AsyncOpenAI

sys.path.insert(0, str(EXAMPLES))
from fake_openai import FakeOpenAI

pytestmark = pytest.mark.e2e  # starts MCP servers (CONTRIBUTING.md, "Tiers")

GOLDEN = REPO / "generated" / "snapshots"
COUNTS = {"time": 2, "fetch": 1, "git": 12, "everything": 15, "filesystem": 14}
# server-everything lists these only to a client that declares roots or sampling, which fetch,
# like connect(), does not (the golden snapshot was recorded by such a client)
GATED = {"get-roots-list", "trigger-sampling-request"}
NOTE = "Remember the milk.\nAnd the eggs.\n"
PAGE = "mcp2openai end-to-end page: the fetch server read this over HTTP.\n"


@dataclass
class Workspace:
    directory: Path
    files: Path  # the filesystem server's allowed directory
    repo: Path  # the git server's repository
    page_url: str
    fetch_result: subprocess.CompletedProcess[str]
    adapter: ModuleType
    servers: dict[str, StdioServerParameters]


def server_table(root: Path, files: Path, repo: Path) -> dict[str, tuple[str, list[str]]]:
    return {
        "time": (str(REAL_SERVERS["time"]), ["--local-timezone", "Etc/UTC"]),
        # our page is on 127.0.0.1 (the tool list is the same with or without the flag)
        "fetch": (str(REAL_SERVERS["fetch"]), ["--allow-private-ips"]),
        "git": (str(REAL_SERVERS["git"]), ["--repository", str(repo)]),
        "everything": (str(REAL_SERVERS["everything"]), ["stdio"]),
        "filesystem": (str(REAL_SERVERS["filesystem"]), [str(files)]),
    }


@pytest.fixture(scope="module")
def page_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A plain HTTP server with one text page, for the fetch server to read."""
    root = tmp_path_factory.mktemp("site")
    (root / "page.txt").write_text(PAGE, encoding="utf-8")
    handler = partial(_QuietHandler, directory=str(root))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/page.txt"
    finally:
        server.shutdown()
        server.server_close()


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory, page_server: str) -> Workspace:
    require_real_servers()
    root = tmp_path_factory.mktemp("e2e")
    home, files, repo = root / "home", root / "files", root / "repo"
    for directory in (home, files, repo):
        directory.mkdir()
    (files / "notes.txt").write_text(NOTE, encoding="utf-8")
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True)
    (repo / "untracked.txt").write_text("new\n")
    table = server_table(root, files, repo)
    env = {"HOME": str(home), "TZ": "UTC", "LANG": "C.UTF-8"}
    lines = ['[tool.mcp2openai]\nout = "app/mcp_tools.py"\nsnapshots = "mcp"\ntimeout = 120\n']
    for name, (command, args) in table.items():
        lines.append(
            f"[tool.mcp2openai.servers.{name}]\ncommand = {json.dumps(command)}\n"
            f"args = {json.dumps(args)}\n"
            "env = { " + ", ".join(f"{k} = {json.dumps(v)}" for k, v in env.items()) + " }\n"
        )
    (root / "pyproject.toml").write_text("\n".join(lines), encoding="utf-8")

    # the 2025 handshake, as scripts/record_servers.py recorded generated/snapshots/ (the
    # default, --protocol auto, gives 2026-07-28 to the servers that speak it)
    fetched = run_cli("fetch", "--protocol", "legacy", cwd=root)
    built = run_cli("build", cwd=root)
    assert built.returncode == 0, built.stderr
    module = root / "app" / "mcp_tools.py"
    adapter = import_path(module)
    params = {
        name: StdioServerParameters(command=command, args=args, env=env, cwd=str(root))
        for name, (command, args) in table.items()
    }
    return Workspace(root, files, repo, page_server, fetched, adapter, params)


def test_fetch_reads_every_real_server(workspace: Workspace) -> None:
    result = workspace.fetch_result
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == len(COUNTS) + 1
    for line, (name, count) in zip(lines, COUNTS.items(), strict=False):
        assert line.startswith(f"mcp2openai: {name}: {count} tool"), line
        assert line.endswith(f": wrote {Path('mcp') / f'{name}.json'}"), line
    assert lines[-1].startswith(f"mcp2openai: fetched 5 servers ({sum(COUNTS.values())} tools) in")
    for name in COUNTS:
        snapshot = json.loads((workspace.directory / "mcp" / f"{name}.json").read_text())
        golden = json.loads((GOLDEN / f"{name}.json").read_text())
        # exactly what the recorder captured (and cross-checked without the SDK)
        recorded = [tool for tool in golden["tools"] if tool["name"] not in GATED]
        assert snapshot["tools"] == recorded, name
        assert snapshot["server"] == golden["server"]
        assert snapshot["protocolVersion"] == golden["protocolVersion"]
        assert snapshot.get("instructions") == golden.get("instructions")
        assert "source" not in snapshot
    # the server's title and instructions, where it sends them (its namespace's description)
    everything = json.loads((workspace.directory / "mcp" / "everything.json").read_text())
    assert everything["server"]["title"] == "Everything Reference Server"
    assert everything["instructions"].startswith("# Everything Server")


def test_fetch_again_gives_the_same_bytes_and_build_is_current(workspace: Workspace) -> None:
    again = run_cli("fetch", "--check", "--protocol", "legacy", cwd=workspace.directory)
    assert again.returncode == 0, again.stderr
    assert again.stderr.count(" unchanged") == len(COUNTS)
    check = run_cli("build", "--check", cwd=workspace.directory)
    assert check.returncode == 0, check.stderr


# --- the loop ---------------------------------------------------------------------------------


@dataclass
class Live:
    portal: BlockingPortal
    sessions: dict[str, ClientSession]


@asynccontextmanager
async def stdio_session(params: StdioServerParameters) -> AsyncIterator[ClientSession]:
    """What an app does: start the server, open an `mcp` ClientSession, initialize."""
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


async def hold_sessions(servers: dict[str, StdioServerParameters], *, task_status: Any) -> None:
    """Open one session per server (concurrently) and keep them open until told to stop."""
    sessions: dict[str, ClientSession] = {}
    stop_event = anyio.Event()

    async def hold(name: str, params: StdioServerParameters, ready: anyio.Event) -> None:
        async with stdio_session(params) as session:
            sessions[name] = session
            ready.set()
            await stop_event.wait()

    async with anyio.create_task_group() as group:
        readiness = []
        for name, params in servers.items():
            ready = anyio.Event()
            readiness.append(ready)
            group.start_soon(hold, name, params, ready)
        with anyio.fail_after(180):
            for ready in readiness:
                await ready.wait()
        task_status.started((sessions, stop_event))


@pytest.fixture(scope="module")
def live(workspace: Workspace) -> Iterator[Live]:
    with start_blocking_portal() as portal:
        future, (sessions, stop_event) = portal.start_task(hold_sessions, workspace.servers)
        try:
            yield Live(portal, sessions)
        finally:
            portal.call(stop_event.set)
            future.result(timeout=30)


def script(workspace: Workspace) -> list[Any]:
    notes = str(workspace.files / "notes.txt")
    return [
        [
            (
                "c1",
                "time__convert_time",
                {
                    "source_timezone": "Etc/UTC",
                    "time": "12:00",
                    "target_timezone": "Asia/Tokyo",
                },
            ),
            # optional arguments sent as null (strict mode): dropped before the server sees them
            (
                "c2",
                "fetch__fetch",
                {
                    "url": workspace.page_url,
                    "max_length": None,
                    "start_index": None,
                    "raw": True,
                },
            ),
            ("c3", "git__git_status", {"repo_path": str(workspace.repo)}),
            ("c4", "everything__echo", {"message": "hello, everything"}),
            ("c5", "everything__get-sum", {"a": 2, "b": 40}),
            ("c6", "filesystem__read_text_file", {"path": notes, "head": None, "tail": None}),
            ("c7", "filesystem__list_directory", {"path": str(workspace.files)}),
            # the server answers isError: outside the allowed directories
            (
                "c8",
                "filesystem__read_text_file",
                {"path": "/etc/hostname", "head": None, "tail": 1},
            ),
            # rejected before any server: not in the toolset
            ("c9", "shell__rm_rf", {"path": "/"}),
        ],
        "All done.",
    ]


def check_outputs(outputs: dict[str, str], workspace: Workspace, structured: bool = False) -> None:
    """Each call's output text as the next request carried it. `structured` (Responses): the
    tools with an MCP outputSchema (time, filesystem) answer with their structuredContent as
    JSON, which their `output_schema` describes."""
    assert set(outputs) == {f"c{n}" for n in range(1, 10)}
    converted = json.loads(outputs["c1"])
    assert converted["source"]["datetime"].endswith("T12:00:00+00:00")
    assert converted["target"]["datetime"].endswith("T21:00:00+09:00")
    assert PAGE.strip() in outputs["c2"]
    assert not outputs["c2"].startswith("Error")
    assert "On branch main" in outputs["c3"] and "untracked.txt" in outputs["c3"]
    assert outputs["c4"] == "Echo: hello, everything"
    assert outputs["c5"] == "The sum of 2 and 40 is 42."
    if structured:
        assert json.loads(outputs["c6"]) == {"content": NOTE}
        assert json.loads(outputs["c7"]) == {"content": "[FILE] notes.txt"}
    else:
        assert outputs["c6"] == NOTE
        assert outputs["c7"] == "[FILE] notes.txt"
    assert outputs["c8"].startswith("Error: ")
    assert "Access denied" in outputs["c8"] or "outside allowed" in outputs["c8"]
    assert outputs["c9"].startswith("Error: ") and "shell__rm_rf" in outputs["c9"]


async def call_tool_via(sessions: dict[str, ClientSession]) -> Any:
    def call_tool(server: str, tool: str, arguments: dict[str, Any]) -> Any:
        return sessions[server].call_tool(tool, arguments)

    return call_tool


async def responses_loop(adapter: ModuleType, base_url: str, call_tool: Any) -> str:
    client = AsyncOpenAI(base_url=base_url, api_key="sk-test", max_retries=0)
    items: list[Any] = [{"role": "user", "content": "Do the chores."}]
    while True:
        response = await client.responses.create(
            model="gpt-test", input=items, tools=adapter.tools("responses")
        )
        outputs = await adapter.execute_tool_calls(response, call_tool)
        if not outputs:
            return str(response.output_text)
        items += [item.model_dump(exclude_none=True) for item in response.output]
        items += outputs


async def chat_loop(adapter: ModuleType, base_url: str, call_tool: Any) -> str:
    client = AsyncOpenAI(base_url=base_url, api_key="sk-test", max_retries=0)
    messages: list[Any] = [{"role": "user", "content": "Do the chores."}]
    while True:
        completion = await client.chat.completions.create(
            model="gpt-test", messages=messages, tools=adapter.tools("chat")
        )
        outputs = await adapter.execute_tool_calls(completion, call_tool)
        if not outputs:
            return completion.choices[0].message.content or ""
        messages.append(completion.choices[0].message.model_dump(exclude_none=True))
        messages += outputs


def test_responses_api_loop_on_the_wire(workspace: Workspace, live: Live) -> None:
    adapter = workspace.adapter
    with FakeOpenAI(script(workspace)) as fake:
        call_tool = live.portal.call(call_tool_via, live.sessions)
        answer = live.portal.call(responses_loop, adapter, fake.base_url, call_tool)
    assert answer == "All done."
    first, second = fake.bodies("/v1/responses")
    assert first["tools"] == adapter.tools("responses")  # what the SDK sent
    assert all(tool["strict"] is True for tool in first["tools"])
    sent = second["input"]
    calls = [item for item in sent if item.get("type") == "function_call"]
    assert [item["call_id"] for item in calls] == [f"c{n}" for n in range(1, 10)]
    outputs = [item for item in sent if item.get("type") == "function_call_output"]
    # rejected calls come first, then the outputs in call order
    assert [item["call_id"] for item in outputs] == ["c9", *(f"c{n}" for n in range(1, 9))]
    check_outputs({item["call_id"]: item["output"] for item in outputs}, workspace, True)
    # the same tools declare their output schema to the model
    schemas = {tool["name"]: tool.get("output_schema") for tool in first["tools"]}
    assert schemas["filesystem__read_text_file"] == {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {"content": {"type": "string"}},
        "required": ["content"],
        "additionalProperties": False,
    }
    assert schemas["git__git_status"] is None


def test_chat_completions_loop_on_the_wire(workspace: Workspace, live: Live) -> None:
    adapter = workspace.adapter
    with FakeOpenAI(script(workspace)) as fake:
        call_tool = live.portal.call(call_tool_via, live.sessions)
        answer = live.portal.call(chat_loop, adapter, fake.base_url, call_tool)
    assert answer == "All done."
    first, second = fake.bodies("/v1/chat/completions")
    assert first["tools"] == adapter.tools("chat")
    messages = second["messages"]
    assert [m["role"] for m in messages] == ["user", "assistant"] + ["tool"] * 9
    assert [c["id"] for c in messages[1]["tool_calls"]] == [f"c{n}" for n in range(1, 10)]
    assert [m["tool_call_id"] for m in messages[2:]] == ["c9", *(f"c{n}" for n in range(1, 9))]
    check_outputs({m["tool_call_id"]: m["content"] for m in messages[2:]}, workspace)


# --- Streamable HTTP --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def everything_http() -> Iterator[str]:
    require_real_servers()
    port = free_port()
    process = subprocess.Popen(
        [str(REAL_SERVERS["everything"]), "streamableHttp"],
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PORT": str(port)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        stop(process)


def test_streamable_http_server_fetched_by_url_and_called(
    workspace: Workspace, everything_http: str, tmp_path: Path
) -> None:
    result = run_cli(
        "fetch",
        "everything",
        "--out",
        "everything.json",
        "--url",
        everything_http,
        "--header",
        "X-Client: mcp2openai-tests",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr.startswith("mcp2openai: everything: 15 tools in ")
    snapshot = json.loads((tmp_path / "everything.json").read_text())
    golden = json.loads((GOLDEN / "everything.json").read_text())["tools"]
    assert snapshot["tools"] == [tool for tool in golden if tool["name"] not in GATED]

    # the module built from the stdio snapshot drives the HTTP server just the same
    adapter = workspace.adapter

    async def run() -> list[Any]:
        async with (
            streamable_http_client(everything_http) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            response = {
                "choices": [
                    {
                        "message": {
                            "role": "assistant",
                            "tool_calls": [
                                {
                                    "id": "h1",
                                    "type": "function",
                                    "function": {
                                        "name": "everything__echo",
                                        "arguments": '{"message": "over HTTP"}',
                                    },
                                },
                                {
                                    "id": "h2",
                                    "type": "function",
                                    "function": {
                                        "name": "everything__get-sum",
                                        "arguments": '{"a": 1, "b": "two"}',
                                    },
                                },
                            ],
                        }
                    }
                ]
            }
            return list(
                await adapter.execute_tool_calls(
                    response, lambda server, tool, args: session.call_tool(tool, args)
                )
            )

    first, second = anyio.run(run)
    assert first == {"role": "tool", "tool_call_id": "h1", "content": "Echo: over HTTP"}
    assert second["tool_call_id"] == "h2" and second["content"].startswith("Error: ")


def test_the_servers_refuse_the_nulls_the_module_drops(workspace: Workspace, live: Live) -> None:
    """Without the module's null removal, the calls above with null arguments would fail."""
    notes = str(workspace.files / "notes.txt")
    read = live.portal.call(
        partial(live.sessions["filesystem"].call_tool, "read_text_file"),
        {"path": notes, "head": None, "tail": None},
    )
    assert read.is_error
    fetched = live.portal.call(
        partial(live.sessions["fetch"].call_tool, "fetch"),
        {"url": workspace.page_url, "max_length": None, "start_index": None, "raw": True},
    )
    assert fetched.is_error


# --- streamed turns and a client tool search (docs/usage.md, "Streaming") ------------------


def streamed_script() -> list[Any]:
    return [
        [
            ("s1", "everything__echo", {"message": "streamed"}),
            ("s2", "everything__get-sum", {"a": 20, "b": 22}),
            ("s3", "shell__rm_rf", {"path": "/"}),  # not in the toolset
        ],
        "All streamed.",
    ]


async def streamed_responses_loop(adapter: ModuleType, base_url: str, call_tool: Any) -> str:
    """The streamed Responses loop of docs/usage.md."""
    client = AsyncOpenAI(base_url=base_url, api_key="sk-test", max_retries=0)
    items: list[Any] = [{"role": "user", "content": "Stream the chores."}]
    while True:
        async with client.responses.stream(
            model="gpt-test", input=items, tools=adapter.tools("responses")
        ) as stream:
            async for _event in stream:
                pass
            response = await stream.get_final_response()
        outputs = await adapter.execute_tool_calls(response, call_tool)
        if not outputs:
            return str(response.output_text)
        items += [*response.output, *outputs]


async def streamed_chat_loop(adapter: ModuleType, base_url: str, call_tool: Any) -> str:
    """The streamed Chat Completions loop of docs/usage.md."""
    client = AsyncOpenAI(base_url=base_url, api_key="sk-test", max_retries=0)
    messages: list[Any] = [{"role": "user", "content": "Stream the chores."}]
    while True:
        async with client.chat.completions.stream(
            model="gpt-test", messages=messages, tools=adapter.tools("chat")
        ) as stream:
            async for _event in stream:
                pass
            completion = await stream.get_final_completion()
        outputs = await adapter.execute_tool_calls(completion, call_tool)
        reply = completion.choices[0].message
        if not outputs:
            return reply.content or ""
        calls = [call for call in reply.tool_calls or () if call.type == "function"]
        messages.append(
            {
                "role": "assistant",
                "content": reply.content,
                "tool_calls": [
                    {
                        "id": call.id,
                        "type": "function",
                        "function": {
                            "name": call.function.name,
                            "arguments": call.function.arguments,
                        },
                    }
                    for call in calls
                ],
            }
        )
        messages += outputs


STREAMED = {
    "s1": "Echo: streamed",
    "s2": "The sum of 20 and 22 is 42.",
}


def test_streamed_responses_turn_on_the_wire(workspace: Workspace, live: Live) -> None:
    adapter = workspace.adapter
    with FakeOpenAI(streamed_script()) as fake:
        call_tool = live.portal.call(call_tool_via, live.sessions)
        answer = live.portal.call(streamed_responses_loop, adapter, fake.base_url, call_tool)
    assert answer == "All streamed."
    first, second = fake.bodies("/v1/responses")
    assert first["stream"] is True and first["tools"] == adapter.tools("responses")
    sent = second["input"]
    calls = [item for item in sent if item.get("type") == "function_call"]
    assert [item["call_id"] for item in calls] == ["s1", "s2", "s3"]
    assert all("parsed_arguments" not in item for item in calls)  # the SDK left them out
    outputs = {item["call_id"]: item["output"] for item in sent[4:]}
    assert [item["call_id"] for item in sent[4:]] == ["s3", "s1", "s2"]
    assert {key: outputs[key] for key in STREAMED} == STREAMED
    assert outputs["s3"].startswith("Error: Unknown tool 'shell__rm_rf'")


def test_streamed_chat_turn_on_the_wire(workspace: Workspace, live: Live) -> None:
    adapter = workspace.adapter
    with FakeOpenAI(streamed_script()) as fake:
        call_tool = live.portal.call(call_tool_via, live.sessions)
        answer = live.portal.call(streamed_chat_loop, adapter, fake.base_url, call_tool)
    assert answer == "All streamed."
    first, second = fake.bodies("/v1/chat/completions")
    assert first["stream"] is True and first["tools"] == adapter.tools("chat")
    assistant, *tools = second["messages"][1:]
    assert [call["id"] for call in assistant["tool_calls"]] == ["s1", "s2", "s3"]
    assert "parsed_arguments" not in json.dumps(assistant)
    assert [m["tool_call_id"] for m in tools] == ["s3", "s1", "s2"]
    outputs = {m["tool_call_id"]: m["content"] for m in tools}
    assert {key: outputs[key] for key in STREAMED} == STREAMED
    assert outputs["s3"].startswith("Error: Unknown tool 'shell__rm_rf'")


def test_client_tool_search_turn_on_the_wire(workspace: Workspace, live: Live) -> None:
    """The model searches its tools on the client, then calls one by its namespace."""
    search = {
        "type": "tool_search_call",
        "id": "tsc_1",
        "call_id": "ts_1",
        "execution": "client",
        "arguments": {"query": "repeat a message"},
        "status": "completed",
    }
    namespaced = {
        "type": "function_call",
        "id": "fc_ns",
        "call_id": "n1",
        "namespace": "everything",
        "name": "echo",
        "arguments": '{"message": "found"}',
        "status": "completed",
    }
    adapter = workspace.adapter
    with FakeOpenAI([[search], [namespaced], "Searched and echoed."]) as fake:
        call_tool = live.portal.call(call_tool_via, live.sessions)
        answer = live.portal.call(responses_loop, adapter, fake.base_url, call_tool)
    assert answer == "Searched and echoed."
    _, second, third = fake.bodies("/v1/responses")
    # the search was answered with the module's own search, not dropped
    found = adapter.tool_search("repeat a message")
    assert "everything__echo" in [tool["name"] for tool in found]
    assert second["input"][1:] == [
        search,
        {"type": "tool_search_output", "call_id": "ts_1", "execution": "client", "tools": found},
    ]
    assert third["input"][-2:] == [
        namespaced,
        {"type": "function_call_output", "call_id": "n1", "output": "Echo: found"},
    ]
