"""The compiled tool search (docs/design.md, "Tool search"): the tokenizer, which the
generator indexes the tools with, and the BM25 ranking of a query against that index.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from . import Toolset

    _Split = Callable[[str], list[str]]

# The "search" table holds each tool's terms and their weighted counts (generator/search.py).
# The first query parses it into postings, and a term's BM25 weights are computed when a
# query first has it. Queries are split by ``terms``, the rule the tools' text was split with.

_BM25_K1 = 1.2
_BM25_B = 0.75

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
    split there and at camelCase boundaries (``getHTTPStatus``: get, http, status), and
    each part is lowercased; a part of two characters or more that is not a stop word is
    a term, stemmed (``stem``). A word of several parts is also one term whole, its parts
    joined and not stemmed, unless ``wholes`` is false: ``read_files``, ``readFiles`` and
    ``read-files`` give read, file, readfiles (so the exact name finds its tool first,
    and the parts any variant).
    """
    words, pieces, cases = _tokenizer or _new_tokenizer()
    found: list[str] = []
    for word in words(text):
        if word.islower() and word.isalnum():  # one lowercase part: nothing to split
            parts = [word]
        else:
            parts = [part.lower() for piece in pieces(word) for part in cases(piece)]
        found.extend(
            stem(part) for part in parts if len(part) > 1 and part not in STOP_WORDS
        )
        if wholes and len(parts) > 1:
            found.append("".join(parts))
    return found


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
        re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z0-9])(?=[A-Z][a-z])").split,
    )
    return _tokenizer


class _Index:
    """A toolset's search index, parsed from its "search" table on the first query."""

    __slots__ = ("definitions", "names", "norms", "positions", "postings")

    def __init__(self, table: "dict[str, str]") -> None:
        # term -> (the tools that have it, its counts in them, its BM25 weights in them)
        self.postings: dict[str, tuple[list[int], list[int], list[float]]] = {}
        lengths: list[int] = []
        for index, line in enumerate(table.values()):
            length = 0
            count = 1
            for term in line.split():
                if ":" in term:  # "N:term" opens a group of terms counted N times
                    number, _, term = term.partition(":")
                    count = int(number)
                length += count
                listed = self.postings.get(term)
                if listed is None:
                    self.postings[term] = ([index], [count], [])
                else:
                    listed[0].append(index)
                    listed[1].append(count)
            lengths.append(length)
        average = max(sum(lengths), 1) / max(len(lengths), 1)
        k1, b = _BM25_K1, _BM25_B
        # per tool: BM25's length normalisation
        self.norms = [k1 * (1.0 - b + b * length / average) for length in lengths]
        self.names = list(table)  # exposed names, in toolset order
        self.positions = {name: index for index, name in enumerate(table)}
        self.definitions: list[str] | None = None  # each definition's JSON text

    def weights(self, tools: "list[int]", counts: "list[int]") -> "list[float]":
        """BM25 weights of a term that ``tools`` have ``counts`` times."""
        import math

        norms, k1 = self.norms, _BM25_K1
        idf = math.log(1.0 + (len(norms) - len(tools) + 0.5) / (len(tools) + 0.5))
        return [
            idf * n * (k1 + 1.0) / (n + norms[i])
            for i, n in zip(tools, counts, strict=True)
        ]


def _index(toolset: "Toolset") -> _Index:
    index: _Index | None = toolset.index
    if index is None:
        index = toolset.index = _Index(toolset.table("search"))
    return index


def ranked(toolset: "Toolset", query: str, limit: int) -> "list[int]":
    """The indices of the best tools for ``query``: the tool it names exactly, if any,
    then by BM25 score, equal scores in the toolset's order."""
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
            tools, counts, weights = found
            if not weights:  # one assignment: threads that race write the same list
                weights[:] = index.weights(tools, counts)
            for tool, weight in zip(tools, weights, strict=True):
                scores[tool] = scores.get(tool, 0.0) + weight
    if len(scores) > limit:
        import heapq

        best = heapq.nsmallest(limit, scores.items(), key=_rank_key)
    else:
        best = sorted(scores.items(), key=_rank_key)
    found_tools = [tool for tool, _ in best]
    exact = index.positions.get(query.strip())
    if exact is not None and limit:
        found_tools = [exact, *(tool for tool in found_tools if tool != exact)][:limit]
    return found_tools


def _rank_key(item: "tuple[int, float]") -> "tuple[float, int]":
    return -item[1], item[0]


def definition_texts(toolset: "Toolset") -> "list[str]":
    """Each tool's definition as JSON text, in toolset order: the "definitions" table
    holds one per line (docs/design.md, "Data in the module"), so a search parses only
    the definitions it returns."""
    index = _index(toolset)
    if index.definitions is None and not index.names:
        index.definitions = []
    if index.definitions is None:
        text = toolset.text()
        opening = '\n"definitions":[\n'
        start = text.find(opening) + len(opening)
        lines = text[start : text.find("\n ]", start)].split("\n")
        if len(lines) != len(index.names):
            raise ValueError(
                f"{toolset.data_path()}: the definitions are not one per line"
            )
        index.definitions = [line[1:].removesuffix(",") for line in lines]
    return index.definitions
