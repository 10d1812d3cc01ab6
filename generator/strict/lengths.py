"""Which `minLength`/`maxLength` a strict string keeps beside a `pattern` or a `format`.

llguidance, the engine of OpenAI's strict mode, intersects a string's regex with its lengths; the
pair fails to compile in two ways (docs/openai-rules.md §1.9, measured with llguidance 1.9.1):

- *undecided*: an unbounded repetition followed by something that can start the same way and
  holds a counted repetition (firecrawl's hostname pattern `(?:label\\.)+label{0,61}`) beside a
  `maxLength`: the emptiness check runs out of budget. A `minLength` alone compiles.
- *unsatisfiable*: no string of the allowed lengths matches (a `date-time` in at most 5
  characters, `^[0-9]{3}$` with `minLength: 24`).

These rules decide both statically (llguidance is not a dependency of the generator); each
over-approximates what fails, so a length is dropped only when the pair may not compile. A
dropped length is reported like every dropped keyword.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from typing import Any, Final

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    import sre_constants as c
    import sre_parse

# The length of each format's shortest value, as llguidance writes the format: a window of
# lengths holding it compiles (checked for every format by tests/test_lengths.py).
FORMAT_SHORTEST: Final = {
    "date": 10,  # 2026-12-01
    "date-time": 20,  # 2026-12-01T00:00:00Z
    "duration": 3,  # P1D
    "email": 3,  # a@b
    "hostname": 1,
    "ipv4": 7,  # 0.0.0.0
    "ipv6": 2,  # ::
    "time": 9,  # 00:00:00Z
    "uuid": 36,
}
_SAMPLE: Final = [chr(code) for code in range(0x250)]  # characters tried for a shared start
_REPEATS: Final = (c.MAX_REPEAT, c.MIN_REPEAT, getattr(c, "POSSESSIVE_REPEAT", c.MAX_REPEAT))
_STARTS: Final = (c.AT_BEGINNING, c.AT_BEGINNING_STRING)
_ENDS: Final = (c.AT_END, c.AT_END_STRING)
_CATEGORIES: Final[dict[Any, Callable[[str], bool]]] = {
    c.CATEGORY_DIGIT: str.isdigit,
    c.CATEGORY_SPACE: str.isspace,
    c.CATEGORY_WORD: lambda ch: ch.isalnum() or ch == "_",
}

Item = tuple[Any, Any]


def kept_lengths(
    pattern: str | None, format_: str | None, low: int | None, high: int | None
) -> tuple[int | None, int | None]:
    """The (minLength, maxLength) kept beside a usable `pattern` and a kept `format`."""
    if format_ is not None and not (low or 0) <= FORMAT_SHORTEST[format_] <= _top(high):
        return None, None
    if pattern is None:
        return low, high
    parsed = _parse(pattern)
    if parsed is None:
        return None, None
    if not _satisfiable(parsed, low or 0, _top(high)):
        return None, None
    if high is not None and _undecided(parsed.data, []):
        return low, None
    return low, high


def _top(high: int | None) -> int:
    return c.MAXREPEAT if high is None else high


def _parse(pattern: str) -> sre_parse.SubPattern | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return sre_parse.parse(pattern)
    except (c.error, RecursionError, OverflowError, ValueError):
        return None


def _satisfiable(parsed: sre_parse.SubPattern, low: int, high: int) -> bool:
    """Whether some string of `low`..`high` characters can match, as far as the pattern's
    shortest and longest match tell: a pattern anchored at both ends matches whole strings,
    any other one a part of a string that may be longer."""
    shortest, longest = parsed.getwidth()
    items: list[Item] = list(parsed.data)
    whole = bool(items) and items[0][0] is c.AT and items[0][1] in _STARTS
    whole = whole and items[-1][0] is c.AT and items[-1][1] in _ENDS
    if not whole:
        longest = c.MAXREPEAT
    return max(low, shortest) <= min(high, longest)


def _undecided(sequence: list[Item], after: list[Item]) -> bool:
    """An unbounded repetition followed (in `sequence`, then `after`) by items that can start
    with a character it can start with and that hold a counted repetition."""
    for index, (op, av) in enumerate(sequence):
        rest = sequence[index + 1 :] + after
        if op in _REPEATS and av[1] == c.MAXREPEAT and _counted(rest):
            body = av[2].data
            if any(_can_start(body, ch) and _can_start(rest, ch) for ch in _SAMPLE):
                return True
        if any(_undecided(inner.data, rest) for inner in _children(op, av)):
            return True
    return False


def _children(op: Any, av: Any) -> Sequence[sre_parse.SubPattern]:
    if op in _REPEATS:
        return [av[2]]
    if op is c.SUBPATTERN:
        return [av[3]]
    if op is c.BRANCH:
        return list(av[1])
    if op is getattr(c, "ATOMIC_GROUP", None):
        return [av]
    return []


def _counted(items: list[Item]) -> bool:
    """Whether a repetition with a finite count above one is among `items`, at any depth."""
    for op, av in items:
        if op in _REPEATS and av[1] != c.MAXREPEAT and av[1] > 1:
            return True
        if any(_counted(inner.data) for inner in _children(op, av)):
            return True
    return False


def _can_start(items: list[Item], ch: str) -> bool:
    """Whether a match of `items` can begin with `ch` (unknown constructs: yes)."""
    for op, av in items:
        if _item_starts(op, av, ch):
            return True
        if _width(op, av)[0] > 0:
            return False
    return False


def _item_starts(op: Any, av: Any, ch: str) -> bool:
    if op is c.AT:
        return False
    if op is c.LITERAL:
        return ch.lower() == chr(av).lower()
    if op is c.NOT_LITERAL:
        return ch != chr(av)
    if op is c.IN:
        return _in_class(av, ch)
    if op in _REPEATS:
        return av[1] > 0 and _can_start(av[2].data, ch)
    children = _children(op, av)
    if children:
        return any(_can_start(inner.data, ch) for inner in children)
    return True


def _in_class(members: list[Item], ch: str) -> bool:
    negate = bool(members) and members[0][0] is c.NEGATE
    found = False
    for op, av in members[1:] if negate else members:
        if op is c.LITERAL:
            found = found or ch.lower() == chr(av).lower()
        elif op is c.RANGE:
            cases = {x for x in (ch, ch.lower(), ch.upper()) if len(x) == 1}
            found = found or any(av[0] <= ord(x) <= av[1] for x in cases)
        elif op is c.CATEGORY:
            found = found or _category(av, ch)
        else:
            return True  # unknown: assume it can
    return found != negate


def _category(category: Any, ch: str) -> bool:
    name = str(category)
    for positive, test in _CATEGORIES.items():
        if name == str(positive):
            return test(ch)
        if name == str(positive).replace("CATEGORY_", "CATEGORY_NOT_"):
            return not test(ch)
    return True


def _width(op: Any, av: Any) -> tuple[int, int]:
    sub = sre_parse.SubPattern(sre_parse.State(), [(op, av)])
    return sub.getwidth()
