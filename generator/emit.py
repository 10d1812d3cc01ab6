"""The code stage: every piece of source text a generated module and its stub are made of.

Input is the plain-data model; output is `Source` text, each piece made by generator/literals.py
(for anything that came from a server) or read from the templates/ folder (the runtime). The
templates only place these pieces; generator/render.py renders and formats them, and
generator/verify.py proves the result.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Final

from .errors import GeneratorError
from .literals import Source, docstring, json_block
from .model import ModuleModel
from .stub import api_stub, typed_section
from .summary import module_docstring
from .tables import JsonValue, tables

RUNTIME_MARKER: Final = "# ---- runtime ----\n"
# The parts of templates/runtime/, in the order a module carries them. Order matters only
# for what runs at import: classes before the classes built on them (api first).
RUNTIME_PARTS: Final = (
    "api",
    "definitions",
    "calls",
    "nulls",
    "decode",
    "reading",
    "rejections",
    "execute",
    "connect",
    "outputs",
    "search",
    "data",
)
_VERSION: Final = re.compile(r"\d+\.\d+\.\d+")


class RenderError(GeneratorError):
    """A bug in the generator or its templates (never the user's input): exit 3."""

    exit_code = 3


@dataclass(frozen=True, slots=True)
class Emission:
    """The pieces of a module (module.py.jinja, data.py.jinja) and its stub (module.pyi.jinja)."""

    version: Source
    docstring: Source
    runtime: Source
    tables: dict[str, Source]
    api_stub: Source
    typed: str  # the stub's TypedDicts, already in black's style (generator/typed.py)
    # The tables' values (generator/tables.py), computed once from the model: the tables'
    # text is made from them and verify.py compares what the text reads back as with them.
    values: dict[str, JsonValue] = field(default_factory=dict)


def emit(model: ModuleModel) -> Emission:
    if not _VERSION.fullmatch(model.version):
        raise RenderError(f"version {model.version!r} is not N.N.N")
    runtime = runtime_source()
    values = tables(model)
    return Emission(
        version=Source(model.version),
        docstring=Source(docstring(module_docstring(model))),
        runtime=Source(runtime),
        tables={name: Source(json_block(value)) for name, value in values.items()},
        api_stub=Source(api_stub(runtime, types_source())),
        typed=typed_section(model),
        values=values,
    )


def templates() -> Traversable:
    """The templates/ folder, installed as the package `mcp2openai.templates`."""
    return resources.files("mcp2openai.templates")


@lru_cache(maxsize=1)
def types_source() -> str:
    """templates/types.pyi: the types every stub declares beside the derived API."""
    return templates().joinpath("types.pyi").read_text("utf-8")


@lru_cache(maxsize=1)
def runtime_source() -> str:
    """The runtime every module carries: each part of templates/runtime/ after its marker."""
    folder = templates().joinpath("runtime")
    pieces = []
    for part in RUNTIME_PARTS:
        text = folder.joinpath(f"{part}.py").read_text("utf-8")
        _, marker, code = text.partition(RUNTIME_MARKER)
        if not marker:
            raise RenderError(f"templates/runtime/{part}.py has lost its runtime marker")
        pieces.append(code.strip("\n"))
    return "\n\n\n".join(pieces)
