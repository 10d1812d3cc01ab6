"""An app's use of a generated module with the `openai` SDK, checked by tests/test_static_types.py
with mypy --strict: what the module returns goes where the SDK expects its params, no casts."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import mcp_all as mcp
from openai import AsyncOpenAI, OpenAI
from openai.types.chat import ChatCompletionMessageParam
from openai.types.responses import ResponseInputItemParam


def chat(client: OpenAI) -> None:
    messages: list[ChatCompletionMessageParam] = [{"role": "user", "content": "hi"}]
    client.chat.completions.create(model="gpt-5.4", messages=messages, tools=mcp.tools("chat"))
    client.chat.completions.create(
        model="gpt-5.4",
        messages=messages,
        tools=mcp.tools("chat", servers=["time", "git"]),
        tool_choice=mcp.tool_choice(["time__get_current_time"], api="chat"),
    )


def responses(client: OpenAI) -> None:
    client.responses.create(model="gpt-5.4", input="hi", tools=mcp.tools("responses"))
    client.responses.create(
        model="gpt-5.4",
        input="hi",
        tools=mcp.tools("responses", namespaces=True, defer=True, search="client"),
        tool_choice=mcp.tool_choice(["time__get_current_time"], api="responses", mode="required"),
    )
    selected = mcp.tools("responses", names=["git__git_log"])
    client.responses.create(model="gpt-5.4", input="hi", tools=selected)


async def outputs(client: AsyncOpenAI, call_tool: Callable[..., Awaitable[object]]) -> None:
    # Chat: tool messages (and the images' user message) go into messages=.
    messages: list[ChatCompletionMessageParam] = [{"role": "user", "content": "hi"}]
    completion = await client.chat.completions.create(
        model="gpt-5.4", messages=messages, tools=mcp.tools("chat")
    )
    calls, rejected = mcp.tool_calls(completion)
    messages += rejected
    messages += await mcp.execute_tool_calls(completion, call_tool, images="message")
    messages.append(mcp.tool_output("call_1", "done", api="chat"))
    messages += mcp.tool_output("call_1", "done", api="chat", images="message")
    messages += await mcp.execute_tool_calls({"choices": []}, call_tool, api="chat")
    # Responses: function_call_output (and tool_search_output) items go into input=.
    items: list[ResponseInputItemParam] = [{"role": "user", "content": "hi"}]
    response = await client.responses.create(model="gpt-5.4", input=items)
    result = mcp.tool_calls(response)
    items += result.rejected
    items.append(mcp.tool_output("call_1", "done", api="responses", caller=None))
    items += await mcp.execute_tool_calls(response, call_tool, timeout=5.0, parallel=False)
    items += await mcp.execute_tool_calls({"output": []}, call_tool, api="responses")
    await client.responses.create(model="gpt-5.4", input=[*result.rejected])
    for call in calls + result.calls:
        print(call.server, call.tool, call.arguments, call.namespace, call.caller)
