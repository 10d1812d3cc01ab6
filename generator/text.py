"""Cleaning of untrusted text that reaches the model (docs/spec.md PI-1, docs/design.md, "Naming").

Descriptions and titles come from servers nobody here controls. Invisible characters are a known
prompt-injection channel (docs/spec.md PI-1), so they are removed before anything is emitted.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

MAX_DESCRIPTION_BYTES: Final = 4096

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt), C0/C1 controls other than
# "\n" and "\t", and the surrogate range (lone surrogates survive JSON's "\ud800" escapes).
_INVISIBLE_RANGES: Final = (
    (0x0000, 0x0008),
    (0x000B, 0x001F),
    (0x007F, 0x009F),
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xD800, 0xDFFF),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)

_INVISIBLE: Final = re.compile(
    "[" + "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in _INVISIBLE_RANGES) + "]+"
)

_SURROGATE: Final = re.compile("[\ud800-\udfff]")

# Keywords whose values are data, not schemas: their strings are not annotations to clean.
_VALUE_KEYWORDS: Final = frozenset({"enum", "const", "default", "examples"})


def clean_text(text: str) -> str:
    """Remove invisible and control characters (keeping newlines and tabs) and lone surrogates."""
    return _INVISIBLE.sub("", text)


def cap_utf8(text: str, limit: int = MAX_DESCRIPTION_BYTES) -> str:
    """Cut `text` to at most `limit` bytes of UTF-8, on a character boundary."""
    encoded = text.encode("utf-8")
    if len(encoded) <= limit:
        return text
    return encoded[:limit].decode("utf-8", "ignore")


def clean_description(text: str) -> str:
    """A tool description as sent to the model: cleaned, then capped at 4096 UTF-8 bytes."""
    return cap_utf8(clean_text(text))


def clean_annotations(schema: Any) -> Any:
    """A copy of `schema` with every string `description` and `title` cleaned.

    Iterative, so a schema nested as deeply as `json` can parse never exhausts the stack.
    """
    root: list[Any] = [None]
    stack: list[tuple[Any, Any, Any]] = [(schema, root, 0)]
    while stack:
        value, parent, key = stack.pop()
        if isinstance(value, dict):
            copy: dict[str, Any] = {}
            parent[key] = copy
            for name, item in value.items():
                if name in ("description", "title") and isinstance(item, str):
                    copy[name] = clean_text(item)
                elif name in _VALUE_KEYWORDS:
                    copy[name] = item
                else:
                    copy[name] = None
                    stack.append((item, copy, name))
        elif isinstance(value, list):
            items: list[Any] = [None] * len(value)
            parent[key] = items
            stack.extend((item, items, index) for index, item in enumerate(value))
        else:
            parent[key] = value
    return root[0]


def unencodable_path(value: Any) -> tuple[str | int, ...] | None:
    """Where a string (key or value) holds a lone surrogate, ignoring annotations (cleaned)."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
        return None  # the common case, decided at C speed
    except UnicodeEncodeError:
        pass
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(value, ())]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return path
        elif isinstance(item, dict):
            for key, child in item.items():
                if _SURROGATE.search(key):
                    return (*path, key)
                if not (key in ("description", "title") and isinstance(child, str)):
                    stack.append((child, (*path, key)))
        elif isinstance(item, list):
            stack.extend((child, (*path, index)) for index, child in enumerate(item))
    return None
