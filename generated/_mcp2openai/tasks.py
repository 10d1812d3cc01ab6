"""Ending asyncio tasks: ``settle()``, shared by ``connect()``'s exit and
``execute_tool_calls()``.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    import asyncio
    from collections.abc import Iterable


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
