"""Vendor keywords (`x-*`) out of a schema that is sent as it is: OpenAI knows none of them.

The strict converter drops them from `parameters` as it drops every keyword outside the strict
subset (docs/spec.md, "Strict mode"); an `output_schema` is not converted, so they are taken out
here (FastMCP writes `x-fastmcp-wrap-result` into its output schemas). Only keywords go: a
property named `x-api-key` is a name, and `enum`, `const`, `default` and `examples` hold data.
"""

from __future__ import annotations

from typing import Any, Final

# Keywords whose keys are names (properties, definitions), not keywords.
_NAMED: Final = frozenset(
    {
        "properties",
        "patternProperties",
        "$defs",
        "definitions",
        "dependentSchemas",
        "dependentRequired",
        "dependencies",
    }
)
# Keywords whose values are data, copied as they are.
_DATA: Final = frozenset({"enum", "const", "default", "examples"})


def without_vendor_keywords(schema: Any) -> Any:
    """A copy of `schema` without any `x-*` keyword, at any depth. Iterative: a schema nested
    as deeply as `json` can parse never exhausts the stack."""
    root: list[Any] = [None]
    # (value, where to put its copy, under which key, whether its keys are names)
    stack: list[tuple[Any, Any, Any, bool]] = [(schema, root, 0, False)]
    while stack:
        value, parent, key, named = stack.pop()
        if isinstance(value, dict):
            copy: dict[str, Any] = {}
            parent[key] = copy
            for name, item in value.items():
                if not named and isinstance(name, str) and name.startswith("x-"):
                    continue
                copy[name] = item  # the order the schema has; replaced below when walked
                if named:
                    stack.append((item, copy, name, False))
                elif name not in _DATA:
                    stack.append((item, copy, name, name in _NAMED))
        elif isinstance(value, list):
            items: list[Any] = [None] * len(value)
            parent[key] = items
            stack.extend((item, items, index, False) for index, item in enumerate(value))
        else:
            parent[key] = value
    return root[0]
