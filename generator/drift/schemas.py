"""Two versions of one JSON Schema, compared (docs/design.md, "Graded drift").

`compare(old, new, reads=...)` lists what changed, each change a `Finding` with its JSON pointer
and its direction:

- `narrower`: the new schema accepts fewer values (a type narrowed, an enum value removed, a
  constraint tightened, a property made required, `additionalProperties` closed);
- `wider`: it accepts more;
- `breaks` / `compatible`: breaking, or compatible, whichever side reads the values;
- `cosmetic`: no value is taken differently (key order, a `$comment`).

`grade` turns a direction into a grade. The client writes an input schema's values (the
arguments), so a narrower input schema breaks it; it reads an output schema's values (the
`structuredContent`), so a wider output schema breaks it. Whatever is not understood is
`breaks`, with a reason that says so. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal

from . import bounds, containers
from .shapes import (
    REACHED,
    TEXT,
    WORDS,
    Branch,
    allowed,
    branches,
    listed,
    typename,
    types_of,
    unwrapped,
    values_word,
)
from .values import (
    Kind,
    canonical,
    covers,
    differs,
    join,
    names,
    resolve,
    subset,
    text,
)

Grade = Literal["breaking", "compatible", "cosmetic"]

_MAX_DEPTH: Final = 64  # nesting followed; a difference deeper down is breaking, not graded
_MAX_TRIALS: Final = 4096  # branch pairs tried when matching two anyOf lists

_GRADED: Final = frozenset(
    {
        "type",
        "enum",
        "const",
        "properties",
        "required",
        "additionalProperties",
        "patternProperties",
        "propertyNames",
        "items",
        "prefixItems",
        "additionalItems",
        "contains",
        "uniqueItems",
        "anyOf",
        "oneOf",
        "allOf",
        "pattern",
        "format",
        "multipleOf",
        *bounds.KEYWORDS,
        *bounds.SIZES,
    }
)


@dataclass(frozen=True, slots=True)
class Finding:
    pointer: str  # into the schema: "/properties/units/enum"
    kind: Kind
    reason: str


def grade(kind: Kind, reads: bool) -> Grade:
    """`reads`: the client reads the values (an output schema), rather than writes them."""
    if kind == "narrower":
        return "compatible" if reads else "breaking"
    if kind == "wider":
        return "breaking" if reads else "compatible"
    return "breaking" if kind == "breaks" else kind


def _vendor(key: str, what: str) -> tuple[Kind, str]:
    """A vendor keyword (`x-...`) of an input schema: no validator reads it, so the calls a
    server takes are the same. `x-mcp-header` (2026-07-28) names the header a call carries
    over Streamable HTTP: connect() learns a server's new one when the server refuses a call
    for it (-32020), and a rebuild records it. (In an output schema such a keyword may say
    how a result is wrapped, and stays not graded.)"""
    if key == "x-mcp-header":
        why = "the header a call carries; connect() learns it when the server asks (-32020)"
        return "compatible", f"x-mcp-header {what}: {why}"
    return "cosmetic", f"{key} {what}: a vendor keyword, which no validator reads"


def compare(old: Any, new: Any, *, reads: bool) -> list[Finding]:
    """What changed from `old` to `new`; [] when nothing did. `reads`: see `grade`."""
    walk = Walk(old, new, reads, set())
    try:
        walk.schema(old, new, "", 0)
    except RecursionError:  # past what Python's stack holds (the JSON nesting is unbounded)
        return [Finding("", "breaks", "nested too deep to compare: not graded")]
    return walk.found


class Walk:
    def __init__(self, old_root: Any, new_root: Any, reads: bool, seen: set[Any]) -> None:
        self.roots = (old_root, new_root)
        self.reads = reads
        self.seen = set(seen)  # $ref pairs compared (or being compared): cycles end there
        self.found: list[Finding] = []

    def add(self, pointer: str, kind: Kind, reason: str) -> None:
        self.found.append(Finding(pointer, kind, reason))

    def schema(self, old: Any, new: Any, at: str, depth: int) -> None:
        old_text = text(old)
        if old_text == text(new) and '"$ref"' not in old_text:
            return
        if depth > _MAX_DEPTH:
            if canonical(old) != canonical(new):
                self.add(at, "breaks", "nested too deep to compare: not graded")
            return
        old, new = ({} if old is True else old), ({} if new is True else new)
        if not isinstance(old, dict) or not isinstance(new, dict):
            return self._booleans(old, new, at)
        old, new = unwrapped(old), unwrapped(new)
        if isinstance(old.get("$ref"), str) or isinstance(new.get("$ref"), str):
            return self._references(old, new, at, depth)
        if old.keys() == new.keys() and list(old) != list(new):
            self.add(at, "cosmetic", "key order changed")
        for key, kind in TEXT.items():
            if differs(old, new, key):
                changed = "reworded" if key in WORDS else "changed"
                what = "added" if key not in old else "removed" if key not in new else changed
                self.add(join(at, key), kind, f"{key} {what}")  # type: ignore[arg-type]
        olds, news = branches(old), branches(new)
        if olds[0].kind == news[0].kind == "":
            where = news[0].where or olds[0].where  # a union of values: at its keyword
            self._assertions(
                olds[0].schema, news[0].schema, at, depth, at + where if where else None
            )
        else:
            self._match(olds, news, at, depth)

    def _booleans(self, old: Any, new: Any, at: str) -> None:
        if old is False and new is False:
            return
        if old is False and isinstance(new, dict):
            self.add(at, "wider", "accepts values where it accepted none (false)")
        elif new is False and isinstance(old, dict):
            self.add(at, "narrower", "accepts no value now (false)")
        elif canonical(old) != canonical(new):
            self.add(at, "breaks", "not a schema: not graded")

    def _references(self, old: dict[str, Any], new: dict[str, Any], at: str, depth: int) -> None:
        sides: list[tuple[Any, str, str | None]] = []
        for root, node in zip(self.roots, (old, new), strict=True):
            ref = node.get("$ref")
            if not isinstance(ref, str):
                sides.append((node, "@" + at, None))
                continue
            target = resolve(root, ref)
            if target is None:
                if ref == old.get("$ref") == new.get("$ref") and canonical(old) == canonical(new):
                    return  # the same reference outside the schema: nothing to compare
                self.add(
                    join(at, "$ref"),
                    "breaks",
                    f"$ref {ref} cannot be followed: not graded",
                )
                return
            found, where = target
            rest = {key: value for key, value in node.items() if key != "$ref"}
            if rest and (not isinstance(found, dict) or (set(rest) & set(found)) - set(TEXT)):
                self.add(at, "breaks", "$ref beside keywords its target also has: not graded")
                return
            merged = {**found, **rest} if rest else found
            sides.append((merged, where + (canonical(rest) if rest else ""), where))
        (old_node, old_key, _), (new_node, new_key, new_at) = sides
        if (old_key, new_key) in self.seen:
            return
        self.seen.add((old_key, new_key))
        self.schema(old_node, new_node, at if new_at is None else new_at, depth + 1)

    def _assertions(
        self,
        old: dict[str, Any],
        new: dict[str, Any],
        at: str,
        depth: int,
        values: str | None,
    ) -> None:
        old_types, new_types = types_of(old), types_of(new)
        both = old_types | new_types
        if allowed(old) is None or allowed(new) is None:
            self._type(old_types, new_types, join(at, "type"))
        self._values(old, new, at, values)
        if covers(both, "integer"):
            for finding in bounds.numbers(old, new, at):
                self.add(*finding)
        for finding in bounds.sizes(old, new, at, both):
            self.add(*finding)
        for key in ("pattern", "format"):
            if "string" in both or key == "format":
                self._keyword(old, new, at, key)
        if "array" in both:
            containers.arrays(self, old, new, at, depth)
        if "object" in both:
            containers.objects(self, old, new, at, depth)
        for key in ("anyOf", "oneOf", "allOf"):
            self._combinator(old, new, at, depth, key)
        for key in sorted(set(old) | set(new), key=str):
            if key in _GRADED or key in TEXT or key in REACHED or key == "$ref":
                continue
            if differs(old, new, key):
                what = "added" if key not in old else "removed" if key not in new else "changed"
                if isinstance(key, str) and key.startswith("x-") and not self.reads:
                    self.add(join(at, key), *_vendor(key, what))
                else:
                    self.add(join(at, key), "breaks", f"{key} {what}: not graded")

    def _type(self, old: frozenset[str], new: frozenset[str], at: str) -> None:
        if subset(old, new) and subset(new, old):
            return
        change = f"{typename(old)} -> {typename(new)}"
        if subset(new, old):
            self.add(at, "narrower", f"type narrowed: {change}")
        elif subset(old, new):
            self.add(at, "wider", f"type widened: {change}")
        else:
            self.add(at, "breaks", f"type changed: {change}")

    def _values(self, old: dict[str, Any], new: dict[str, Any], at: str, union: str | None) -> None:
        old_values, new_values = allowed(old), allowed(new)
        if old_values is None and new_values is None:
            return
        key = "enum" if "enum" in new or ("enum" in old and "const" not in new) else "const"
        where = union or join(at, key)
        if old_values is None:
            self.add(where, "narrower", f"{key} added: only {names(new_values or [])}")
            return
        if new_values is None:
            self.add(where, "wider", f"{key} removed: any value of the type")
            return
        olds = {canonical(value): value for value in old_values}
        news = {canonical(value): value for value in new_values}
        removed = [value for written, value in olds.items() if written not in news]
        added = [value for written, value in news.items() if written not in olds]
        if removed:
            self.add(
                where,
                "narrower",
                f"{values_word(key, removed)} {names(removed)} removed",
            )
        if added:
            self.add(where, "wider", f"{values_word(key, added)} {names(added)} added")
        if not removed and not added and list(olds) != list(news):
            self.add(where, "cosmetic", "enum order changed")

    def _keyword(self, old: dict[str, Any], new: dict[str, Any], at: str, key: str) -> None:
        before, after = old.get(key), new.get(key)
        if canonical(before) == canonical(after):
            return
        where = join(at, key)
        if before is None:
            self.add(where, "narrower", f"{key} added: {names([after])}")
        elif after is None:
            self.add(where, "wider", f"{key} removed (was {names([before])})")
        else:
            self.add(where, "breaks", f"{key} changed: {names([before])} -> {names([after])}")

    def _combinator(
        self, old: dict[str, Any], new: dict[str, Any], at: str, depth: int, key: str
    ) -> None:
        before, after = old.get(key), new.get(key)
        if canonical(before) == canonical(after) and '"$ref"' not in text(before):
            return
        if not isinstance(before, list | None) or not isinstance(after, list | None):
            self.add(join(at, key), "breaks", f"{key} is malformed: not graded")
        elif before is None or after is None:  # beside other keywords: one more constraint
            added = before is None
            kind: Kind = "narrower" if added else "wider"
            self.add(join(at, key), kind, f"{key} {'added' if added else 'removed'}")
        else:
            self._match(listed(key, before), listed(key, after), at, depth)

    def _match(self, olds: list[Branch], news: list[Branch], at: str, depth: int) -> None:
        """Pairs each old branch with the new branch it is closest to (an unchanged one first,
        then the one with the fewest breaking changes); the rest were removed or added.
        """
        trials: dict[tuple[int, int], Walk] = {}

        def trial(old: int, new: int) -> Walk:
            if (old, new) not in trials:
                walk = Walk(*self.roots, self.reads, self.seen)
                walk.schema(olds[old].schema, news[new].schema, at + news[new].where, depth + 1)
                trials[old, new] = walk
            return trials[old, new]

        left = list(range(len(news)))
        pairs: dict[int, int] = {}
        positional = len(olds) * len(news) > _MAX_TRIALS
        for unchanged in (True, False):
            for old in range(len(olds)):
                if old in pairs or not left:
                    continue
                if positional:
                    pairs[old] = left.pop(0)
                    continue
                costs = [(self._cost(trial(old, new)), index) for index, new in enumerate(left)]
                cost, index = min(costs)
                if not unchanged or cost[:2] == (0, 0):
                    pairs[old] = left.pop(index)
        for old, new in sorted(pairs.items()):
            walk = trial(old, new)
            self.found += walk.found
            self.seen |= walk.seen
        for old in range(len(olds)):
            if old not in pairs:
                self._branch_gone(olds[old], at)
        for new in left:
            self._branch_new(news[new], at)

    def _cost(self, walk: Walk) -> tuple[int, int, int]:
        """Breaking changes, changes that are not cosmetic, changes: the fewer, the closer."""
        grades = [grade(finding.kind, self.reads) for finding in walk.found]
        return (
            grades.count("breaking"),
            len(grades) - grades.count("cosmetic"),
            len(grades),
        )

    def _branch_gone(self, branch: Branch, at: str) -> None:
        kind: Kind = "wider" if branch.kind == "allOf" else "narrower"
        if branch.kind == "type":
            self.add(join(at, "type"), kind, f"type {branch.label} no longer accepted")
        else:
            self.add(at + branch.where, kind, f"{branch.label} removed")

    def _branch_new(self, branch: Branch, at: str) -> None:
        if branch.kind == "type":
            self.add(join(at, "type"), "wider", f"type {branch.label} now accepted")
        elif branch.kind == "allOf":
            self.add(at + branch.where, "narrower", f"{branch.label} added")
        elif branch.kind == "oneOf":
            reason = "a value that matches two branches is refused; overlap not checked"
            self.add(at + branch.where, "breaks", f"{branch.label} added: {reason}")
        else:
            self.add(at + branch.where, "wider", f"{branch.label} added")
