"""Numeric bounds, `multipleOf` and sizes (lengths, item and property counts), compared.

A bound moved inwards is `narrower` (tightened), outwards `wider` (loosened). `minimum` and
`exclusiveMinimum` are read together as one lower bound (draft 4's boolean
`exclusiveMinimum` too), so `minimum: 5` -> `exclusiveMinimum: 0` is a loosening, not a new
constraint. A bound that is not a number is not graded (breaking). Standard library only.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Final, Literal, NamedTuple

from .values import canonical, covers, exact, join, number

Kind = Literal["narrower", "wider", "breaks"]
Found = tuple[str, Kind, str]

KEYWORDS: Final = (
    "minimum",
    "exclusiveMinimum",
    "maximum",
    "exclusiveMaximum",
    "multipleOf",
)
# size keyword -> (the type it applies to, whether it is a lower bound)
_SIZES: Final = {
    "minLength": ("string", True),
    "maxLength": ("string", False),
    "minItems": ("array", True),
    "maxItems": ("array", False),
    "minContains": ("array", True),
    "maxContains": ("array", False),
    "minProperties": ("object", True),
    "maxProperties": ("object", False),
}
SIZES: Final = tuple(_SIZES)


class _Bound(NamedTuple):
    value: Fraction
    exclusive: bool
    key: str
    written: Any


def numbers(old: dict[str, Any], new: dict[str, Any], at: str) -> list[Found]:
    found: list[Found] = []
    for lower, keys in ((True, KEYWORDS[:2]), (False, KEYWORDS[2:4])):
        if all(canonical(old.get(key)) == canonical(new.get(key)) for key in keys):
            continue
        before, after = _bound(old, keys, lower), _bound(new, keys, lower)
        if before == "bad" or after == "bad":
            found.append((join(at, keys[0]), "breaks", f"{keys[0]} is not a number: not graded"))
        else:
            found += _compare(before, after, at, lower)
    found += _multiple(old.get("multipleOf"), new.get("multipleOf"), join(at, "multipleOf"))
    return found


def _bound(node: dict[str, Any], keys: tuple[str, ...], lower: bool) -> _Bound | str | None:
    inclusive, exclusive = node.get(keys[0]), node.get(keys[1])
    candidates = []
    if inclusive is not None:
        if not number(inclusive):
            return "bad"
        candidates.append(
            _Bound(
                exact(inclusive),
                isinstance(exclusive, bool) and exclusive,
                keys[0],
                inclusive,
            )
        )
    if exclusive is not None and not isinstance(exclusive, bool):
        if not number(exclusive):
            return "bad"
        candidates.append(_Bound(exact(exclusive), True, keys[1], exclusive))
    if not candidates:
        return None
    return max(candidates, key=lambda bound: _tightness(bound, lower))


def _tightness(bound: _Bound, lower: bool) -> tuple[Fraction, bool]:
    """Orders bounds from the loosest to the tightest."""
    return (bound.value if lower else -bound.value), bound.exclusive


def _compare(before: Any, after: Any, at: str, lower: bool) -> list[Found]:
    if before is None and after is None:
        return []
    if before is None:
        return [
            (
                join(at, after.key),
                "narrower",
                f"{after.key} {_show(after)} added (tightened)",
            )
        ]
    if after is None:
        reason = f"{before.key} {_show(before)} removed (loosened)"
        return [(join(at, before.key), "wider", reason)]
    old, new = _tightness(before, lower), _tightness(after, lower)
    if old == new:
        return []
    if (before.key, before.exclusive) == (after.key, after.exclusive):
        change = f"{after.key} {_show(before)} -> {_show(after)}"
    else:  # another keyword: say which values each one allows
        change = f"bound {_describe(before, lower)} -> {_describe(after, lower)}"
    if new > old:
        return [(join(at, after.key), "narrower", f"{change} (tightened)")]
    return [(join(at, after.key), "wider", f"{change} (loosened)")]


def _describe(bound: _Bound, lower: bool) -> str:
    sign = (">" if lower else "<") + ("" if bound.exclusive else "=")
    return f"{sign} {_show(bound)}"


def _show(bound: _Bound) -> str:
    return canonical(bound.written)


def _multiple(before: Any, after: Any, at: str) -> list[Found]:
    if canonical(before) == canonical(after):
        return []
    if (before is not None and not _positive(before)) or (
        after is not None and not _positive(after)
    ):
        return [(at, "breaks", "multipleOf is not a positive number: not graded")]
    if before is None:
        return [(at, "narrower", f"multipleOf {canonical(after)} added")]
    if after is None:
        return [(at, "wider", f"multipleOf {canonical(before)} removed")]
    old, new = exact(before), exact(after)
    change = f"multipleOf {canonical(before)} -> {canonical(after)}"
    if old == new:
        return []
    if (new / old).denominator == 1:  # every multiple of the new one is one of the old
        return [(at, "narrower", f"{change} (tightened)")]
    if (old / new).denominator == 1:
        return [(at, "wider", f"{change} (loosened)")]
    return [(at, "breaks", f"{change}: neither divides the other")]


def _positive(value: Any) -> bool:
    return number(value) and value > 0


def sizes(old: dict[str, Any], new: dict[str, Any], at: str, types: frozenset[str]) -> list[Found]:
    found: list[Found] = []
    for key, (kind, lower) in _SIZES.items():
        before, after = old.get(key), new.get(key)
        if not covers(types, kind) or canonical(before) == canonical(after):
            continue
        where = join(at, key)
        if any(value is not None and not _count(value) for value in (before, after)):
            found.append((where, "breaks", f"{key} is not a whole number: not graded"))
            continue
        absent = 0 if lower else math.inf  # what a missing bound means
        old_value = absent if before is None else before
        new_value = absent if after is None else after
        if old_value == new_value:
            continue
        tighter = new_value > old_value if lower else new_value < old_value
        if before is None:
            change = f"{key} {canonical(after)} added"
        elif after is None:
            change = f"{key} {canonical(before)} removed"
        else:
            change = f"{key} {canonical(before)} -> {canonical(after)}"
        word = "tightened" if tighter else "loosened"
        found.append((where, "narrower" if tighter else "wider", f"{change} ({word})"))
    return found


def _count(value: Any) -> bool:
    return number(value) and value >= 0 and float(value).is_integer()
