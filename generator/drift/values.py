"""Small pure helpers of the graded diff: JSON text, JSON pointers, value types, bounds.

Standard library only, like the rest of generator/drift/ (docs/design.md, "Graded drift").
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final, Literal
from urllib.parse import unquote

# What one difference found does to a client's calls or reads (docs/design.md, "Graded drift").
Kind = Literal["narrower", "wider", "breaks", "compatible", "cosmetic"]
ALL_TYPES: Final = frozenset({"string", "number", "integer", "boolean", "object", "array", "null"})
_SHOWN: Final = 60  # characters of a value quoted in a reason


def text(value: Any) -> str:
    """Exact JSON text, key order kept: equal texts are equal documents, written alike."""
    return json.dumps(value, ensure_ascii=False, allow_nan=True)


def canonical(value: Any) -> str:
    """JSON text with sorted keys and integral numbers written as integers: equal texts are
    equal JSON values (`1` and `1.0` are one number; `true` and `1` are not)."""
    return json.dumps(_canonical(value), ensure_ascii=False, sort_keys=True, allow_nan=True)


def _canonical(value: Any) -> Any:
    """The value with integral floats as integers. Through `json`'s C parser rather than a
    Python walk, so that schemas nested deeper than Python's recursion limit still compare.
    """
    return json.loads(text(value), parse_float=_number)


def _number(literal: str) -> float | int:
    number = float(literal)
    return int(number) if number.is_integer() else number


def differs(old: Mapping[str, Any], new: Mapping[str, Any], key: str) -> bool:
    """Whether a key's value differs between two objects, a key left out and a null apart."""
    if key not in old or key not in new:
        return (key in old) != (key in new)
    return not same(old[key], new[key])


def same(old: Any, new: Any) -> bool:
    """Equal JSON values (`canonical`), the usual scalars compared without writing them out."""
    if (type(old) is type(new) and isinstance(old, str | bool | int)) or old is new is None:
        return bool(old == new)
    return canonical(old) == canonical(new)


def escape(segment: str | int) -> str:
    """One RFC 6901 pointer segment."""
    return str(segment).replace("~", "~0").replace("/", "~1")


def join(pointer: str, *segments: str | int) -> str:
    return pointer + "".join("/" + escape(segment) for segment in segments)


def resolve(root: Any, ref: str) -> tuple[Any, str] | None:
    """The schema a local `$ref` (`#`, `#/$defs/a`, `#/properties/b`) points at, and its
    pointer; None when it is not local or points at nothing."""
    if ref == "#":
        return root, ""
    if not ref.startswith("#/"):
        return None
    node, parts = root, [
        unquote(raw).replace("~1", "/").replace("~0", "~") for raw in ref[2:].split("/")
    ]
    for part in parts:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None
    return node, join("", *parts)


def number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def type_of(value: Any) -> str:
    """The JSON type of a value; an integral number is an integer, as JSON Schema counts it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "integer" if value.is_integer() else "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def covers(types: frozenset[str], kind: str) -> bool:
    """Whether a set of types takes values of `kind` (every integer is a number)."""
    return kind in types or (kind == "integer" and "number" in types)


def subset(small: frozenset[str], large: frozenset[str]) -> bool:
    return all(covers(large, kind) for kind in small)


def shown(value: Any) -> str:
    """A value as a reason quotes it: JSON, cut to a few dozen characters."""
    written = text(value)
    return written if len(written) <= _SHOWN else written[: _SHOWN - 3] + "..."


def names(values: list[Any]) -> str:
    return ", ".join(shown(value) for value in values)


def exact(value: Any) -> Fraction:
    """A finite JSON number as an exact fraction, as written (0.1 is 1/10)."""
    return Fraction(repr(value)) if isinstance(value, float) else Fraction(value)


def printable(line: str) -> str:
    """A line with every character that is not printable written as an escape, so a name or
    value from a server can never break or hide part of a line on a terminal."""
    if line.isprintable():
        return line
    return "".join(
        char if char.isprintable() else json.dumps(char, ensure_ascii=True)[1:-1] for char in line
    )
