"""A notes server for the run-time policy: tools with MCP annotations, a slow one, one that
writes to stderr while it works, and one that dies mid-call.

    python policy_server.py

Every call it receives is appended, one JSON line (`{"tool", "arguments"}`), to the file
`$POLICY_CALLS` names, so a test can prove a call never reached the server. It writes one line
to stderr as it starts ("notes server starting: ..."), `noisy` writes two more, and `crash`
writes "fatal: the notes store is corrupt" then exits at once without answering.
"""

from __future__ import annotations

import json
import os
import sys

import anyio
from mcp.server import MCPServer
from mcp.types import ToolAnnotations

server = MCPServer("notes", version="1.0.0")
NOTES: dict[str, str] = {"todo": "buy milk"}


def record(tool: str, arguments: dict[str, object]) -> None:
    path = os.environ.get("POLICY_CALLS")
    if path:
        with open(path, "a", encoding="utf-8") as log:
            log.write(json.dumps({"tool": tool, "arguments": arguments}) + "\n")


@server.tool(annotations=ToolAnnotations(readOnlyHint=True, title="Read a note"))
def read_note(name: str) -> str:
    """Read a note by name."""
    record("read_note", {"name": name})
    return NOTES.get(name, "(no such note)")


@server.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True))
def delete_note(name: str) -> str:
    """Delete a note."""
    record("delete_note", {"name": name})
    return "deleted" if NOTES.pop(name, None) is not None else "(no such note)"


@server.tool()
def write_note(name: str, text: str) -> str:
    """Write a note (this tool sends no annotations)."""
    record("write_note", {"name": name, "text": text})
    NOTES[name] = text
    return "written"


@server.tool(annotations=ToolAnnotations(readOnlyHint=True))
async def slow(seconds: float) -> str:
    """Take `seconds` to answer."""
    record("slow", {"seconds": seconds})
    await anyio.sleep(seconds)
    return f"slept {seconds:g} s"


@server.tool(annotations=ToolAnnotations(readOnlyHint=True))
def noisy() -> str:
    """Answer, writing to stderr meanwhile."""
    record("noisy", {})
    print("noisy: working on it", file=sys.stderr, flush=True)
    print("noisy: done", file=sys.stderr, flush=True)
    return "quiet now"


@server.tool(annotations=ToolAnnotations(readOnlyHint=True))
def crash() -> str:
    """Die in the middle of the call."""
    record("crash", {})
    print("fatal: the notes store is corrupt", file=sys.stderr, flush=True)
    os._exit(3)


if __name__ == "__main__":
    print(f"notes server starting: {len(NOTES)} note(s)", file=sys.stderr, flush=True)
    server.run()
