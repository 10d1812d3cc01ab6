"""The compiled tool search (docs/design.md, "Tool search"): ``tool_search()``, the
tokenizer, which the generator indexes the tools with, and the BM25 ranking of a query
against that index.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from .core import Tables
    from .offered import Offered

    _Split = Callable[[str], list[str]]
    _Postings = tuple[list[int], list[int], list[tuple[int, float]]]

# The "search" table holds each tool's terms and how often each occurs, per field
# (generator/search.py; docs/design.md, "Tool search"). The first query parses it into
# postings and each field's lengths, and a term's BM25F weights are computed when a query
# first has it. Queries are split by ``terms``, the rule the tools' text was split with.

# BM25F: a term's frequency in a tool is the sum over the fields of weight * count / the
# field's length normalisation (1 - b + b * length / average length), then saturated with
# k1. The fields in the order of a line: name, server, title, the description's first
# sentence, the whole description, property names, property descriptions.
_BM25_K1 = 1.2
FIELD_WEIGHTS = (5.0, 2.0, 4.0, 5.0, 2.0, 1.0, 0.5)
FIELD_B = (0.75, 0.75, 0.75, 0.75, 0.75, 0.75, 0.75)

_STOP_TEXT = (
    "a about above after all also an and any are as at be been before being below"
    " between both but by can could did do does doing during each either else etc for"
    " from further had has have having here how however if in into is it its itself"
    " just may might more most must no nor not of off on once one only or other"
    " otherwise our out over own per same shall should so some such than that the"
    " their them then there these they this those through to too under until up upon"
    " us very via was we were what when where whether which while who whom whose why"
    " will with within without would yet you your"
)
STOP_WORDS = frozenset(_STOP_TEXT.split())  # words too common to tell tools apart
_tokenizer: "tuple[_Split, _Split, _Split] | None" = None  # words, pieces, case splits


def terms(text: str, wholes: bool = True) -> list[str]:
    """The search terms of ``text``, in order.

    A word is a run of letters and digits, or several joined by ``_`` or ``-``. It is
    split there and at camelCase boundaries (``getHTTPStatus``: get, http, status), an
    acronym's plural loses its ``s`` (``URLs``, ``IDs``: url, id), and each part is
    lowercased; a part of two characters or more that is not a stop word is a term,
    stemmed (``stem``). A word of several parts is also one term whole, its parts joined
    as written and not stemmed, unless ``wholes`` is false: ``read_files``, ``readFiles``
    and ``read-files`` give read, file, readfiles (so the exact name finds its tool
    first, and the parts any variant).
    """
    words, pieces, cases = _tokenizer or _new_tokenizer()
    found: list[str] = []
    for word in words(text):
        if word.islower() and word.isalnum():  # one lowercase part: nothing to split
            if len(word) > 1 and word not in STOP_WORDS:
                found.append(stem(word))
            continue
        raw = [part for piece in pieces(word) for part in cases(piece)]
        parts = [_part(part) for part in raw]
        found.extend(
            stem(part) for part in parts if len(part) > 1 and part not in STOP_WORDS
        )
        if wholes and len(raw) > 1:  # the whole as written, its "s" kept: getURLs
            found.append("".join([part.lower() for part in raw]))
    return found


def _part(part: str) -> str:
    """A part of a word, lowercased; an acronym's plural (``URLs``, ``IDs``) without its
    ``s``."""
    if len(part) > 2 and part[-1] == "s" and part[:-1].isupper():
        return part[:-1].lower()
    return part.lower()


def stem(word: str) -> str:
    """English plurals to singular, the usual difference between a query and a name:
    ``entries``: entry, ``searches``: search, ``boxes``: box, ``files``: file,
    ``responses``: response; ``status``, ``class`` and ``analysis`` stay (and
    ``statuses`` gives statuse)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith(("sses", "xes", "ches", "shes", "oes")):
        return word[:-2]
    if len(word) > 3 and word[-1] == "s" and word[-2] not in "siu":
        return word[:-1]
    return word


def _new_tokenizer() -> "tuple[_Split, _Split, _Split]":
    global _tokenizer
    import re

    _tokenizer = (
        re.compile(r"[^\W_]+(?:[_-]+[^\W_]+)*").findall,
        re.compile(r"[^\W_]+").findall,
        # camelCase boundaries: before an upper-case letter after a lower-case one, and
        # before the last capital of a run that starts a word (HTTPServer: HTTP, Server),
        # but not inside an acronym's plural (URLs, IDsOf: one part each)
        re.compile(
            r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z0-9])(?=[A-Z][a-z])(?![A-Z]s(?![a-z]))"
        ).split,
    )
    return _tokenizer


class _Index:
    """A toolset's search index, parsed from its "search" table on the first query."""

    def __init__(self, table: "dict[str, str]") -> None:
        # term -> (the tools that have it, for each its count * 8 + its field, and once
        # computed the (tool, BM25F weight) pairs)
        self.postings: dict[str, _Postings] = {}
        lengths: list[list[int]] = [[] for _ in FIELD_WEIGHTS]
        for index, line in enumerate(table.values()):
            for field, text in enumerate(line.split("|")):  # the fields, in order
                lengths[field].append(self._add(index, field, text))
        # per field, per tool: its length normalisation
        self.norms: list[list[float]] = []
        for field, sizes in enumerate(lengths):
            average = max(sum(sizes), 1) / max(len(sizes), 1)
            b = FIELD_B[field]
            self.norms.append([1.0 - b + b * size / average for size in sizes])
        self.names = list(table)  # exposed names, in toolset order
        self.positions = {name: index for index, name in enumerate(table)}
        # (server, MCP name or name in its namespace) -> position, made when first asked
        self.pairs: dict[tuple[str, str], int] | None = None

    def _add(self, index: int, field: int, text: str) -> int:
        """Post one field's terms; its length (the whole field's, when "=L" gives it)."""
        length = 0
        whole = -1  # "=L": the field's whole length, when some terms were left out
        count = 1
        for term in text.split():
            if term[0] == "=":
                whole = int(term[1:])
                continue
            if ":" in term:  # "N:term" opens a group of terms counted N times
                number, _, term = term.partition(":")
                count = int(number)
            length += count
            code = count * 8 + field
            listed = self.postings.get(term)
            if listed is None:
                self.postings[term] = ([index], [code], [])
            else:
                listed[0].append(index)
                listed[1].append(code)
        return whole if whole >= 0 else length

    def weights(
        self, tools: "list[int]", packed: "list[int]"
    ) -> "list[tuple[int, float]]":
        """BM25F weights of a term, per tool that has it: ``packed`` holds, for each of
        ``tools`` (a tool once per field it has the term in), count * 8 + field."""
        import math

        norms, k1 = self.norms, _BM25_K1
        frequency: dict[int, float] = {}
        for index, code in zip(tools, packed, strict=True):
            field = code & 7
            share = FIELD_WEIGHTS[field] * (code >> 3) / norms[field][index]
            frequency[index] = frequency.get(index, 0.0) + share
        total = len(norms[0]) if norms else 0
        idf = math.log(1.0 + (total - len(frequency) + 0.5) / (len(frequency) + 0.5))
        return [
            (index, idf * tf * (k1 + 1.0) / (tf + k1))
            for index, tf in frequency.items()
        ]


def _index(toolset: "Tables") -> _Index:
    index: _Index | None = toolset.cache.get("index")
    if index is None:
        index = toolset.cache["index"] = _Index(toolset.table("search"))
    return index


def tool_search(toolset: "Tables", query: str, limit: int) -> "list[dict[str, object]]":
    """``Toolset.tool_search``: new copies of the best tools' definitions."""
    return toolset.definitions(ranked(toolset, query, limit))


def ranked(toolset: "Tables", query: str, limit: int) -> "list[int]":
    """The positions of the best tools for ``query``: the tool it names exactly (``_named``),
    if any, then by BM25F score, equal scores in the toolset's order."""
    if type(query) is not str:
        raise TypeError(f"query must be a str, not {type(query).__name__}")
    if type(limit) is not int:
        raise TypeError(f"limit must be an int, not {type(limit).__name__}")
    if limit < 0:
        raise ValueError(f"limit must be 0 or more, not {limit}")
    index = _index(toolset)
    scores: dict[int, float] = {}
    for term in dict.fromkeys(terms(query)):
        found = index.postings.get(term)
        if found is not None:
            tools, packed, weights = found
            if not weights:  # one assignment: threads that race write the same list
                weights[:] = index.weights(tools, packed)
            for tool, weight in weights:
                scores[tool] = scores.get(tool, 0.0) + weight
    import heapq

    best = heapq.nsmallest(limit, scores.items(), key=lambda item: (-item[1], item[0]))
    found_tools = [tool for tool, _ in best]
    exact = _named(toolset, index, query.strip())
    if exact is not None and limit:
        found_tools = [exact, *(tool for tool in found_tools if tool != exact)][:limit]
    return found_tools


def _named(toolset: "Tables", index: _Index, query: str) -> "int | None":
    # The tool a query names exactly: its exposed name, or its server and its name (MCP,
    # or inside its namespace) joined by a space, ".", "/" or ":". A server name has none
    # of these (docs/design.md, "Namespaces and selection"): the first one cuts.
    found = index.positions.get(query)
    cuts = [at for at in map(query.find, " ./:") if at > 0]
    if found is not None or not cuts:
        return found
    pairs = index.pairs
    if pairs is None:  # made whole, then shared: a racing thread makes its own
        pairs = {}
        for at, entry in enumerate(toolset.table("tools").values()):
            pairs.setdefault((entry["server"], entry["tool"]), at)
            pairs.setdefault((entry["server"], entry.get("local", entry["tool"])), at)
        index.pairs = pairs
    cut = min(cuts)
    return pairs.get((query[:cut], query[cut + 1 :].strip()))


# A client tool search's answer: the tools it names, then the best for its query.
_SEARCH_LIMIT = 8


def search_output(
    toolset: "Tables",
    call: object,
    response: object = None,
    allowed: "Offered | None" = None,
) -> "dict[str, object]":
    """The ``tool_search_output`` that answers a client ``tool_search_call``: the tools
    its ``paths`` name and those its ``query`` finds, among those offered (``allowed``:
    ``offered.offered``; None: all), grouped by namespace when the request that the response
    answers used namespaces."""
    from .definitions import in_namespaces
    from .reading import get

    call_id = get(call, "call_id")
    found = _searched(toolset, get(call, "arguments"), allowed)
    echoed = get(response, "tools")  # the request's tools, namespaces among them?
    if type(echoed) is list and any(get(t, "type") == "namespace" for t in echoed):
        listed = in_namespaces(toolset, found, False)
    else:
        listed = toolset.definitions(found)
    return {
        "type": "tool_search_output",
        "call_id": call_id if type(call_id) is str else None,
        "execution": "client",
        "tools": listed,
    }


def _searched(
    toolset: "Tables", arguments: object, allowed: "Offered | None"
) -> "list[int]":
    # The tools a client search loads, in order, once each: the named ones, then the
    # best matches for the query. Anything else in the arguments finds nothing (an
    # empty answer the model can act on; no answer would stall the conversation).
    from .definitions import catalog
    from .reading import get

    known = catalog(toolset)

    def offered(index: int) -> bool:
        return allowed is None or known.names[index] in allowed

    found: list[int] = []
    paths = get(arguments, "paths")
    if type(paths) is list:
        found += [i for path in paths if type(path) is str for i in known.named(path)]
    query = get(arguments, "query")
    if type(query) is str:
        limit = _SEARCH_LIMIT if allowed is None else len(known.names)
        best = [index for index in ranked(toolset, query, limit) if offered(index)]
        found += best[:_SEARCH_LIMIT]
    return [index for index in dict.fromkeys(found) if offered(index)]
