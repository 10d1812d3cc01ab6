"""Local `$ref` resolution: every reference becomes a root-level definition or `#`.

OpenAI lets `$ref` point only at `#` or at root `$defs` (openai-rules.md 1.3 item 9). Servers
also reference `definitions` (draft-07) and points inside the schema body
(`#/properties/a/items`, which zod-to-json-schema emits for repeated sub-schemas). Each distinct
target gets one definition name, so a shared sub-schema is converted once however often it is used.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import unquote

from .errors import SchemaPath, Unsupported

ROOT: Final = "#"
_UNSAFE_NAME_CHARS: Final = re.compile(r"[^A-Za-z0-9_-]")


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


class References:
    """Maps every `$ref` met during conversion to a unit name, hoisting body targets."""

    def __init__(self, root: dict[str, Any]) -> None:
        self._root = root
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

    def root_definitions(self) -> list[tuple[str, SchemaPath]]:
        """The root `$defs`/`definitions` entries, as unit names with their input paths."""
        return [(unit.name, unit.path) for unit in self.units.values() if unit.name != ROOT]

    def resolve(self, ref: object, path: SchemaPath) -> str:
        """The unit name that `ref` (found at `path`) points to."""
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
        known = self._names.get(tokens)
        if known is not None:
            return known
        target, target_path = self._follow(tokens, ref, path)
        hoisted = _UNSAFE_NAME_CHARS.sub("_", "_".join(tokens)) or "root"
        return self._add(tokens, hoisted, target, target_path)

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
