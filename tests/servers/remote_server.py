"""A remote server (the mcp SDK's `MCPServer`, Streamable HTTP on 127.0.0.1): it speaks
both protocol eras, marks an argument with `x-mcp-header`, and may want a bearer token.

    python remote_server.py --http                  the server; its endpoint is the
                                                    first line on stdout (_serve.py)
    python remote_server.py --http --token SECRET   every request needs `Authorization:
                                                    Bearer SECRET` (else 401); the server
                                                    gives it to an OAuth client (the
                                                    client credentials grant)
    python remote_server.py --http --plain          `create_issue` without its annotations
                                                    (as the server was before it added them)

Tools:
- `create_issue(owner, title, label="")`: `owner` carries `"x-mcp-header": "Owner"` and
  `label` `"x-mcp-header": "Label"`; it answers with the protocol the call came over and the
  `Mcp-Param-*` headers it carried, as JSON. On 2026-07-28 the SDK's server refuses a call
  whose headers do not match its arguments (400, -32020) before the tool runs.
- `whoami()`: the `Authorization` header the call came with, masked to its scheme.
"""

from __future__ import annotations

import base64
import json
import sys
from typing import Annotated, Any
from urllib.parse import parse_qs

from _serve import serve_app
from mcp.server.mcpserver import Context, MCPServer
from pydantic import Field

PLAIN = "--plain" in sys.argv
app = MCPServer("remote")


def _header(token: str) -> dict[str, str]:
    return {} if PLAIN else {"x-mcp-header": token}


@app.tool(structured_output=False)  # plain text: the test reads it as it is
def create_issue(
    owner: Annotated[str, Field(json_schema_extra=_header("Owner"))],
    title: str,
    ctx: Context,
    label: Annotated[str, Field(json_schema_extra=_header("Label"))] = "",
) -> str:
    """Opens an issue in the owner's repository."""
    headers = ctx.headers or {}
    seen = {k.lower(): v for k, v in headers.items() if k.lower().startswith("mcp-param-")}
    protocol = headers.get("mcp-protocol-version", "")
    return json.dumps({"protocol": protocol, "headers": seen, "title": title, "label": label})


@app.tool(structured_output=False)  # plain text: the test reads it as it is
def whoami(ctx: Context) -> str:
    """The scheme of the Authorization header the call came with."""
    return ((ctx.headers or {}).get("authorization") or "none").split(" ")[0]


CLIENT = ("app", "app-secret")  # the OAuth client the token endpoint knows


def guarded(inner: Any, token: str) -> Any:
    """The app behind a bearer token: any other request gets 401, which names where to
    get one (RFC 9728). The server is its own OAuth authorization server, for the client
    credentials grant only: `POST /token` with `CLIENT`'s id and secret gives `token`."""

    async def asgi(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await inner(scope, receive, send)
            return
        host, port = scope["server"]
        base = f"http://{host}:{port}"
        headers = dict(scope.get("headers") or [])
        path = scope["path"]
        if path.startswith("/.well-known/oauth-protected-resource"):
            body = {"resource": f"{base}/mcp", "authorization_servers": [base]}
            await _json(send, 200, body)
        elif path == "/.well-known/oauth-authorization-server":
            await _json(send, 200, _metadata(base))
        elif path == "/token":
            form = parse_qs((await _body(receive)).decode())
            given = base64.b64decode(headers.get(b"authorization", b"Basic ")[6:]).decode()
            granted = form.get("grant_type") == ["client_credentials"]
            if granted and given == ":".join(CLIENT):
                body = {"access_token": token, "token_type": "Bearer", "expires_in": 3600}
                await _json(send, 200, body)
            else:
                await _json(send, 401, {"error": "invalid_client"})
        elif headers.get(b"authorization") == f"Bearer {token}".encode():
            await inner(scope, receive, send)
        else:
            where = f'Bearer resource_metadata="{base}/.well-known/oauth-protected-resource/mcp"'
            await _json(send, 401, {"error": "unauthorized"}, [(b"www-authenticate", where)])

    return asgi


def _metadata(base: str) -> dict[str, object]:
    return {
        "issuer": base,
        "authorization_endpoint": f"{base}/authorize",
        "token_endpoint": f"{base}/token",
        "response_types_supported": ["code"],
        "grant_types_supported": ["client_credentials"],
        "token_endpoint_auth_methods_supported": ["client_secret_basic"],
    }


async def _body(receive: Any) -> bytes:
    chunks = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            return b"".join(chunks)


async def _json(send: Any, status: int, body: object, extra: Any = ()) -> None:
    headers = [(b"content-type", b"application/json"), *((k, v.encode()) for k, v in extra)]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": json.dumps(body).encode()})


if __name__ == "__main__":
    served: Any = app.streamable_http_app()
    if "--token" in sys.argv:
        served = guarded(served, sys.argv[sys.argv.index("--token") + 1])
    serve_app(served)
