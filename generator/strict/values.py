"""Value-level rules of the conversion: nullability, enum and const values and their types,
and the size limits they count toward."""

from __future__ import annotations

import json
import math
from typing import Any, Final, TypeGuard

from . import rules
from .errors import SchemaPath, Unsupported

_NULL_BRANCH: Final = {"type": "null"}
_VALUE_KEYWORDS: Final = frozenset({"type", "enum", "const"})


def matches_nothing(schema: Any) -> bool:
    """A schema no value satisfies: `false`, or one holding `not: {}` / `not: true` (zod's
    `undefined`, found in generated servers). As a branch of an anyOf or oneOf it can be left
    out without changing what the rest accepts; a oneOf counts only branches that match."""
    if schema is False:
        return True
    if not isinstance(schema, dict) or "not" not in schema:
        return False
    negated = schema["not"]
    return negated is True or (isinstance(negated, dict) and not negated)


def nullable(node: dict[str, Any]) -> dict[str, Any]:
    """How an optional property is made nullable (docs/design.md, "Nullable properties")."""
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


def declared_types(schema: dict[str, Any], path: SchemaPath) -> list[str] | None:
    """The node's `type` as a list of names (None: no type)."""
    declared = schema.get("type")
    if declared is None and "type" not in schema:
        return None
    names = [declared] if isinstance(declared, str) else declared
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        raise Unsupported(path, "type", "type must be a name or a non-empty list of names")
    for name in names:
        if name not in rules.TYPE_NAMES:
            raise Unsupported(path, "type", f"unknown type {name!r}")
    return list(dict.fromkeys(names))


def implied_types(values: list[Any]) -> list[str]:
    """An enum or const without type gets the type its values imply (docs/design.md, "Values")."""
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


class Budget:
    """OpenAI's limits on one schema (docs/openai-rules.md §1.6), counted while converting; and the
    enum and const values, which count toward them. Mixin of the converter."""

    properties = 0
    chars = 0
    enum_values = 0

    def _enum(self, values: Any, path: SchemaPath, types: list[str] | None) -> list[Any]:
        if not isinstance(values, list) or not values:
            raise Unsupported(path, "enum", "enum must be a non-empty list")
        distinct: dict[tuple[str, Any], Any] = {}
        for value in values:
            check_scalar(value, path, "enum", types)
            distinct.setdefault((kind(value), value), value)
        unique = list(distinct.values())
        self.enum_values += len(unique)
        if self.enum_values > rules.MAX_ENUM_VALUES:
            raise Unsupported(
                path, "max_enum_values", f"more than {rules.MAX_ENUM_VALUES} enum values"
            )
        texts = [text_form(value) for value in unique]
        size = sum(len(text) for text in texts)
        large = len(unique) > rules.LARGE_ENUM and all(isinstance(v, str) for v in unique)
        if large and size > rules.MAX_LARGE_ENUM_CHARS:
            raise Unsupported(path, "max_enum_chars", "a large string enum is too long")
        self._count_chars(size, path)
        return unique

    def _const(self, value: Any, path: SchemaPath, types: list[str] | None) -> Any:
        check_scalar(value, path, "const", types)
        if isinstance(value, str):
            self._count_chars(len(value), path)
        return value

    def _count_chars(self, size: int, path: SchemaPath) -> None:
        self.chars += size
        if self.chars > rules.MAX_CHARS:
            raise Unsupported(
                path, "max_chars", f"more than {rules.MAX_CHARS} characters of names and values"
            )

    def _count_properties(self, count: int, path: SchemaPath) -> None:
        self.properties += count
        if self.properties > rules.MAX_PROPERTIES:
            raise Unsupported(
                path, "max_properties", f"more than {rules.MAX_PROPERTIES} properties"
            )
