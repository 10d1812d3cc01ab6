"""A long tool that reports progress while it works.

    python progress_server.py [--http]

`work(seconds, every)` sleeps `every` seconds at a time until `seconds` have passed, and after
each step sends `notifications/progress` for the call (when the call carried a `progressToken`):
`progress` the step number, `total` the number of steps, `message` "step K of N". Then it
answers "done in N steps". The durations are arguments, so a test that needs a call longer
than a timeout stays fast (e.g. a step every 0.05 s for 0.6 s against a 0.3 s timeout).
"""

from __future__ import annotations

import argparse
from typing import Any

import anyio
import mcp.types as types
from _serve import serve
from mcp.server import Server
from mcp.server.context import ServerRequestContext
from mcp.shared.exceptions import MCPError

TOOLS = [
    types.Tool(
        name="work",
        description="Work for `seconds`, reporting progress every `every` seconds.",
        input_schema={
            "type": "object",
            "properties": {
                "seconds": {"type": "number", "exclusiveMinimum": 0},
                "every": {"type": "number", "exclusiveMinimum": 0},
            },
            "required": ["seconds", "every"],
        },
    )
]


async def list_tools(
    ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
) -> types.ListToolsResult:
    return types.ListToolsResult(tools=TOOLS)


async def call_tool(
    ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
) -> types.CallToolResult:
    if params.name != "work":
        raise MCPError(code=types.INVALID_PARAMS, message=f"unknown tool {params.name!r}")
    arguments = params.arguments or {}
    seconds, every = float(arguments["seconds"]), float(arguments["every"])
    steps = max(1, round(seconds / every))
    for step in range(1, steps + 1):
        await anyio.sleep(every)
        await ctx.session.report_progress(step, steps, f"step {step} of {steps}")
    text = f"done in {steps} steps"
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--http", action="store_true")
    args = parser.parse_args()
    server = Server("progress", version="1.0.0", on_list_tools=list_tools, on_call_tool=call_tool)
    serve(server, args.http)


if __name__ == "__main__":
    main()
