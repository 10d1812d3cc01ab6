"""The hostile tool-list corpus: every input ends in exit 0 with a correct module or
exit 2 with one line naming the file, tool and JSON path; nothing runs; nothing hangs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from buildutil import ROOT, import_path

EXPECTED_ERRORS = ROOT / "tests" / "fixtures" / "hostile" / "errors.txt"
NAME = __import__("re").compile(r"[A-Za-z0-9_-]{1,64}")
TOUCH = "__import__('pathlib').Path('CANARY').touch()"


def tool(name: Any, schema: Any = None, description: str = TOUCH) -> dict[str, Any]:
    return {"name": name, "description": description, "inputSchema": schema or {"type": "object"}}


def nested(levels: int, optional: bool = False) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string"}
    for _ in range(levels):
        schema = {
            "type": "object",
            "properties": {"n": schema},
            "required": [] if optional else ["n"],
        }
    return schema


def fan_out(optional: bool) -> dict[str, Any]:
    defs = {
        f"d{i}": {
            "type": "object",
            "properties": {"a": {"$ref": f"#/$defs/d{i + 1}"}, "b": {"$ref": f"#/$defs/d{i + 1}"}},
            "required": [] if optional else ["a", "b"],
        }
        for i in range(60)
    }
    defs["d60"] = {"type": "string"}
    return {
        "type": "object",
        "properties": {"root": {"$ref": "#/$defs/d0"}},
        "required": ["root"],
        "$defs": defs,
    }


def recursive(optional: bool) -> dict[str, Any]:
    node = {
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "kids": {"type": "array", "items": {"$ref": "#/$defs/Node"}},
        },
        "required": ["kids"] if optional else ["name", "kids"],
    }
    return {
        "type": "object",
        "properties": {"tree": {"$ref": "#/$defs/Node"}},
        "required": ["tree"],
        "$defs": {"Node": node},
    }


# name -> (file text, expected outcome: "ok" or "error")
def corpus() -> dict[str, tuple[str, str]]:
    def snap(*tools: dict[str, Any]) -> str:
        return json.dumps({"tools": list(tools)})

    hostile_names = [
        "",
        "   ",
        "n" * 200,
        "a.b",
        "a/b",
        "a b",
        "ünïcödé",
        "class",
        "None",
        "lambda",
        "tools",
        "NAMES",
        "REPORT",
        "ToolCall",
    ]
    return {
        "names": (snap(*(tool(n) for n in hostile_names)), "ok"),
        "nest300": (snap(tool("deep", nested(300))), "ok"),
        "nest300_optional": (snap(tool("deep", nested(300, optional=True))), "ok"),
        "nest5000": (
            '{"tools": [{"name": "deep", "inputSchema": '
            + '{"a": ' * 5000
            + "1"
            + "}" * 5001
            + "]}",
            "error",
        ),
        "fanout": (snap(tool("fan", fan_out(False))), "ok"),
        "fanout_optional": (snap(tool("fan", fan_out(True))), "ok"),
        "recursion": (snap(tool("rec", recursive(False))), "ok"),
        "recursion_optional": (snap(tool("rec", recursive(True))), "ok"),
        "props6000": (
            snap(
                tool(
                    "wide",
                    {
                        "type": "object",
                        "properties": {f"p{i}": {"type": "string"} for i in range(6000)},
                    },
                )
            ),
            "ok",
        ),
        "description40k": (snap(tool("long", description="d" * 40_000 + TOUCH)), "ok"),
        "array_root_schema": (
            snap(tool("arr", {"type": "array", "items": {"type": "string"}}), tool("fine")),
            "ok",
        ),
        "empty": ('{"tools": []}', "ok"),
        "nan": (
            '{"tools": [{"name": "t", "inputSchema": {"type": "object", '
            '"properties": {"n": {"type": "number", "maximum": NaN}}}}]}',
            "error",
        ),
        "infinity": (
            '{"tools": [{"name": "t", "inputSchema": {"type": "object", "minimum": -Infinity}}]}',
            "error",
        ),
        "not_json": ("{'tools': []}", "error"),
        "tools_not_list": ('{"tools": {"name": "t"}}', "error"),
        "no_name": (
            '{"tools": [{"description": "x", "inputSchema": {"type": "object"}}]}',
            "error",
        ),
        "name_not_string": (
            '{"tools": [{"name": ["t"], "inputSchema": {"type": "object"}}]}',
            "error",
        ),
        "schema_not_object": ('{"tools": [{"name": "t", "inputSchema": "object"}]}', "error"),
        "root_array_of_strings": ('["t"]', "error"),
        "duplicate_keys": (
            '{"tools": [{"name": "t", "inputSchema": {"type": "object", "type": "string"}}]}',
            "error",
        ),
    }


CORPUS = corpus()


def build(tmp_path: Path, case: str) -> subprocess.CompletedProcess[str]:
    text, _ = CORPUS[case]
    (tmp_path / f"{case}.json").write_text(text, encoding="utf-8")
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mcp2openai",
            "build",
            "-q",
            "--server",
            f"s={case}.json",
            "--out",
            f"{case}_adapter.py",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("case", sorted(CORPUS))
def test_hostile_input(tmp_path: Path, case: str) -> None:
    result = build(tmp_path, case)
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "CANARY").exists()
    if CORPUS[case][1] == "error":
        assert result.returncode == 2, result.stderr
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"mcp2openai: error: {case}.json: ")
        assert not (tmp_path / f"{case}_adapter.py").exists()
        return
    assert result.returncode == 0, result.stderr
    module = import_path(tmp_path / f"{case}_adapter.py")
    assert not (tmp_path / "CANARY").exists()
    for api in ("chat", "responses"):
        definitions = module.tools(api)
        json.dumps(definitions, allow_nan=False, ensure_ascii=False).encode("utf-8")
    for definition in module.tools("responses"):
        assert NAME.fullmatch(definition["name"])
        assert len(definition["description"].encode()) <= 4096


def test_refusal_messages_are_snapshot_tested(tmp_path: Path) -> None:
    """Every refusal is one line naming the file, the tool (when known) and the JSON path."""
    messages = []
    for case in sorted(name for name, (_, outcome) in CORPUS.items() if outcome == "error"):
        messages.append(build(tmp_path, case).stderr)
    assert "".join(messages) == EXPECTED_ERRORS.read_text(encoding="utf-8")


@pytest.mark.slow  # CONTRIBUTING.md, "Tiers"
def test_twenty_thousand_tools(tmp_path: Path) -> None:
    real = json.loads((ROOT / "generated" / "snapshots" / "memory.json").read_text())["tools"]
    tools = [dict(real[i % len(real)], name=f"t{i}") for i in range(20_000)]
    (tmp_path / "many.json").write_text(json.dumps({"tools": tools}))
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mcp2openai",
            "build",
            "-q",
            "--server",
            "s=many.json",
            "--out",
            "many_adapter.py",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=170,
    )
    assert result.returncode == 0, result.stderr
    module = import_path(tmp_path / "many_adapter.py")
    assert len(module.NAMES) == 20_000


def test_specific_outcomes(tmp_path: Path) -> None:
    build(tmp_path, "names")
    module = import_path(tmp_path / "names_adapter.py")
    assert len(set(module.NAMES)) == 14  # a.b, a/b and "a b" all land on s__a_b: no two alike
    assert module.NAMES["s__tools"] == ("s", "tools")
    build(tmp_path, "fanout_optional")
    module = import_path(tmp_path / "fanout_optional_adapter.py")
    # docs/rewrites.md: too many null paths to list; the call parser walks the schema.
    assert module.REPORT.fallbacks == ()
    assert [entry["kind"] for entry in module.REPORT.rewrites] == ["dynamic_nulls"]
    build(tmp_path, "fanout")
    assert (
        import_path(tmp_path / "fanout_adapter.py").tools("chat")[0]["function"]["strict"] is True
    )
    build(tmp_path, "recursion_optional")
    module = import_path(tmp_path / "recursion_optional_adapter.py")
    assert [e["kind"] for e in module.REPORT.rewrites] == ["dynamic_nulls"]
    build(tmp_path, "props6000")
    assert [
        e["keyword"] for e in import_path(tmp_path / "props6000_adapter.py").REPORT.fallbacks
    ] == ["max_properties"]
    build(tmp_path, "array_root_schema")
    module = import_path(tmp_path / "array_root_schema_adapter.py")
    assert [e["name"] for e in module.REPORT.excluded] == ["s__arr"] and list(module.NAMES) == [
        "s__fine"
    ]
    build(tmp_path, "nest300")
    definition = import_path(tmp_path / "nest300_adapter.py").tools("responses")[0]
    assert definition["parameters"] == nested(300) and definition["strict"] is False
    build(tmp_path, "empty")
    assert import_path(tmp_path / "empty_adapter.py").tools("chat") == []
