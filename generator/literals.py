"""The one safe path from untrusted values to Python source (docs/conventions.md, practice 4).

Every tool name, description, schema, enum value and property name comes from a server nobody
here controls. It reaches a generated file only as a `Source` made here, in one of three forms:

- `string`: a str literal, by `repr` (re-quoted the way black prefers); used by the `.pyi`
  stub's TypedDicts for keys and Literal values.
- `json_block`: a JSON document inside a raw triple-quoted string, one entry per line; used
  for every data table of the module (docs/design.md, "Data in the module").
- `docstring`: a triple-quoted docstring, backslashes and every double quote escaped.

Each is checked again after the whole file is written (generator/verify.py): the file is
parsed and every value read back and compared with what was meant.
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


@dataclass(frozen=True, slots=True)
class Source:
    """Python source text produced by this module: the only thing templates may print."""

    text: str


@lru_cache(maxsize=1 << 16)
def string(value: str) -> str:
    """A str literal equal to `value`, in the quotes black would choose."""
    literal = repr(value)
    if literal[0] == '"':
        return literal  # repr chose double quotes: the value has ' and no ".
    body = literal[1:-1]
    singles = value.count("'")
    doubles = value.count('"')
    if doubles == 0:
        return '"' + body.replace("\\'", "'") + '"'
    if singles and doubles <= singles:
        # black switches to double quotes unless that adds escapes.
        return '"' + body.replace("\\'", "'").replace('"', '\\"') + '"'
    return literal


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


def json_block(value: dict[str, object] | list[object]) -> str:
    """A raw triple-quoted str literal holding `json_text(value)`.

    Safe by construction: JSON text never holds three double quotes in a row (a quote inside
    a JSON string is written \\", and a string's closing quote is followed by one of , : ] }),
    never a newline but those added between entries, and it ends with ] or }, never with a
    backslash. A raw string keeps every backslash, so the JSON escapes reach `json.loads`
    unchanged. Checked here as well, because the argument is what keeps a module inert.
    """
    text = json_text(value)
    if '"""' in text or text.endswith("\\"):
        raise ValueError("JSON text cannot be put in a raw triple-quoted string")
    return f'r"""{text}"""'


def docstring(text: str) -> str:
    """A triple-quoted docstring showing `text`: backslashes then quotes escaped, no surrogates."""
    body = text.replace("\\", "\\\\").replace('"', '\\"')
    body = "".join(ch if ch.isprintable() or ch == "\n" else _escape(ch) for ch in body)
    return f'"""{body}"""'


def shown(text: str) -> str:
    """`text` quoted for a line of prose (a docstring, a report): repr, never more than a line."""
    return repr(text)


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
