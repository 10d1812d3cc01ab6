"""The root of a tool's input schema made a plain object schema (docs/rewrites.md): a root
without type is read as an object, a root `$ref` is expanded, a root `allOf` merged, and a
root `anyOf` or `oneOf` of objects wrapped as one required property that the call parser
unwraps. MCP arguments are always an object, so a root that admits none is refused."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from . import rules
from .disjoint import disjoint
from .errors import Rewrite, SchemaPath, Unsupported
from .merge import merge_all_of
from .rewrites import Resolve, follow, is_annotation

_MISSING: Final[Any] = object()
_MAX_HOPS: Final = 16


@dataclass(slots=True)
class Root:
    """The root as the converter sees it: an object schema, or the schema of the one property
    a wrapped root becomes (`wrapped`)."""

    content: dict[str, Any]
    wrapped: bool
    rewrites: list[Rewrite]


_ROOT_ONLY: Final = ("$defs", "definitions", "$schema", "$id")


def normalise_root(
    schema: dict[str, Any], resolve: Resolve, scope: Callable[[SchemaPath], SchemaPath]
) -> Root:
    """A root without type (read as an object), a root $ref (expanded), a root allOf (merged)
    and a root anyOf or oneOf of objects (wrapped as one required property)."""
    content = schema
    done: list[Rewrite] = []
    hops = 0
    while "$ref" in content:
        hops += 1
        if hops > _MAX_HOPS:
            raise Unsupported((), "$ref", "a chain of root references too long to follow")
        siblings = {key: value for key, value in content.items() if key != "$ref"}
        if any(not is_annotation(key) and key not in _ROOT_ONLY for key in siblings):
            raise Unsupported((), "$ref", "a root $ref beside assertions would need a merge")
        target, where = resolve(content["$ref"], ())
        if not isinstance(target, dict):
            raise Unsupported((), "type", "the root $ref does not point at an object schema")
        if scope(where) != ():
            raise Unsupported((), "$id", "the root $ref points into a resource of its own")
        content = {**target, **siblings}
        done.append(Rewrite((), rules.ROOT_WRAPPED))
    if "allOf" in content:
        content = merge_all_of(content, (), resolve)
        done.append(Rewrite((), rules.ALL_OF_MERGED))
    if "oneOf" in content:
        if "anyOf" in content:
            raise Unsupported((), "oneOf", "oneOf beside anyOf")
        if not isinstance(content["oneOf"], list) or not disjoint(content["oneOf"], (), resolve):
            raise Unsupported((), "oneOf", "the oneOf branches are not provably disjoint")
        content = {("anyOf" if key == "oneOf" else key): value for key, value in content.items()}
        done.append(Rewrite((), rules.ONE_OF_AS_ANY_OF))
    declared = content.get("type", _MISSING)
    if "anyOf" in content and not content.get("properties"):
        if declared not in (_MISSING, "object", ["object"]):
            raise Unsupported((), "type", "the arguments of an MCP tool are an object")
        branches = content["anyOf"]
        if not isinstance(branches, list) or not branches:
            raise Unsupported((), "anyOf", "anyOf must be a non-empty list of schemas")
        for index, branch in enumerate(branches):
            target, _ = follow(branch, ("anyOf", index), resolve)
            if not isinstance(target, dict) or target.get("type") not in ("object", ["object"]):
                reason = "every branch of a root anyOf must be an object: MCP arguments are one"
                raise Unsupported(("anyOf", index), "type", reason)
        inner = {
            key: value
            for key, value in content.items()
            if key not in _ROOT_ONLY and key != "type" and key != "title"
        }
        done.append(Rewrite((), rules.ROOT_WRAPPED))
        return Root(inner, True, done)
    for keyword in ("anyOf", "enum", "const", "not"):
        if keyword in content:
            raise Unsupported((), keyword, f"the root must be a plain object, not {keyword}")
    if declared is _MISSING or (
        isinstance(declared, list) and "object" in declared and declared != ["object"]
    ):
        content = {**content, "type": "object"}
        done.append(Rewrite((), rules.ROOT_WRAPPED))
    elif declared not in ("object", ["object"]):
        raise Unsupported((), "type", "the arguments of an MCP tool are an object")
    return Root(content, False, done)


_NO_ARGUMENTS: Final = (
    "a root without properties is sent as a tool with no arguments only when the root declares"
    " nothing else the server takes"
)


def without_properties(schema: dict[str, Any], error: Unsupported) -> Unsupported:
    """`error`, saying why a plain object root without properties is not the no-argument
    strict tool such a root otherwise becomes (docs/design.md, "The root")."""
    plain = not schema.get("properties") and not {"anyOf", "oneOf", "allOf", "$ref"} & schema.keys()
    if not plain or schema.get("type", "object") not in ("object", ["object"]):
        return error
    return Unsupported(error.path, error.keyword, f"{_NO_ARGUMENTS}: {error.reason}")
