# mypy: disable-error-code="import-not-found"
# (the mcp SDK, its HTTP client and the frameworks: an app type-checks without them)
"""``connect()``: one ``mcp`` session per server of the toolset, for as long as the app
runs. Each server is started from its recipe within its timeout, started again when it
has stopped (stdio) or its session expired (HTTP), and its tools are compared with the
toolset's digests when it opens and whenever it says they changed. An app uses it from
async code (``async with``) or from sync code (``with``: the sessions then live on an
event loop in a thread of their own). SIGTERM stops every server before the process
ends as SIGTERM ends it.
"""

from .clock import positive
from .core import ServerError
from .holding import Server, log, quoted
from .servers import plan
from .sessions import list_tools, reason, require_sdk

TYPE_CHECKING = False
if TYPE_CHECKING:
    import asyncio
    import threading
    from collections.abc import Awaitable, Callable, Coroutine, Iterable, Mapping
    from typing import Any, TextIO

    from .core import Tables

CHECKS = ("warn", "raise", "off")
# A call to a server that has stopped starts it again: at most this many times, after
# these pauses (seconds), before the call gives up with an error output.
BACKOFF = (0.0, 0.5, 2.0)


class Connection:
    """``connect()``'s context manager, ``async with`` or ``with``: one task per server
    holds its transport and session until the exit stops it (``mcp``'s contexts are
    entered and left in that one task, as anyio wants). ``Toolset.connect`` makes one
    (``connect`` is this class): its arguments are checked here, the sessions open on
    entering."""

    def __init__(
        self,
        toolset: "Tables",
        servers: "Iterable[str] | Mapping[str, Mapping[str, object] | None] | None",
        env: "Mapping[str, str] | None",
        stderr: "TextIO | None",
        check: str,
        elicit: "Callable[[str, str, Any], object] | None",
        protocol: str,
        timeout: "float | None",
        auth: "Mapping[str, Any] | None" = None,
    ) -> None:
        if check not in CHECKS:
            raise ValueError(f"check must be 'warn', 'raise' or 'off', not {check!r}")
        if elicit is not None and not callable(elicit):
            raise TypeError(f"elicit must be a callable or None, not {elicit!r}")
        if protocol not in ("legacy", "auto"):
            raise ValueError(f"protocol must be 'legacy' or 'auto', not {protocol!r}")
        self._timeout = positive(timeout, "timeout")
        if auth is not None and not hasattr(auth, "items"):
            raise TypeError(f"auth must map server names to httpx.Auth, not {auth!r}")
        from .questions import Desk

        self._toolset = toolset
        self._chosen = servers
        self._env = env
        self._stderr = stderr
        self._check = check
        self._desk = Desk(elicit)
        self._protocol = protocol
        self.auth = dict(auth or {})  # server -> the httpx.Auth of its HTTP requests
        self.servers: dict[str, Server] = {}
        self._checks: set[asyncio.Task[None]] = set()  # tools/list_changed under way
        self._found: dict[str, list[tuple[str, str, str]]] = {}  # the last check's
        self.entered: asyncio.Task[Any] | None = None  # the task that entered it
        self.closing = False  # no server starts once it is set
        self.opened = False  # the sessions are open and checked: the app uses them
        self._relisting: asyncio.Lock | None = None  # one listing of tools at a time
        self._caller: Caller | None = None
        self._loop: asyncio.AbstractEventLoop | None = None  # ``with``: its own loop
        self._thread: threading.Thread | None = None  # ``with``: the loop's thread

    async def __aenter__(self) -> "Caller":
        require_sdk()
        import asyncio

        from .signals import watch

        if self.entered is not None:
            raise RuntimeError("this connect() is already open: call connect() again")
        planned = plan(self._toolset.SERVERS, self._chosen, self._env, self.auth)
        for name in self.auth:
            if "url" not in planned.get(name, {}):
                what = "not an HTTP server of this connection"
                raise ValueError(f"auth names server {name!r}, {what}")
        self.entered = asyncio.current_task()
        self.closing = self.opened = False
        self._found = {}
        for name, recipe in planned.items():
            self.servers[name] = Server(name, recipe, self._timeout)
        if self._loop is None:  # ``with``: __enter__ watches, in the main thread
            watch(self, sync=False)  # SIGTERM stops these servers from now on
        try:
            await self._start_all()
            if self._check != "off":
                await self._compare()
            self.opened = True
        except BaseException:
            await self.__aexit__(None, None, None)
            raise
        self._caller = Caller(self, self._loop)
        return self._caller

    async def __aexit__(self, *exc_info: object) -> None:
        from .signals import unwatch

        try:
            await self._close()
        finally:
            if self._loop is None:
                unwatch(self)

    def __enter__(self) -> "Caller":
        """The sessions on an event loop in a thread of their own, for sync code."""
        import asyncio
        import threading

        from .signals import unwatch, watch
        from .tasks import run_on, serve

        if self._loop is not None:
            raise RuntimeError("this connect() is already open: call connect() again")
        loop = self._loop = asyncio.new_event_loop()
        name = "mcp2openai connect()"
        self._thread = threading.Thread(target=serve, args=(loop,), name=name)
        self._thread.daemon = True
        self._thread.start()
        watch(self, sync=True)
        try:
            caller: Caller = run_on(loop, self.__aenter__())
        except BaseException:
            self._end_loop()
            unwatch(self)
            raise
        return caller

    def __exit__(self, *exc_info: object) -> None:
        from .signals import unwatch
        from .tasks import run_on

        try:
            assert self._loop is not None
            run_on(self._loop, self.__aexit__(*exc_info), finish=True)
        finally:
            self._end_loop()
            unwatch(self)

    def _end_loop(self) -> None:
        loop, thread = self._loop, self._thread
        self._loop = self._thread = None
        if loop is not None and thread is not None and thread.is_alive():
            loop.call_soon_threadsafe(loop.stop)
            thread.join()  # the thread closes its loop

    async def terminate(self) -> None:
        """Close on SIGTERM when no task of the app holds the connection open."""
        await self.__aexit__(None, None, None)

    async def call(self, name: str, tool: str, arguments: "dict[str, object]") -> "Any":
        """``session.call_tool`` on server ``name`` (see ``Caller``)."""
        server = self.servers[name]
        for again in (False, True):
            session = await self._session(server, again and server.expired)
            try:
                return await self._desk.call(session, name, tool, arguments)
            except Exception as error:
                if not again and _refused(error) and server.expired:
                    continue  # the server refused the call: it never ran there
                if not _closed(error):
                    raise
                if not again and await server.unreached():
                    continue  # nothing answered at its URL: the call never left
                said = await server.stderr()
                log().warning(
                    "server %s stopped during the call to %s%s",
                    name,
                    tool,
                    quoted(said),
                )
                what = f"server {name!r} stopped during the call to {tool!r}"
                raise ServerError(name, what, said) from error
        raise AssertionError("unreachable")  # pragma: no cover

    async def _session(self, server: Server, expired: bool) -> "Any":
        """The server's open session: started again first if it has stopped (or, when
        ``expired``, its HTTP session has), ``BACKOFF`` tries at most."""
        import asyncio

        if not expired and not server.stopped():
            return server.session
        async with server.lock:
            if not server.stopped() and not server.expired:
                return server.session  # started by a call that waited before this one
            said = "" if expired else await server.stderr()
            what = "its session expired" if expired else "it stopped"
            log().warning(
                "server %s: %s%s; starting it again", server.name, what, quoted(said)
            )
            await server.stop()
            failure: ServerError | None = None
            for pause in BACKOFF:
                await asyncio.sleep(pause)
                try:
                    await self._start(server)
                except ServerError as error:
                    failure = error
                    log().warning("%s", error)
                    continue
                if server.session is not None:
                    return server.session
            again = "reached" if "url" in server.recipe else "started"
            message = (
                f"server {server.name!r} stopped and could not be {again} again "
                f"({len(BACKOFF)} tries)"
            )
            said = failure.stderr if failure is not None else ""
            raise ServerError(server.name, message, said) from failure

    async def _start_all(self) -> None:
        """Start every server at once: the first that fails fails ``connect()`` without
        waiting for the others (``_close`` stops them)."""
        import asyncio

        from .tasks import settle

        starts = [self._start(server) for server in self.servers.values()]
        tasks = [asyncio.ensure_future(start) for start in starts]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
        finally:
            await settle(tasks)
        for task in tasks:
            if not task.cancelled() and task.exception() is not None:
                raise task.exception()  # type: ignore[misc]

    async def _start(self, server: "Server") -> None:
        """Start ``server`` (holding.py), unless the connection is closing."""
        if self.closing:
            raise ServerError(server.name, "connect() has closed: nothing starts", "")
        options = {
            "elicitation": self._desk.callback(server.name),
            "protocol": self._protocol,
            "message_handler": self._notified(server),
            "auth": self.auth.get(server.name),
            "errlog": self._stderr,
        }
        await server.start(options, self._headers(server.name))
        if self._check != "off" and _announces_changes(server.session):
            self._track(self._listen(server, server.session))

    async def _close(self) -> None:
        """Stop every server and check, and wait for all, also when cancelled meanwhile."""
        import asyncio

        from .tasks import settle

        self.closing = True
        if self._caller is not None:  # sync code: "not connected", not a stopped loop
            self._caller.loop = None
        checks = list(self._checks)
        stops = [server.stop() for server in self.servers.values()]
        try:
            await settle([asyncio.ensure_future(stop) for stop in stops], cancel=False)
        finally:
            while checks:  # (a restart under way as it closed may have added one)
                await settle(checks)
                checks = list(self._checks)
            self.servers.clear()
            self.entered = None

    async def _compare(self) -> None:
        """Compare what each server lists now with the digests of the toolset's tools."""
        import asyncio

        from .contract import changes, report

        sessions = {name: server.session for name, server in self.servers.items()}
        found = await asyncio.gather(
            *(list_tools(session) for session in sessions.values()),
            return_exceptions=True,
        )
        results: list[tuple[str, str, str]] = []
        for name, result in zip(sessions, found, strict=True):
            if isinstance(result, BaseException):
                if self._check == "raise" or not isinstance(result, Exception):
                    raise result
                log().warning(
                    "server %s: its tools could not be checked: %s",
                    name,
                    reason(result),
                )
            else:
                self._found[name] = changes(self._toolset, name, result)
                results += self._found[name]
        report(results, self._check)

    def _headers(self, name: str) -> "dict[str, list[list[str]]]":
        """The ``x-mcp-header`` maps of server ``name``'s tools, from the module."""
        return {
            entry["tool"]: entry["headers"]
            for entry in self._toolset.table("tools").values()
            if entry["server"] == name and "headers" in entry
        }

    def _notified(self, server: Server) -> "Callable[[Any], Awaitable[None]]":
        """The session's ``message_handler``: ``notifications/tools/list_changed`` lists
        the server's tools again and compares them, in a task of its own (the handler
        runs in the session's receive loop, which the listing needs)."""

        async def handler(message: "Any") -> None:
            method = getattr(getattr(message, "root", message), "method", None)
            if method == "notifications/tools/list_changed":
                self._track(self._relisted(server))

        return handler

    def _track(self, work: "Coroutine[Any, Any, None]") -> None:
        """Run ``work`` (a check) in a task of its own, which ``_close`` stops."""
        import asyncio

        if self.closing:
            work.close()
            return
        task = asyncio.create_task(work)
        self._checks.add(task)
        task.add_done_callback(self._checks.discard)

    async def _listen(self, server: Server, session: "Any") -> None:
        """On the 2026-07-28 protocol a server says its tool list changed only on a
        ``subscriptions/listen`` stream: hold one open while the session lasts (each
        change reaches the session's ``message_handler``, ``_notified``). A stream that
        ends is opened again, with pauses, and the tools listed again (changes are not
        replayed); a server that refuses the first is logged and used as before."""
        import asyncio

        from mcp.client.subscriptions import listen

        opened, pause = False, 1.0
        while server.session is session and not server.stopped() and not self.closing:
            try:
                async with listen(session, tools_list_changed=True) as changes:
                    if opened:
                        self._track(self._relisted(server))
                    opened, pause = True, 1.0
                    async for _ in changes:
                        pass
            # refused, or the stream or the session ended (a restart opens a new one)
            except Exception as error:  # noqa: BLE001
                if not opened:
                    log().info(
                        "server %s: its tool changes are not followed: %s",
                        server.name,
                        reason(error),
                    )
                    return
            await asyncio.sleep(pause)
            pause = min(pause * 2, 60.0)

    async def _relisted(self, server: Server) -> None:
        import asyncio

        from .contract import changes, report

        session = server.session
        if self._check == "off" or session is None:
            log().info("server %s: its tool list changed", server.name)
            return
        if not self.opened:
            return  # connect()'s own check, which follows, lists the tools
        if self._relisting is None:
            self._relisting = asyncio.Lock()
        async with self._relisting:  # the last listing is the one kept
            try:
                found = changes(self._toolset, server.name, await list_tools(session))
            # a check that fails is logged: the app's calls go on
            except Exception as error:  # noqa: BLE001
                if not self.closing and server.session is session:
                    log().warning(
                        "server %s: its tool list changed, and could not be listed "
                        "again: %s",
                        server.name,
                        reason(error),
                    )
                return
            # a server may say so several times in a row: each difference is logged once
            last, self._found[server.name] = self._found.get(server.name), found
        if not found or found == last:
            what = (
                "its differences from the toolset are as already logged"
                if found
                else "the toolset's tools did not"
            )
            log().info("server %s: its tool list changed; %s", server.name, what)
            return
        report(found, "warn")  # a session in use is not closed: it is logged


connect = Connection


class Caller:
    """What ``connect()`` yields: ``call_tool(server, tool, arguments)``, an awaitable
    of the server's ``CallToolResult``, for ``execute_tool_calls``. ``sessions`` maps
    each server to its open session; ``loop`` is the event loop they run on when
    ``connect()`` was entered with ``with`` (``execute_tool_calls_sync`` runs the calls
    there), else None."""

    def __init__(
        self, connection: Connection, loop: "asyncio.AbstractEventLoop | None"
    ) -> None:
        self._connection = connection
        self.loop = loop

    @property
    def sessions(self) -> "dict[str, Any]":
        servers = self._connection.servers
        return {name: server.session for name, server in servers.items()}

    def __call__(
        self, server: str, tool: str, arguments: "dict[str, object]"
    ) -> "Awaitable[Any]":
        if server not in self._connection.servers:
            connected = ", ".join(self._connection.servers) or "none"
            raise LookupError(
                f"server {server!r} is not connected (connected: {connected}); "
                "open it with connect(servers=...)"
            )
        call = self._connection.call(server, tool, arguments)
        if self.loop is None:
            return call
        import asyncio

        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            return call
        if running is self.loop:
            return call
        # ``with connect()``, awaited on another loop: the sessions' loop runs the call
        future = asyncio.run_coroutine_threadsafe(call, self.loop)
        return asyncio.wrap_future(future)


def _announces_changes(session: "Any") -> bool:
    """Whether ``session`` is on the 2026-07-28 protocol (mcp 2.3 or newer) with a
    server that announces tool list changes, which it then sends on a listen stream."""
    capabilities = getattr(session, "server_capabilities", None)
    tools = getattr(capabilities, "tools", None)
    changed = getattr(tools, "list_changed", None)
    version = getattr(session, "protocol_version", None)
    return bool(changed) and isinstance(version, str) and version >= "2026-07-28"


def _refused(error: BaseException) -> bool:
    """Whether ``error`` is a JSON-RPC error a server answers a request with when it does
    not know the request's session: INVALID_REQUEST (the mcp SDK's servers, and its
    client's stand-in for an HTTP 404: 32600, unsigned, in mcp 1.30's client), or -32001
    (the TypeScript SDK's servers)."""
    code = getattr(getattr(error, "error", None), "code", None)
    return code in (-32600, 32600, -32001)


def _closed(error: BaseException) -> bool:
    """Whether ``error`` says the session's transport ended: the mcp SDK's
    CONNECTION_CLOSED, or anyio's closed streams."""
    import anyio

    code = getattr(getattr(error, "error", None), "code", None)
    ended = (anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream)
    return code == -32000 or isinstance(error, ended)
