"""Responses in the real wire shape, both APIs: nothing is silently dropped.

Every body below is written for these tests from the `openai` SDK's own types (field names,
required fields, literals) and the shapes the API documents, never copied from another
project's recordings. Each one is validated with the SDK's models (`ChatCompletion`,
`ChatCompletionChunk`, `Response`, the stream event types), and must use no key the SDK does
not declare. Each is then read three ways: as the JSON dict, as the object the real `openai`
client builds from the wire (over an httpx.MockTransport), and as the validated model.

The shapes: stream chunks and events (refused, naming the SDK's assembling method), namespaces
(a server's namespace, a deferred top-level function, unknown namespaces), client tool search,
custom tool calls, MCP approval requests and other client items, programmatic callers, and
what OpenAI-compatible servers send (no `arguments` key, empty call ids).
"""

from __future__ import annotations

import asyncio
import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import openai
import pytest
from mcp2openai.templates.runtime.reading import get
from openai.types.chat import ChatCompletion, ChatCompletionChunk
from openai.types.responses import (
    Response,
    ResponseCompletedEvent,
    ResponseCreatedEvent,
    ResponseCustomToolCallOutputParam,
    ResponseErrorEvent,
    ResponseFunctionCallArgumentsDeltaEvent,
    ResponseOutputItemAddedEvent,
    ResponseToolSearchOutputItemParamParam,
)
from openai.types.responses.response_input_item_param import FunctionCallOutput
from pydantic import BaseModel, TypeAdapter
from runtime_support import load_runtime

# The toolset: servers fs, git and rates; rates has the empty prefix (the issue's
# `get_exchange_rate`), so its one tool is exposed under its own name.
NAMES = {
    "fs__read_file": ("fs", "read_file"),
    "fs__write_file": ("fs", "write_file"),
    "git__status": ("git", "status"),
    "get_exchange_rate": ("rates", "get_exchange_rate"),
}
NAMESPACED = {
    "fs": {"read_file": "fs__read_file", "write_file": "fs__write_file"},
    "git": {"status": "git__status"},
    "rates": {"get_exchange_rate": "get_exchange_rate"},
}
NULL_PATHS: dict[str, tuple[tuple[str | None, ...], ...]] = {"fs__read_file": (("tail",),)}


rt = load_runtime("mcp2openai_runtime_wire_shapes", NAMES, NULL_PATHS, None, NAMESPACED)

# ---------------------------------------------------------------------------- the bodies

CREATED = 1_767_225_600

CHAT_USAGE = {
    "prompt_tokens": 412,
    "completion_tokens": 58,
    "total_tokens": 470,
    "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
    "completion_tokens_details": {
        "reasoning_tokens": 0,
        "audio_tokens": 0,
        "accepted_prediction_tokens": 0,
        "rejected_prediction_tokens": 0,
    },
}
RESPONSES_USAGE = {
    "input_tokens": 812,
    "input_tokens_details": {"cached_tokens": 0, "cache_write_tokens": 0},
    "output_tokens": 96,
    "output_tokens_details": {"reasoning_tokens": 64},
    "total_tokens": 908,
}
READ_FILE = {
    "type": "object",
    "properties": {"path": {"type": "string"}, "tail": {"type": ["integer", "null"]}},
    "required": ["path", "tail"],
    "additionalProperties": False,
}
RATE = {
    "type": "object",
    "properties": {"base": {"type": "string"}, "quote": {"type": "string"}},
    "required": ["base", "quote"],
    "additionalProperties": False,
}


def chat(*tool_calls: dict[str, Any], content: str | None = None, **top: Any) -> dict[str, Any]:
    message: dict[str, Any] = {
        "role": "assistant",
        "content": content,
        "refusal": None,
        "annotations": [],
    }
    if tool_calls:
        message["tool_calls"] = list(tool_calls)
    body = {
        "id": "chatcmpl-CzT4pQ2yWm",
        "object": "chat.completion",
        "created": CREATED,
        "model": "gpt-4.1-2025-04-14",
        "choices": [
            {
                "index": 0,
                "message": message,
                "logprobs": None,
                "finish_reason": "tool_calls" if tool_calls else "stop",
            }
        ],
        "usage": CHAT_USAGE,
        "service_tier": "default",
        "system_fingerprint": "fp_3f58d112f7",
    }
    return {**body, **top}


def fn(call_id: str, name: str, arguments: str | None) -> dict[str, Any]:
    function: dict[str, Any] = {"name": name}
    if arguments is not None:
        function["arguments"] = arguments
    return {"id": call_id, "type": "function", "function": function}


def chunk(delta: dict[str, Any], finish: str | None = None, **top: Any) -> dict[str, Any]:
    return {
        "id": "chatcmpl-CzT5aB7nRk",
        "object": "chat.completion.chunk",
        "created": CREATED,
        "model": "gpt-4.1-2025-04-14",
        "service_tier": "default",
        "system_fingerprint": "fp_3f58d112f7",
        "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}],
        **top,
    }


def response(*output: dict[str, Any], tools: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "id": "resp_68f1c2a4e5b0819a",
        "object": "response",
        "created_at": CREATED,
        "status": "completed",
        "background": False,
        "error": None,
        "incomplete_details": None,
        "instructions": None,
        "max_output_tokens": None,
        "model": "gpt-5-2025-08-07",
        "output": list(output),
        "parallel_tool_calls": True,
        "previous_response_id": None,
        "reasoning": {"effort": "medium", "summary": None},
        "temperature": 1.0,
        "text": {"format": {"type": "text"}, "verbosity": "medium"},
        "tool_choice": "auto",
        "tools": tools if tools is not None else ALL_FUNCTIONS,
        "top_p": 1.0,
        "truncation": "disabled",
        "usage": RESPONSES_USAGE,
        "user": None,
        "metadata": {},
    }


FS_READ_TOOL = {
    "type": "function",
    "name": "fs__read_file",
    "description": "Read a file.",
    "parameters": READ_FILE,
    "strict": True,
}
# What the request sent as tools= (the response echoes it): every function of the toolset.
ALL_FUNCTIONS = [
    FS_READ_TOOL,
    *(
        {"type": "function", "name": name, "parameters": {}, "strict": False}
        for name in NAMES
        if name != "fs__read_file"
    ),
]
REASONING = {"type": "reasoning", "id": "rs_68f1c2a5d0e4819a", "summary": []}


def fc(call_id: str, name: str, arguments: str | None, **more: Any) -> dict[str, Any]:
    item: dict[str, Any] = {
        "type": "function_call",
        "id": f"fc_{call_id.removeprefix('call_') or 'empty'}",
        "call_id": call_id,
        "name": name,
    }
    if arguments is not None:
        item["arguments"] = arguments
    return {**item, **more, "status": "completed"}


def message(text: str) -> dict[str, Any]:
    return {
        "type": "message",
        "id": "msg_68f1c2b0c3d4819a",
        "role": "assistant",
        "status": "completed",
        "content": [{"type": "output_text", "text": text, "annotations": [], "logprobs": []}],
    }


BODIES: dict[str, tuple[type[BaseModel], dict[str, Any]]] = {
    # --- Chat Completions (OpenAI)
    "chat_parallel_calls": (
        ChatCompletion,
        chat(
            fn("call_Qd7mX2", "fs__read_file", '{"path":"notes.txt","tail":null}'),
            fn("call_Hk3pL9", "git__status", "{}"),
        ),
    ),
    "chat_final_answer": (ChatCompletion, chat(content="The file has two lines.")),
    "chat_custom_tool_call": (
        ChatCompletion,
        chat(
            {
                "id": "call_Cu5tM1",
                "type": "custom",
                "custom": {"name": "run_sql", "input": "SELECT 1"},
            }
        ),
    ),
    # --- Chat Completions (OpenAI-compatible servers)
    "compatible_empty_ids": (
        ChatCompletion,
        chat(
            fn("", "fs__read_file", '{"path":"a.txt","tail":null}'),
            fn("", "git__status", "{}"),
            model="gemini-2.5-flash",
        ),
    ),
    "compatible_mixed_ids": (
        ChatCompletion,
        chat(fn("", "git__status", "{}"), fn("call_Mx8", "git__status", "{}")),
    ),
    "compatible_no_arguments": (
        ChatCompletion,
        chat(fn("call_or_1", "git__status", None), model="openai/gpt-4.1"),
    ),
    # --- Chat Completions stream chunks
    "chunk_role": (ChatCompletionChunk, chunk({"role": "assistant", "content": None})),
    "chunk_tool_call_start": (
        ChatCompletionChunk,
        chunk(
            {
                "tool_calls": [
                    {
                        "index": 0,
                        "id": "call_Qd7mX2",
                        "type": "function",
                        "function": {"name": "fs__read_file", "arguments": ""},
                    }
                ]
            }
        ),
    ),
    "chunk_arguments": (
        ChatCompletionChunk,
        chunk({"tool_calls": [{"index": 0, "function": {"arguments": '{"path":"no'}}]}),
    ),
    "chunk_finish": (ChatCompletionChunk, chunk({}, "tool_calls")),
    "chunk_usage": (ChatCompletionChunk, {**chunk({}), "choices": [], "usage": CHAT_USAGE}),
    # --- Responses
    "responses_reasoning_then_call": (
        Response,
        response(REASONING, fc("call_Rf1", "fs__read_file", '{"path":"a.txt","tail":null}')),
    ),
    "responses_final_answer": (
        Response,
        response(
            {
                "type": "web_search_call",
                "id": "ws_68f1c2a9",
                "status": "completed",
                "action": {"type": "search", "query": "exchange rate EUR USD"},
            },
            message("1 EUR is 1.16 USD."),
        ),
    ),
    "responses_deferred_function": (
        Response,
        response(
            REASONING,
            fc(
                "call_Dx4",
                "get_exchange_rate",
                '{"base":"EUR","quote":"USD"}',
                namespace="get_exchange_rate",
            ),
            tools=[
                {
                    "type": "function",
                    "name": "get_exchange_rate",
                    "description": "Exchange rate of two currencies.",
                    "parameters": RATE,
                    "strict": True,
                    "defer_loading": True,
                },
                {"type": "tool_search"},
            ],
        ),
    ),
    "responses_server_namespace": (
        Response,
        response(
            fc("call_Ns1", "read_file", '{"path":"a.txt","tail":null}', namespace="fs"),
            tools=[
                {
                    "type": "namespace",
                    "name": "fs",
                    "description": "Files on this machine.",
                    "tools": [
                        {
                            "type": "function",
                            "name": "read_file",
                            "description": "Read a file.",
                            "parameters": READ_FILE,
                            "strict": True,
                        }
                    ],
                }
            ],
        ),
    ),
    "responses_unknown_namespace": (
        Response,
        response(
            fc("call_Un1", "get_exchange_rate", '{"base":"EUR","quote":"USD"}', namespace="tools")
        ),
    ),
    "responses_unknown_tool_in_namespace": (
        Response,
        response(fc("call_Un2", "push", "{}", namespace="git")),
    ),
    "responses_client_tool_search": (
        Response,
        response(
            REASONING,
            {
                "type": "tool_search_call",
                "id": "tsc_68f1c2a6",
                "call_id": "call_Ts1",
                "execution": "client",
                "arguments": {"query": "currency exchange rates"},
                "status": "completed",
            },
            tools=[
                {
                    "type": "tool_search",
                    "execution": "client",
                    "description": "Find tools by what they do.",
                    "parameters": {
                        "type": "object",
                        "properties": {"query": {"type": "string"}},
                        "required": ["query"],
                        "additionalProperties": False,
                    },
                }
            ],
        ),
    ),
    "responses_hosted_tool_search": (
        Response,
        response(
            {
                "type": "tool_search_call",
                "id": "tsc_68f1c2a7",
                "call_id": None,
                "execution": "server",
                "arguments": {"query": "read a file"},
                "status": "completed",
            },
            {
                "type": "tool_search_output",
                "id": "tso_68f1c2a8",
                "call_id": None,
                "execution": "server",
                "status": "completed",
                "tools": [
                    {
                        "type": "namespace",
                        "name": "fs",
                        "description": "Files on this machine.",
                        "tools": [
                            {
                                "type": "function",
                                "name": "read_file",
                                "parameters": READ_FILE,
                                "strict": True,
                                "defer_loading": True,
                            }
                        ],
                    }
                ],
            },
            fc("call_Hs1", "read_file", '{"path":"a.txt","tail":3}', namespace="fs"),
            tools=[{"type": "tool_search"}],
        ),
    ),
    "responses_custom_tool_call": (
        Response,
        response(
            {
                "type": "custom_tool_call",
                "id": "ctc_68f1c2aa",
                "call_id": "call_Ct1",
                "name": "run_sql",
                "input": "SELECT count(*) FROM users",
            },
            fc("call_Ct2", "git__status", "{}"),
        ),
    ),
    "responses_mcp_approval_request": (
        Response,
        response(
            {
                "type": "mcp_list_tools",
                "id": "mcpl_68f1c2ab",
                "server_label": "deepwiki",
                "tools": [{"name": "ask_question", "input_schema": {"type": "object"}}],
            },
            {
                "type": "mcp_approval_request",
                "id": "mcpr_68f1c2ac",
                "server_label": "deepwiki",
                "name": "ask_question",
                "arguments": '{"repoName":"openai/openai-python","question":"streaming?"}',
            },
            fc("call_Ap1", "git__status", "{}"),
            tools=[
                *ALL_FUNCTIONS,
                {
                    "type": "mcp",
                    "server_label": "deepwiki",
                    "server_url": "https://mcp.deepwiki.com/mcp",
                    "require_approval": "always",
                },
            ],
        ),
    ),
    "responses_computer_call": (
        Response,
        response(
            {
                "type": "computer_call",
                "id": "cu_68f1c2ad",
                "call_id": "call_Cu1",
                "action": {"type": "screenshot"},
                "pending_safety_checks": [],
                "status": "completed",
            }
        ),
    ),
    "responses_program_callers": (
        Response,
        response(
            {
                "type": "program",
                "id": "prg_68f1c2ae",
                "call_id": "call_Pg1",
                "code": "const s = await tools.git__status({}); return s;",
                "fingerprint": "fp_9c1e",
            },
            fc(
                "call_Pc1", "git__status", "{}", caller={"type": "program", "caller_id": "call_Pg1"}
            ),
            fc("call_Pc2", "fs__read_file", '{"path":"x","tail":null}', caller={"type": "direct"}),
            tools=[
                {**FS_READ_TOOL, "allowed_callers": ["direct", "programmatic"]},
                {"type": "function", "name": "git__status", "parameters": {}, "strict": False},
                {"type": "programmatic_tool_calling"},
            ],
        ),
    ),
    # --- Responses (OpenAI-compatible servers)
    "compatible_responses_empty_ids": (
        Response,
        response(fc("", "git__status", "{}"), fc("", "fs__read_file", '{"path":"b","tail":1}')),
    ),
    "compatible_responses_no_arguments": (
        Response,
        response(fc("call_Na1", "git__status", None)),
    ),
    # --- Responses stream events
    "event_created": (
        ResponseCreatedEvent,
        {
            "type": "response.created",
            "sequence_number": 0,
            "response": {**response(), "status": "in_progress", "usage": None},
        },
    ),
    "event_output_item_added": (
        ResponseOutputItemAddedEvent,
        {
            "type": "response.output_item.added",
            "sequence_number": 3,
            "output_index": 1,
            "item": {**fc("call_Rf1", "fs__read_file", ""), "status": "in_progress"},
        },
    ),
    "event_arguments_delta": (
        ResponseFunctionCallArgumentsDeltaEvent,
        {
            "type": "response.function_call_arguments.delta",
            "sequence_number": 4,
            "item_id": "fc_Rf1",
            "output_index": 1,
            "delta": '{"path":',
        },
    ),
    "event_completed": (
        ResponseCompletedEvent,
        {
            "type": "response.completed",
            "sequence_number": 9,
            "response": response(
                REASONING, fc("call_Rf1", "fs__read_file", '{"path":"a.txt","tail":null}')
            ),
        },
    ),
    "event_error": (
        ResponseErrorEvent,
        {
            "type": "error",
            "sequence_number": 2,
            "code": "server_error",
            "message": "The server had an error.",
            "param": None,
        },
    ),
}
# What the SDK's types require but a compatible server leaves out (filled in to validate).
LEFT_OUT = {
    "compatible_no_arguments": lambda body: body["choices"][0]["message"]["tool_calls"][0][
        "function"
    ],
    "compatible_responses_no_arguments": lambda body: body["output"][0],
}


def undeclared(model: object, path: str = "") -> list[str]:
    """Keys of a validated SDK model (at any depth) that its type does not declare."""
    found = []
    if isinstance(model, BaseModel):
        for key in model.__pydantic_extra__ or {}:
            found.append(f"{path}.{key}")
        for key, value in model.__dict__.items():
            found += undeclared(value, f"{path}.{key}")
    elif isinstance(model, (list, tuple)):
        for index, value in enumerate(model):
            found += undeclared(value, f"{path}[{index}]")
    return found


@pytest.mark.parametrize("name", sorted(BODIES))
def test_every_body_is_valid_for_the_sdk(name: str) -> None:
    model, body = BODIES[name]
    data = copy.deepcopy(body)
    if name in LEFT_OUT:
        LEFT_OUT[name](data)["arguments"] = ""
    validated = model.model_validate(data)
    assert undeclared(validated) == []
    # what the server sent, key for key (nothing was a default)
    assert validated.model_dump(mode="json", exclude_unset=True, by_alias=True) == data


def test_both_apis_and_every_shape_are_covered() -> None:
    kinds = [model for model, _ in BODIES.values()]
    assert kinds.count(ChatCompletion) >= 5 and kinds.count(Response) >= 10
    assert kinds.count(ChatCompletionChunk) >= 4 and len(BODIES) >= 20


# ---------------------------------------------------------------------------- three forms


class Served:
    """Serve one body to the real openai client and return the object it builds."""

    def __init__(self, body: dict[str, Any], sse: str | None = None) -> None:
        self.body, self.sse = body, sse

    def __call__(self, request: httpx.Request) -> httpx.Response:
        if self.sse is None:
            return httpx.Response(200, json=self.body)
        headers = {"content-type": "text/event-stream"}
        return httpx.Response(200, content=self.sse.encode(), headers=headers)


def from_wire(name: str) -> object:
    model, body = BODIES[name]
    if model is ChatCompletion or model is ChatCompletionChunk:
        sse = None
        if model is ChatCompletionChunk:
            sse = f"data: {json.dumps(body)}\n\ndata: [DONE]\n\n"
        client = sdk_client(Served(body, sse))
        messages: Any = [{"role": "user", "content": "hi"}]
        if sse is None:
            return client.chat.completions.create(model="m", messages=messages)
        stream = client.chat.completions.create(model="m", messages=messages, stream=True)
        return next(iter(stream))
    if model is Response:
        return sdk_client(Served(body)).responses.create(model="m", input="hi")
    event = f"event: {body['type']}\ndata: {json.dumps(body)}\n\n"
    stream = sdk_client(Served(body, event)).responses.create(model="m", input="hi", stream=True)
    return next(iter(stream))


def sdk_client(handler: Callable[[httpx.Request], httpx.Response]) -> openai.OpenAI:
    return openai.OpenAI(
        api_key="test",
        base_url="http://127.0.0.1:9/v1",
        max_retries=0,
        http_client=httpx.Client(transport=httpx.MockTransport(handler)),
    )


FORMS = ["dict", "wire", "validated"]


def form_of(name: str, form: str) -> object:
    model, body = BODIES[name]
    if form == "dict":
        return copy.deepcopy(body)
    if form == "wire":
        return from_wire(name)
    return model.model_validate(copy.deepcopy(body))


def forms(name: str) -> Iterator[object]:
    model, body = BODIES[name]
    yield copy.deepcopy(body)
    yield from_wire(name)
    if name not in LEFT_OUT:
        yield model.model_validate(copy.deepcopy(body))


def summary(result: Any) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]], list[str]]:
    """(calls, rejected, skipped types). Read with getattr, so that the same tests run
    against an older runtime fail for what it does, not for the attributes it lacks."""
    calls, rejected = result
    return (
        [row(call) for call in calls],
        [tuple(item.values()) for item in rejected],
        [str(get(item, "type")) for item in getattr(result, "skipped", ())],
    )


def row(c: Any) -> tuple[Any, ...]:
    namespace, caller = getattr(c, "namespace", None), getattr(c, "caller", None)
    return (c.call_id, c.name, c.server, c.tool, c.arguments, namespace, caller)


def same_in_every_form(name: str) -> tuple[Any, ...]:
    """tool_calls' result, checked to be the same for the dict and both SDK objects."""
    results = [summary(rt.tool_calls(response)) for response in forms(name)]
    assert all(result == results[0] for result in results), name
    return results[0]


class Tools:
    """call_tool for execute_tool_calls: records the calls, echoes them as text."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, str, dict[str, object]]] = []

    async def __call__(self, server: str, tool: str, arguments: dict[str, object]) -> object:
        self.seen.append((server, tool, arguments))
        return {"content": [{"type": "text", "text": f"{server}.{tool} ok"}]}


def execute(response: object) -> tuple[list[dict[str, object]], Tools]:
    tools = Tools()
    return asyncio.run(rt.execute_tool_calls(response, tools)), tools


# ---------------------------------------------------------------------------- the shapes


def test_ordinary_calls_and_answers_in_every_form() -> None:
    assert same_in_every_form("chat_parallel_calls") == (
        [
            ("call_Qd7mX2", "fs__read_file", "fs", "read_file", {"path": "notes.txt"}, None, None),
            ("call_Hk3pL9", "git__status", "git", "status", {}, None, None),
        ],
        [],
        [],
    )
    assert same_in_every_form("responses_reasoning_then_call")[0] == [
        ("call_Rf1", "fs__read_file", "fs", "read_file", {"path": "a.txt"}, None, None)
    ]
    assert same_in_every_form("chat_final_answer") == ([], [], [])
    assert same_in_every_form("responses_final_answer") == ([], [], [])
    assert same_in_every_form("chat_custom_tool_call")[1] == [
        (
            "tool",
            "call_Cu5tM1",
            "Error: 'run_sql' was called as a tool call of type 'custom'; only function "
            "tools are available: call one with its arguments as a JSON object.",
        )
    ]


CHUNKS = ["chunk_role", "chunk_tool_call_start", "chunk_arguments", "chunk_finish", "chunk_usage"]
EVENTS = [
    "event_created",
    "event_output_item_added",
    "event_arguments_delta",
    "event_completed",
    "event_error",
]


@pytest.mark.parametrize("name", CHUNKS)
@pytest.mark.parametrize("form", FORMS)
def test_chat_stream_chunk_is_refused_naming_the_sdk_method(name: str, form: str) -> None:
    response = form_of(name, form)
    for api in (None, "chat"):
        with pytest.raises(TypeError, match=r"stream chunk.*get_final_completion\(\)"):
            rt.tool_calls(response, api=api)
    with pytest.raises(TypeError, match="get_final_completion"):
        asyncio.run(rt.execute_tool_calls(response, Tools()))


@pytest.mark.parametrize("name", EVENTS)
@pytest.mark.parametrize("form", FORMS)
def test_responses_stream_event_is_refused_naming_the_sdk_method(name: str, form: str) -> None:
    response = form_of(name, form)
    kind = BODIES[name][1]["type"]
    for api in (None, "responses"):
        with pytest.raises(TypeError, match=rf"stream event \('{kind}'\).*get_final_response\(\)"):
            rt.tool_calls(response, api=api)
    with pytest.raises(TypeError, match="get_final_response"):
        asyncio.run(rt.execute_tool_calls(response, Tools()))


def test_a_stream_object_is_refused_naming_the_sdk_methods() -> None:
    body = BODIES["chunk_role"][1]
    client = sdk_client(Served(body, f"data: {json.dumps(body)}\n\ndata: [DONE]\n\n"))
    messages: Any = [{"role": "user", "content": "hi"}]
    stream = client.chat.completions.create(model="m", messages=messages, stream=True)
    with pytest.raises(TypeError, match=r"is a stream \(Stream\).*get_final_completion"):
        rt.tool_calls(stream)
    stream.close()


def test_namespace_equal_to_the_name_is_a_deferred_top_level_function() -> None:
    calls, rejected, skipped = same_in_every_form("responses_deferred_function")
    assert calls == [
        (
            "call_Dx4",
            "get_exchange_rate",
            "rates",
            "get_exchange_rate",
            {"base": "EUR", "quote": "USD"},
            "get_exchange_rate",
            None,
        )
    ]
    assert rejected == [] and skipped == []


def test_a_server_namespace_maps_to_the_flat_exposed_name() -> None:
    calls, rejected, _ = same_in_every_form("responses_server_namespace")
    assert calls == [
        ("call_Ns1", "fs__read_file", "fs", "read_file", {"path": "a.txt"}, "fs", None)
    ]
    assert rejected == []
    calls, rejected, skipped = same_in_every_form("responses_hosted_tool_search")
    assert calls == [
        ("call_Hs1", "fs__read_file", "fs", "read_file", {"path": "a.txt", "tail": 3}, "fs", None)
    ]
    assert rejected == [] and skipped == []  # the hosted search needs no answer


def test_an_unknown_namespace_is_rejected_by_name_not_run_as_a_top_level_tool() -> None:
    calls, rejected, _ = same_in_every_form("responses_unknown_namespace")
    assert calls == []
    assert rejected == [
        (
            "function_call_output",
            "call_Un1",
            "Error: 'get_exchange_rate' was called in an unknown namespace 'tools'. "
            "Available namespaces: fs, git, rates.",
        )
    ]
    items, tools = execute(BODIES["responses_unknown_namespace"][1])
    assert tools.seen == [] and [item["call_id"] for item in items] == ["call_Un1"]


def test_an_unknown_tool_in_a_known_namespace_is_rejected_like_an_unknown_tool() -> None:
    calls, rejected, _ = same_in_every_form("responses_unknown_tool_in_namespace")
    assert calls == []
    assert rejected == [
        (
            "function_call_output",
            "call_Un2",
            "Error: Unknown tool 'push' in namespace 'git'. Available tools in git: status.",
        )
    ]


def test_client_tool_search_is_answered_not_dropped() -> None:
    # This toolset's search index is empty: the answer is an empty tool list (a built
    # module answers with tool_search's results: tests/test_module_calls.py).
    for response in forms("responses_client_tool_search"):
        items, tools = execute(response)
        assert items == [
            {
                "type": "tool_search_output",
                "call_id": "call_Ts1",
                "execution": "client",
                "tools": [],
            }
        ]
        check_param(ResponseToolSearchOutputItemParamParam, items[0])
        assert tools.seen == []
        result = rt.tool_calls(response)
        assert result == ([], [])
        assert [get(item, "call_id") for item in result.skipped] == ["call_Ts1"]


def test_custom_tool_call_is_answered_with_a_custom_tool_call_output() -> None:
    calls, rejected, skipped = same_in_every_form("responses_custom_tool_call")
    assert [call[0] for call in calls] == ["call_Ct2"] and skipped == []
    assert rejected == [
        (
            "custom_tool_call_output",
            "call_Ct1",
            "Error: 'run_sql' was called as a custom tool, which is not in the toolset; only "
            "function tools are available: call one with its arguments as a JSON object.",
        )
    ]
    items, _ = execute(BODIES["responses_custom_tool_call"][1])
    assert [(item["type"], item["call_id"]) for item in items] == [
        ("custom_tool_call_output", "call_Ct1"),
        ("function_call_output", "call_Ct2"),
    ]
    check_param(ResponseCustomToolCallOutputParam, items[0])


@pytest.mark.parametrize("name", ["responses_mcp_approval_request", "responses_computer_call"])
def test_items_only_the_app_can_answer_make_execute_raise_before_any_call(name: str) -> None:
    kind = "mcp_approval_request" if "mcp" in name else "computer_call"
    for response in forms(name):
        tools = Tools()
        with pytest.raises(ValueError, match=f"cannot answer what the response waits for: {kind}"):
            asyncio.run(rt.execute_tool_calls(response, tools))
        assert tools.seen == []  # nothing ran: the app decides
        result = rt.tool_calls(response)
        assert [get(item, "type") for item in result.skipped] == [kind]
    if kind == "mcp_approval_request":
        with pytest.raises(ValueError, match=r"'mcpr_68f1c2ac' \(tool 'ask_question' on 'deep"):
            execute(BODIES[name][1])
        calls, _, _ = same_in_every_form(name)  # the function call is still parsed
        assert [call[0] for call in calls] == ["call_Ap1"]


def test_caller_is_kept_and_echoed_on_the_output() -> None:
    calls, rejected, _ = same_in_every_form("responses_program_callers")
    program = {"type": "program", "caller_id": "call_Pg1"}
    assert [(call[0], call[6]) for call in calls] == [
        ("call_Pc1", program),
        ("call_Pc2", {"type": "direct"}),
    ]
    for response in forms("responses_program_callers"):
        items, _ = execute(response)
        assert items == [
            {
                "type": "function_call_output",
                "call_id": "call_Pc1",
                "output": "git.status ok",
                "caller": program,
            },
            {
                "type": "function_call_output",
                "call_id": "call_Pc2",
                "output": "fs.read_file ok",
                "caller": {"type": "direct"},
            },
        ]
        for item in items:
            check_param(FunctionCallOutput, item)
    # a rejected call a program made is answered with its caller too
    body = copy.deepcopy(BODIES["responses_program_callers"][1])
    body["output"][1]["name"] = "git__push"
    _, rejected = rt.tool_calls(body)
    assert rejected[0]["caller"] == program and rejected[0]["call_id"] == "call_Pc1"


@pytest.mark.parametrize("name", ["compatible_no_arguments", "compatible_responses_no_arguments"])
def test_absent_arguments_mean_an_empty_object(name: str) -> None:
    calls, rejected, _ = same_in_every_form(name)
    assert [(call[1], call[4]) for call in calls] == [("git__status", {})]
    assert rejected == []


@pytest.mark.parametrize("name", ["compatible_empty_ids", "compatible_responses_empty_ids"])
def test_empty_call_ids_are_answered_by_position_when_every_call_has_one(name: str) -> None:
    calls, rejected, _ = same_in_every_form(name)
    assert [(call[0], call[1]) for call in calls] == [("", "fs__read_file"), ("", "git__status")][
        :: 1 if name == "compatible_empty_ids" else -1
    ]
    assert rejected == []
    items, tools = execute(BODIES[name][1])
    key = "tool_call_id" if name == "compatible_empty_ids" else "call_id"
    assert [item[key] for item in items] == ["", ""]
    assert len(tools.seen) == 2


def test_mixed_empty_and_real_ids_keep_the_empty_ones_rejected() -> None:
    calls, rejected, _ = same_in_every_form("compatible_mixed_ids")
    assert [call[0] for call in calls] == ["call_Mx8"]
    assert rejected == [
        ("tool", "", "Error: The call to 'git__status' has no call id; call the tool again.")
    ]


def check_param(param: Any, item: dict[str, object]) -> None:
    """``item`` is valid for the SDK's input type ``param`` and has no key it lacks."""
    TypeAdapter(param).validate_python(item)
    assert param.__required_keys__ <= set(item) <= param.__optional_keys__ | param.__required_keys__


# ---------------------------------------------------------------------------- the fake endpoint


def test_the_fake_endpoints_streams_have_the_sdks_shapes() -> None:
    """examples/fake_openai.py streams what the API streams (the e2e tests rely on it)."""
    import sys

    from openai.types.responses import ResponseStreamEvent

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
    import fake_openai

    turn: list[Any] = [
        ("c1", "fs__read_file", {"path": "a.txt", "tail": None}),
        BODIES["responses_client_tool_search"][1]["output"][1],
    ]
    chunks = fake_openai._chat_chunks(
        fake_openai._chat(1, "m", turn[:1]), {"stream_options": {"include_usage": True}}
    )
    chunks += fake_openai._chat_chunks(fake_openai._chat(2, "m", "Done."), {})
    assert len(chunks) == 10  # role, call, 2 argument pieces, finish, usage; role, 2 texts, finish
    for chunk in chunks:
        assert undeclared(ChatCompletionChunk.model_validate(chunk)) == []
    events = fake_openai._response_events(fake_openai._responses(3, "m", turn))
    events += fake_openai._response_events(fake_openai._responses(4, "m", "Done."))
    kinds = [event["type"] for event in events]
    assert kinds.count("response.completed") == 2 and "response.output_text.delta" in kinds
    assert "response.function_call_arguments.delta" in kinds
    adapter: TypeAdapter[Any] = TypeAdapter(ResponseStreamEvent)
    for event in events:
        assert undeclared(adapter.validate_python(event)) == [], event["type"]
