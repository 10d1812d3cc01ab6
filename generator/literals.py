"""The one safe path from untrusted values to generated files (docs/conventions.md, practice 4).

Every tool name, description, schema, enum value and property name comes from a server nobody
here controls. It reaches a generated file only as text made here, in one of three forms:

- `string`: a str literal in printable ASCII, for the `.pyi` stub's keys and Literal values.
- `data_text`: the toolset's data file, JSON with one table per top-level key (docs/design.md,
  "Data in the module").
- `docstring`: a triple-quoted docstring, backslashes and every double quote escaped.

Each is checked again after the whole file is made (generator/verify.py): the file is parsed
and every value read back and compared with what was meant.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

LINE_LENGTH: Final = 88
INDENT: Final = "    "
# JSON text needs no escape beyond what `json.dumps` writes, but these characters would be
# invisible or break lines in an editor, a diff or a terminal: written as \u escapes.
_HIDDEN: Final = re.compile(r"[^\x20-\x7e]")
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


def json_text(value: dict[str, object] | list[object]) -> str:
    """`value` as JSON: one entry (list item, or key and value) per line, for review.

    Compact separators; characters outside printable ASCII stay as they are when they are
    printable (a description in any script reads as written), and become \\u escapes when
    not (controls, line and paragraph separators, format characters).
    """
    encode = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode

    def dumps(item: object) -> str:
        return _HIDDEN.sub(_visible, encode(item))

    if isinstance(value, dict):
        lines = [f"{dumps(key)}:{dumps(item)}" for key, item in value.items()]
        return "{\n" + ",\n".join(lines) + "\n}" if lines else "{}"
    lines = [dumps(item) for item in value]
    return "[\n" + ",\n".join(lines) + "\n]" if lines else "[]"


def data_text(version: str, tables: dict[str, dict[str, object] | list[object]]) -> str:
    """The toolset's data file: a JSON object whose first key names the mcp2openai version,
    then one key per table, in order.

    Each top-level key starts a line and every line inside a table is indented (entries as
    `json_text` lays them out, one per line), so the runtime finds a table by searching for
    a line that starts with its key (templates/runtime/__init__.py, `Toolset.table`): JSON
    strings hold no line break, so no value can start such a line.
    """
    parts = [f'{{\n"mcp2openai":{json.dumps(version)}']
    for key, value in tables.items():
        if not key.isidentifier():
            raise ValueError(f"table name {key!r} is not an identifier")
        parts.append(f'"{key}":' + json_text(value).replace("\n", "\n "))
    return ",\n".join(parts) + "\n}\n"


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


def _visible(match: re.Match[str]) -> str:
    char = match.group()
    if char.isprintable():
        return char
    code = ord(char)
    if code > 0xFFFF:  # JSON spells a character outside the BMP as a surrogate pair
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"
