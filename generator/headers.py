"""`x-mcp-header`: the arguments a tool's call also carries as HTTP headers (docs/mcp-2026.md).

On the 2026-07-28 Streamable HTTP transport a property of a tool's input schema may carry
`"x-mcp-header": "Owner"`: a call then mirrors that argument into an `Mcp-Param-Owner` header,
and the server answers a call without it, or with another value, with 400 / -32020. A client
must drop a tool whose annotation breaks the specification's rules (an empty or non-token value,
a duplicate, a `number` property, a property reached through `items`, a combinator or `$ref`).
The build applies those rules, with the `mcp` SDK's own public functions, and leaves such a
tool out with a report line; the module keeps every other tool's header map, which `connect()`
gives the session before its first call (templates/runtime/sessions.py, `preload`).

The SDK is imported only when a schema carries the keyword: a build of tools without it never
pays the SDK's import (about 2 s cold).
"""

from __future__ import annotations

from typing import Any, Final

from .strict import Unsupported

KEYWORD: Final = "x-mcp-header"


def invalid(schema: object) -> Unsupported | None:
    """Why the tool must be dropped (its annotation breaks the rules), or None."""
    if not _mentions(schema):
        return None
    from mcp.shared.inbound import find_invalid_x_mcp_header

    reason = find_invalid_x_mcp_header(schema)
    return None if reason is None else Unsupported((), KEYWORD, reason)


def header_map(schema: object) -> tuple[tuple[str, ...], ...]:
    """The tool's headers as `(token, *property path)`, for a schema `invalid` accepts:
    `("Owner", "owner")` for a top-level `owner`, in the order of the paths (the SDK's walk
    order is its own); empty when it has none."""
    if not _mentions(schema):
        return ()
    from mcp.shared.inbound import x_mcp_header_map

    pairs = sorted(x_mcp_header_map(schema).items())
    return tuple((token, *path) for path, token in pairs)


def _mentions(node: Any) -> bool:
    """Whether the keyword appears anywhere in the schema (a cheap walk, no SDK)."""
    stack = [node]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if KEYWORD in node:
                return True
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False
