"""The compiled tool search (docs/design.md, "Tool search"): ranks tools for a query
against the index the generator stored in ``_SEARCH``.

Part of the runtime every generated module carries (templates/runtime/__init__.py).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .api import _Tokenizer
    from .data import _DEFINITIONS, _SEARCH

# ---- runtime ----

# Tool search. ``_SEARCH`` holds each tool's terms and how often each occurs, per field
# (generator/search.py; docs/design.md, "Tool search"). The first query parses it into
# postings and each field's lengths, and a term's BM25F weights are computed when a query
# first has it. Queries are split by ``_terms``, the rule the generator split the tools'
# text with.

# BM25F: a term's frequency in a tool is the sum over the fields of weight * count / the
# field's length normalisation (1 - b + b * length / average length), then saturated with
# k1. The fields in the order of a line: name, server, title, the description's first
# sentence, the whole description, property names, property descriptions.
_BM25_K1 = 1.2
_FIELD_WEIGHTS = (5.0, 2.0, 4.0, 5.0, 2.0, 1.0, 0.5)
_FIELD_B = (0.75, 0.75, 0.75, 0.75, 0.75, 0.75, 0.75)

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
# term -> (the tools that have it, for each its count * 8 + its field, and once computed the
# (tool, BM25F weight) pairs)
_postings: "dict[str, tuple[list[int], list[int], list[tuple[int, float]]]]" = {}
_norms: "list[list[float]]" = []  # per field, per tool: its length normalisation
_tokenizer: "_Tokenizer | None" = None  # word, piece and case splitters, stop words
_definition_lines: "list[str] | None" = None


def _search(query: str, limit: int) -> list[str]:
    """The exposed names of the tools that best match ``query``, best first."""
    names = _search_names if _search_names is not None else _load_search()
    return [names[index] for index in _ranked(query, limit)]


def _ranked(query: str, limit: int) -> list[int]:
    """The indices of the best tools for ``query``: the tool it names exactly, if any,
    then by BM25F score, equal scores in the toolset's order."""
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
            tools, packed, weights = found
            if not weights:  # one assignment: threads that race write the same list
                weights[:] = _weights(tools, packed)
            for index, weight in weights:
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


def _weights(tools: list[int], packed: list[int]) -> list[tuple[int, float]]:
    """BM25F weights of a term, per tool that has it: ``packed`` holds, for each of
    ``tools`` (a tool once per field it has the term in), count * 8 + field."""
    import math

    norms, fields, k1 = _norms, _FIELD_WEIGHTS, _BM25_K1
    frequency: dict[int, float] = {}
    for index, code in zip(tools, packed, strict=True):
        field = code & 7
        share = fields[field] * (code >> 3) / norms[field][index]
        frequency[index] = frequency.get(index, 0.0) + share
    total = len(norms[0]) if norms else 0
    idf = math.log(1.0 + (total - len(frequency) + 0.5) / (len(frequency) + 0.5))
    return [
        (index, idf * tf * (k1 + 1.0) / (tf + k1)) for index, tf in frequency.items()
    ]


def _terms(text: str) -> list[str]:
    """The search terms of ``text``: generator/search.py's ``terms``, the same rule."""
    words, pieces, cases, stop = _tokenizer or _new_tokenizer()
    found: list[str] = []
    for word in words(text):
        raw = [part for piece in pieces(word) for part in cases(piece)]
        # An acronym's plural loses its "s" (URLs: url); the whole keeps it (geturls).
        parts = [
            (p[:-1] if len(p) > 2 and p[-1] == "s" and p[:-1].isupper() else p).lower()
            for p in raw
        ]
        found.extend(
            _stem(part) for part in parts if len(part) > 1 and part not in stop
        )
        if len(raw) > 1:
            found.append("".join([part.lower() for part in raw]))
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
        re.compile(
            r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z0-9])(?=[A-Z][a-z])(?![A-Z]s(?![a-z]))"
        ).split,
        frozenset(_STOP_WORDS.split()),
    )
    return _tokenizer


def _load_search() -> list[str]:
    """Parse ``_SEARCH``: each field's length per tool, and each term's tools and counts."""
    global _search_names, _search_positions, _postings, _norms
    import json

    table: dict[str, str] = json.loads(_SEARCH)
    postings: dict[str, tuple[list[int], list[int], list[tuple[int, float]]]] = {}
    count_of_fields = len(_FIELD_WEIGHTS)
    lengths: list[list[int]] = [[] for _ in range(count_of_fields)]
    for index, line in enumerate(table.values()):
        texts = line.split("|")[:count_of_fields]
        texts += [""] * (count_of_fields - len(texts))
        for field, text in enumerate(texts):
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
                listed = postings.get(term)
                if listed is None:
                    postings[term] = ([index], [code], [])
                else:
                    listed[0].append(index)
                    listed[1].append(code)
            lengths[field].append(whole if whole >= 0 else length)
    norms = []
    for field, sizes in enumerate(lengths):
        average = max(sum(sizes), 1) / max(len(sizes), 1)
        b = _FIELD_B[field]
        norms.append([1.0 - b + b * size / average for size in sizes])
    _norms = norms
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
