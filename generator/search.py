"""The tool-search index a generated module carries (docs/design.md, "Tool search").

Pure functions of the model. For each tool, the terms of its fields, each occurrence counted
with its field's weight (BM25F's weighted term frequency): the tool's name (its MCP name and
its exposed name whole), its server's name, its title, its description (its first sentence
once more), and the names and descriptions of its schema's properties. The module stores
these counts, one line of text per tool (`_SEARCH`, generator/tables.py), and its runtime
(templates/runtime/search.py, `_search`) turns them into BM25 weights and postings on the first
query. Counts, not weights: a weight depends on every other tool (through document
frequencies and the average length), so stored weights would change on every line of the
table whenever one tool changed, and they would take more room.

Queries are split by the runtime's `_terms` with the rule of `terms` here: the same word
pattern, case split, stop words and stemmer (tests/test_search.py checks that they agree).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Final

from .model import ModuleModel, ToolModel

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

# Words too common to tell tools apart. The runtime holds the same words (a test checks).
_STOP_TEXT: Final = (
    "a about above after all also an and any are as at be been before being below between"
    " both but by can could did do does doing during each either else etc for from further"
    " had has have having here how however if in into is it its itself just may might more"
    " most must no nor not of off on once one only or other otherwise our out over own per"
    " same shall should so some such than that the their them then there these they this"
    " those through to too under until up upon us very via was we were what when where"
    " whether which while who whom whose why will with within without would yet you your"
)
STOP_WORDS: Final = frozenset(_STOP_TEXT.split())

_WORD: Final = re.compile(r"[^\W_]+(?:[_-]+[^\W_]+)*")
_PIECE: Final = re.compile(r"[^\W_]+")
_CASE: Final = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z0-9])(?=[A-Z][a-z])")
_SENTENCE_END: Final = re.compile(r"(?<=[.!?:])\s+")


def terms(text: str, *, wholes: bool = True) -> list[str]:
    """The search terms of `text`, in order; the runtime's `_terms` is the same rule.

    A word is a run of letters and digits, or several joined by `_` or `-`. It is split there
    and at camelCase boundaries (`getHTTPStatus`: get, http, status), and each part is
    lowercased; a part of two characters or more that is not a stop word is a term, stemmed
    (`stem`). A word of several parts is also one term whole, its parts joined and not
    stemmed, unless `wholes` is false: `read_files`, `readFiles` and `read-files` give read,
    file, readfiles (so the exact name finds its tool first, and the parts any variant).
    """
    return list(_terms(text, wholes))


@lru_cache(maxsize=1 << 16)
def _terms(text: str, wholes: bool) -> tuple[str, ...]:
    # Cached: tools repeat their property names and descriptions ("owner", "Repository
    # owner"), and a build reads each text once per tool.
    found: list[str] = []
    for word in _WORD.findall(text):
        if word.islower() and word.isalnum():  # one lowercase part: nothing to split
            parts = [word]
        else:
            parts = [part.lower() for piece in _PIECE.findall(word) for part in _CASE.split(piece)]
        found.extend(stem(part) for part in parts if len(part) > 1 and part not in STOP_WORDS)
        if wholes and len(parts) > 1:
            found.append("".join(parts))
    return tuple(found)


def stem(word: str) -> str:
    """English plurals to singular, the usual difference between a query and a name:
    `entries`: entry, `searches`: search, `boxes`: box, `files`: file, `responses`:
    response; `status`, `class` and `analysis` stay (and `statuses` gives statuse)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith(("sses", "xes", "ches", "shes", "oes")):
        return word[:-2]
    if len(word) > 3 and word[-1] == "s" and word[-2] not in "siu":
        return word[:-1]
    return word


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
