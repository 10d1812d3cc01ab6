"""A sketchbook server for the agent frameworks' end-to-end tests (tests/test_e2e_frameworks.py).

    python frameworks_server.py

Every call it receives is appended, one JSON line (`{"tool", "arguments"}`), to the file
`$FRAMEWORKS_CALLS` names, so a test sees exactly the arguments that reached the server. Tools:

- `add_note(title, body?, tags?)`: optional properties (strict mode makes the model send them,
  as nulls); a null or an argument it does not know is refused with an error result;
- `set_widths(sheet, widths)`: `widths` is a map of column -> width
  (`additionalProperties: {"type": "number"}`), which strict mode cannot say: the build sends it
  as a list of `{"key", "value"}` entries; the server refuses anything but a map;
- `draw()`: a 1x1 PNG image and a caption (read-only);
- `fail()`: an `isError` result (read-only);
- `erase(title)`: destructive, for the approval policy.
"""

from __future__ import annotations

import json
import os
from typing import Any

import mcp.types as types
from _serve import serve
from mcp.server import Server
from mcp.server.context import ServerRequestContext

# A 1x1 transparent PNG.
PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6"
    "kgAAAABJRU5ErkJggg=="
)

TOOLS = [
    types.Tool(
        name="add_note",
        description="Add a note to the sketchbook.",
        input_schema={
            "type": "object",
            "properties": {
                "title": {"type": "string", "description": "The note's title."},
                "body": {"type": "string", "description": "Its text."},
                "tags": {"type": "array", "items": {"type": "string"}},
            },
            "required": ["title"],
        },
    ),
    types.Tool(
        name="set_widths",
        description="Set the widths of a sheet's columns.",
        input_schema={
            "type": "object",
            "properties": {
                "sheet": {"type": "string"},
                "widths": {
                    "type": "object",
                    "description": "Column letter -> width in characters.",
                    "additionalProperties": {"type": "number"},
                },
            },
            "required": ["sheet", "widths"],
        },
    ),
    types.Tool(
        name="draw",
        description="Draw a sketch.",
        input_schema={"type": "object", "properties": {}},
        annotations=types.ToolAnnotations(read_only_hint=True),
    ),
    types.Tool(
        name="fail",
        description="Always fails.",
        input_schema={"type": "object", "properties": {}},
        annotations=types.ToolAnnotations(read_only_hint=True),
    ),
    types.Tool(
        name="erase",
        description="Erase a note.",
        input_schema={
            "type": "object",
            "properties": {"title": {"type": "string"}},
            "required": ["title"],
        },
        annotations=types.ToolAnnotations(read_only_hint=False, destructive_hint=True),
    ),
]


def record(tool: str, arguments: dict[str, Any]) -> None:
    path = os.environ.get("FRAMEWORKS_CALLS")
    if path:
        with open(path, "a", encoding="utf-8") as log:
            log.write(json.dumps({"tool": tool, "arguments": arguments}) + "\n")


def text(value: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=value)], is_error=error
    )


async def list_tools(
    ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
) -> types.ListToolsResult:
    return types.ListToolsResult(tools=TOOLS)


async def call_tool(
    ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
) -> types.CallToolResult:
    arguments = dict(params.arguments or {})
    record(params.name, arguments)
    if params.name == "add_note":
        wrong = [k for k, v in arguments.items() if v is None or k not in ("title", "body", "tags")]
        if wrong or not isinstance(arguments.get("title"), str):
            return text(f"add_note refuses the arguments {sorted(wrong)}", error=True)
        return text(f"noted {arguments['title']}")
    if params.name == "set_widths":
        widths = arguments.get("widths")
        if not isinstance(widths, dict) or not all(
            isinstance(v, int | float) for v in widths.values()
        ):
            return text(f"widths must be a map of numbers, not {json.dumps(widths)}", error=True)
        listed = ", ".join(f"{k}={v:g}" for k, v in sorted(widths.items()))
        return text(f"{arguments.get('sheet')}: {listed}")
    if params.name == "draw":
        image = types.ImageContent(type="image", data=PNG, mime_type="image/png")
        return types.CallToolResult(content=[types.TextContent(type="text", text="a dot"), image])
    if params.name == "fail":
        return text("the sketchbook is locked", error=True)
    if params.name == "erase":
        return text(f"erased {arguments.get('title')}")
    return text(f"unknown tool {params.name!r}", error=True)


def main() -> None:
    server = Server("sketchbook", version="1.0.0", on_list_tools=list_tools, on_call_tool=call_tool)
    serve(server, False)


if __name__ == "__main__":
    main()
