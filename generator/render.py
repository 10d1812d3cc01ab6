"""Render the module model to formatted Python source (STYLE.md practices 3, 4, 6, 7).

jinja2 draws the module's shape from `templates/module.py.jinja`; black formats that skeleton,
in-process, with an explicit mode and never the user's configuration. The data (thousands of
tools) never goes through black: each `literal` in the template becomes a placeholder name, and
after black the placeholder is replaced by `literals.value_source`, which writes what black
would write. A `finalize` hook refuses every printed value that is not a `Source`, so a
forgotten filter is a build error, never an injection.
"""

from __future__ import annotations

import ast
import re
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Final

import black
import jinja2

from .literals import Source, docstring, value_source
from .model import ModuleModel

BLACK_MODE: Final = black.Mode(
    target_versions={black.mode.TargetVersion.PY311},
    line_length=88,
    string_normalization=True,
    magic_trailing_comma=True,
    preview=False,
)
_RUNTIME_MARKER: Final = "# ---- runtime ----\n"
_PLACEHOLDER: Final = re.compile(
    r"(?m)^(?P<lead>[^\n]*?)_m2o_(?P<kind>value|block)_(?P<index>\d+)(?P<tail>[^\n]*)$"
)


class RenderError(Exception):
    """A bug in the generator or its templates (never the user's input)."""


def render(model: ModuleModel) -> str:
    """The generated module's source for `model`, formatted as black formats it."""
    values: list[Any] = []
    blocks: list[str] = []
    environment = _environment(values, blocks)
    block = environment.filters["block"]
    skeleton = environment.get_template("module.py.jinja").render(
        model=model, runtime=block(_runtime_source())
    )
    try:
        ast.parse(skeleton)
    except SyntaxError as error:
        raise RenderError(f"module.py.jinja renders invalid Python: {error}") from None
    formatted = black.format_str(skeleton, mode=BLACK_MODE)
    # The data is not parsed again here (that costs more than the rest of a large build):
    # literals.py's output is proven against the parser and black by tests/test_literals.py,
    # and every module the tests build is imported.
    return _substitute(formatted, values, blocks)


def _environment(values: list[Any], blocks: list[str]) -> jinja2.Environment:
    def literal(value: object) -> Source:
        values.append(value)
        return Source(f"_m2o_value_{len(values) - 1}")

    def block(text: str) -> Source:
        # Text already in black's style (the runtime, the typed section) is kept out of black
        # entirely: it replaces a placeholder statement after formatting.
        blocks.append(text)
        return Source(f"_m2o_block_{len(blocks) - 1}")

    def finalize(value: object) -> str:
        if not isinstance(value, Source):
            raise RenderError(f"template printed {type(value).__name__} without a safe filter")
        return value.text

    environment = jinja2.Environment(
        loader=jinja2.FunctionLoader(lambda name: _templates().joinpath(name).read_text("utf-8")),
        undefined=jinja2.StrictUndefined,
        finalize=finalize,
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters.update(
        literal=literal, block=block, docstring=lambda text: Source(docstring(text))
    )
    return environment


def _templates() -> Traversable:
    """`templates/`: inside the installed package, or beside `generator/` in a checkout."""
    try:
        return resources.files("mcp2openai.templates")
    except ModuleNotFoundError:
        return resources.files("generator").joinpath("..", "templates")


def _runtime_source() -> str:
    text = _templates().joinpath("runtime.py").read_text("utf-8")
    _, marker, runtime = text.partition(_RUNTIME_MARKER)
    if not marker:
        raise RenderError("templates/runtime.py has lost its runtime marker")
    return runtime.strip("\n")


def _substitute(formatted: str, values: list[Any], blocks: list[str]) -> str:
    def replace(match: re.Match[str]) -> str:
        lead, index = match["lead"], int(match["index"])
        if match["kind"] == "block":
            return blocks[index].rstrip("\n")  # the block carries its own indentation
        level = (len(lead) - len(lead.lstrip(" "))) // 4
        # What follows the value on its line (a "," in a call) counts toward black's limit.
        return lead + value_source(values[index], level, len(lead), match["tail"]) + match["tail"]

    return _PLACEHOLDER.sub(replace, formatted)
