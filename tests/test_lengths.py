"""`minLength`/`maxLength` beside a `pattern` or a `format` (generator/strict/lengths.py):
kept whenever llguidance compiles the pair, dropped (and reported) only for the shapes that
may not compile (docs/openai-rules.md §1.9)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import corpus
import pytest
from jsonschema import Draft202012Validator
from mcp2openai.strict import Unsupported, convert
from mcp2openai.strict.lengths import FORMAT_SHORTEST, kept_lengths
from mcp2openai.strict.patterns import usable_pattern
from mcp2openai.strict.rules import FORMATS, LENGTH_KEYWORDS
from test_llguidance import EXCERPTS, compile_error, root

PROJECT_ID = {"type": "string", "pattern": "^[0-9a-fA-F]+$", "minLength": 24, "maxLength": 24}


def test_a_length_beside_a_pattern_reaches_the_model() -> None:
    """mongodb's `projectId`: "0" matches the pattern, and the strict schema refuses it as the
    server does."""
    source = root(PROJECT_ID)
    strict = convert(source).schema
    assert strict["properties"]["v"] == PROJECT_ID
    assert compile_error(strict) == ""
    for schema in (source, strict):
        assert not Draft202012Validator(schema).is_valid({"v": "0"})
        assert Draft202012Validator(schema).is_valid({"v": "0123456789abcdef01234567"})


def pairs() -> Iterator[tuple[str, str, tuple[str, ...], dict[str, Any], dict[str, Any]]]:
    """(server, tool, path, the source node, its string keywords strict mode can carry) for
    every node of a strict tool of the corpus with a kept pattern or format and a length."""
    servers = [*corpus.snapshot_paths(), *((p.stem, p) for p in sorted(EXCERPTS.glob("*.json")))]
    for server, path in servers:
        for tool in json.loads(Path(path).read_text(encoding="utf-8")).get("tools") or []:
            try:
                conversion = convert(tool.get("inputSchema"))
            except Unsupported:
                continue
            dropped = {(d.path, d.keyword) for d in conversion.dropped}
            for where, node in walk(tool["inputSchema"], ()):
                pair = carried(node)
                if pair is not None:
                    pair["dropped"] = [k for k in LENGTH_KEYWORDS if (where, k) in dropped]
                    yield server, tool["name"], where, node, pair


def walk(node: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], dict[str, Any]]]:
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from walk(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from walk(value, (*path, str(index)))


def carried(node: dict[str, Any]) -> dict[str, Any] | None:
    pair: dict[str, Any] = {"type": "string"}
    if isinstance(node.get("pattern"), str) and usable_pattern(node["pattern"]):
        pair["pattern"] = node["pattern"]
    if isinstance(node.get("format"), str) and node["format"] in FORMATS:
        pair["format"] = node["format"]
    lengths = {k: node[k] for k in LENGTH_KEYWORDS if type(node.get(k)) is int and node[k] >= 0}
    return {**pair, **lengths} if len(pair) > 1 and lengths else None


def test_no_length_beside_a_pattern_or_format_is_dropped_where_llguidance_compiles_it() -> None:
    """On the corpus: every length beside a pattern or format reaches the strict schema, except
    where llguidance does not compile the pair; those drops are reported."""
    found = list(pairs())
    drops = [(server, tool, pair) for server, tool, _, _, pair in found if pair["dropped"]]
    for server, tool, pair in drops:
        kept = {k: v for k, v in pair.items() if k != "dropped"}
        assert compile_error(root(kept)) != "", f"{server}.{tool}: {kept} compiles, yet dropped"
    for server, tool, where, node, pair in found:
        kept = {k: v for k, v in pair.items() if k not in pair["dropped"] and k != "dropped"}
        assert compile_error(root(kept)) == "", f"{server}.{tool} {where}: {kept}"
        assert pair["dropped"] or all(k in kept for k in LENGTH_KEYWORDS if k in node)
    tools = {(server, tool) for server, tool, _ in drops}
    print(f"{len(found)} pairs; lengths kept in {len(found) - len(drops)}; dropped in ", end="")
    print(f"{len(drops)} ({', '.join(sorted(f'{s}.{t}' for s, t in tools))})")
    assert len(found) > 30
    assert len(drops) < len(found) / 10


@pytest.mark.parametrize("format_", sorted(FORMATS))
def test_each_formats_shortest_value_is_the_one_llguidance_has(format_: str) -> None:
    shortest = FORMAT_SHORTEST[format_]
    exactly = {"type": "string", "format": format_, "minLength": shortest, "maxLength": shortest}
    assert compile_error(root(exactly)) == ""
    if shortest > 0:
        shorter = {**exactly, "minLength": shortest - 1, "maxLength": shortest - 1}
        assert "nsatisfiable" in compile_error(root(shorter))


UNDECIDED = "^(?:[a-z]+\\.)+[a-z]{2,63}$"  # labels, then a counted last label


@pytest.mark.parametrize(
    ("pattern", "lengths", "kept"),
    [
        (UNDECIDED, (1, 253), (1, None)),
        (UNDECIDED, (3, None), (3, None)),
        ("^(?:a{1,63}\\.)+b{2,63}$", (1, 253), (1, 253)),  # the last label starts otherwise
        ("^[a-z]{2,63}(?:\\.[a-z]{1,63})+$", (1, 253), (1, 253)),  # unbounded part last
        ("^(?:[a-z]{1,63}\\.){1,10}[a-z]{2,63}$", (1, 253), (1, 253)),  # no unbounded part
        ("arn:aws[-a-z0-9]*:[0-9]{12}:b/[a-z_-]{3,63}", (1, 2048), (1, 2048)),  # ':' between
        ("^[0-9]{3}$", (24, 24), (None, None)),  # no value of 24 characters
        ("[0-9]{3}", (24, 24), (24, 24)),  # unanchored: part of a longer value
        ("^[0-9]{3}", (2, 2), (None, None)),  # too short for any match
    ],
)
def test_the_lengths_kept_beside_a_pattern_are_those_llguidance_compiles(
    pattern: str, lengths: tuple[int | None, int | None], kept: tuple[int | None, int | None]
) -> None:
    assert kept_lengths(pattern, None, *lengths) == kept
    node = {"type": "string", "pattern": pattern}
    given = zip(LENGTH_KEYWORDS, lengths, strict=True)
    full = {**node, **{keyword: value for keyword, value in given if value is not None}}
    compiles = compile_error(root(full)) == ""
    assert compiles == (kept == lengths)
    converted = convert(root(full)).schema
    assert compile_error(converted) == ""
