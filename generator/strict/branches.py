"""The anyOf node of a decode plan (decoding.py): which branch a value took, told at run time
by its JSON type, an object's set of keys, or a discriminating property's value; and the
refusal where branches that decode differently cannot be told apart.

An encoded branch whose JSON type another branch also takes (a JSON string beside a string, a
map's entries list beside an array) is sent inside an object of its own, `{"json": ...}` or
`{"entries": [...]}`: its set of keys then tells it apart, the empty list included."""

from __future__ import annotations

from typing import Any, Final, TypeAlias

from . import rules
from .errors import SchemaPath, Unsupported
from .raw import Raw, RawAnyOf
from .rewrites import value_key

Node: TypeAlias = dict[str, Any]  # an emitted plan node: JSON-like data only
Tag: TypeAlias = str | tuple[str, frozenset[str]]  # a JSON type, or ("object", its keys)

# An encoded plan node, the JSON type it travels as, and the name of the object that carries it
# when a sibling branch takes that type too.
_WRAPPED: Final = (
    ("json", "string", rules.WRAPPED_JSON),
    ("entries", "array", rules.WRAPPED_ENTRIES),
)

_CLASS: Final = {
    "string": "string",
    "number": "number",
    "integer": "number",
    "boolean": "boolean",
    "null": "null",
    "array": "array",
    "object": "object",
}


class BranchTables:
    """Mixin of the plan's finisher (decoding.py)."""

    nodes: list[Node]
    schemas: dict[str, dict[str, Any]]
    tags_memo: dict[str, set[Tag]]
    wrapped: list[str]

    def _emit(self, raw: Raw) -> int | None:
        raise NotImplementedError  # the finisher's

    def _add(self, node: Node) -> int:
        raise NotImplementedError  # the finisher's

    def _any_of(self, raw: RawAnyOf) -> int | None:
        indices = [self._emit(branch) for branch in raw.branches]
        if all(index is None for index in indices):
            return None
        tags = [self._tags(schema, raw.path) for schema in raw.schemas]
        for position, index in enumerate(indices):
            for encoding, travels_as, wrapper in _WRAPPED:
                if index is None or encoding not in self.nodes[index]:
                    continue
                shared = any(
                    travels_as in tags[other] for other in range(len(tags)) if other != position
                )
                if shared:
                    indices[position], tags[position] = self._wrap(
                        raw, position, index, tags, wrapper
                    )
        groups: dict[Tag, list[tuple[int, int | None]]] = {}
        for position, index in enumerate(indices):
            for tag in tags[position]:
                plan = index
                if tag == "null" and index is not None and _passes_null(self.nodes[index]):
                    plan = None  # a JSON string or entries list lets its null through
                groups.setdefault(tag, []).append((position, plan))
        table: dict[Tag, Any] = {}
        for tag, members in groups.items():
            table[tag] = self._one_plan(tag, members, raw)
        node: Node = {"anyOf": {}}
        objects: list[list[Any]] = []
        for tag, index in table.items():
            if index is None:
                continue
            if isinstance(tag, tuple):
                objects.append([sorted(tag[1]), index])
            else:
                node["anyOf"][tag] = index
        if objects:
            node["anyOf"]["object"] = sorted(objects, key=lambda entry: entry[0])
        return self._add(node) if node["anyOf"] else None

    def _one_plan(
        self, tag: Tag, members: list[tuple[int, int | None]], raw: RawAnyOf
    ) -> int | dict[str, Any] | None:
        """The plan for the values of one tag: the branches' plan if they agree (or differ
        only in the nulls they remove), else a switch on a property whose const or enum
        values tell the branches apart (a discriminated union), else ambiguous."""
        plans = list(dict.fromkeys(plan for _, plan in members))
        try:
            merged = plans[0]
            for plan in plans[1:]:
                merged = self._merge(merged, plan, raw.path)
            return merged
        except Unsupported:
            switch = self._switch(tag, members, raw) if isinstance(tag, tuple) else None
            if switch is None:
                raise
            return switch

    def _switch(
        self, tag: tuple[str, frozenset[str]], members: list[tuple[int, int | None]], raw: RawAnyOf
    ) -> dict[str, Any] | None:
        for name in sorted(tag[1]):
            cases: list[list[Any]] = []
            seen: set[Any] = set()
            for position, plan in members:
                values = self._constants(raw.schemas[position], tag[1], name)
                if values is None:
                    break
                keys = [value_key(value) for value in values]
                if None in keys or seen & set(keys):
                    break
                seen.update(keys)
                cases += [[value, plan] for value in values]
            else:
                return {"by": name, "cases": cases}
        return None

    def _constants(self, schema: Any, keys: frozenset[str], name: str) -> list[Any] | None:
        """The const or enum values property `name` takes in the object branch of `schema`
        whose keys are `keys` (None: it takes others too, or there is no such branch)."""
        for _ in range(rules.MAX_NODE_DEPTH):
            if isinstance(schema, dict) and "$ref" in schema:
                schema = self.schemas[schema["$ref"].removeprefix("#/$defs/")]
                continue
            if isinstance(schema, dict) and "anyOf" in schema and "properties" not in schema:
                wanted: Tag = ("object", keys)
                found = [branch for branch in schema["anyOf"] if wanted in self._tags(branch, ())]
                if len(found) != 1:
                    return None
                schema = found[0]
                continue
            break
        if not isinstance(schema, dict) or set(schema.get("properties", {})) != keys:
            return None
        prop = schema["properties"][name]
        while isinstance(prop, dict) and "$ref" in prop:
            prop = self.schemas[prop["$ref"].removeprefix("#/$defs/")]
        if not isinstance(prop, dict) or "anyOf" in prop:
            return None
        if "const" in prop:
            return [prop["const"]]
        enum = prop.get("enum")
        return list(enum) if isinstance(enum, list) else None

    def _wrap(
        self, raw: RawAnyOf, position: int, index: int, tags: list[set[Tag]], wrapper: str
    ) -> tuple[int, set[Tag]]:
        """A JSON-string branch beside a branch that takes strings, or an entries list beside a
        branch that takes arrays: the model could not say which it meant (an empty list could
        be either), so the encoded value goes into an object of its own, `wrapper`."""
        taken = {tag[1] for other in tags for tag in other if isinstance(tag, tuple)}
        name, suffix = wrapper, 2
        while frozenset({name}) in taken:
            name, suffix = f"{wrapper}_{suffix}", suffix + 1
        branch = raw.schemas[position]
        inner = dict(branch)
        declared = inner.get("type")
        nullable = isinstance(declared, list) and "null" in declared  # a kept null stays out
        branch.clear()
        branch.update(
            type=["object", "null"] if nullable else "object",
            properties={name: inner},
            required=[name],
            additionalProperties=False,
        )
        self.wrapped.append(name)
        node: Node = {"unwrap": name, "then": index}
        own: set[Tag] = {("object", frozenset({name}))}
        if nullable:
            node["null"] = True
            own.add("null")
        return self._add(node), own

    def _merge(self, first: int | None, second: int | None, path: SchemaPath) -> int | None:
        """One plan for two branches that share a tag. Only plans that remove nulls merge
        (their union is what the static null paths do); any other difference is ambiguous."""
        if first == second:
            return first
        a = {} if first is None else self.nodes[first]
        b = {} if second is None else self.nodes[second]
        if _removes_nulls_only(a) and _removes_nulls_only(b):
            if "items" in a or "items" in b:
                if set(a) - {"items"} or set(b) - {"items"}:
                    raise _ambiguous(path)
                return self._add({"items": self._merge(a.get("items"), b.get("items"), path)})
            props: dict[str, int | None] = {}
            for name in {**a.get("object", {}), **b.get("object", {})}:
                merged = self._merge(
                    a.get("object", {}).get(name), b.get("object", {}).get(name), path
                )
                if merged is not None:
                    props[name] = merged
            drop = sorted(set(a.get("drop", [])) | set(b.get("drop", [])))
            node: Node = {"object": props}
            if drop:
                node["drop"] = drop
            return self._add(node)
        raise _ambiguous(path)

    def _tags(self, schema: Any, path: SchemaPath = (), depth: int = 0) -> set[Tag]:
        """What a value of this emitted schema can look like, by JSON type and object keys."""
        if depth > rules.MAX_NODE_DEPTH:
            reason = "a chain of references through anyOf too long to follow"
            raise Unsupported(path, "max_depth", reason)
        if not isinstance(schema, dict):
            return set()
        if "$ref" in schema:
            name = schema["$ref"].removeprefix("#/$defs/")
            if name not in self.tags_memo:
                self.tags_memo[name] = set()  # cycles are refused before; stay total
                self.tags_memo[name] = self._tags(self.schemas[name], path, depth + 1)
            return self.tags_memo[name]
        found: set[Tag] | None = None
        declared = schema.get("type")
        if declared is not None:
            names = [declared] if isinstance(declared, str) else declared
            found = set()
            for name in names:
                if name == "object":
                    found.add(("object", frozenset(schema.get("properties", {}))))
                else:
                    found.add(_CLASS[name])
        if "anyOf" in schema:
            branches: set[Tag] = set()
            for branch in schema["anyOf"]:
                branches |= self._tags(branch, path, depth + 1)
            found = branches if found is None else found & branches
        return found or set()


def _passes_null(node: Node) -> bool:
    return "json" in node or "entries" in node or bool(node.get("null"))


def _removes_nulls_only(node: Node) -> bool:
    """An object or items node (or nothing) that does no decoding but null removal, at its
    own level: its children are compared when merged."""
    return not node or (
        ("object" in node and not {"extra", "extra_value", "names"} & node.keys())
        or set(node) == {"items"}
    )


def _ambiguous(path: SchemaPath) -> Unsupported:
    return Unsupported(
        path, "anyOf", "rewritten branches that decode differently cannot be told apart"
    )
