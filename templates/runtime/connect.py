"""Sessions from the config the module was built from: ``connect()``, one ``mcp``
``ClientSession`` per server, started from its recipe in ``SERVERS``.
"""

from .recipes import plan

TYPE_CHECKING = False
if TYPE_CHECKING:
    import asyncio
    from collections.abc import Awaitable, Callable, Iterable, Mapping
    from typing import Any, Protocol, TextIO

    from . import Toolset
    from .questions import Desk

    class _CallTool(Protocol):
        """What ``connect()`` yields: ``call_tool`` for ``execute_tool_calls``."""

        @property
        def sessions(self) -> "dict[str, Any]": ...

        def __call__(
            self, server: str, tool: str, arguments: "dict[str, object]"
        ) -> "Awaitable[Any]": ...

    class _Connecting(Protocol):
        async def __aenter__(self) -> _CallTool: ...

        async def __aexit__(self, *exc_info: object) -> None: ...


def connect(
    toolset: "Toolset",
    *,
    servers: "Iterable[str] | Mapping[str, dict[str, object] | None] | None" = None,
    env: "Mapping[str, str] | None" = None,
    stderr: "TextIO | None" = None,
    check: str = "warn",
    elicit: "Callable[[str, str, Any], object] | None" = None,
    protocol: str = "legacy",
) -> "_Connecting":
    """Open one ``mcp`` ``ClientSession`` per server, as the build's config says.

    ``async with connect() as call_tool:`` starts every server of the toolset from its
    recipe in ``SERVERS`` (a stdio command, or a Streamable HTTP URL with headers) at
    the same time, initializes the sessions, and yields ``call_tool(server, tool,
    arguments)``, ready for ``execute_tool_calls``; ``call_tool.sessions`` maps each
    server to its session. On exit (also on an error or a cancellation) the sessions
    are closed and every process started is stopped: stdin closed, then its process
    group terminated and killed (the ``mcp`` SDK's shutdown).

    ``${VAR}``, ``${VAR:-default}`` and ``${env:VAR}`` in a recipe are filled from
    ``env`` (default ``os.environ``), as ``mcp2openai fetch`` fills them; ``env`` is
    not the servers' environment: a stdio server gets the ``mcp`` SDK's safe
    variables (``PATH``, ``HOME``, ...) plus its recipe's ``env``, and runs in the
    current directory unless its recipe sets ``cwd``.

    ``servers``: the names of the servers to open (default: all), or a mapping of
    names to recipes (``{"command", "args", "env", "cwd"}`` or ``{"url",
    "headers"}``; None: the module's own), e.g. for a server built from a bare
    snapshot, which has no recipe. Raises ``ImportError`` without the ``mcp``
    package, ``ValueError`` naming the server for a server without a recipe, an
    unknown server or a variable that is not set, and ``ConnectionError`` naming the
    server that could not be started or initialized (the others are stopped first).

    ``stderr``: where stdio servers' stderr goes. By default each line is a record of
    the ``mcp2openai`` logger (level INFO, the server named), and nothing reaches the
    app's own stderr; a file with a file descriptor (``sys.stderr``, an open log file)
    gets the stream itself. When a server fails to start, or closes the connection
    during a call, the error quotes the telling end of its stderr (by default).

    ``check`` compares each server's tools, once its session is open (one more
    ``tools/list``), with what the toolset was built from, and grades what changed as
    ``mcp2openai fetch --check`` does: ``"warn"`` (the default) logs one warning per
    changed server with the counts and its first breaking change, ``"raise"`` raises
    ``ContractError`` listing every breaking change (the servers are stopped first),
    ``"off"`` skips it. The definitions the toolset sends stay the compiled ones, whatever
    the server lists now.

    ``elicit(server, tool, request)`` answers the questions a server asks the user
    during a call (MCP elicitation): ``request`` is the ``mcp`` SDK's
    ``ElicitRequestFormParams`` (``message``, ``requested_schema``) or
    ``ElicitRequestURLParams`` (``message``, ``url``); it returns (or an awaitable
    returns) ``{"action": "accept", "content": {...}}``, ``{"action": "decline"}``,
    ``{"action": "cancel"}`` or an ``ElicitResult``. It serves the ``elicitation/create``
    request of a stateful session and the ``input_required`` results of the stateless
    protocol (at most 10 rounds a call, the server's state echoed back). Without it, a
    call whose server asks is answered with one ``Error:`` line saying the tool needs
    input from the user, and what it asked. Every session declares form and URL
    elicitation either way (the ``mcp`` SDK declares both).

    ``protocol``: ``"legacy"`` (the default) opens every session with the 2025
    ``initialize`` handshake; ``"auto"`` asks ``server/discover`` first and speaks the
    stateless 2026-07-28 protocol with a server that does, as ``mcp2openai fetch
    --protocol auto`` does: open the sessions as the snapshots were fetched.
    """
    from .contract import CHECKS

    if check not in CHECKS:
        raise ValueError(f"check must be 'warn', 'raise' or 'off', not {check!r}")
    if elicit is not None and not callable(elicit):
        raise TypeError(f"elicit must be a callable or None, not {elicit!r}")
    if protocol not in ("legacy", "auto"):
        raise ValueError(f"protocol must be 'legacy' or 'auto', not {protocol!r}")
    return _Connection(toolset, servers, env, stderr, check, elicit, protocol)


class _Caller:
    """``call_tool(server, tool, arguments)`` over the open sessions."""

    __slots__ = ("_desk", "_logs", "sessions")

    def __init__(
        self, sessions: "dict[str, Any]", logs: "dict[str, _Stderr]", desk: "Desk"
    ) -> None:
        self.sessions = sessions
        self._logs = logs
        self._desk = desk

    def __call__(
        self, server: str, tool: str, arguments: "dict[str, object]"
    ) -> "Awaitable[Any]":
        session = self.sessions.get(server)
        if session is None:
            connected = ", ".join(self.sessions) or "none"
            raise LookupError(
                f"server {server!r} is not connected (connected: {connected}); "
                "open it with connect(servers=...)"
            )
        call = self._desk.call(session, server, tool, arguments)
        return self._result(server, tool, call)

    async def _result(self, server: str, tool: str, call: "Awaitable[Any]") -> "Any":
        try:
            return await call
        except Exception as error:
            log = self._logs.get(server)
            # The mcp SDK's CONNECTION_CLOSED: the server's process ended (or its stdout)
            if (
                log is None
                or getattr(getattr(error, "error", None), "code", 0) != -32000
            ):
                raise
            said = await log.excerpt()
            raise ConnectionError(
                f"server {server!r} closed the connection during the call to {tool!r}"
                + (f"; stderr: {said}" if said else "")
            ) from error


class _Stderr:
    """A stdio server's stderr: a pipe it writes to, read by a thread that hands each line
    to the ``mcp2openai`` logger and keeps the last ones for errors."""

    def __init__(self, server: str) -> None:
        import collections
        import os
        import threading

        read_end, write_end = os.pipe()
        self.file = os.fdopen(write_end, "w")  # the server's stderr (the SDK's errlog)
        self.lines: collections.deque[str] = collections.deque(maxlen=50)
        self.done = threading.Event()
        reader = os.fdopen(read_end, encoding="utf-8", errors="replace")
        name = f"mcp2openai stderr of {server}"
        thread = threading.Thread(target=self._pump, args=(server, reader), name=name)
        thread.daemon = True
        thread.start()

    def _pump(self, server: str, reader: "TextIO") -> None:
        import logging

        log = logging.getLogger("mcp2openai")
        try:
            with reader:
                for line in reader:
                    text = line.rstrip("\r\n")
                    self.lines.append(text)
                    log.info("server %s: %s", server, text)
        finally:
            self.done.set()

    async def excerpt(self, wait: float = 2.0) -> str:
        """The telling end of what the server wrote, once it has closed its stderr (or
        after ``wait`` seconds)."""
        import asyncio

        await asyncio.to_thread(self.done.wait, wait)
        return excerpt(list(self.lines))


def excerpt(lines: "list[str]") -> str:
    """The informative end of a server's stderr, quoted: the last lines (up to three, in
    order) that mention an error, or else its last line. A crash often ends with noise
    (``}``, ``Node.js v20.11.1``) a few lines below its cause. ``mcp2openai fetch`` quotes
    stderr the same way (generator/quoting.py)."""
    import json
    import re

    said = [" ".join(line.split()) for line in lines if line.strip()]
    errorish = re.compile(
        r"error|fatal|exception|panic|denied|refused|not found|no such|cannot|can't"
        r"|could not|unable to|failed|failure|invalid|missing",
        re.IGNORECASE,
    )
    frame = re.compile(r"at |File \"|\^|~+$")
    telling = [line for line in said if errorish.search(line) and not frame.match(line)]
    chosen = list(dict.fromkeys(reversed(telling)))[:3][::-1] or said[-1:]
    quoted = [line[:160] + ("..." if len(line) > 160 else "") for line in chosen]
    return ", ".join(json.dumps(line, ensure_ascii=False) for line in quoted)


class _Connection:
    """``connect()``'s async context manager: one holder task per server keeps its
    transport and session open until the exit cancels it (``mcp``'s contexts are
    entered and left in that one task, as anyio wants)."""

    __slots__ = (
        "_check",
        "_desk",
        "_env",
        "_errors",
        "_logs",
        "_protocol",
        "_scopes",
        "_servers",
        "_sessions",
        "_stderr",
        "_tasks",
        "_toolset",
    )

    def __init__(
        self,
        toolset: "Toolset",
        servers: object,
        env: "Mapping[str, str] | None",
        stderr: "TextIO | None",
        check: str = "warn",
        elicit: "Callable[[str, str, Any], object] | None" = None,
        protocol: str = "legacy",
    ) -> None:
        from .questions import Desk

        self._check = check
        self._desk = Desk(elicit)
        self._protocol = protocol
        self._toolset = toolset
        self._servers = servers
        self._env = env
        self._stderr = stderr
        self._logs: dict[str, _Stderr] = {}  # stdio servers' stderr, when it is logged
        self._sessions: dict[str, Any] = {}
        self._errors: dict[str, BaseException] = {}
        self._scopes: dict[str, Any] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}

    async def __aenter__(self) -> "_Caller":
        try:
            import mcp  # noqa: F401
        except ImportError as exc:
            raise ImportError(
                "connect() needs the mcp package (the official MCP SDK): "
                "pip install mcp"
            ) from exc
        import asyncio

        if self._tasks:
            raise RuntimeError("this connect() is already open: call connect() again")
        planned = plan(self._toolset.table("servers"), self._servers, self._env)
        ready = {name: asyncio.Event() for name, _ in planned}
        for name, recipe in planned:
            holder = self._hold(name, recipe, ready[name])
            self._tasks[name] = asyncio.create_task(holder)
        try:
            for event in ready.values():
                await event.wait()
        except BaseException:
            await self._close()
            raise
        if self._errors:
            await self._close()
            name, error = next(iter(self._errors.items()))
            log = self._logs.get(name)
            said = await log.excerpt() if log is not None else ""
            raise ConnectionError(
                f"connect(): server {name!r} could not be started: {_reason(error)}"
                + (f"; stderr: {said}" if said else "")
            ) from error
        sessions = {name: self._sessions[name] for name, _ in planned}
        if self._check != "off":
            try:
                await self._compare(sessions)
            except BaseException:
                await self._close()
                raise
        return _Caller(sessions, self._logs, self._desk)

    async def _compare(self, sessions: "dict[str, Any]") -> None:
        """Grade what each server lists now against the toolset's contract."""
        import asyncio
        import logging

        from .contract import changes, report

        found = await asyncio.gather(
            *(changes(self._toolset, name, s) for name, s in sessions.items()),
            return_exceptions=True,
        )
        results: dict[str, list[Any]] = {}
        for name, result in zip(sessions, found, strict=True):
            if isinstance(result, BaseException):
                if self._check == "raise" or not isinstance(result, Exception):
                    raise result
                logging.getLogger("mcp2openai").warning(
                    "server %s: its tools could not be checked: %s",
                    name,
                    _reason(result),
                )
            else:
                results[name] = result
        report(results, self._check)

    async def __aexit__(self, *exc_info: object) -> None:
        await self._close()

    async def _hold(
        self, name: str, recipe: "dict[str, Any]", ready: "asyncio.Event"
    ) -> None:
        import contextlib

        import anyio
        from mcp import ClientSession

        errlog = self._stderr
        if errlog is None and "command" in recipe:
            log = self._logs[name] = _Stderr(name)
            errlog = log.file
        try:
            with anyio.CancelScope() as scope:
                self._scopes[name] = scope
                async with contextlib.AsyncExitStack() as stack:
                    read, write = await _transport(stack, recipe, errlog)
                    if name in self._logs:  # the server has its own copy (and ends it)
                        self._logs[name].file.close()
                    callback: Any = self._desk.callback(name)
                    session = ClientSession(read, write, elicitation_callback=callback)
                    await stack.enter_async_context(session)
                    if self._protocol == "auto":
                        await _negotiate(session)
                    else:
                        await session.initialize()
                    self._sessions[name] = session
                    ready.set()
                    await anyio.sleep_forever()
        except Exception as exc:
            if ready.is_set():  # the connection ended while the app used it
                import logging

                logging.getLogger("mcp2openai").warning(
                    "the connection to server %s ended: %s", name, _reason(exc)
                )
            else:
                self._errors[name] = exc
        finally:
            if name in self._logs:
                self._logs[name].file.close()  # also when the server never started
            self._sessions.pop(name, None)
            ready.set()

    async def _close(self) -> None:
        """Stop every holder (through its anyio scope, so the ``mcp`` SDK's shielded
        shutdown runs) and wait for all, also when cancelled meanwhile."""
        from .tasks import settle

        for name, task in self._tasks.items():
            scope = self._scopes.get(name)
            if scope is not None:
                scope.cancel()
            else:  # not started yet: nothing of it to shut down
                task.cancel()
        try:
            await settle(self._tasks.values(), cancel=False)
        finally:
            self._tasks.clear()
            self._scopes.clear()
            self._sessions.clear()


async def _negotiate(session: "Any") -> None:
    """``server/discover`` (the stateless 2026-07-28 protocol), and the ``initialize``
    handshake when the server refuses it or speaks no version this client does: the
    ``mcp`` SDK's ``mode="auto"`` policy, with its public API only."""
    from mcp.shared.exceptions import MCPError

    try:
        await session.discover()
    except (MCPError, RuntimeError):
        await session.initialize()


async def _transport(
    stack: "Any", recipe: "dict[str, Any]", errlog: "TextIO | None"
) -> "tuple[Any, Any]":
    """The (read, write) streams of the server ``recipe`` describes, entered on
    ``stack``."""
    if "url" in recipe:
        from mcp.client.streamable_http import streamable_http_client

        client = None
        if recipe.get("headers"):
            import httpx2  # the mcp SDK's HTTP client

            # The timeouts the SDK gives its own client: 30 s, and 300 s to read a
            # stream a server holds open.
            timeout = httpx2.Timeout(30.0, read=300.0)
            client = httpx2.AsyncClient(headers=recipe["headers"], timeout=timeout)
            await stack.enter_async_context(client)
        streams = await stack.enter_async_context(
            streamable_http_client(recipe["url"], http_client=client)
        )
    else:
        from mcp import StdioServerParameters, stdio_client

        params = StdioServerParameters(
            command=recipe["command"],
            args=recipe.get("args", []),
            env=recipe.get("env") or None,
            cwd=recipe.get("cwd"),
        )
        import sys

        errlog = sys.stderr if errlog is None else errlog
        streams = await stack.enter_async_context(stdio_client(params, errlog=errlog))
    return streams[0], streams[1]


def _reason(error: BaseException) -> str:
    # The innermost error of an exception group (anyio's task groups wrap them).
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
