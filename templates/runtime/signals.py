"""SIGTERM while ``connect()`` is open: every server it started is stopped first, then
the process ends as SIGTERM ends it (the signal is sent again, with its default action).

Python's default for SIGTERM ends the process at once, leaving stdio servers that ignore
their stdin closing running. While a connection is open, and only where the app has not
set a SIGTERM handler of its own, a handler stands in: in async code it cancels each
task that entered an open connection (as asyncio does for Ctrl-C); in sync code
(``with``) it raises ``SystemExit`` in the main thread. Either way the connections'
exits run and stop their servers; the last one to close sends SIGTERM again.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    import asyncio
    from typing import Any

_open: "list[Any]" = []  # the open connections (connection.Connection) SIGTERM stops
_handler: "asyncio.AbstractEventLoop | str | None" = None  # the loop, "sync", or None
_terminated = False
_closing: "set[asyncio.Future[None]]" = set()  # connections closed on SIGTERM (kept)


def watch(connection: "Any", sync: bool) -> None:
    """Stop ``connection``'s servers on SIGTERM until ``unwatch``; called in the thread
    that entered it (only the main thread can handle signals)."""
    import signal
    import threading

    global _handler
    if threading.current_thread() is not threading.main_thread():
        return
    if not _open and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        if sync:
            signal.signal(signal.SIGTERM, _exit)
            _handler = "sync"
        else:
            import asyncio

            loop = asyncio.get_running_loop()
            try:
                loop.add_signal_handler(signal.SIGTERM, _cancel)
            except (NotImplementedError, RuntimeError):  # no signals in this loop
                return
            _handler = loop
    _open.append(connection)


def unwatch(connection: "Any") -> None:
    """``connection`` has closed: once none is open, SIGTERM has its default action
    again, and if SIGTERM came meanwhile, it is sent again."""
    import os
    import signal

    global _handler
    if connection not in _open:
        return
    _open.remove(connection)
    if _open or _handler is None:
        return
    if _handler == "sync":
        if signal.getsignal(signal.SIGTERM) is _exit:  # not one the app set since
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
    else:
        _handler.remove_signal_handler(signal.SIGTERM)  # type: ignore[union-attr]
    _handler = None
    if _terminated:
        os.kill(os.getpid(), signal.SIGTERM)


def _cancel() -> None:
    """Cancel each task that holds an open connection; a connection whose task has ended
    (entered from a task since gone, such as an ``AsyncExitStack`` of a startup task)
    is closed in a task of its own."""
    import asyncio

    global _terminated
    _terminated = True
    cancelled = set()
    for connection in _open:
        task = connection.entered
        if task is not None and not task.done():
            if task not in cancelled:
                task.cancel()
                cancelled.add(task)
        else:
            _closing.add(asyncio.ensure_future(connection.terminate()))


def _exit(signum: int, frame: object) -> None:
    global _terminated
    _terminated = True
    raise SystemExit(128 + signum)
