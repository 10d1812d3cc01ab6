"""Render a toolset's files from the model (docs/conventions.md, practices 3, 4, 6, 7).

jinja2 places the pieces generator/emit.py made; black formats the module and the stub's head,
in-process, with an explicit mode and never the user's configuration. The stub's TypedDicts
are already in their final form (generator/typed.py: black would take seconds on 2,000 tools
and change nothing) and are joined after its head: nothing is ever substituted into formatted
text. The runtime's files are copied as they are.

Before anything is returned, generator/verify.py parses the module and the stub, compares their
structure with the templates' rendered with blank data, and reads every table of the module
back: a mismatch is a RenderError, and nothing is written.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import black
import jinja2

from .emit import (
    Emission,
    RenderError,
    bound_names,
    emit,
    public_names,
    runtime_files,
    table_arguments,
    templates,
)
from .literals import Source, string
from .model import ModuleModel
from .tables import TABLE_NAMES
from .verify import verify_module, verify_stub

BLACK_MODE: Final = black.Mode(
    target_versions={black.mode.TargetVersion.PY311},
    line_length=88,
    string_normalization=True,
    magic_trailing_comma=True,
    preview=False,
)
STUB_MODE: Final = black.Mode(
    target_versions={black.mode.TargetVersion.PY311},
    line_length=88,
    string_normalization=True,
    magic_trailing_comma=True,
    preview=False,
    is_pyi=True,
)

__all__ = ["BLACK_MODE", "STUB_MODE", "RenderError", "Rendered", "render"]


@dataclass(frozen=True, slots=True)
class Rendered:
    module: str  # the toolset module (.py), holding its data
    stub: str  # its type stub (.pyi), written beside it
    runtime: dict[str, str]  # the shared runtime: file name in _mcp2openai/ -> text


def render(model: ModuleModel, *, package: bool = False) -> Rendered:
    """The files of `model`'s toolset, verified; `package`: the output folder is a package."""
    emission = emit(model, package=package)
    module = module_source(emission)
    stub = stub_source(emission)
    verify_module(module, model, emission, _module_skeleton(emission.version))
    head = _stub_skeleton(emission.version, emission.runtime_import, emission.typing_import)
    verify_stub(stub, emission, head)
    return Rendered(module, stub, runtime_files())


def module_source(emission: Emission) -> str:
    """The module: its head (docstring, runtime import, `__all__`: module.py.jinja), its
    data (module_data.py.jinja) and its API (module_api.py.jinja), joined. Black formats the
    head and the API; the data is in black's form as written (each table is one raw string,
    whose text black leaves as it is, after its comment), and formatting it would cost the
    build more than the rest at 2,000 tools (tests/test_scale.py proves black leaves the
    whole module as it is)."""
    head = _render(
        "module.py.jinja",
        docstring=emission.docstring,
        public=[Source(string(name)) for name in public_names()],
    )
    data = _render("module_data.py.jinja", tables=emission.tables)
    return (
        _format(head, "module.py.jinja", BLACK_MODE)
        + "\n"
        + data
        + "\n"
        + _api(emission.version_literal)
    )


@lru_cache(maxsize=4)
def _api(version_literal: Source) -> str:
    # The same for every module of a version: formatted once per process.
    text = _render(
        "module_api.py.jinja",
        version_literal=version_literal,
        classes=[Source(name) for name in _classes()],
        table_arguments=[(Source(k), Source(c)) for k, c in table_arguments()],
        bound=[Source(name) for name in bound_names()],
    )
    return _format(text, "module_api.py.jinja", BLACK_MODE)


def _classes() -> list[str]:
    return [name for name in public_names() if name not in bound_names()]


def stub_source(emission: Emission) -> str:
    head = _stub_head(emission.version, emission.runtime_import, emission.typing_import)
    return f"{head}\n{emission.typed}" if emission.typed else head


@lru_cache(maxsize=8)
def _stub_head(version: Source, runtime_import: Source, typing_import: Source) -> str:
    # The same for most toolsets of a version: formatted once per process.
    names = public_names()
    text = _render(
        "module.pyi.jinja",
        version=version,
        runtime=runtime_import,
        typing_import=typing_import,
        imported=[Source(name) for name in names],
        public=[Source(string(name)) for name in names],
    )
    return _format(text, "module.pyi.jinja", STUB_MODE)


@lru_cache(maxsize=4)
def _module_skeleton(version: Source) -> str:
    """The dump of the module's AST with its docstring and tables blank: what every
    module's must equal (generator/verify.py blanks them the same way)."""
    tables = dict.fromkeys(TABLE_NAMES, Source('""'))
    blank = Emission(version, Source('""'), Source(""), Source(""), "", tables)
    return ast.dump(ast.parse(module_source(blank)))


@lru_cache(maxsize=8)
def _stub_skeleton(
    version: Source, runtime_import: Source, typing_import: Source
) -> tuple[int, str]:
    """How many statements the stub's head has (docstring, imports, __all__), and their dump."""
    blank = Emission(version, Source(""), runtime_import, typing_import, "")
    body = ast.parse(stub_source(blank)).body
    return len(body), ast.dump(ast.Module(body=body, type_ignores=[]))


def _format(text: str, template: str, mode: black.Mode) -> str:
    try:
        ast.parse(text)
    except SyntaxError as error:
        raise RenderError(f"{template} renders invalid Python: {error}") from None
    return black.format_str(text, mode=mode)


def _render(template: str, **pieces: object) -> str:
    return _environment().get_template(template).render(**pieces)


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    def finalize(value: object) -> str:
        if not isinstance(value, Source):
            raise RenderError(f"template printed {type(value).__name__} without a safe filter")
        return value.text

    return jinja2.Environment(
        loader=jinja2.FunctionLoader(lambda name: templates().joinpath(name).read_text("utf-8")),
        undefined=jinja2.StrictUndefined,
        finalize=finalize,
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
