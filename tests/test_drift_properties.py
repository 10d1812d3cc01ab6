"""Properties of the graded diff (generator/drift/), over generated tool lists.

- the diff of a list with itself is empty;
- a list against the same list written otherwise (every key order reversed, integral bounds
  written as floats, type lists as anyOf) has only cosmetic changes;
- adding an optional property to an input schema's object is never breaking;
- removing a required property is always breaking, in an input schema and in an output schema.

The schemas are typed (an object node says `type: object`), as `properties` and `required`
mean something only for objects; objects declare at least one property, since declaring the
first property of a free-form object closes it (tests/test_drift.py,
`test_properties_declared_on_a_free_form_object_close_it`).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from mcp2openai.drift import diff_tools

NAMES = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=1, max_size=6)
TEXT = st.text(max_size=12)


@st.composite
def leaves(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["string", "integer", "number", "boolean", "null", "optional"]))
    node: dict[str, Any]
    if kind == "optional":
        node = {"type": [draw(st.sampled_from(["string", "integer"])), "null"]}
    else:
        node = {"type": kind}
    if kind == "string":
        if draw(st.booleans()):
            node["enum"] = draw(st.lists(TEXT, min_size=1, max_size=4, unique=True))
        if draw(st.booleans()):
            node["maxLength"] = draw(st.integers(0, 100))
    if kind in ("integer", "number") and draw(st.booleans()):
        node["minimum"] = draw(st.integers(-10, 10))
    if draw(st.booleans()):
        node["description"] = draw(TEXT)
    return node


def objects(children: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        properties = draw(st.dictionaries(NAMES, children, min_size=1, max_size=4))
        required = [name for name in properties if draw(st.booleans())]
        node: dict[str, Any] = {"type": "object", "properties": properties}
        if required or draw(st.booleans()):
            node["required"] = required
        closed = draw(st.sampled_from([None, False, True]))
        if closed is not None:
            node["additionalProperties"] = closed
        return node

    return build()


def compound(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(
        objects(children),
        st.builds(lambda item: {"type": "array", "items": item}, children),
        st.lists(children, min_size=2, max_size=3).map(lambda branches: {"anyOf": branches}),
    )


SCHEMAS = st.recursive(leaves(), compound, max_leaves=10)
ROOTS = objects(SCHEMAS)


@st.composite
def tools(draw: st.DrawFn) -> list[dict[str, Any]]:
    names = draw(st.lists(NAMES, min_size=1, max_size=4, unique=True))
    found = []
    for name in names:
        tool: dict[str, Any] = {"name": name, "inputSchema": draw(ROOTS)}
        if draw(st.booleans()):
            tool["outputSchema"] = draw(ROOTS)
        if draw(st.booleans()):
            tool["annotations"] = {"readOnlyHint": draw(st.booleans()), "title": draw(TEXT)}
        found.append(tool)
    return found


def object_nodes(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The paths of every object node, the root first."""
    if not isinstance(node, dict):
        return
    if node.get("type") == "object":
        yield path
        for name, child in node["properties"].items():
            yield from object_nodes(child, (*path, "properties", name))
    if "items" in node:
        yield from object_nodes(node["items"], (*path, "items"))
    for index, branch in enumerate(node.get("anyOf", [])):
        yield from object_nodes(branch, (*path, "anyOf", index))


def at(node: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        node = node[part]
    return node


def rewritten(node: Any) -> Any:
    """The same schema written otherwise: keys in reverse order, integral numbers as floats
    (not in enums, which keep their values), two-type lists as anyOf."""
    if isinstance(node, list):
        return [rewritten(item) for item in node]
    if not isinstance(node, dict):
        return node
    result: dict[str, Any] = {}
    for key, value in reversed(list(node.items())):
        if key in ("minimum", "maxLength") and isinstance(value, int):
            result[key] = float(value)
        elif key == "properties":
            result[key] = {name: rewritten(child) for name, child in reversed(value.items())}
        elif key in ("enum", "required"):
            result[key] = value
        else:
            result[key] = rewritten(value)
    kinds = result.get("type")
    if isinstance(kinds, list) and len(result) == 1:
        return {"anyOf": [{"type": kind} for kind in kinds]}
    return result


@given(tools())
def test_the_diff_of_a_list_with_itself_is_empty(listed: list[dict[str, Any]]) -> None:
    assert diff_tools(listed, copy.deepcopy(listed)) == []


@given(tools())
def test_the_same_list_written_otherwise_has_only_cosmetic_changes(
    listed: list[dict[str, Any]],
) -> None:
    changes = diff_tools(listed, rewritten(listed))
    assert [change for change in changes if change.grade != "cosmetic"] == []


@given(ROOTS, st.data())
def test_adding_an_optional_property_is_never_breaking(root: Any, data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(list(object_nodes(root))))
    new = copy.deepcopy(root)
    target = at(new, path)
    name = data.draw(NAMES.filter(lambda name: name not in target["properties"]))
    target["properties"][name] = data.draw(SCHEMAS)
    changes = diff_tools([{"name": "t", "inputSchema": root}], [{"name": "t", "inputSchema": new}])
    assert changes, "the new property must be seen"
    assert [change for change in changes if change.grade == "breaking"] == []


@given(ROOTS, st.sampled_from(["inputSchema", "outputSchema"]), st.data())
def test_removing_a_required_property_is_always_breaking(
    root: Any, key: str, data: st.DataObject
) -> None:
    candidates = [path for path in object_nodes(root) if at(root, path).get("required")]
    if not candidates:  # make one: the root's first property becomes required
        root["required"] = [next(iter(root["properties"]))]
        candidates = [()]
    path = data.draw(st.sampled_from(candidates))
    new = copy.deepcopy(root)
    target = at(new, path)
    name = data.draw(st.sampled_from(target["required"]))
    del target["properties"][name]
    target["required"].remove(name)
    base = {"name": "t", "inputSchema": {"type": "object"}}
    changes = diff_tools([{**base, key: root}], [{**base, key: new}])
    assert [change for change in changes if change.grade == "breaking"] != [], changes


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(
        st.sampled_from(
            [
                "type",
                "properties",
                "required",
                "items",
                "anyOf",
                "oneOf",
                "allOf",
                "enum",
                "const",
                "$ref",
                "$defs",
                "minimum",
                "maxLength",
                "additionalProperties",
                "readOnlyHint",
                "destructiveHint",
                "pattern",
                "prefixItems",
                "x",
            ]
        )
        | NAMES,
        children,
        max_size=4,
    ),
    max_leaves=12,
)


@given(st.lists(st.tuples(NAMES, JSON, JSON, JSON), max_size=3), st.data())
def test_any_json_is_graded_without_an_exception(
    parts: list[tuple[str, Any, Any, Any]], data: st.DataObject
) -> None:
    """Whatever a server sends (a snapshot only checks names and object input schemas), the
    diff answers: each change one printable line, a known grade, a pointer into the tool."""
    from mcp2openai.drift import GRADES, line

    old = [
        {"name": n, "inputSchema": {"a": a}, "outputSchema": b, "annotations": c}
        for n, a, b, c in parts
    ]
    new = data.draw(st.permutations(copy.deepcopy(old)))
    for tool in new:
        tool[data.draw(st.sampled_from(["inputSchema", "outputSchema", "annotations"]))] = (
            data.draw(JSON)
        )
    for change in diff_tools(old, new):
        assert change.grade in GRADES
        assert change.pointer == "" or change.pointer.startswith("/")
        assert "\n" not in line(change) and line(change).isprintable()
