"""The typing-only section of a generated module: one TypedDict per tool's arguments.

It lives in the module's `.pyi` stub (generator/stub.py) and costs nothing at run time. It is
emitted already in black's style: every line fits black's limit, or the tool gets the plain alias
`dict[str, object]` (a key too long to fit is the only cause). Annotations are built from the
original input schema, because the arguments a tool receives are the original shape: a
property whose synthetic null was removed is `NotRequired`, never `| None`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from black.strings import str_width

from .literals import INDENT, LINE_LENGTH, string

_SCALARS: Final = {
    "string": "str",
    "integer": "int",
    "number": "float",
    "boolean": "bool",
    "null": "None",
    "object": "dict[str, object]",
}
_MAX_REF_HOPS: Final = 4


@dataclass(frozen=True, slots=True)
class Field:
    key: str
    annotation: str  # a type expression built only from the vocabulary above and `string`
    required: bool


def fields(schema: dict[str, Any], optional: set[str | None]) -> tuple[Field, ...]:
    """The TypedDict fields for a tool's original `inputSchema`; `optional` keys may be absent."""
    properties = schema.get("properties")
    if not isinstance(properties, dict):
        return ()
    return tuple(fit(key, sub, schema, key not in optional) for key, sub in properties.items())


def annotation(schema: Any, root: dict[str, Any], hops: int, literals: bool = True) -> str:
    """A type expression for the values `schema` accepts (`object` when it cannot say)."""
    if not isinstance(schema, dict):
        return "object"
    if "$ref" in schema:
        target = _local_target(schema["$ref"], root)
        return annotation(target, root, hops + 1, literals) if hops < _MAX_REF_HOPS else "object"
    if isinstance(schema.get("anyOf"), list) and schema["anyOf"]:
        return _union(annotation(branch, root, hops, literals) for branch in schema["anyOf"])
    if literals and "const" in schema and _literal_value(schema["const"]):
        return _literal([schema["const"]])
    if literals and isinstance(schema.get("enum"), list) and schema["enum"]:
        values = schema["enum"]
        if all(_literal_value(value) for value in values):
            return _literal(values)
    declared = schema.get("type")
    names = [declared] if isinstance(declared, str) else declared
    if not isinstance(names, list) or not names:
        return "object"
    return _union(_type_name(name, schema, root, hops, literals) for name in names)


def section(name: str, items: tuple[Field, ...], level: int = 1) -> str:
    """The lines defining TypedDict `name`, `level` indents deep (0: a stub's top level)."""
    outer, middle, inner = (INDENT * (level + step) for step in range(3))
    lines = []
    for item in items:
        text = item.annotation if item.required else f"NotRequired[{item.annotation}]"
        line = f"{inner}{string(item.key)}: {text},"
        if str_width(line) > LINE_LENGTH:
            return f"{outer}{name} = dict[str, object]\n"
        lines.append(line)
    body = "\n".join([*lines, ""]) if lines else ""
    opening = f'{outer}{name} = TypedDict(\n{middle}"{name}",\n'
    if not lines:
        return opening + f"{middle}{{}},\n{outer})\n"
    return opening + f"{middle}{{\n{body}{middle}}},\n{outer})\n"


def fit(key: str, schema: Any, root: dict[str, Any], required: bool) -> Field:
    """A field whose line fits: Literals give way to their base types when too long."""
    full = Field(key, annotation(schema, root, 0), required)
    text = full.annotation if required else f"NotRequired[{full.annotation}]"
    if str_width(f"{INDENT * 3}{string(key)}: {text},") <= LINE_LENGTH:
        return full
    return Field(key, annotation(schema, root, 0, literals=False), required)


def _type_name(
    name: object, schema: dict[str, Any], root: dict[str, Any], hops: int, literals: bool
) -> str:
    if name == "array":
        items = schema.get("items")
        return (
            f"list[{annotation(items, root, hops, literals)}]"
            if isinstance(items, dict)
            else "list[object]"
        )
    return _SCALARS.get(name, "object") if isinstance(name, str) else "object"


def _union(parts: Any) -> str:
    names: list[str] = []
    for part in parts:
        for name in _split_union(part):
            if name not in names:
                names.append(name)
    if "object" in names:
        return "object"
    if "None" in names:
        names = [name for name in names if name != "None"] + ["None"]
    return " | ".join(names)


def _split_union(text: str) -> list[str]:
    # Only top-level "|" separate members; those inside brackets belong to a member.
    members, depth, start = [], 0, 0
    for index, char in enumerate(text):
        depth += char == "["
        depth -= char == "]"
        if depth == 0 and text.startswith(" | ", index):
            members.append(text[start:index])
            start = index + 3
    members.append(text[start:])
    return members


def _literal_value(value: object) -> bool:
    return value is None or isinstance(value, (str, int))


def _literal(values: list[Any]) -> str:
    shown = [string(v) if isinstance(v, str) else repr(v) for v in values if v is not None]
    text = f"Literal[{', '.join(dict.fromkeys(shown))}]" if shown else ""
    return _union([text, "None"] if None in values and text else [text or "None"])


def _local_target(ref: object, root: dict[str, Any]) -> Any:
    if not isinstance(ref, str) or not ref.startswith("#"):
        return None
    node: Any = root
    for token in ref[1:].split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        node = node.get(token) if isinstance(node, dict) else None
    return node
