"""A weather MCP server in two versions, written with the `mcp` SDK's MCPServer.

    python drift_server.py            # stdio
    python drift_server.py --http     # Streamable HTTP on 127.0.0.1, a free port; the first
                                      # stdout line is its URL, printed once the socket listens

``DRIFT_VERSION`` (an environment variable) picks the version:

- ``1`` (the default): ``forecast(city, units="celsius")`` with units celsius, fahrenheit or
  kelvin, read-only, with an output schema; ``search(query, limit=10)``.
- ``2``: one breaking change and one compatible change. ``forecast``'s ``units`` no longer takes
  ``"kelvin"`` (an enum value removed); ``search`` takes an optional ``language`` (a new
  optional property).
- ``compatible``: version 1 with the compatible change only.

``tests/test_drift_e2e.py`` drives ``mcp2openai fetch --check`` with it.
"""

from __future__ import annotations

import os
import socket
import sys
from typing import Literal

from mcp.server import MCPServer
from mcp.types import ToolAnnotations
from pydantic import BaseModel

VERSION = os.environ.get("DRIFT_VERSION", "1")
if VERSION not in ("1", "2", "compatible"):
    sys.exit(f"drift_server.py: DRIFT_VERSION must be 1, 2 or compatible, not {VERSION!r}")
BREAKING = VERSION == "2"
COMPATIBLE = VERSION in ("2", "compatible")

server = MCPServer(
    "drift-fixture", version={"1": "1.0.0", "compatible": "1.1.0", "2": "2.0.0"}[VERSION]
)


class Forecast(BaseModel):
    city: str
    temperature: float
    units: str


Units = Literal["celsius", "fahrenheit"] if BREAKING else Literal["celsius", "fahrenheit", "kelvin"]


@server.tool(annotations=ToolAnnotations(readOnlyHint=True))
def forecast(city: str, units: Units = "celsius") -> Forecast:  # type: ignore[valid-type]
    """Tomorrow's temperature in a city."""
    celsius = 21.5
    value = {"celsius": celsius, "fahrenheit": celsius * 9 / 5 + 32, "kelvin": celsius + 273.15}
    return Forecast(city=city, temperature=value[units], units=units)


def cities(query: str, limit: int) -> list[str]:
    found = [name for name in ("Lisbon", "Lima", "Linz") if query.lower() in name.lower()]
    return found[:limit]


if COMPATIBLE:

    @server.tool(annotations=ToolAnnotations(readOnlyHint=True))
    def search(query: str, limit: int = 10, language: str | None = None) -> list[str]:
        """Cities whose name contains the query."""
        return cities(query, limit)

else:

    @server.tool(annotations=ToolAnnotations(readOnlyHint=True))
    def search(query: str, limit: int = 10) -> list[str]:  # type: ignore[misc]
        """Cities whose name contains the query."""
        return cities(query, limit)


def serve_http() -> None:
    import uvicorn

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    print(f"http://127.0.0.1:{listener.getsockname()[1]}/mcp", flush=True)
    config = uvicorn.Config(server.streamable_http_app(), log_level="warning")
    uvicorn.Server(config).run(sockets=[listener])


if __name__ == "__main__":
    if sys.argv[1:] == ["--http"]:
        serve_http()
    else:
        server.run()
