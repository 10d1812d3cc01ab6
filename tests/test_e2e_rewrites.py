"""End to end, a rewritten argument through a real server (docs/rewrites.md).

excel-mcp-server 2.2.2 (pinned in tests/servers/requirements.txt) takes a map: the
`column_widths_chars` of `set_sheet_layout` is `additionalProperties: {"type": "number"}`,
which strict mode cannot say. Fetched live, built with the rewrites on, the map goes to the
model as a list of `{"key", "value"}` entries; the model's encoded call comes back through the
real `openai` SDK (against the fake endpoint), `execute_tool_calls` decodes it, and the live
server applies it: its own `describe_sheet` reports the widths. The server refuses the
encoded form, so the decoding is what made the call work.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import anyio
import pytest
from buildutil import import_path
from jsonschema import Draft202012Validator
from live_support import EXAMPLES, REAL_SERVERS, require_real_servers, run_cli
from mcp import ClientSession, StdioServerParameters, stdio_client
from openai import AsyncOpenAI

sys.path.insert(0, str(EXAMPLES))
from fake_openai import FakeOpenAI

pytestmark = pytest.mark.e2e  # starts MCP servers (CONTRIBUTING.md, "Tiers")

WIDTHS = {"A": 20, "C": 35.5}
LAYOUT_MAP = "#/$defs/SheetLayout/properties/column_widths_chars"


@pytest.fixture(scope="module")
def excel(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, ModuleType, StdioServerParameters]:
    require_real_servers()
    root = tmp_path_factory.mktemp("excel")
    books = root / "books"
    books.mkdir()
    command = [str(REAL_SERVERS["excel"]), "stdio", "--allow-dir", str(books)]
    fetched = run_cli("fetch", "excel", "--out", "excel.json", "--", *command, cwd=root)
    assert fetched.returncode == 0, fetched.stderr
    built = run_cli("build", "--server", "excel=excel.json", "--out", "excel_tools.py", cwd=root)
    assert built.returncode == 0, built.stderr
    assert f"rewrote excel__set_sheet_layout: entries at {LAYOUT_MAP}" in built.stderr
    module = import_path(root / "excel_tools.py")
    params = StdioServerParameters(command=command[0], args=command[1:], cwd=str(root))
    return books, module, params


def encoded_layout_call(module: ModuleType, book: str) -> dict[str, Any]:
    """What a model in strict mode sends: every property present, the map as entries."""
    [definition] = [t for t in module.tools("responses") if t["name"] == "excel__set_sheet_layout"]
    schema = definition["parameters"]
    assert definition["strict"] is True
    layout = {name: None for name in schema["$defs"]["SheetLayout"]["properties"]}
    layout["column_widths_chars"] = [{"key": k, "value": v} for k, v in WIDTHS.items()]
    arguments = {"path": book, "sheet": "Sheet1", "layout": layout}
    assert Draft202012Validator(schema).is_valid(arguments)  # a strict model may send it
    return arguments


async def loop(module: ModuleType, base_url: str, params: StdioServerParameters) -> list[Any]:
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        client = AsyncOpenAI(base_url=base_url, api_key="sk-test", max_retries=0)
        items: list[Any] = [{"role": "user", "content": "Widen columns A and C."}]
        while True:
            response = await client.responses.create(
                model="gpt-test", input=items, tools=module.tools("responses")
            )
            outputs = await module.execute_tool_calls(
                response, lambda server, tool, args: session.call_tool(tool, args)
            )
            if not outputs:
                return items
            items += [item.model_dump(exclude_none=True) for item in response.output]
            items += outputs


def test_a_map_reaches_the_live_server_decoded(
    excel: tuple[Path, ModuleType, StdioServerParameters],
) -> None:
    books, module, params = excel
    book = str(books / "widths.xlsx")
    describe = {"path": book, "sheet": "Sheet1"}
    script = [
        [("c1", "excel__create_workbook", {"path": book})],
        [("c2", "excel__set_sheet_layout", encoded_layout_call(module, book))],
        [("c3", "excel__describe_sheet", describe)],
        "Done.",
    ]
    with FakeOpenAI(script) as fake:
        items = anyio.run(loop, module, fake.base_url, params)
    outputs = {i["call_id"]: i["output"] for i in items if i.get("type") == "function_call_output"}
    assert not outputs["c2"].startswith("Error"), outputs["c2"]
    widths = json.loads(outputs["c3"])["column_widths_chars"]
    assert widths == [{"column": k, "width": float(v)} for k, v in WIDTHS.items()]


def test_the_server_refuses_the_encoded_map_it_never_sees(
    excel: tuple[Path, ModuleType, StdioServerParameters],
) -> None:
    books, module, params = excel
    book = str(books / "raw.xlsx")
    arguments = encoded_layout_call(module, book)
    arguments["layout"] = {"column_widths_chars": arguments["layout"]["column_widths_chars"]}

    async def direct() -> Any:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            await session.call_tool("create_workbook", {"path": book})
            return await session.call_tool("set_sheet_layout", arguments)

    result = anyio.run(direct)
    assert result.is_error
    assert "column_widths_chars: expected object" in result.content[0].text
