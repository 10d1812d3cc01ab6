"""The ``<Tool>Args`` TypedDicts of a toolset module's stub, as real TypedDicts at run
time: made on the first use of a name (the module's ``__getattr__``) from the module's
"args" table, which holds each TypedDict's fields, and their types as data
(generator/tables.py, ``type_data``): a name (``"str"``, ``"None"``, the name of another
TypedDict of the module), ``["X", A, B]`` for ``X[A, B]`` (``Literal``'s are its values),
``["|", A, B]`` for ``A | B``. No code of the module is evaluated.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .core import Tables, ToolCall

_NAMED = {"str": str, "int": int, "float": float, "bool": bool, "object": object}


def typeddict(toolset: "Tables", name: str) -> "Any":
    """The TypedDict ``name`` (or the ``dict[str, object]`` alias the stub gives a tool
    whose fields could not be written), made once; AttributeError for a name the module
    does not have."""
    made: dict[str, Any] = toolset.cache.setdefault("typeddicts", {})
    if name not in made:
        table: dict[str, Any] = toolset.table("args")
        if name not in table:
            raise AttributeError(f"module {toolset.module!r} has no attribute {name!r}")
        from typing import TypedDict

        for key, fields in table.items():  # each after the nested ones it uses
            if key not in made and fields is None:
                made[key] = dict[str, object]
            elif key not in made:
                types = {field: _type(spec, made) for field, spec in fields}
                made[key] = TypedDict(key, types)  # type: ignore[operator]
                made[key].__module__ = toolset.module
            if key == name:
                break
    return made[name]


def arguments(toolset: "Tables", call: "ToolCall", shape: object) -> "Any":
    """``Toolset.arguments``: ``call.arguments``, if ``shape`` is its tool's TypedDict."""
    entry = toolset.entry(call.name)
    expected = None if entry is None else typeddict(toolset, entry["args"])
    if shape is not expected:
        wanted = getattr(shape, "__name__", shape)
        raise ValueError(f"call {call.call_id!r} is to {call.name!r}, not {wanted}")
    return call.arguments


def _type(spec: object, made: "dict[str, Any]") -> "Any":
    """The typing object a type of the "args" table stands for."""
    if type(spec) is str:
        return None if spec == "None" else _NAMED.get(spec) or made[spec]
    if type(spec) is not list or not spec:
        raise ValueError(f"not a type of the stub: {spec!r}")
    head, *items = spec
    if head == "Literal":
        from typing import Literal

        return Literal[tuple(items)]
    found = [_type(item, made) for item in items]
    if head == "|":
        union = found[0]
        for member in found[1:]:
            union = union | member
        return union
    if head == "NotRequired":
        from typing import NotRequired

        return NotRequired[found[0]]
    if head == "list" or head == "dict":
        generic: Any = list if head == "list" else dict
        return generic.__class_getitem__(found[0] if head == "list" else tuple(found))
    raise ValueError(f"not a type of the stub: {spec!r}")
