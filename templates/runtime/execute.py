"""Running the calls of a response: ``execute_tool_calls()``.

Part of the runtime every generated module carries (templates/runtime/__init__.py).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .calls import _waiting_message, tool_calls
    from .definitions import _search_output
    from .outputs import tool_output
    from .reading import _get, _prepare

# ---- runtime ----

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable


async def execute_tool_calls(
    response: object,
    call_tool: "Callable[[str, str, dict[str, object]], Awaitable[object]]",
    *,
    api: str | None = None,
) -> list[dict[str, object]]:
    """Run every call in ``response``; return the items to send back to the model.

    ``call_tool(server, tool, arguments)`` is awaited for each call, one after the
    other, in the model's order. It returns an MCP ``CallToolResult`` (see
    ``tool_output``); for example, with one ``mcp`` ``ClientSession`` per server:
    ``lambda server, tool, arguments: sessions[server].call_tool(tool, arguments)``.
    An exception it raises becomes an error output (``asyncio.CancelledError`` and
    other exceptions that are not ``Exception`` propagate). Returns
    ``rejected + searches + outputs`` for the API detected from ``response``:
    ``searches`` answer each client ``tool_search_call`` with a ``tool_search_output``
    (the tools ``tool_search`` finds for its ``query``; none without a query string),
    ``outputs`` are in call order.

    Raises ``ValueError``, before running any call, when the response holds items
    only the app can answer (``mcp_approval_request``, calls to client tools this
    module does not define: see ``ToolCalls``): answering the rest alone would leave
    them unanswered. Handle such responses with ``tool_calls`` and ``tool_output``.
    """
    response, api = _prepare(response, api)
    result = tool_calls(response, api=api)
    calls, outputs = result
    if result.skipped:
        search = "tool_search_call"
        waiting = [item for item in result.skipped if _get(item, "type") != search]
        if waiting:
            raise ValueError(_waiting_message(waiting))
        for item in result.skipped:
            outputs.append(_search_output(item, response))
    for call in calls:
        try:
            outcome = await call_tool(call.server, call.tool, call.arguments)
        except Exception as exc:
            outcome = exc
        outputs.append(tool_output(call.call_id, outcome, api=api, caller=call.caller))
    return outputs
