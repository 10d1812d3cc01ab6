"""Null paths expanded through shared definitions, bounded against recursion and fan-out.

Each unit (the root or a definition) is converted once and knows its own null paths and the
places where it references other units. A unit's full set is its own paths plus, for each
reference, the target's set under the reference's instance prefix. Recursion through a unit
that reaches any null path would make the set infinite (docs/spec.md: unsupported), and shared
references can make it exponential (more than 10,000 is unsupported: docs/design.md), so both are
decided by counting before anything is materialised.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import NullPath, SchemaPath, Unsupported
from .rules import MAX_NULL_PATH_SEGMENTS, MAX_NULL_PATHS


@dataclass(slots=True)
class RefSite:
    prefix: NullPath
    target: str
    path: SchemaPath


@dataclass(slots=True)
class UnitPaths:
    own: list[NullPath] = field(default_factory=list)
    sites: list[RefSite] = field(default_factory=list)


def expand(units: dict[str, UnitPaths], root: str) -> tuple[NullPath, ...]:
    """Every null path of `root`, sorted; raises Unsupported when unbounded or over the limit."""
    live = _reaching_null(units)
    order = _post_order(units, live)
    counts: dict[str, int] = {}
    for name in order:
        counts[name] = len(units[name].own) + sum(
            counts[site.target] for site in units[name].sites if site.target in live
        )
    if counts.get(root, 0) > MAX_NULL_PATHS:
        raise Unsupported(
            (), "max_null_paths", f"{counts[root]} null paths exceed {MAX_NULL_PATHS}"
        )
    return _materialise(units, root, live)


def _materialise(units: dict[str, UnitPaths], root: str, live: set[str]) -> tuple[NullPath, ...]:
    """The root's paths only, walking its references, within a budget of path segments
    (a chain of definitions can keep the count low but make every path long)."""
    paths: set[NullPath] = set()
    segments = 0
    stack: list[tuple[str, NullPath]] = [(root, ())]
    while stack:
        name, prefix = stack.pop()
        for own in units[name].own:
            path = prefix + own
            segments += len(path)
            if segments > MAX_NULL_PATH_SEGMENTS:
                raise Unsupported(
                    (),
                    "max_null_paths",
                    f"null paths longer than {MAX_NULL_PATH_SEGMENTS} segments",
                )
            paths.add(path)
        stack.extend(
            (site.target, prefix + site.prefix) for site in units[name].sites if site.target in live
        )
    return tuple(sorted(paths, key=_sort_key))


def _reaching_null(units: dict[str, UnitPaths]) -> set[str]:
    """Units whose expansion has at least one null path (propagated back along references)."""
    referrers: dict[str, list[str]] = {}
    for name, unit in units.items():
        for site in unit.sites:
            referrers.setdefault(site.target, []).append(name)
    live = {name for name, unit in units.items() if unit.own}
    stack = list(live)
    while stack:
        for referrer in referrers.get(stack.pop(), ()):
            if referrer not in live:
                live.add(referrer)
                stack.append(referrer)
    return live


def _post_order(units: dict[str, UnitPaths], live: set[str]) -> list[str]:
    """Live units, each after every live unit it references; a cycle among them is refused."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    order: list[str] = []
    for start in units:
        if start not in live or start in state:
            continue
        state[start] = 1
        stack: list[tuple[str, int]] = [(start, 0)]
        while stack:
            name, index = stack[-1]
            sites = units[name].sites
            if index == len(sites):
                stack.pop()
                state[name] = 2
                order.append(name)
                continue
            stack[-1] = (name, index + 1)
            site = sites[index]
            if site.target not in live:
                continue
            if state.get(site.target) == 1:
                raise Unsupported(
                    site.path,
                    "$ref",
                    "recursive reference through optional properties: unbounded null paths",
                )
            if site.target not in state:
                state[site.target] = 1
                stack.append((site.target, 0))
    return order


def _sort_key(path: NullPath) -> tuple[tuple[int, str], ...]:
    return tuple((0, "") if part is None else (1, part) for part in path)
