"""Rewrite an MCP `inputSchema` into the subset OpenAI accepts with "strict": true.

Rules: docs/spec.md, "Strict mode", and docs/design.md, "Strict conversion: what the spec leaves
open". One `_Converter` handles one schema: each unit (the root, then every definition it
references) is converted once, in the order first referenced.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal

from ..text import clean_text
from . import decoding, rules
from .disjoint import disjoint
from .encodings import Encodings
from .errors import Dropped, NullPath, Rewrite, SchemaPath, Unsupported
from .keywords import constraints, dropped_keywords
from .merge import merge_all_of, single_ref
from .nullpaths import RefSite, UnitPaths, expand
from .nulls import NullChecks
from .raw import Raw, RawAll, RawAnyOf, RawItems, RawObject, RawRef, RawUnwrap
from .refs import ROOT, References, pointer
from .rewrites import FreeForm, OpenObject, free_form, open_object
from .root import normalise_root, without_properties
from .values import declared_types, implied_types, matches_nothing, nullable

Target = Literal["openai", "compatible"]

_MISSING: Final[Any] = object()
# Keywords that constrain a value: beside a `$ref` they would need a merge OpenAI cannot express.
_ASSERTIONS: Final = frozenset(
    {"type", "enum", "const", "anyOf", "items", "properties", "required", "additionalProperties"}
    | set(rules.NUMBER_KEYWORDS + rules.ARRAY_KEYWORDS + rules.STRING_KEYWORDS)
)
# Handled by the rewrites (docs/rewrites.md) when they are on.
_REWRITTEN_KEYWORDS: Final = frozenset({"allOf", "oneOf", "patternProperties", "propertyNames"})
# Rewrites the call parser undoes (the others change only the schema).
_DECODED: Final = frozenset({rules.JSON_STRING, rules.ENTRIES, rules.DYNAMIC_NULLS})


@dataclass(frozen=True, slots=True)
class Conversion:
    """A strict schema, the instance paths where it added null, what it dropped, the rewrites
    it made and the decode plan that undoes them (None: nothing to decode; then `null_paths`
    is how the call parser removes nulls, else the plan does it and `null_paths` is empty)."""

    schema: dict[str, Any]
    null_paths: tuple[NullPath, ...]
    dropped: tuple[Dropped, ...]
    rewrites: tuple[Rewrite, ...] = ()
    decode: list[dict[str, Any]] | None = None


def convert(schema: object, *, rewrites: bool = True, target: Target = "openai") -> Conversion:
    """Convert one tool's `inputSchema`; raises `Unsupported` when it cannot be expressed.

    `rewrites` allows the reversible rewrites (docs/rewrites.md); `target` "compatible" drops
    the length, pattern and format keywords that some OpenAI-compatible endpoints refuse.
    """
    if target not in rules.TARGETS:
        raise ValueError(f"target must be one of {rules.TARGETS}, not {target!r}")
    if not isinstance(schema, dict):
        raise Unsupported((), "type", "the root schema must be an object schema")
    try:
        return _Converter(schema, rewrites, target).run()
    except Unsupported as error:
        raise without_properties(schema, error) from None


def argument_schema(schema: dict[str, Any]) -> dict[str, Any] | None:
    """The root as a plain object schema (rewrites on), for the typed arguments: None when it
    is wrapped (an anyOf of objects) or cannot be read as an object."""
    try:
        root = normalise_root(schema, References(schema).target, References(schema).scope)
    except Unsupported:
        return None
    return None if root.wrapped else root.content


def _checked_root(schema: dict[str, Any]) -> None:
    # docs/openai-rules.md §1.3 item 1: the root is a plain object schema, never a combinator.
    for keyword in ("anyOf", "enum", "const", "$ref"):
        if keyword in schema:
            raise Unsupported((), keyword, f"the root must be a plain object, not {keyword}")
    if schema.get("type", _MISSING) not in ("object", ["object"]):
        keyword = "type"
        raise Unsupported((), keyword, 'the root must have "type": "object"')


class _Converter(Encodings, NullChecks):
    def __init__(self, document: dict[str, Any], rewrites: bool, target: Target) -> None:
        self.refs = References(document)
        self.rewriting = rewrites
        self.compatible = target == "compatible"
        self.dropped: list[Dropped] = []
        self.rewrites: list[Rewrite] = []
        self.paths: dict[str, UnitPaths] = {}
        self.unit = UnitPaths()
        self.kept_nulls: list[NullPath] = []  # properties whose null the original allows
        self.wrapped = False
        self.aliases: set[str] = set()  # definitions a $ref went through (through_aliases)
        if rewrites:
            root = normalise_root(document, self._inlined, self.refs.scope)
            self.content = root.content
            self.rewrites.extend(root.rewrites)
            if root.wrapped:
                self.wrapped = True
                self.refs.wrap_root(root.content)
        else:
            _checked_root(document)
            self.content = document

    def run(self) -> Conversion:
        order = [ROOT]
        queued = {ROOT}
        converted: dict[str, dict[str, Any]] = {}
        raws: dict[str, Raw] = {}
        while len(converted) < len(order):
            name = order[len(converted)]
            unit = self.refs.units[name]
            self.unit = self.paths[name] = UnitPaths()
            if name == ROOT:
                converted[name], raws[name] = self._root()
            else:
                converted[name], raws[name] = self._node(unit.schema, unit.path, (), 0, 0)
            for site in self.unit.sites:
                if site.target not in converted and site.target not in queued:
                    queued.add(site.target)
                    order.append(site.target)
        for name in order[1:]:
            self._count_chars(len(name), self.refs.units[name].path)
        for name, path in self.refs.root_definitions():
            if name not in converted and name not in self.aliases:
                self.dropped.append(Dropped(path, "unused definition"))
        schema = converted[ROOT]
        if len(order) > 1:
            schema["$defs"] = {name: converted[name] for name in order[1:]}
        try:
            null_paths = expand(self.paths, ROOT)
        except Unsupported as error:
            if not self.rewriting or error.keyword not in ("$ref", "max_null_paths"):
                raise
            # docs/rewrites.md: the call parser walks the schema instead of a path table.
            self.rewrites.append(Rewrite(error.path, rules.DYNAMIC_NULLS))
            null_paths = ()
        decode = None
        if self.wrapped or any(rewrite.kind in _DECODED for rewrite in self.rewrites):
            finished = decoding.finish(raws, converted)
            if finished is not None:
                decode, null_paths = finished.nodes, ()
                self._count_wrappers(finished.wrappers, schema)
        return Conversion(
            schema,
            null_paths,
            tuple(self.dropped),
            tuple(dict.fromkeys(self.rewrites)),
            decode,
        )

    def _root(self) -> tuple[dict[str, Any], Raw]:
        if not self.wrapped:
            return self._node(self.content, (), (), 0, 0, root=True)
        name = rules.WRAPPED_ROOT
        self._count_properties(1, ())
        self._count_chars(len(name), ())
        inner, raw = self._node(self.content, (), (name,), 1, 0)
        out = {
            "type": "object",
            "properties": {name: inner},
            "required": [name],
            "additionalProperties": False,
        }
        return out, RawUnwrap(name, raw)

    # -- nodes ---------------------------------------------------------------------------

    def _node(
        self,
        schema: Any,
        path: SchemaPath,
        inst: NullPath,
        level: int,
        depth: int,
        root: bool = False,
    ) -> tuple[dict[str, Any], Raw]:
        if depth > rules.MAX_NODE_DEPTH:
            raise Unsupported(path, "max_depth", f"more than {rules.MAX_NODE_DEPTH} nested schemas")
        if self.rewriting and not root:
            free = free_form(schema)
            if free is not None:
                return self._json_string(schema, path, free, True)
            if isinstance(schema, dict) and "allOf" in schema:
                # One $ref member stays a $ref (a recursive one cannot be inlined).
                merged = single_ref(schema) or merge_all_of(schema, path, self._inlined)
                self.rewrites.append(Rewrite(path, rules.ALL_OF_MERGED))
                return self._node(merged, path, inst, level, depth + 1)
        if not isinstance(schema, dict):
            raise Unsupported(path, "type", "a boolean or non-object schema has no type")
        for keyword in schema:
            if keyword in rules.UNSUPPORTED_KEYWORDS and not (
                self.rewriting and keyword in _REWRITTEN_KEYWORDS
            ):
                raise Unsupported(path, keyword, f"{keyword!r} is outside OpenAI's strict subset")
        if "$ref" in schema:
            return self._ref(schema, path, inst)
        branches_key = self._branches_key(schema, path)
        types = declared_types(schema, path)
        enum = self._enum(schema["enum"], path, types) if "enum" in schema else None
        const = self._const(schema["const"], path, types) if "const" in schema else _MISSING
        listed = schema.get("properties")
        valued = enum is not None or const is not _MISSING or branches_key is not None
        if types is None and isinstance(listed, dict) and listed and not valued:
            types = ["object"]  # docs/design.md, "Decisions where the spec was silent"
        if types is None:
            values = enum if enum is not None else [const] if const is not _MISSING else None
            if values is None and branches_key is None:
                raise Unsupported(path, "type", "no type, enum, const, anyOf or $ref")
            types = implied_types(values) if values is not None else []
        shape = self._open(schema, path, types, root)
        if shape is not None and not schema.get("properties") and not root:
            # A map; at the root (always an object) its entries go beside no properties.
            return self._entries(schema, path, inst, level, depth, shape, types)
        out: dict[str, Any] = {}
        for keyword in rules.ANNOTATIONS:
            if isinstance(schema.get(keyword), str):
                out[keyword] = clean_text(schema[keyword])
        if types:
            out["type"] = types[0] if len(types) == 1 else list(types)
        if enum is not None:
            out["enum"] = enum
        if const is not _MISSING:
            out["const"] = const
        parts: list[Raw] = []
        if branches_key is not None:
            out["anyOf"], raw = self._any_of(schema, branches_key, path, inst, level, depth)
            parts.append(raw)
        if "object" in types:
            properties, required, raw_object = self._object(
                schema, path, inst, level, depth, root, shape
            )
            out.update(properties=properties, required=required, additionalProperties=False)
            parts.append(raw_object)
        if "array" in types:
            out["items"], raw_items = self._items(schema, path, inst, level, depth)
            parts.append(RawItems(raw_items))
        constraints(schema, types, out, self.compatible)
        rewritten = shape is not None or branches_key == "oneOf"
        self.dropped.extend(dropped_keywords(schema, path, out, root, rewritten))
        return out, self._together(parts, path)

    def _branches_key(self, schema: dict[str, Any], path: SchemaPath) -> str | None:
        """anyOf, or (rewrites on) a oneOf whose branches no value can match twice."""
        if "oneOf" not in schema or not self.rewriting:
            return "anyOf" if "anyOf" in schema else None
        if "anyOf" in schema:
            raise Unsupported(path, "oneOf", "oneOf beside anyOf")
        branches = schema["oneOf"]
        if not isinstance(branches, list) or not branches:
            raise Unsupported(path, "oneOf", "oneOf must be a non-empty list of schemas")
        branches = [branch for _, branch in _live(branches, path, "oneOf")]
        if not disjoint(branches, path, self.refs.target):
            raise Unsupported(path, "oneOf", "the oneOf branches are not provably disjoint")
        self.rewrites.append(Rewrite(path, rules.ONE_OF_AS_ANY_OF))
        return "oneOf"

    def _together(self, parts: list[Raw], path: SchemaPath) -> Raw:
        """One raw plan for a node that is several things at once (an object and an array)."""
        doing: list[Raw] = [part for part in parts if part is not None]
        if len(doing) <= 1:
            return doing[0] if doing else None
        return RawAll(doing, path)

    def _ref(
        self, schema: dict[str, Any], path: SchemaPath, inst: NullPath
    ) -> tuple[dict[str, Any], Raw]:
        name, passed = self.refs.through_aliases(self.refs.resolve(schema["$ref"], path))
        self.aliases.update(passed)
        self.unit.sites.append(RefSite(inst, name, path))
        annotations: dict[str, Any] = {}
        for keyword, value in schema.items():
            if keyword in rules.ANNOTATIONS and isinstance(value, str):
                annotations[keyword] = clean_text(value)
            elif keyword in _ASSERTIONS:
                raise Unsupported(path, "$ref", f"$ref beside {keyword!r} would need a merge")
            elif keyword != "$ref":
                self.dropped.append(Dropped(path, keyword))
        raw = RawRef(name, path)
        # A $ref takes no siblings (docs/openai-rules.md §1.3 item 11); annotations go on an anyOf.
        if annotations:
            return {**annotations, "anyOf": [{"$ref": pointer(name)}]}, raw
        return {"$ref": pointer(name)}, raw

    def _inlined(self, ref: Any, path: SchemaPath) -> tuple[Any, SchemaPath]:
        """The target of a $ref that a rewrite copies to where the $ref is: its own
        references then resolve from here, so it must share this place's base."""
        target, where = self.refs.target(ref, path)
        if self.refs.scope(where) != self.refs.scope(path):
            raise Unsupported(path, "$id", "a $ref into another resource cannot be merged here")
        return target, where

    def _any_of(
        self,
        schema: dict[str, Any],
        key: str,
        path: SchemaPath,
        inst: NullPath,
        level: int,
        depth: int,
    ) -> tuple[list[dict[str, Any]], RawAnyOf]:
        branches = schema[key]
        if not isinstance(branches, list) or not branches:
            raise Unsupported(path, key, f"{key} must be a non-empty list of schemas")
        live = _live(branches, path, key)
        self._refuse_ambiguous_nulls(live, path, key)
        converted = []
        raws: list[Raw] = []
        added: list[tuple[set[NullPath], set[NullPath]]] = []  # per branch: null paths, kept
        for index, branch in live:
            own, kept = len(self.unit.own), len(self.kept_nulls)
            out, raw = self._node(branch, (*path, key, index), inst, level, depth + 1)
            converted.append(out)
            raws.append(raw)
            added.append((set(self.unit.own[own:]), set(self.kept_nulls[kept:])))
        for index, (synthetic, _) in enumerate(added):
            for other, (_, kept_paths) in enumerate(added):
                clash = sorted(synthetic & kept_paths, key=repr) if other != index else []
                if clash:
                    reason = f"{clash[0]} is optional in one branch and accepts null in another"
                    raise Unsupported(path, key, reason)
        return converted, RawAnyOf(raws, converted, path)

    def _open(
        self, schema: dict[str, Any], path: SchemaPath, types: list[str], root: bool
    ) -> OpenObject | None:
        """How the keys beyond the declared properties travel (rewrites on), if there are any."""
        if not self.rewriting or "object" not in types:
            return None
        if (
            root
            and not {"additionalProperties", "patternProperties"} & schema.keys()
            and not schema.get("properties")
        ):
            return None  # docs/design.md: an object root without properties takes no arguments
        return open_object(schema, path, self.compatible)

    def _object(
        self,
        schema: dict[str, Any],
        path: SchemaPath,
        inst: NullPath,
        level: int,
        depth: int,
        root: bool,
        shape: OpenObject | None,
    ) -> tuple[dict[str, Any], list[str], RawObject]:
        level += 1
        if level > rules.MAX_OBJECT_DEPTH:
            raise Unsupported(
                path, "max_depth", f"more than {rules.MAX_OBJECT_DEPTH} levels of objects"
            )
        properties = schema.get("properties", {})
        if not isinstance(properties, dict):
            raise Unsupported(path, "properties", "properties must be an object")
        additional = schema.get("additionalProperties", _MISSING)
        if shape is None and additional is not _MISSING and additional is not False:
            raise Unsupported(path, "additionalProperties", "an open map cannot be strict")
        if not properties and additional is _MISSING and not root and shape is None:
            raise Unsupported(
                path,
                "type",
                "an object with no properties and no additionalProperties: false is an open map",
            )
        self._count_properties(len(properties), path)
        self._count_chars(sum(len(name) for name in properties), path)
        required = schema.get("required", [])
        if not isinstance(required, list):
            self.dropped.append(Dropped(path, "required"))
            required = []
        out: dict[str, Any] = {}
        raw = RawObject()
        for name, sub in properties.items():
            where = (*path, "properties", name)
            child, raw_child = self._node(sub, where, (*inst, name), level, depth + 1)
            if self._allows_null(sub, where):
                self.kept_nulls.append((*inst, name))  # the model's null here is a value
            elif name not in required:
                child = nullable(child)
                self.unit.own.append((*inst, name))
                raw.drop.append(name)
            out[name] = child
            if raw_child is not None:
                raw.props[name] = raw_child
        if shape is not None:
            self._extras(out, raw, shape, path, inst, level, depth, required)
        return out, sorted(out), raw

    def _items(
        self, schema: dict[str, Any], path: SchemaPath, inst: NullPath, level: int, depth: int
    ) -> tuple[dict[str, Any], Raw]:
        items = schema.get("items", _MISSING)
        if items is _MISSING:
            if self.rewriting:  # an array of anything: each item a JSON string
                self.rewrites.append(Rewrite((*path, "items"), rules.JSON_STRING))
                return self._json_string(True, (*path, "items"), FreeForm(None), False)
            raise Unsupported(path, "type", "an array needs an items schema")
        if isinstance(items, list):
            raise Unsupported(path, "items", "tuple-form items are outside the strict subset")
        return self._node(items, (*path, "items"), (*inst, None), level, depth + 1)


def _live(branches: list[Any], path: SchemaPath, key: str) -> list[tuple[int, Any]]:
    """The branches some value can match, with their places (a branch that matches nothing
    adds nothing to an anyOf, and never counts in a oneOf): `(index, branch)`."""
    live = [(index, branch) for index, branch in enumerate(branches) if not matches_nothing(branch)]
    if not live:
        raise Unsupported(path, key, f"no branch of the {key} matches any value")
    return live
