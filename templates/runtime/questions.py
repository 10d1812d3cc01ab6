# mypy: disable-error-code="import-not-found"
# (the mcp SDK, its HTTP client and the frameworks: an app type-checks without them)
"""Questions a server asks during a call (MCP elicitation), answered by the app's
``connect(elicit=handler)``: on a stateful session the server's ``elicitation/create``
request, on the stateless 2026-07-28 protocol an ``input_required`` result, which the
call retries with the answers and the server's ``requestState`` echoed back
(docs/mcp-2026.md, (b) and (c)).
"""

from .clock import current
from .reading import get, is_mapping
from .sessions import call_tool

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable
    from typing import Any

    from .clock import Clock

    _Handler = Callable[[str, str, Any], object]

# The rounds of input_required one call may take: the mcp SDK's own bound
# (mcp.Client's input_required_max_rounds, mcp/client/_input_required.py in mcp 2.3.0).
MAX_ROUNDS = 10
_ACTIONS = ("accept", "decline", "cancel")


class NeedsInput(Exception):
    """A tool asked the user for input, and the app gave ``connect()`` no ``elicit``."""


class _Flight:
    """A call in flight on one server: the questions its server asks are its own."""

    def __init__(self, tool: str, clock: "Clock | None") -> None:
        self.tool = tool
        self.clock = clock
        self.failure: Exception | None = None  # why a question of it was not answered


class Desk:
    """The questions of one ``connect()``: its handler, and the calls in flight per
    server (a stateful server's question names no call: it is the oldest call's on its
    server, the only one when ``execute_tool_calls`` runs them)."""

    def __init__(self, handler: "_Handler | None") -> None:
        self.handler = handler
        self._flights: dict[str, list[_Flight]] = {}

    def callback(self, server: str) -> "Callable[[Any, Any], Awaitable[Any]]":
        """The ``elicitation_callback`` of ``server``'s ``ClientSession``."""

        async def elicitation(context: "Any", params: "Any") -> "Any":
            from mcp import types

            flights = self._flights.get(server)
            # a question outside any call (none in flight) names no tool
            flight = flights[0] if flights else _Flight("", None)
            try:
                return await self.answer(server, flight.tool, params, flight.clock)
            # whatever the app's handler raises is the call's error
            except Exception as error:  # noqa: BLE001
                # the call's outcome, whatever the server says
                if flight.failure is None:
                    flight.failure = error
                asking = isinstance(error, NeedsInput)
                code = types.INVALID_REQUEST if asking else -32603
                return types.ErrorData(code=code, message=str(error))

        return elicitation

    async def call(
        self, session: "Any", server: str, tool: str, arguments: "dict[str, object]"
    ) -> "Any":
        """``session.call_tool``, with progress for ``execute_tool_calls``' clock and
        the rounds of ``input_required`` until the server answers the call."""
        import asyncio

        from mcp import types

        clock = current().get()
        flight = _Flight(tool, clock)
        flights = self._flights.setdefault(server, [])
        flights.append(flight)
        progress = None if clock is None or clock.progress is False else clock.report
        # the mcp SDK 1.x has no input_required (the 2026-07-28 protocol)
        asking: Any = getattr(types, "InputRequiredResult", ())
        answers: dict[str, Any] = {}
        state = None
        rounds, delay = 0, 0.05
        try:
            while True:
                result = await call_tool(
                    session,
                    tool,
                    arguments,
                    progress_callback=progress,
                    input_responses=answers or None,
                    request_state=state,
                    allow_input_required=True,
                )
                if not isinstance(result, asking):
                    break
                if rounds == MAX_ROUNDS:
                    raise RuntimeError(
                        f"the server still asked for input after {MAX_ROUNDS} rounds"
                    )
                rounds += 1
                answers, state = {}, result.request_state
                for key, request in (result.input_requests or {}).items():
                    if not isinstance(request, types.ElicitRequest):
                        method = getattr(request, "method", type(request).__name__)
                        # the server's request, not an argument of a wrong type
                        raise RuntimeError(  # noqa: TRY004
                            f"the server asked for {method}, which this client does not offer"
                        )
                    answers[key] = await self.answer(
                        server, tool, request.params, clock
                    )
                if not answers:  # state only: the server works on; ask again soon
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, 0.25)
        except Exception:
            if flight.failure is not None:
                raise flight.failure from None
            raise
        finally:
            flights.remove(flight)
        if flight.failure is not None:
            raise flight.failure
        return result

    async def answer(
        self, server: str, tool: str, params: "Any", clock: "Clock | None"
    ) -> "Any":
        """The app's answer to one question, as the SDK's ``ElicitResult``; its clock
        stopped while the handler runs."""
        handler = self.handler
        if handler is None:
            raise NeedsInput(needs_input(params))
        if clock is not None:
            clock.pause()
        try:
            reply = handler(server, tool, params)
            if hasattr(reply, "__await__"):
                reply = await reply
        finally:
            if clock is not None:
                clock.resume()
        return elicit_result(reply)


def needs_input(params: object) -> str:
    """The one line that tells the model the tool asked the user something."""
    import json

    message = " ".join(str(get(params, "message") or "").split())
    if len(message) > 300:
        message = message[:300] + "..."
    asked = (
        f"it asked {json.dumps(message, ensure_ascii=False)}" if message else "it asked"
    )
    # ``requestedSchema`` in the mcp SDK 1.x
    schema = get(params, "requested_schema") or get(params, "requestedSchema")
    fields = get(schema, "properties") if is_mapping(schema) else None
    if is_mapping(fields) and fields:
        asked += " (fields: " + ", ".join(map(str, fields)) + ")"
    elif get(params, "mode") == "url":
        asked += " (at a URL)"
    cannot = "The tool needs input from the user, and this app cannot ask the user"
    return f"{cannot}: {asked}."


def elicit_result(reply: object) -> "Any":
    """The SDK's ``ElicitResult`` for what the handler returned."""
    from mcp import types

    if isinstance(reply, types.ElicitResult):
        return reply
    action = get(reply, "action") if is_mapping(reply) else None
    if action in _ACTIONS:
        content = get(reply, "content")
        try:
            return types.ElicitResult.model_validate(
                {"action": action, "content": content}
            )
        except ValueError as error:  # pydantic's ValidationError
            raise TypeError(
                f"elicit returned content the SDK refuses: {error}"
            ) from None
    raise TypeError(
        'elicit must return {"action": "accept", "content": {...}}, {"action": "decline"}'
        ' or {"action": "cancel"} (or an awaitable of one), not ' + repr(reply)[:200]
    )
