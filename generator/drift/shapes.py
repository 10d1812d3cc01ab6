"""What a schema node is made of, as the comparison sees it: its annotations, its branches (a
node is the union of its anyOf or oneOf branches, or of the types of its type list), the types
and values it allows, its required names. Standard library only."""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from .values import ALL_TYPES, canonical, covers, names, type_of

# Annotations: they change no value's validity (JSON Schema 2020-12, meta-data vocabulary).
TEXT: Final = {
    "title": "compatible",
    "description": "compatible",
    "markdownDescription": "compatible",
    "examples": "compatible",
    "default": "compatible",
    "deprecated": "compatible",
    "readOnly": "compatible",
    "writeOnly": "compatible",
    "enumNames": "compatible",
    "$schema": "compatible",
    "$comment": "cosmetic",
}
WORDS: Final = frozenset({"title", "description", "markdownDescription"})  # text a model reads
REACHED: Final = frozenset({"$defs", "definitions"})  # compared where a $ref reaches them


class Branch(NamedTuple):
    schema: Any
    where: str  # pointer suffix of its content
    label: str  # how an added or removed branch is named
    kind: str  # "type", "anyOf", "oneOf", "allOf" or "" (the node itself)


def unwrapped(node: dict[str, Any]) -> dict[str, Any]:
    """An allOf of one member beside annotations only is that member (pydantic 1 wrote a
    described `$ref` so): the annotations beside it win."""
    members = node.get("allOf")
    single = isinstance(members, list) and len(members) == 1 and isinstance(members[0], dict)
    if not single or set(node) - set(TEXT) - REACHED - {"allOf"}:
        return node
    assert isinstance(members, list)
    return {
        **members[0],
        **{key: value for key, value in node.items() if key != "allOf"},
    }


def branches(node: dict[str, Any]) -> list[Branch]:
    """A node as the union it is: the branches of an anyOf or oneOf that stands alone (one
    enum, if each branch is only a value: `oneOf` of `const`s, the MCP titled enum), one
    branch per type of a type list, or the node itself."""
    for key in ("anyOf", "oneOf"):
        items = node.get(key)
        alone = not set(node) - set(TEXT) - REACHED - {key}
        if isinstance(items, list) and items and alone:
            values = _values_only(items, distinct=key == "oneOf")
            if values is not None:
                return [Branch({"enum": values}, f"/{key}", "", "")]
            return listed(key, items)
    types = node.get("type")
    if isinstance(types, list) and all(isinstance(kind, str) for kind in types):
        unique = list(dict.fromkeys(types))
        if len(unique) > 1:
            return [Branch(_only(node, kind), "", names([kind]), "type") for kind in unique]
    return [Branch({k: v for k, v in node.items() if k not in TEXT}, "", "", "")]


def _values_only(items: list[Any], distinct: bool) -> list[Any] | None:
    """The values a union of value-only branches allows (each branch a const or an enum, with
    a type and annotations at most); None for any other union. oneOf refuses a value that
    two of its branches allow, so its values must be distinct."""
    values: list[Any] = []
    for item in items:
        if not isinstance(item, dict) or set(item) - set(TEXT) - {
            "const",
            "enum",
            "type",
        }:
            return None
        allowed_here = allowed(item)
        if allowed_here is None:
            return None
        values += allowed_here
    written = [canonical(value) for value in values]
    if distinct and len(set(written)) != len(written):
        return None
    return values


def listed(key: str, items: list[Any]) -> list[Branch]:
    word = "member" if key == "allOf" else "branch"
    return [
        Branch(item, f"/{key}/{index}", f"{key} {word} {index}", key)
        for index, item in enumerate(items)
    ]


def _only(node: dict[str, Any], kind: str) -> dict[str, Any]:
    """The branch of a type list for one type: its keywords, the enum values of that type."""
    branch = {key: value for key, value in node.items() if key not in TEXT}
    branch["type"] = kind
    if isinstance(node.get("enum"), list):
        branch["enum"] = [
            value for value in node["enum"] if covers(frozenset({kind}), type_of(value))
        ]
    return branch


def types_of(node: dict[str, Any]) -> frozenset[str]:
    """The types a node's values may have: its `type`, narrowed by its enum values."""
    declared = node.get("type")
    if isinstance(declared, str):
        types = frozenset({declared})
    elif isinstance(declared, list) and all(isinstance(kind, str) for kind in declared):
        types = frozenset(declared)
    else:
        types = ALL_TYPES
    values = allowed(node)
    if values is not None:
        return frozenset(type_of(value) for value in values)
    return types


def allowed(node: dict[str, Any]) -> list[Any] | None:
    """The values an enum or const allows (of the declared types); None without either."""
    values: list[Any] | None = None
    if isinstance(node.get("enum"), list):
        values = list(node["enum"])
    if "const" in node:
        const = canonical(node["const"])
        values = [node["const"]] if values is None else [v for v in values if canonical(v) == const]
    if values is None:
        return None
    declared = node.get("type")
    kinds = (
        frozenset([declared] if isinstance(declared, str) else declared)
        if isinstance(declared, str | list)
        else ALL_TYPES
    )
    return [value for value in values if covers(kinds, type_of(value))]


def required_of(node: dict[str, Any]) -> set[str] | None:
    required = node.get("required", [])
    if not isinstance(required, list) or not all(isinstance(name, str) for name in required):
        return None
    return set(required)


def typename(types: frozenset[str]) -> str:
    if types == ALL_TYPES:
        return "any"
    return "|".join(sorted(types)) or "none"


def values_word(key: str, values: list[Any]) -> str:
    return f"{key} value" + ("" if len(values) == 1 else "s")
