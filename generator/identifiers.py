"""Identifiers from untrusted names: one function, one rule (docs/conventions.md, practice 5)."""

from __future__ import annotations

import keyword
import re
import unicodedata
from typing import Final

_NOT_WORD: Final = re.compile(r"[^A-Za-z0-9_]")


def identifier(text: str) -> str:
    """An ASCII Python identifier for `text`: NFKC, other characters to "_", keywords suffixed."""
    name = _NOT_WORD.sub("_", unicodedata.normalize("NFKC", text)) or "_"
    if name[0].isdigit():
        name = "_" + name
    if keyword.iskeyword(name) or keyword.issoftkeyword(name):
        name += "_"
    assert name.isidentifier() and name.isascii(), name
    return name


def class_name(text: str, suffix: str) -> str:
    """A CamelCase identifier: `time__get_current_time` -> `TimeGetCurrentTime` + suffix."""
    parts = [part for part in re.split(r"[_\-]+", _NOT_WORD.sub("_", text)) if part]
    return identifier("".join(part[:1].upper() + part[1:] for part in parts) + suffix)


def unique(name: str, taken: set[str]) -> str:
    """`name`, or `name2`, `name3`, ... : the first not in `taken` (which it joins)."""
    candidate = name
    counter = 2
    while candidate in taken:
        candidate = f"{name}{counter}"
        counter += 1
    taken.add(candidate)
    return candidate
