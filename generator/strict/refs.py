"""Local `$ref` resolution: every reference becomes a root-level definition or `#`.

OpenAI lets `$ref` point only at `#` or at root `$defs` (docs/openai-rules.md §1.3 item 9). Servers
also reference `definitions` (draft-07) and points inside the schema body
(`#/properties/a/items`, which zod-to-json-schema emits for repeated sub-schemas). Each distinct
target gets one definition name, so a shared sub-schema is converted once however often it is used.

A nested `$id` starts a new schema resource: a `#/...` reference inside it resolves against that
resource, not the document root (JSON Schema 2020-12, section 8.2.1). References are resolved
by that rule, or refused with keyword `$id` where the rule depends on the draft (a `$ref` beside
an `$id`) or the base cannot be told; never against the wrong base.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import unquote

from .errors import SchemaPath, Unsupported
from .rewrites import is_annotation

ROOT: Final = "#"
_UNSAFE_NAME_CHARS: Final = re.compile(r"[^A-Za-z0-9_-]")
# JSON Schema applicators, by the shape of their value: one schema, a map or a list of schemas.
_ONE: Final = frozenset(
    {
        "items",
        "additionalItems",
        "additionalProperties",
        "unevaluatedItems",
        "unevaluatedProperties",
        "contains",
        "propertyNames",
        "not",
        "if",
        "then",
        "else",
    }
)
_MAP: Final = frozenset(
    {"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}
)
_LIST: Final = frozenset({"anyOf", "oneOf", "allOf", "prefixItems", "items"})


@dataclass(frozen=True, slots=True)
class Unit:
    """A schema converted on its own: the root (named "#") or one emitted definition."""

    name: str
    schema: Any
    path: SchemaPath


def pointer(name: str) -> str:
    """The `$ref` value that points at unit `name` in the emitted schema.

    Emitted definition names are all [A-Za-z0-9_-], so no pointer needs an escape (whose
    handling, `~1` or `%25`, would otherwise depend on the resolver at the other end).
    """
    return name if name == ROOT else "#/$defs/" + name


def changes_base(schema: object, path: SchemaPath) -> bool:
    """Whether `schema` has an `$id` that starts a new resource (not a bare "#anchor")."""
    if not isinstance(schema, dict) or "$id" not in schema:
        return False
    value = schema["$id"]
    if not isinstance(value, str):
        raise Unsupported(path, "$id", "$id must be a string")
    return bool(value) and not value.startswith("#")


def has_nested_id(root: object) -> bool:
    """Whether any schema below the root (applicators only) starts a resource of its own."""
    stack: list[tuple[object, SchemaPath]] = [(root, ())]
    while stack:
        node, path = stack.pop()
        if not isinstance(node, dict):
            continue
        if path and changes_base(node, path):
            return True
        for keyword, value in node.items():
            if keyword in _MAP and isinstance(value, dict):
                stack.extend((sub, (*path, keyword, name)) for name, sub in value.items())
            elif keyword in _LIST and isinstance(value, list):
                stack.extend((sub, (*path, keyword, i)) for i, sub in enumerate(value))
            elif keyword in _ONE:
                stack.append((value, (*path, keyword)))
    return False


class References:
    """Maps every `$ref` met during conversion to a unit name, hoisting body targets."""

    def __init__(self, root: dict[str, Any]) -> None:
        self._root = root
        self._content: Any = None
        self._nested = has_nested_id(root)
        self._names: dict[tuple[str, ...], str] = {(): ROOT}
        self.units: dict[str, Unit] = {ROOT: Unit(ROOT, root, ())}
        for keyword in ("$defs", "definitions"):
            definitions = root.get(keyword)
            if definitions is None:
                continue
            if not isinstance(definitions, dict):
                raise Unsupported((), keyword, f"{keyword} must be an object")
            for name, schema in definitions.items():
                emitted = _UNSAFE_NAME_CHARS.sub("_", name) or "def"
                self._add((keyword, name), emitted, schema, (keyword, name))

    def wrap_root(self, content: Any) -> None:
        """The emitted root is a wrapper around `content`: `#` is then a definition of its own."""
        self._content = content
        del self._names[()]

    def root_definitions(self) -> list[tuple[str, SchemaPath]]:
        """The root `$defs`/`definitions` entries, as unit names with their input paths."""
        return [(unit.name, unit.path) for unit in self.units.values() if unit.name != ROOT]

    def resolve(self, ref: object, path: SchemaPath) -> str:
        """The unit name that `ref` (found at `path`) points to."""
        tokens = self._tokens(ref, path)
        known = self._names.get(tokens)
        if known is not None:
            return known
        target, target_path = self._target(tokens, str(ref), path)
        hoisted = _UNSAFE_NAME_CHARS.sub("_", "_".join(tokens)) or "root"
        return self._add(tokens, hoisted, target, target_path)

    def through_aliases(self, name: str) -> tuple[str, list[str]]:
        """The unit a chain of aliases (units that are a `$ref` and annotations at most)
        starting at unit `name` ends at, however long, and the aliases passed: a `$ref`
        points there directly, so no chain is emitted (one of 3,000 crashed llguidance).
        Refused only on a cycle, which reaches no schema."""
        passed: list[str] = []
        while True:
            unit = self.units[name]
            alias = unit.schema
            if not isinstance(alias, dict) or "$ref" not in alias:
                return name, passed
            if any(key != "$ref" and not is_annotation(key) for key in alias):
                return name, passed
            passed.append(name)
            name = self.resolve(alias["$ref"], unit.path)
            if name in passed:
                raise Unsupported(unit.path, "$ref", "a cycle of $ref aliases reaches no schema")

    def target(self, ref: object, path: SchemaPath) -> tuple[Any, SchemaPath]:
        """The schema `ref` (found at `path`) points to, and its path, without hoisting it."""
        tokens = self._tokens(ref, path)
        return self._target(tokens, str(ref), path)

    def scope(self, path: SchemaPath) -> SchemaPath:
        """The resource a `#...` reference at `path` resolves against: `()` for the document,
        else the nearest schema on the way to `path` (itself included) with an `$id`."""
        if not self._nested:
            return ()
        node: Any = self._root
        scope: SchemaPath = ()
        index = 0
        while True:
            if index and changes_base(node, path[:index]):
                scope = path[:index]
            if index == len(path):
                if scope == path and "$ref" in node:
                    # 2020-12 resolves this $ref against the $id beside it, draft-07 ignores
                    # that $id: the target depends on the draft.
                    raise Unsupported(path, "$id", "an $id beside a $ref")
                return scope
            keyword = path[index]
            value = node.get(keyword) if isinstance(node, dict) else None
            if keyword in _MAP and isinstance(value, dict) and index + 1 < len(path):
                node, index = value.get(path[index + 1]), index + 2
            elif keyword in _LIST and isinstance(value, list) and index + 1 < len(path):
                position = path[index + 1]
                inside = isinstance(position, int) and 0 <= position < len(value)
                node = value[position] if isinstance(position, int) and inside else None
                index += 2
            elif keyword in _ONE:
                node, index = value, index + 1
            else:
                node = None
            if not isinstance(node, dict):
                raise Unsupported(
                    path, "$id", "a nested $id: the base of this reference is unclear"
                )

    def _tokens(self, ref: object, path: SchemaPath) -> tuple[str, ...]:
        if not isinstance(ref, str):
            raise Unsupported(path, "$ref", "a reference must be a string")
        if not ref.startswith("#"):
            raise Unsupported(path, "$ref", f"non-local reference {ref!r}")
        fragment = unquote(ref[1:])
        if fragment and not fragment.startswith("/"):
            raise Unsupported(path, "$ref", f"anchor reference {ref!r}")
        tokens = tuple(
            token.replace("~1", "/").replace("~0", "~") for token in fragment.split("/")[1:]
        )
        return (*(str(part) for part in self.scope(path)), *tokens)

    def _target(
        self, tokens: tuple[str, ...], ref: str, path: SchemaPath
    ) -> tuple[Any, SchemaPath]:
        if not tokens and self._content is not None:
            return self._content, ()
        return self._follow(tokens, ref, path)

    def _follow(
        self, tokens: tuple[str, ...], ref: str, path: SchemaPath
    ) -> tuple[Any, SchemaPath]:
        node: Any = self._root
        target_path: list[str | int] = []
        for token in tokens:
            if isinstance(node, dict) and token in node:
                node = node[token]
                target_path.append(token)
            elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
                node = node[int(token)]
                target_path.append(int(token))
            else:
                raise Unsupported(path, "$ref", f"unresolvable reference {ref!r}")
        return node, tuple(target_path)

    def _add(self, tokens: tuple[str, ...], wanted: str, schema: Any, path: SchemaPath) -> str:
        name = wanted
        suffix = 2
        while name in self.units or name == ROOT:
            name = f"{wanted}_{suffix}"
            suffix += 1
        self._names[tokens] = name
        self.units[name] = Unit(name, schema, path)
        return name
