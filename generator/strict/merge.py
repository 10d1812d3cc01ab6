"""`allOf` merged into one schema (docs/rewrites.md): valid for exactly the values valid for
every member, or refused where that cannot be written without allOf."""

from __future__ import annotations

from typing import Any, Final

from . import rules
from .errors import SchemaPath, Unsupported
from .rewrites import Resolve, annotations_only, is_annotation, vacuous_names, value_key

_MISSING: Final[Any] = object()
_ANY: Final[Any] = object()  # a property any value may take
_FORBIDDEN: Final[Any] = object()  # a property an object may not have
_OBJECT_KEYWORDS: Final = frozenset(
    {
        "properties",
        "additionalProperties",
        "patternProperties",
        "propertyNames",
        "required",
        "minProperties",
        "maxProperties",
    }
)
_LOWER_BOUNDS: Final = frozenset(
    {"minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"}
)
_UPPER_BOUNDS: Final = frozenset(
    {"maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"}
)


def merge_all_of(schema: dict[str, Any], path: SchemaPath, resolve: Resolve) -> dict[str, Any]:
    """One schema valid for exactly the values valid for the node and all its allOf members."""
    members = schema.get("allOf")
    if not isinstance(members, list) or not members:
        raise Unsupported(path, "allOf", "allOf must be a non-empty list of schemas")
    merged = {key: value for key, value in schema.items() if key != "allOf"}
    for index, member in enumerate(members):
        part = _inline(member, (*path, "allOf", index), resolve, 0)
        if "$defs" in part or "definitions" in part or "$id" in part:
            keyword = "$id" if "$id" in part else "allOf"
            raise Unsupported(path, keyword, "an allOf member with definitions or an $id")
        merged = _merge(merged, part, path, 0, resolve)
    return merged


def _inline(schema: Any, path: SchemaPath, resolve: Resolve, depth: int) -> dict[str, Any]:
    """`schema` with a pure `$ref` followed and a nested allOf merged."""
    if depth > rules.MAX_NODE_DEPTH:
        raise Unsupported(path, "max_depth", "allOf and $ref nested too deeply to merge")
    if schema is True:
        return {}
    if not isinstance(schema, dict):
        raise Unsupported(path, "allOf", "an allOf member that admits nothing")
    if "$ref" in schema:  # a chain of them followed in a loop, to its end or a cycle
        notes: dict[str, Any] = {}
        seen: set[SchemaPath] = set()
        while isinstance(schema, dict) and "$ref" in schema:
            siblings = {key: value for key, value in schema.items() if key != "$ref"}
            if any(not is_annotation(key) for key in siblings):
                raise Unsupported(path, "$ref", "$ref beside assertions would need a merge")
            notes = {**siblings, **notes}
            schema, where = resolve(schema["$ref"], path)
            if where in seen:
                raise Unsupported(path, "$ref", "a cycle of $ref aliases reaches no schema")
            seen.add(where)
        return {**_inline(schema, path, resolve, depth + 1), **notes}
    if "allOf" in schema:
        return _inline(merge_all_of(schema, path, resolve), path, resolve, depth + 1)
    return schema


def _merge(
    a: dict[str, Any], b: dict[str, Any], path: SchemaPath, depth: int, resolve: Resolve
) -> dict[str, Any]:
    if depth > rules.MAX_NODE_DEPTH:
        raise Unsupported(path, "max_depth", "allOf members nested too deeply to merge")
    a = _inline(a, path, resolve, depth)
    b = _inline(b, path, resolve, depth)
    out: dict[str, Any] = {}
    for key in [*a, *(key for key in b if key not in a)]:
        if key in _OBJECT_KEYWORDS or key in ("enum", "const"):
            continue
        if key not in b or (key in a and a[key] == b[key]):
            out[key] = a[key]
        elif key not in a:
            out[key] = b[key]
        else:
            out[key] = _combine(key, a[key], b[key], path, depth, resolve)
    out.update(_merge_values(a, b, path))
    a_object, b_object = _OBJECT_KEYWORDS & a.keys(), _OBJECT_KEYWORDS & b.keys()
    if a_object and b_object:
        out.update(_merge_objects(a, b, path, depth, resolve))
    else:
        source = a if a_object else b
        out.update({key: source[key] for key in _OBJECT_KEYWORDS & source.keys()})
    return out


def _combine(key: str, a: Any, b: Any, path: SchemaPath, depth: int, resolve: Resolve) -> Any:
    if is_annotation(key):
        return a
    if key == "type":
        return _merge_types(a, b, path)
    numbers = isinstance(a, int | float) and isinstance(b, int | float)
    if key in _LOWER_BOUNDS and numbers and not isinstance(a, bool) and not isinstance(b, bool):
        return max(a, b)
    if key in _UPPER_BOUNDS and numbers and not isinstance(a, bool) and not isinstance(b, bool):
        return min(a, b)
    if key == "uniqueItems" and isinstance(a, bool) and isinstance(b, bool):
        return a or b
    if key == "items" and isinstance(a, dict | bool) and isinstance(b, dict | bool):
        if a is True or b is True:
            return b if a is True else a
        return _merge(_as_dict(a, path), _as_dict(b, path), (*path, "items"), depth + 1, resolve)
    raise Unsupported(path, "allOf", f"allOf members disagree on {key!r}")


def _as_dict(schema: Any, path: SchemaPath) -> dict[str, Any]:
    if not isinstance(schema, dict):
        raise Unsupported(path, "allOf", "an allOf member that admits nothing")
    return schema


def _merge_types(a: Any, b: Any, path: SchemaPath) -> Any:
    left = [a] if isinstance(a, str) else a
    right = [b] if isinstance(b, str) else b
    if not isinstance(left, list) or not isinstance(right, list):
        raise Unsupported(path, "type", "type must be a name or a list of names")
    common = []
    for name in left:
        if name in right:
            common.append(name)
        elif name in ("number", "integer") and {"number", "integer"} & set(right):
            common.append("integer")
    common = list(dict.fromkeys(common))
    if not common:
        raise Unsupported(path, "allOf", "allOf members have no type in common")
    return common[0] if len(common) == 1 else common


def _merge_values(a: dict[str, Any], b: dict[str, Any], path: SchemaPath) -> dict[str, Any]:
    """enum and const of both members: the values both allow."""
    left = _allowed(a)
    right = _allowed(b)
    if left is None and right is None:
        return {}
    if left is None or right is None:
        source = a if left is not None else b
        return {key: source[key] for key in ("enum", "const") if key in source}
    keys = {value_key(value) for value in right}
    common = [value for value in left if value_key(value) in keys]
    if None in keys or any(value_key(value) is None for value in left):
        raise Unsupported(path, "allOf", "enum or const values that are not scalars")
    if not common:
        raise Unsupported(path, "allOf", "allOf members allow no value in common")
    return {"const": common[0]} if len(common) == 1 else {"enum": common}


def _allowed(schema: dict[str, Any]) -> list[Any] | None:
    values: list[Any] | None = None
    if isinstance(schema.get("enum"), list):
        values = list(schema["enum"])
    if "const" in schema:
        const = schema["const"]
        values = [const] if values is None else [v for v in values if v == const]
    return values


def _merge_objects(
    a: dict[str, Any], b: dict[str, Any], path: SchemaPath, depth: int, resolve: Resolve
) -> dict[str, Any]:
    for side in (a, b):
        if "patternProperties" in side or not vacuous_names(side.get("propertyNames", True)):
            keyword = "patternProperties" if "patternProperties" in side else "propertyNames"
            raise Unsupported(path, keyword, "key constraints in two allOf members")
    left, right = a.get("properties", {}), b.get("properties", {})
    if not isinstance(left, dict) or not isinstance(right, dict):
        raise Unsupported(path, "properties", "properties must be an object")
    required = list(dict.fromkeys([*_names(a.get("required")), *_names(b.get("required"))]))
    properties: dict[str, Any] = {}
    for name in [*left, *(name for name in right if name not in left)]:
        parts = [_constraint(a, name), _constraint(b, name)]
        if _FORBIDDEN in parts:
            if name in required:
                raise Unsupported(path, "allOf", f"property {name!r} is required and forbidden")
            continue
        kept = [part for part in parts if part is not _ANY]
        where = (*path, "properties", name)
        if not kept:
            properties[name] = {}
        elif len(kept) == 1:
            properties[name] = kept[0]
        else:
            properties[name] = _merge(
                _as_dict(kept[0], where), _as_dict(kept[1], where), where, depth + 1, resolve
            )
    out: dict[str, Any] = {"properties": properties}
    if required:
        out["required"] = required
    additional = [a.get("additionalProperties", _MISSING), b.get("additionalProperties", _MISSING)]
    if False in additional:
        out["additionalProperties"] = False
    else:
        schemas = [s for s in additional if isinstance(s, dict) and not annotations_only(s)]
        if len(schemas) == 2:
            out["additionalProperties"] = _merge(
                schemas[0], schemas[1], (*path, "additionalProperties"), depth + 1, resolve
            )
        elif schemas:
            out["additionalProperties"] = schemas[0]
        elif any(s is not _MISSING for s in additional):
            out["additionalProperties"] = True
    for key in ("minProperties", "maxProperties"):
        values = [side[key] for side in (a, b) if key in side]
        if values:
            out[key] = max(values) if key == "minProperties" else min(values)
    return out


def _constraint(schema: dict[str, Any], name: str) -> Any:
    properties = schema.get("properties", {})
    if name in properties:
        value = properties[name]
        return _ANY if value is True or value == {} else value
    additional = schema.get("additionalProperties", _MISSING)
    if additional is False:
        return _FORBIDDEN
    if isinstance(additional, dict) and not annotations_only(additional):
        return additional
    return _ANY


def _names(value: Any) -> list[str]:
    return [name for name in value if isinstance(name, str)] if isinstance(value, list) else []


def single_ref(schema: dict[str, Any]) -> dict[str, Any] | None:
    """An `allOf` of one `$ref` member, annotations only beside both: that `$ref` with the
    annotations (the node's own first), the same values; else None."""
    members = schema["allOf"]
    if not isinstance(members, list) or len(members) != 1 or not isinstance(members[0], dict):
        return None
    outer = {key: value for key, value in schema.items() if key != "allOf"}
    parts = (members[0], outer)
    if "$ref" not in members[0] or any(
        key != "$ref" and not is_annotation(key) for part in parts for key in part
    ):
        return None
    return {**members[0], **outer}
