"""The raw decode plan of one node, built while converting (convert.py, encodings.py) and
made the module's data table by decoding.py. None stands for "nothing to do"."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeAlias

from .errors import SchemaPath


@dataclass(slots=True)
class RawObject:
    props: dict[str, Raw] = field(default_factory=dict)
    drop: list[str] = field(default_factory=list)
    extra: str | None = None
    extra_value: Raw = None
    names: list[str] = field(default_factory=list)


@dataclass(slots=True)
class RawItems:
    item: Raw


@dataclass(slots=True)
class RawAnyOf:
    branches: list[Raw]
    schemas: list[dict[str, Any]]  # the emitted branches (the same dicts the output holds)
    path: SchemaPath


@dataclass(slots=True)
class RawAll:
    """A node that is several things at once (say an object and an array): each part acts on
    the values of its own JSON type."""

    parts: list[Raw]
    path: SchemaPath


@dataclass(slots=True)
class RawRef:
    name: str
    path: SchemaPath  # of the $ref in the input


@dataclass(slots=True)
class RawJson:
    types: list[str] | None


@dataclass(slots=True)
class RawEntries:
    value: Raw
    nullable: bool  # the list may be null (the map accepted null)


@dataclass(slots=True)
class RawUnwrap:
    name: str
    inner: Raw


Raw: TypeAlias = (
    RawObject | RawItems | RawAnyOf | RawAll | RawRef | RawJson | RawEntries | RawUnwrap | None
)
