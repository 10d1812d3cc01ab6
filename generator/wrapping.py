"""The `{"result": ...}` wrapping of a non-object output schema, as the definition's
`output_schema` says it (docs/mcp-2026.md, (a)).

Until MCP 2026-07-28 an `outputSchema` (and `structuredContent`) had to be an object, so SDKs
wrap a tool's non-object value as `{"result": VALUE}` under an object schema whose one required
property is `result`: the `mcp` SDK's `MCPServer` does it in both protocol eras
(`mcp/server/mcpserver/utilities/func_metadata.py` in mcp 2.3.0), others for older clients
(cyanheads/mcp-ts-core#241). The runtime sends such a value as it came, wrapping included; the
definition's `output_schema` then says where the value is, in a `description` the server left
out.
"""

from __future__ import annotations

from typing import Any, Final

WRAPPED: Final = (
    'The tool\'s value is under "result": its MCP server wraps a value that is not an object '
    'as {"result": value}.'
)


def is_wrapping(schema: Any) -> bool:
    """Whether `schema` is an object schema whose only property, required, is a `result` that
    is not an object schema (a type other than "object", or a combinator/ref)."""
    if not (isinstance(schema, dict) and schema.get("type") == "object"):
        return False
    properties = schema.get("properties")
    if not (isinstance(properties, dict) and list(properties) == ["result"]):
        return False
    if schema.get("required") != ["result"]:
        return False
    inner = properties["result"]
    return isinstance(inner, dict) and inner.get("type") != "object"


def described(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` with a description saying it is the wrapping, when it is one and has none."""
    if not is_wrapping(schema) or isinstance(schema.get("description"), str):
        return schema
    return {**schema, "description": WRAPPED}
