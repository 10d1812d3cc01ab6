"""Proof, before anything is written, that a toolset's files say exactly what the model says.

- The module: its AST, with the docstring blanked, equals the AST of the template rendered
  with blank data, and its docstring reads back as the model's. No input can add, remove or
  change a statement.
- The stub: its head (docstring, imports, `__all__`) equals the template's, and every
  TypedDict field reads back as the model's, in the model's order.
- The data: it is its opening lines and the tables in order, at the offsets it gives and
  nothing between them but their keys, and the runtime's own reader
  (templates/runtime/__init__.py, `Toolset.table`) finds every table as the values `emit()`
  computed from the model (`Emission.values`, generator/tables.py).

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
from .runtime import read_tables
from .summary import module_docstring
from .tables import TABLE_NAMES

_BLANK: Final = ast.Constant("")
_CONSTANTS: Final = (str, int, bool)
# What a TypedDict field's annotation may be made of (generator/typed.py's vocabulary).
_TYPE_NAMES: Final = frozenset(
    {"str", "int", "float", "bool", "object", "dict", "list", "Literal", "NotRequired"}
)


def verify_module(text: str, model: ModuleModel, emission: Emission, skeleton: str) -> None:
    """`skeleton`: the AST dump of the module rendered with a blank docstring."""
    tree = _parse(text, "module")
    if ast.get_docstring(tree, clean=False) != module_docstring(model):
        raise RenderError("module: the docstring does not read back as the model's")
    tree.body[0] = ast.Expr(_BLANK)
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


def verify_data(emission: Emission) -> None:
    """The data file is its opening lines, then the tables in order at the offsets its
    `"tables"` line gives, with nothing around or between them but their keys; and the
    runtime reads each back as the model's. So the file parses as JSON to exactly the
    version, the offsets and the model's tables, without parsing it whole a second time."""
    expected, data = emission.values, emission.data
    if list(expected) != list(TABLE_NAMES):
        raise RenderError("data: its tables are not the model's, in order")
    opening = f'{{\n"mcp2openai":{json.dumps(emission.version.text)},\n"tables":'
    if not data.startswith(opening):
        raise RenderError("data: its first lines are not written for this version")
    if not data.isascii():
        raise RenderError("data: not ASCII")
    line_end = data.find(",\n", len(opening))
    try:
        spans = json.loads(data[len(opening) : line_end])
    except ValueError as error:
        raise RenderError(f'data: its "tables" line is not valid JSON: {error}') from None
    if not isinstance(spans, dict) or list(spans) != list(TABLE_NAMES):
        raise RenderError("data: its tables are not the model's, in order")
    base = position = line_end + len(",\n")  # where the offsets count from
    for name, span in spans.items():
        key = ("" if position == base else ",\n") + f'"{name}":'
        if data[position : base + span[0]] != key:
            raise RenderError(f"data: table {name} is not where its offsets say")
        position = base + span[1]
    if data[position:] != "\n}\n":
        raise RenderError("data: it does not end where its last table does")
    try:
        read = read_tables(data, emission.version.text, TABLE_NAMES)
    except (ValueError, LookupError, RecursionError) as error:
        raise RenderError(f"data: the runtime does not read it: {error}") from None
    for name in TABLE_NAMES:
        if read[name] != expected[name]:
            raise RenderError(f"data: table {name} does not read back as the model's")


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
