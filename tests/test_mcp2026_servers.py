"""The servers of tests/servers/*.py (written with the `mcp` SDK's server API) driven by the
plain `mcp` 2.3.0 client, over stdio and Streamable HTTP on 127.0.0.1, in both protocol eras:
2025-11-25 (the `initialize` handshake, a stateful session) and 2026-07-28 (stateless,
`server/discover`). Each test proves a server does what the spec says and pins what the SDK's
client does with it (docs/mcp-2026.md): structured values that are not objects (SEP-2106),
elicitation and `input_required` (SEP-2322), progress, and cancellation.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import mcp.types as types
import pytest
from live_support import REPO, start_http, stop
from mcp import (
    Client,
    ClientSession,
    InputRequiredRoundsExceededError,
    StdioServerParameters,
    stdio_client,
)
from mcp.client.context import ClientRequestContext
from mcp.client.streamable_http import streamable_http_client
from mcp.server import MCPServer
from mcp.shared.exceptions import MCPError
from pydantic import RootModel, ValidationError

pytestmark = pytest.mark.e2e  # starts MCP servers (CONTRIBUTING.md, "Tiers")

PYTHON = sys.executable
SERVERS = REPO / "tests" / "servers"
LEGACY, MODERN = "2025-11-25", "2026-07-28"
ERAS = [LEGACY, MODERN]
TRANSPORTS = ["stdio", "http"]


# --- starting the servers ----------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """A server to open: a stdio command, or the URL of one already running over HTTP."""

    script: str
    args: tuple[str, ...] = ()
    url: str | None = None
    env: dict[str, str] | None = None


class HttpServers:
    """The `--http` servers of this module, started on first use, stopped at its end."""

    def __init__(self) -> None:
        self.running: dict[tuple[str, tuple[str, ...]], tuple[subprocess.Popen[str], str]] = {}

    def url(self, script: str, *args: str) -> str:
        key = (script, args)
        if key not in self.running:
            self.running[key] = start_http(script, *args)
        return self.running[key][1]

    def close(self) -> None:
        for process, _ in self.running.values():
            stop(process)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def http() -> Iterator[HttpServers]:
    servers = HttpServers()
    try:
        yield servers
    finally:
        servers.close()


def target(http: HttpServers, transport: str, script: str, *args: str) -> Target:
    if transport == "http":
        return Target(script, args, url=http.url(script, *args))
    return Target(script, args)


@asynccontextmanager
async def opened(where: Target, era: str, **callbacks: Any) -> AsyncIterator[ClientSession]:
    """A `ClientSession` on the server, negotiated in `era`: `initialize()` for 2025-11-25,
    `discover()` (the 2026-07-28 `server/discover`, then the per-request envelope) for 2026."""
    async with AsyncExitStack() as stack:
        if where.url is None:
            params = StdioServerParameters(
                command=PYTHON, args=[str(SERVERS / where.script), *where.args], env=where.env
            )
            read, write = await stack.enter_async_context(stdio_client(params))
        else:
            read, write = await stack.enter_async_context(streamable_http_client(where.url))
        session = await stack.enter_async_context(ClientSession(read, write, **callbacks))
        if era == LEGACY:
            await session.initialize()
        else:
            await session.discover()
        assert session.protocol_version == era
        yield session


class Raw(RootModel[dict[str, Any]]):
    """A result as it came over the wire (the way generator/live.py reads tools/list)."""


def texts(result: types.CallToolResult) -> list[str]:
    return [block.text for block in result.content if isinstance(block, types.TextContent)]


# --- structured values that are not objects (SEP-2106) -----------------------------------------

PRIMES_OUTPUT = {  # MCPServer's schema for `def primes(n: int) -> list[int]`
    "properties": {"result": {"items": {"type": "integer"}, "title": "Result", "type": "array"}},
    "required": ["result"],
    "title": "primesOutput",
    "type": "object",
}


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_2026_carries_an_array_and_a_scalar_as_structured_content(
    http: HttpServers, transport: str
) -> None:
    where = target(http, transport, "structured_server.py")

    async def main() -> None:
        async with opened(where, MODERN) as session:
            listed = {tool.name: tool for tool in (await session.list_tools()).tools}
            assert listed["primes"].output_schema == {"type": "array", "items": {"type": "integer"}}
            assert listed["prime_count"].output_schema == {"type": "integer"}
            primes = await session.call_tool("primes", {"n": 3})
            # The SDK's CallToolResult holds any JSON value (and it checked it against the schema).
            assert primes.structured_content == [2, 3, 5]
            assert texts(primes) == ["[2,3,5]"]
            count = await session.call_tool("prime_count", {"n": 3})
            assert count.structured_content == 3
            params = types.CallToolRequestParams(name="primes", arguments={"n": 2})
            wire = await session.send_request(types.CallToolRequest(params=params), Raw)
            assert wire.root["structuredContent"] == [2, 3]
            assert wire.root["resultType"] == "complete"

    asyncio.run(main())


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_2025_gets_the_result_wrapping_the_sdk_makes(http: HttpServers, transport: str) -> None:
    where = target(http, transport, "structured_server.py")

    async def main() -> None:
        async with opened(where, LEGACY) as session:
            listed = {tool.name: tool for tool in (await session.list_tools()).tools}
            assert listed["primes"].output_schema == PRIMES_OUTPUT
            primes = await session.call_tool("primes", {"n": 3})
            assert primes.structured_content == {"result": [2, 3, 5]}
            assert texts(primes) == ["2", "3", "5"]  # MCPServer: one text block per item
            count = await session.call_tool("prime_count", {"n": 3})
            assert count.structured_content == {"result": 3}

    asyncio.run(main())
    # The wrapping is MCPServer's own, for a tool annotated `-> list[int]`.
    sdk = MCPServer("check")

    @sdk.tool()
    def primes(n: int) -> list[int]:
        return [2, 3, 5][:n]

    (tool,) = asyncio.run(sdk.list_tools())
    assert tool.output_schema == PRIMES_OUTPUT


@pytest.mark.parametrize("era", ERAS)
def test_mcpserver_wraps_in_both_eras(era: str) -> None:
    async def main() -> None:
        async with opened(Target("structured_server.py"), era) as session:
            listed = {tool.name: tool for tool in (await session.list_tools()).tools}
            schema = listed["primes_wrapped"].output_schema
            assert schema == {**PRIMES_OUTPUT, "title": "primes_wrappedOutput"}
            result = await session.call_tool("primes_wrapped", {"n": 2})
            assert result.structured_content == {"result": [2, 3]}

    asyncio.run(main())


def test_a_2025_client_refuses_values_that_are_not_objects() -> None:
    """A server that sends the 2026 shapes on a 2025-11-25 session (as servers on other SDKs
    do once they upgrade): the SDK validates results against the negotiated version, so the
    listing and every call fail with pydantic's ValidationError, before any result is returned
    (a call re-lists the tools to check its output schema, so even a wrapped tool fails)."""

    async def main() -> None:
        where = Target("structured_server.py", ("--no-legacy-wrapping",))
        async with opened(where, LEGACY) as session:
            with pytest.raises(ValidationError, match=r"outputSchema\.type") as listing:
                await session.list_tools()
            assert "Input should be 'object'" in str(listing.value)
            with pytest.raises(ValidationError, match="structuredContent") as call:
                await session.call_tool("primes", {"n": 3})
            assert "Input should be a valid dictionary" in str(call.value)
            with pytest.raises(ValidationError, match=r"outputSchema\.type"):
                await session.call_tool("primes_wrapped", {"n": 3})
        async with opened(where, MODERN) as session:  # the same server, on 2026-07-28: fine
            assert (await session.call_tool("primes", {"n": 1})).structured_content == [2]

    asyncio.run(main())


# --- elicitation: stateful sessions (elicitation/create) ---------------------------------------

FORM = {
    "type": "object",
    "properties": {"confirm": {"type": "boolean", "description": "Go ahead?"}},
    "required": ["confirm"],
}
ANSWERS = [
    (types.ElicitResult(action="accept", content={"confirm": True}), False, "deleted a.txt"),
    (
        types.ElicitResult(action="accept", content={"confirm": False}),
        True,
        "kept a.txt: not confirmed",
    ),
    (types.ElicitResult(action="decline"), True, "kept a.txt: the user declined"),
    (types.ElicitResult(action="cancel"), True, "kept a.txt: the user cancelled"),
]


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_a_stateful_session_asks_with_elicitation_create(http: HttpServers, transport: str) -> None:
    where = target(http, transport, "confirm_server.py")
    asked: list[tuple[ClientRequestContext, types.ElicitRequestParams]] = []
    answers = iter(ANSWERS)

    async def elicit(
        context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ElicitResult | types.ErrorData:
        asked.append((context, params))
        return next(answers)[0]

    async def main() -> None:
        async with opened(where, LEGACY, elicitation_callback=elicit) as session:
            for _, error, text in ANSWERS:
                result = await session.call_tool("delete_file", {"path": "a.txt"})
                assert (result.is_error, texts(result)) == (error, [text])
            declared = await session.call_tool("client_capabilities", {})
            # A callback makes the session declare both modes; there is no way to declare one.
            assert declared.structured_content == {"elicitation": {"form": {}, "url": {}}}

    asyncio.run(main())
    assert len(asked) == 4
    context, params = asked[0]
    assert isinstance(params, types.ElicitRequestFormParams)
    assert (params.mode, params.message, params.requested_schema) == ("form", "Delete a.txt?", FORM)
    # The context names the server's elicitation request, not the tool call it belongs to.
    assert context.meta is None
    assert len({ctx.request_id for ctx, _ in asked}) == 4  # one server request each


def test_a_callback_that_is_not_async_or_refuses_fails_the_call() -> None:
    def sync(
        context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ElicitResult:
        return types.ElicitResult(action="accept", content={"confirm": True})

    async def refuse(
        context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ErrorData:
        return types.ErrorData(code=-1, message="no thanks")

    async def main() -> None:
        # The SDK awaits the callback: a plain function's result cannot be awaited, the client
        # answers elicitation/create with an error and the server's call fails with it.
        async with opened(
            Target("confirm_server.py"), LEGACY, elicitation_callback=sync
        ) as session:
            with pytest.raises(MCPError, match="can't be used in 'await' expression"):
                await session.call_tool("delete_file", {"path": "a.txt"})
        async with opened(Target("confirm_server.py"), LEGACY, elicitation_callback=refuse) as s:
            with pytest.raises(MCPError, match="no thanks"):
                await s.call_tool("delete_file", {"path": "a.txt"})

    asyncio.run(main())


@pytest.mark.parametrize("era", ERAS)
def test_without_a_callback_nothing_is_declared_and_the_server_refuses(era: str) -> None:
    async def main() -> None:
        async with opened(Target("confirm_server.py"), era) as session:
            declared = await session.call_tool("client_capabilities", {})
            assert declared.structured_content == {}
            with pytest.raises(MCPError) as refused:
                await session.call_tool("delete_file", {"path": "a.txt"})
            assert refused.value.error.code == types.MISSING_REQUIRED_CLIENT_CAPABILITY == -32021
            assert refused.value.error.data == {
                "requiredCapabilities": {"elicitation": {"form": {}}}
            }

    asyncio.run(main())


def test_the_read_timeout_runs_while_the_callback_waits_and_the_callback_is_cancelled() -> None:
    ended = anyio.Event()
    how: list[str] = []

    async def elicit(
        context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ElicitResult:
        try:
            await anyio.Event().wait()  # a user who never answers
        except anyio.get_cancelled_exc_class():
            how.append("cancelled")
            ended.set()
            raise
        raise AssertionError("unreachable")

    async def main() -> None:
        async with opened(Target("confirm_server.py"), LEGACY, elicitation_callback=elicit) as s:
            with pytest.raises(MCPError) as timed_out:
                await s.call_tool("delete_file", {"path": "a.txt"}, read_timeout_seconds=0.3)
            assert timed_out.value.error.code == types.REQUEST_TIMEOUT
            # The client's courtesy cancel stops the server's handler, whose abandoned
            # elicitation/create the server cancels in turn: the callback is cancelled.
            with anyio.fail_after(10):
                await ended.wait()

    asyncio.run(main())
    assert how == ["cancelled"]


# --- the stateless protocol: input_required and retries (SEP-2322) -----------------------------


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_input_required_and_the_retry_with_input_responses(
    http: HttpServers, transport: str
) -> None:
    where = target(http, transport, "confirm_server.py")
    calls: list[types.ElicitRequestParams] = []

    async def elicit(
        context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ElicitResult:
        calls.append(params)
        return types.ElicitResult(action="accept", content={"confirm": True})

    async def main() -> None:
        async with opened(where, MODERN, elicitation_callback=elicit) as session:
            with pytest.raises(RuntimeError, match="pass allow_input_required=True"):
                await session.call_tool("delete_file", {"path": "a.txt"})
            first = await session.call_tool(
                "delete_file", {"path": "a.txt"}, allow_input_required=True
            )
            assert isinstance(first, types.InputRequiredResult)
            assert first.input_requests is not None and set(first.input_requests) == {"confirm"}
            question = first.input_requests["confirm"]
            assert isinstance(question, types.ElicitRequest)
            assert isinstance(question.params, types.ElicitRequestFormParams)
            assert (question.params.message, question.params.requested_schema) == (
                "Delete a.txt?",
                FORM,
            )
            state = first.request_state
            assert isinstance(state, str)

            async def retry(answer: Any, request_state: str | None = state) -> Any:
                return await session.call_tool(
                    "delete_file",
                    {"path": "a.txt"},
                    input_responses=None if answer is None else {"confirm": answer},
                    request_state=request_state,
                    allow_input_required=True,
                )

            for answer, error, text in ANSWERS:
                result = await retry(answer)
                assert isinstance(result, types.CallToolResult)
                assert (result.is_error, texts(result)) == (error, [text])
            again = await retry(None)  # no answer: asked again, with a fresh state
            assert isinstance(again, types.InputRequiredResult)
            assert again.input_requests is not None and "confirm" in again.input_requests
            with pytest.raises(MCPError, match="requestState does not belong to this call"):
                await retry(ANSWERS[0][0], state[:-2] + "x}")
            # The state is bound to the call: the same state for another path is refused.
            with pytest.raises(MCPError, match="does not belong"):
                await session.call_tool(
                    "delete_file",
                    {"path": "b.txt"},
                    input_responses={"confirm": ANSWERS[0][0]},
                    request_state=state,
                    allow_input_required=True,
                )
            declared = await session.call_tool("client_capabilities", {})
            assert declared.structured_content == {"elicitation": {"form": {}, "url": {}}}

    asyncio.run(main())
    assert calls == []  # ClientSession never runs the callback for input_required itself


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_the_client_class_drives_the_rounds_through_the_same_callback(
    http: HttpServers, transport: str
) -> None:
    where = target(http, transport, "confirm_server.py")
    asked: list[str] = []

    async def elicit(
        context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ElicitResult:
        asked.append(params.message)
        return types.ElicitResult(action="accept", content={"confirm": True})

    server: Any = where.url or StdioServerParameters(
        command=PYTHON, args=[str(SERVERS / where.script)]
    )

    async def main() -> None:
        async with Client(server, elicitation_callback=elicit, input_required_max_rounds=3) as c:
            assert c.protocol_version == MODERN  # mode="auto": server/discover first
            result = await c.call_tool("delete_file", {"path": "a.txt"})
            assert texts(result) == ["deleted a.txt"]
            assert asked == ["Delete a.txt?"]
            with pytest.raises(InputRequiredRoundsExceededError, match="more than 3 rounds"):
                await c.call_tool("never_satisfied", {})
            assert asked[1:] == ["Still there?"] * 3

    asyncio.run(main())


# --- progress ----------------------------------------------------------------------------------


@pytest.mark.parametrize("era", ERAS)
@pytest.mark.parametrize("transport", TRANSPORTS)
def test_progress_reaches_the_callback_in_order(
    http: HttpServers, transport: str, era: str
) -> None:
    where = target(http, transport, "progress_server.py")
    seen: list[tuple[float, float | None, str | None]] = []

    async def progress(value: float, total: float | None, message: str | None) -> None:
        seen.append((value, total, message))

    async def main() -> None:
        async with opened(where, era) as session:
            result = await session.call_tool(
                "work", {"seconds": 0.2, "every": 0.05}, progress_callback=progress
            )
            assert texts(result) == ["done in 4 steps"]

    asyncio.run(main())
    assert seen == [(float(k), 4.0, f"step {k} of 4") for k in range(1, 5)]


@pytest.mark.parametrize("era", ERAS)
@pytest.mark.parametrize("transport", TRANSPORTS)
def test_progress_does_not_extend_the_read_timeout(
    http: HttpServers, transport: str, era: str
) -> None:
    """Progress every 0.05 s for 0.6 s against a 0.3 s timeout: if progress restarted the
    timer the call would finish; the SDK's timeout is a hard wall."""
    where = target(http, transport, "progress_server.py")
    seen: list[float] = []

    async def progress(value: float, total: float | None, message: str | None) -> None:
        seen.append(value)

    async def main() -> None:
        async with opened(where, era) as session:
            with pytest.raises(MCPError) as timed_out:
                await session.call_tool(
                    "work",
                    {"seconds": 0.6, "every": 0.05},
                    read_timeout_seconds=0.3,
                    progress_callback=progress,
                )
            assert timed_out.value.error.code == types.REQUEST_TIMEOUT
            assert timed_out.value.error.message == "Request 'tools/call' timed out"

    asyncio.run(main())
    assert len(seen) >= 2 and seen == sorted(seen)  # progress kept coming, the clock did not care


# --- cancellation ------------------------------------------------------------------------------


async def records(session: ClientSession, count: int = 0) -> list[dict[str, Any]]:
    result = await session.call_tool("cancellations", {"count": count, "wait": 10})
    assert isinstance(result.structured_content, dict)
    found: list[dict[str, Any]] = result.structured_content["records"]
    return found


@pytest.mark.parametrize("era", ERAS)
@pytest.mark.parametrize("transport", TRANSPORTS)
def test_a_cancelled_call_is_cancelled_on_the_server(
    http: HttpServers, transport: str, era: str
) -> None:
    """An asyncio task cancelled, an anyio scope cancelled, a read timeout: each time the
    server's handler is interrupted. On stdio (both eras) and on 2025-11-25 HTTP the SDK sends
    `notifications/cancelled` (reason "caller cancelled" or "timed out after 0.2s"); on
    2026-07-28 HTTP it closes the call's response stream instead and sends nothing, as that
    transport's spec says."""
    where = target(http, transport, "cancel_server.py")
    notified = not (transport == "http" and era == MODERN)

    async def main() -> None:
        async with opened(where, era) as session:
            before = len(await records(session))  # over HTTP other sessions' records are there
            started = anyio.Event()

            async def on_start(value: float, total: float | None, message: str | None) -> None:
                started.set()

            task = asyncio.create_task(
                session.call_tool("block", {"label": "task"}, progress_callback=on_start)
            )
            await started.wait()
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task

            with anyio.CancelScope() as scope:

                async def cancel_on_start(value: float, total: float | None, m: str | None) -> None:
                    scope.cancel()

                await session.call_tool(
                    "block", {"label": "scope"}, progress_callback=cancel_on_start
                )
            assert scope.cancelled_caught

            with pytest.raises(MCPError) as timed_out:
                await session.call_tool("block", {"label": "timeout"}, read_timeout_seconds=0.2)
            assert timed_out.value.error.code == types.REQUEST_TIMEOUT

            expected = before + (6 if notified else 3)
            await records(session, expected)
            found = (await records(session))[before:]  # and nothing more came meanwhile
        interrupted = {r["label"]: r["requestId"] for r in found if r["event"] == "interrupted"}
        assert set(interrupted) == {"task", "scope", "timeout"}
        notices = {r["requestId"]: r["reason"] for r in found if r["event"] != "interrupted"}
        if notified:
            assert notices == {
                interrupted["task"]: "caller cancelled",
                interrupted["scope"]: "caller cancelled",
                interrupted["timeout"]: "timed out after 0.2s",
            }
        else:
            assert notices == {}
        assert len(found) == len(interrupted) + len(notices)

    asyncio.run(main())


def test_the_cancellation_log_outlives_the_server(tmp_path: Path) -> None:
    log = tmp_path / "cancellations.jsonl"
    where = Target("cancel_server.py", env={"MCP2OPENAI_CANCEL_LOG": str(log)})

    async def main() -> None:
        async with opened(where, LEGACY) as session:
            with pytest.raises(MCPError):
                await session.call_tool("block", {"label": "late"}, read_timeout_seconds=0.2)
            await records(session, 2)

    asyncio.run(main())
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(line["event"] for line in lines) == ["interrupted", "notifications/cancelled"]
    assert {"event": "interrupted", "label": "late", "requestId": lines[0]["requestId"]} in lines
