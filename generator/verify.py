"""Proof, before anything is written, that a module and its stub say exactly what the model says.

Two checks per file, on the parsed text (never on the text itself):

- Structure: the file's AST, with each data value blanked, equals the AST of the templates
  rendered with blank data. No input can add, remove or change a statement.
- Values: every data table, the docstring and every TypedDict field is read back from the AST
  (JSON tables with `json.loads`) and compared with the model: the tables with the values
  `emit()` computed from it (`Emission.values`, generator/tables.py), the rest with the model
  itself.

A mismatch is a bug in the generator, never the user's fault: a RenderError naming the table,
and nothing is written (docs/design.md, "Emission").
"""

from __future__ import annotations

import ast
import json
from functools import lru_cache
from typing import Final

from . import typed
from .emit import Emission, RenderError
from .literals import Source
from .model import ModuleModel
from .stub import STUB_LEVEL
from .summary import module_docstring
from .tables import TABLE_NAMES

_BLANK: Final = ast.Constant("")
_CONSTANTS: Final = (str, int, bool)
# What a TypedDict field's annotation may be made of (generator/typed.py's vocabulary).
_TYPE_NAMES: Final = frozenset(
    {"str", "int", "float", "bool", "object", "dict", "list", "Literal", "NotRequired"}
)


def verify_module(text: str, model: ModuleModel, emission: Emission) -> None:
    tree = _parse(text, "module")
    found: dict[str, str] = {}
    for node in tree.body:
        name = _assigned_name(node)
        if name in TABLE_NAMES:
            assert isinstance(node, ast.Assign)
            value = node.value
            if name in found or not isinstance(value, ast.Constant) or type(value.value) is not str:
                raise RenderError(f"module: table {name} is not one str constant")
            found[name] = value.value
            node.value = _BLANK
    expected = emission.values  # tables(model), computed once by emit()
    for name in TABLE_NAMES:
        if name not in found:
            raise RenderError(f"module: table {name} is missing")
        # The exact text meant (so 1.0 stays 1.0 and true stays true), holding the model's data.
        meant = emission.tables[name].text
        if name not in expected:
            raise RenderError(f"module: table {name} has no value to compare with")
        if f'r"""{found[name]}"""' != meant or json.loads(found[name]) != expected[name]:
            raise RenderError(f"module: table {name} does not read back as the model's")
    docstring = ast.get_docstring(tree, clean=False)
    if docstring != module_docstring(model):
        raise RenderError("module: the docstring does not read back as the model's")
    tree.body[0] = ast.Expr(_BLANK)
    if ast.dump(tree) != _module_skeleton(emission.runtime, emission.version):
        raise RenderError("module: its statements differ from the templates'")


def verify_stub(text: str, model: ModuleModel, emission: Emission) -> None:
    tree = _parse(text, "stub")
    count, expected = _stub_head(emission.version, emission.api_stub)
    if _dump(tree.body[:count]) != expected:
        raise RenderError("stub: its API part differs from the template's")
    body = tree.body[count:]
    # each tool's TypedDict, after the nested ones it uses (generator/typed.py)
    meant = [
        definition
        for tool in model.tools
        for definition in typed.definitions(tool.shape, tool.fields, level=STUB_LEVEL)
    ]
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


@lru_cache(maxsize=4)
def _module_skeleton(runtime: Source, version: Source) -> str:
    """The dump of the module's AST for blank data: what every module's must equal."""
    from .render import module_source  # render imports this module

    blank = Emission(
        version=version,
        docstring=Source('""'),
        runtime=runtime,
        tables={name: Source('""') for name in TABLE_NAMES},
        api_stub=Source(""),
        typed="",
    )
    return ast.dump(ast.parse(module_source(blank)))


@lru_cache(maxsize=4)
def _stub_head(version: Source, api_stub: Source) -> tuple[int, str]:
    """How many statements the stub's template gives, and their dump."""
    from .render import stub_source  # render imports this module

    blank = Emission(version, Source(""), Source(""), {}, api_stub, typed="")
    body = ast.parse(stub_source(blank)).body
    return len(body), _dump(body)


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
