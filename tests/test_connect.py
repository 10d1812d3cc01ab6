"""connect() (templates/runtime/connection.py, servers.py, sessions.py): recipes and their
variables, the errors that name a server, and every process stopped, with small local servers
(the demo server and the misbehaving fixtures of tests/fixtures/servers).

With the real servers and modules built from a pyproject config and an mcpServers file:
tests/test_e2e_execute.py. Recipes reaching a module's SERVERS: tests/test_recipes.py.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from live_support import EXAMPLES, FIXTURE_SERVERS, descendants, pids, wait_gone
from mcp2openai.servers import ExpansionError, expand_text
from mcp2openai.templates.runtime.servers import expand_text as _expand_text
from runtime_support import load_runtime, write_toolset

pytestmark = pytest.mark.e2e  # starts MCP servers (CONTRIBUTING.md, "Tiers")

PYTHON = sys.executable
DEMO = {"command": PYTHON, "args": [str(EXAMPLES / "demo_server.py")]}

rt = load_runtime(
    "mcp2openai_runtime_connect",
    {"demo__add": ("demo", "add"), "legacy__x": ("legacy", "x"), "docs__q": ("docs", "q")},
    servers={
        "demo": DEMO,
        "legacy": None,  # built from a bare snapshot
        "docs": {"url": "https://docs.example/mcp", "headers": {"Authorization": "${TOKEN}"}},
    },
)


# ---------------------------------------------------------------------------- ${VAR}

ENV = {"TOKEN": "t0k", "EMPTY": "", "DIR": "/srv"}
CASES = [
    "plain",
    "Bearer ${TOKEN}",
    "${env:TOKEN}",
    "${MISSING:-fallback}",
    "${EMPTY:-fallback}",
    "${EMPTY}",
    "${MISSING:-}",
    "${DIR}/data/${TOKEN}",
    "$TOKEN and $${TOKEN} and ${TOKEN",
    "${MISSING:-a}${MISSING:-b:-c}",
    "${MISSING}",
    "${input:api_key}",
    "${}",
    "${1BAD}",
    "${env:}",
    "multi\nline ${MISSING:-x\ny}",
]


@pytest.mark.parametrize("text", CASES)
def test_variables_are_filled_as_the_generator_fills_them(text: str) -> None:
    """`fetch` fills a config's variables with the runtime's `expand_text`: the generator's
    (generator/servers.py) gives the same text, or the same message in its own error type,
    for every case."""
    try:
        expected: str = expand_text(text, "headers.X", ENV)
    except ExpansionError as error:
        with pytest.raises(ValueError) as caught:
            _expand_text(text, "headers.X", ENV)
        assert str(caught.value) == str(error)
    else:
        assert _expand_text(text, "headers.X", ENV) == expected


# ---------------------------------------------------------------------------- mistakes


async def enter(**options: Any) -> Any:
    async with rt.connect(**options) as call_tool:
        return call_tool.sessions


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        (
            {"servers": ["legacy"]},
            ValueError,
            "server 'legacy' has no recipe: it was built from a bare snapshot (mcp2openai build "
            "--server NAME=SNAPSHOT); give one, e.g. "
            """connect(servers={'legacy': {"command": ..., "args": [...]}})""",
        ),
        ({}, ValueError, "server 'legacy' has no recipe"),  # every server, legacy among them
        (
            {"servers": ["docs"], "env": {}},
            ValueError,
            "server 'docs': headers.Authorization: environment variable TOKEN is not set",
        ),
        (
            {"servers": ["nope"]},
            ValueError,
            "no server 'nope' in this toolset (servers: demo, legacy, docs)",
        ),
        (
            {"servers": ["dem"]},
            ValueError,
            "no server 'dem' in this toolset; closest: demo (servers: demo, legacy, docs)",
        ),
        ({"servers": "demo"}, TypeError, "servers must be a list of server names"),
        ({"servers": {"legacy": "python x.py"}}, ValueError, "a recipe is a dict, not str"),
        ({"servers": {"legacy": {"args": []}}}, ValueError, 'needs "command" (stdio) or "url"'),
        ({"servers": {"legacy": {"command": "x", "url": "y"}}}, ValueError, "not both"),
        ({"servers": {"legacy": {"url": "y", "cwd": "/"}}}, ValueError, "'cwd' does not go"),
        ({"servers": {"legacy": {"command": 5}}}, ValueError, "command must be a string"),
        ({"servers": {"legacy": {"command": "x", "args": "-v"}}}, ValueError, "args must be a"),
        ({"servers": {"legacy": {"command": "x", "env": {"A": 1}}}}, ValueError, "env must be"),
    ],
)
def test_mistakes_are_clear_errors_before_anything_starts(
    options: dict[str, Any], error: type[Exception], message: str
) -> None:
    before = descendants()
    with pytest.raises(error) as caught:
        asyncio.run(enter(**options))
    assert message in str(caught.value)
    assert descendants() == before


def test_without_the_mcp_package_an_import_error_says_how_to_install_it(
    tmp_path: Path,
) -> None:
    write_toolset(tmp_path, "toolset", {"s__t": ("s", "t")})
    probe = (
        "import asyncio, sys\n"
        "sys.modules['mcp'] = None  # as if not installed\n"
        f"sys.path.insert(0, {str(tmp_path)!r})\n"
        "import toolset\n"
        "async def main():\n"
        "    async with toolset.connect():\n"
        "        pass\n"
        "try:\n"
        "    asyncio.run(main())\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    result = subprocess.run([PYTHON, "-I", "-c", probe], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == (
        "connect() needs the mcp package (the official MCP SDK): pip install mcp"
    )


# ---------------------------------------------------------------------------- servers


def test_a_call_through_connect_and_the_server_stopped_after() -> None:
    before = descendants()

    async def main() -> tuple[list[dict[str, object]], set[int], list[str]]:
        async with rt.connect(servers={"demo": None}) as call_tool:
            started = descendants() - before
            names = list(call_tool.sessions)
            response = {
                "choices": [
                    {
                        "message": {
                            "tool_calls": [
                                {
                                    "id": "c1",
                                    "type": "function",
                                    "function": {
                                        "name": "demo__add",
                                        "arguments": '{"a": 2, "b": 40}',
                                    },
                                }
                            ]
                        }
                    }
                ]
            }
            items = await rt.execute_tool_calls(response, call_tool)
            with pytest.raises(LookupError, match="server 'docs' is not connected"):
                call_tool("docs", "q", {})
        return items, started, names

    items, started, names = asyncio.run(main())
    assert items == [{"role": "tool", "tool_call_id": "c1", "content": "42"}]
    assert names == ["demo"]
    assert started  # the demo server ran as our child
    assert wait_gone(sorted(started)) == []
    assert descendants() == before


def test_a_server_that_cannot_start_is_named_and_the_others_are_stopped(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids"
    failing = {
        "command": PYTHON,
        "args": [str(FIXTURE_SERVERS / "exits_at_once.py")],
        "env": {"MCP2OPENAI_PIDFILE": "${PIDS}"},
    }
    before = descendants()
    with pytest.raises(ConnectionError) as caught:
        asyncio.run(enter(servers={"demo": None, "legacy": failing}, env={"PIDS": str(pidfile)}))
    assert str(caught.value).startswith("connect(): server 'legacy' could not be started: ")
    # its stderr quoted, as fetch quotes it; nothing of it on the app's own stderr
    assert str(caught.value).endswith('; stderr: "fatal: configuration file missing"')
    assert caught.value.stderr == "fatal: configuration file missing"  # as written, unquoted
    assert pids(pidfile)  # it did run (and recorded itself)
    assert wait_gone(pids(pidfile)) == []
    assert wait_gone(sorted(descendants() - before)) == []


def test_a_missing_command_is_named() -> None:
    missing = {"command": "/nonexistent/mcp-server"}
    with pytest.raises(ConnectionError, match="server 'legacy' could not be started: "):
        asyncio.run(enter(servers={"legacy": missing}))


def test_cancelled_while_starting_stops_every_process(tmp_path: Path) -> None:
    """A server that never answers initialize, ignores stdin closing and SIGTERM and has a
    child of its own: the mcp SDK's shutdown kills its process group."""
    pidfile = tmp_path / "pids"
    stuck = {
        "command": PYTHON,
        "args": [str(FIXTURE_SERVERS / "never_answers.py")],
        "env": {"MCP2OPENAI_PIDFILE": str(pidfile)},
    }
    before = descendants()

    async def main() -> None:
        async with asyncio.timeout(3):
            await enter(servers={"demo": None, "legacy": stuck})

    with pytest.raises(TimeoutError):
        asyncio.run(main())
    recorded = pids(pidfile)
    assert len(recorded) == 2  # the server and its child
    assert wait_gone(recorded, 15) == []
    assert wait_gone(sorted(descendants() - before), 15) == []


class Boom(Exception):
    pass


def test_an_error_in_the_app_stops_every_server_and_is_raised_as_it_is() -> None:
    before = descendants()

    async def main() -> None:
        async with rt.connect(servers=["demo"]):
            assert descendants() - before
            raise Boom("the app failed")

    with pytest.raises(Boom, match="the app failed"):  # not wrapped in an exception group
        asyncio.run(main())
    assert wait_gone(sorted(descendants() - before)) == []


def test_a_connection_is_opened_once() -> None:
    async def main() -> None:
        connection = rt.connect(servers=["demo"])
        async with connection:
            with pytest.raises(RuntimeError, match="already open"):
                await connection.__aenter__()

    asyncio.run(main())
