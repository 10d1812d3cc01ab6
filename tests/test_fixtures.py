"""Real servers' tool lists (generated/snapshots): every conversion is accepted by the
independent checker, and every refusal names a keyword really present at its path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mcp2openai.strict import Unsupported, convert
from mcp2openai.strict.rules import LIMITS
from openai_checker import strict_violations

SNAPSHOTS = sorted((Path(__file__).parent.parent / "generated" / "snapshots").glob("*.json"))
REQUIRED_SERVERS = {"time", "fetch", "git", "everything", "filesystem", "memory", "github"}


def tools() -> list[tuple[str, dict[str, Any]]]:
    found = []
    for path in SNAPSHOTS:
        for tool in json.loads(path.read_text(encoding="utf-8"))["tools"]:
            found.append((f"{path.stem}/{tool['name']}", tool))
    return found


def node_at(schema: Any, path: tuple[str | int, ...]) -> Any:
    for part in path:
        schema = schema[part]
    return schema


def test_the_reference_servers_are_recorded() -> None:
    assert {path.stem for path in SNAPSHOTS} >= REQUIRED_SERVERS
    for path in SNAPSHOTS:
        document = json.loads(path.read_text(encoding="utf-8"))
        assert document["tools"], path
        assert document["source"]["package"] and document["source"]["version"], path


@pytest.mark.parametrize(("label", "tool"), tools(), ids=[label for label, _ in tools()])
def test_conversion_is_accepted_or_refusal_is_genuine(label: str, tool: dict[str, Any]) -> None:
    schema = tool["inputSchema"]
    try:
        result = convert(schema)
    except Unsupported as error:
        if error.keyword in LIMITS:
            return
        node = node_at(schema, error.path)
        assert isinstance(node, dict)
        if error.keyword == "type" and "type" not in node:
            # Only a node with nothing to type it by is refused for a missing type.
            assert not {"enum", "const", "anyOf", "$ref"} & set(node), label
        else:
            assert error.keyword in node, (label, error.path, error.keyword)
        return
    assert strict_violations(result.schema) == [], label
