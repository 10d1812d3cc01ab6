"""The safe-literal path: values read back exactly, the stub's strings are what black would
write, and the data file reads back as the runtime reads it."""

from __future__ import annotations

import ast
import json
from typing import Any

import black
from hypothesis import given
from hypothesis import strategies as st
from mcp2openai.literals import data_text, docstring, json_text, string
from mcp2openai.render import BLACK_MODE, STUB_MODE
from mcp2openai.templates.runtime import VERSION, Toolset

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
        assert literal.isascii() and literal.isprintable(), literal
        source = f"x = {literal}\n"
        assert black.format_str(source, mode=BLACK_MODE) == source, text
        assert black.format_str(source, mode=STUB_MODE) == source, text


@given(st.text())
def test_any_string_round_trips_and_matches_black(text: str) -> None:
    literal = string(text)
    assert ast.literal_eval(literal) == text
    assert literal.isascii() and literal.isprintable()
    source = f"x = {literal}\n"
    assert black.format_str(source, mode=BLACK_MODE) == source


def read_back(text: str, names: list[str]) -> dict[str, Any]:
    """The tables of a data file as the runtime reads them, checked against json.loads."""
    whole = json.loads(text)
    assert list(whole) == ["mcp2openai", "tables", *names]
    reader = Toolset({"__name__": "data"}, VERSION, data=text)
    found = {name: reader.table(name) for name in names}
    assert found == {name: whole[name] for name in names}
    return found


@given(st.dictionaries(st.sampled_from(["a", "b", "names", "x_1"]), tables, max_size=4))
def test_data_reads_back_exactly_table_by_table(value: Any) -> None:
    text = data_text(VERSION, value)
    assert read_back(text, list(value)) == value
    # One entry per line, nothing but printable ASCII on them, and only the top-level keys
    # start a line with a quote.
    lines = text.split("\n")
    assert all(line.isascii() and line.isprintable() for line in lines)
    starts = [line.partition(":")[0] for line in lines if line.startswith('"')]
    assert starts == ['"mcp2openai"', '"tables"', *(json.dumps(key) for key in value)]


def test_hostile_strings_in_the_data() -> None:
    breakers = [*HOSTILE, '\\"""', "\\", "\\\n", '"' * 7, "x\\", "\x7f\x85\u200b\U000e0001"]
    # Values that look like the data's own lines: a table key at the start of a line.
    breakers += ['\n"names":{}', '\n"definitions":[', '"names":', "\n ]", "\n}\n"]
    value = {text: [text, {text: text}] for text in breakers}
    tables = {"names": value, "definitions": list(value), "search": {"x": "y"}}
    assert read_back(data_text(VERSION, tables), list(tables)) == tables


def test_json_text_is_printable_ascii_and_reads_back() -> None:
    value = ["ä中文😀", "a\u2028b", "\x7f", "\U000e0041", "\x00\n\t"]
    text = json_text(value)
    assert text.isascii() and all(line.isprintable() for line in text.split("\n"))
    assert "\\u00e4\\u4e2d" in text and "\\u007f" in text and "\\udb40\\udc41" in text
    assert json.loads(text) == value


def test_numbers_keep_their_type() -> None:
    value = [1, 1.0, -0.0, 1e100, 12345678901234567890, True, None]
    back = read_back(data_text(VERSION, {"numbers": value}), ["numbers"])["numbers"]
    assert [type(item) for item in back] == [type(item) for item in value]
    assert back == value


def test_docstrings_cannot_be_broken_out_of() -> None:
    for text in HOSTILE:
        source = f"{docstring(text)}\n"
        module = ast.parse(source)
        assert len(module.body) == 1
        assert isinstance(module.body[0], ast.Expr)
