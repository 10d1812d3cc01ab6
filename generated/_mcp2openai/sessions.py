"""Sessions with the servers: ``connect()``, one ``mcp`` ``ClientSession`` per server,
started from its recipe in ``SERVERS``; and ``open_session``, the one way a session is
opened and its protocol negotiated, which ``mcp2openai fetch`` uses too (generator/live.py).
"""

from .reading import is_mapping

TYPE_CHECKING = False
if TYPE_CHECKING:
    import asyncio
    from collections.abc import Awaitable, Callable, Iterable, Mapping
    from typing import Any, Protocol, TextIO

    from .core import Tables
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


CHECKS = ("warn", "raise", "off")


def connect(
    toolset: "Tables",
    servers: "Iterable[str] | Mapping[str, Mapping[str, object] | None] | None",
    env: "Mapping[str, str] | None",
    stderr: "TextIO | None",
    check: str,
    elicit: "Callable[[str, str, Any], object] | None",
    protocol: str,
) -> "_Connecting":
    """``Toolset.connect``: its arguments checked; the sessions open on entering."""
    if check not in CHECKS:
        raise ValueError(f"check must be 'warn', 'raise' or 'off', not {check!r}")
    if elicit is not None and not callable(elicit):
        raise TypeError(f"elicit must be a callable or None, not {elicit!r}")
    if protocol not in ("legacy", "auto"):
        raise ValueError(f"protocol must be 'legacy' or 'auto', not {protocol!r}")
    return _Connection(toolset, servers, env, stderr, check, elicit, protocol)


class _Caller:
    """``call_tool(server, tool, arguments)`` over the open sessions."""

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

    def __init__(
        self,
        toolset: "Tables",
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
        planned = plan(self._toolset.SERVERS, self._servers, self._env)
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
                f"connect(): server {name!r} could not be started: {reason(error)}"
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
        """Compare what each server lists now with the digests of the toolset's tools."""
        import asyncio
        import logging

        from .contract import changes, report

        found = await asyncio.gather(
            *(list_tools(session) for session in sessions.values()),
            return_exceptions=True,
        )
        results: list[tuple[str, str, str]] = []
        for name, result in zip(sessions, found, strict=True):
            if isinstance(result, BaseException):
                if self._check == "raise" or not isinstance(result, Exception):
                    raise result
                logging.getLogger("mcp2openai").warning(
                    "server %s: its tools could not be checked: %s",
                    name,
                    reason(result),
                )
            else:
                results += changes(self._toolset, name, result)
        report(results, self._check)

    async def __aexit__(self, *exc_info: object) -> None:
        await self._close()

    async def _hold(
        self, name: str, recipe: "dict[str, Any]", ready: "asyncio.Event"
    ) -> None:
        import contextlib

        import anyio

        errlog = self._stderr
        if errlog is None and "command" in recipe:
            log = self._logs[name] = _Stderr(name)
            errlog = log.file
        try:
            with anyio.CancelScope() as scope:
                self._scopes[name] = scope
                async with contextlib.AsyncExitStack() as stack:
                    session = await open_session(
                        stack,
                        recipe,
                        errlog,
                        elicitation=self._desk.callback(name),
                        protocol=self._protocol,
                        started=self._started(name),
                    )
                    self._sessions[name] = session
                    ready.set()
                    await anyio.sleep_forever()
        # logged, or raised by __aenter__ (self._errors)
        except Exception as exc:  # noqa: BLE001
            if ready.is_set():  # the connection ended while the app used it
                import logging

                logging.getLogger("mcp2openai").warning(
                    "the connection to server %s ended: %s", name, reason(exc)
                )
            else:
                self._errors[name] = exc
        finally:
            if name in self._logs:
                self._logs[name].file.close()  # also when the server never started
            self._sessions.pop(name, None)
            ready.set()

    def _started(self, name: str) -> "Callable[[], None]":
        def started() -> None:
            # The server has its own copy of its stderr's pipe (and ends it).
            if name in self._logs:
                self._logs[name].file.close()

        return started

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


async def open_session(
    stack: "Any",
    recipe: "Mapping[str, Any]",
    errlog: "TextIO | None",
    *,
    elicitation: "Any" = None,
    protocol: str = "legacy",
    message_handler: "Any" = None,
    client_info: "Any" = None,
    on_response: "Callable[[Any], Awaitable[None]] | None" = None,
    started: "Callable[[], None] | None" = None,
    capabilities: bool = False,
) -> "Any":
    """Start (stdio) or reach (Streamable HTTP) the server ``recipe`` describes (its
    variables filled in), enter its ``ClientSession`` on ``stack`` and negotiate
    (``protocol``): the one way ``connect()`` and ``mcp2openai fetch`` open a session.

    ``capabilities`` (``fetch``) declares sampling, elicitation and roots, with handlers
    that refuse or answer none: some servers list capability-gated tools only to clients
    that declare them. ``connect()`` declares elicitation only, answered by
    ``elicitation``: a session that declared roots and had none would, for example,
    leave the filesystem server no directory. A stdio server's stderr goes to ``errlog``
    (default: ``sys.stderr``), and ``started()`` is called once its process runs. On exit
    the SDK closes the session; for stdio it closes the server's stdin, then terminates
    and kills its process group. ``on_response`` sees every HTTP response (``fetch``
    reports error statuses with it)."""
    from mcp import ClientSession, types

    if "url" in recipe:
        import httpx2  # the mcp SDK's HTTP client
        from mcp.client.streamable_http import streamable_http_client

        # The timeouts the SDK gives its own client: 30 s, and 300 s to read a stream a
        # server holds open.
        client = httpx2.AsyncClient(
            headers=dict(recipe.get("headers") or {}),
            timeout=httpx2.Timeout(30.0, read=300.0),
            event_hooks={"response": [on_response]} if on_response else None,
        )
        await stack.enter_async_context(client)
        streams = await stack.enter_async_context(
            streamable_http_client(recipe["url"], http_client=client)
        )
    else:
        import sys

        from mcp import StdioServerParameters, stdio_client

        params = StdioServerParameters(
            command=recipe["command"],
            args=list(recipe.get("args") or ()),
            env=dict(recipe.get("env") or {}) or None,
            cwd=recipe.get("cwd"),
        )
        errlog = sys.stderr if errlog is None else errlog
        streams = await stack.enter_async_context(stdio_client(params, errlog=errlog))
    if started is not None:
        started()

    async def refuse_sampling(context: "Any", params: "Any") -> "Any":
        return types.ErrorData(
            code=types.INVALID_REQUEST, message="sampling refused by mcp2openai"
        )

    async def decline(context: "Any", params: "Any") -> "Any":
        return types.ElicitResult(action="decline")

    async def no_roots(context: "Any") -> "Any":
        return types.ListRootsResult(roots=[])

    callbacks: dict[str, Any] = {}
    if capabilities:
        callbacks = {
            "sampling_callback": refuse_sampling,
            "elicitation_callback": decline,
            "list_roots_callback": no_roots,
        }
    if elicitation is not None:
        callbacks["elicitation_callback"] = elicitation
    session = ClientSession(
        streams[0],
        streams[1],
        client_info=client_info,
        message_handler=message_handler,
        **callbacks,
    )
    await stack.enter_async_context(session)
    if protocol == "auto":
        await negotiate(session)
    else:
        await session.initialize()
    return session


async def negotiate(session: "Any") -> None:
    """``server/discover``, then the stateless 2026-07-28 protocol if the server speaks
    it, else the ``initialize`` handshake. The SDK's own ``mode="auto"`` policy, which
    ``mcp.Client`` runs (mcp/client/_probe.py in mcp 2.3.0: every JSON-RPC error falls
    back to the handshake but -32022 naming only versions this client cannot speak),
    where the SDK has it; else the same with its public API, the handshake after any
    refusal of ``server/discover``."""
    try:
        from mcp.client._probe import negotiate_auto
    except ImportError:  # a private module of the SDK: not in every version
        from mcp.shared.exceptions import MCPError

        try:
            await session.discover()
        except (MCPError, RuntimeError):
            await session.initialize()
    else:
        await negotiate_auto(session)


async def list_tools(
    session: "Any", pages: "list[dict[str, Any]] | None" = None
) -> "list[dict[str, Any]]":
    """Every tool the server lists, as the raw wire dicts, following ``nextCursor`` until
    it is absent: the SDK is asked for the JSON-RPC result as a dict, so no key is dropped,
    renamed or reordered. Each page's result without its ``tools`` is appended to
    ``pages`` when given (its cache hints, ``_meta``). ``ValueError`` for a result that is
    not a tool list, or a cursor that repeats."""
    from typing import Any

    from mcp import types
    from pydantic import TypeAdapter

    raw = TypeAdapter(dict[str, Any])  # the result exactly as parsed from the wire
    tools: list[dict[str, Any]] = []
    cursor: str | None = None
    seen: set[str] = set()
    while True:
        params = None if cursor is None else types.PaginatedRequestParams(cursor=cursor)
        request = types.ListToolsRequest(params=params)
        result = await session.send_request(request, raw)
        page = result.get("tools")
        if not isinstance(page, list):
            # a server's answer, not an argument of a wrong type (as below)
            message = "invalid tools/list result: tools is not a list"
            raise ValueError(message)  # noqa: TRY004
        tools.extend(page)
        if pages is not None:
            pages.append(
                {key: value for key, value in result.items() if key != "tools"}
            )
        cursor = result.get("nextCursor")
        if cursor is None:
            return tools
        if not isinstance(cursor, str):
            message = "invalid tools/list result: nextCursor is not a string"
            raise ValueError(message)  # noqa: TRY004
        if cursor in seen:
            raise ValueError(f"invalid tools/list result: cursor {cursor!r} repeats")
        seen.add(cursor)


def reason(error: BaseException) -> str:
    """The innermost error of an exception group (anyio's task groups wrap them)."""
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


# The servers connect() opens: the recipes of SERVERS (or the app's), checked, with their
# ${...} variables filled in.


class ExpansionError(ValueError):
    """A ``${...}`` of a recipe that cannot be filled: ``key`` says where (for example
    ``headers.Authorization``), ``reason`` what is wrong."""

    def __init__(self, key: str, reason: str, where: str = "") -> None:
        super().__init__(f"{where}{key}: {reason}")
        self.key = key
        self.reason = reason


def plan(
    known: "Mapping[str, Mapping[str, object] | None]",
    servers: object,
    env: "Mapping[str, str] | None",
) -> "list[tuple[str, dict[str, Any]]]":
    """(server, recipe with its variables filled in) for each server to open, from the
    toolset's recipes ``known``."""
    chosen: list[tuple[str, object]]
    if servers is None:
        chosen = list(known.items())
    elif isinstance(servers, str):
        raise TypeError(
            "servers must be a list of server names or a dict of recipes, not a str"
        )
    elif isinstance(servers, dict) or is_mapping(servers):
        chosen = [(str(name), servers[name]) for name in servers]
        chosen = [(name, known.get(name) if r is None else r) for name, r in chosen]
    else:
        chosen = [(name, known.get(name)) for name in servers]  # type: ignore[attr-defined]
    if env is None:
        import os

        env = os.environ
    plan: list[tuple[str, dict[str, Any]]] = []
    for name, recipe in chosen:
        if name not in known:
            import difflib

            close = difflib.get_close_matches(str(name), list(known), n=3, cutoff=0.5)
            hint = f"; closest: {', '.join(close)}" if close else ""
            listed = ", ".join(map(str, known)) or "none"
            raise ValueError(
                f"no server {name!r} in this toolset{hint} (servers: {listed})"
            )
        if recipe is None:
            raise ValueError(
                f"server {name!r} has no recipe: it was built from a bare snapshot "
                "(mcp2openai build --server NAME=SNAPSHOT); give one, e.g. "
                f'connect(servers={{{name!r}: {{"command": ..., "args": [...]}}}})'
            )
        plan.append((name, expanded(name, recipe, env)))
    return plan


def expanded(server: str, recipe: object, env: "Mapping[str, str]") -> "dict[str, Any]":
    """The recipe checked, with every ``${...}`` filled in from ``env``."""
    where = f"server {server!r}: "
    if not (isinstance(recipe, dict) or is_mapping(recipe)):
        raise ValueError(where + f"a recipe is a dict, not {type(recipe).__name__}")
    done: dict[str, Any] = {}
    keys: tuple[str, ...]
    if "url" in recipe and "command" in recipe:
        raise ValueError(where + 'give "command" (stdio) or "url" (HTTP), not both')
    if "url" in recipe:
        keys = ("url", "headers")
    elif "command" in recipe:
        keys = ("command", "args", "env", "cwd")
    else:
        raise ValueError(where + 'a recipe needs "command" (stdio) or "url" (HTTP)')
    for key, value in recipe.items():
        if key not in keys or type(key) is not str:
            raise ValueError(where + f"{key!r} does not go in this recipe")
        if key in ("url", "command", "cwd"):
            if not isinstance(value, str):
                raise ValueError(where + f"{key} must be a string")
            done[key] = expand_text(value, key, env, where)
        elif key == "args":
            if not (
                isinstance(value, (list, tuple))
                and all(isinstance(a, str) for a in value)
            ):
                raise ValueError(where + "args must be a list of strings")
            done[key] = [
                expand_text(arg, f"args[{i}]", env, where)
                for i, arg in enumerate(value)
            ]
        else:
            if not (
                (isinstance(value, dict) or is_mapping(value))
                and all(isinstance(v, str) for v in value.values())
            ):
                raise ValueError(where + f"{key} must be a table of strings")
            done[key] = {
                str(k): expand_text(str(v), f"{key}.{k}", env, where)
                for k, v in value.items()
            }
    return done


def expand_text(text: str, key: str, env: "Mapping[str, str]", where: str = "") -> str:
    """``text`` with every ``${VAR}``, ``${VAR:-default}`` and ``${env:VAR}`` filled in
    from ``env``, for the recipe key ``key`` (``where`` starts the error's message). A
    default stands for a variable that is unset or empty; ``${VAR}`` of an empty one is
    empty. ``mcp2openai fetch`` fills the config's recipes with this same function
    (generator/servers.py)."""
    if "${" not in text:
        return text
    import re

    def fill(match: "re.Match[str]") -> str:
        spec = re.fullmatch(
            r"(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?", match[1], re.DOTALL
        )
        if spec is None:
            raise ExpansionError(
                key,
                f"cannot expand {match[0]}: only ${{VAR}}, ${{VAR:-default}} and "
                "${env:VAR} are supported",
                where,
            )
        value = env.get(spec[1])
        if value is None or (value == "" and spec[2] is not None):
            if spec[2] is not None:
                return spec[2]
            reason = f"environment variable {spec[1]} is not set"
            raise ExpansionError(key, reason, where)
        return value

    return re.sub(r"\$\{([^}]*)\}", fill, text)
