"""The strict nodes of the encoded shapes (docs/rewrites.md): a free-form value as a string
holding JSON, a map as a list of `{"key", "value"}` entries, and the rest of an object with
open properties as such a list beside its declared properties. Part of the converter
(convert.py), kept apart so each module has one job.
"""

from __future__ import annotations

from typing import Any, Final

from ..text import clean_text
from . import rules
from .errors import Dropped, NullPath, Rewrite, SchemaPath, Unsupported
from .raw import Raw, RawEntries, RawJson, RawObject
from .rewrites import FreeForm, OpenObject
from .values import Budget

# What the model reads about an encoded value, after the value's own description.
_JSON_NOTE: Final = "Encoding: a string holding {what} as JSON text."
_ENTRIES_NOTE: Final = (
    'Encoding: a list of {"key": ..., "value": ...} entries, each key at most once; they '
    "are the object's properties."
)
_EXTRAS_NOTE: Final = (
    'Properties beyond the listed ones, as a list of {"key": ..., "value": ...} entries, '
    "each key at most once and none of the listed names."
)
# Keywords a free-form value or a map fully carries (not reported as dropped). A non-empty
# `required` is not: strict mode cannot make an entry's key present.
_CARRIED: Final = frozenset(
    {
        *rules.ANNOTATIONS,
        "type",
        "properties",
        "additionalProperties",
        "patternProperties",
        "propertyNames",
    }
)


def _carried(schema: dict[str, Any], keyword: str) -> bool:
    return keyword in _CARRIED or (keyword == "required" and schema[keyword] == [])


class Encodings(Budget):
    """Mixin of the converter: the nodes whose values travel in another shape."""

    dropped: list[Dropped]
    rewrites: list[Rewrite]

    def _node(
        self,
        schema: Any,
        path: SchemaPath,
        inst: NullPath,
        level: int,
        depth: int,
        root: bool = False,
    ) -> tuple[dict[str, Any], Raw]:
        raise NotImplementedError  # the converter's

    def _json_string(
        self, schema: Any, path: SchemaPath, free: FreeForm, record: bool
    ) -> tuple[dict[str, Any], Raw]:
        """A free-form value: a string holding JSON, decoded by the call parser."""
        out: dict[str, Any] = _annotations(schema)
        types = free.types
        if types is None:
            what = "any JSON value"
        else:
            what = "a JSON object" + (", or null," if "null" in types else "")
        out["description"] = _noted(out.get("description"), _JSON_NOTE.format(what=what))
        out["type"] = ["string", "null"] if types is not None and "null" in types else "string"
        if isinstance(schema, dict):
            for keyword in schema:
                if not _carried(schema, keyword):
                    self.dropped.append(Dropped(path, keyword))
        if record:
            self.rewrites.append(Rewrite(path, rules.JSON_STRING))
        return out, RawJson(types)

    def _entries(
        self,
        schema: dict[str, Any],
        path: SchemaPath,
        inst: NullPath,
        level: int,
        depth: int,
        shape: OpenObject,
        types: list[str],
    ) -> tuple[dict[str, Any], Raw]:
        """A map (an object without declared properties): a list of entries."""
        if not set(types) <= {"object", "null"}:
            raise Unsupported(path, "type", "a map that may also be another type")
        for keyword in ("anyOf", "oneOf", "enum", "const", "items"):
            if keyword in schema:
                raise Unsupported(path, keyword, f"a map with {keyword} beside it")
        entry, raw = self._entry(shape, inst, level + 1, depth)
        out: dict[str, Any] = _annotations(schema)
        out["description"] = _noted(out.get("description"), _ENTRIES_NOTE)
        out["type"] = ["array", "null"] if "null" in types else "array"
        out["items"] = entry
        for keyword in schema:
            if not _carried(schema, keyword):
                self.dropped.append(Dropped(path, keyword))
        self.rewrites.append(Rewrite(path, rules.ENTRIES))
        return out, RawEntries(raw, "null" in types)

    def _extras(
        self,
        out: dict[str, Any],
        raw: RawObject,
        shape: OpenObject,
        path: SchemaPath,
        inst: NullPath,
        level: int,
        depth: int,
        required: list[Any],
    ) -> None:
        """Declared properties stay; the others travel as entries under a name of its own."""
        if any(name not in out for name in required):
            # A required key beyond the declared ones: no entry can be made to be there.
            self.dropped.append(Dropped(path, "required"))
        name, suffix = rules.EXTRA_PROPERTIES, 2
        while name in out:
            name, suffix = f"{rules.EXTRA_PROPERTIES}_{suffix}", suffix + 1
        raw.names = list(out)
        entry, raw.extra_value = self._entry(shape, (*inst, name), level + 1, depth)
        self._count_properties(1, path)
        self._count_chars(len(name), path)
        out[name] = {"description": _EXTRAS_NOTE, "type": "array", "items": entry}
        raw.extra = name
        self.rewrites.append(Rewrite(path, rules.ENTRIES))

    def _entry(
        self, shape: OpenObject, inst: NullPath, level: int, depth: int
    ) -> tuple[dict[str, Any], Raw]:
        """The `{"key", "value"}` object of an entries list, at object level `level`."""
        if level > rules.MAX_OBJECT_DEPTH:
            reason = f"more than {rules.MAX_OBJECT_DEPTH} levels of objects"
            raise Unsupported(shape.key_path[:-1], "max_depth", reason)
        key, value = rules.ENTRY_KEY, rules.ENTRY_VALUE
        key_out, key_raw = self._node(
            shape.key, shape.key_path, (*inst, None, key), level, depth + 1
        )
        if key_raw is not None:
            raise Unsupported(shape.key_path, "propertyNames", "keys must be plain strings")
        if shape.value is True:
            # Free values are JSON strings: part of this entries rewrite, not one of their own.
            value_out, value_raw = self._json_string(True, shape.value_path, FreeForm(None), False)
        else:
            value_path = shape.value_path
            value_out, value_raw = self._node(
                shape.value, value_path, (*inst, None, value), level, depth + 1
            )
        self._count_properties(2, shape.key_path)
        self._count_chars(len(key) + len(value), shape.key_path)
        entry = {
            "type": "object",
            "properties": {key: key_out, value: value_out},
            "required": [key, value],
            "additionalProperties": False,
        }
        return entry, value_raw

    def _count_wrappers(self, names: tuple[str, ...], schema: dict[str, Any]) -> None:
        """Objects the decode plan added to anyOf branches count toward OpenAI's limits."""
        if not names:
            return
        self._count_properties(len(names), ())
        self._count_chars(sum(len(name) for name in names), ())
        levels = object_levels(schema)
        if levels > rules.MAX_OBJECT_DEPTH:
            reason = f"more than {rules.MAX_OBJECT_DEPTH} levels of objects"
            raise Unsupported((), "max_depth", reason)


def object_levels(schema: dict[str, Any]) -> int:
    """The deepest object nesting of an emitted schema (each definition from its own root)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(schema, 0)]
    stack.extend((definition, 0) for definition in schema.get("$defs", {}).values())
    while stack:
        node, level = stack.pop()
        if not isinstance(node, dict):
            continue
        declared = node.get("type")
        is_object = declared == "object" or (isinstance(declared, list) and "object" in declared)
        inner = level + 1 if is_object else level
        deepest = max(deepest, inner)
        stack.extend((sub, inner) for sub in node.get("properties", {}).values())
        if "items" in node:
            stack.append((node["items"], inner))
        stack.extend((branch, level) for branch in node.get("anyOf", []))
    return deepest


def _annotations(schema: Any) -> dict[str, Any]:
    if not isinstance(schema, dict):
        return {}
    return {
        keyword: clean_text(schema[keyword])
        for keyword in rules.ANNOTATIONS
        if isinstance(schema.get(keyword), str)
    }


def _noted(description: str | None, note: str) -> str:
    return f"{description}\n\n{note}" if description else note
