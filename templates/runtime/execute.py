"""Running the calls of a response: ``execute_tool_calls()``, the calls to different
servers at the same time, each server's calls in the model's order.
"""

from .calls import tool_calls
from .clock import Clock, current, positive
from .core import ServerError
from .media import image_message
from .offered import offered
from .outputs import check_options, output
from .reading import get, prepare, quote

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, Coroutine, Iterable
    from typing import Any

    from .core import Tables, ToolCall


async def execute_tool_calls(
    toolset: "Tables",
    response: object,
    call_tool: "Callable[[str, str, dict[str, object]], Awaitable[object]]",
    api: "str | None",
    timeout: "float | None",
    parallel: bool,
    images: "str | None",
    max_output_chars: "int | None",
    tools: "Iterable[object] | None",
    approve: "Callable[[ToolCall], bool | Awaitable[bool]] | None",
    progress: "bool | Callable[[ToolCall, float, float | None, str | None], object]",
    max_time: "float | None",
) -> "list[dict[str, object]]":
    """``Toolset.execute_tool_calls``: the calls to different servers at the same time,
    each server's calls in the model's order."""
    check_options(images, max_output_chars)
    positive(timeout, "timeout")
    positive(max_time, "max_time")
    if type(progress) is not bool and not callable(progress):
        raise TypeError(f"progress must be True, False or a callable, not {progress!r}")
    if type(parallel) is not bool:
        raise TypeError(f"parallel must be True or False, not {parallel!r}")
    if approve is not None and not callable(approve):
        raise TypeError(f"approve must be a callable or None, not {approve!r}")
    response, api = prepare(response, api)
    allowed = offered(toolset, response, tools, api)
    result = tool_calls(toolset, response, api, tools)
    calls, outputs = result
    if result.skipped:
        from .search import search_output

        search = "tool_search_call"
        waiting = [item for item in result.skipped if get(item, "type") != search]
        if waiting:
            raise ValueError(waiting_message(waiting))
        for item in result.skipped:
            outputs.append(search_output(toolset, item, response, allowed))
    if not calls:
        return outputs

    async def run(call: "ToolCall") -> object:
        # One call's outcome: its result, or the exception it ended with (declined too).
        if approve is not None and toolset.asks(call.name):
            answer: object = approve(call)
            if hasattr(answer, "__await__"):
                answer = await answer
            if type(answer) is not bool:
                raise TypeError(
                    "approve must return True or False (or an awaitable of one), not "
                    f"{answer!r}: it was asked about {call.name}"
                )
            if not answer:
                import logging

                declined = "tool call %s (%s) was declined and not run"
                logging.getLogger("mcp2openai").info(declined, call.call_id, call.name)
                return PermissionError("The user declined this call.")
        clock = Clock(call, timeout, max_time, progress)
        return await awaited(called(call_tool, call), clock)

    outcomes = await _run(calls, run, parallel)
    pictures: list[object] = []  # Chat, images="message": the follow-up message's parts
    for call, outcome in zip(calls, outcomes, strict=True):
        item, left_out = output(
            toolset,
            call.call_id,
            outcome,
            api,
            call.caller,
            call.name,
            max_output_chars,
        )
        outputs.append(item)
        if left_out and images is not None:
            pictures += image_message(left_out)["content"]  # type: ignore[arg-type]
    if pictures:
        outputs.append({"role": "user", "content": pictures})
    return outputs


async def _run(
    calls: "list[ToolCall]",
    run: "Callable[[ToolCall], Awaitable[object]]",
    parallel: bool,
) -> list[object]:
    """Each call's outcome (a result, or the exception it ended with), in call order."""
    import asyncio

    outcomes: list[object] = [None] * len(calls)
    groups: dict[str, list[int]] = {}
    for index, call in enumerate(calls):
        groups.setdefault(call.server if parallel else "", []).append(index)

    async def one_by_one(indices: "list[int]") -> None:
        # One server's calls, one after another, in the model's order.
        for index in indices:
            outcomes[index] = await run(calls[index])

    if len(groups) == 1:
        await one_by_one(list(range(len(calls))))
        return outcomes
    try:  # a mistake in the app: the other calls are cancelled, and waited for
        async with asyncio.TaskGroup() as group:
            for indices in groups.values():
                group.create_task(one_by_one(indices))
    except BaseExceptionGroup as error:
        raise error.exceptions[0] from None
    return outcomes


def called(
    call_tool: "Callable[[str, str, dict[str, object]], object]", call: "ToolCall"
) -> "Awaitable[object]":
    """What ``call_tool`` returns for ``call``: an awaitable, or it is the app's mistake."""
    awaitable = call_tool(call.server, call.tool, call.arguments)
    if not hasattr(awaitable, "__await__"):
        raise TypeError(
            "call_tool must return an awaitable (call_tool is async, or returns "
            f"session.call_tool(...)), not {type(awaitable).__name__}: {call.name} "
            "was called"
        )
    return awaitable


async def awaited(awaitable: "Awaitable[object]", clock: "Clock") -> object:
    """The call's result, or the exception it failed with (logged)."""
    import asyncio

    call = clock.call
    scope: asyncio.Timeout | None = None
    token = current().set(clock)  # connect()'s call_tool reads it when the call starts
    try:
        if not clock.timed:
            return await awaitable
        async with asyncio.timeout(None) as scope:
            clock.start(scope)
            return await awaitable
    except Exception as exc:
        import logging

        log = logging.getLogger("mcp2openai")
        if scope is not None and scope.expired() and isinstance(exc, TimeoutError):
            return _timed_out(clock, log)
        from .questions import NeedsInput

        if isinstance(exc, NeedsInput):
            log.info("tool call %s (%s): %s", call.call_id, call.name, exc)
            return exc
        # A server's own answer (an MCP error) at INFO, a server that stopped (its stderr
        # logged by connect()) at WARNING, both without a traceback; anything else, a
        # mistake in code, at ERROR with one.
        if type(exc).__module__.split(".")[0] == "mcp":
            level, trace = logging.INFO, None
        elif isinstance(exc, ServerError):
            level, trace = logging.WARNING, None
        else:
            level, trace = logging.ERROR, exc
        message = "tool call %s (%s) failed: %s: %s"
        name = type(exc).__name__
        log.log(level, message, call.call_id, call.name, name, exc, exc_info=trace)
        return exc
    finally:
        current().reset(token)
        clock.scope = None  # a late progress report changes nothing


def _timed_out(clock: "Clock", log: "Any") -> TimeoutError:
    call = clock.call
    limit = (clock.max_time if clock.capped() else clock.timeout) or 0.0
    if clock.capped():
        what = "did not finish within"
    elif clock.progress is not False:
        what = "reported no progress for"
    else:
        what = "did not answer within"
    timed_out = "tool call %s (%s) timed out after %g s and was cancelled"
    log.warning(timed_out, call.call_id, call.name, limit)
    unit = "second" if limit == 1 else "seconds"
    return TimeoutError(f"{call.name} {what} {limit:g} {unit}; the call was cancelled.")


def waiting_message(items: "list[object]") -> str:
    described = []
    for item in items[:10]:
        kind = get(item, "type")
        ident = get(item, "call_id") or get(item, "id")
        text = f"{kind} {quote(ident)}" if type(ident) is str else str(kind)
        if kind == "mcp_approval_request":
            tool, server = get(item, "name"), get(item, "server_label")
            text += f" (tool {quote(tool)} on {quote(server)})"
        described.append(text)
    if len(items) > 10:
        described.append(f"{len(items) - 10} more")
    return (
        "execute_tool_calls cannot answer what the response waits for: "
        + ", ".join(described)
        + ". Answer these in the app (an mcp_approval_response for each approval "
        "request; see tool_calls(response).skipped) and run the function calls with "
        "tool_calls() and tool_output(); no call was run."
    )


def execute_sync(
    call_tool: object, calls: "Coroutine[Any, Any, list[dict[str, object]]]"
) -> "list[dict[str, object]]":
    """``Toolset.execute_tool_calls_sync``: ``calls``, an ``execute_tool_calls(...)``
    not yet started, run to its end from sync code."""
    import asyncio

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        loop = getattr(call_tool, "loop", None)  # connect()'s, entered with ``with``
        if loop is None:
            return asyncio.run(calls)
        from .tasks import run_on

        return run_on(loop, calls)  # type: ignore[no-any-return]
    calls.close()
    raise RuntimeError(
        "execute_tool_calls_sync() is for sync code: in an event loop, "
        "await execute_tool_calls(...)"
    )
