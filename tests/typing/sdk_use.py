"""An app's use of a generated module with the `openai` SDK, checked by tests/test_static_types.py
with mypy --strict: what the module returns goes where the SDK expects its params, no casts."""

from __future__ import annotations

import mcp_all as mcp
from openai import OpenAI
from openai.types.chat import ChatCompletionMessageParam


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
