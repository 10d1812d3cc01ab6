"""A tool that never finishes, and the record of the cancellations this server received.

    python cancel_server.py [--http]

- `block(label)` sends one `notifications/progress` ("started", when the call carried a
  `progressToken`: the client knows the call is running), then waits forever. When its handler
  is interrupted (the SDK cancels it on `notifications/cancelled`, or when a Streamable HTTP
  client closes the call's response stream) it records
  `{"event": "interrupted", "label": LABEL, "requestId": ID}`.
- Every `notifications/cancelled` the server receives is recorded as
  `{"event": "notifications/cancelled", "requestId": ID, "reason": REASON}`.
- `cancellations(count=0, wait=0)` answers the records so far, in order (`structuredContent`
  `{"records": [...]}`, the same JSON as text), once there are at least `count` of them or
  `wait` seconds have passed, whichever comes first: a test waits on the server's own event
  instead of sleeping.

With `MCP2OPENAI_CANCEL_LOG=FILE` in its environment, each record is also appended to FILE as a
JSON line, for a test that reads them after the server has stopped. Records are per process:
over HTTP every session of the server adds to the same list.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

import anyio
import mcp.types as types
from _serve import serve
from mcp.server import Server
from mcp.server.context import ServerRequestContext
from mcp.shared.exceptions import MCPError

RECORDS: list[dict[str, Any]] = []
_changed = anyio.Event()

TOOLS = [
    types.Tool(
        name="block",
        description="Start, then never finish.",
        input_schema={
            "type": "object",
            "properties": {"label": {"type": "string"}},
            "required": ["label"],
        },
    ),
    types.Tool(
        name="cancellations",
        description="The cancellations this server received.",
        input_schema={
            "type": "object",
            "properties": {"count": {"type": "integer"}, "wait": {"type": "number"}},
        },
    ),
]


def record(entry: dict[str, Any]) -> None:
    global _changed
    RECORDS.append(entry)
    path = os.environ.get("MCP2OPENAI_CANCEL_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as log:
            log.write(json.dumps(entry) + "\n")
    _changed.set()
    _changed = anyio.Event()


async def list_tools(
    ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
) -> types.ListToolsResult:
    return types.ListToolsResult(tools=TOOLS)


async def call_tool(
    ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
) -> types.CallToolResult:
    arguments = params.arguments or {}
    if params.name == "block":
        await ctx.session.report_progress(0, None, "started")
        try:
            await anyio.sleep_forever()
        finally:  # only a cancellation ends the wait
            record(
                {"event": "interrupted", "label": arguments["label"], "requestId": ctx.request_id}
            )
    if params.name != "cancellations":
        raise MCPError(code=types.INVALID_PARAMS, message=f"unknown tool {params.name!r}")
    with anyio.move_on_after(float(arguments.get("wait", 0))):
        while len(RECORDS) < int(arguments.get("count", 0)):
            await _changed.wait()
    records = list(RECORDS)
    text = types.TextContent(type="text", text=json.dumps(records))
    return types.CallToolResult(content=[text], structured_content={"records": records})


async def on_cancelled(
    ctx: ServerRequestContext[Any], params: types.CancelledNotificationParams
) -> None:
    record(
        {
            "event": "notifications/cancelled",
            "requestId": params.request_id,
            "reason": params.reason,
        }
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--http", action="store_true")
    args = parser.parse_args()
    server = Server("cancel", version="1.0.0", on_list_tools=list_tools, on_call_tool=call_tool)
    server.add_notification_handler(
        "notifications/cancelled", types.CancelledNotificationParams, on_cancelled
    )
    serve(server, args.http)


if __name__ == "__main__":
    main()
