"""An app that uses a generated toolset's `connect()` with remote servers, run by
tests/test_remote.py under the project's mcp 2.x and under an app venv with mcp 1.30: the
same run must pass with both.

    python remote_app.py MODULE_DIR URL GUARDED_URL TOKEN STDIO_SERVER STDIO_PYTHON

Prints one JSON object: the SDK's version, the outputs of `create_issue` (which say the
protocol and the `Mcp-Param-*` headers each call carried), of `whoami` through `auth=` and
through a `${TOKEN}` header, of a stdio server's `echo`, the error a wrong token gives, and
two `echo` calls over HTTP with the server started anew between them (its session expired).
"""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import time
from importlib.metadata import version
from typing import Any

module_dir, url, guarded, token, stdio_server, stdio_python = sys.argv[1:7]
sys.path.insert(0, module_dir)

import remote_tools as tools  # noqa: E402

http: Any
try:  # the mcp SDK's own HTTP client: httpx2 for 2.x, httpx for 1.x
    import httpx2 as http
except ImportError:
    import httpx as http


class Bearer(http.Auth):  # type: ignore[misc,name-defined]
    def __init__(self, secret: str) -> None:
        self.secret = secret

    def auth_flow(self, request: Any) -> Any:
        request.headers["Authorization"] = f"Bearer {self.secret}"
        yield request


def response(*calls: tuple[str, str, dict[str, object]]) -> dict[str, object]:
    output = [
        {"type": "function_call", "call_id": i, "name": n, "arguments": json.dumps(a)}
        for i, n, a in calls
    ]
    return {"object": "response", "output": output}


async def run(name: str, arguments: dict[str, object], **options: Any) -> str:
    async with tools.connect(**options) as call_tool:
        items = await tools.execute_tool_calls(response(("c1", name, arguments)), call_tool)
    return str(items[0]["output"])


def serve(port: int) -> subprocess.Popen[bytes]:
    """The session server over Streamable HTTP on ``port``, once it listens."""
    command = [stdio_python, stdio_server, "--http", str(port)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("the session server did not listen")


async def expiry() -> list[str]:
    """Two calls on a stateful HTTP session, the server started anew between them: the
    second finds its session expired, and is sent again on a new one."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}/mcp"
    server = serve(port)
    echoed = []
    try:
        recipe = {"session": {"url": url}}
        async with tools.connect(servers=recipe, protocol="legacy", check="off") as call:
            for text in ("before", "after"):
                response_ = response(("c1", "session__echo", {"text": text}))
                items = await tools.execute_tool_calls(response_, call)
                echoed.append(str(items[0]["output"]))
                server.terminate()
                server.wait()
                server = serve(port)
    finally:
        server.terminate()
        server.wait()
    return echoed


async def main() -> dict[str, object]:
    found: dict[str, object] = {"mcp": version("mcp")}
    async with tools.connect(servers={"remote": {"url": url}}) as call_tool:
        items = await tools.execute_tool_calls(
            response(
                ("c1", "remote__create_issue", {"owner": "acme", "title": "a", "label": None}),
                ("c2", "remote__create_issue", {"owner": "zoë", "title": "b", "label": "bug"}),
            ),
            call_tool,
        )
    found["issues"] = [json.loads(str(item["output"])) for item in items]
    found["auth"] = await run(
        "remote__whoami",
        {},
        servers={"remote": {"url": guarded}},
        auth={"remote": Bearer(token)},
    )
    header = {"Authorization": "Bearer ${TOKEN}"}
    found["env"] = await run(
        "remote__whoami",
        {},
        servers={"remote": {"url": guarded, "headers": header}},
        env={"TOKEN": token},
    )
    found["stdio"] = await run(
        "session__echo",
        {"text": "over stdio"},
        servers={"session": {"command": stdio_python, "args": [stdio_server]}},
        check="off",
    )
    try:
        await run(
            "remote__whoami",
            {},
            servers={"remote": {"url": guarded}},
            auth={"remote": Bearer("wrong")},
        )
    except tools.ServerError as error:
        found["wrong"] = f"{type(error).__name__}: {error}"
    found["expiry"] = await expiry()
    return found


print(json.dumps(asyncio.run(main())))
