# mypy: disable-error-code="import-not-found"
# (the mcp SDK, its HTTP client and the frameworks: an app type-checks without them)
"""One server of a ``connect()`` (connection.py): its recipe and what is known of it,
and the task that holds its session open: started within its timeout, watched until the
server stops, stopped (through the ``mcp`` SDK's own shutdown).
"""

from .core import ServerError
from .sessions import open_session, preload, reason

TYPE_CHECKING = False
if TYPE_CHECKING:
    import asyncio
    from typing import Any

    from .stderr import ServerLog


class Server:
    """One server of a connection: its recipe, and its session while it is open."""

    def __init__(self, name: str, recipe: "dict[str, Any]", timeout: "float | None"):
        import asyncio

        self.name = name
        self.recipe = recipe
        self.timeout: float | None = recipe.get("timeout", timeout)
        self.session: Any = None
        self.reader: Any = None  # the transport's read stream, closed once it has ended
        self.log: ServerLog | None = None  # its stderr, when it is a stdio server's
        self.waiting = "start"  # what its start waits for: "start", "answer initialize"
        self.error: Exception | None = None  # why it could not be started
        self.expired = False  # HTTP: the server answered 404 to its session id
        self.ended: Exception | None = None  # why its open session ended, if it did
        self.denied = ""  # HTTP: the server refused the credentials (401 or 403)
        self.task: asyncio.Task[None] | None = None  # the task that holds its session
        self.scope: Any = None  # that task's anyio cancel scope
        self.lock = asyncio.Lock()  # one start at a time

    def stopped(self) -> bool:
        """Whether its session has ended: a stdio server's process has exited."""
        statistics = getattr(self.reader, "statistics", None)
        return self.session is None or (
            statistics is not None and statistics().open_send_streams == 0
        )

    async def stderr(self) -> str:
        return await self.log.excerpt() if self.log is not None else ""

    async def responded(self, response: "Any") -> None:
        """Every HTTP response: a 404 to a request with a session id says the server no
        longer knows the session (it expired, or the server restarted)."""
        status = response.status_code
        if status == 404 and "mcp-session-id" in response.request.headers:
            self.expired = True
        if response.is_success:  # a 401 answered (an OAuth flow's first) is forgotten
            self.denied = ""
        elif status in (401, 403):
            self.denied = f"HTTP {status} {response.reason_phrase}".strip()

    async def start(
        self, options: "dict[str, Any]", headers: "dict[str, list[list[str]]]"
    ) -> None:
        """Start the server and wait until its session is open, for at most its timeout;
        else ``ServerError`` naming what it waited for, with its stderr's end.
        ``options``: ``open_session``'s (``errlog`` None: a stdio server's stderr goes to
        the log); ``headers``: its tools' ``x-mcp-header`` maps."""
        import asyncio

        ready = asyncio.Event()
        self.error = self.ended = None
        self.expired = False
        self.denied = ""
        self.waiting = "start"
        self.task = asyncio.create_task(self._hold(ready, options, headers))
        try:
            async with asyncio.timeout(self.timeout):
                await ready.wait()
            error = self.error
            if error is None:
                return
        except TimeoutError:
            error = None
        await self.stop()  # the mcp SDK's shutdown: stdin closed, 2 s, SIGTERM
        said = await self.stderr()
        if error is None:  # timed out
            why = f"did not {self.waiting} within {self.timeout:g} s"
        else:
            why = reason(error)
            if self.denied:
                why = f"it refused the credentials ({self.denied}): check its auth or headers"
            elif "url" in self.recipe:
                why += f" (at {self.recipe['url']})"
            why = f"could not be started: {why}"
            # the message says it all: the SDK's nested exception groups go to the log
            log().debug("server %s could not be started", self.name, exc_info=error)
        message = f"connect(): server {self.name!r} {why}{quoted(said)}"
        raise ServerError(self.name, message, said) from None

    async def _hold(
        self,
        ready: "asyncio.Event",
        options: "dict[str, Any]",
        headers: "dict[str, list[list[str]]]",
    ) -> None:
        import contextlib

        import anyio

        self.log = None
        if options["errlog"] is None and "command" in self.recipe:
            from .stderr import ServerLog

            self.log = ServerLog(self.name)
            options = {**options, "errlog": self.log.file}

        def started(reader: "Any") -> None:
            self.reader = reader
            self.waiting = "answer initialize"
            if self.log is not None:  # the server has its own copy of the pipe
                self.log.file.close()

        try:
            with anyio.CancelScope() as scope:
                self.scope = scope
                async with contextlib.AsyncExitStack() as stack:
                    self.session = await open_session(
                        stack,
                        self.recipe,
                        started=started,
                        on_response=(self.responded if "url" in self.recipe else None),
                        **options,
                    )
                    preload(self.session, headers)
                    ready.set()
                    await self._until_stopped()
        # logged, or raised by _start (self.error)
        except Exception as exc:  # noqa: BLE001
            if ready.is_set():  # the connection ended while the app used it
                self.ended = exc
                log().warning(
                    "the connection to server %s ended: %s", self.name, reason(exc)
                )
            else:
                self.error = exc
        finally:
            if self.log is not None:
                self.log.file.close()  # also when the server never started
            self.session = None
            ready.set()

    async def _until_stopped(self) -> None:
        """Hold the session until the exit, or until the server stops: a stdio
        server whose stderr is read here has stopped once that pipe and its transport
        have closed (a live server may close its stderr: its transport stays open)."""
        import anyio

        if self.log is None:
            await anyio.sleep_forever()
            return
        await self.log.ended.wait()
        pause = 0.01
        while not self.stopped():
            await anyio.sleep(pause)
            pause = min(pause * 2, 1.0)
        said = await self.stderr()
        log().warning(
            "server %s stopped%s; the next call to it starts it again",
            self.name,
            quoted(said),
        )

    async def unreached(self) -> bool:
        """Whether its HTTP session ended because nothing answered at its URL (a call
        then never reached the server), once the task holding it has ended (2 s at most).
        """
        import asyncio

        if "url" not in self.recipe or self.task is None:
            return False
        await asyncio.wait([self.task], timeout=2.0)
        errors: list[BaseException | None] = [self.ended]
        while errors:
            error = errors.pop()
            if error is None:
                continue
            # ConnectError: httpx's or httpx2's, the mcp SDK's HTTP clients
            refused = isinstance(error, ConnectionRefusedError)
            if refused or type(error).__name__ == "ConnectError":
                return True
            errors += getattr(error, "exceptions", ())  # exception groups
            errors.append(error.__cause__)
        return False

    async def stop(self) -> None:
        """Stop the task holding the session (through its anyio scope, so the ``mcp``
        SDK's shielded shutdown runs) and wait until it has ended."""
        from .tasks import settle

        task, scope = self.task, self.scope
        self.task = self.scope = None
        if task is None:
            return
        if scope is not None:
            scope.cancel()
        else:  # not started yet: nothing of it to shut down
            task.cancel()
        await settle([task], cancel=False)


def quoted(said: str) -> str:
    """A server's stderr (its telling lines) as a message's end: ``; stderr: "..."``,
    or nothing."""
    from .stderr import quote

    return f"; stderr: {quote(said.splitlines())}" if said else ""


def log() -> "Any":
    import logging

    return logging.getLogger("mcp2openai")
