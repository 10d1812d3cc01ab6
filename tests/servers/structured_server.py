"""Structured values that are not objects (SEP-2106, MCP 2026-07-28), and their wrapping.

    python structured_server.py [--http] [--no-legacy-wrapping]

Tools (each takes `n`, the number of primes):

- `primes`: the first n primes. On a 2026-07-28 session its `outputSchema` is an array schema
  and `structuredContent` the bare array (`[2, 3, 5]`), as SEP-2106 allows. On a 2025-11-25
  session, whose schema wants an object for both, it sends the `{"result": [...]}` wrapping the
  SDK's `MCPServer` makes for a `-> list[int]` tool (`outputSchema` `primesOutput`), as SDKs do
  for older clients.
- `prime_count`: n itself, a scalar: `{"type": "integer"}` and `3` on 2026-07-28; wrapped the
  same way on 2025-11-25.
- `primes_wrapped`: always the wrapping, on both eras: what `MCPServer` 2.3.0 sends for a
  `-> list[int]` tool whatever the session (it has no bare form).

`--no-legacy-wrapping` sends the 2026-07-28 shapes on 2025-11-25 sessions too (outside the
SDK's own checks, through a middleware that rewrites the wire result), as servers on other SDKs
do once they upgrade: what an older client then receives.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import mcp.types as types
from _serve import serve
from mcp.server import Server
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.mcpserver.utilities.func_metadata import func_metadata
from mcp.shared.exceptions import MCPError

MODERN = "2026-07-28"
INPUT = {
    "type": "object",
    "properties": {"n": {"type": "integer", "minimum": 0, "maximum": 100}},
    "required": ["n"],
}


def primes(n: int) -> list[int]:
    found: list[int] = []
    candidate = 2
    while len(found) < n:
        if all(candidate % p for p in found):
            found.append(candidate)
        candidate += 1
    return found


def prime_count(n: int) -> int:
    return n


def primes_wrapped(n: int) -> list[int]:
    return primes(n)


FUNCTIONS = {"primes": primes, "prime_count": prime_count, "primes_wrapped": primes_wrapped}
# The SDK's own wrapping (MCPServer's, for these return types): the 2025-11-25 shapes.
WRAPPED = {name: func_metadata(function) for name, function in FUNCTIONS.items()}
# The 2026-07-28 shapes of the tools that have a bare form.
BARE: dict[str, dict[str, Any]] = {
    "primes": {"type": "array", "items": {"type": "integer"}},
    "prime_count": {"type": "integer"},
}
DESCRIPTIONS = {
    "primes": "The first n prime numbers.",
    "prime_count": "How many primes were asked for (a scalar result).",
    "primes_wrapped": "The first n prime numbers, always wrapped as {result: [...]}.",
}


def schema(name: str, version: str) -> dict[str, Any]:
    if version == MODERN and name in BARE:
        return BARE[name]
    wrapped = WRAPPED[name].output_schema
    assert wrapped is not None
    return wrapped


async def list_tools(
    ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
) -> types.ListToolsResult:
    return types.ListToolsResult(
        tools=[
            types.Tool(
                name=name,
                description=DESCRIPTIONS[name],
                input_schema=INPUT,
                output_schema=schema(name, ctx.protocol_version),
            )
            for name in FUNCTIONS
        ]
    )


async def call_tool(
    ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
) -> types.CallToolResult:
    if params.name not in FUNCTIONS:
        raise MCPError(code=types.INVALID_PARAMS, message=f"unknown tool {params.name!r}")
    value = FUNCTIONS[params.name](int((params.arguments or {})["n"]))
    if ctx.protocol_version == MODERN and params.name in BARE:
        text = types.TextContent(type="text", text=json.dumps(value, separators=(",", ":")))
        return types.CallToolResult(content=[text], structured_content=value)
    result = WRAPPED[params.name].convert_result(value)
    assert isinstance(result, types.CallToolResult)
    return result


async def no_legacy_wrapping(ctx: ServerRequestContext[Any], call_next: CallNext) -> HandlerResult:
    """The 2026-07-28 shapes on a 2025-11-25 session: rewrites the wire result the SDK made."""
    result = await call_next(ctx)
    if ctx.protocol_version == MODERN or not isinstance(result, dict):
        return result
    if ctx.method == "tools/list":
        for tool in result.get("tools", []):
            if tool.get("name") in BARE:
                tool["outputSchema"] = BARE[tool["name"]]
    elif ctx.method == "tools/call" and (ctx.params or {}).get("name") in BARE:
        structured = result.get("structuredContent")
        if isinstance(structured, dict) and "result" in structured:
            result["structuredContent"] = structured["result"]
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--http", action="store_true")
    parser.add_argument("--no-legacy-wrapping", action="store_true")
    args = parser.parse_args()
    server = Server("structured", version="1.0.0", on_list_tools=list_tools, on_call_tool=call_tool)
    if args.no_legacy_wrapping:
        server.middleware.append(no_legacy_wrapping)
    serve(server, args.http)


if __name__ == "__main__":
    main()
