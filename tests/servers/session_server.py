"""A server for long sessions (the mcp SDK's `MCPServer`): it stops after a call, dies in
the middle of one, fails with a secret on its stderr, changes its tool list, or never
answers `initialize`.

    python session_server.py                    MCP on stdio
    python session_server.py --hang             stdio, and it never answers initialize
    python session_server.py --stubborn         stdio, and it outlives its stdin closing
                                                (only a signal ends it)
    python session_server.py --http PORT        Streamable HTTP on 127.0.0.1:PORT

Tools:
- `echo(text)`: the text;
- `pid()`: the server's process id;
- `exit_after(text)`: the text, then the process exits (as a server that crashed between
  two calls);
- `die(secret)`: writes a line with `secret` to stderr, then exits during the call;
- `fail(secret)`: writes a line with `secret` to stderr, then fails (a tool error);
- `refuse()`: answers with a JSON-RPC error (an MCP error);
- `add_tool()`: adds a tool `extra` and sends `notifications/tools/list_changed`.
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import MCPError


@asynccontextmanager
async def never_ready(server: MCPServer) -> AsyncIterator[None]:
    """A lifespan that never ends starting: `initialize` is never answered."""
    await asyncio.Event().wait()
    yield


app = MCPServer("session", lifespan=never_ready if "--hang" in sys.argv else None)


@app.tool()
def echo(text: str) -> str:
    """The text, as it was sent."""
    return text


@app.tool()
def pid() -> int:
    """The server's process id."""
    return os.getpid()


@app.tool()
def exit_after(text: str) -> str:
    """The text; then the server's process exits."""
    threading.Timer(0.1, os._exit, (0,)).start()
    return text


@app.tool()
def die(secret: str) -> str:
    """Writes a line with the secret to stderr, then exits before answering."""
    print(f"debug: connecting with api_key={secret}", file=sys.stderr, flush=True)
    os._exit(3)


@app.tool()
def fail(secret: str) -> str:
    """Writes a line with the secret to stderr, then fails."""
    print(f"debug: retrying with api_key={secret}", file=sys.stderr, flush=True)
    raise ValueError("the lookup failed")


@app.tool()
def refuse() -> str:
    """Answers with a JSON-RPC error (an MCP error), as a server that refuses a call."""
    raise MCPError(code=-32602, message="the server refuses this call")


@app.tool()
async def add_tool(ctx: Context) -> str:
    """Adds the tool `extra`, and tells the client that the tool list changed."""

    def extra() -> str:
        """A tool added during the session."""
        return "extra"

    ctx.mcp_server.add_tool(extra)
    await ctx.session.send_tool_list_changed()  # a stateful (2025) session: sent as is
    await ctx.notify_tools_changed()  # 2026-07-28: to the subscriptions/listen streams
    return "added"


if __name__ == "__main__":
    if "--http" in sys.argv:
        port = int(sys.argv[sys.argv.index("--http") + 1])
        app.run("streamable-http", host="127.0.0.1", port=port)
    else:
        app.run()
        if "--stubborn" in sys.argv:  # its client has gone: a careless server stays
            threading.Event().wait()
