"""Wrong uses that mypy --strict must refuse (tests/test_static_types.py names the lines)."""

from __future__ import annotations

import mcp_all as mcp
from openai import OpenAI


def wrong(client: OpenAI) -> None:
    client.responses.create(model="gpt-5.4", input="hi", tools=mcp.tools("chat"))
    client.chat.completions.create(
        model="gpt-5.4",
        messages=[{"role": "user", "content": "hi"}],
        tools=mcp.tools("chat"),
        tool_choice=mcp.tool_choice(["time__get_current_time"], api="responses"),
    )
