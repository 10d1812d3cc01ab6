"""The one safe path from untrusted values to Python source (STYLE.md practice 4).

Every tool name, description, schema, enum value and property name comes from a server nobody
here controls. It reaches a generated module only as a `Source` made here: strings through
`repr` (re-quoted the way black prefers), containers by recursion, nothing else accepted.

The text is also already in black's style, so a module of thousands of tools needs no black
pass over its data (DESIGN.md "Performance facts": black takes 25-70 s on 2,000 tools):
a collection stays on one line when that line fits black's limit, measured with black's own
width function, and otherwise is exploded one item per line with a trailing comma, which black
keeps as it is (its "magic trailing comma"). tests/test_literals.py proves both properties
against black itself.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from black.strings import str_width

LINE_LENGTH: Final = 88
INDENT: Final = "    "
# CPython's parser refuses more than 200 nested brackets; past this depth a value is emitted
# as JSON text and parsed at run time instead (DESIGN.md: never a broken module).
MAX_LITERAL_DEPTH: Final = 48


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


def value_source(value: object, indent: int = 0, prefix_width: int = 0, tail: str = "") -> str:
    """A literal for a JSON-like value whose first line starts `prefix_width` columns in.

    `indent` is the nesting level of the line the literal starts on; `tail` is the text that
    follows the literal on its last line (it counts toward the limit). Dicts, lists and tuples
    recurse; str, int, float, bool and None are scalars; anything else is refused.
    """
    lines: list[str] = []
    _emit(value, indent, "", prefix_width, tail, lines)
    text = "\n".join(lines)
    return text[: len(text) - len(tail)] if tail else text  # the caller writes the tail


def _emit(value: object, indent: int, head: str, width: int, tail: str, lines: list[str]) -> None:
    """Append the lines of `head` + value + `tail`; `width` is the columns before the value.

    Inline when the whole line fits, else exploded one item per line with a trailing comma.
    """
    inline = _inline(value, LINE_LENGTH - width - len(tail))
    if inline is not None:
        lines.append(head + inline + tail)
        return
    inner = INDENT * (indent + 1)
    closing = INDENT * indent
    if isinstance(value, dict):
        lines.append(head + "{")
        for key, item in value.items():
            key_head = f"{inner}{string(_key(key))}: "
            _emit(item, indent + 1, key_head, str_width(key_head), ",", lines)
        lines.append(closing + "}" + tail)
    elif isinstance(value, JsonText):
        lines += [head + "_from_json(", f"{inner}{string(value.text)},", closing + ")" + tail]
    elif isinstance(value, (list, tuple)) and value:
        # A one-element tuple's trailing comma is not "magic" to black: it explodes the tuple
        # only when it does not fit, which is the only way this line is reached for one.
        opening, end = ("[", "]") if isinstance(value, list) else ("(", ")")
        lines.append(head + opening)
        for item in value:
            _emit(item, indent + 1, inner, len(inner), ",", lines)
        lines.append(closing + end + tail)
    else:
        lines.append(head + _scalar(value) + tail)


def _inline(value: object, budget: int) -> str | None:
    """The one-line form if black would keep it within `budget` columns, else None.

    Gives up as soon as the text outgrows the budget, so deciding costs at most a line's
    worth of work however large the value is.
    """
    text = _inline_text(value, budget)
    return text if text is not None and str_width(text) <= budget else None


def _inline_text(value: object, budget: int) -> str | None:
    if isinstance(value, dict):
        if not value:
            return "{}"
        parts = []
        for key, item in value.items():
            head = f"{string(_key(key))}: "
            inner = _inline(item, budget - str_width(head))
            if inner is None:
                return None
            parts.append(head + inner)
            budget -= str_width(parts[-1]) + 2
            if budget < 0:
                return None
        return "{" + ", ".join(parts) + "}"
    if isinstance(value, (list, tuple)):
        items = []
        for item in value:
            inner = _inline(item, budget)
            if inner is None:
                return None
            items.append(inner)
            budget -= str_width(inner) + 2
            if budget < 0:
                return None
        body = ", ".join(items)
        if isinstance(value, list):
            return f"[{body}]"
        return "(" + body + ("," if len(items) == 1 else "") + ")"
    return f"_from_json({string(value.text)})" if isinstance(value, JsonText) else _scalar(value)


def _scalar(value: object) -> str:
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return repr(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{value!r} is not a JSON number")
        # black writes exponents without "+" (1e100, not 1e+100).
        return repr(value).replace("e+", "e")
    if isinstance(value, str):
        return string(value)
    raise TypeError(f"cannot emit {type(value).__name__} as a literal")


def _key(key: object) -> str:
    if not isinstance(key, str):
        raise TypeError(f"dict keys must be str, not {type(key).__name__}")
    return key


def depth(value: object) -> int:
    """Bracket nesting of a JSON-like value (iterative: any depth `json` can parse)."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            stack.extend((child, level + 1) for child in item.values())
            deepest = max(deepest, level + 1)
        elif isinstance(item, (list, tuple)):
            stack.extend((child, level + 1) for child in item)
            deepest = max(deepest, level + 1)
    return deepest


def docstring(text: str) -> str:
    """A triple-quoted docstring showing `text`: backslashes then quotes escaped, no surrogates."""
    body = text.replace("\\", "\\\\").replace('"', '\\"')
    body = "".join(ch if ch.isprintable() or ch == "\n" else _escape(ch) for ch in body)
    return f'"""{body}"""'


def _escape(char: str) -> str:
    return repr(char)[1:-1]


@dataclass(frozen=True, slots=True)
class JsonText:
    """A value carried as JSON text, emitted as `_from_json("...")`."""

    text: str
