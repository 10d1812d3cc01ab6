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


def json_text(value: dict[str, object] | list[object]) -> str:
    """`value` as JSON: one entry (list item, or key and value) per line, for review.

    Compact separators, and printable ASCII only: every other character is a \\u escape. So
    the file holds nothing invisible, and the runtime's text of it has one byte per character,
    which `json.loads` parses faster (docs/design.md, "Data in the module").
    """
    encode = json.JSONEncoder(ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode

    def dumps(item: object) -> str:
        return encode(item).replace("\x7f", "\\u007f")  # the one control JSON leaves as is

    if isinstance(value, dict):
        lines = [f"{dumps(key)}:{dumps(item)}" for key, item in value.items()]
        return "{\n" + ",\n".join(lines) + "\n}" if lines else "{}"
    lines = [dumps(item) for item in value]
    return "[\n" + ",\n".join(lines) + "\n]" if lines else "[]"


def data_text(version: str, tables: dict[str, dict[str, object] | list[object]]) -> str:
    """The toolset's data file: a JSON object whose first key names the mcp2openai version, the
    second (`"tables"`) where each table's value lies in the file, then one key per table, in
    order.

    `"tables"` maps each table to `[start, end]`: the byte offsets of its JSON value in the
    file (printable ASCII: a byte is a character), counted from the start of the line after
    the `"tables"` line. The runtime reads those bytes alone and parses them
    (templates/runtime/__init__.py, `Toolset.source`), so it neither reads nor decodes the
    tables it does not use. Each top-level key starts a line and every line inside a table is
    indented (entries as `json_text` lays them out, one per line).
    """
    parts: list[str] = []
    spans: dict[str, list[int]] = {}
    offset = 0  # in bytes, from the start of the line after the "tables" line
    for key, value in tables.items():
        if not (key.isascii() and key.isidentifier()):
            raise ValueError(f"table name {key!r} is not an ASCII identifier")
        name = f'"{key}":'
        text = json_text(value).replace("\n", "\n ")
        start = offset + len(name)  # ASCII (json_text): one byte per character
        spans[key] = [start, start + len(text)]
        parts.append(name + text)
        offset = spans[key][1] + len(",\n")
    contents = json.dumps(spans, separators=(",", ":"))
    lines = [f'{{\n"mcp2openai":{json.dumps(version)}', f'"tables":{contents}', *parts]
    return ",\n".join(lines) + "\n}\n"


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
