"""The code stage: every piece of text a toolset's files are made of.

Input is the plain-data model; output is the pieces: `Source` values made by
generator/literals.py (for anything that came from a server: the tables, the docstring, the
stub's types) and the runtime's files, read from the templates/ folder. The templates only
place the pieces; generator/render.py renders and formats them, and generator/verify.py
proves the result.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Final

from .errors import GeneratorError
from .literals import Source, docstring, table
from .model import ModuleModel
from .runtime import part
from .stub import definitions, runtime_import, typed_section, typing_import
from .summary import module_docstring
from .tables import LAYOUTS, TABLE_NAMES, JsonValue, constant, tables
from .typed import Definition

_VERSION: Final = re.compile(r"\d+\.\d+\.\d+")


class RenderError(GeneratorError):
    """A bug in the generator or its templates (never the user's input): exit 3."""

    exit_code = 3


@dataclass(frozen=True, slots=True)
class Emission:
    """The pieces of a toolset module (module.py.jinja) and its stub (module.pyi.jinja)."""

    version: Source
    docstring: Source
    runtime_import: Source  # where the stub imports the shared API from
    typing_import: Source  # the stub's `from typing import ...`, or nothing
    typed: str  # the stub's TypedDicts, already in black's style (generator/typed.py)
    # table name -> its JSON text literal (generator/literals.py, `table`), in TABLE_NAMES order
    tables: dict[str, Source] = field(default_factory=dict)
    definitions: tuple[Definition, ...] = ()  # the TypedDicts `typed` holds
    # The tables' values (generator/tables.py), computed once from the model: the module's
    # tables are made from them and verify.py compares what it reads back with them.
    values: dict[str, JsonValue] = field(default_factory=dict)

    @property
    def version_literal(self) -> Source:
        return Source(json.dumps(self.version.text))


def emit(model: ModuleModel, *, package: bool = False) -> Emission:
    """The pieces for `model`; `package`: the output folder is a package, so the stub
    imports the runtime relatively."""
    if not _VERSION.fullmatch(model.version):
        raise RenderError(f"version {model.version!r} is not N.N.N")
    if runtime_version() != model.version:
        raise RenderError(f"the runtime is {runtime_version()}, the generator {model.version}")
    typed_definitions = definitions(model)
    values = tables(model, typed_definitions)
    return Emission(
        version=Source(model.version),
        docstring=Source(docstring(module_docstring(model))),
        runtime_import=Source(runtime_import(package)),
        typing_import=Source(typing_import(typed_definitions)),
        typed=typed_section(typed_definitions),
        tables={
            name: Source(table(value, LAYOUTS.get(name, "entries")))
            for name, value in values.items()
        },
        definitions=typed_definitions,
        values=values,
    )


def public_names() -> tuple[str, ...]:
    """A toolset module's `__all__`, as the runtime lists it: its classes, then what the
    module binds from its Toolset (templates/runtime/__init__.py, `CLASSES` and `BOUND`),
    in the order ruff's isort wants (constants, classes, functions)."""
    runtime = part("__init__")
    names = [*runtime.CLASSES, *runtime.BOUND]
    return tuple(sorted(names, key=lambda name: (_kind(name), name)))


def bound_names() -> tuple[str, ...]:
    """What a toolset module binds from its Toolset (templates/runtime/__init__.py)."""
    found: tuple[str, ...] = part("__init__").BOUND
    return found


def table_arguments() -> tuple[tuple[str, str], ...]:
    """The keyword and the constant of each table, as the module hands them to Toolset."""
    return tuple((name, constant(name)) for name in TABLE_NAMES)


def _kind(name: str) -> int:
    # isort's order by type: CONSTANTS, then Classes, then the rest
    if name.isupper():
        return 0
    return 1 if name[:1].isupper() else 2


def templates() -> Traversable:
    """The templates/ folder, installed as the package `mcp2openai.templates`."""
    return resources.files("mcp2openai.templates")


@lru_cache(maxsize=1)
def runtime_files() -> dict[str, str]:
    """The runtime every toolset's folder holds once: file name -> text, as in
    templates/runtime/ (its Python files and its API stub)."""
    folder = templates().joinpath("runtime")
    names = sorted(
        entry.name
        for entry in folder.iterdir()
        if entry.is_file() and entry.name.endswith((".py", ".pyi"))
    )
    return {name: folder.joinpath(name).read_text("utf-8") for name in names}


@lru_cache(maxsize=1)
def runtime_version() -> str:
    """The `VERSION` the runtime's `__init__.py` declares."""
    found = re.search(r'^VERSION = "([^"]*)"', runtime_files()["__init__.py"], re.MULTILINE)
    if found is None:
        raise RenderError("templates/runtime/__init__.py declares no VERSION")
    return found[1]
