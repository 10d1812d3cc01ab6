"""Proof, before anything is written, that a toolset's files say exactly what the model says.

- The module: its AST, with the docstring and the tables blanked, equals the AST of the
  template rendered with them blank; its docstring reads back as the model's, and each table
  is a string whose JSON parses to the values `emit()` computed from the model
  (`Emission.values`, generator/tables.py), as the runtime parses it (`Toolset.table`). No
  input can add, remove or change a statement.
- The stub: its head (docstring, imports, `__all__`) equals the template's, and every
  TypedDict field reads back as the model's, in the model's order.

The caller hands in the skeletons (generator/render.py renders them from blank pieces). A
mismatch is a bug in the generator, never the user's fault: a RenderError naming the file
and the table, and nothing is written (docs/design.md, "Emission").
"""

from __future__ import annotations

import ast
import json
from functools import lru_cache
from typing import Final

from . import typed
from .emit import Emission, RenderError
from .model import ModuleModel
from .summary import module_docstring
from .tables import TABLE_NAMES, constant

_BLANK: Final = ast.Constant("")
_CONSTANTS: Final = (str, int, bool)
# What a TypedDict field's annotation may be made of (generator/typed.py's vocabulary).
_TYPE_NAMES: Final = frozenset(
    {"str", "int", "float", "bool", "object", "dict", "list", "Literal", "NotRequired"}
)


def verify_module(text: str, model: ModuleModel, emission: Emission, skeleton: str) -> None:
    """`skeleton`: the AST dump of the module rendered with a blank docstring and blank
    tables."""
    tree = _parse(text, "module")
    if ast.get_docstring(tree, clean=False) != module_docstring(model):
        raise RenderError("module: the docstring does not read back as the model's")
    tree.body[0] = ast.Expr(_BLANK)
    names = {constant(name): name for name in TABLE_NAMES}
    found = []
    for node in tree.body:
        name = names.get(_assigned_name(node) or "")
        if name is None:
            continue
        assert isinstance(node, ast.Assign)
        if not (isinstance(node.value, ast.Constant) and type(node.value.value) is str):
            raise RenderError(f"module: table {name} is not a string")
        try:
            value = json.loads(node.value.value)
        except (ValueError, RecursionError) as error:
            raise RenderError(f"module: table {name} is not valid JSON: {error}") from None
        if value != emission.values[name]:
            raise RenderError(f"module: table {name} does not read back as the model's")
        node.value = _BLANK
        found.append(name)
    if found != list(TABLE_NAMES):
        raise RenderError("module: its tables are not the model's, in order")
    if ast.dump(tree) != skeleton:
        raise RenderError("module: its statements differ from the template's")


def verify_stub(text: str, emission: Emission, head: tuple[int, str]) -> None:
    """`head`: the count of statements of the stub rendered without TypedDicts, and their
    AST dump."""
    tree = _parse(text, "stub")
    count, dump = head
    if _dump(tree.body[:count]) != dump:
        raise RenderError("stub: its head differs from the template's")
    body = tree.body[count:]
    meant = emission.definitions  # each tool's TypedDict, after the nested ones it uses
    if len(body) != len(meant):
        raise RenderError(f"stub: {len(body)} TypedDicts for {len(meant)} definitions")
    shapes = {definition.name for definition in meant}
    for node, definition in zip(body, meant, strict=True):
        _check_typed_dict(node, definition, shapes)


def _check_typed_dict(node: ast.stmt, definition: typed.Definition, shapes: set[str]) -> None:
    where = f"stub: TypedDict {definition.name}"
    if _assigned_name(node) != definition.name:
        raise RenderError(f"{where} is not where it belongs")
    assert isinstance(node, ast.Assign)
    value = node.value
    if definition.fields is None:
        if ast.dump(value) != ast.dump(ast.parse("dict[str, object]", mode="eval").body):
            raise RenderError(f"{where} is not dict[str, object]")
        return  # a key too long for one line (generator/typed.py)
    if not (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id == "TypedDict"
        and not value.keywords
        and len(value.args) == 2
        and _is_str(value.args[0])
        and value.args[0].value == definition.name  # type: ignore[attr-defined]
        and isinstance(value.args[1], ast.Dict)
    ):
        raise RenderError(f"{where} is not a TypedDict call")
    fields = value.args[1]
    keys = [
        key.value if isinstance(key, ast.Constant) and type(key.value) is str else None
        for key in fields.keys
    ]
    if keys != [key for key, _ in definition.fields]:
        raise RenderError(f"{where}: its keys do not read back as the model's")
    for annotation, (key, expected) in zip(fields.values, definition.fields, strict=True):
        if _type_shape(annotation, shapes) != _expected_shape(expected):
            raise RenderError(f"{where}: field {key!r} does not read back as the model's")


TypeShape = tuple[object, ...]


def _type_shape(node: ast.expr, shapes: set[str] | frozenset[str]) -> TypeShape:
    """A type expression as nested tuples; RenderError for anything but the vocabulary.

    Names of generator/typed.py's vocabulary or of the stub's own TypedDicts, str/int/bool/
    None constants (Literal values), subscripts, tuples and `|`: nothing that could run.
    """
    if isinstance(node, ast.Name) and (node.id in _TYPE_NAMES or node.id in shapes):
        return ("name", node.id)
    if isinstance(node, ast.Constant) and (node.value is None or type(node.value) in _CONSTANTS):
        return ("constant", type(node.value).__name__, node.value)
    if isinstance(node, ast.Subscript):
        return ("subscript", _type_shape(node.value, shapes), _type_shape(node.slice, shapes))
    if isinstance(node, ast.Tuple):
        return ("tuple", *(_type_shape(item, shapes) for item in node.elts))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return ("or", _type_shape(node.left, shapes), _type_shape(node.right, shapes))
    raise RenderError(f"stub: {ast.unparse(node)[:80]!r} is not a type expression")


class _AnyName:
    def __contains__(self, name: object) -> bool:
        return True


@lru_cache(maxsize=1 << 14)
def _expected_shape(text: str) -> TypeShape:
    """The shape the model's annotation text describes (its names are checked in the stub)."""
    return _type_shape(ast.parse(text, mode="eval").body, _AnyName())  # type: ignore[arg-type]


def _parse(text: str, what: str) -> ast.Module:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
        raise RenderError(f"{what}: the generated text does not parse: {error}") from None


def _dump(body: list[ast.stmt]) -> str:
    return ast.dump(ast.Module(body=body, type_ignores=[]))


def _assigned_name(node: ast.stmt) -> str | None:
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        target = node.targets[0]
        if isinstance(target, ast.Name):
            return target.id
    return None


def _is_str(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)
