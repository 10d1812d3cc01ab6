"""Running calls end to end: modules built from a pyproject config and an mcpServers file, their
servers opened by `connect()`, calls run by `execute_tool_calls` on the real servers
`make servers` installs.

- concurrency, by timing: four servers, each call sleeping, finish in about one call's time;
- each server's calls in the model's order (the memory server reads what it was just told);
- a timeout answers the slow call, keeps the other outputs and leaves no task behind;
- `connect()` runs real calls from both configs and leaves no process behind;
- the Chat image follow-up through the real `openai` SDK against the fake endpoint
  (examples/fake_openai.py), the request body checked.

Needs `make servers`; a missing server fails with that hint.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from buildutil import import_path, readme_app, thawed
from live_support import (
    EXAMPLES,
    NODE_BIN,
    REAL_SERVERS,
    REPO,
    descendants,
    require_real_servers,
    run_cli,
    wait_gone,
)
from openai import AsyncOpenAI

sys.path.insert(0, str(EXAMPLES))
from fake_openai import FakeOpenAI

pytestmark = pytest.mark.e2e  # starts MCP servers (CONTRIBUTING.md, "Tiers")

SNAPSHOTS = REPO / "generated" / "snapshots"
MEMORY = NODE_BIN / "mcp-server-memory"
SLEEP = 1.5  # seconds each sleeping call takes (server-everything's long-running operation)
SLEEPERS = ("e1", "e2", "e3", "e4")  # four server-everything processes


@dataclass
class Built:
    directory: Path
    module: ModuleType


@pytest.fixture(scope="module")
def from_pyproject(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """A module built by `mcp2openai build` from a pyproject.toml: four server-everything
    servers, the memory server (its file from ${MEMORY_FILE}) and the time server."""
    require_real_servers()
    if not os.access(MEMORY, os.X_OK):
        pytest.fail(f"{MEMORY} is missing: run `make servers`", pytrace=False)
    root = tmp_path_factory.mktemp("pyproject")
    snaps = root / "snaps"
    snaps.mkdir()
    for name in ("everything", "memory", "time"):
        shutil.copy(SNAPSHOTS / f"{name}.json", snaps / f"{name}.json")
    lines = ['[tool.mcp2openai]\nout = "app/mcp_tools.py"\nsnapshots = "snaps"\n']
    for name in SLEEPERS:
        lines.append(
            f"[tool.mcp2openai.servers.{name}]\n"
            f"command = {json.dumps(str(REAL_SERVERS['everything']))}\n"
            'args = ["stdio"]\nsnapshot = "snaps/everything.json"\n'
        )
    lines.append(
        "[tool.mcp2openai.servers.memory]\n"
        f"command = {json.dumps(str(MEMORY))}\n"
        'env = { MEMORY_FILE_PATH = "${MEMORY_FILE}" }\n'
    )
    lines.append(
        "[tool.mcp2openai.servers.time]\n"
        f"command = {json.dumps(str(REAL_SERVERS['time']))}\n"
        'args = ["--local-timezone", "${TIME_ZONE:-Etc/UTC}"]\n'
    )
    (root / "pyproject.toml").write_text("\n".join(lines), encoding="utf-8")
    built = run_cli("build", cwd=root)
    assert built.returncode == 0, built.stderr
    return Built(root, import_path(root / "app" / "mcp_tools.py"))


def chat_response(*calls: tuple[str, str, dict[str, Any]]) -> dict[str, Any]:
    entries = [
        {"id": c, "type": "function", "function": {"name": n, "arguments": json.dumps(a)}}
        for c, n, a in calls
    ]
    message = {"role": "assistant", "content": None, "tool_calls": entries}
    return {"object": "chat.completion", "choices": [{"index": 0, "message": message}]}


def sleeping(call_id: str, server: str) -> tuple[str, str, dict[str, Any]]:
    arguments = {"duration": SLEEP, "steps": 1}
    return call_id, f"{server}__trigger-long-running-operation", arguments


DONE = f"Long running operation completed. Duration: {SLEEP} seconds, Steps: 1."


def contents(items: list[dict[str, Any]]) -> dict[str, str]:
    return {item["tool_call_id"]: item["content"] for item in items if item["role"] == "tool"}


# ---------------------------------------------------------------------------- concurrency


def test_four_servers_finish_in_about_one_calls_time(from_pyproject: Built) -> None:
    module = from_pyproject.module
    response = chat_response(*(sleeping(f"c{i}", name) for i, name in enumerate(SLEEPERS)))
    before = descendants()

    async def main() -> tuple[float, float, list[dict[str, Any]], list[dict[str, Any]]]:
        async with module.connect(servers=SLEEPERS) as call_tool:
            assert list(call_tool.sessions) == list(SLEEPERS)
            start = time.monotonic()
            together = await module.execute_tool_calls(response, call_tool)
            middle = time.monotonic()
            in_turn = await module.execute_tool_calls(response, call_tool, parallel=False)
            return middle - start, time.monotonic() - middle, together, in_turn

    parallel, serial, together, in_turn = asyncio.run(main())
    assert contents(together) == contents(in_turn) == {f"c{i}": DONE for i in range(4)}
    print(f"\n4 calls of {SLEEP} s on 4 servers: {parallel:.2f} s at once, {serial:.2f} s in turn")
    assert SLEEP <= parallel < 2 * SLEEP  # about one call's time
    assert serial >= 4 * SLEEP  # what they cost one after another
    assert wait_gone(sorted(descendants() - before)) == []  # every server stopped


def test_calls_to_one_server_run_in_the_models_order(from_pyproject: Built, tmp_path: Path) -> None:
    module = from_pyproject.module
    entity = {"name": "Ada", "entityType": "person", "observations": ["wrote the first program"]}
    response = chat_response(
        ("m1", "memory__create_entities", {"entities": [entity]}),
        sleeping("s1", "e1"),
        ("m2", "memory__read_graph", {}),
        sleeping("s2", "e1"),
        sleeping("s3", "e2"),
    )
    env = {"MEMORY_FILE": str(tmp_path / "memory.jsonl")}

    async def main() -> tuple[float, list[dict[str, Any]]]:
        async with module.connect(servers=["memory", "e1", "e2"], env=env) as call_tool:
            start = time.monotonic()
            items = await module.execute_tool_calls(response, call_tool)
            return time.monotonic() - start, items

    elapsed, items = asyncio.run(main())
    outputs = contents(items)
    assert [item["tool_call_id"] for item in items] == ["m1", "s1", "m2", "s2", "s3"]
    # read_graph ran after create_entities, as the model asked
    assert json.loads(outputs["m2"])["entities"][0]["name"] == "Ada"
    assert outputs["s1"] == outputs["s2"] == outputs["s3"] == DONE
    # e1's two calls one after the other, e2's beside them
    assert 2 * SLEEP <= elapsed < 3 * SLEEP


def test_a_timeout_keeps_the_other_outputs_and_leaves_no_task(from_pyproject: Built) -> None:
    module = from_pyproject.module
    response = chat_response(
        ("t1", "e1__trigger-long-running-operation", {"duration": 30, "steps": 1}),
        ("t2", "e1__echo", {"message": "after the timeout"}),
        ("t3", "e2__get-sum", {"a": 40, "b": 2}),
    )
    before = descendants()

    async def main() -> tuple[float, list[dict[str, Any]], set[asyncio.Task[Any]]]:
        async with module.connect(servers=["e1", "e2"]) as call_tool:
            tasks = asyncio.all_tasks()
            start = time.monotonic()
            items = await module.execute_tool_calls(response, call_tool, timeout=1)
            elapsed = time.monotonic() - start
            left = asyncio.all_tasks() - tasks
        return elapsed, items, left

    elapsed, items, left = asyncio.run(main())
    assert left == set()
    assert contents(items) == {
        "t1": "Error: e1__trigger-long-running-operation did not answer within 1 second; "
        "the call was cancelled.",
        "t2": "Echo: after the timeout",  # the same session goes on after the cancel
        "t3": "The sum of 40 and 2 is 42.",
    }
    assert elapsed < 10  # not the 30 s the slow call wanted
    assert wait_gone(sorted(descendants() - before)) == []


# ---------------------------------------------------------------------------- connect()


def test_connect_from_the_pyproject_config(from_pyproject: Built) -> None:
    module = from_pyproject.module
    assert thawed(module.SERVERS["time"]) == {
        "command": str(REAL_SERVERS["time"]),
        "args": ["--local-timezone", "${TIME_ZONE:-Etc/UTC}"],
    }
    response = chat_response(
        ("c1", "time__get_current_time", {"timezone": "Asia/Tokyo"}),
        ("c2", "e3__echo", {"message": "from the config"}),
    )
    before = descendants()

    async def main() -> tuple[list[dict[str, Any]], set[int]]:
        async with module.connect(servers=["time", "e3"], env={}) as call_tool:
            running = descendants() - before
            return await module.execute_tool_calls(response, call_tool), running

    items, running = asyncio.run(main())
    outputs = contents(items)
    assert json.loads(outputs["c1"])["timezone"] == "Asia/Tokyo"
    assert outputs["c2"] == "Echo: from the config"
    assert len(running) >= 2  # both servers ran as our children
    assert wait_gone(sorted(running)) == []
    assert descendants() == before


def test_fetch_records_the_tools_connect_is_given(tmp_path: Path) -> None:
    """server-everything lists `get-roots-list` and `trigger-sampling-request` only to a
    client that declares roots and sampling, which connect() does not: fetch declares what
    connect() declares, so neither is recorded (nor sent to the model, to fail), and
    connect(check="raise") finds nothing removed."""
    require_real_servers()
    (tmp_path / "pyproject.toml").write_text(
        '[tool.mcp2openai]\nout = "app/everything_tools.py"\n'
        "[tool.mcp2openai.servers.everything]\n"
        f"command = {json.dumps(str(REAL_SERVERS['everything']))}\nargs = [\"stdio\"]\n",
        encoding="utf-8",
    )
    for command in ("fetch", "build"):
        result = run_cli(command, "-q", cwd=tmp_path)
        assert result.returncode == 0, result.stderr
    module = import_path(tmp_path / "app" / "everything_tools.py")
    tools = {tool for _, tool in module.NAMES.values()}
    assert "trigger-elicitation-request" in tools  # connect() declares elicitation
    assert not tools & {"get-roots-list", "trigger-sampling-request"}

    async def main() -> str:
        async with module.connect(check="raise") as call_tool:
            result = await call_tool("everything", "echo", {"message": "all there"})
        return "".join(block.text for block in result.content)

    assert asyncio.run(main()) == "Echo: all there"


def test_connect_from_an_mcp_servers_file(tmp_path: Path) -> None:
    require_real_servers()
    config = {
        "mcpServers": {
            "time": {
                "command": str(REAL_SERVERS["time"]),
                "args": ["--local-timezone", "${env:ZONE}"],
                "autoApprove": ["get_current_time"],
            },
            "everything": {"type": "stdio", "command": "${EVERYTHING}", "args": ["stdio"]},
        }
    }
    (tmp_path / ".mcp.json").write_text(json.dumps(config), encoding="utf-8")
    (tmp_path / "snaps").mkdir()
    for name in ("time", "everything"):
        shutil.copy(SNAPSHOTS / f"{name}.json", tmp_path / "snaps" / f"{name}.json")
    args = ("build", "--mcp-config", ".mcp.json", "--snapshots", "snaps", "--out", "tools.py")
    built = run_cli(*args, cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    module = import_path(tmp_path / "tools.py")
    assert thawed(module.SERVERS["everything"]) == {"command": "${EVERYTHING}", "args": ["stdio"]}
    env = {"ZONE": "Europe/Paris", "EVERYTHING": str(REAL_SERVERS["everything"])}
    response = {
        "object": "response",
        "output": [
            {
                "type": "function_call",
                "call_id": "r1",
                "name": "time__convert_time",
                "arguments": json.dumps(
                    {"source_timezone": "Europe/Paris", "time": "12:00", "target_timezone": "UTC"}
                ),
            },
            {
                "type": "function_call",
                "call_id": "r2",
                "name": "everything__get-structured-content",
                "arguments": json.dumps({"location": "Chicago"}),
            },
        ],
    }
    before = descendants()

    async def main() -> list[dict[str, Any]]:
        async with module.connect(env=env) as call_tool:
            assert list(call_tool.sessions) == ["time", "everything"]
            return await module.execute_tool_calls(response, call_tool)

    items = asyncio.run(main())
    outputs = {item["call_id"]: json.loads(item["output"]) for item in items}
    assert outputs["r1"]["target"]["datetime"].endswith("T11:00:00+00:00") or outputs["r1"][
        "target"
    ]["datetime"].endswith("T10:00:00+00:00")
    # both tools declare an outputSchema: Responses gets their structuredContent as JSON
    assert set(outputs["r2"]) == {"temperature", "conditions", "humidity"}
    assert wait_gone(sorted(descendants() - before)) == []


# ---------------------------------------------------------------------------- the README's app


def test_the_readme_app_runs_as_written(from_pyproject: Built, tmp_path: Path) -> None:
    """The README's app example, unchanged, in a fresh interpreter beside the built module:
    connect() opens the configured servers, the call runs, the outputs go back with
    previous_response_id, and the answer comes back; no process is left."""
    script = tmp_path / "app_example.py"
    question = "What time is it in UTC?"
    script.write_text(
        readme_app() + f"\nimport asyncio\n\nprint(asyncio.run(answer({question!r})))\n",
        encoding="utf-8",
    )
    turns = [[("t1", "time__get_current_time", {"timezone": "Etc/UTC"})], "It is now."]
    before = descendants()
    with FakeOpenAI(turns) as fake:
        env = {
            **os.environ,
            "OPENAI_BASE_URL": fake.base_url,
            "OPENAI_API_KEY": "sk-test",
            "MEMORY_FILE": str(tmp_path / "memory.jsonl"),
            "PYTHONPATH": str(from_pyproject.directory),
        }
        ran = subprocess.run(
            [sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120
        )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == "It is now.\n"
    first, second = fake.bodies("/v1/responses")
    assert first["input"] == question
    assert second["previous_response_id"] == "resp_1"
    (output,) = second["input"]
    assert output["type"] == "function_call_output" and output["call_id"] == "t1"
    assert json.loads(output["output"])["timezone"] == "Etc/UTC"
    assert (
        second["tools"]
        == first["tools"]
        == json.loads(json.dumps(from_pyproject.module.tools("responses")))
    )
    assert wait_gone(sorted(descendants() - before)) == []


# ---------------------------------------------------------------------------- Chat images


async def readme_loop(module: ModuleType, base_url: str, question: str) -> str:
    """The README's app, against the fake endpoint: connect(), then the loop."""
    client = AsyncOpenAI(base_url=base_url, api_key="sk-test", max_retries=0)
    messages: list[Any] = [{"role": "user", "content": question}]
    async with module.connect(servers=["e1", "e2"]) as call_tool:
        while True:
            completion = await client.chat.completions.create(
                model="gpt-4.1", messages=messages, tools=module.tools("chat")
            )
            outputs = await module.execute_tool_calls(completion, call_tool, images="message")
            if not outputs:
                return completion.choices[0].message.content or ""
            messages += [completion.choices[0].message.model_dump(exclude_none=True), *outputs]


def test_chat_images_follow_the_tool_messages_on_the_wire(from_pyproject: Built) -> None:
    module = from_pyproject.module
    script = [
        [("i1", "e1__get-tiny-image", {}), ("i2", "e2__echo", {"message": "no image here"})],
        "A tiny logo.",
    ]
    before = descendants()
    with FakeOpenAI(script) as fake:
        answer = asyncio.run(readme_loop(module, fake.base_url, "What does it show?"))
    assert answer == "A tiny logo."
    _, second = fake.bodies("/v1/chat/completions")
    messages = second["messages"]
    assert [m["role"] for m in messages] == ["user", "assistant", "tool", "tool", "user"]
    image_tool, echo_tool, images = messages[2], messages[3], messages[4]
    assert image_tool["tool_call_id"] == "i1" and echo_tool["tool_call_id"] == "i2"
    placeholder = image_tool["content"].splitlines()[1]
    assert placeholder.startswith("[image: image/png, ") and placeholder.endswith(" bytes]")
    assert echo_tool["content"] == "Echo: no image here"
    label, picture = images["content"]
    assert label == {
        "type": "text",
        "text": f"Image 1 of 1 from tool call i1 (e1__get-tiny-image): {placeholder}",
    }
    assert picture["type"] == "image_url"
    prefix = "data:image/png;base64,"
    assert picture["image_url"]["url"].startswith(prefix)
    data = base64.b64decode(picture["image_url"]["url"][len(prefix) :], validate=True)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert placeholder == f"[image: image/png, {len(data)} bytes]"
    assert wait_gone(sorted(descendants() - before)) == []
