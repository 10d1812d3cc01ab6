"""Rewrite an MCP `inputSchema` into the subset OpenAI accepts with "strict": true.

Rules: the seed's "Strict mode" section and DESIGN.md "Strict conversion: what the seed leaves
open". One `_Converter` handles one schema: each unit (the root, then every definition it
references) is converted once, in the order first referenced.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from ..text import clean_text
from . import rules
from .errors import Dropped, NullPath, SchemaPath, Unsupported
from .nullpaths import RefSite, UnitPaths, expand
from .patterns import usable_pattern
from .refs import ROOT, References, pointer
from .values import check_scalar, finite_number, implied_types, kind, nullable, text_form

_MISSING: Final[Any] = object()
_OBJECT_KEYWORDS: Final = frozenset({"properties", "required", "additionalProperties"})
# Keywords that constrain a value: beside a `$ref` they would need a merge OpenAI cannot express.
_ASSERTIONS: Final = frozenset(
    {"type", "enum", "const", "anyOf", "items", *_OBJECT_KEYWORDS}
    | set(rules.NUMBER_KEYWORDS + rules.ARRAY_KEYWORDS + rules.STRING_KEYWORDS)
)


@dataclass(frozen=True, slots=True)
class Conversion:
    """A strict schema, the instance paths where it added null, and what it dropped."""

    schema: dict[str, Any]
    null_paths: tuple[NullPath, ...]
    dropped: tuple[Dropped, ...]


def convert(schema: object) -> Conversion:
    """Convert one tool's `inputSchema`; raises `Unsupported` when it cannot be expressed."""
    return _Converter(_checked_root(schema)).run()


def strict_schema(schema: object) -> tuple[dict[str, Any], tuple[NullPath, ...]]:
    """The seed's `strict_schema/1`: the strict schema and its null paths."""
    result = convert(schema)
    return result.schema, result.null_paths


def _checked_root(schema: object) -> dict[str, Any]:
    # openai-rules.md 1.3 item 1: the root is a plain object schema, never a combinator.
    if not isinstance(schema, dict):
        raise Unsupported((), "type", "the root schema must be an object schema")
    for keyword in ("anyOf", "enum", "const", "$ref"):
        if keyword in schema:
            raise Unsupported((), keyword, f"the root must be a plain object, not {keyword}")
    if schema.get("type", _MISSING) not in ("object", ["object"]):
        keyword = "type"
        raise Unsupported((), keyword, 'the root must have "type": "object"')
    return schema


class _Converter:
    def __init__(self, root: dict[str, Any]) -> None:
        self.refs = References(root)
        self.dropped: list[Dropped] = []
        self.paths: dict[str, UnitPaths] = {}
        self.properties = 0
        self.chars = 0
        self.enum_values = 0
        self.unit = UnitPaths()
        self.kept_nulls: list[NullPath] = []  # properties whose null the original allows

    def run(self) -> Conversion:
        order = [ROOT]
        queued = {ROOT}
        converted: dict[str, dict[str, Any]] = {}
        while len(converted) < len(order):
            name = order[len(converted)]
            unit = self.refs.units[name]
            self.unit = self.paths[name] = UnitPaths()
            converted[name] = self._node(unit.schema, unit.path, (), 0, 0, root=name == ROOT)
            for site in self.unit.sites:
                if site.target not in converted and site.target not in queued:
                    queued.add(site.target)
                    order.append(site.target)
        for name in order[1:]:
            self._count_chars(len(name), self.refs.units[name].path)
        for name, path in self.refs.root_definitions():
            if name not in converted:
                self.dropped.append(Dropped(path, "unused definition"))
        schema = converted[ROOT]
        if len(order) > 1:
            schema["$defs"] = {name: converted[name] for name in order[1:]}
        return Conversion(schema, expand(self.paths, ROOT), tuple(self.dropped))

    # -- nodes ---------------------------------------------------------------------------

    def _node(
        self,
        schema: Any,
        path: SchemaPath,
        inst: NullPath,
        level: int,
        depth: int,
        root: bool = False,
    ) -> dict[str, Any]:
        if depth > rules.MAX_NODE_DEPTH:
            raise Unsupported(path, "max_depth", f"more than {rules.MAX_NODE_DEPTH} nested schemas")
        if not isinstance(schema, dict):
            raise Unsupported(path, "type", "a boolean or non-object schema has no type")
        for keyword in schema:
            if keyword in rules.UNSUPPORTED_KEYWORDS:
                raise Unsupported(path, keyword, f"{keyword!r} is outside OpenAI's strict subset")
        if "$ref" in schema:
            return self._ref(schema, path, inst)
        types = self._types(schema, path)
        enum = self._enum(schema["enum"], path, types) if "enum" in schema else None
        const = self._const(schema["const"], path, types) if "const" in schema else _MISSING
        if types is None:
            values = enum if enum is not None else [const] if const is not _MISSING else None
            if values is None and "anyOf" not in schema:
                raise Unsupported(path, "type", "no type, enum, const, anyOf or $ref")
            types = implied_types(values) if values is not None else []
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
        if "anyOf" in schema:
            out["anyOf"] = self._any_of(schema["anyOf"], path, inst, level, depth)
        if "object" in types:
            properties, required = self._object(schema, path, inst, level, depth, root)
            out.update(properties=properties, required=required, additionalProperties=False)
        if "array" in types:
            out["items"] = self._items(schema, path, inst, level, depth)
        self._constraints(schema, types, out)
        self._drop_rest(schema, path, out, root)
        return out

    def _ref(self, schema: dict[str, Any], path: SchemaPath, inst: NullPath) -> dict[str, Any]:
        name = self.refs.resolve(schema["$ref"], path)
        self.unit.sites.append(RefSite(inst, name, path))
        annotations: dict[str, Any] = {}
        for keyword, value in schema.items():
            if keyword in rules.ANNOTATIONS and isinstance(value, str):
                annotations[keyword] = clean_text(value)
            elif keyword in _ASSERTIONS:
                raise Unsupported(path, "$ref", f"$ref beside {keyword!r} would need a merge")
            elif keyword != "$ref":
                self.dropped.append(Dropped(path, keyword))
        # DESIGN.md: a $ref node takes no siblings; annotations move onto an enclosing anyOf.
        if annotations:
            return {**annotations, "anyOf": [{"$ref": pointer(name)}]}
        return {"$ref": pointer(name)}

    def _types(self, schema: dict[str, Any], path: SchemaPath) -> list[str] | None:
        declared = schema.get("type", _MISSING)
        if declared is _MISSING:
            return None
        names = [declared] if isinstance(declared, str) else declared
        if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
            raise Unsupported(path, "type", "type must be a name or a non-empty list of names")
        for name in names:
            if name not in rules.TYPE_NAMES:
                raise Unsupported(path, "type", f"unknown type {name!r}")
        return list(dict.fromkeys(names))

    def _any_of(
        self, branches: Any, path: SchemaPath, inst: NullPath, level: int, depth: int
    ) -> list[dict[str, Any]]:
        if not isinstance(branches, list) or not branches:
            raise Unsupported(path, "anyOf", "anyOf must be a non-empty list of schemas")
        self._refuse_ambiguous_nulls(branches, path)
        converted = []
        added: list[tuple[set[NullPath], set[NullPath]]] = []  # per branch: null paths, kept
        for index, branch in enumerate(branches):
            own, kept = len(self.unit.own), len(self.kept_nulls)
            converted.append(self._node(branch, (*path, "anyOf", index), inst, level, depth + 1))
            added.append((set(self.unit.own[own:]), set(self.kept_nulls[kept:])))
        for index, (synthetic, _) in enumerate(added):
            for other, (_, kept_paths) in enumerate(added):
                clash = sorted(synthetic & kept_paths, key=repr) if other != index else []
                if clash:
                    reason = f"{clash[0]} is optional in one branch and accepts null in another"
                    raise Unsupported(path, "anyOf", reason)
        return converted

    def _refuse_ambiguous_nulls(self, branches: list[Any], path: SchemaPath) -> None:
        """A property optional (so a null path) in one object branch and accepting null in
        another would make a null from the model ambiguous: removing it could turn a valid
        call into one no branch accepts. This checks the branches' own properties, $ref
        branches included, from the input; `_any_of` checks every depth of inline branches
        from what their conversion recorded."""
        synthetic: set[str] = set()
        kept: set[str] = set()
        for index, branch in enumerate(branches):
            target = branch
            if isinstance(branch, dict) and "$ref" in branch:
                target = self.refs.units[self.refs.resolve(branch["$ref"], path)].schema
            properties = target.get("properties") if isinstance(target, dict) else None
            if not isinstance(properties, dict):
                continue
            required = target.get("required")
            required = required if isinstance(required, list) else []
            where = (*path, "anyOf", index, "properties")
            for name, sub in properties.items():
                if self._allows_null(sub, (*where, name)):
                    kept.add(name)
                elif name not in required:
                    synthetic.add(name)
        clash = sorted(synthetic & kept)
        if clash:
            reason = f"property {clash[0]!r} is optional in one branch and accepts null in another"
            raise Unsupported(path, "anyOf", reason)

    def _object(
        self,
        schema: dict[str, Any],
        path: SchemaPath,
        inst: NullPath,
        level: int,
        depth: int,
        root: bool,
    ) -> tuple[dict[str, Any], list[str]]:
        level += 1
        if level > rules.MAX_OBJECT_DEPTH:
            raise Unsupported(
                path, "max_depth", f"more than {rules.MAX_OBJECT_DEPTH} levels of objects"
            )
        properties = schema.get("properties", {})
        if not isinstance(properties, dict):
            raise Unsupported(path, "properties", "properties must be an object")
        additional = schema.get("additionalProperties", _MISSING)
        if additional is not _MISSING and additional is not False:
            raise Unsupported(path, "additionalProperties", "an open map cannot be strict")
        if not properties and additional is _MISSING and not root:
            raise Unsupported(
                path,
                "type",
                "an object with no properties and no additionalProperties: false is an open map",
            )
        self.properties += len(properties)
        if self.properties > rules.MAX_PROPERTIES:
            raise Unsupported(
                path, "max_properties", f"more than {rules.MAX_PROPERTIES} properties"
            )
        self._count_chars(sum(len(name) for name in properties), path)
        required = schema.get("required", [])
        if not isinstance(required, list):
            self.dropped.append(Dropped(path, "required"))
            required = []
        out: dict[str, Any] = {}
        for name, sub in properties.items():
            child = self._node(sub, (*path, "properties", name), (*inst, name), level, depth + 1)
            if self._allows_null(sub, (*path, "properties", name)):
                self.kept_nulls.append((*inst, name))  # the model's null here is a value
            elif name not in required:
                child = nullable(child)
                self.unit.own.append((*inst, name))
            out[name] = child
        return out, sorted(out)

    def _items(
        self, schema: dict[str, Any], path: SchemaPath, inst: NullPath, level: int, depth: int
    ) -> dict[str, Any]:
        items = schema.get("items", _MISSING)
        if items is _MISSING:
            raise Unsupported(path, "type", "an array needs an items schema")
        if isinstance(items, list):
            raise Unsupported(path, "items", "tuple-form items are outside the strict subset")
        return self._node(items, (*path, "items"), (*inst, None), level, depth + 1)

    # -- values --------------------------------------------------------------------------

    def _enum(self, values: Any, path: SchemaPath, types: list[str] | None) -> list[Any]:
        if not isinstance(values, list) or not values:
            raise Unsupported(path, "enum", "enum must be a non-empty list")
        distinct: dict[tuple[str, Any], Any] = {}
        for value in values:
            check_scalar(value, path, "enum", types)
            distinct.setdefault((kind(value), value), value)
        unique = list(distinct.values())
        self.enum_values += len(unique)
        if self.enum_values > rules.MAX_ENUM_VALUES:
            raise Unsupported(
                path, "max_enum_values", f"more than {rules.MAX_ENUM_VALUES} enum values"
            )
        texts = [text_form(value) for value in unique]
        size = sum(len(text) for text in texts)
        large = len(unique) > rules.LARGE_ENUM and all(isinstance(v, str) for v in unique)
        if large and size > rules.MAX_LARGE_ENUM_CHARS:
            raise Unsupported(path, "max_enum_chars", "a large string enum is too long")
        self._count_chars(size, path)
        return unique

    def _const(self, value: Any, path: SchemaPath, types: list[str] | None) -> Any:
        check_scalar(value, path, "const", types)
        if isinstance(value, str):
            self._count_chars(len(value), path)
        return value

    def _count_chars(self, size: int, path: SchemaPath) -> None:
        self.chars += size
        if self.chars > rules.MAX_CHARS:
            raise Unsupported(
                path, "max_chars", f"more than {rules.MAX_CHARS} characters of names and values"
            )

    def _allows_null(self, schema: Any, path: SchemaPath, depth: int = 0) -> bool:
        """Whether the input schema already accepts null (every assertion present allows it).

        Follows `anyOf` and `$ref`; a chain of them deeper than any real schema is refused
        rather than followed (it would take the stack, or never end for a cycle of aliases).
        """
        if depth > rules.MAX_NODE_DEPTH:
            raise Unsupported(path, "max_depth", "a chain of $ref/anyOf too long to follow")
        if not isinstance(schema, dict):
            return False
        verdicts: list[bool] = []
        declared = schema.get("type", _MISSING)
        if declared is not _MISSING:
            verdicts.append(
                declared == "null" or (isinstance(declared, list) and "null" in declared)
            )
        if isinstance(schema.get("enum"), list):
            verdicts.append(any(value is None for value in schema["enum"]))
        if "const" in schema:
            verdicts.append(schema["const"] is None)
        if isinstance(schema.get("anyOf"), list):
            branches = schema["anyOf"]
            verdicts.append(any(self._allows_null(b, path, depth + 1) for b in branches))
        if "$ref" in schema:
            target = self.refs.units[self.refs.resolve(schema["$ref"], path)].schema
            verdicts.append(self._allows_null(target, path, depth + 1))
        return bool(verdicts) and all(verdicts)

    # -- keywords kept or dropped --------------------------------------------------------

    def _constraints(self, schema: dict[str, Any], types: list[str], out: dict[str, Any]) -> None:
        if "string" in types:
            pattern = schema.get("pattern")
            if isinstance(pattern, str) and usable_pattern(pattern):
                out["pattern"] = pattern
            if schema.get("format") in rules.FORMATS:
                out["format"] = schema["format"]
        if "number" in types or "integer" in types:
            for keyword in rules.NUMBER_KEYWORDS:
                value = schema.get(keyword)
                if finite_number(value) and (keyword != "multipleOf" or value > 0):
                    out[keyword] = value
        if "array" in types:
            for keyword in rules.ARRAY_KEYWORDS:
                value = schema.get(keyword)
                if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                    out[keyword] = value

    def _drop_rest(
        self, schema: dict[str, Any], path: SchemaPath, out: dict[str, Any], root: bool
    ) -> None:
        for keyword in schema:
            if keyword in out or (keyword in _OBJECT_KEYWORDS and "properties" in out):
                continue
            if root and keyword in ("$defs", "definitions"):
                continue
            self.dropped.append(Dropped(path, keyword))
