"""generator/wrapping.py: the `{"result": ...}` wrapping of a non-object output schema, which the
definition's `output_schema` describes (docs/usage.md, "Structured values of any JSON type")."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.server.mcpserver.utilities.func_metadata import func_metadata
from mcp2openai.wrapping import WRAPPED, described, is_wrapping


def primes(n: int) -> list[int]:
    return [2, 3, 5][:n]


def count(n: int) -> int | None:
    return n


def test_the_sdks_own_wrappings_are_recognised() -> None:
    """What `MCPServer` (mcp 2.3.0) lists for tools returning a list and an optional int."""
    for function in (primes, count):
        schema = func_metadata(function).output_schema
        assert schema is not None and is_wrapping(schema)
        assert described(schema)["description"] == WRAPPED


ARRAY = {"type": "array", "items": {"type": "integer"}}


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "object", "properties": {"result": {"type": "object"}}, "required": ["result"]},
        {"type": "object", "properties": {"result": ARRAY}},  # not required
        {"type": "object", "properties": {"result": ARRAY, "n": ARRAY}, "required": ["result"]},
        {"type": "object", "properties": {"value": ARRAY}, "required": ["value"]},
        ARRAY,  # the bare 2026 form: no wrapping
        {"properties": {"result": ARRAY}, "required": ["result"]},  # no root type
    ],
)
def test_other_schemas_are_left_as_they_are(schema: dict[str, Any]) -> None:
    assert not is_wrapping(schema)
    assert described(schema) is schema


def test_a_description_of_the_server_is_kept() -> None:
    schema = {
        "type": "object",
        "description": "The primes.",
        "properties": {"result": ARRAY},
        "required": ["result"],
    }
    assert is_wrapping(schema) and described(schema) is schema
