"""Which `pattern` values OpenAI takes (docs/openai-rules.md §1.7).

A pattern must compile as a Python `re` regex (the API's first validation layer) and use no
lookaround (strict mode's regex engine refuses it). Backreferences are refused too: the engine
that refuses lookaround has none, and a dropped pattern only widens what the model may send.
"""

from __future__ import annotations

import re
import warnings
from typing import Final

_FORBIDDEN_GROUPS: Final = ("(?=", "(?!", "(?<=", "(?<!", "(?P=")


def usable_pattern(pattern: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            re.compile(pattern)
    except (re.error, RecursionError, OverflowError, ValueError):
        return False
    return not _has_forbidden_construct(pattern)


def _has_forbidden_construct(pattern: str) -> bool:
    in_class = False
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            following = pattern[index + 1 : index + 2]
            if not in_class and ((following.isdigit() and following != "0") or following == "k"):
                return True
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
            # A "]" right after "[" or "[^" is a literal member of the class.
            if pattern[index + 1 : index + 2] == "^":
                index += 1
            if pattern[index + 1 : index + 2] == "]":
                index += 1
        elif char == "(" and pattern.startswith(_FORBIDDEN_GROUPS, index):
            return True
        index += 1
    return False
