"""Type-checked with mypy --strict against generated/mcp_git.py by tests/test_typing.py."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import mcp_memory
from mcp_git import (
    SERVERS,
    GitGitLogArgs,
    ToolCall,
    ToolCalls,
    arguments,
    connect,
    execute_tool_calls,
    tool_calls,
    tool_output,
)

if TYPE_CHECKING:  # the SDK-shaped types the API returns, for an app's own annotations
    from _mcp2openai.api import (
        ChatOutputParam,
        ChatToolMessageParam,
        ResponsesOutputParam,
        ResponsesRejectionParam,
    )


def describe(response: object) -> list[str]:
    calls, _ = tool_calls(response)
    lines = []
    for call in calls:
        if call.name == "git__git_log":
            args = arguments(call, GitGitLogArgs)
            path: str = args["repo_path"]
            count: int = args.get("max_count", 10)
            since: str | None = args["start_timestamp"]
            lines.append(f"{path} {count} {since}")
    return lines


def direct(call: ToolCall) -> GitGitLogArgs:
    return arguments(call, GitGitLogArgs)


def entities(call: mcp_memory.ToolCall) -> list[str]:
    """Nested objects are TypedDicts too (generator/typed.py)."""
    args = mcp_memory.arguments(call, mcp_memory.MemoryCreateEntitiesArgs)
    return [
        entity["name"] + ": " + ", ".join(entity["observations"]) for entity in args["entities"]
    ]


def across(response: object) -> list[str]:
    """The toolsets of one folder share their types: mcp_git's calls are mcp_memory's."""
    found: list[str] = []
    for call in tool_calls(response).calls:  # mcp_git's tool_calls
        found += entities(call)  # an mcp_memory.ToolCall
    return found


def answers(response: object) -> list[ChatToolMessageParam | ResponsesRejectionParam]:
    # the result names its parts; namespace, caller and skipped are typed
    result = tool_calls(response)
    waiting: tuple[object, ...] = result.skipped
    outputs = list(result.rejected)
    for call in result.calls:
        namespace: str | None = call.namespace
        caller: dict[str, object] | None = call.caller
        print(namespace, waiting)
        outputs.append(tool_output(call.call_id, {}, api="responses", caller=caller))
    return outputs


async def run(response: object) -> list[ChatOutputParam | ResponsesOutputParam]:
    # connect() and its call_tool, execute_tool_calls' options, tool_output's list
    recipe: Mapping[str, object] | None = SERVERS["git"]
    servers = {"git": recipe or {"command": "mcp-server-git"}}
    async with connect(servers=servers, env={"HOME": "/tmp"}) as call_tool:
        print(list(call_tool.sessions))
        outputs = await execute_tool_calls(
            response, call_tool, timeout=30, parallel=False, images="message"
        )
    for call in tool_calls(response).calls:
        items: list[ChatOutputParam] = tool_output(
            call.call_id, "done", api="chat", name=call.name, images="message"
        )
        outputs += items
    return outputs


def unannotated_rejections(response: object) -> ToolCalls:
    # A bare ToolCalls (as apps wrote before it was generic) holds either API's rejections.
    return tool_calls(response)
