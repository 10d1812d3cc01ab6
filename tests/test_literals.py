"""The safe-literal path: values read back exactly, and the text is what black would write."""

from __future__ import annotations

import ast
import json
from typing import Any

import black
from hypothesis import given
from hypothesis import strategies as st
from mcp2openai.literals import docstring, json_block, json_text, string
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
tables = st.lists(json_values, max_size=6) | st.dictionaries(st.text(), json_values, max_size=6)


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


def read_back(block: str) -> Any:
    """The value of `x = <block>`, checked to be one statement assigning one str constant."""
    tree = ast.parse(f"x = {block}\n")
    assert len(tree.body) == 1
    statement = tree.body[0]
    assert isinstance(statement, ast.Assign)
    assert isinstance(statement.value, ast.Constant) and type(statement.value.value) is str
    return json.loads(statement.value.value)


@given(tables)
def test_json_blocks_read_back_exactly_and_black_leaves_them_alone(value: Any) -> None:
    block = json_block(value)
    assert read_back(block) == value
    source = f"x = {block}\n"
    assert black.format_str(source, mode=BLACK_MODE) == source
    # One entry per line, and nothing but printable characters on them.
    lines = json_text(value).split("\n")
    assert len(lines) == (len(value) + 2 if value else 1)
    assert all(line.isprintable() for line in lines)


def test_hostile_strings_in_json_blocks() -> None:
    breakers = [*HOSTILE, '\\"""', "\\", "\\\n", '"' * 7, "x\\", "\x7f\x85\u200b\U000e0001"]
    value = {text: [text, {text: text}] for text in breakers}
    block = json_block(value)
    assert read_back(block) == value
    assert read_back(json_block(list(value))) == list(value)


def test_json_text_keeps_printable_text_and_escapes_the_rest() -> None:
    text = json_text(["ä中文😀", "a\u2028b", "\x7f", "\U000e0041"])
    assert "ä中文😀" in text
    assert "\\u2028" in text and "\\u007f" in text and "\\udb40\\udc41" in text


def test_numbers_keep_their_type() -> None:
    value = [1, 1.0, -0.0, 1e100, 12345678901234567890, True, None]
    back = read_back(json_block(value))
    assert [type(item) for item in back] == [type(item) for item in value]
    assert back == value


def test_docstrings_cannot_be_broken_out_of() -> None:
    for text in HOSTILE:
        source = f"{docstring(text)}\n"
        module = ast.parse(source)
        assert len(module.body) == 1
        assert isinstance(module.body[0], ast.Expr)
