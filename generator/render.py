"""Render a toolset's files from the model (docs/conventions.md, practices 3, 4, 6, 7).

jinja2 places the pieces generator/emit.py made; black formats the module, in-process, with
an explicit mode and never the user's configuration. Two pieces are already in their final
form and are joined after formatting instead of going through black: the stub's TypedDicts
(written in a form black leaves as it is: generator/typed.py; black would take seconds on
2,000 tools and change nothing) and the data file, which is JSON. Nothing is ever
substituted into formatted text. The runtime's files are copied as they are.

Before anything is returned, generator/verify.py parses the module and the stub, compares their
structure with the templates' rendered with blank data, and reads the data back the way the
runtime does: a mismatch is a RenderError, and nothing is written.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import black
import jinja2

from .emit import Emission, RenderError, emit, runtime_files, templates
from .literals import Source
from .model import ModuleModel
from .verify import verify_data, verify_module, verify_stub

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
    module: str  # the toolset module (.py)
    stub: str  # its type stub (.pyi), written beside it
    data: str  # its data (.json), beside it
    runtime: dict[str, str]  # the shared runtime: file name in _mcp2openai/ -> text


def render(model: ModuleModel, *, package: bool = False) -> Rendered:
    """The files of `model`'s toolset, verified; `package`: the output folder is a package."""
    emission = emit(model, package=package)
    module = module_source(emission)
    stub = stub_source(emission)
    verify_module(module, model, emission, _module_skeleton(emission.version))
    head = _stub_skeleton(emission.version, emission.runtime_import, emission.typing_import)
    verify_stub(stub, emission, head)
    verify_data(emission)
    return Rendered(module, stub, emission.data, runtime_files())


def module_source(emission: Emission) -> str:
    text = _render(
        "module.py.jinja",
        docstring=emission.docstring,
        version=emission.version,
        version_literal=emission.version_literal,
    )
    return _format(text, "module.py.jinja", BLACK_MODE)


def stub_source(emission: Emission) -> str:
    head = _stub_head(emission.version, emission.runtime_import, emission.typing_import)
    return f"{head}\n{emission.typed}" if emission.typed else head


@lru_cache(maxsize=8)
def _stub_head(version: Source, runtime_import: Source, typing_import: Source) -> str:
    # The same for most toolsets of a version: formatted once per process.
    text = _render(
        "module.pyi.jinja",
        version=version,
        runtime=runtime_import,
        typing_import=typing_import,
    )
    return _format(text, "module.pyi.jinja", STUB_MODE)


@lru_cache(maxsize=4)
def _module_skeleton(version: Source) -> str:
    """The dump of the module's AST for blank data: what every module's must equal."""
    blank = Emission(version, Source('""'), Source(""), Source(""), "", "")
    return ast.dump(ast.parse(module_source(blank)))


@lru_cache(maxsize=8)
def _stub_skeleton(
    version: Source, runtime_import: Source, typing_import: Source
) -> tuple[int, str]:
    """How many statements the stub's head has (docstring, imports, __all__), and their dump."""
    blank = Emission(version, Source(""), runtime_import, typing_import, "", "")
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
