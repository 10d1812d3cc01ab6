"""Where a reversible rewrite applies, and the rewrites that change only the input schema
(docs/rewrites.md).

Pure functions of input schemas. `free_form` and `open_object` say which nodes travel in
another shape (a JSON string, a list of entries) that the call parser undoes. disjoint.py,
merge.py and root.py rewrite `oneOf`, `allOf` and the root into schemas the converter already
handles, without changing which instances are valid; what they cannot prove equivalent is
refused (Unsupported), never guessed. The helpers here are shared by them.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from . import rules
from .errors import SchemaPath, Unsupported
from .patterns import usable_pattern

# Resolves a `$ref` found at a path to the schema it points at (and that schema's path).
Resolve = Callable[[Any, SchemaPath], tuple[Any, SchemaPath]]

_MISSING: Final[Any] = object()
# Keywords that say nothing about which values are valid.
_ANNOTATIONS: Final = frozenset(
    {
        *rules.ANNOTATIONS,
        "default",
        "examples",
        "$comment",
        "deprecated",
        "readOnly",
        "writeOnly",
        "$schema",
        "contentMediaType",
        "contentEncoding",
    }
)
# Keywords that give a value its structure: a node without any of them is free-form.
_STRUCTURE: Final = frozenset(
    {
        "type",
        "enum",
        "const",
        "anyOf",
        "oneOf",
        "allOf",
        "not",
        "if",
        "then",
        "else",
        "$ref",
        "$dynamicRef",
        "$recursiveRef",
        "properties",
        "patternProperties",
        "additionalProperties",
        "propertyNames",
        "required",
        "items",
        "prefixItems",
        "contains",
        "dependentRequired",
        "dependentSchemas",
        "dependencies",
        "unevaluatedProperties",
        "unevaluatedItems",
    }
)


def is_annotation(keyword: str) -> bool:
    return keyword in _ANNOTATIONS or keyword.startswith("x-")


# -- free-form values and open objects -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FreeForm:
    """A value sent as a string holding JSON; `types` are the JSON types allowed (None: any)."""

    types: list[str] | None


def free_form(schema: Any) -> FreeForm | None:
    """A free-form value (no type, `{}` or `true`, or an open object without properties)."""
    if schema is True:
        return FreeForm(None)
    if not isinstance(schema, dict):
        return None
    structure = _STRUCTURE & schema.keys()
    if not structure:
        return FreeForm(None)
    declared = schema.get("type")
    names = [declared] if isinstance(declared, str) else declared
    if not isinstance(names, list) or "object" not in names or not set(names) <= {"object", "null"}:
        return None
    if structure - {"type", "properties", "required", "additionalProperties", "propertyNames"}:
        return None
    if schema.get("properties", {}) != {} or schema.get("required", []) != []:
        return None
    additional = schema.get("additionalProperties", True)
    if not (additional is True or annotations_only(additional)):
        return None
    if not vacuous_names(schema.get("propertyNames", True)):
        return None
    return FreeForm(list(dict.fromkeys(names)))


def vacuous_names(names: Any) -> bool:
    """A `propertyNames` that every property name satisfies."""
    if names is True:
        return True
    if not isinstance(names, dict):
        return False
    meaningful = {key for key in names if not is_annotation(key)}
    return meaningful <= {"type"} and names.get("type", "string") in ("string", ["string"])


@dataclass(frozen=True, slots=True)
class OpenObject:
    """An object with keys beyond its declared properties, sent as `{"key", "value"}` entries:
    the whole object (no declared properties) or the rest of it (beside them)."""

    key: dict[str, Any]  # the input schema the keys must satisfy (a string schema)
    key_path: SchemaPath
    value: Any  # the input schema of the values (True: anything, sent as JSON strings)
    value_path: SchemaPath


def open_object(schema: dict[str, Any], path: SchemaPath, compatible: bool) -> OpenObject | None:
    """How an object schema's undeclared keys travel: None when it has none (closed)."""
    properties = schema.get("properties", {})
    declared = list(properties) if isinstance(properties, dict) else []
    additional = schema.get("additionalProperties", _MISSING)
    patterns = schema.get("patternProperties", _MISSING)
    names = schema.get("propertyNames", _MISSING)
    plain_names = names is _MISSING or vacuous_names(names)
    if patterns is not _MISSING:
        if not isinstance(patterns, dict) or len(patterns) != 1:
            reason = "only one pattern of patternProperties can become entries"
            raise Unsupported(path, "patternProperties", reason)
        ((pattern, value),) = patterns.items()
        if additional is not False:
            reason = "patternProperties beside open additionalProperties"
            raise Unsupported(path, "patternProperties", reason)
        if not plain_names:
            raise Unsupported(path, "propertyNames", "propertyNames beside patternProperties")
        if compatible or not usable_pattern(pattern):
            reason = "the key pattern cannot be sent to this target"
            raise Unsupported(path, "patternProperties", reason)
        if any(_matches(pattern, name) for name in declared):
            reason = "a declared property matches the pattern of patternProperties"
            raise Unsupported(path, "patternProperties", reason)
        where = (*path, "patternProperties", pattern)
        pattern_key = {"type": "string", "pattern": pattern}
        return OpenObject(pattern_key, (*path, "patternProperties"), value, where)
    if not plain_names and declared:
        # The declared names would have to be checked against propertyNames too.
        raise Unsupported(path, "propertyNames", "propertyNames beside declared properties")
    if additional is False or (additional is _MISSING and declared):
        return None  # closed (docs/design.md: declared properties without additionalProperties)
    free = additional is _MISSING or additional is True or annotations_only(additional)
    key: dict[str, Any] = {"type": "string"}
    if not plain_names:
        if names.get("type", "string") not in ("string", ["string"]):
            raise Unsupported(path, "propertyNames", "property names are strings")
        key = {**names, "type": "string"}
    return OpenObject(
        key, (*path, "propertyNames"), True if free else additional, (*path, "additionalProperties")
    )


def annotations_only(schema: Any) -> bool:
    return isinstance(schema, dict) and all(is_annotation(key) for key in schema)


def _matches(pattern: str, name: str) -> bool:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return re.search(pattern, name) is not None


def follow(schema: Any, path: SchemaPath, resolve: Resolve) -> tuple[Any, SchemaPath]:
    """A pure `$ref` (annotations beside it at most) followed to its target, however long
    the chain; `{}` (anything) for a `$ref` beside assertions or a cycle of aliases."""
    seen = {path}
    while isinstance(schema, dict) and "$ref" in schema:
        if any(key != "$ref" and not is_annotation(key) for key in schema):
            return {}, path
        schema, path = resolve(schema["$ref"], path)
        if path in seen:
            return {}, path
        seen.add(path)
    return schema, path


def value_key(value: Any) -> tuple[str, Any] | None:
    """JSON equality as a hashable key: 1 equals 1.0, true does not equal 1."""
    if value is None:
        return ("null", None)
    if isinstance(value, bool):
        return ("boolean", value)
    if isinstance(value, (int, float)):
        return ("number", value)
    if isinstance(value, str):
        return ("string", value)
    return None
