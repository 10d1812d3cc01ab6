"""Type-checked with mypy --strict against generated/mcp_git.py by tests/test_typing.py."""

from __future__ import annotations

import mcp_memory
from mcp_git import GitGitLogArgs, ToolCall, arguments, tool_calls, tool_output


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


def answers(response: object) -> list[dict[str, object]]:
    # issue 14: the result names its parts; namespace, caller and skipped are typed
    result = tool_calls(response)
    waiting: tuple[object, ...] = result.skipped
    outputs = list(result.rejected)
    for call in result.calls:
        namespace: str | None = call.namespace
        caller: dict[str, object] | None = call.caller
        print(namespace, waiting)
        outputs.append(tool_output(call.call_id, {}, api="responses", caller=caller))
    return outputs
