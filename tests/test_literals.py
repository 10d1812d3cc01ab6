"""The safe-literal path: values round-trip exactly, and the text is what black would write."""

from __future__ import annotations

import ast
from typing import Any

import black
from hypothesis import given
from hypothesis import strategies as st
from mcp2openai.literals import JsonText, docstring, string, value_source
from mcp2openai.render import BLACK_MODE

HOSTILE = [
    "plain",
    "it's",
    'say "hi"',
    "both ' and \"",
    "'''",
    '"""',
    "trailing backslash\\",
    "\\",
    "new\nline",
    "\u2028\u2029",
    "nul\x00",
    "\ud800 lone",
    "{{ jinja }}{% raw %}",
    "'); import os; os.system('x'); ('",
    '"""; import os #',
    "class",
    "ä中文😀",
    "\t\r\x1b",
]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=40,
)


def wrap(value: Any, indent: int) -> str:
    """`x = <value>` at module level, or inside a function for indent 1."""
    head = "    " * indent
    return (
        "def f():\n" if indent else ""
    ) + f"{head}x = {value_source(value, indent, len(head) + 4)}\n"


def test_hostile_strings_round_trip_and_match_black() -> None:
    for text in HOSTILE:
        literal = string(text)
        assert ast.literal_eval(literal) == text
        source = f"x = {literal}\n"
        assert black.format_str(source, mode=BLACK_MODE) == source, text


@given(st.text())
def test_any_string_round_trips_and_matches_black(text: str) -> None:
    literal = string(text)
    assert ast.literal_eval(literal) == text
    source = f"x = {literal}\n"
    assert black.format_str(source, mode=BLACK_MODE) == source


@given(json_values, st.integers(min_value=0, max_value=1))
def test_values_round_trip_and_black_leaves_them_alone(value: Any, indent: int) -> None:
    source = wrap(value, indent)
    tree = ast.parse(source)
    assigned = tree.body[0]
    if indent:
        assert isinstance(assigned, ast.FunctionDef)
        assigned = assigned.body[0]
    assert isinstance(assigned, ast.Assign)
    assert ast.literal_eval(assigned.value) == value
    assert black.format_str(source, mode=BLACK_MODE) == source


@given(
    st.lists(
        st.tuples(st.text(max_size=60), st.none() | st.text(max_size=60)).map(tuple), max_size=4
    )
)
def test_tuples_including_one_element_ones_match_black(paths: list[tuple[Any, ...]]) -> None:
    value = {"tool": tuple(paths), "one": (paths[0] if paths else ("x",))[:1]}
    source = wrap(value, 0)
    assert black.format_str(source, mode=BLACK_MODE) == source


def test_exponents_are_written_as_black_writes_them() -> None:
    source = wrap([1e100, 1.5e-07, -0.0, 12345678901234567890], 0)
    assert black.format_str(source, mode=BLACK_MODE) == source


def test_json_text_is_emitted_as_a_call_black_keeps() -> None:
    for text in ["{}", '{"a": "' + "x" * 200 + '"}']:
        source = wrap([JsonText(text)], 1)
        assert black.format_str(source, mode=BLACK_MODE) == source
        call = ast.parse(source).body[0].body[0].value.elts[0]  # type: ignore[attr-defined]
        assert call.func.id == "_from_json"
        assert ast.literal_eval(call.args[0]) == text


def test_docstrings_cannot_be_broken_out_of() -> None:
    for text in HOSTILE:
        source = f"{docstring(text)}\n"
        module = ast.parse(source)
        assert len(module.body) == 1
        assert isinstance(module.body[0], ast.Expr)
