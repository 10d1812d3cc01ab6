"""Deliberately wrong: tests/test_typing.py asserts mypy rejects each marked line."""

from __future__ import annotations

from mcp_git import GitGitLogArgs, ToolCall, arguments, tool_output


def wrong(call: ToolCall) -> None:
    args = arguments(call, GitGitLogArgs)
    count: str = args["repo_path"] + 1  # error: operator
    missing = args["no_such_key"]  # error: typeddict-item
    print(count, missing)


def listed(call: ToolCall) -> None:
    item = tool_output(call.call_id, "x", api="chat", images="message")
    print(item["content"])  # error: a list of items with images="message"
