"""The compiled tools inside the agent frameworks, end to end (docs/frameworks.md).

A toolset built by the CLI from a project config whose server is tests/servers/frameworks_server.py
(a real `mcp` SDK server that records every call it receives), opened by `connect()`. A real
openai-agents `Agent` run by `Runner`, and a real pydantic-ai `Agent`, each with an OpenAI
Responses model pointed at the fake endpoint on 127.0.0.1 (examples/fake_openai.py), whose
canned turn calls four tools at once:

- the endpoint receives strict function tools whose `parameters` equal the compiled ones;
- `add_note` with nulls for its optional arguments reaches the server without them;
- `set_widths` with its map sent as entries arrives as the map;
- `draw`'s image comes back in the framework's image type (and reaches the endpoint as an
  `input_image`);
- `fail`'s `isError` result comes back as an `Error:` text;
- the agent's final answer comes back.

Then the approval policy (`needs_approval="policy"`: a destructive call interrupts the run and
never reaches the server), the selection keywords, and arguments that are not JSON.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from agents import (
    Agent,
    FunctionTool,
    OpenAIResponsesModel,
    RunConfig,
    Runner,
    ToolOutputImage,
    ToolOutputText,
    set_tracing_disabled,
)
from agents.items import ToolCallOutputItem
from buildutil import import_path
from jsonschema import Draft202012Validator
from live_support import EXAMPLES, PYTHON, REPO, run_cli
from openai import AsyncOpenAI
from pydantic_ai import Agent as PydanticAgent
from pydantic_ai import BinaryContent, DeferredToolRequests
from pydantic_ai.messages import ToolReturnPart
from pydantic_ai.models.openai import OpenAIResponsesModel as PydanticResponsesModel
from pydantic_ai.profiles.openai import OpenAIModelProfile
from pydantic_ai.providers.openai import OpenAIProvider

sys.path.insert(0, str(EXAMPLES))
from fake_openai import FakeOpenAI

pytestmark = pytest.mark.e2e  # starts MCP servers (CONTRIBUTING.md, "Tiers")

SERVER = REPO / "tests" / "servers" / "frameworks_server.py"
PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6"
    "kgAAAABJRU5ErkJggg=="
)
WIDTHS = {"A": 20, "C": 35.5}
FINAL = "The sheet is planned."

set_tracing_disabled(True)  # the Agents SDK would otherwise export traces to OpenAI


@dataclass
class Project:
    root: Path
    module: ModuleType
    calls: Path  # the server's record of the calls it received

    def received(self) -> list[dict[str, Any]]:
        lines = self.calls.read_text().splitlines() if self.calls.exists() else []
        return [json.loads(line) for line in lines]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    root = tmp_path_factory.mktemp("frameworks")
    lines = [
        "[tool.mcp2openai]",
        'out = "sketch_tools.py"',
        "",
        "[tool.mcp2openai.servers.sketch]",
        f"command = {json.dumps(PYTHON)}",
        f"args = [{json.dumps(str(SERVER))}]",
        'env = { FRAMEWORKS_CALLS = "${FRAMEWORKS_CALLS:-}" }',
        "",
    ]
    (root / "pyproject.toml").write_text("\n".join(lines), encoding="utf-8")
    fetched = run_cli("fetch", cwd=root)
    assert fetched.returncode == 0, fetched.stderr
    built = run_cli("build", cwd=root)
    assert built.returncode == 0, built.stderr
    assert "rewrote sketch__set_widths: entries at #/properties/widths" in built.stderr
    return Project(root, import_path(root / "sketch_tools.py"), root / "sketch.calls")


def compiled(module: ModuleType) -> dict[str, tuple[dict[str, Any], bool]]:
    return {t["name"]: (t["parameters"], t["strict"]) for t in module.tools("responses")}


def sent(body: dict[str, Any]) -> dict[str, tuple[dict[str, Any], bool]]:
    return {t["name"]: (t["parameters"], t["strict"]) for t in body["tools"]}


def canned_calls(module: ModuleType) -> list[tuple[str, str, dict[str, Any]]]:
    """What a model in strict mode sends: every property present, nulls for the optional
    ones, the map as entries; each valid against the compiled schema."""
    schemas = {name: schema for name, (schema, _) in compiled(module).items()}
    calls = [
        ("c1", "sketch__add_note", {"title": "plan", "body": None, "tags": None}),
        (
            "c2",
            "sketch__set_widths",
            {"sheet": "S1", "widths": [{"key": k, "value": v} for k, v in WIDTHS.items()]},
        ),
        ("c3", "sketch__draw", {}),
        ("c4", "sketch__fail", {}),
    ]
    for _, name, arguments in calls:
        assert Draft202012Validator(schemas[name]).is_valid(arguments), name
    return calls


def run(project: Project, body: Callable[[Any], Awaitable[Any]]) -> Any:
    """`body(call_tool)` with the toolset's servers open through `connect()`."""
    project.calls.unlink(missing_ok=True)

    async def main() -> Any:
        env = {"FRAMEWORKS_CALLS": str(project.calls)}
        async with project.module.connect(env=env) as call_tool:
            return await asyncio.wait_for(body(call_tool), 60)

    return asyncio.run(main())


def check_received(project: Project) -> None:
    assert project.received() == [
        {"tool": "add_note", "arguments": {"title": "plan"}},  # the nulls dropped
        {"tool": "set_widths", "arguments": {"sheet": "S1", "widths": WIDTHS}},  # decoded
        {"tool": "draw", "arguments": {}},
        {"tool": "fail", "arguments": {}},
    ]


def check_outputs_sent(body: dict[str, Any]) -> None:
    """The second request: the tool outputs as the endpoint received them."""
    outputs = {
        i["call_id"]: i["output"] for i in body["input"] if i.get("type") == "function_call_output"
    }
    assert outputs["c1"] == "noted plan"
    assert outputs["c2"] == "S1: A=20, C=35.5"
    assert [part["type"] for part in outputs["c3"]] == ["input_text", "input_image"]
    assert outputs["c3"][1]["image_url"] == f"data:image/png;base64,{PNG}"
    assert outputs["c4"] == "Error: the sketchbook is locked"


# ---------------------------------------------------------------------------- openai-agents


def agents_model(fake: FakeOpenAI) -> OpenAIResponsesModel:
    client = AsyncOpenAI(base_url=fake.base_url, api_key="sk-test", max_retries=0)
    return OpenAIResponsesModel(model="gpt-test", openai_client=client)


def test_openai_agents_runs_the_compiled_tools_on_the_real_server(project: Project) -> None:
    module = project.module
    script: list[Any] = [canned_calls(module), FINAL]

    async def body(call_tool: Any) -> Any:
        tools = module.agents_tools(call_tool)
        assert all(isinstance(tool, FunctionTool) for tool in tools)
        with FakeOpenAI(script) as fake:
            agent = Agent(name="sketcher", tools=tools, model=agents_model(fake))
            result = await Runner.run(
                agent, "Plan the sheet.", run_config=RunConfig(tracing_disabled=True)
            )
            return result, fake.bodies("/v1/responses")

    result, bodies = run(project, body)
    assert len(bodies) == 2
    assert sent(bodies[0]) == compiled(module)  # strict, the compiled parameters exactly
    assert all(strict for _, strict in sent(bodies[0]).values())
    check_received(project)
    check_outputs_sent(bodies[1])
    outputs = {
        item.raw_item["call_id"]: item.output
        for item in result.new_items
        if isinstance(item, ToolCallOutputItem)
    }
    assert outputs["c3"] == [
        ToolOutputText(text="a dot"),
        ToolOutputImage(image_url=f"data:image/png;base64,{PNG}"),
    ]
    assert outputs["c4"] == "Error: the sketchbook is locked"
    assert result.final_output == FINAL


def test_openai_agents_approval_policy_interrupts_a_destructive_call(project: Project) -> None:
    module = project.module
    script: list[Any] = [[("c1", "sketch__erase", {"title": "plan"})], FINAL]

    async def body(call_tool: Any) -> Any:
        tools = module.agents_tools(call_tool, needs_approval="policy")
        asked = {tool.name: tool.needs_approval for tool in tools}
        with FakeOpenAI(script) as fake:
            agent = Agent(name="sketcher", tools=tools, model=agents_model(fake))
            result = await Runner.run(
                agent, "Erase it.", run_config=RunConfig(tracing_disabled=True)
            )
            return asked, result

    asked, result = run(project, body)
    # the build's rule (objects.asks): read-only tools run, the others wait for the user
    assert asked == {
        "sketch__add_note": True,
        "sketch__set_widths": True,
        "sketch__draw": False,
        "sketch__fail": False,
        "sketch__erase": True,
    }
    assert [item.raw_item.name for item in result.interruptions] == ["sketch__erase"]
    assert project.received() == []  # never reached the server


def test_openai_agents_selection_and_unreadable_arguments(project: Project) -> None:
    module = project.module
    script: list[Any] = [[("c1", "sketch__add_note", "{not json")], FINAL]

    async def body(call_tool: Any) -> Any:
        chosen = [t.name for t in module.agents_tools(call_tool, read_only=True)]
        named = [t.name for t in module.agents_tools(call_tool, names=["sketch__erase"])]
        with pytest.raises(ValueError, match="needs_approval"):
            module.agents_tools(call_tool, needs_approval="sometimes")
        with FakeOpenAI(script) as fake:
            tools = module.agents_tools(call_tool, names=["sketch__add_note"])
            agent = Agent(name="sketcher", tools=tools, model=agents_model(fake))
            await Runner.run(agent, "Note it.", run_config=RunConfig(tracing_disabled=True))
            return chosen, named, fake.bodies("/v1/responses")

    chosen, named, bodies = run(project, body)
    assert chosen == ["sketch__draw", "sketch__fail"]
    assert named == ["sketch__erase"]
    assert list(sent(bodies[0])) == ["sketch__add_note"]
    [output] = [i["output"] for i in bodies[1]["input"] if i.get("type") == "function_call_output"]
    assert output.startswith("Error: The arguments for 'sketch__add_note' are not valid JSON")
    assert project.received() == []


def test_openai_agents_namespaces_as_tools_makes_them(project: Project) -> None:
    module = project.module
    call = {
        "type": "function_call",
        "call_id": "c1",
        "namespace": "sketch",
        "name": "add_note",
        "arguments": json.dumps({"title": "plan", "body": None, "tags": None}),
    }
    script: list[Any] = [[call], FINAL]

    async def body(call_tool: Any) -> Any:
        tools = module.agents_tools(call_tool, namespaces=True)
        with FakeOpenAI(script) as fake:
            agent = Agent(name="sketcher", tools=tools, model=agents_model(fake))
            result = await Runner.run(
                agent, "Note it.", run_config=RunConfig(tracing_disabled=True)
            )
            return result, fake.bodies("/v1/responses")

    result, bodies = run(project, body)
    assert bodies[0]["tools"] == module.tools("responses", namespaces=True)
    assert project.received()[0] == {"tool": "add_note", "arguments": {"title": "plan"}}
    outputs = [i for i in bodies[1]["input"] if i.get("type") == "function_call_output"]
    assert [i["output"] for i in outputs] == ["noted plan"]
    assert result.final_output == FINAL


# ---------------------------------------------------------------------------- pydantic-ai


def pydantic_model(fake: FakeOpenAI, profile: OpenAIModelProfile | None) -> PydanticResponsesModel:
    client = AsyncOpenAI(base_url=fake.base_url, api_key="sk-test", max_retries=0)
    provider = OpenAIProvider(openai_client=client)
    return PydanticResponsesModel("gpt-test", provider=provider, profile=profile)


# pydantic-ai's OpenAI models rewrite every tool schema they send (OpenAIJsonSchemaTransformer);
# a profile without that transformer sends the compiled ones as they are (docs/frameworks.md).
AS_COMPILED = OpenAIModelProfile(json_schema_transformer=None)


def test_pydantic_ai_runs_the_compiled_tools_on_the_real_server(project: Project) -> None:
    module = project.module
    script: list[Any] = [canned_calls(module), FINAL]

    async def body(call_tool: Any) -> Any:
        with FakeOpenAI(script) as fake:
            toolset = module.pydantic_ai_toolset(call_tool)
            agent = PydanticAgent(pydantic_model(fake, AS_COMPILED), toolsets=[toolset])
            result = await agent.run("Plan the sheet.")
            return result, fake.bodies("/v1/responses")

    result, bodies = run(project, body)
    assert len(bodies) == 2
    assert sent(bodies[0]) == compiled(module)
    check_received(project)
    check_outputs_sent(bodies[1])
    returns = {
        part.tool_call_id: part.content
        for message in result.all_messages()
        for part in message.parts
        if isinstance(part, ToolReturnPart)
    }
    text, image = returns["c3"]
    assert text == "a dot"
    assert isinstance(image, BinaryContent) and image.is_image
    assert image.media_type == "image/png" and image.base64 == PNG
    assert returns["c4"] == "Error: the sketchbook is locked"
    assert result.output == FINAL


def test_pydantic_ai_default_profile_still_sends_them_strict(project: Project) -> None:
    """With pydantic-ai's own OpenAI profile every tool is still strict, and where its
    transformer touches a compiled schema it only reorders `required` (these schemas)."""
    module = project.module
    script: list[Any] = [FINAL]

    async def body(call_tool: Any) -> Any:
        with FakeOpenAI(script) as fake:
            toolset = module.pydantic_ai_toolset(call_tool)
            agent = PydanticAgent(pydantic_model(fake, None), toolsets=[toolset])
            result = await agent.run("Hello.")
            return result, fake.bodies("/v1/responses")

    result, bodies = run(project, body)
    assert result.output == FINAL
    received = sent(bodies[0])
    for name, (schema, strict) in compiled(module).items():
        assert received[name][1] is strict is True
        reordered = dict(received[name][0], required=sorted(received[name][0]["required"]))
        assert reordered == schema, name


def test_pydantic_ai_approval_policy_defers_a_destructive_call(project: Project) -> None:
    module = project.module
    script: list[Any] = [[("c1", "sketch__erase", {"title": "plan"})], FINAL]

    async def body(call_tool: Any) -> Any:
        with FakeOpenAI(script) as fake:
            toolset = module.pydantic_ai_toolset(call_tool, needs_approval="policy")
            agent = PydanticAgent(
                pydantic_model(fake, AS_COMPILED),
                toolsets=[toolset],
                output_type=[str, DeferredToolRequests],
            )
            return await agent.run("Erase it.")

    result = run(project, body)
    assert isinstance(result.output, DeferredToolRequests)
    assert [call.tool_name for call in result.output.approvals] == ["sketch__erase"]
    assert project.received() == []


def test_pydantic_ai_selection(project: Project) -> None:
    module = project.module
    script: list[Any] = [
        [("c1", "sketch__add_note", {"title": "x", "body": None, "tags": None})],
        FINAL,
    ]

    async def body(call_tool: Any) -> Any:
        with FakeOpenAI(script) as fake:
            toolset = module.pydantic_ai_toolset(call_tool, read_only=True)
            agent = PydanticAgent(pydantic_model(fake, AS_COMPILED), toolsets=[toolset])
            await agent.run("Note it.")
            return fake.bodies("/v1/responses")

    bodies = run(project, body)
    assert list(sent(bodies[0])) == ["sketch__draw", "sketch__fail"]
    # a tool that was not selected is not the model's to call: it never reaches the server
    assert project.received() == []
