"""Which properties accept null in the input, and which nulls anyOf branches would make
ambiguous. Part of the converter (convert.py), kept apart so each module has one job."""

from __future__ import annotations

from typing import Any, Final

from . import rules
from .errors import SchemaPath, Unsupported
from .refs import References

_MISSING: Final[Any] = object()
# What `_allows_null` reads beside a `$ref`: a `$ref` with none of them is an alias.
_ASSERTS: Final = frozenset({"type", "enum", "const", "anyOf", "oneOf"})


class NullChecks:
    """Mixin of the converter."""

    refs: References
    rewriting: bool

    def _refuse_ambiguous_nulls(
        self, branches: list[tuple[int, Any]], path: SchemaPath, key: str
    ) -> None:
        """A property optional (so a null path) in one object branch and accepting null in
        another would make a null from the model ambiguous: removing it could turn a valid
        call into one no branch accepts. This checks the branches' own properties, $ref
        branches included, from the input; `_any_of` checks every depth of inline branches
        from what their conversion recorded. `branches`: (index in the input, branch)."""
        synthetic: set[str] = set()
        kept: set[str] = set()
        for index, branch in branches:
            target, where = branch, (*path, key, index)
            if isinstance(branch, dict) and "$ref" in branch:
                target, where = self.refs.target(branch["$ref"], where)
            properties = target.get("properties") if isinstance(target, dict) else None
            if not isinstance(properties, dict):
                continue
            required = target.get("required")
            required = required if isinstance(required, list) else []
            for name, sub in properties.items():
                if self._allows_null(sub, (*where, "properties", name)):
                    kept.add(name)
                elif name not in required:
                    synthetic.add(name)
        clash = sorted(synthetic & kept)
        if clash:
            reason = f"property {clash[0]!r} is optional in one branch and accepts null in another"
            raise Unsupported(path, key, reason)

    def _allows_null(self, schema: Any, path: SchemaPath, depth: int = 0) -> bool:
        """Whether the input schema already accepts null (every assertion present allows it).

        Follows `anyOf` (and a rewritten `oneOf`) and `$ref`. A chain of `$ref` aliases is
        followed in a loop, however long, and refused only on a cycle (it never reaches a
        schema); `anyOf` nested deeper than any real schema (a cycle through one too) is
        refused rather than followed: it would take the stack, or never end.
        """
        if depth > rules.MAX_NODE_DEPTH:
            raise Unsupported(path, "max_depth", "a chain of $ref/anyOf too long to follow")
        seen = {path}
        while isinstance(schema, dict) and "$ref" in schema and not _ASSERTS & schema.keys():
            schema, path = self.refs.target(schema["$ref"], path)
            if path in seen:
                raise Unsupported(path, "$ref", "a cycle of $ref aliases reaches no schema")
            seen.add(path)
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
        for key in ("anyOf", "oneOf") if self.rewriting else ("anyOf",):
            if isinstance(schema.get(key), list):
                verdicts.append(
                    any(
                        self._allows_null(branch, (*path, key, index), depth + 1)
                        for index, branch in enumerate(schema[key])
                    )
                )
        if "$ref" in schema:
            target, where = self.refs.target(schema["$ref"], path)
            verdicts.append(self._allows_null(target, where, depth + 1))
        return bool(verdicts) and all(verdicts)
