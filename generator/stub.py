"""The `.pyi` stub of a generated module: its public API and one TypedDict per tool.

The types live in a stub beside the module, not in the module: a type checker reads the stub
instead of the module, and the interpreter never compiles it. Compiling 2,000 tools'
TypedDicts would cost more than parsing all of the tools' definitions (docs/design.md,
"Types in a stub").

The API part is derived from the runtime (templates/runtime/), so it cannot drift from the code it
describes: public names only, function bodies dropped, quoted annotations unquoted, and the
runtime's `if TYPE_CHECKING:` imports and aliases kept. The TypedDicts come from
generator/typed.py, already in black's style.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import lru_cache
from typing import Final

from . import typed
from .model import ModuleModel

STUB_LEVEL: Final = 0  # the TypedDicts are top-level statements of the stub


@lru_cache(maxsize=4)
def api_stub(runtime: str, types: str = "") -> str:
    """Stub statements (unformatted source) for the public names of the runtime `runtime`.

    `types` is templates/types.pyi: its declarations come first, and a function it defines
    (with overloads) or a class it defines replaces the one derived from the runtime.
    """
    declared = ast.parse(types).body
    if declared and isinstance(declared[0], ast.Expr):
        declared = declared[1:]  # its docstring is for the reader of types.pyi
    replaced = {
        node.name
        for node in declared
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
    }
    body: list[ast.stmt] = []
    for node in ast.parse(runtime).body:
        body.extend(
            stubbed
            for stubbed in _stubbed(node)
            if not (
                isinstance(stubbed, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                and stubbed.name in replaced
            )
        )
    statements = [*declared, *body]
    rest = [node for node in statements if not isinstance(node, (ast.Import, ast.ImportFrom))]
    module = ast.Module(body=[*_imports(statements), *rest], type_ignores=[])
    return ast.unparse(ast.fix_missing_locations(module)) + "\n"


def _imports(statements: list[ast.stmt]) -> list[ast.stmt]:
    """The imports of `statements` (types.pyi's and every runtime part's), merged: one
    statement per module, names sorted, plain imports first.

    Only absolute imports are expected (the parts are pasted into one module); a relative or
    `__future__` import, or one name bound by two different imports, is a bug in the templates.
    """
    plain: set[tuple[str, str | None]] = set()
    names: dict[str, set[tuple[str, str | None]]] = {}
    bound: dict[str, str] = {}  # name in the stub -> where it comes from
    for node in statements:
        if isinstance(node, ast.Import):  # `import a.b` binds `a`; `import a.b as c`, `c`
            found = [
                (alias.name, alias.asname, alias.name if alias.asname else alias.name.split(".")[0])
                for alias in node.names
            ]
            plain.update((name, asname) for name, asname, _ in found)
        elif isinstance(node, ast.ImportFrom):
            if node.level or node.module in (None, "__future__"):
                raise ValueError(f"stub: unsupported import {ast.unparse(node)!r}")
            module = str(node.module)
            found = [(alias.name, alias.asname, f"{module}.{alias.name}") for alias in node.names]
            names.setdefault(module, set()).update((name, asname) for name, asname, _ in found)
        else:
            continue
        for name, asname, origin in found:
            local = asname or name.partition(".")[0]
            if bound.setdefault(local, origin) != origin:
                raise ValueError(f"stub: {local!r} is imported from two places")
    merged: list[ast.stmt] = [
        ast.Import([ast.alias(name, asname)]) for name, asname in sorted(plain, key=_alias_order)
    ]
    for module in sorted(names):
        aliases = [
            ast.alias(name, asname) for name, asname in sorted(names[module], key=_alias_order)
        ]
        merged.append(ast.ImportFrom(module, aliases, 0))
    return merged


def _alias_order(alias: tuple[str, str | None]) -> tuple[str, str]:
    return alias[0], alias[1] or ""  # a name before its aliases


def typed_section(model: ModuleModel) -> str:
    """The TypedDicts of every tool, at module level, in black's `.pyi` style."""
    return "".join(typed.section(tool.shape, tool.fields, level=STUB_LEVEL) for tool in model.tools)


def _stubbed(node: ast.stmt) -> Iterator[ast.stmt]:
    if isinstance(node, ast.If) and _is_type_checking(node.test):
        yield from node.body  # imports and aliases that exist for type checkers only
    elif isinstance(node, ast.If) or _assigns(node, "TYPE_CHECKING"):
        return  # `if not TYPE_CHECKING:` (run-time only) and the flag itself
    elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        if _public(node.name):
            yield _signature(node)
    elif isinstance(node, ast.ClassDef):
        if _public(node.name):
            yield _class(node)
    elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        if _public(node.target.id):
            yield ast.AnnAssign(node.target, _unquoted(node.annotation), None, simple=1)
    elif _assigns(node, "__all__"):
        yield node


def _class(node: ast.ClassDef) -> ast.ClassDef:
    body: list[ast.stmt] = []
    for item in node.body:
        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            body.append(ast.AnnAssign(item.target, _unquoted(item.annotation), None, simple=1))
        elif isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
            _public(item.name) or (item.name.startswith("__") and item.name.endswith("__"))
        ):
            body.append(_signature(item))
    node.body = body or [ast.Expr(ast.Constant(...))]
    return node


def _signature(node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.stmt:
    """The function with its body (docstring included) replaced by `...`."""
    arguments = node.args
    for argument in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]:
        if argument.annotation is not None:
            argument.annotation = _unquoted(argument.annotation)
    if node.returns is not None:
        node.returns = _unquoted(node.returns)
    node.body = [ast.Expr(ast.Constant(...))]
    return node


def _unquoted(annotation: ast.expr) -> ast.expr:
    """`"Report"` -> `Report`: a stub is never executed, so nothing needs quoting there."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        return ast.parse(annotation.value, mode="eval").body
    return annotation


def _is_type_checking(test: ast.expr) -> bool:
    return isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"


def _assigns(node: ast.stmt, name: str) -> bool:
    return isinstance(node, ast.Assign) and any(
        isinstance(target, ast.Name) and target.id == name for target in node.targets
    )


def _public(name: str) -> bool:
    return not name.startswith("_")
