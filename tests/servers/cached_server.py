"""A `tools/list` with cache hints (SEP-2549, MCP 2026-07-28), over pages.

    python cached_server.py [--http] [--ttl-ms MS[,MS...]] [--cache-scope SCOPE[,SCOPE...]]
                            [--anonymous]

One page per `--ttl-ms` value (default one page, `3600000`: an hour), linked by `nextCursor`
(`page-2`, `page-3`, ...); page K lists tool `tool_K` and carries `ttlMs` the K-th value and
`cacheScope` the K-th scope (the last one repeats; default `public`). Different scopes across
pages break the spec's rule (one scope for every page of a list): a client's tolerance test.
The hints exist only on 2026-07-28 results: on a 2025-11-25 session the SDK's result schema
drops them, so that era lists the same tools without them. `--anonymous` takes the optional
`io.modelcontextprotocol/serverInfo` stamp out of every 2026-07-28 result (a middleware): a
server that does not identify itself.
"""

from __future__ import annotations

import argparse
from typing import Any, Literal, cast

import mcp.types as types
from _serve import serve
from mcp.server import Server
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.shared.exceptions import MCPError


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--http", action="store_true")
    parser.add_argument("--ttl-ms", default="3600000")
    parser.add_argument("--cache-scope", default="public")
    parser.add_argument("--anonymous", action="store_true")
    args = parser.parse_args()
    ttls = [int(value) for value in args.ttl_ms.split(",")]
    scopes = args.cache_scope.split(",")

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        cursor = params.cursor if params is not None else None
        index = 0 if cursor is None else int(cursor.removeprefix("page-")) - 1
        if not 0 <= index < len(ttls):
            raise MCPError(code=types.INVALID_PARAMS, message=f"unknown cursor {cursor!r}")
        tool = types.Tool(
            name=f"tool_{index + 1}",
            description=f"The tool of page {index + 1}.",
            input_schema={"type": "object", "properties": {}},
        )
        scope = cast(Literal["public", "private"], scopes[min(index, len(scopes) - 1)])
        more = f"page-{index + 2}" if index + 1 < len(ttls) else None
        return types.ListToolsResult(
            tools=[tool], next_cursor=more, ttl_ms=ttls[index], cache_scope=scope
        )

    async def anonymous(ctx: ServerRequestContext[Any], call_next: CallNext) -> HandlerResult:
        result = await call_next(ctx)
        meta = result.get("_meta") if isinstance(result, dict) else None
        if isinstance(result, dict) and isinstance(meta, dict):
            meta.pop("io.modelcontextprotocol/serverInfo", None)
            if not meta:
                del result["_meta"]
        return result

    server = Server("cached", version="2.0.0", title="Cached listing", on_list_tools=list_tools)
    if args.anonymous:
        server.middleware.append(anonymous)
    serve(server, args.http)


if __name__ == "__main__":
    main()
