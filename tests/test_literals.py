"""The safe-literal path: values read back exactly, the stub's strings are what black would
write, and a module's tables read back as the runtime reads them."""

from __future__ import annotations

import ast
from typing import Any

import black
import pytest
from hypothesis import given
from hypothesis import strategies as st
from mcp2openai.literals import docstring, string, table
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


def read_back(literal: str, name: str = "_TABLE") -> Any:
    """A table's literal as a module holds it: one statement, black's fixed point, and its
    value parsed as the runtime's Toolset parses it (`json.loads` of the string)."""
    source = f"{name} = {literal}\n"
    module = ast.parse(source)
    assert len(module.body) == 1
    node = module.body[0]
    assert isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
    assert black.format_str(source, mode=BLACK_MODE) == source
    reader = Toolset("data", VERSION, report=node.value.value)
    return reader.table("report")


@given(tables, st.sampled_from(["entries", "keys", "items"]))
def test_a_table_reads_back_exactly(value: Any, layout: str) -> None:
    if layout == "keys":  # the definitions: a list of objects
        value = (
            [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []
        )
    if layout == "items":  # the report: an object of lists
        value = (
            {k: v for k, v in value.items() if isinstance(v, list)}
            if isinstance(value, dict)
            else {}
        )
    literal = table(value, layout)  # type: ignore[arg-type]
    assert read_back(literal) == value
    # Nothing but printable ASCII, and a raw string: its text is the JSON exactly.
    assert literal.startswith('r"""') and literal.endswith('"""')
    assert all(line.isascii() and line.isprintable() for line in literal.split("\n"))


def test_one_entry_a_line() -> None:
    entries = table({"a": {"x": 1}, "b": [2, "\n"]})
    assert entries.split("\n") == ['r"""{', '"a":{"x":1},', '"b":[2,"\\n"]', '}"""']
    keys = table([{"type": "function", "name": "n", "description": "d"}], "keys")
    assert keys.split("\n") == [
        'r"""[',
        '{"type":"function",',
        ' "name":"n",',
        ' "description":"d"}',
        ']"""',
    ]
    items = table({"fallbacks": [{"name": "a"}, {"name": "b"}], "excluded": []}, "items")
    assert items.split("\n") == [
        'r"""{',
        '"fallbacks":[',
        '{"name":"a"},',
        '{"name":"b"}',
        "],",
        '"excluded":[]',
        '}"""',
    ]


def test_hostile_strings_in_a_table() -> None:
    breakers = [*HOSTILE, '\\"""', "\\", "\\\n", '"' * 7, "x\\", "\x7f\x85\u200b\U000e0001"]
    # Values that end the string or the statement early, or look like the module's own lines.
    breakers += ['"""\n_TOOLS = {}', '\\"""', "\n]", '\n}"""', "\r\n", 'r"""']
    value = {text: [text, {text: text}] for text in breakers}
    for layout, shaped in (
        ("entries", value),
        ("keys", [{text: text} for text in breakers]),
        ("items", {text: [text, {text: text}] for text in breakers}),
    ):
        assert read_back(table(shaped, layout)) == shaped  # type: ignore[arg-type]


def test_a_table_is_printable_ascii_and_reads_back() -> None:
    value = ["ä中文😀", "a\u2028b", "\x7f", "\U000e0041", "\x00\n\t"]
    literal = table(value)
    assert literal.isascii() and all(line.isprintable() for line in literal.split("\n"))
    assert "\\u00e4\\u4e2d" in literal and "\\u007f" in literal and "\\udb40\\udc41" in literal
    assert read_back(literal) == value


def test_numbers_keep_their_type() -> None:
    value = [1, 1.0, -0.0, 1e100, 12345678901234567890, True, None]
    back = read_back(table(value))
    assert [type(item) for item in back] == [type(item) for item in value]
    assert back == value


def test_what_json_cannot_hold_is_refused() -> None:
    with pytest.raises(ValueError):
        table([float("nan")])


def test_docstrings_cannot_be_broken_out_of() -> None:
    for text in HOSTILE:
        source = f"{docstring(text)}\n"
        module = ast.parse(source)
        assert len(module.body) == 1
        assert isinstance(module.body[0], ast.Expr)
