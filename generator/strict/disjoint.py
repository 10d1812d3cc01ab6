"""`oneOf` sent as `anyOf` (docs/rewrites.md): only when no value can match two branches, so
that "exactly one" and "at least one" mean the same."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from .errors import SchemaPath
from .rewrites import Resolve, follow, value_key

_CLASSES: Final = frozenset({"null", "boolean", "number", "string", "array", "object"})


@dataclass(slots=True)
class _Facts:
    classes: frozenset[str]  # JSON types a value may have
    values: frozenset[tuple[str, Any]] | None  # the only values allowed (enum/const), if known
    required: set[str] = field(default_factory=set)
    properties: dict[str, Any] = field(default_factory=dict)
    closed: bool = False
    tags: dict[str, frozenset[tuple[str, Any]]] = field(default_factory=dict)  # const/enum props


def disjoint(branches: list[Any], path: SchemaPath, resolve: Resolve) -> bool:
    """Whether no value matches two branches: different JSON types, distinct const or enum
    values (of the branch, or of a property every branch requires), or a property one branch
    requires and the other forbids. Then `oneOf` means the same as `anyOf`."""
    facts = [
        _facts(branch, (*path, "oneOf", index), resolve) for index, branch in enumerate(branches)
    ]
    return all(
        _apart(facts[i], facts[j]) for i in range(len(facts)) for j in range(i + 1, len(facts))
    )


def _facts(schema: Any, path: SchemaPath, resolve: Resolve) -> _Facts:
    schema, path = follow(schema, path, resolve)
    if schema is False:
        return _Facts(frozenset(), None)
    if not isinstance(schema, dict):
        return _Facts(_CLASSES, None)
    values = _values(schema)
    declared = schema.get("type")
    names = [declared] if isinstance(declared, str) else declared
    if isinstance(names, list) and all(isinstance(name, str) for name in names):
        classes = frozenset("number" if name == "integer" else name for name in names)
    elif values is not None:
        classes = frozenset(kind for kind, _ in values)
    else:
        classes = _CLASSES
    facts = _Facts(classes & _CLASSES, values)
    required = schema.get("required", [])
    properties = schema.get("properties", {})
    if isinstance(required, list) and isinstance(properties, dict):
        facts.required = {name for name in required if isinstance(name, str)}
        facts.properties = properties
        facts.closed = (
            schema.get("additionalProperties", True) is False and "patternProperties" not in schema
        )
        for name in facts.required:
            if name in properties:
                sub, _ = follow(properties[name], (*path, "properties", name), resolve)
                tag = _values(sub) if isinstance(sub, dict) else None
                if tag is not None:
                    facts.tags[name] = tag
    return facts


def _values(schema: dict[str, Any]) -> frozenset[tuple[str, Any]] | None:
    if "const" in schema:
        values = [schema["const"]]
    elif isinstance(schema.get("enum"), list):
        values = schema["enum"]
    else:
        return None
    keys = [value_key(value) for value in values]
    return None if any(key is None for key in keys) else frozenset(keys)  # type: ignore[arg-type]


def _apart(a: _Facts, b: _Facts) -> bool:
    if a.values is not None and b.values is not None and not a.values & b.values:
        return True
    for kind in a.classes & b.classes:
        if kind != "object":
            return False
        discriminated = any(
            name in a.tags and name in b.tags and not a.tags[name] & b.tags[name]
            for name in a.required & b.required
        )
        if not (discriminated or _excludes(a, b) or _excludes(b, a)):
            return False
    return True


def _excludes(a: _Facts, b: _Facts) -> bool:
    """`a` requires a property that `b` forbids."""
    return any(
        b.properties.get(name, True) is False or (b.closed and name not in b.properties)
        for name in a.required
    )
