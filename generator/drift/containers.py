"""Arrays and objects, compared: items and tuples, properties, required names and what an
object takes besides its properties (docs/design.md, "Graded drift"). Standard library only.
"""

from __future__ import annotations

from typing import Any, Protocol

from .shapes import required_of
from .values import Kind, canonical, join, names


class Walk(Protocol):
    """What these comparisons use of the walk that calls them (schemas.Walk), named here so
    that this module does not import the one that imports it."""

    reads: bool

    def add(self, pointer: str, kind: Kind, reason: str) -> None: ...

    def schema(self, old: Any, new: Any, at: str, depth: int) -> None: ...


def arrays(walk: Walk, old: dict[str, Any], new: dict[str, Any], at: str, depth: int) -> None:
    tuples = any(isinstance(node.get("items"), list) for node in (old, new))
    for key in ("prefixItems", "items") if tuples else ("prefixItems",):
        before, after = old.get(key, []), new.get(key, [])
        if not isinstance(before, list) or not isinstance(after, list):
            walk.add(join(at, key), "breaks", f"{key} changed form: not graded")
        elif len(before) != len(after):
            walk.add(join(at, key), "breaks", f"{key} length changed: not graded")
        else:
            for index, (item, other) in enumerate(zip(before, after, strict=True)):
                walk.schema(item, other, join(at, key, index), depth + 1)
    for key in ("additionalItems",) if tuples else ("items",):
        if key in old or key in new:
            walk.schema(old.get(key, {}), new.get(key, {}), join(at, key), depth + 1)
    if "contains" in old and "contains" in new:
        walk.schema(old["contains"], new["contains"], join(at, "contains"), depth + 1)
    elif "contains" in old or "contains" in new:
        kind: Kind = "narrower" if "contains" in new else "wider"
        walk.add(
            join(at, "contains"),
            kind,
            "contains " + ("added" if kind == "narrower" else "removed"),
        )
    if bool(old.get("uniqueItems")) != bool(new.get("uniqueItems")):
        on = bool(new.get("uniqueItems"))
        walk.add(
            join(at, "uniqueItems"),
            "narrower" if on else "wider",
            "uniqueItems turned " + ("on" if on else "off"),
        )


def objects(walk: Walk, old: dict[str, Any], new: dict[str, Any], at: str, depth: int) -> None:
    before, after = old.get("properties", {}), new.get("properties", {})
    old_required, new_required = required_of(old), required_of(new)
    if not all(isinstance(x, dict) for x in (before, after)) or None in (
        old_required,
        new_required,
    ):
        walk.add(at, "breaks", "properties or required is malformed: not graded")
        return
    assert old_required is not None and new_required is not None
    old_rest, new_rest = _rest(walk, old), _rest(walk, new)
    for name in [*after, *(name for name in before if name not in after)]:
        where = join(at, "properties", name)
        if name in before and name in after:
            walk.schema(before[name], after[name], where, depth + 1)
            if name in new_required and name not in old_required:
                walk.add(where, "narrower", "became required")
            elif name in old_required and name not in new_required:
                walk.add(where, "wider", "no longer required")
        elif name in after:
            _added(walk, where, name in new_required, old_rest is False)
        elif name in old_required:
            reader = "readers expect it" if walk.reads else "calls still send it"
            walk.add(where, "breaks", f"required property removed: {reader}")
        elif walk.reads:
            walk.add(
                where,
                "compatible",
                "optional property removed (readers cope with its absence)",
            )
        else:
            walk.add(
                where,
                "breaks",
                "optional property removed: calls that send it are refused or ignored",
            )
    declared = set(before) | set(after)
    for name in sorted(new_required - old_required - declared):
        walk.add(join(at, "required"), "narrower", f"{names([name])} became required")
    for name in sorted(old_required - new_required - declared):
        walk.add(join(at, "required"), "wider", f"{names([name])} no longer required")
    if old_required == new_required and old.get("required") != new.get("required"):
        walk.add(join(at, "required"), "cosmetic", "required order changed")
    if before.keys() == after.keys() and list(before) != list(after):
        walk.add(join(at, "properties"), "cosmetic", "property order changed")
    _additional(walk, old, new, old_rest, new_rest, join(at, "additionalProperties"), depth)
    for key in ("patternProperties",):
        patterns, others = old.get(key, {}), new.get(key, {})
        if canonical(patterns) == canonical(others):
            continue
        if (
            not isinstance(patterns, dict)
            or not isinstance(others, dict)
            or patterns.keys() != others.keys()
        ):
            walk.add(join(at, key), "breaks", f"{key} changed: not graded")
            continue
        for pattern in others:
            walk.schema(patterns[pattern], others[pattern], join(at, key, pattern), depth + 1)
    if "propertyNames" in old or "propertyNames" in new:
        walk.schema(
            old.get("propertyNames", {}),
            new.get("propertyNames", {}),
            join(at, "propertyNames"),
            depth + 1,
        )


def _added(walk: Walk, where: str, required: bool, closed: bool) -> None:
    """A property the new schema declares and the old one did not."""
    what = "new required property" if required else "new optional property"
    if walk.reads:  # the old reader took it as any value, or refused it if closed
        walk.add(
            where,
            "wider" if closed else "narrower",
            what + (" (the old schema refused it)" if closed else ""),
        )
    else:  # the old calls never send it: only a required one breaks them
        walk.add(where, "narrower" if required else "wider", what)


def _rest(walk: Walk, node: dict[str, Any]) -> Any:
    """What an object takes besides its declared properties: a schema, or False. In an
    input schema declared properties without additionalProperties close the object, as
    the compiled module reads it (docs/design.md, "Decisions where the spec was silent"):
    it never sends other keys, and a server that declares properties refuses or ignores
    the rest. A reader takes the rest.
    """
    value = node.get("additionalProperties")
    if value is None:
        declared = node.get("properties") or node.get("patternProperties")
        return {} if walk.reads or not declared else False
    return {} if value is True else value


def _additional(
    walk: Walk,
    old: dict[str, Any],
    new: dict[str, Any],
    before: Any,
    after: Any,
    at: str,
    depth: int,
) -> None:
    if before is False and after is False:
        if canonical(old.get("additionalProperties")) != canonical(new.get("additionalProperties")):
            walk.add(at, "cosmetic", "additionalProperties written out, same meaning")
    elif after is False:
        walk.add(at, "narrower", "additionalProperties closed")
    elif before is False:
        walk.add(at, "wider", "additionalProperties opened")
    else:
        walk.schema(before, after, at, depth + 1)
