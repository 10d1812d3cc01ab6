"""The compiled tool search (docs/design.md, "Tool search"): ranks tools for a query
against the index the generator stored in ``_SEARCH``.

Part of the runtime every generated module carries (templates/runtime/__init__.py).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .api import _Tokenizer
    from .data import _DEFINITIONS, _SEARCH

# ---- runtime ----

# Tool search. ``_SEARCH`` holds each tool's terms and their weighted counts
# (generator/search.py; docs/design.md, "Tool search"). The first query parses it into
# postings, and a term's BM25 weights are computed when a query first has it. Queries
# are split by ``_terms``, the rule the generator split the tools' text with.

_BM25_K1 = 1.2
_BM25_B = 0.75

_STOP_WORDS = (
    "a about above after all also an and any are as at be been before being below between"
    " both but by can could did do does doing during each either else etc for from further"
    " had has have having here how however if in into is it its itself just may might more"
    " most must no nor not of off on once one only or other otherwise our out over own per"
    " same shall should so some such than that the their them then there these they this"
    " those through to too under until up upon us very via was we were what when where"
    " whether which while who whom whose why will with within without would yet you your"
)
_search_names: "list[str] | None" = None  # exposed names, in toolset order
_search_positions: "dict[str, int]" = {}  # exposed name -> its index
# term -> (the tools that have it, its counts in them, its BM25 weights in them)
_postings: "dict[str, tuple[list[int], list[int], list[float]]]" = {}
_norms: "list[float]" = []  # per tool: BM25's length normalisation
_tokenizer: "_Tokenizer | None" = None  # word, piece and case splitters, stop words
_definition_lines: "list[str] | None" = None


def _search(query: str, limit: int) -> list[str]:
    """The exposed names of the tools that best match ``query``, best first."""
    names = _search_names if _search_names is not None else _load_search()
    return [names[index] for index in _ranked(query, limit)]


def _ranked(query: str, limit: int) -> list[int]:
    """The indices of the best tools for ``query``: the tool it names exactly, if any,
    then by BM25 score, equal scores in the toolset's order."""
    if type(query) is not str:
        raise TypeError(f"query must be a str, not {type(query).__name__}")
    if type(limit) is not int:
        raise TypeError(f"limit must be an int, not {type(limit).__name__}")
    if limit < 0:
        raise ValueError(f"limit must be 0 or more, not {limit}")
    if _search_names is None:
        _load_search()
    postings = _postings
    scores: dict[int, float] = {}
    for term in dict.fromkeys(_terms(query)):
        found = postings.get(term)
        if found is not None:
            tools, counts, weights = found
            if not weights:  # one assignment: threads that race write the same list
                weights[:] = _weights(tools, counts)
            for index, weight in zip(tools, weights, strict=True):
                scores[index] = scores.get(index, 0.0) + weight
    if len(scores) > limit:
        import heapq

        best = heapq.nsmallest(limit, scores.items(), key=_rank_key)
    else:
        best = sorted(scores.items(), key=_rank_key)
    ranked = [index for index, _ in best]
    exact = _search_positions.get(query.strip())
    if exact is not None and limit:
        ranked = [exact, *(index for index in ranked if index != exact)][:limit]
    return ranked


def _rank_key(item: tuple[int, float]) -> tuple[float, int]:
    return -item[1], item[0]


def _weights(tools: list[int], counts: list[int]) -> list[float]:
    """BM25 weights of a term that ``tools`` have ``counts`` times."""
    import math

    norms, k1 = _norms, _BM25_K1
    idf = math.log(1.0 + (len(norms) - len(tools) + 0.5) / (len(tools) + 0.5))
    return [
        idf * n * (k1 + 1.0) / (n + norms[i])
        for i, n in zip(tools, counts, strict=True)
    ]


def _terms(text: str) -> list[str]:
    """The search terms of ``text``: generator/search.py's ``terms``, the same rule."""
    words, pieces, cases, stop = _tokenizer or _new_tokenizer()
    found: list[str] = []
    for word in words(text):
        parts = [part.lower() for piece in pieces(word) for part in cases(piece)]
        found.extend(
            _stem(part) for part in parts if len(part) > 1 and part not in stop
        )
        if len(parts) > 1:
            found.append("".join(parts))
    return found


def _stem(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith(("sses", "xes", "ches", "shes", "oes")):
        return word[:-2]
    if len(word) > 3 and word[-1] == "s" and word[-2] not in "siu":
        return word[:-1]
    return word


def _new_tokenizer() -> "_Tokenizer":
    global _tokenizer
    import re

    _tokenizer = (
        re.compile(r"[^\W_]+(?:[_-]+[^\W_]+)*").findall,
        re.compile(r"[^\W_]+").findall,
        re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z0-9])(?=[A-Z][a-z])").split,
        frozenset(_STOP_WORDS.split()),
    )
    return _tokenizer


def _load_search() -> list[str]:
    """Parse ``_SEARCH``: each tool's length, and each term's tools and counts."""
    global _search_names, _search_positions, _postings, _norms
    import json

    table: dict[str, str] = json.loads(_SEARCH)
    postings: dict[str, tuple[list[int], list[int], list[float]]] = {}
    lengths: list[int] = []
    for index, line in enumerate(table.values()):
        length = 0
        count = 1
        for term in line.split():
            if ":" in term:  # "N:term" opens a group of terms counted N times
                number, _, term = term.partition(":")
                count = int(number)
            length += count
            listed = postings.get(term)
            if listed is None:
                postings[term] = ([index], [count], [])
            else:
                listed[0].append(index)
                listed[1].append(count)
        lengths.append(length)
    average = max(sum(lengths), 1) / max(len(lengths), 1)
    k1, b = _BM25_K1, _BM25_B
    _norms = [k1 * (1.0 - b + b * length / average) for length in lengths]
    _postings = postings
    _search_positions = {name: index for index, name in enumerate(table)}
    _search_names = list(table)
    return _search_names


def _definition_texts() -> list[str]:
    """Each tool's definition as JSON text, in toolset order.

    The generator writes ``_DEFINITIONS`` one definition per line, in the toolset's
    order, as ``_SEARCH`` (docs/design.md, "Data in the module"): a search parses only
    the definitions it returns. Text in another layout is parsed whole, once.
    """
    global _definition_lines
    if _definition_lines is None:
        lines = _DEFINITIONS.split("\n")[1:-1]
        if len(lines) == len(_search_names or _load_search()):
            _definition_lines = [line.removesuffix(",") for line in lines]
        else:
            import json

            definitions: list[object] = json.loads(_DEFINITIONS)
            _definition_lines = [json.dumps(item) for item in definitions]
    return _definition_lines
