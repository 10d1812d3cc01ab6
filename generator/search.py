"""The tool-search index a generated module carries (docs/design.md, "Tool search").

Pure functions of the model. For each tool, the terms of each of its fields and how many
times each occurs there (BM25F's per-field term frequencies): its name (its MCP name and its
exposed name whole), its server's name and title, its title, the first sentence of its
description, its whole description, and the names and descriptions of its schema's
properties. The data stores these counts, one line of text per tool (the "search" table,
generator/tables.py), and the runtime (templates/runtime/search.py, `ranked`) weighs the
fields, normalises each by its length and saturates the sum (BM25F) when it ranks. Counts, not
weights: a weight depends on every other tool (through document frequencies and the average
length of each field), so stored weights would change on every line of the table whenever one
tool changed, and they would take more room.

The tools' text is split with the runtime's own tokenizer (templates/runtime/search.py,
`terms`), the one that splits the queries: one rule, written once.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Final

from .model import ModuleModel, ToolModel
from .runtime import search_terms

# The fields of a line, in the order the line holds them (the runtime's FIELD_WEIGHTS and
# FIELD_B are in the same order).
FIELDS: Final = (
    "name",
    "server",
    "title",
    "summary",
    "description",
    "property",
    "property_description",
)
# Bounds on one tool's line: the properties read (a schema may have 5,000), and the distinct
# terms a long field keeps (those with the highest counts; its length stays the whole field's).
MAX_PROPERTIES: Final = 64
MAX_FIELD_TERMS: Final = {"description": 40, "property": 32, "property_description": 32}

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
    """exposed name -> the tool's term counts per field as one line of text (`line`)."""
    table: dict[str, object] = {tool.exposed: line(tool_fields(tool)) for tool in model.tools}
    _terms.cache_clear()  # the cache serves one build; a long-lived process keeps nothing
    return table


def line(fields: dict[str, dict[str, int]]) -> str:
    """The fields of FIELDS in order, separated by `|`, each as `field_text` writes it."""
    return "|".join(field_text(fields.get(name, {}), MAX_FIELD_TERMS.get(name)) for name in FIELDS)


def field_text(counts: dict[str, int], cap: int | None = None) -> str:
    """One field's terms grouped by count, highest first, alphabetically in a group: `N:term`
    opens a group and the bare terms after it share its count (`2:file 1:content read`). With
    `cap`, only that many terms are kept (the highest counts, the first found among equals),
    and `=L` first gives the whole field's length L (the sum of its counts) when some were
    left out."""
    items = list(counts.items())
    length = sum(counts.values())
    if cap is not None and len(items) > cap:
        items = sorted(items, key=lambda item: -item[1])[:cap]
    items.sort(key=lambda item: (-item[1], item[0]))
    words: list[str] = [f"={length}"] if len(items) < len(counts) else []
    previous = 0
    for term, count in items:
        words.append(term if count == previous else f"{count}:{term}")
        previous = count
    return " ".join(words)


def tool_fields(tool: ToolModel) -> dict[str, dict[str, int]]:
    """The tool's terms and how often each occurs, per field (FIELDS), in the order found."""
    fields: dict[str, dict[str, int]] = {name: {} for name in FIELDS}

    def add(field: str, found: tuple[str, ...]) -> None:
        counts = fields[field]
        for term in found:
            counts[term] = counts.get(term, 0) + 1

    add("name", _terms(tool.tool, True))
    exposed = _terms(tool.exposed, True)
    if tool.exposed != tool.tool and len(exposed) > 1:
        # The exposed name whole (`git__git_status`: gitgitstatus), so that asking for a tool
        # by that name finds it first; its parts are the server's and the tool's, counted.
        add("name", exposed[-1:])
    add("server", _terms(tool.server, True))
    add("server", _terms(tool.server_title, False))
    add("title", _terms(tool.title, False))
    add("summary", _terms(summary(tool.description), False))
    add("description", _terms(tool.description, False))
    for name, description in properties(tool.parameters):
        add("property", _terms(name, True))
        add("property_description", _terms(description, False))
    return fields


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
