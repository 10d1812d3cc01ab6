"""The tool-search index a generated module carries (docs/design.md, "Tool search").

Pure functions of the model. For each tool, the terms of each of its fields and how many
times each occurs there (BM25F's per-field term frequencies): its name (its MCP name and its
exposed name whole), its server's name and title, its title, the first sentence of its
description, its whole description, and the names and descriptions of its schema's
properties. The module stores these counts, one line of text per tool (`_SEARCH`,
generator/tables.py), and its runtime (templates/runtime/search.py, `_search`) weighs the
fields, normalises each by its length and saturates the sum (BM25F) when it ranks. Counts, not
weights: a weight depends on every other tool (through document frequencies and the average
length of each field), so stored weights would change on every line of the table whenever one
tool changed, and they would take more room.

Queries are split by the runtime's `_terms` with the rule of `terms` here: the same word
pattern, case split, stop words and stemmer (tests/test_search.py checks that they agree).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Final

from .model import ModuleModel, ToolModel

# The fields of a line, in the order the line holds them (the runtime's _FIELD_WEIGHTS and
# _FIELD_B are in the same order).
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
# camelCase boundaries: before an upper-case letter after a lower-case one, and before the
# last capital of a run that starts a word (`HTTPServer`: HTTP, Server), but not inside an
# acronym's plural (`URLs`, `IDsOf`: one part each).
_CASE: Final = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z0-9])(?=[A-Z][a-z])(?![A-Z]s(?![a-z]))")
_SENTENCE_END: Final = re.compile(r"(?<=[.!?:])\s+")


def terms(text: str, *, wholes: bool = True) -> list[str]:
    """The search terms of `text`, in order; the runtime's `_terms` is the same rule.

    A word is a run of letters and digits, or several joined by `_` or `-`. It is split there
    and at camelCase boundaries (`getHTTPStatus`: get, http, status), an acronym's plural
    loses its `s` (`URLs`, `IDs`: url, id), and each part is lowercased; a part of two
    characters or more that is not a stop word is a term, stemmed (`stem`). A word of several
    parts is also one term whole, its parts joined and not stemmed, unless `wholes` is false:
    `read_files`, `readFiles` and `read-files` give read, file, readfiles (so the exact name
    finds its tool first, and the parts any variant).
    """
    return list(_terms(text, wholes))


@lru_cache(maxsize=1 << 16)
def _terms(text: str, wholes: bool) -> tuple[str, ...]:
    # Cached: tools repeat their property names and descriptions ("owner", "Repository
    # owner"), and a build reads each text once per tool.
    found: list[str] = []
    for word in _WORD.findall(text):
        if word.islower() and word.isalnum():  # one lowercase part: nothing to split
            if len(word) > 1 and word not in STOP_WORDS:
                found.append(stem(word))
            continue
        raw = [part for piece in _PIECE.findall(word) for part in _CASE.split(piece)]
        parts = [_part(part) for part in raw]
        found.extend(stem(part) for part in parts if len(part) > 1 and part not in STOP_WORDS)
        if wholes and len(raw) > 1:  # the whole as written, its `s` kept: getURLs, get_urls
            found.append("".join([part.lower() for part in raw]))
    return tuple(found)


def _part(part: str) -> str:
    """A part of a word, lowercased; an acronym's plural (`URLs`, `IDs`) without its `s`."""
    if len(part) > 2 and part[-1] == "s" and part[:-1].isupper():
        return part[:-1].lower()
    return part.lower()


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
