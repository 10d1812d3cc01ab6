"""Which keywords of a node the strict schema keeps, and which it drops (and reports).

Kept when valid on a node of the matching type (rules.py); `--target compatible` drops the
string keywords some OpenAI-compatible endpoints refuse (docs/strict-sources.md). Everything
else only narrows or annotates values (the server still validates) and is reported as dropped.
"""

from __future__ import annotations

from typing import Any, Final

from . import rules
from .errors import Dropped, SchemaPath
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
        # Beside a pattern or a format the lengths are dropped (reported): OpenAI's engine
        # intersects them with that regex, and the intersection can be past what it decides
        # or empty (docs/openai-rules.md §1.9). The shape is what the model needs most.
        shaped = "pattern" in out or "format" in out
        for keyword in () if shaped else rules.LENGTH_KEYWORDS:
            value = schema.get(keyword)
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
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
