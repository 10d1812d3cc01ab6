"""The one safe path from untrusted values to generated files (docs/conventions.md, practice 4).

Every tool name, description, schema, enum value and property name comes from a server nobody
here controls. It reaches a generated file only as text made here, in one of three forms:

- `string`: a str literal in printable ASCII, for the `.pyi` stub's keys and Literal values.
- `table`: a table of the toolset module's data, JSON in a raw triple-quoted string literal,
  one entry a line (docs/design.md, "Data in the module").
- `docstring`: a triple-quoted docstring, backslashes and every double quote escaped.

Each is checked again after the whole file is made (generator/verify.py): the file is parsed
and every value read back and compared with what was meant.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final, Literal

LINE_LENGTH: Final = 88
INDENT: Final = "    "
# Characters that would be invisible or break lines in an editor, a diff or a terminal.
_CONTROL: Final = re.compile(r"[\x00-\x1f\x7f]")


@dataclass(frozen=True, slots=True)
class Source:
    """Python source text produced by this module: the only thing templates may print."""

    text: str


@lru_cache(maxsize=1 << 16)
def string(value: str) -> str:
    """A double-quoted str literal equal to `value`, in printable ASCII only.

    Anything else is an escape (`\\`, `\x22` for a double quote, `\xe9`, `\u540d`), so
    black has nothing to normalise in it (no quote to swap, no width to measure: every
    character is one column) and no character of it is invisible or breaks a line.
    """
    text = value.replace("\\", "\\\\").replace('"', "\\x22")
    text = text.encode("ascii", "backslashreplace").decode("ascii")
    return '"' + _CONTROL.sub(_hex_escape, text) + '"'


Layout = Literal["entries", "keys", "items"]


def table(value: dict[str, Any] | list[Any], layout: Layout = "entries") -> str:
    """`table_text` as a raw triple-quoted string literal, checked to be one."""
    text = table_text(value, layout)
    if '"""' in text or text.endswith("\\") or not _PRINTABLE.fullmatch(text):
        raise ValueError("a table's JSON does not fit a raw triple-quoted string")
    return 'r"""' + text + '"""'


def table_text(value: dict[str, Any] | list[Any], layout: Layout = "entries") -> str:
    """`value` as the JSON text literal of a table of a toolset module: a raw triple-quoted
    string holding compact JSON with one entry a line (a list item, or a key and its value),
    so a diff shows which entry changed. `layout`: `"entries"`, one entry a line; `"keys"`, a
    list of objects with one key of each a line (the definitions: a reworded description
    changes its own line only); `"items"`, an object of lists with one item of each a line
    (the report).

    The JSON is printable ASCII: every other character is a \\u escape (`ensure_ascii`,
    and `\\u007f` for DEL, the one control it leaves as is). So the file holds nothing
    invisible, the literal's text is the JSON exactly (a raw string: no backslash of the
    JSON is an escape of Python's), and compact JSON never holds three double quotes in a
    row, nor ends with a backslash, the only ways to end a raw triple-quoted string early
    (both are checked). `ValueError` for a value JSON cannot hold (NaN, Infinity).
    """
    if layout == "keys":
        assert isinstance(value, list)
        lines = [_lines(item.items(), "{", ",\n ", "}") for item in value]
    elif layout == "items":
        assert isinstance(value, dict)
        lines = [
            _json(key) + ":" + _lines(item, "[\n", ",\n", "\n]") for key, item in value.items()
        ]
    else:
        items = value.items() if isinstance(value, dict) else value
        lines = [_json(item) if isinstance(value, list) else _entry(item) for item in items]
    opening, closing = ("[", "]") if isinstance(value, list) else ("{", "}")
    return f"{opening}\n" + ",\n".join(lines) + f"\n{closing}" if lines else opening + closing


def _lines(items: Iterable[Any], opening: str, between: str, closing: str) -> str:
    """Each item (a key and its value, or a value) of a JSON object or list on its own line."""
    parts = [_entry(item) if isinstance(item, tuple) else _json(item) for item in items]
    if not parts:
        return opening.strip() + closing.strip()
    return opening + between.join(parts) + closing


def _entry(item: tuple[str, Any]) -> str:
    return f"{_json(item[0])}:{_json(item[1])}"


def _json(value: object) -> str:
    return _ENCODE(value).replace("\x7f", "\\u007f")  # the one control JSON leaves as is


_ENCODE: Final = json.JSONEncoder(ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode
# Printable ASCII and line ends: what a table's text may hold.
_PRINTABLE: Final = re.compile(r"[\x20-\x7e\n]*")


def docstring(text: str) -> str:
    """A triple-quoted docstring showing `text`: backslashes then quotes escaped, no surrogates."""
    body = text.replace("\\", "\\\\").replace('"', '\\"')
    body = "".join(ch if ch.isprintable() or ch == "\n" else _escape(ch) for ch in body)
    return f'"""{body}"""'


def shown(text: str) -> str:
    """`text` quoted for a line of prose (a docstring, a report): repr, never more than a line."""
    return repr(text)


def _hex_escape(match: re.Match[str]) -> str:
    return f"\\x{ord(match.group()):02x}"


def _escape(char: str) -> str:
    return repr(char)[1:-1]
