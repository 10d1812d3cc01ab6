"""Ending asyncio tasks: ``settle()``, shared by ``connect()``'s exit and
``execute_tool_calls()``; and ``run_on()``, sync code's way onto ``connect()``'s loop.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    import asyncio
    from collections.abc import Coroutine, Iterable
    from typing import Any


async def settle(tasks: "Iterable[asyncio.Task[None]]", cancel: bool = True) -> None:
    """Cancel what still runs (unless ``cancel`` is false: the caller has stopped the
    tasks its own way) and wait until every task has ended, also when cancelled
    meanwhile; then the cancellation is raised, once they have: no task is left."""
    import asyncio

    tasks = list(tasks)
    pending = [task for task in tasks if not task.done()]
    if cancel:
        for task in pending:
            task.cancel()
    cancelled = False
    while pending:
        try:
            await asyncio.wait(pending)
        except asyncio.CancelledError:
            cancelled = True
        pending = [task for task in pending if not task.done()]
    for task in tasks:
        if not task.cancelled():
            task.exception()  # retrieved: asyncio logs no "never retrieved" for it
    if cancelled:
        raise asyncio.CancelledError


def run_on(
    loop: "asyncio.AbstractEventLoop",
    coroutine: "Coroutine[Any, Any, Any]",
    finish: bool = False,
) -> "Any":
    """Run ``coroutine`` on ``loop``, which runs in another thread (``with connect()``),
    and wait for its end. An interruption of the wait (Ctrl-C, SIGTERM) cancels it; with
    ``finish`` (a close, which stops servers) it is waited for first, then raised."""
    import asyncio

    if loop.is_closed():
        coroutine.close()
        raise RuntimeError("this connect() has closed: open a new one")
    future = asyncio.run_coroutine_threadsafe(coroutine, loop)
    interruption: BaseException | None = None
    while True:
        try:
            found = future.result()
        except BaseException as error:
            if future.done():  # the coroutine's own outcome
                if interruption is not None:
                    raise interruption from error
                raise
            if not finish:
                future.cancel()
                raise
            interruption = error
            continue
        if interruption is not None:
            raise interruption
        return found


def serve(loop: "asyncio.AbstractEventLoop") -> None:
    """The thread of a ``with connect()``: its loop, run until stopped, then closed."""
    try:
        loop.run_forever()
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.run_until_complete(loop.shutdown_default_executor())
    finally:
        loop.close()
