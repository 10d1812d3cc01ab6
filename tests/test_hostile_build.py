"""A snapshot whose every string tries to break out of its literal builds to a module that
imports, executes nothing but its definitions, and sends exactly the converter's output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from buildutil import import_path, run_cli
from mcp2openai.naming import ServerTools, build
from mcp2openai.options import ServerSpec
from mcp2openai.strict import Unsupported, convert
from mcp2openai.text import clean_annotations


def payloads(canary: Path) -> list[str]:
    touch = f"__import__('pathlib').Path({str(canary)!r}).touch()"
    return [
        "'",
        '"',
        "'''",
        '"""',
        'x"""; ' + touch + '; """',
        "x'''; " + touch + "; '''",
        "trailing backslash\\",
        "\\",
        "\\'",
        "a\"b'c",
        "line\nbreak",
        "\u2028\u2029",
        "nul\x00byte",
        "lone\ud800surrogate",
        "\udfff",
        "{{ 7 * 7 }}{% for x in y %}{# c #}",
        "{{ ''.__class__.__mro__[1].__subclasses__() }}",
        "'); " + touch + "; ('",
        '"); ' + touch + '; ("',
        touch,
        "class",
        "None",
        "__import__",
        "\r\n\t\x0b\x0c",
        "ä中文😀",
    ]


def hostile_tools(canary: Path) -> list[dict[str, Any]]:
    tools = []
    for index, text in enumerate(payloads(canary)):
        schema = {
            "type": "object",
            "title": text,
            "description": text,
            "properties": {
                text: {
                    "type": "string",
                    "description": text,
                    "title": text,
                    "pattern": text,
                    "default": text,
                },
                f"enum{index}": {"enum": [text, f"other{index}"], "description": text},
                f"const{index}": {"const": text},
                f"fmt{index}": {"type": "string", "format": text},
            },
            "required": [text, f"const{index}"],
        }
        tools.append({"name": text, "title": text, "description": text, "inputSchema": schema})
    api_names = [
        "tools",
        "NAMES",
        "REPORT",
        "ToolCall",
        "tool_calls",
        "__getattr__",
        "_definitions",
        "arguments",
    ]
    tools += [
        {"name": name, "description": name, "inputSchema": {"type": "object"}} for name in api_names
    ]
    # An open map makes one tool fall back to its (cleaned) original schema, payloads and all.
    fallback = {
        "type": "object",
        "properties": {
            "m": {
                "type": "object",
                "additionalProperties": True,
                "description": payloads(canary)[4],
            }
        },
    }
    tools.append(
        {
            "name": "fallback" + payloads(canary)[5],
            "description": payloads(canary)[5],
            "inputSchema": fallback,
        }
    )
    return tools


def has_surrogate(text: str) -> bool:
    return any("\ud800" <= char <= "\udfff" for char in text)


def expected_definitions(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What the module must send: tools whose name or schema data holds a lone surrogate are
    left out (not encodable as UTF-8); every other tool exactly as converted."""
    toolset = build([ServerTools(ServerSpec("evil", Path("evil.json"), prefix=""), tuple(tools))])
    definitions = []
    for named in toolset.tools:
        if has_surrogate(named.tool):
            continue
        try:
            parameters, strict = convert(named.input_schema).schema, True
        except Unsupported:
            parameters, strict = clean_annotations(named.input_schema), False
        definitions.append(
            {
                "type": "function",
                "name": named.exposed,
                "description": named.description,
                "parameters": parameters,
                "strict": strict,
            }
        )
    return definitions


def test_hostile_snapshot_builds_imports_and_round_trips(tmp_path: Path) -> None:
    canary = tmp_path / "CANARY"
    tools = hostile_tools(canary)
    snapshot = tmp_path / "evil.json"
    snapshot.write_text(json.dumps({"tools": tools}), encoding="utf-8")  # ensure_ascii keeps \ud800
    out = tmp_path / "evil_adapter.py"
    result = run_cli(
        "build", "--server", f"evil={snapshot}", "--prefix", "evil=", "--out", str(out)
    )
    assert result.exit_code == 0, result.output
    assert not canary.exists()

    module = import_path(out)
    assert not canary.exists()
    assert module.tools("responses") == expected_definitions(tools)
    excluded = {entry["tool"] for entry in module.REPORT.excluded}
    assert excluded == {tool["name"] for tool in tools if has_surrogate(tool["name"])}
    assert len(module.NAMES) == len(tools) - len(excluded)
    assert callable(module.tools) and callable(module.tool_calls)  # API names are not shadowed

    code = (
        f"import sys; sys.path.insert(0, {str(tmp_path)!r}); import evil_adapter as m; "
        "m.tools('chat'); m.tools('responses')"
    )
    completed = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True
    )
    assert completed.returncode == 0, completed.stderr
    assert not canary.exists()


def test_hostile_module_definitions_encode_as_strict_json(tmp_path: Path) -> None:
    tools = hostile_tools(tmp_path / "CANARY")
    tools.append(
        {
            "name": "nan",
            "inputSchema": {"type": "object", "properties": {"\udc00": {"type": "string"}}},
        }
    )
    snapshot = tmp_path / "evil.json"
    snapshot.write_text(json.dumps({"tools": tools}), encoding="utf-8")
    out = tmp_path / "evil_json.py"
    assert run_cli("build", "--server", f"evil={snapshot}", "--out", str(out)).exit_code == 0
    module = import_path(out)
    assert "evil__nan" not in module.NAMES
    for api in ("chat", "responses"):
        # What httpx does with the openai SDK's request body.
        json.dumps(module.tools(api), ensure_ascii=False, allow_nan=False).encode("utf-8")
