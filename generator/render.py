"""Render a module and its stub from the model (docs/conventions.md, practices 3, 4, 6, 7).

jinja2 places the pieces generator/emit.py made; black formats what jinja2 rendered, in-process,
with an explicit mode and never the user's configuration. Two kinds of piece are already in
black's style and are joined after formatting instead of going through it (black would take
seconds on them and change nothing): the runtime (templates/runtime/, which `make check` keeps
black-clean) and the data section (raw JSON strings) of the module, and the TypedDicts of the
stub. Nothing is ever substituted into formatted text.

Before anything is returned, generator/verify.py parses both files, reads every table back and
compares the structure with the templates': a mismatch is a RenderError, and nothing is written.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import black
import jinja2

from .emit import Emission, RenderError, emit, templates
from .literals import Source
from .model import ModuleModel
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
    module: str  # the .py file
    stub: str  # the .pyi file beside it


def render(model: ModuleModel) -> Rendered:
    """The generated module and its stub for `model`, formatted as black formats them."""
    emission = emit(model)
    module = module_source(emission)
    stub = stub_source(emission)
    verify_module(module, model, emission)
    verify_stub(stub, model, emission)
    return Rendered(module, stub)


def module_source(emission: Emission) -> str:
    head = _format(
        _render("module.py.jinja", docstring=emission.docstring, version=emission.version),
        "module.py.jinja",
        BLACK_MODE,
    )
    data = _render("data.py.jinja", version=emission.version, tables=emission.tables)
    # black's blank lines: one after a comment that opens a section, two between top-level
    # definitions and what follows them.
    return f"{head}\n{emission.runtime.text}\n\n\n{data}"


def stub_source(emission: Emission) -> str:
    head = _stub_head(emission.version, emission.api_stub)
    return f"{head}\n{emission.typed}" if emission.typed else head


@lru_cache(maxsize=4)
def _stub_head(version: Source, api_stub: Source) -> str:
    # The same for every toolset of a version: formatted once per process.
    text = _render("module.pyi.jinja", version=version, api_stub=api_stub)
    return _format(text, "module.pyi.jinja", STUB_MODE)


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
