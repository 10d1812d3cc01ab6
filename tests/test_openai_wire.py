"""The real `openai` SDK over an httpx.MockTransport: definitions reach the wire unchanged,
responses parse as SDK objects and as dicts, and outputs go back in the shape each API takes."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import openai
import pytest
from buildutil import GENERATED, import_path

mcp = import_path(GENERATED / "mcp_everything.py")

CHAT_RESPONSE = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "created": 1,
    "model": "gpt-test",
    "choices": [
        {
            "index": 0,
            "finish_reason": "tool_calls",
            "message": {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "call_1",
                        "type": "function",
                        "function": {"name": "everything__echo", "arguments": '{"message": "hi"}'},
                    },
                    {
                        "id": "call_2",
                        "type": "function",
                        "function": {"name": "everything__nope", "arguments": "{}"},
                    },
                    {
                        "id": "call_3",
                        "type": "function",
                        "function": {"name": "everything__get-sum", "arguments": "not json"},
                    },
                ],
            },
        }
    ],
}

RESPONSES_RESPONSE = {
    "id": "resp_1",
    "object": "response",
    "created_at": 1,
    "model": "gpt-test",
    "status": "completed",
    "parallel_tool_calls": True,
    "tool_choice": "auto",
    "tools": [],
    "output": [
        {"type": "reasoning", "id": "rs_1", "summary": []},
        {
            "type": "function_call",
            "id": "fc_1",
            "call_id": "call_1",
            "name": "everything__echo",
            "arguments": '{"message": "hi"}',
            "status": "completed",
        },
        {
            "type": "function_call",
            "id": "fc_2",
            "call_id": "call_2",
            "name": "everything__get-sum",
            "arguments": "[1, 2]",
            "status": "completed",
        },
    ],
}


class Recorder:
    def __init__(self, answer: dict[str, Any]) -> None:
        self.answer = answer
        self.bodies: list[dict[str, Any]] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.bodies.append(json.loads(request.content))
        return httpx.Response(200, json=self.answer)


def client(recorder: Recorder) -> openai.OpenAI:
    return openai.OpenAI(
        api_key="test",
        base_url="http://127.0.0.1:9/v1",
        http_client=httpx.Client(transport=httpx.MockTransport(recorder)),
    )


async def echo_server(server: str, tool: str, arguments: dict[str, object]) -> dict[str, object]:
    assert server == "everything"
    return {
        "content": [{"type": "text", "text": f"Echo: {arguments['message']}"}],
        "isError": False,
    }


def test_chat_round_trip_on_the_wire() -> None:
    recorder = Recorder(CHAT_RESPONSE)
    api = client(recorder)
    messages: list[Any] = [{"role": "user", "content": "hi"}]
    response = api.chat.completions.create(
        model="gpt-test", messages=messages, tools=mcp.tools("chat")
    )
    assert recorder.bodies[0]["tools"] == mcp.tools("chat")

    calls, rejected = mcp.tool_calls(response)
    assert (calls, rejected) == mcp.tool_calls(response.model_dump())
    assert [(c.call_id, c.server, c.tool, c.arguments) for c in calls] == [
        ("call_1", "everything", "echo", {"message": "hi"})
    ]
    assert [r["tool_call_id"] for r in rejected] == ["call_2", "call_3"]
    assert all(r["role"] == "tool" and r["content"].startswith("Error: ") for r in rejected)

    outputs = asyncio.run(mcp.execute_tool_calls(response, echo_server))
    messages += [response.choices[0].message.model_dump(exclude_none=True), *outputs]
    api.chat.completions.create(model="gpt-test", messages=messages, tools=mcp.tools("chat"))
    sent = recorder.bodies[1]["messages"]
    assert [m["role"] for m in sent] == ["user", "assistant", "tool", "tool", "tool"]
    assert sent[2:] == [
        {"role": "tool", "tool_call_id": "call_2", "content": rejected[0]["content"]},
        {"role": "tool", "tool_call_id": "call_3", "content": rejected[1]["content"]},
        {"role": "tool", "tool_call_id": "call_1", "content": "Echo: hi"},
    ]


def test_responses_round_trip_on_the_wire() -> None:
    recorder = Recorder(RESPONSES_RESPONSE)
    api = client(recorder)
    response = api.responses.create(model="gpt-test", input="hi", tools=mcp.tools("responses"))
    assert recorder.bodies[0]["tools"] == mcp.tools("responses")

    calls, rejected = mcp.tool_calls(response)
    assert (calls, rejected) == mcp.tool_calls(RESPONSES_RESPONSE)
    assert [c.call_id for c in calls] == ["call_1"]
    assert rejected == [
        {"type": "function_call_output", "call_id": "call_2", "output": rejected[0]["output"]}
    ]
    assert rejected[0]["output"].startswith("Error: ")

    outputs = asyncio.run(mcp.execute_tool_calls(response, echo_server))
    items = [item.model_dump(exclude_none=True) for item in response.output] + outputs
    api.responses.create(model="gpt-test", input=items, tools=mcp.tools("responses"))
    sent = recorder.bodies[1]["input"]
    assert sent[-2:] == [
        rejected[0],
        {"type": "function_call_output", "call_id": "call_1", "output": "Echo: hi"},
    ]


def test_image_output_reaches_the_wire_as_input_image() -> None:
    result = json.loads(
        (
            GENERATED.parent / "tests" / "fixtures" / "results" / "everything" / "image.json"
        ).read_text()
    )["result"]
    item = mcp.tool_output("call_9", result, api="responses")
    recorder = Recorder(RESPONSES_RESPONSE)
    client(recorder).responses.create(model="gpt-test", input=[item])
    sent = recorder.bodies[0]["input"][0]
    assert sent["type"] == "function_call_output" and sent["call_id"] == "call_9"
    kinds = [part["type"] for part in sent["output"]]
    assert "input_image" in kinds
    image = next(part for part in sent["output"] if part["type"] == "input_image")
    assert image["image_url"].startswith("data:image/png;base64,")


def test_no_tool_calls() -> None:
    plain = json.loads(json.dumps(CHAT_RESPONSE))
    plain["choices"][0]["message"] = {"role": "assistant", "content": "hello"}
    assert mcp.tool_calls(plain) == ([], [])
    assert mcp.tool_calls({**RESPONSES_RESPONSE, "output": []}) == ([], [])


def test_not_a_response_raises_clearly() -> None:
    with pytest.raises(TypeError):
        mcp.tool_calls(42)
    with pytest.raises(ValueError):
        mcp.tool_calls({"hello": "world"})
