"""A call's clock in ``execute_tool_calls()``: its ``timeout``, restarted by the
server's progress for the call up to ``max_time``, stopped while the app answers a
question the server asked (``connect(elicit=...)``).

``execute_tool_calls`` makes one ``Clock`` per call and sets ``current()`` while the
call runs; ``connect()``'s ``call_tool`` reads it to ask for progress and to stop the
clock around a question. A ``call_tool`` of the app's own never sees it: its calls
have a plain timeout.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    import asyncio
    import contextvars

    from .core import ToolCall

_current: "contextvars.ContextVar[Clock | None] | None" = None


def current() -> "contextvars.ContextVar[Clock | None]":
    """The clock of the call running in this context (None: no ``execute_tool_calls``)."""
    global _current
    if _current is None:
        import contextvars

        _current = contextvars.ContextVar("mcp2openai_clock", default=None)
    return _current


def positive(value: object, what: str) -> "float | None":
    """``value`` if it is a number of seconds above 0 or None; else ``ValueError``
    naming it ``what``."""
    if value is None:
        return None
    if type(value) is bool or not isinstance(value, (int, float)) or not value > 0:
        raise ValueError(f"{what} must be a positive number or None, not {value!r}")
    return float(value)


class Clock:
    """One call's deadline: ``timeout`` after its start or its server's last progress
    (``progress`` on), never past ``max_time`` after its start; the time a question
    waits for the app counts against neither."""

    def __init__(
        self,
        call: "ToolCall",
        timeout: "float | None",
        max_time: "float | None",
        progress: object,
    ) -> None:
        self.call = call
        self.timeout = timeout
        self.max_time = max_time
        self.progress = progress  # False, True or the app's callback
        self.scope: asyncio.Timeout | None = None
        self._cap: float | None = None  # the hard deadline (loop time), max_time's
        self._paused = 0  # questions waiting for the app
        self._since = 0.0  # when the first of them began
        self._left: float | None = None  # the deadline then

    @property
    def timed(self) -> bool:
        return self.timeout is not None or self.max_time is not None

    def start(self, scope: "asyncio.Timeout") -> None:
        import asyncio

        now = asyncio.get_running_loop().time()
        self.scope = scope
        if self.max_time is not None:
            self._cap = now + self.max_time
        scope.reschedule(self._deadline(now))

    def capped(self) -> bool:
        """Whether the call ended at ``max_time`` (not at its ``timeout``)."""
        scope = self.scope
        return self._cap is not None and scope is not None and scope.when() == self._cap

    def _deadline(self, now: float) -> "float | None":
        ends = [now + self.timeout] if self.timeout is not None else []
        if self._cap is not None:
            ends.append(self._cap)
        return min(ends) if ends else None

    async def report(
        self, progress: float, total: "float | None", message: "str | None"
    ) -> None:
        """The SDK's ``progress_callback`` for this call: restarts the timer (unless a
        question is waiting), then hands the progress to the app's callback."""
        import asyncio

        scope = self.scope
        if scope is not None and not self._paused and not scope.expired():
            scope.reschedule(self._deadline(asyncio.get_running_loop().time()))
        callback = self.progress
        if callable(callback):
            answer = callback(self.call, progress, total, message)
            if hasattr(answer, "__await__"):
                await answer

    def pause(self) -> None:
        """A question waits for the app: stop the clock."""
        import asyncio

        self._paused += 1
        scope = self.scope
        if self._paused == 1 and scope is not None and not scope.expired():
            self._since = asyncio.get_running_loop().time()
            self._left = scope.when()
            scope.reschedule(None)

    def resume(self) -> None:
        """The app answered: the clock runs on from where it stopped."""
        import asyncio

        self._paused -= 1
        scope = self.scope
        if self._paused or scope is None or scope.expired():
            return
        waited = asyncio.get_running_loop().time() - self._since
        if self._cap is not None:
            self._cap += waited
        left = self._left
        scope.reschedule(None if left is None else left + waited)
