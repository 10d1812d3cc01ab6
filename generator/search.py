"""The tool-search index a generated module carries (docs/design.md, "Tool search").

Pure functions of the model. For each tool, the terms of its fields, each occurrence counted
with its field's weight (BM25F's weighted term frequency): the tool's name (its MCP name and
its exposed name whole), its server's name, its title, its description (its first sentence
once more), and the names and descriptions of its schema's properties. The data stores
these counts, one line of text per tool (the "search" table, generator/tables.py), and the
runtime (templates/runtime/search.py, `ranked`) turns them into BM25 weights and postings on the
first query. Counts, not weights: a weight depends on every other tool (through document
frequencies and the average length), so stored weights would change on every line of the
table whenever one tool changed, and they would take more room.

The tools' text is split with the runtime's own tokenizer (templates/runtime/search.py,
`terms`), the one that splits the queries: one rule, written once.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Final

from .model import ModuleModel, ToolModel
from .runtime import search_terms

# How much one occurrence counts, per field: integers, so that the stored counts are.
NAME_WEIGHT: Final = 6
SERVER_WEIGHT: Final = 2
TITLE_WEIGHT: Final = 4
DESCRIPTION_WEIGHT: Final = 2
SUMMARY_WEIGHT: Final = 2  # the description's first sentence, added to DESCRIPTION_WEIGHT
PROPERTY_WEIGHT: Final = 2
PROPERTY_DESCRIPTION_WEIGHT: Final = 1
# Bounds on one tool's line: the properties read (a schema may have 5,000) and the terms kept
# (those with the highest counts; docs/design.md, "Tool search", has the measurements).
MAX_PROPERTIES: Final = 64
MAX_TERMS: Final = 24

_SENTENCE_END: Final = re.compile(r"(?<=[.!?:])\s+")


def terms(text: str, *, wholes: bool = True) -> list[str]:
    """The search terms of `text`, in order: the runtime's `terms`."""
    return list(_terms(text, wholes))


@lru_cache(maxsize=1 << 16)
def _terms(text: str, wholes: bool) -> tuple[str, ...]:
    # Cached: tools repeat their property names and descriptions ("owner", "Repository
    # owner"), and a build reads each text once per tool.
    return tuple(search_terms(text, wholes))


def summary(text: str) -> str:
    """The first sentence of `text` with three words or more (so a heading is skipped)."""
    sentences = _SENTENCE_END.split(" ".join(text.split()))
    for sentence in sentences:
        if len(sentence.split()) >= 3:
            return sentence
    return sentences[0]


def search_table(model: ModuleModel) -> dict[str, object]:
    """exposed name -> the tool's term counts as one line of text (`line`)."""
    table: dict[str, object] = {tool.exposed: line(*tool_terms(tool)) for tool in model.tools}
    _terms.cache_clear()  # the cache serves one build; a long-lived process keeps nothing
    return table


def line(counts: dict[str, int], first: int = 0) -> str:
    """The `first` terms, then those with the highest counts (the first found among equals)
    up to MAX_TERMS, grouped by count, highest first, and alphabetically in a group: `N:term`
    opens a group and the bare terms after it share its count (`6:file read 2:content`)."""
    items = list(counts.items())
    rest = sorted(items[first:], key=lambda item: -item[1])
    kept = items[:first] + rest[: max(MAX_TERMS - first, 0)]
    kept.sort(key=lambda item: (-item[1], item[0]))
    words: list[str] = []
    previous = 0
    for term, count in kept:
        words.append(term if count == previous else f"{count}:{term}")
        previous = count
    return " ".join(words)


def tool_terms(tool: ToolModel) -> tuple[dict[str, int], int]:
    """The tool's terms with their weighted counts, in the order first found, and how many
    of them come first from its names (a line keeps those whatever their count)."""
    counts: dict[str, int] = {}

    def add(found: tuple[str, ...], weight: int) -> None:
        for term in found:
            counts[term] = counts.get(term, 0) + weight

    add(_terms(tool.tool, True), NAME_WEIGHT)
    exposed = _terms(tool.exposed, True)
    if tool.exposed != tool.tool and len(exposed) > 1:
        # The exposed name whole (`git__git_status`: gitgitstatus), so that asking for a tool
        # by that name finds it first; its parts are the server's and the tool's, counted.
        add(exposed[-1:], NAME_WEIGHT)
    names = len(counts)
    add(_terms(tool.server, True), SERVER_WEIGHT)
    add(_terms(tool.title, False), TITLE_WEIGHT)
    add(_terms(tool.description, False), DESCRIPTION_WEIGHT)
    add(_terms(summary(tool.description), False), SUMMARY_WEIGHT)
    for name, description in properties(tool.parameters):
        add(_terms(name, True), PROPERTY_WEIGHT)
        add(_terms(description, False), PROPERTY_DESCRIPTION_WEIGHT)
    return counts, names


def properties(schema: dict[str, Any]) -> list[tuple[str, str]]:
    """(name, description) of a schema's properties, breadth first, at most MAX_PROPERTIES.

    Nested objects count too: through `properties`, `items`, `anyOf`, `additionalProperties`
    and `$defs` (a `$ref`'s target is read once, where it is defined).
    """
    found: list[tuple[str, str]] = []
    queue: list[object] = [schema]
    for node in queue:  # the queue grows while it is read
        if len(found) >= MAX_PROPERTIES:
            break
        if isinstance(node, list):
            queue.extend(node)
        elif isinstance(node, dict):
            listed = node.get("properties")
            if isinstance(listed, dict):
                for name, value in listed.items():
                    text = value.get("description") if isinstance(value, dict) else None
                    found.append((name, text if isinstance(text, str) else ""))
                    queue.append(value)
            definitions = node.get("$defs")
            if isinstance(definitions, dict):
                queue.extend(definitions.values())
            queue.extend(node.get(key) for key in ("items", "anyOf", "additionalProperties"))
    return found[:MAX_PROPERTIES]
