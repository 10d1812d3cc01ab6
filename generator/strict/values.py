"""Value-level rules of the conversion: nullability, enum and const values and their types."""

from __future__ import annotations

import json
import math
from typing import Any, Final, TypeGuard

from . import rules
from .errors import SchemaPath, Unsupported

_NULL_BRANCH: Final = {"type": "null"}
_VALUE_KEYWORDS: Final = frozenset({"type", "enum", "const"})


def nullable(node: dict[str, Any]) -> dict[str, Any]:
    """DESIGN.md: how an optional property is made nullable, per the shape of its schema."""
    if "anyOf" in node and not _VALUE_KEYWORDS & node.keys():
        return {**node, "anyOf": [*node["anyOf"], dict(_NULL_BRANCH)]}
    if "const" in node or "$ref" in node or "anyOf" in node:
        # A const, a $ref, or an anyOf constrained beside it by type/enum/const: the whole
        # node becomes one branch, null the other; annotations stay on the outside.
        inner = {key: value for key, value in node.items() if key not in rules.ANNOTATIONS}
        annotations: dict[str, Any] = {k: node[k] for k in rules.ANNOTATIONS if k in node}
        return {**annotations, "anyOf": [inner, dict(_NULL_BRANCH)]}
    widened = dict(node)
    widened["type"] = _with_null(node["type"])
    if "enum" in node:
        widened["enum"] = [*node["enum"], None]
    return widened


def _with_null(declared: str | list[str]) -> list[str]:
    names = [declared] if isinstance(declared, str) else list(declared)
    return names if "null" in names else [*names, "null"]


def check_scalar(value: Any, path: SchemaPath, keyword: str, types: list[str] | None) -> None:
    if isinstance(value, (dict, list)):
        raise Unsupported(
            path, keyword, f"{keyword} values must be strings, numbers, booleans or null"
        )
    if isinstance(value, float) and not math.isfinite(value):
        raise Unsupported(path, keyword, f"{keyword} value {value!r} is not valid JSON")
    if types is not None and not any(_fits(value, name) for name in types):
        raise Unsupported(path, keyword, f"{keyword} value {value!r} does not match type {types}")


def _fits(value: Any, type_name: str) -> bool:
    if isinstance(value, bool):
        return type_name == "boolean"
    if isinstance(value, int):
        return type_name in ("integer", "number")
    if isinstance(value, float):
        return type_name == "number" or (type_name == "integer" and value.is_integer())
    if isinstance(value, str):
        return type_name == "string"
    return value is None and type_name == "null"


def kind(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return "string" if isinstance(value, str) else "null"


def implied_types(values: list[Any]) -> list[str]:
    """DESIGN.md: an enum or const without type gets the type its values imply."""
    names: list[str] = []
    for value in values:
        name = kind(value)
        if name == "number" and not isinstance(value, float):
            name = "integer"
        names.append(name)
    if "number" in names:
        names = [name for name in names if name != "integer"]
    return list(dict.fromkeys(names))


def text_form(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def finite_number(value: Any) -> TypeGuard[int | float]:
    if isinstance(value, bool):
        return False
    # An int is always finite; math.isfinite would overflow on one beyond float range.
    return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))
