"""A second judge: every strict schema the corpus tests emit compiles in llguidance, the grammar
engine OpenAI's strict mode runs on (docs/openai-rules.md §1.9).

tests/openai_checker.py checks OpenAI's documented rules; llguidance checks what the engine can
compile: a schema it cannot (a regex it cannot decide, a property no value satisfies) fails the
request. The corpus is that of tests/test_corpus.py (generated/snapshots/ and
tests/fixtures/corpus/), with the excerpts of tests/fixtures/excerpts/ beside it, each built as
`mcp2openai build` builds it by default.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import corpus
import pytest
from llguidance import LLMatcher
from mcp2openai.options import ServerSpec, StrictMode
from mcp2openai.pipeline import build
from mcp2openai.strict import convert
from mcp2openai.strict.lengths import FORMAT_SHORTEST
from mcp2openai.strict.rules import FORMATS

EXCERPTS = Path(__file__).resolve().parent / "fixtures" / "excerpts"


def compile_error(schema: dict[str, Any]) -> str:
    """llguidance's error for `schema` as a JSON-schema grammar; "" when it compiles."""
    return LLMatcher.validate_grammar(LLMatcher.grammar_from_json_schema(schema))


def strict_schemas() -> list[tuple[str, dict[str, Any]]]:
    servers = [*corpus.snapshot_paths(), *((p.stem, p) for p in sorted(EXCERPTS.glob("*.json")))]
    found = []
    for name, path in servers:
        model = build([ServerSpec(name, path)], StrictMode.AUTO).model
        found += [(tool.exposed, tool.parameters) for tool in model.tools if tool.strict]
    return found


@pytest.mark.slow  # CONTRIBUTING.md, "Tiers"
def test_every_strict_schema_of_the_corpus_compiles_in_llguidance() -> None:
    schemas = strict_schemas()
    failures = [(name, error) for name, schema in schemas if (error := compile_error(schema))]
    print(f"llguidance compiled {len(schemas) - len(failures)} of {len(schemas)} strict schemas")
    assert len(schemas) > 1000
    assert failures == []


FIRECRAWL_DOMAIN = {  # firecrawl_search's includeDomains items, as the server sends them
    "type": "string",
    "minLength": 1,
    "maxLength": 253,
    "pattern": "^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$",
}


def root(node: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {"v": node},
        "required": ["v"],
        "additionalProperties": False,
    }


def test_a_pattern_beside_lengths_is_past_what_llguidance_decides() -> None:
    """The judge can fail: the server's own schema, lengths kept, does not compile."""
    assert "Unable to determine if regex is empty" in compile_error(root(FIRECRAWL_DOMAIN))


def test_the_converter_drops_only_the_max_length_beside_that_pattern() -> None:
    conversion = convert(root(FIRECRAWL_DOMAIN))
    assert conversion.schema["properties"]["v"] == {
        "type": "string",
        "pattern": FIRECRAWL_DOMAIN["pattern"],
        "minLength": 1,
    }
    assert [(d.path, d.keyword) for d in conversion.dropped] == [(("properties", "v"), "maxLength")]
    assert compile_error(conversion.schema) == ""


@pytest.mark.parametrize("format_", sorted(FORMATS))
@pytest.mark.parametrize("lengths", [(0, 5), (1, 253), (None, 4), (12, None), (None, 5000)])
def test_every_format_with_lengths_compiles_once_converted(
    format_: str, lengths: tuple[int | None, int | None]
) -> None:
    """Lengths beside a format are kept when the format's shortest value fits them; otherwise
    some leave no value the format allows (a date-time in at most 5 characters), which
    llguidance refuses as unsatisfiable, and they are dropped."""
    node: dict[str, Any] = {"type": "string", "format": format_}
    for keyword, value in zip(("minLength", "maxLength"), lengths, strict=True):
        if value is not None:
            node[keyword] = value
    conversion = convert(root(node))
    low, high = lengths
    fits = (low or 0) <= FORMAT_SHORTEST[format_] <= (high if high is not None else 10**9)
    bare = {"type": "string", "format": format_}
    assert conversion.schema["properties"]["v"] == (node if fits else bare)
    assert compile_error(conversion.schema) == ""


def test_some_formats_with_a_short_length_are_unsatisfiable_in_llguidance() -> None:
    kept = {"type": "string", "format": "date-time", "maxLength": 5}
    assert "nsatisfiable" in compile_error(root(kept))
    assert compile_error(root({"type": "string", "maxLength": 5})) == ""  # alone: fine


def test_a_long_ref_chain_is_sent_as_one_ref_that_compiles() -> None:
    """A chain of 3,000 aliases emitted as written crashed llguidance; it is sent as one
    `$ref` to its end."""
    definitions: dict[str, Any] = {f"L{i}": {"$ref": f"#/$defs/L{i + 1}"} for i in range(3000)}
    definitions["L3000"] = {"type": "string"}
    schema = root({"$ref": "#/$defs/L0"})
    conversion = convert({**schema, "$defs": definitions})
    assert conversion.schema["properties"]["v"] == {"$ref": "#/$defs/L3000"}
    assert compile_error(conversion.schema) == ""
