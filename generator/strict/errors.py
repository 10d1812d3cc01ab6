"""What a conversion can say about a schema besides the result."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import GeneratorError, pointer

# A path into the input schema: object keys and array indices, as in a JSON pointer.
SchemaPath = tuple[str | int, ...]
# A path into an instance (the model's arguments): a str is a property name, None every array item.
NullPath = tuple[str | None, ...]


class Unsupported(GeneratorError):
    """The schema is valid but outside what OpenAI accepts with "strict": true.

    `path` locates the offending node in the input schema; `keyword` is the keyword at fault
    (present in the input at `path`, or "type" when the node has no type at all), or a limit
    name: max_properties, max_depth, max_chars, max_enum_values, max_enum_chars, max_null_paths.
    """

    def __init__(self, path: SchemaPath, keyword: str, reason: str) -> None:
        super().__init__(reason, pointer=pointer(path), keyword=keyword)
        self.path = path
        self.keyword = keyword


@dataclass(frozen=True, slots=True)
class Dropped:
    """A keyword the conversion removed because it only narrows or annotates values."""

    path: SchemaPath
    keyword: str


@dataclass(frozen=True, slots=True)
class Rewrite:
    """A place of the original schema sent in another shape that the call parser undoes.

    `kind` is one of `rules.REWRITE_KINDS`; `path` locates the rewritten node in the input.
    """

    path: SchemaPath
    kind: str


def format_path(path: SchemaPath) -> str:
    """A schema path as a JSON pointer (`#/properties/a/items`; generator/errors.py)."""
    return pointer(path)
