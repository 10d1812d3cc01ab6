"""Nested object properties get nested TypedDicts (generator/typed.py), and mypy --strict agrees."""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path
from typing import Any

import pytest
from buildutil import GENERATED, run_cli, write_snapshot
from mcp2openai import typed
from mcp2openai.emit import RenderError, emit
from mcp2openai.literals import LINE_LENGTH
from mcp2openai.options import ServerSpec, StrictMode
from mcp2openai.pipeline import build
from mcp2openai.render import _stub_skeleton, render
from mcp2openai.strict.rules import MAX_OBJECT_DEPTH
from mcp2openai.verify import verify_stub
from test_hostile_inputs import fan_out, nested, recursive
from test_typing import mypy

NESTED = re.compile(r"__?[A-Za-z0-9]*Args[0-9]*_\w+")
POINT = {
    "type": "object",
    "properties": {"x": {"type": "number"}, "y": {"type": "number"}},
    "required": ["x"],
}
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "point": {"$ref": "#/$defs/Point"},
        "other": {"$ref": "#/$defs/Point"},
        "opt": {
            "type": ["object", "null"],
            "properties": {"a": {"type": "integer"}, "mode": {"enum": ["x", "y"]}},
            "required": ["a"],
        },
        "edits": {"type": "array", "items": {"type": "object", "properties": {"t": {}}}},
        "tags": {"type": "object", "additionalProperties": {"type": "string"}},
    },
    "required": ["point", "edits"],
    "$defs": {"Point": POINT},
}


def section(schema: dict[str, Any], optional: set[str | None], name: str = "TArgs") -> str:
    return typed.section(name, typed.fields(schema, optional))


def defined(text: str) -> list[str]:
    """The names the section assigns, in order."""
    tree = ast.parse(textwrap.dedent(text))
    return [node.targets[0].id for node in tree.body if isinstance(node, ast.Assign)]  # type: ignore[attr-defined]


def test_nested_objects_become_typed_dicts_defined_before_their_owner() -> None:
    text = section(SCHEMA, {"other", "opt", "tags"})
    assert defined(text) == ["_TArgs_Point", "_TArgs_Opt", "_TArgs_EditsItem", "TArgs"]
    assert '            "point": _TArgs_Point,\n' in text
    # one definition however often it is referenced
    assert '            "other": NotRequired[_TArgs_Point],\n' in text
    assert '            "opt": NotRequired[_TArgs_Opt | None],\n' in text
    assert '            "edits": list[_TArgs_EditsItem],\n' in text
    assert '            "tags": NotRequired[dict[str, object]],\n' in text  # a map, not a shape
    # nested keys are required only when the schema lists them
    assert '            "x": float,\n            "y": NotRequired[float],\n' in text
    assert '            "mode": NotRequired[Literal["x", "y"]],\n' in text
    assert '            "t": NotRequired[object],\n' in text


def test_recursion_is_cut_with_an_open_dict() -> None:
    text = section(recursive(False), set())
    assert defined(text) == ["_TArgs_Node", "TArgs"]
    assert '"kids": list[dict[str, object]],' in text


def test_nesting_stops_at_openais_object_depth() -> None:
    text = section(nested(300), set())
    names = defined(text)
    assert len(names) == MAX_OBJECT_DEPTH  # the tool's own TypedDict and the levels below it
    assert text.count("dict[str, object]") == 1  # the level past the limit


def test_a_shared_definition_fans_out_linearly() -> None:
    text = section(fan_out(False), set())
    # d0 ... d3 are reached through 1-4 references; the 5th reference is past the hop limit
    assert defined(text) == ["_TArgs_D3", "_TArgs_D2", "_TArgs_D1", "_TArgs_D0", "TArgs"]


def test_names_that_do_not_fit_fall_back_to_open_dicts() -> None:
    owner = "V" * 60 + "Args"  # "_<owner>_Point" is longer than a fitting alias line allows
    text = section(SCHEMA, set(), name=owner)
    assert defined(text) == [owner]
    assert '"point": dict[str, object],' in text
    assert all(len(line) <= LINE_LENGTH for line in text.splitlines())


def test_a_line_too_long_drops_literals_then_nested_types() -> None:
    key = "k" * 20
    inner = {"type": "string", "enum": ["x" * 70, "y"]}
    schema = {"type": "object", "properties": {key: {"type": "object", "properties": {"a": inner}}}}
    text = section(schema, {key}, name="Long" * 6 + "Args")
    assert defined(text) == ["Long" * 6 + "Args"]
    assert f'"{key}": NotRequired[dict[str, object]],' in text
    text = section(schema, {key})
    assert defined(text) == ["_TArgs_" + key.title(), "TArgs"]
    assert '            "a": NotRequired[str],\n' in text  # its Literal[...] would not fit
    assert all(len(line) <= LINE_LENGTH for line in text.splitlines())


@pytest.mark.slow  # CONTRIBUTING.md, "Tiers"
def test_mypy_strict_types_nested_arguments(tmp_path: Path) -> None:
    snapshot = write_snapshot(
        tmp_path,
        "s",
        [
            {"name": "shapes", "inputSchema": SCHEMA},
            {"name": "tree", "inputSchema": recursive(False)},
            {"name": "deep", "inputSchema": nested(300)},
        ],
    )
    out = tmp_path / "nested_tools.py"
    assert run_cli("build", "--server", f"s={snapshot}", "--out", str(out)).exit_code == 0
    use = tmp_path / "use_nested.py"
    use.write_text(
        textwrap.dedent("""
            from typing import assert_type

            from nested_tools import SDeepArgs, SShapesArgs, STreeArgs, ToolCall, arguments


            def shapes(call: ToolCall) -> float:
                args = arguments(call, SShapesArgs)
                assert_type(args["point"]["x"], float)
                assert_type(args["edits"][0].get("t"), object | None)
                opt = args.get("opt")
                if opt is not None:
                    assert_type(opt["a"], int)
                return args["point"]["x"] + args["point"].get("y", 0.0)


            def tree(call: ToolCall) -> str:
                args = arguments(call, STreeArgs)
                assert_type(args["tree"]["kids"], list[dict[str, object]])
                return args["tree"]["name"]


            def deep(call: ToolCall) -> str:
                args = arguments(call, SDeepArgs)
                return str(args["n"]["n"]["n"]["n"]["n"]["n"]["n"]["n"]["n"]["n"])
            """),
        encoding="utf-8",
    )
    stub = mypy(str(out.with_suffix(".pyi")))
    assert stub.returncode == 0, stub.stdout
    assert "_SShapesArgs_Point = TypedDict(" in out.with_suffix(".pyi").read_text()
    result = mypy(str(use), path=tmp_path)  # the app's view: the stub beside the module
    assert result.returncode == 0, result.stdout
    wrong = tmp_path / "wrong_nested.py"
    wrong.write_text(
        textwrap.dedent("""
            from nested_tools import SShapesArgs, ToolCall, arguments


            def wrong(call: ToolCall) -> None:
                args = arguments(call, SShapesArgs)
                print(args["point"]["z"])
                print(args["edits"][0]["t"] + 1)
            """),
        encoding="utf-8",
    )
    result = mypy(str(wrong), path=tmp_path)
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert any("wrong_nested.py:7:" in line and '"z"' in line for line in errors), errors
    assert any("wrong_nested.py:8:" in line and "Unsupported" in line for line in errors), errors
    assert len(errors) == 2, errors


def test_no_name_but_the_nested_typed_dicts_looks_like_one() -> None:
    """`_<Owner>Args_<Key>` is free for nested TypedDicts: the module defines no such name, and
    in the stub only nested TypedDicts have it."""

    def assigned(path: Path) -> tuple[set[str], set[str]]:
        names, typed_dicts = set(), set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                function = node.value.func
                target = node.targets[0]
                # a Name target: the runtime's TypedDicts are made by data, into a dict
                typed = isinstance(function, ast.Name) and function.id == "TypedDict"
                if typed and isinstance(target, ast.Name):
                    typed_dicts.add(target.id)
        return names, typed_dicts

    module = set()
    for path in [GENERATED / "mcp_all.py", *sorted((GENERATED / "_mcp2openai").glob("*.py*"))]:
        module |= assigned(path)[0]
    stub, typed_dicts = assigned(GENERATED / "mcp_all.pyi")
    assert {"_toolset", "Toolset", "Catalog", "NAMES"} <= module
    assert "_FilesystemEditFileArgs_EditsItem" in typed_dicts
    assert not [name for name in module if NESTED.fullmatch(name)]
    assert {name for name in stub if NESTED.fullmatch(name)} <= typed_dicts


def test_verify_reads_nested_typed_dicts_back(tmp_path: Path) -> None:
    """A stub whose nested TypedDict says something else than the model is never written."""
    snapshot = write_snapshot(tmp_path, "s", [{"name": "shapes", "inputSchema": SCHEMA}])
    model = build([ServerSpec("s", snapshot)], StrictMode.AUTO).model
    emission = emit(model)
    stub = render(model).stub
    head = _stub_skeleton(emission.version, emission.runtime_import, emission.typing_import)
    verify_stub(stub, emission, head)  # as rendered: it reads back
    nested = (
        '_SShapesArgs_Point = TypedDict(\n    "_SShapesArgs_Point",\n    {\n        "x": float,'
    )
    assert nested in stub
    for tampered in (
        stub.replace(nested, nested.replace('"x": float', '"x": int')),
        stub.replace(nested, nested.replace("_SShapesArgs_Point", "_SShapesArgs_Other")),
        stub.replace('"point": _SShapesArgs_Point', '"point": dict[str, object]'),
    ):
        assert tampered != stub
        with pytest.raises(RenderError):
            verify_stub(tampered, emission, head)
