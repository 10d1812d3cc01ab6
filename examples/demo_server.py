"""A small MCP server for the example (stdio), built with the official `mcp` SDK."""

from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

server = MCPServer("demo", version="1.0.0")


@server.tool()
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


@server.tool()
def greet(name: str, punctuation: str = "!") -> str:
    """Greet someone by name."""
    return f"Hello, {name}{punctuation}"


@server.tool()
def divide(a: float, b: float) -> float:
    """Divide a by b."""
    if b == 0:
        raise ToolError("division by zero")  # the client gets isError: true
    return a / b


if __name__ == "__main__":
    server.run()
