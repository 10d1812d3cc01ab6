"""Which keywords of a node the strict schema keeps, and which it drops (and reports).

Kept when valid on a node of the matching type (rules.py); `--target compatible` drops the
string keywords some OpenAI-compatible endpoints refuse (docs/strict-sources.md). Everything
else only narrows or annotates values (the server still validates) and is reported as dropped.
"""

from __future__ import annotations

from typing import Any, Final

from . import rules
from .errors import Dropped, SchemaPath
from .lengths import kept_lengths
from .patterns import usable_pattern
from .values import finite_number

_OBJECT_KEYWORDS: Final = frozenset({"properties", "required", "additionalProperties"})


def constraints(
    schema: dict[str, Any], types: list[str], out: dict[str, Any], compatible: bool
) -> None:
    """Copy the value constraints strict mode takes for these types into `out`."""
    if "string" in types and not compatible:
        pattern = schema.get("pattern")
        if isinstance(pattern, str) and usable_pattern(pattern):
            out["pattern"] = pattern
        if schema.get("format") in rules.FORMATS:
            out["format"] = schema["format"]
        low, high = (_length(schema.get(keyword)) for keyword in rules.LENGTH_KEYWORDS)
        # Beside a pattern or a format, the lengths llguidance may not compile with it are
        # dropped (reported): docs/openai-rules.md §1.9, strict/lengths.py.
        low, high = kept_lengths(out.get("pattern"), out.get("format"), low, high)
        for keyword, value in zip(rules.LENGTH_KEYWORDS, (low, high), strict=True):
            if value is not None:
                out[keyword] = value
    if "number" in types or "integer" in types:
        for keyword in rules.NUMBER_KEYWORDS:
            value = schema.get(keyword)
            if finite_number(value) and (keyword != "multipleOf" or value > 0):
                out[keyword] = value
    if "array" in types:
        for keyword in rules.ARRAY_KEYWORDS:
            value = schema.get(keyword)
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                out[keyword] = value


def _length(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def dropped_keywords(
    schema: dict[str, Any], path: SchemaPath, out: dict[str, Any], root: bool, rewritten: bool
) -> list[Dropped]:
    """The keywords of `schema` the strict node `out` does not carry."""
    dropped = []
    for keyword in schema:
        if keyword in out or (keyword in _OBJECT_KEYWORDS and "properties" in out):
            continue
        if root and keyword in ("$defs", "definitions"):
            continue
        if rewritten and keyword in ("oneOf", "patternProperties", "propertyNames"):
            continue  # travels in another shape (docs/rewrites.md)
        dropped.append(Dropped(path, keyword))
    return dropped
