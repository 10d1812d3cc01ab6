"""The typing-only section of a generated module: one TypedDict per tool's arguments.

It lives in the module's `.pyi` stub (generator/stub.py) and costs nothing at run time. It is
written in a form black leaves as it is: every collection exploded with a trailing comma, every
string literal in printable ASCII (generator/literals.py, `string`), and every line within
black's 88 columns, or the type gives way to a plainer one (see `section`). Black itself is
the oracle, in the tests. Annotations are built from the original input schema, because the
arguments a tool receives are the original shape: a property whose synthetic null was removed
is `NotRequired`, never `| None`.

An object property with `properties` gets a nested TypedDict of its own, named
`_<Owner>_<Key>` (`_FilesystemEditFileArgs_EditsItem`): private, so it never meets a public
name, and unique in the module because every `<Owner>` is (`model.py` makes the tool names
unique, and they hold no `_` but a leading one, so the owner part of a nested name is
unambiguous). Its keys are `NotRequired` unless the schema lists them in `required`: a strict
tool's optional nested property is sent as null and removed at its null path, a non-strict
tool's may be absent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from .identifiers import class_name, unique
from .literals import INDENT, LINE_LENGTH, string
from .strict import Unsupported
from .strict.refs import has_nested_id
from .strict.rules import MAX_OBJECT_DEPTH

_SCALARS: Final = {
    "string": "str",
    "integer": "int",
    "number": "float",
    "boolean": "bool",
    "null": "None",
}
_OPEN_OBJECT: Final = "dict[str, object]"
_MAX_REF_HOPS: Final = 4
# Schema nodes descended (arrays, anyOf branches, references, objects) before a type says
# `object`: hostile schemas nest hundreds of levels (tests/test_hostile_inputs.py).
_MAX_DEPTH: Final = 32
# `    NAME = dict[str, object]` must fit black's 88 columns: 4 + 62 + 22 (at level 1).
_MAX_NESTED_NAME: Final = 62
_MAX_SUFFIX: Final = 40


# --- a small type language: what a schema node accepts -------------------------------------


@dataclass(frozen=True, slots=True)
class Plain:
    """A type expression from the fixed vocabulary (`str`, `int`, `dict[str, object]`, ...)."""

    text: str


@dataclass(frozen=True, slots=True)
class Literals:
    """`Literal[...]` of enum or const values, and None when they hold it; `base` when the
    line is too long for them."""

    members: tuple[str, ...]  # built only from `string` and `repr` of ints
    base: Type


@dataclass(frozen=True, slots=True)
class ListOf:
    item: Type


@dataclass(frozen=True, slots=True)
class UnionOf:
    members: tuple[Type, ...]


@dataclass(frozen=True, slots=True, eq=False)
class Shape:
    """A nested object with properties: a TypedDict of its own (compared by identity)."""

    base: str  # what its name is made from: the property key or the definition name
    fields: tuple[Field, ...]


Type = Plain | Literals | ListOf | UnionOf | Shape

OBJECT: Final = Plain("object")


@dataclass(frozen=True, slots=True)
class Field:
    key: str
    type: Type
    required: bool


def fields(schema: dict[str, Any], optional: set[str | None]) -> tuple[Field, ...]:
    """The TypedDict fields for a tool's original `inputSchema`; `optional` keys may be absent."""
    properties = schema.get("properties")
    if not isinstance(properties, dict):
        return ()
    # A nested $id changes what `#/...` means below it: references there are typed `object`
    # rather than resolved against the wrong base (strict/refs.py).
    try:
        nested = has_nested_id(schema)
    except Unsupported:  # a malformed $id: as unclear as a nested one
        nested = True
    builder = _Builder({} if nested else schema)
    return tuple(
        Field(key, builder.type_of(sub, key, 0, 0, 1), key not in optional)
        for key, sub in properties.items()
    )


def section(name: str, items: tuple[Field, ...] | None, level: int = 1) -> str:
    """The lines defining TypedDict `name`, `level` indents deep (0: a stub's top level), after
    the nested TypedDicts it uses.

    Each field line is the first that fits black's limit of: the full type; Literals replaced by
    their base types; nested TypedDicts replaced by `dict[str, object]` too. When none fits (a
    key too long), the whole TypedDict is the alias `dict[str, object]`.
    """
    return "".join(write(item, level) for item in definitions(name, items, level))


# --- building types from schemas ------------------------------------------------------------


class _Builder:
    """Types for one tool's schema; each object node becomes one Shape, however often used."""

    def __init__(self, root: dict[str, Any]) -> None:
        self.root = root
        self.shapes: dict[int, Shape] = {}
        self.building: set[int] = set()  # a reference back into one of these is recursion

    def type_of(self, schema: Any, base: str, hops: int, depth: int, objects: int) -> Type:
        if not isinstance(schema, dict) or depth > _MAX_DEPTH:
            return OBJECT
        if "$ref" in schema:
            if hops >= _MAX_REF_HOPS:
                return OBJECT
            target = _local_target(schema["$ref"], self.root)
            name = schema["$ref"].rpartition("/")[2] if isinstance(schema["$ref"], str) else ""
            return self.type_of(target, name or base, hops + 1, depth + 1, objects)
        branches = schema.get("anyOf")
        if isinstance(branches, list) and branches:
            return UnionOf(tuple(self.type_of(b, base, hops, depth + 1, objects) for b in branches))
        declared = schema.get("type")
        names = [declared] if isinstance(declared, str) else declared
        typed: Type = OBJECT
        if isinstance(names, list) and names:
            typed = UnionOf(
                tuple(self._named(n, schema, base, hops, depth, objects) for n in names)
            )
        if "const" in schema and _literal_value(schema["const"]):
            return Literals(_literal([schema["const"]]), typed)
        values = schema.get("enum")
        if isinstance(values, list) and values and all(_literal_value(v) for v in values):
            return Literals(_literal(values), typed)
        return typed

    def _named(
        self, name: object, schema: dict[str, Any], base: str, hops: int, depth: int, objects: int
    ) -> Type:
        if name == "array":
            items = schema.get("items")
            if not isinstance(items, dict):
                return Plain("list[object]")
            return ListOf(self.type_of(items, f"{base}Item", hops, depth + 1, objects))
        if name == "object":
            return self._shape(schema, base, hops, depth, objects)
        return Plain(_SCALARS.get(name, "object")) if isinstance(name, str) else OBJECT

    def _shape(
        self, schema: dict[str, Any], base: str, hops: int, depth: int, objects: int
    ) -> Type:
        properties = schema.get("properties")
        if not isinstance(properties, dict) or not properties:
            return Plain(_OPEN_OBJECT)
        key = id(schema)
        if key in self.shapes:
            return self.shapes[key]
        if key in self.building or objects >= MAX_OBJECT_DEPTH:
            return Plain(_OPEN_OBJECT)
        self.building.add(key)
        required = schema.get("required")
        listed = [n for n in required if isinstance(n, str)] if isinstance(required, list) else []
        items = tuple(
            Field(k, self.type_of(sub, k, hops, depth + 1, objects + 1), k in listed)
            for k, sub in properties.items()
        )
        self.building.discard(key)
        shape = self.shapes[key] = Shape(base, items)
        return shape


# --- writing types as source ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Definition:
    """One TypedDict as emitted: its name and `(key, annotation)` lines (None: the alias
    `dict[str, object]`, when a field cannot fit). generator/verify.py reads them back."""

    name: str
    fields: tuple[tuple[str, str], ...] | None


def definitions(
    name: str, items: tuple[Field, ...] | None, level: int = 1
) -> tuple[Definition, ...]:
    """TypedDict `name` and the nested ones it uses, children first, fitted `level` deep;
    `items` None: the arguments fit no TypedDict (a wrapped root), the alias only."""
    if items is None:
        return (Definition(name, None),)
    section = _Section(name, level)
    section.define(name, items)
    return tuple(section.done)


def write(definition: Definition, level: int = 1) -> str:
    """The source of one definition, `level` indents deep, in black's style."""
    outer, middle, inner = (INDENT * (level + step) for step in range(3))
    name = definition.name
    if definition.fields is None:
        return f"{outer}{name} = {_OPEN_OBJECT}\n"
    opening = f'{outer}{name} = TypedDict(\n{middle}"{name}",\n'
    if not definition.fields:
        return opening + f"{middle}{{}},\n{outer})\n"
    body = "".join(f"{inner}{string(key)}: {text},\n" for key, text in definition.fields)
    return opening + f"{middle}{{\n{body}{middle}}},\n{outer})\n"


@dataclass(slots=True)
class _Section:
    """The definitions of one tool's TypedDict and the nested ones it uses, children first."""

    owner: str
    level: int
    names: dict[Shape, str | None] = field(default_factory=dict)
    taken: set[str] = field(default_factory=set)
    done: list[Definition] = field(default_factory=list)
    defined: set[Shape] = field(default_factory=set)

    def define(self, name: str, items: tuple[Field, ...]) -> None:
        lines, used = [], []
        for item in items:
            text, shapes = self._annotation(item)
            if text is None:
                self.done.append(Definition(name, None))
                return
            lines.append((item.key, text))
            used += shapes
        for shape in used:
            if shape not in self.defined:
                self.defined.add(shape)
                nested = self.names[shape]
                assert nested is not None
                self.define(nested, shape.fields)
        self.done.append(Definition(name, tuple(lines)))

    def _annotation(self, item: Field) -> tuple[str | None, list[Shape]]:
        """The first annotation whose line fits, and the nested TypedDicts it names."""
        for literals, nested in ((True, True), (False, True), (False, False)):
            used: list[Shape] = []
            name_of = self._name if nested else _no_name
            text = " | ".join(_render(item.type, literals, name_of, used))
            if not item.required:
                text = f"NotRequired[{text}]"
            line = f"{INDENT * (self.level + 2)}{string(item.key)}: {text},"
            if len(line) <= LINE_LENGTH:  # ASCII only (literals.string): a column a character
                return text, used
        return None, []

    def _name(self, shape: Shape) -> str | None:
        if shape not in self.names:
            suffix = class_name(shape.base, "").lstrip("_")[:_MAX_SUFFIX] or "Object"
            name = unique(f"_{self.owner}_{suffix}", self.taken)
            self.names[shape] = name if len(name) <= _MAX_NESTED_NAME else None
        return self.names[shape]


def _no_name(shape: Shape) -> str | None:
    return None


def _render(
    typ: Type, literals: bool, name_of: Callable[[Shape], str | None], used: list[Shape]
) -> list[str]:
    """The members of the union `typ` stands for (one, for a type that is no union)."""
    if isinstance(typ, Plain):
        return [typ.text]
    if isinstance(typ, Literals):
        return list(typ.members) if literals else _render(typ.base, literals, name_of, used)
    if isinstance(typ, ListOf):
        return [f"list[{' | '.join(_render(typ.item, literals, name_of, used))}]"]
    if isinstance(typ, UnionOf):
        return _union(
            [name for member in typ.members for name in _render(member, literals, name_of, used)]
        )
    name = name_of(typ)
    if name is None:
        return [_OPEN_OBJECT]
    used.append(typ)
    return [name]


def _union(members: list[str]) -> list[str]:
    names = list(dict.fromkeys(members))
    if "object" in names:
        return ["object"]
    if "None" in names:
        names = [name for name in names if name != "None"] + ["None"]
    return names


def _literal_value(value: object) -> bool:
    return value is None or isinstance(value, (str, int))


def _literal(values: list[Any]) -> tuple[str, ...]:
    shown = [string(v) if isinstance(v, str) else repr(v) for v in values if v is not None]
    text = f"Literal[{', '.join(dict.fromkeys(shown))}]" if shown else ""
    return tuple(_union([text, "None"] if None in values and text else [text or "None"]))


def _local_target(ref: object, root: dict[str, Any]) -> Any:
    if not isinstance(ref, str) or not ref.startswith("#"):
        return None
    node: Any = root
    for token in ref[1:].split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        node = node.get(token) if isinstance(node, dict) else None
    return node
