"""Wrong uses that mypy --strict must refuse (tests/test_static_types.py names the lines)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import mcp_all as mcp
from openai import AsyncOpenAI, OpenAI
from openai.types.chat import ChatCompletionMessageParam
from openai.types.responses import ResponseInputItemParam


def wrong(client: OpenAI) -> None:
    client.responses.create(model="gpt-5.4", input="hi", tools=mcp.tools("chat"))
    client.chat.completions.create(
        model="gpt-5.4",
        messages=[{"role": "user", "content": "hi"}],
        tools=mcp.tools("chat"),
        tool_choice=mcp.tool_choice(["time__get_current_time"], api="responses"),
    )


async def crossed(client: AsyncOpenAI, call_tool: Callable[..., Awaitable[object]]) -> None:
    response = await client.responses.create(model="gpt-5.4", input="hi")
    messages: list[ChatCompletionMessageParam] = []
    messages += await mcp.execute_tool_calls(response, call_tool)  # Responses items as messages
    completion = await client.chat.completions.create(model="gpt-5.4", messages=messages)
    items: list[ResponseInputItemParam] = []
    items += mcp.tool_calls(completion).rejected  # Chat tool messages as Responses items
    items.append(mcp.tool_output("call_1", "done", api="chat"))  # the wrong API's output
