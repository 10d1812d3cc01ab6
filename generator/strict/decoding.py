"""The decode plan: how the call parser turns the model's strict-shaped arguments back into the
server's original shape (docs/rewrites.md).

While converting, each node gets a raw plan (raw.py). `finish` turns the raw plans of
the root and the definitions into a flat list of plain dicts, the data table the generated
module carries: node 0 is the root, children are list indices, `None` is "nothing to do", so a
recursive schema is a cycle of indices and the table is never deeper than four brackets.

Node shapes (exactly one of the first keys; templates/runtime/decode.py interprets them):

- `{"object": {name: child}, "drop": [name...], "extra": name, "extra_value": child,
  "names": [name...]}`: an object. Remove the nulls the model sent for `drop` (optional
  properties: null means absent), decode the children, and merge the entries of property
  `extra` (when present) into the object, rejecting a key of `names` (declared properties).
- `{"items": child}`: every item of an array.
- `{"anyOf": {tag: child, "object": [[keys, child]...]}}`: the branch a value belongs to, told
  by its JSON type (`string`, `number`, `boolean`, `null`, `array`) or, for an object, by its
  exact set of keys (strict mode makes every object carry every property). Objects with the
  same keys can still be told apart by a property's const or enum values (a discriminated
  union): their child is then `{"by": name, "cases": [[value, child]...]}`.
- `{"json": types}`: a string holding JSON; its value must have one of `types` (None: any).
- `{"entries": child, "null": true}`: a list of `{"key", "value"}` entries, rebuilt as an
  object (`null`: the list may be null, and stays so).
- `{"unwrap": name, "then": child, "null": true}`: the value is the one property `name` of an
  object (`null`: or null itself, which stays so).
- `{"all": [child...]}`: several of the above, each acting on values of its own JSON type.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .branches import BranchTables, Node, Tag
from .errors import Unsupported
from .raw import (
    Raw,
    RawAll,
    RawAnyOf,
    RawEntries,
    RawItems,
    RawJson,
    RawObject,
    RawRef,
    RawUnwrap,
)


@dataclass(slots=True)
class Finished:
    nodes: list[Node]
    # The property names of the objects added to tell an encoded branch from a sibling of the
    # same JSON type (branches.py `_wrap`)
    wrappers: tuple[str, ...]


def finish(units: dict[str, Raw], schemas: dict[str, dict[str, Any]]) -> Finished | None:
    """The flat plan for a tool, None when it has nothing to do. `units` are the raw plans of
    the root ("#") and the definitions, `schemas` their emitted schemas. May mutate emitted
    anyOf branches (a JSON string beside a string branch, or an entries list beside an array
    branch, is wrapped in an object); raises
    Unsupported when branches that decode differently cannot be told apart at run time."""
    return _Finisher(units, schemas).run()


class _Finisher(BranchTables):
    def __init__(self, units: dict[str, Raw], schemas: dict[str, dict[str, Any]]) -> None:
        self.units = units
        self.schemas = schemas
        self.nodes: list[Node] = []
        self.unit_index: dict[str, int | None] = {}
        self.pending: list[tuple[str, int]] = []  # units reserved, not yet emitted
        self.trivial = self._trivial_units()
        self.tags_memo: dict[str, set[Tag]] = {}
        self.wrapped: list[str] = []
        self.seen: dict[str, int] = {}  # canonical JSON of an emitted leaf node -> its index

    def run(self) -> Finished | None:
        if "#" in self.trivial:
            return None
        self._refuse_unproductive_cycles()
        self._unit("#")  # the root is reserved first: node 0
        while self.pending:  # definitions are emitted one after the other, never nested
            name, reserved = self.pending.pop()
            self._fill(name, reserved)
        return Finished(self.nodes, tuple(self.wrapped))

    # -- which plans do something ----------------------------------------------------------

    def _trivial_units(self) -> set[str]:
        """Units whose plan does nothing: neither they nor any unit they reach decodes or
        removes a null (propagated back along references, like the null paths)."""
        referrers: dict[str, list[str]] = {}
        doing: list[str] = []
        for name, raw in self.units.items():
            refs: list[str] = []
            if not self._is_trivial(raw, set(self.units), refs):
                doing.append(name)
            for target in refs:
                referrers.setdefault(target, []).append(name)
        busy = set(doing)
        while doing:
            for referrer in referrers.get(doing.pop(), ()):
                if referrer not in busy:
                    busy.add(referrer)
                    doing.append(referrer)
        return set(self.units) - busy

    def _is_trivial(self, raw: Raw, trivial: set[str], refs: list[str] | None = None) -> bool:
        """Whether `raw` does nothing, taking the units in `trivial` to do nothing (the
        references met are collected in `refs`)."""
        if raw is None:
            return True
        if isinstance(raw, RawObject):
            return (
                not raw.drop
                and raw.extra is None
                and all(self._is_trivial(sub, trivial, refs) for sub in raw.props.values())
            )
        if isinstance(raw, RawItems):
            return self._is_trivial(raw.item, trivial, refs)
        if isinstance(raw, RawAnyOf):
            return all([self._is_trivial(branch, trivial, refs) for branch in raw.branches])
        if isinstance(raw, RawAll):
            return all([self._is_trivial(part, trivial, refs) for part in raw.parts])
        if isinstance(raw, RawRef):
            if refs is not None:
                refs.append(raw.name)
            return raw.name in trivial
        return False  # json, entries, unwrap always decode

    # -- emitting nodes --------------------------------------------------------------------

    def _emit(self, raw: Raw) -> int | None:
        if raw is None:
            return None
        if isinstance(raw, RawRef):
            return self._unit(raw.name)
        if isinstance(raw, RawObject):
            if self._is_trivial(raw, self.trivial):
                return None
            node: Node = {"object": {}}
            for name, sub in raw.props.items():
                index = self._emit(sub)
                if index is not None:
                    node["object"][name] = index
            if raw.drop:
                node["drop"] = list(raw.drop)
            if raw.extra is not None:
                node.update(extra=raw.extra, extra_value=self._emit(raw.extra_value))
                node["names"] = list(raw.names)
            return self._add(node)
        if isinstance(raw, RawItems):
            item = self._emit(raw.item)
            return None if item is None else self._add({"items": item})
        if isinstance(raw, RawJson):
            return self._add({"json": raw.types})
        if isinstance(raw, RawEntries):
            entries: Node = {"entries": self._emit(raw.value)}
            if raw.nullable:
                entries["null"] = True
            return self._add(entries)
        if isinstance(raw, RawUnwrap):
            return self._add({"unwrap": raw.name, "then": self._emit(raw.inner)})
        if isinstance(raw, RawAll):
            return self._all(raw)
        return self._any_of(raw)

    def _all(self, raw: RawAll) -> int | None:
        emitted = [(part, self._emit(part)) for part in raw.parts]
        doing = [(part, index) for part, index in emitted if index is not None]
        if len(doing) <= 1:
            return doing[0][1] if doing else None
        kinds = {type(part) for part, _ in doing}
        if RawAnyOf in kinds and RawObject in kinds:
            # Both would act on the same object: which one's plan applies is not clear.
            reason = "an object with anyOf beside its properties, both with rewrites or nulls"
            raise Unsupported(raw.path, "anyOf", reason)
        return self._add({"all": [index for _, index in doing]})

    def _add(self, node: Node) -> int:
        # Equal nodes whose children are already emitted are shared: the table stays small
        # and equal branches of an anyOf are seen to be equal.
        key = json.dumps(node, sort_keys=True)
        known = self.seen.get(key)
        if known is not None:
            return known
        self.nodes.append(node)
        self.seen[key] = len(self.nodes) - 1
        return len(self.nodes) - 1

    def _unit(self, name: str) -> int | None:
        """The index of a unit's plan, reserved now and filled later (so that recursion is
        a cycle of indices and a chain of definitions is never a chain of calls)."""
        seen = set()
        while isinstance(self.units[name], RawRef) and name != "#":  # only refers on
            seen.add(name)
            name = self.units[name].name  # type: ignore[union-attr]
            if name in seen:  # refused before (an unproductive cycle); stay total
                return None
        if name in self.trivial:
            return None
        if name not in self.unit_index:
            self.nodes.append({})
            self.unit_index[name] = len(self.nodes) - 1
            self.pending.append((name, len(self.nodes) - 1))
        return self.unit_index[name]

    def _fill(self, name: str, reserved: int) -> None:
        before = len(self.nodes)
        emitted = self._emit(self.units[name])
        if emitted is None:  # cannot happen for a non-trivial unit, but stay total
            self.nodes[reserved] = {"object": {}}
        elif emitted >= before and emitted == len(self.nodes) - 1:
            # Added just now, so nothing refers to it yet: it moves into the reserved place.
            self.nodes[reserved] = self.nodes.pop()
            self.seen[json.dumps(self.nodes[reserved], sort_keys=True)] = reserved
        else:
            self.nodes[reserved] = self.nodes[emitted]

    # -- anyOf -----------------------------------------------------------------------------

    def _refuse_unproductive_cycles(self) -> None:
        """A reference cycle through anyOf branches alone never reaches a value: the runtime
        walk would not end (and no validator can check such a schema)."""
        edges: dict[str, list[RawRef]] = {}
        for name, raw in self.units.items():
            edges[name] = []
            stack: list[Raw] = [raw]
            while stack:
                node = stack.pop()
                if isinstance(node, RawRef):
                    edges[name].append(node)
                elif isinstance(node, RawAnyOf):
                    stack.extend(node.branches)
        state: dict[str, int] = {}  # 1: on the current path, 2: done
        for start in edges:
            if start in state:
                continue
            state[start] = 1
            path: list[tuple[str, list[RawRef]]] = [(start, list(edges[start]))]
            while path:
                name, pending = path[-1]
                if not pending:
                    path.pop()
                    state[name] = 2
                    continue
                ref = pending.pop()
                if state.get(ref.name) == 1:
                    raise Unsupported(
                        ref.path, "$ref", "a reference cycle through anyOf that holds no value"
                    )
                if ref.name not in state and ref.name in edges:
                    state[ref.name] = 1
                    path.append((ref.name, list(edges[ref.name])))
