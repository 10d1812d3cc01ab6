"""Remote servers as they are in 2026, end to end over Streamable HTTP on 127.0.0.1, against
tests/servers/remote_server.py (the mcp SDK's `MCPServer`, both protocol eras):

- `x-mcp-header`: a call through `connect()` carries its `Mcp-Param-*` headers on the
  2026-07-28 protocol, whether or not anything listed the tools first; a header the module
  does not know (the server added it after the build) is learned by listing again after the
  server's -32020; a tool whose annotation breaks the rules is left out at build, with a
  report line.
- Credentials: `auth=` (an `httpx.Auth`) and `${ENV}` headers; a wrong token fails in one
  line naming the server, for `connect()` and for `fetch` (exit 2).
- The mcp the app has: tests/apps/remote_app.py runs the same app under the project's mcp 2.x
  and under an app venv with mcp 1.30 (`make servers` installs it); an older mcp is refused
  in one line.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx2
import pytest
from buildutil import import_path, run_cli, write_snapshot
from live_support import REPO, free_port, start_http, stop
from mcp2openai.live import fetch_snapshot
from mcp2openai.servers import Http, Stdio

pytestmark = pytest.mark.e2e  # starts MCP servers over HTTP

PYTHON = sys.executable
SERVERS = REPO / "tests" / "servers"
APP = REPO / "tests" / "apps" / "remote_app.py"
MCP1_PYTHON = REPO / ".servers" / "app-mcp1" / "bin" / "python"
TOKEN = "s3cret-token"
# A tool no MCPServer can declare (it refuses an invalid annotation): as a server in another
# language might list it.
BAD = {
    "name": "pay",
    "description": "Pays an amount.",
    "inputSchema": {
        "type": "object",
        "properties": {"amount": {"type": "number", "x-mcp-header": "Amount"}},
        "required": ["amount"],
    },
}


@dataclass
class World:
    folder: Path  # the module's folder
    module: ModuleType  # remote_tools, built from the annotated server (and `pay`)
    plain: ModuleType  # built from the server before it annotated its arguments
    report: str  # what `build` printed
    url: str
    guarded: str  # the same server behind a bearer token


def _tools(transport: Http | Stdio) -> list[dict[str, Any]]:
    document = asyncio.run(fetch_snapshot(transport, timeout=60, protocol="auto"))
    tools: list[dict[str, Any]] = document["tools"]
    return tools


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    started = [start_http("remote_server.py"), start_http("remote_server.py", "--plain")]
    started.append(start_http("remote_server.py", "--token", TOKEN))
    try:
        (_, url), (_, plain_url), (_, guarded) = started
        root = tmp_path_factory.mktemp("remote")
        remote = write_snapshot(root, "remote", [*_tools(Http(url)), BAD])
        session = _tools(Stdio(PYTHON, (str(SERVERS / "session_server.py"),)))
        stdio = write_snapshot(root, "session", session)
        out = root / "app" / "remote_tools.py"
        out.parent.mkdir()
        servers = ["--server", f"remote={remote}", "--server", f"session={stdio}"]
        result = run_cli("build", *servers, "--out", str(out))
        assert result.exit_code == 0, result.output
        before = write_snapshot(root, "plain", _tools(Http(plain_url)))
        plain = root / "plain_tools.py"
        built = run_cli("build", "--server", f"remote={before}", "--out", str(plain), "-q")
        assert built.exit_code == 0, built.output
        module = import_path(out)
        yield World(out.parent, module, import_path(plain), result.output, url, guarded)
    finally:
        for process, _ in started:
            stop(process)  # type: ignore[arg-type]


def call(name: str, arguments: dict[str, object]) -> dict[str, object]:
    item = {"type": "function_call", "call_id": "c1", "name": name}
    return {"object": "response", "output": [item | {"arguments": json.dumps(arguments)}]}


def issue(
    module: ModuleType,
    url: str,
    arguments: dict[str, object],
    listed: bool = False,
    **options: Any,
) -> Any:
    """`create_issue` through `connect()`: what the server saw (its output, as JSON);
    `listed`: the SDK's own `list_tools()` runs first (it keeps the header maps it lists)."""

    async def main() -> str:
        async with module.connect(servers={"remote": {"url": url}}, **options) as call_tool:
            if listed:
                await call_tool.sessions["remote"].list_tools()
            items = await module.execute_tool_calls(
                call("remote__create_issue", arguments), call_tool
            )
        return str(items[0]["output"])

    output = asyncio.run(main())
    assert not output.startswith("Error"), output
    return json.loads(output)


ACME = {"owner": "acme", "title": "t", "label": None}


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The name of each `tools/call` the session sends: a call the server refused (-32020)
    and sent again appears twice."""
    from mcp import ClientSession

    seen: list[str] = []
    send = ClientSession.call_tool

    async def counted(self: ClientSession, name: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(name)
        return await send(self, name, *args, **kwargs)

    monkeypatch.setattr(ClientSession, "call_tool", counted)
    return seen


# ------------------------------------------------------------------------------ x-mcp-header


@pytest.mark.parametrize("check", ["warn", "off"])  # with the contract's raw listing or none
@pytest.mark.parametrize("listed", [False, True])  # the SDK's own listing first, or not
def test_a_call_carries_its_mcp_param_headers_listed_first_or_not(
    world: World, check: str, listed: bool, sent: list[str]
) -> None:
    seen = issue(world.module, world.url, ACME, listed, check=check)
    assert sent == ["create_issue"]  # the module's header map: the first call has them
    assert seen["protocol"] == "2026-07-28"
    # label: null, the conversion's, is removed: no header, and the server's default
    assert seen["headers"] == {"mcp-param-owner": "acme"}
    assert seen["label"] == ""
    labelled = issue(world.module, world.url, ACME | {"label": "bug"}, listed, check=check)
    assert labelled["headers"] == {"mcp-param-owner": "acme", "mcp-param-label": "bug"}


def test_the_module_keeps_each_tools_header_map(world: World) -> None:
    entry = world.module._toolset.table("tools")["remote__create_issue"]
    assert entry["headers"] == [["Label", "label"], ["Owner", "owner"]]
    assert "headers" not in world.module._toolset.table("tools")["remote__whoami"]


def test_the_legacy_protocol_sends_no_header(world: World) -> None:
    seen = issue(world.module, world.url, ACME, protocol="legacy")
    assert seen == {"protocol": "2025-11-25", "headers": {}, "title": "t", "label": ""}


def test_a_header_the_module_does_not_know_is_learned_by_listing_again(
    world: World, sent: list[str]
) -> None:
    """Built before the server annotated `owner`: the first call has no header, the server
    answers -32020, and the call is sent again once the SDK has listed the tools."""
    assert "headers" not in world.plain._toolset.table("tools")["remote__create_issue"]
    seen = issue(world.plain, world.url, ACME, check="off")
    assert seen["headers"] == {"mcp-param-owner": "acme"}
    assert sent == ["create_issue", "create_issue"]


def test_a_tool_whose_annotation_breaks_the_rules_is_left_out_with_a_report_line(
    world: World,
) -> None:
    assert "remote__pay" not in world.module.NAMES
    assert "remote__create_issue" in world.module.NAMES
    line = (
        "excluded remote__pay: x-mcp-header at #: property 'amount': x-mcp-header is "
        "only permitted on integer/string/boolean properties (got 'number')"
    )
    assert line in world.report.splitlines(), world.report


# ------------------------------------------------------------------------------- credentials


class Bearer(httpx2.Auth):
    """A bearer token as an `httpx2.Auth` (the mcp SDK 2.x's HTTP client)."""

    def __init__(self, secret: str) -> None:
        self.secret = secret

    def auth_flow(
        self, request: httpx2.Request
    ) -> Generator[httpx2.Request, httpx2.Response, None]:
        request.headers["Authorization"] = f"Bearer {self.secret}"
        yield request


def whoami(world: World, **options: Any) -> str:
    async def main() -> str:
        async with world.module.connect(**options) as call_tool:
            items = await world.module.execute_tool_calls(call("remote__whoami", {}), call_tool)
        return str(items[0]["output"])

    return asyncio.run(main())


def test_a_wrong_token_fails_connect_in_one_line_naming_the_server(world: World) -> None:
    with pytest.raises(world.module.ServerError) as raised:
        whoami(world, servers={"remote": {"url": world.guarded}}, auth={"remote": Bearer("no")})
    message = str(raised.value)
    assert message == (
        "connect(): server 'remote' could not be started: it refused the credentials "
        "(HTTP 401 Unauthorized): check its auth or headers"
    )
    assert raised.value.server == "remote"
    # an app that does not catch it prints that line alone, not the SDK's exception groups
    assert raised.value.__cause__ is None and raised.value.__suppress_context__


def test_a_server_nobody_answers_at_is_named_with_its_url(world: World) -> None:
    url = f"http://127.0.0.1:{free_port()}/mcp"
    with pytest.raises(world.module.ServerError) as raised:
        whoami(world, servers={"remote": {"url": url}})
    message = str(raised.value)
    assert message.startswith("connect(): server 'remote' could not be started: "), message
    assert message.endswith(f" (at {url})") and "\n" not in message, message


def test_the_sdks_oauth_client_credentials_provider_gets_the_token(world: World) -> None:
    """The mcp SDK's own OAuth client as `auth`: on the server's 401 it reads where to get a
    token (RFC 9728 and RFC 8414 metadata), gets one with the client credentials grant, and
    sends the call with it."""
    from mcp.client.auth.extensions.client_credentials import ClientCredentialsOAuthProvider
    from mcp.shared.auth import OAuthClientInformationFull, OAuthToken

    class Memory:  # the app's token store (the SDK's TokenStorage protocol)
        def __init__(self) -> None:
            self.tokens: OAuthToken | None = None
            self.client: OAuthClientInformationFull | None = None

        async def get_tokens(self) -> OAuthToken | None:
            return self.tokens

        async def set_tokens(self, tokens: OAuthToken) -> None:
            self.tokens = tokens

        async def get_client_info(self) -> OAuthClientInformationFull | None:
            return self.client

        async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
            self.client = client_info

    storage = Memory()
    provider = ClientCredentialsOAuthProvider(
        server_url=world.guarded,
        storage=storage,
        client_id="app",
        client_secret="app-secret",
        issuer=world.guarded.removesuffix("/mcp"),
    )
    servers = {"remote": {"url": world.guarded}}
    assert whoami(world, servers=servers, auth={"remote": provider}) == "Bearer"
    assert storage.tokens is not None and storage.tokens.access_token == TOKEN


def test_auth_replaces_the_recipes_authorization_header_and_its_variable(world: World) -> None:
    """The config's `Authorization = "Bearer ${REMOTE_TOKEN}"`, kept for fetch: with `auth=`
    connect() does not need the variable (the header is left out: auth sets it)."""
    recipe = {"url": world.guarded, "headers": {"Authorization": "Bearer ${REMOTE_TOKEN}"}}
    with pytest.raises(ValueError, match="environment variable REMOTE_TOKEN is not set"):
        whoami(world, servers={"remote": recipe}, env={})
    signed = whoami(world, servers={"remote": recipe}, env={}, auth={"remote": Bearer(TOKEN)})
    assert signed == "Bearer"  # the guard let the call through: auth's token


def test_auth_names_only_http_servers_of_the_connection(world: World) -> None:
    stdio = {"command": PYTHON, "args": [str(SERVERS / "session_server.py")]}
    servers = {"remote": {"url": world.url}, "session": stdio}
    for name in ("session", "nowhere"):
        with pytest.raises(ValueError, match=f"auth names server '{name}', not an HTTP server"):
            whoami(world, servers=servers, auth={name: Bearer(TOKEN)})


def test_fetch_with_a_wrong_token_exits_2_in_one_line(world: World, tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        "[tool.mcp2openai]\nout = 'tools.py'\n\n[tool.mcp2openai.servers.remote]\n"
        f"url = '{world.guarded}'\nheaders = {{ Authorization = 'Bearer ${{REMOTE_TOKEN}}' }}\n",
        encoding="utf-8",
    )
    env = {"PATH": str(Path(PYTHON).parent), "REMOTE_TOKEN": "wrong", "HOME": str(tmp_path)}
    cli = str(Path(PYTHON).parent / "mcp2openai")
    failed = subprocess.run([cli, "fetch"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert failed.returncode == 2, failed.stderr
    errors = [line for line in failed.stderr.splitlines() if "error" in line]
    assert errors == [
        f"mcp2openai: error: remote: initialize: HTTP 401 Unauthorized from {world.guarded}"
    ]
    env["REMOTE_TOKEN"] = TOKEN
    fetched = subprocess.run([cli, "fetch"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert fetched.returncode == 0, fetched.stderr


# ----------------------------------------------------------------------- the mcp the app has


def _app(world: World, python: Path | str) -> dict[str, Any]:
    arguments = [world.url, world.guarded, TOKEN, str(SERVERS / "session_server.py"), PYTHON]
    command = [str(python), str(APP), str(world.folder), *arguments]
    ran = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=world.folder)
    assert ran.returncode == 0, ran.stderr
    found: dict[str, Any] = json.loads(ran.stdout)
    return found


STDIO = '{"result":"over stdio"}'  # session_server's echo has an output schema
WRONG = (
    "ServerError: connect(): server 'remote' could not be started: it refused the "
    "credentials (HTTP 401 Unauthorized): check its auth or headers"
)


def test_the_app_runs_with_the_mcp_sdk_2(world: World) -> None:
    found = _app(world, PYTHON)
    assert found["mcp"].startswith("2.")
    first, second = found["issues"]
    assert first["protocol"] == "2026-07-28"
    assert first["headers"] == {"mcp-param-owner": "acme"}
    # not a token: the SDK sends it base64-wrapped, and the server reads it back
    assert second["headers"]["mcp-param-owner"].startswith("=?base64?")
    assert second["headers"]["mcp-param-label"] == "bug"
    assert (found["auth"], found["env"], found["stdio"]) == ("Bearer", "Bearer", STDIO)
    assert found["wrong"] == WRONG
    assert found["expiry"] == ['{"result":"before"}', '{"result":"after"}']


def test_the_app_runs_with_the_mcp_sdk_1_30(world: World) -> None:
    if not MCP1_PYTHON.exists():
        pytest.fail(f"no app venv with mcp 1.30 ({MCP1_PYTHON}): run `make servers`")
    found = _app(world, MCP1_PYTHON)
    assert found["mcp"] == "1.30.0"
    # 1.x speaks the 2025 handshake: the server wants no header there
    assert [issue["protocol"] for issue in found["issues"]] == ["2025-11-25"] * 2
    assert [issue["headers"] for issue in found["issues"]] == [{}, {}]
    assert [issue["label"] for issue in found["issues"]] == ["", "bug"]
    assert (found["auth"], found["env"], found["stdio"]) == ("Bearer", "Bearer", STDIO)
    assert found["wrong"] == WRONG
    # mcp 1.30 says a 404 to the session id with 32600, unsigned: still sent again
    assert found["expiry"] == ['{"result":"before"}', '{"result":"after"}']


def test_an_older_mcp_is_refused_in_one_line(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.metadata

    monkeypatch.setattr(importlib.metadata, "version", lambda name: "1.12.4")
    with pytest.raises(ImportError) as raised:
        whoami(world, servers={"remote": {"url": world.url}})
    assert str(raised.value) == (
        "connect() needs the mcp SDK 2.x (2.3 or newer) or 1.30 (found mcp 1.12.4): "
        "pip install 'mcp>=2.3,<3'"
    )
