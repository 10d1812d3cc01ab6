"""Snapshots: the three accepted shapes, and one clear error for everything malformed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mcp2openai.load import About, InputError, read_snapshot

TOOL = '{"name": "t", "inputSchema": {"type": "object"}}'


def load(tmp_path: Path, text: str | bytes) -> tuple[object, ...]:
    path = tmp_path / "s.json"
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return read_snapshot(path, "s.json")[0]


@pytest.mark.parametrize(
    "text",
    [
        f'{{"tools": [{TOOL}], "nextCursor": null}}',
        f'{{"jsonrpc": "2.0", "id": 1, "result": {{"tools": [{TOOL}]}}}}',
        f"[{TOOL}]",
    ],
)
def test_accepted_shapes(tmp_path: Path, text: str) -> None:
    assert [tool["name"] for tool in load(tmp_path, text)] == ["t"]  # type: ignore[index]


def test_empty_tool_list_is_fine(tmp_path: Path) -> None:
    assert load(tmp_path, '{"tools": []}') == ()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "s.json: not valid JSON: Expecting value (line 1 column 1)"),
        (b"\xff\xfe", "s.json: not UTF-8 (byte 0)"),
        ("[" * 100_000, "s.json: nesting too deep to parse"),
        ('{"tools": {}}', "s.json: #/tools: tools must be a list"),
        (
            '{"tool": []}',
            's.json: expected {"tools": [...]}, a JSON-RPC response or a list of tools',
        ),
        ('{"tools": [1]}', "s.json: #/tools/0: a tool must be an object"),
        ('{"tools": [{"inputSchema": {}}]}', "s.json: #/tools/0/name: a tool needs a string name"),
        (
            '{"tools": [{"name": 3, "inputSchema": {}}]}',
            "s.json: #/tools/0/name: a tool needs a string name",
        ),
        (
            '{"tools": [{"name": "t"}]}',
            "s.json: tool 't': #/tools/0/inputSchema: missing inputSchema",
        ),
        (
            '{"tools": [{"name": "t", "inputSchema": []}]}',
            "s.json: tool 't': #/tools/0/inputSchema: inputSchema must be an object",
        ),
        (
            '{"tools": [{"name": "t", "inputSchema": '
            '{"type": "object", "properties": {"a b": {"maximum": NaN}}}}]}',
            "s.json: tool 't': #/tools/0/inputSchema/properties/a b/maximum: "
            "NaN is not valid JSON",
        ),
        (
            '{"tools": [{"name": "t", "inputSchema": {"x": Infinity}}]}',
            "s.json: tool 't': #/tools/0/inputSchema/x: Infinity is not valid JSON",
        ),
        (
            '{"tools": [{"name": "t", "name": "u", "inputSchema": {}}]}',
            "s.json: tool 'u': #/tools/0: duplicate key 'name'",
        ),
    ],
)
def test_malformed_snapshots_give_one_line_naming_file_tool_and_path(
    tmp_path: Path, text: str | bytes, message: str
) -> None:
    with pytest.raises(InputError) as caught:
        load(tmp_path, text)
    assert str(caught.value) == message
    assert "\n" not in str(caught.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read"):
        read_snapshot(tmp_path / "nope.json")


def test_integer_too_long_for_python_is_an_input_error(tmp_path: Path) -> None:
    text = '{"tools": [{"name": "t", "inputSchema": {"maximum": ' + "9" * 5000 + "}}]}"
    with pytest.raises(InputError, match="not usable JSON"):
        load(tmp_path, text)


def test_a_snapshot_may_say_what_its_server_is(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    document = {
        "server": {"name": "s", "version": "1", "title": "Files"},
        "instructions": "Read first.",
        "tools": [{"name": "t", "inputSchema": {"type": "object"}}],
    }
    path.write_text(json.dumps(document))
    tools, about = read_snapshot(path)
    assert [tool["name"] for tool in tools] == ["t"]
    assert about == About("Files", "Read first.", name="s", version="1")  # no protocolVersion
    path.write_text(json.dumps({"tools": []}))  # older snapshots, other formats: nothing
    assert read_snapshot(path)[1] == About()
    for bad, where in (
        ({"server": {"title": 3}}, "#/server/title"),
        ({"instructions": []}, "#/instructions"),
    ):
        path.write_text(json.dumps({**bad, "tools": []}))
        with pytest.raises(InputError) as caught:
            read_snapshot(path)
        assert where in str(caught.value)
