"""Past 128 tools: selection, namespaces, deferred loading, a client tool search and
`allowed_tools`, on a real module (all 13 recorded servers, 188 tools) and through the real
`openai` SDK over an httpx.MockTransport: what reaches the wire, and how the answers map back.
"""

from __future__ import annotations

import asyncio
import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import openai
import pytest
from buildutil import GENERATED, import_path
from openai.types.chat import ChatCompletionToolChoiceOptionParam, ChatCompletionToolParam
from openai.types.responses import Response, ToolParam
from openai.types.responses.response_create_params import ToolChoice
from pydantic import TypeAdapter

mcp = import_path(GENERATED / "mcp_all.py")
SERVERS = list(dict.fromkeys(server for server, _ in mcp.NAMES.values()))


class Recorder:
    """The fake API: answers each request with the next response, keeps each body."""

    def __init__(self, *answers: dict[str, Any]) -> None:
        self.answers = list(answers)
        self.bodies: list[dict[str, Any]] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.bodies.append(json.loads(request.content))
        return httpx.Response(200, json=self.answers.pop(0))


def client(recorder: Recorder) -> openai.OpenAI:
    transport = httpx.MockTransport(recorder)
    return openai.OpenAI(
        api_key="test",
        base_url="http://127.0.0.1:9/v1",
        http_client=httpx.Client(transport=transport),
    )


def response(*output: dict[str, Any], tools: list[Any] | None = None) -> dict[str, Any]:
    return {
        "id": "resp_1",
        "object": "response",
        "created_at": 1,
        "model": "gpt-5.4",
        "status": "completed",
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": tools or [],
        "output": list(output),
    }


def names_of(definitions: list[dict[str, Any]]) -> list[str]:
    return [d.get("name") or d["function"]["name"] for d in definitions]


# ---------------------------------------------------------------------------- selection


def test_servers_and_names_select_in_toolset_order() -> None:
    everything = [n for n, (s, _) in mcp.NAMES.items() if s == "everything"]
    picked = mcp.tools("responses", servers=["time"], names=["git__git_log", "everything__echo"])
    assert names_of(picked) == [
        n
        for n, (s, _) in mcp.NAMES.items()
        if s == "time" or n in ("everything__echo", "git__git_log")
    ]
    assert names_of(mcp.tools("chat", servers=["everything"])) == everything
    assert len(mcp.tools("responses")) == len(mcp.NAMES) == 188


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"servers": ["evrything"]}, "unknown server 'evrything'; closest: everything"),
        (
            {"names": ["everything__ech"]},
            "unknown tool 'everything__ech'; closest: everything__echo",
        ),
        ({"names": ["zzzzzzzz"]}, "unknown tool 'zzzzzzzz' (188 in the toolset)"),
    ],
)
def test_unknown_selections_name_the_closest(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as caught:
        mcp.tools("responses", **kwargs)
    assert str(caught.value).startswith(message)


def test_bad_arguments_raise() -> None:
    with pytest.raises(TypeError, match="servers must be a list of names, not str"):
        mcp.tools("responses", servers="time")
    with pytest.raises(ValueError, match="Responses API features"):
        mcp.tools("chat", namespaces=True)
    with pytest.raises(ValueError, match="search must be None or 'client'"):
        mcp.tools("responses", search="server")
    with pytest.raises(ValueError, match="api must be"):
        mcp.tools("completions")


def test_definitions_are_valid_sdk_params() -> None:
    chat = TypeAdapter(list[ChatCompletionToolParam])
    responses = TypeAdapter(list[ToolParam])
    for kwargs in (
        {},
        {"namespaces": True},
        {"defer": True},
        {"search": "client"},
        {"namespaces": True, "defer": True, "search": "client"},
    ):
        definitions = mcp.tools("responses", **kwargs)
        responses.validate_python(definitions)
        json.dumps(definitions, allow_nan=False)
    chat.validate_python(mcp.tools("chat"))


def mutate(value: Any) -> int:
    """Change every dict and list inside `value` (and them), as a careless caller could:
    each dict gets a new key and loses one, each list a new item; how many were changed."""
    changed = 0
    if isinstance(value, dict):
        for item in list(value.values()):
            changed += mutate(item)
        if value:
            value.pop(next(iter(value)))
        value["mutated"] = True
        changed += 1
    elif isinstance(value, list):
        for item in list(value):
            changed += mutate(item)
        value.append("mutated")
        changed += 1
    return changed


CALLS = [
    ("chat", lambda: mcp.tools("chat")),
    ("responses", lambda: mcp.tools("responses")),
    ("servers", lambda: mcp.tools("responses", servers=["time", "git"])),
    ("names", lambda: mcp.tools("chat", names=["time__convert_time", "git__git_status"])),
    ("read_only", lambda: mcp.tools("responses", read_only=True)),
    ("namespaces", lambda: mcp.tools("responses", namespaces=True)),
    ("defer", lambda: mcp.tools("responses", defer=True)),
    ("search", lambda: mcp.tools("responses", search="client")),
    ("all", lambda: mcp.tools("responses", namespaces=True, defer=True, search="client")),
    ("tool_choice", lambda: mcp.tool_choice(["time__convert_time"], api="chat")),
    ("tool_search", lambda: mcp.tool_search("current time in a timezone")),
]


@pytest.mark.parametrize(("form", "call"), CALLS, ids=[form for form, _ in CALLS])
def test_what_a_caller_changes_changes_no_later_result(form: str, call: Any) -> None:
    """Every dict and list a call returned is the caller's: changing all of them, the
    first result's and three more, leaves the next result equal to the first."""
    first = call()
    expected = json.loads(json.dumps(first))
    assert mutate(first) > 1
    for _ in range(3):
        result = call()
        assert result == expected
        assert mutate(result) > 1
    assert call() == expected


def test_the_chat_form_is_kept_as_text_made_before_the_first_result_is_handed_out() -> None:
    """The first every-tool tools("chat") of a toolset reshapes the Responses definitions
    and keeps their JSON text, which later calls parse: what the caller does to that first
    result is not in the text."""
    tables = ("definitions", "tools", "search", "args", "servers", "digests", "report")
    texts = {name: getattr(mcp, "_" + name.upper()) for name in tables}
    fresh = type(mcp._toolset)(mcp.__name__, mcp._runtime.VERSION, **texts)
    first = fresh.tools("chat")
    assert first == mcp.tools("chat")
    assert "chat" in fresh.cache
    assert mutate(first) > 1
    assert fresh.tools("chat") == fresh.tools("chat") == mcp.tools("chat")


def test_the_constants_are_read_only() -> None:
    """NAMES, SERVERS and REPORT: every mapping and sequence in them refuses a change, and
    they read as they did."""
    before = (repr(mcp.NAMES), repr(mcp.SERVERS), repr(mcp.REPORT.as_dict()))

    def refuse(value: Any) -> int:
        refused = 0
        if hasattr(value, "items"):
            for item in list(value.values()):
                refused += refuse(item)
            with pytest.raises(TypeError):
                value["mutated"] = True
            refused += 1
        elif isinstance(value, tuple):
            for item in value:
                refused += refuse(item)
            with pytest.raises(AttributeError):
                value.append("mutated")  # type: ignore[attr-defined]
            refused += 1
        return refused

    report = mcp.REPORT
    parts = [report.fallbacks, report.excluded, report.renames, report.dropped, report.rewrites]
    assert refuse(mcp.NAMES) > 188 and refuse(mcp.SERVERS) == 1  # bare snapshots: None each
    assert sum(refuse(part) for part in [*parts, report.null_paths]) > 100
    with pytest.raises(AttributeError):
        report.fallbacks = ()  # type: ignore[misc]
    exported = report.as_dict()
    mutate(exported)  # a copy: the report is as it was
    assert (repr(mcp.NAMES), repr(mcp.SERVERS), repr(mcp.REPORT.as_dict())) == before


# ---------------------------------------------------------------------------- namespaces


def test_namespaces_group_by_server_with_local_names_and_descriptions() -> None:
    grouped = mcp.tools("responses", namespaces=True)
    assert [ns["name"] for ns in grouped] == SERVERS
    assert all(ns["type"] == "namespace" and ns["description"] for ns in grouped)
    everything = grouped[SERVERS.index("everything")]
    # from the snapshot's server title and instructions, cleaned and capped
    assert everything["description"].startswith("Everything Reference Server: # Everything Server")
    assert len(everything["description"].encode()) <= 4096
    # without them, a summary of the tools
    time = grouped[SERVERS.index("time")]
    assert time["description"] == (
        "Tools of the MCP server time (2 tools): get_current_time, convert_time."
    )
    flat = {d["name"]: d for d in mcp.tools("responses")}
    assert [f["name"] for f in time["tools"]] == ["get_current_time", "convert_time"]
    assert time["tools"][0]["parameters"] == flat["time__get_current_time"]["parameters"]
    assert sum(len(ns["tools"]) for ns in grouped) == 188


def test_namespaced_calls_over_the_sdk_map_back_to_the_flat_tool() -> None:
    call = {
        "type": "function_call",
        "id": "fc_1",
        "call_id": "call_1",
        "namespace": "time",
        "name": "get_current_time",
        "arguments": '{"timezone": "UTC"}',
        "status": "completed",
    }
    recorder = Recorder(response(call))
    api = client(recorder)
    tools = mcp.tools("responses", namespaces=True, servers=["time", "git"])
    answer = api.responses.create(model="gpt-5.4", input="time?", tools=tools)
    assert recorder.bodies[0]["tools"] == tools
    assert [ns["name"] for ns in recorder.bodies[0]["tools"]] == ["git", "time"]
    calls, rejected = mcp.tool_calls(answer)
    assert rejected == []
    assert [(c.name, c.server, c.tool, c.namespace) for c in calls] == [
        ("time__get_current_time", "time", "get_current_time", "time")
    ]


# ---------------------------------------------------------------------------- defer


def test_defer_marks_every_function_and_adds_the_hosted_search() -> None:
    flat = mcp.tools("responses", defer=True)
    assert flat[-1] == {"type": "tool_search"}
    assert all(d["defer_loading"] is True for d in flat[:-1])
    assert "defer_loading" not in mcp.tools("responses")[0]  # the plain list is untouched
    grouped = mcp.tools("responses", namespaces=True, defer=True)
    assert grouped[-1] == {"type": "tool_search"}
    assert all(f["defer_loading"] is True for ns in grouped[:-1] for f in ns["tools"])
    recorder = Recorder(response())
    client(recorder).responses.create(model="gpt-5.4", input="hi", tools=grouped)
    assert recorder.bodies[0]["tools"] == grouped


# ---------------------------------------------------------------------------- client search


def test_the_client_search_loop_through_the_sdk() -> None:
    tools = mcp.tools("responses", namespaces=True, defer=True, search="client")
    assert tools[-1]["type"] == "tool_search" and tools[-1]["execution"] == "client"
    assert set(tools[-1]["parameters"]["properties"]) == {"query", "paths"}
    searching = response(
        {
            "type": "tool_search_call",
            "id": "ts_1",
            "call_id": "search_1",
            "execution": "client",
            "arguments": {"query": "current time in a timezone"},
            "status": "completed",
        },
        tools=tools,
    )
    calling = response(
        {
            "type": "function_call",
            "id": "fc_2",
            "call_id": "call_2",
            "namespace": "time",
            "name": "get_current_time",
            "arguments": '{"timezone": "Europe/Paris"}',
            "status": "completed",
        },
        tools=tools,
    )
    recorder = Recorder(searching, calling, response())
    api = client(recorder)
    first = api.responses.create(model="gpt-5.4", input="What time is it in Paris?", tools=tools)
    ran: list[tuple[str, str, dict[str, object]]] = []

    async def call_tool(server: str, tool: str, arguments: dict[str, object]) -> object:
        ran.append((server, tool, arguments))
        return {"content": [{"type": "text", "text": "12:00"}]}

    items: list[Any] = [{"role": "user", "content": "What time is it in Paris?"}]
    outputs = asyncio.run(mcp.execute_tool_calls(first, call_tool))
    (search_output,) = outputs
    assert search_output["type"] == "tool_search_output"
    assert search_output["call_id"] == "search_1" and search_output["execution"] == "client"
    # namespaced, as the request was: the time namespace with its best tool first
    loaded = search_output["tools"]
    assert loaded[0]["type"] == "namespace" and loaded[0]["name"] == "time"
    assert loaded[0]["tools"][0]["name"] == "get_current_time"
    items += [item.model_dump(exclude_none=True) for item in first.output] + outputs
    second = api.responses.create(model="gpt-5.4", input=items, tools=tools)
    assert recorder.bodies[1]["input"][-1] == search_output
    outputs = asyncio.run(mcp.execute_tool_calls(second, call_tool))
    assert ran == [("time", "get_current_time", {"timezone": "Europe/Paris"})]
    assert outputs == [{"type": "function_call_output", "call_id": "call_2", "output": "12:00"}]
    items += [item.model_dump(exclude_none=True) for item in second.output] + outputs
    api.responses.create(model="gpt-5.4", input=items, tools=tools)
    assert recorder.bodies[2]["input"][-1] == outputs[0]
    Response.model_validate(searching)


def test_paths_load_tools_namespaces_and_qualified_names_flat_without_namespaces() -> None:
    call = {
        "type": "tool_search_call",
        "id": "ts_1",
        "call_id": "s1",
        "execution": "client",
        "arguments": {"paths": ["git__git_log", "time", "fetch.fetch", "nope", 3]},
        "status": "completed",
    }
    outputs = asyncio.run(mcp.execute_tool_calls(response(call), _never))
    loaded = outputs[0]["tools"]
    assert names_of(loaded) == [
        "git__git_log",
        "time__get_current_time",
        "time__convert_time",
        "fetch__fetch",
    ]
    assert all("defer_loading" not in d for d in loaded)


async def _never(server: str, tool: str, arguments: dict[str, object]) -> object:
    raise AssertionError("no function call to run")


# ---------------------------------------------------------------------------- allowed_tools


def test_chat_selection_with_allowed_tools_on_the_wire() -> None:
    answer = {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-test",
        "choices": [
            {
                "index": 0,
                "finish_reason": "stop",
                "message": {"role": "assistant", "content": "ok"},
            }
        ],
    }
    recorder = Recorder(answer)
    tools = mcp.tools("chat", servers=["time", "git"])
    choice = mcp.tool_choice(["time__get_current_time", "git__git_status"], api="chat")
    TypeAdapter(ChatCompletionToolChoiceOptionParam).validate_python(choice)
    client(recorder).chat.completions.create(
        model="gpt-test",
        messages=[{"role": "user", "content": "hi"}],
        tools=tools,
        tool_choice=choice,
    )
    body = recorder.bodies[0]
    assert body["tool_choice"] == {
        "type": "allowed_tools",
        "allowed_tools": {
            "mode": "auto",
            "tools": [
                {"type": "function", "function": {"name": "time__get_current_time"}},
                {"type": "function", "function": {"name": "git__git_status"}},
            ],
        },
    }
    assert names_of(body["tools"]) == names_of(tools)


def test_responses_tool_choice_and_its_errors() -> None:
    choice = mcp.tool_choice(["time__get_current_time"], api="responses", mode="required")
    TypeAdapter(ToolChoice).validate_python(choice)
    assert choice == {
        "type": "allowed_tools",
        "mode": "required",
        "tools": [{"type": "function", "name": "time__get_current_time"}],
    }
    with pytest.raises(ValueError, match="unknown tool 'time__now'"):
        mcp.tool_choice(["time__now"], api="chat")
    with pytest.raises(ValueError, match="mode must be"):
        mcp.tool_choice([], api="chat", mode="none")


def test_nothing_a_call_returns_changes_the_next() -> None:
    before = copy.deepcopy(mcp.tools("responses", namespaces=True, defer=True))
    mcp.tools("responses", servers=["time"], search="client")
    assert mcp.tools("responses", namespaces=True, defer=True) == before


def test_the_build_warns_past_128_tools_naming_the_ways_out(tmp_path: Path) -> None:
    snapshots = sorted((GENERATED / "snapshots").glob("*.json"))
    command = [sys.executable, "-m", "mcp2openai", "build", "-q", "--out", "big.py"]
    for path in snapshots:
        command += ["--server", f"{path.stem}={path}"]
    result = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    first = result.stderr.splitlines()[0]
    assert first.startswith("mcp2openai: warning: 188 tools, more than the 128 OpenAI takes")
    assert "servers=" in first and "namespaces=True, defer=True" in first and "search=" in first
    small = [sys.executable, "-m", "mcp2openai", "build", "-q", "--out", "small.py"]
    small += ["--server", f"time={GENERATED / 'snapshots' / 'time.json'}"]
    result = subprocess.run(small, cwd=tmp_path, capture_output=True, text=True)
    assert "warning" not in result.stderr
