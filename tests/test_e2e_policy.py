"""The run-time policy end to end, with a real server through `connect()`: a toolset of two
notes servers (tests/servers/policy_server.py), fetched and built by the CLI from a project
config.

- only what was offered runs: a call outside the offered subset is answered with an error and
  never reaches the server (each server records every call it receives);
- approvals: declined and accepted, sync and async, asked while another server's call runs,
  and not counted against `timeout=`;
- stderr: what a server writes at start and during calls goes to the `mcp2openai` logger and
  nothing to the app's stderr (checked in a fresh interpreter);
- a server that dies mid-call: the error quotes its stderr.
"""

from __future__ import annotations

import asyncio
import json
import logging
import subprocess
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from buildutil import import_path
from live_support import PYTHON, REPO, run_cli

pytestmark = pytest.mark.e2e  # starts MCP servers (CONTRIBUTING.md, "Tiers")

SERVER = REPO / "tests" / "servers" / "policy_server.py"


@dataclass
class Project:
    root: Path
    module: ModuleType
    calls: dict[str, Path]  # server -> the file its calls are recorded in

    def env(self) -> dict[str, str]:
        return {f"{name.upper()}_CALLS": str(path) for name, path in self.calls.items()}

    def received(self, server: str) -> list[str]:
        path = self.calls[server]
        lines = path.read_text().splitlines() if path.exists() else []
        return [json.loads(line)["tool"] for line in lines]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    root = tmp_path_factory.mktemp("policy")
    lines = ["[tool.mcp2openai]", 'out = "policy_tools.py"', ""]
    for name in ("notes", "other"):
        lines += [
            f"[tool.mcp2openai.servers.{name}]",
            f"command = {json.dumps(PYTHON)}",
            f"args = [{json.dumps(str(SERVER))}]",
            f'env = {{ POLICY_CALLS = "${{{name.upper()}_CALLS:-}}" }}',
            "",
        ]
    # the config's word over the server's: slow asks no approval, write_note always
    lines += ["[tool.mcp2openai.servers.other.approve]", '"slow" = "never"', ""]
    (root / "pyproject.toml").write_text("\n".join(lines), encoding="utf-8")
    fetched = run_cli("fetch", cwd=root)
    assert fetched.returncode == 0, fetched.stderr
    built = run_cli("build", cwd=root)
    assert built.returncode == 0, built.stderr
    assert "unhinted notes: 1 tool without readOnlyHint or destructiveHint" in built.stderr
    module = import_path(root / "policy_tools.py")
    calls = {name: root / f"{name}.calls" for name in ("notes", "other")}
    return Project(root, module, calls)


def function_call(call_id: str, name: str, arguments: dict[str, object]) -> dict[str, object]:
    return {
        "type": "function_call",
        "call_id": call_id,
        "name": name,
        "arguments": json.dumps(arguments),
    }


def responses(*calls: dict[str, object], tools: list[Any] | None = None) -> dict[str, object]:
    return {"object": "response", "output": list(calls), "tools": tools or []}


def run(project: Project, body: Callable[[Any], Awaitable[Any]]) -> Any:
    async def main() -> Any:
        async with project.module.connect(env=project.env()) as call_tool:
            return await asyncio.wait_for(body(call_tool), 30)

    for path in project.calls.values():
        path.unlink(missing_ok=True)
    return asyncio.run(main())


def texts(outputs: list[dict[str, Any]]) -> dict[str, str]:
    """call id -> its output; a result's structured value as the text it holds (these tools
    declare an output schema, `{"result": ...}`: Responses sends their structuredContent)."""
    found = {}
    for item in outputs:
        text = item["output"]
        found[item["call_id"]] = json.loads(text)["result"] if text.startswith("{") else text
    return found


# ---------------------------------------------------------------------------- offered


def test_a_call_outside_the_offered_subset_is_rejected_and_never_runs(project: Project) -> None:
    m = project.module
    offered = m.tools("responses", servers=["notes"])
    response = responses(
        function_call("c1", "notes__read_note", {"name": "todo"}),
        function_call("c2", "other__delete_note", {"name": "todo"}),
        tools=offered,  # the API echoes what the request sent
    )

    async def body(call_tool: Any) -> Any:
        return await m.execute_tool_calls(response, call_tool)

    outputs = texts(run(project, body))
    assert outputs["c1"] == "buy milk"
    assert outputs["c2"] == (
        "Error: The tool 'other__delete_note' was not offered in this request; call one of "
        "the tools you were given."
    )
    assert project.received("notes") == ["read_note"]
    assert project.received("other") == []  # never reached


def test_tools_given_by_the_app_win_over_the_echo_and_chat_is_covered(project: Project) -> None:
    m = project.module
    offered = m.tools("chat", names=["other__read_note"], read_only=True)
    assert [t["function"]["name"] for t in offered] == ["other__read_note"]
    chat = {
        "choices": [
            {
                "message": {
                    "role": "assistant",
                    "tool_calls": [
                        {
                            "id": f"c{index}",
                            "type": "function",
                            "function": {"name": name, "arguments": '{"name": "todo"}'},
                        }
                        for index, name in enumerate(("other__read_note", "notes__read_note"))
                    ],
                }
            }
        ]
    }

    async def body(call_tool: Any) -> Any:
        return await m.execute_tool_calls(chat, call_tool, tools=offered)

    outputs = run(project, body)
    assert {item["tool_call_id"]: item["content"] for item in outputs} == {
        "c0": "buy milk",
        "c1": "Error: The tool 'notes__read_note' was not offered in this request; call one of"
        " the tools you were given.",
    }
    assert project.received("notes") == [] and project.received("other") == ["read_note"]


# ---------------------------------------------------------------------------- approval


def test_approval_declined_async_and_accepted_sync(project: Project) -> None:
    m = project.module
    asked: list[str] = []

    async def decline(call: Any) -> bool:
        asked.append(call.name)
        return False

    def accept(call: Any) -> bool:
        asked.append(call.name)
        return True

    response = responses(
        function_call("c1", "notes__delete_note", {"name": "todo"}),
        function_call("c2", "notes__read_note", {"name": "todo"}),  # read-only: not asked
        function_call("c3", "notes__write_note", {"name": "x", "text": "y"}),  # no hints
    )

    async def declined(call_tool: Any) -> Any:
        return await m.execute_tool_calls(response, call_tool, approve=decline)

    outputs = texts(run(project, declined))
    assert outputs == {
        "c1": "Error: The user declined this call.",
        "c2": "buy milk",
        "c3": "Error: The user declined this call.",
    }
    assert asked == ["notes__delete_note", "notes__write_note"]
    assert project.received("notes") == ["read_note"]

    async def accepted(call_tool: Any) -> Any:
        return await m.execute_tool_calls(response, call_tool, approve=accept)

    outputs = texts(run(project, accepted))
    assert outputs["c1"] == "deleted" and outputs["c3"] == "written"
    assert project.received("notes") == ["delete_note", "read_note", "write_note"]


def test_an_approval_waits_while_another_servers_call_runs_and_its_time_is_not_timed(
    project: Project,
) -> None:
    m = project.module
    annotations: list[dict[str, object]] = []

    async def body(call_tool: Any) -> Any:
        other_done = asyncio.Event()

        def spy(server: str, tool: str, arguments: dict[str, object]) -> Any:
            async def call() -> Any:
                result = await call_tool(server, tool, arguments)
                if server == "other":
                    other_done.set()
                return result

            return call()

        async def approve(call: Any) -> bool:
            annotations.append(call.annotations)
            # A person who answers only once the other server's call is done (it runs
            # meanwhile), and then takes longer than the timeout: the call is still timed
            # from its start alone.
            await other_done.wait()
            await call_tool("other", "slow", {"seconds": 0.6})
            return True

        response = responses(
            function_call("c1", "notes__delete_note", {"name": "todo"}),
            function_call("c2", "other__slow", {"seconds": 0.2}),  # approve "never"
        )
        return await m.execute_tool_calls(response, spy, approve=approve, timeout=0.5)

    outputs = texts(run(project, body))
    assert outputs == {"c1": "deleted", "c2": "slept 0.2 s"}
    assert annotations == [{"readOnlyHint": False, "destructiveHint": True}]
    assert project.received("other") == ["slow", "slow"]  # c2, then the approval's own


# ---------------------------------------------------------------------------- stderr

STDERR_PROBE = """
import asyncio, json, logging, sys
sys.path.insert(0, sys.argv[1])
import policy_tools as m
lines = []
class Keep(logging.Handler):
    def emit(self, record):
        lines.append(record.getMessage())
logger = logging.getLogger("mcp2openai")
logger.addHandler(Keep())
logger.setLevel(logging.INFO)
call = {"type": "function_call", "call_id": "c", "name": "notes__noisy", "arguments": "{}"}
async def main():
    async with m.connect(servers=["notes"]) as call_tool:
        return await m.execute_tool_calls({"output": [call]}, call_tool)
outputs = asyncio.run(main())
print(json.dumps({"outputs": outputs, "logged": lines}))
"""


def test_a_servers_stderr_goes_to_the_logger_and_not_to_the_apps(project: Project) -> None:
    result = subprocess.run(
        [PYTHON, "-c", STDERR_PROBE, str(project.root)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=project.root,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stderr == ""  # nothing reached the app's stderr
    found = json.loads(result.stdout)
    assert texts(found["outputs"]) == {"c": "quiet now"}
    logged = found["logged"]
    assert "server notes: notes server starting: 1 note(s)" in logged
    assert "server notes: noisy: working on it" in logged
    assert "server notes: noisy: done" in logged


def test_a_server_that_dies_mid_call_is_answered_in_one_line_its_stderr_logged(
    project: Project, caplog: pytest.LogCaptureFixture
) -> None:
    """The model reads what failed; the app's log, the end of the server's stderr."""
    caplog.set_level(logging.INFO, logger="mcp2openai")
    m = project.module
    response = responses(function_call("c1", "notes__crash", {}))

    async def body(call_tool: Any) -> Any:
        return await m.execute_tool_calls(response, call_tool)

    (output,) = run(project, body)
    assert output["output"] == "Error: server 'notes' stopped during the call to 'crash'"
    assert (
        "server notes stopped during the call to crash; stderr: "
        '"fatal: the notes store is corrupt"'
    ) in caplog.messages
