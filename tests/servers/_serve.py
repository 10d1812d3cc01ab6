"""How the servers in tests/servers/*.py run (each is a low-level `mcp.server.Server`).

    python SERVER.py [ARGS...]           MCP on stdio
    python SERVER.py --http [ARGS...]    Streamable HTTP on 127.0.0.1, on a port the system picks

With `--http` the first line on stdout is the endpoint, `http://127.0.0.1:PORT/mcp`, printed
once the socket listens (connections wait in its backlog until uvicorn accepts them), so a test
reads that line instead of guessing a free port or polling one. The HTTP endpoint serves both
protocol eras, as the SDK's session manager does: a client that sends `initialize` gets a
stateful 2025-11-25 session (`Mcp-Session-Id`, server requests on the POST's SSE stream); one that
sends the 2026-07-28 per-request envelope is served request by request.
"""

from __future__ import annotations

import socket
from typing import Any

import anyio
import uvicorn
from mcp.server import Server
from mcp.server.stdio import stdio_server


def serve(server: Server[Any], http: bool) -> None:
    if http:
        _serve_http(server)
    else:
        anyio.run(_serve_stdio, server)


async def _serve_stdio(server: Server[Any]) -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def _serve_http(server: Server[Any]) -> None:
    serve_app(server.streamable_http_app())


def serve_app(app: Any) -> None:
    """An ASGI app on 127.0.0.1, its endpoint printed first (see above)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    port = sock.getsockname()[1]
    print(f"http://127.0.0.1:{port}/mcp", flush=True)
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
