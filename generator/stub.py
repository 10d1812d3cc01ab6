"""The `.pyi` stub of a toolset module: the shared API re-exported, and one TypedDict per tool.

The types live in a stub beside the module, not in the module: a type checker reads the stub
instead of the module, and the interpreter never compiles it. Compiling 2,000 tools'
TypedDicts would cost more than parsing all of the tools' definitions (docs/design.md,
"Types in a stub").

The API is the runtime's `api.pyi` (templates/runtime/), re-exported by every toolset of the
folder, so they share one `ToolCall`; the TypedDicts come from generator/typed.py, already
in black's style.
"""

from __future__ import annotations

from typing import Final

from . import typed
from .model import ModuleModel
from .paths import RUNTIME_PACKAGE  # the runtime's folder beside the toolset modules

STUB_LEVEL: Final = 0  # the TypedDicts are top-level statements of the stub


def runtime_import(package: bool) -> str:
    """Where the stub imports the API from: the runtime beside it, relative when the
    output folder is a package (`from app.tools import github`), else top-level."""
    return f".{RUNTIME_PACKAGE}" if package else RUNTIME_PACKAGE


def definitions(model: ModuleModel) -> tuple[typed.Definition, ...]:
    """Every TypedDict of the stub, in order: each tool's, after the nested ones it uses."""
    return tuple(
        definition
        for tool in model.tools
        for definition in typed.definitions(tool.shape, tool.fields, level=STUB_LEVEL)
    )


def typing_import(definitions: tuple[typed.Definition, ...]) -> str:
    """The stub's `from typing import ...` line: the names its TypedDicts use (none for an
    empty toolset)."""
    used = {"TypedDict"} if definitions else set()
    for definition in definitions:
        for _, annotation in definition.fields or ():
            used.update(name for name in ("Literal", "NotRequired") if f"{name}[" in annotation)
    return f"from typing import {', '.join(sorted(used))}" if used else ""


def typed_section(definitions: tuple[typed.Definition, ...]) -> str:
    """The TypedDicts, at module level, in black's `.pyi` style."""
    return "".join(typed.write(definition, STUB_LEVEL) for definition in definitions)
