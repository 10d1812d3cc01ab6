"""Live MCP servers through the official `mcp` SDK: connect, read `tools/list` raw, snapshot.

Everything a server sends is kept as it came over the wire: the SDK is asked for the raw
JSON-RPC `result` dict (`send_request` with a `RootModel[dict]` result type), never a
re-serialized model, so no key is dropped, renamed or reordered. A snapshot is written with
`json.dumps(obj, indent=2, ensure_ascii=False) + "\\n"`: the same server gives the same bytes.

Sessions are opened, and their protocol negotiated, by the runtime's code (templates/runtime/
sessions.py), which `connect()` (connection.py) opens an app's sessions with: one way to be a
client. The client declares what `connect()` declares, elicitation (answered here with a
decline), so that a snapshot lists the tools `connect()` will be given: some servers list
capability-gated tools only to clients that declare them (server-everything's
`trigger-sampling-request` and `get-roots-list`), and a tool `connect()` is not given would be
sent to the model, fail every call, and be reported removed by every check.
`capabilities=True` (scripts/record_servers.py's "full" client) declares sampling and roots
too.

`protocol="auto"` (`mcp2openai fetch`'s default, and the runtime's `connect()`'s) asks
`server/discover` first and speaks the stateless 2026-07-28 protocol with a server that answers
it, the handshake with one that does not (the SDK's own policy for `mcp.Client(mode="auto")`);
`protocol="legacy"` (this module's default, for its callers in tests and scripts) negotiates
with the 2025 `initialize` handshake. The snapshot records the protocol negotiated and, from
a 2026-07-28 `tools/list`, its cache hints `ttlMs` and `cacheScope` (docs/mcp-2026.md, "Cache
hints in a snapshot").
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, Final, Literal, TextIO

import anyio
import httpx2
import mcp.types as types
from mcp import ClientSession
from mcp.client.session import IncomingMessage
from mcp.shared.exceptions import MCPError
from pydantic import RootModel, ValidationError

from . import __version__
from .errors import GeneratorError, located, pointer
from .load import InputError, parse_json, tools_of
from .quoting import one_line, quote, stderr_excerpt
from .runtime import part
from .servers import DEFAULT_TIMEOUT, Http, Stdio, Transport

SNAPSHOT_FORMAT: Final = 1
Protocol = Literal["legacy", "auto"]
CLIENT_NAME: Final = "mcp2openai"
_CONNECTION_CLOSED: Final = types.CONNECTION_CLOSED


class RawResult(RootModel[dict[str, Any]]):
    """A JSON-RPC `result` object exactly as parsed from the wire (key order kept)."""


class FetchError(GeneratorError):
    """A server that could not be read: the message is one line saying what happened."""


# ---------------------------------------------------------------------------------------------
# Connecting: through the runtime's session code, the one `connect()` uses


@asynccontextmanager
async def connect(
    transport: Transport,
    *,
    capabilities: bool = False,
    errlog: TextIO | None = None,
    message_handler: Callable[[IncomingMessage], Awaitable[None]] | None = None,
    client_name: str = CLIENT_NAME,
    client_version: str = __version__,
    http_errors: list[str] | None = None,
    protocol: Protocol = "legacy",
) -> AsyncIterator[ClientSession]:
    """Start (stdio) or reach (HTTP) the server, negotiate (`protocol`), yield the session:
    the runtime's `open_session` (templates/runtime/sessions.py), which `connect()` opens
    an app's sessions with, so both open, negotiate and declare alike: elicitation, which
    this session declines.

    On exit the SDK closes the session; for stdio it closes the server's stdin, then terminates
    and kills its whole process group, so no process is left behind. `capabilities` declares
    sampling and roots too (with handlers that refuse or answer none). A stdio server's stderr goes
    to `errlog` (default: discarded into a temporary file). An HTTP server's error statuses are
    appended to `http_errors` ("HTTP 401 Unauthorized"): the SDK reports them without it.
    """
    errors = http_errors

    async def on_response(response: httpx2.Response) -> None:
        # POSTs carry the requests; a GET stream or a DELETE may be refused harmlessly.
        if errors is not None and response.status_code >= 400 and _posted(response):
            errors.append(f"HTTP {response.status_code} {response.reason_phrase}".strip())

    async with AsyncExitStack() as stack:
        if isinstance(transport, Stdio) and errlog is None:
            errlog = stack.enter_context(_scratch_file())
        session: ClientSession = await part("sessions").open_session(
            stack,
            transport.recipe(),
            errlog,
            protocol=protocol,
            message_handler=message_handler,
            client_info=types.Implementation(name=client_name, version=client_version),
            on_response=on_response,
            capabilities=capabilities,
            elicitation=_decline,
        )
        if protocol == "auto" and http_errors is not None:
            http_errors.clear()  # a legacy server's refusal of server/discover is no failure
        yield session


async def _decline(context: object, params: object) -> types.ElicitResult:
    """A server's question during `fetch`: nobody is there to answer it."""
    return types.ElicitResult(action="decline")


async def negotiate(session: ClientSession) -> None:
    """`server/discover`, then the 2026-07-28 protocol if the server speaks it, else
    `initialize`: the runtime's `negotiate` (templates/runtime/sessions.py)."""
    await part("sessions").negotiate(session)


async def list_tools_raw(
    session: ClientSession, pages: list[dict[str, Any]] | None = None
) -> list[dict[str, Any]]:
    """All tools, as the raw wire dicts, following `nextCursor` until it is absent: the
    runtime's `list_tools` (templates/runtime/sessions.py). Each page's result without its
    `tools` is appended to `pages` when given (its cache hints, `_meta`)."""
    try:
        tools: list[dict[str, Any]] = await part("sessions").list_tools(session, pages)
    except ValidationError:  # the SDK's own check of the result (a ValueError too)
        raise
    except ValueError as error:
        raise FetchError(str(error)) from None
    return tools


def snapshot_document(
    session: ClientSession,
    tools: list[dict[str, Any]],
    source: dict[str, Any] | None = None,
    pages: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The snapshot file's content: format, server name, version and title, protocol, the
    listing's cache hints (from `pages`, see `cache_hints`), the server's instructions, tools.
    Title, cache hints and instructions are written only when the server sent them, so a server
    without them gives the same bytes as before they were kept. A 2026-07-28 server that does
    not identify itself (its `serverInfo` stamp is optional) is written with an empty name and
    version."""
    info = session.server_info
    if session.protocol_version is None or (info is None and session.discover_result is None):
        raise FetchError("the server did not complete initialize")
    server: dict[str, Any] = {"name": "", "version": ""}
    if info is not None:
        server = {"name": info.name, "version": info.version}
        if isinstance(info.title, str) and info.title:
            server["title"] = info.title  # the namespace description starts from these two
    document: dict[str, Any] = {
        "mcp2openai_snapshot": SNAPSHOT_FORMAT,
        "server": server,
        "protocolVersion": session.protocol_version,
    }
    hints = cache_hints(pages or [])
    if hints:
        document["cache"] = hints
    if isinstance(session.instructions, str) and session.instructions:
        document["instructions"] = session.instructions
    if source is not None:
        document["source"] = source
    document["tools"] = tools
    return document


def cache_hints(pages: list[dict[str, Any]]) -> dict[str, Any]:
    """The cache hints of a whole `tools/list` listing, from its pages' results (2026-07-28,
    SEP-2549; docs/mcp-2026.md, "Cache hints in a snapshot"): `ttlMs` the smallest page's,
    since the listing is fresh only while every page is; `cacheScope` "private" when any page
    says so (the spec wants one scope for all pages), else "public". Empty for a listing
    without hints (every earlier protocol: the SDK drops them there)."""
    ttls = [
        page["ttlMs"]
        for page in pages
        if isinstance(page.get("ttlMs"), int) and not isinstance(page.get("ttlMs"), bool)
    ]
    scopes = {page.get("cacheScope") for page in pages} & {"public", "private"}
    hints: dict[str, Any] = {}
    if ttls:
        hints["ttlMs"] = min(ttls)
    if scopes:
        hints["cacheScope"] = "private" if "private" in scopes else "public"
    return hints


def dump(document: Any) -> str:
    """A snapshot's bytes (as text): deterministic for the same content."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------------------------------------
# One fetch, with every failure turned into one line


@dataclass(slots=True)
class StdoutNoise:
    """Non-MCP lines a stdio server wrote on stdout, skipped (blank lines are not counted)."""

    count: int = 0
    first: str | None = None

    def describe(self) -> str:
        lines = "line" if self.count == 1 else "lines"
        return f"skipped {self.count} non-MCP {lines} on stdout (first: {quote(self.first or '')})"


@dataclass(slots=True)
class _State:
    phase: str = "start"
    stray: str | None = None  # the first thing the server sent that was not MCP
    http_errors: list[str] = field(default_factory=list)


async def fetch_snapshot(
    transport: Transport,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    capabilities: bool = False,
    source: dict[str, Any] | None = None,
    client_name: str = CLIENT_NAME,
    client_version: str = __version__,
    noise: StdoutNoise | None = None,
    protocol: Protocol = "legacy",
) -> dict[str, Any]:
    """Connect, negotiate (`protocol`), page through `tools/list`, shut down; the snapshot.

    Raises FetchError (one line) when the server cannot start, exits, times out (`timeout`
    covers the whole exchange), answers with an error, or sends an invalid tool list. Anything
    but MCP on a stdio server's stdout (the transport forbids it) fails at once too, unless
    `noise` is given: then such lines are skipped and counted there, as MCP clients do. The
    server is stopped in every case before this returns.
    """
    state = _State()
    tolerate = noise is not None and isinstance(transport, Stdio)
    with _scratch_file() as errlog:
        try:
            with anyio.move_on_after(timeout) as deadline, anyio.CancelScope() as abort:

                async def on_message(message: IncomingMessage) -> None:
                    if not isinstance(message, Exception):
                        return
                    line = _stray(message)
                    if tolerate and noise is not None:
                        if line.strip():
                            noise.count += 1
                            noise.first = noise.first or line
                    elif state.stray is None:
                        state.stray = line
                        abort.cancel()

                state.phase = "initialize"
                async with connect(
                    transport,
                    capabilities=capabilities,
                    errlog=errlog,
                    message_handler=on_message,
                    client_name=client_name,
                    client_version=client_version,
                    http_errors=state.http_errors,
                    protocol=protocol,
                ) as session:
                    state.phase = "tools/list"
                    pages: list[dict[str, Any]] = []
                    tools = await list_tools_raw(session, pages)
                    document = snapshot_document(session, tools, source, pages)
        except FetchError as error:
            raise FetchError(str(error) + _noted(noise)) from None
        except Exception as error:  # every failure becomes one line
            if state.stray is not None:
                raise FetchError(_not_mcp(transport, state.stray)) from None
            message = _describe(error, transport, state.phase, stderr_excerpt(errlog))
            if state.http_errors:
                message = f"{state.phase}: {state.http_errors[-1]} from {transport.describe()}"
            raise FetchError(message + _noted(noise)) from None
        if abort.cancelled_caught or state.stray is not None:
            raise FetchError(_not_mcp(transport, state.stray or "?"))
        if deadline.cancelled_caught:
            stderr = stderr_excerpt(errlog)
            raise FetchError(
                f"no answer to {state.phase} within {timeout:g}s (timed out)"
                + (f"; stderr: {stderr}" if stderr else "")
                + _noted(noise)
            )
    try:
        return validated(document)
    except FetchError as error:
        raise FetchError(str(error) + _noted(noise)) from None


def _noted(noise: StdoutNoise | None) -> str:
    """What a failure message adds when the server also wrote non-MCP lines on stdout."""
    return f"; {noise.describe()}" if noise is not None and noise.count else ""


def validated(document: dict[str, Any]) -> dict[str, Any]:
    """The document, after checking it is a tool list `mcp2openai build` will accept."""
    try:
        tools_of(document, "tools/list")
        parse_json(dump(document).encode("utf-8"), "tools/list")
    except InputError as error:
        tool = f"tool {error.tool!r}" if error.tool is not None else None
        raise FetchError(located("invalid tool list", tool, error.path, error.reason)) from None
    return document


def _posted(response: httpx2.Response) -> bool:
    try:
        return response.request.method == "POST"
    except RuntimeError:  # no request attached
        return False


def _scratch_file() -> TextIO:
    """A temporary file for a server's stderr (it needs a real file descriptor)."""
    return tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace")


def _describe(error: BaseException, transport: Transport, phase: str, stderr: str) -> str:
    leaf = _leaf(error)
    after = f"; stderr: {stderr}" if stderr else ""
    if isinstance(leaf, FetchError):
        return str(leaf)
    if isinstance(leaf, FileNotFoundError) and isinstance(transport, Stdio):
        if transport.cwd is not None and leaf.filename == transport.cwd:
            return f"cannot start {transport.command!r}: no directory {transport.cwd!r}"
        return f"cannot start {transport.command!r}: command not found"
    if isinstance(leaf, PermissionError) and isinstance(transport, Stdio):
        return f"cannot start {transport.command!r}: permission denied"
    if isinstance(leaf, OSError) and phase == "initialize" and isinstance(transport, Stdio):
        return f"cannot start {transport.command!r}: {leaf.strerror or leaf}"
    if isinstance(leaf, MCPError):
        if leaf.code == _CONNECTION_CLOSED:
            if isinstance(transport, Stdio):
                return f"the server exited (or closed its stdout) before answering {phase}{after}"
            return f"the connection closed before the answer to {phase}"
        return f"{phase} failed: {one_line(leaf.message)} (JSON-RPC error {leaf.code})"
    if isinstance(leaf, ValidationError):
        return f"invalid {phase} result: {_validation(leaf)}"
    if isinstance(leaf, httpx2.ConnectError):
        return f"cannot connect to {transport.describe()}: {one_line(str(leaf))}"
    if isinstance(leaf, httpx2.HTTPStatusError):
        status = leaf.response.status_code
        return f"{phase}: HTTP {status} {leaf.response.reason_phrase} from {transport.describe()}"
    if isinstance(leaf, httpx2.HTTPError):
        return f"{phase}: {type(leaf).__name__}: {one_line(str(leaf))}"
    text = one_line(str(leaf)) or type(leaf).__name__
    return f"{phase} failed: {text}{after}"


def _leaf(error: BaseException) -> BaseException:
    """The first real error inside (nested) exception groups, skipping cancellations."""
    while isinstance(error, BaseExceptionGroup):
        inner = [e for e in error.exceptions if not isinstance(e, anyio.get_cancelled_exc_class())]
        error = (inner or list(error.exceptions))[0]
    return error


def _stray(message: Exception) -> str:
    """The line the transport could not parse as a JSON-RPC message, as near as it can say."""
    if isinstance(message, ValidationError):
        inputs = [item.get("input") for item in message.errors()]
        for value in inputs:
            if isinstance(value, str):
                return value
        for value in inputs:
            if isinstance(value, dict | list):  # JSON, but not JSON-RPC (a JSON log line)
                return json.dumps(value, ensure_ascii=False)
    return one_line(str(message))


def _not_mcp(transport: Transport, stray: str) -> str:
    if isinstance(transport, Http):
        return f"does not speak MCP: sent {quote(stray)}"
    return f"does not speak MCP: wrote {quote(stray)} on stdout"


def _validation(error: ValidationError) -> str:
    item = error.errors()[0]
    where = pointer(tuple(part for part in item["loc"] if isinstance(part, str | int)))
    return f"{where}: {item['msg']}"
