"""The decode plan of a tool whose only work is removing nulls: its null paths as plan nodes.

The call parser walks every tool's arguments with one walker, the decode plan
(templates/runtime/decode.py; the node shapes are decoding.py's). A tool with rewrites gets
its plan from decoding.py; a tool whose schema only had optional properties made nullable
gets this one, built from its null paths: an `object` node per object on a path (its `drop`
the properties whose null means "not given"), an `items` node per array, and an `all` node
where a value may be either.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import NullPath


@dataclass(slots=True)
class _Node:
    drop: list[str] = field(default_factory=list)  # properties removed when null
    properties: dict[str, _Node] = field(default_factory=dict)  # properties walked into
    items: _Node | None = None  # array items walked into


def null_plan(paths: tuple[NullPath, ...]) -> list[dict[str, Any]] | None:
    """The plan removing the nulls at `paths` (None: there are none). A path is a tuple of
    segments: a `str` is a property name, `None` every item of an array; its last segment
    names the property removed when null."""
    root = _Node()
    for path in paths:
        if not path or path[-1] is None:
            continue  # a path ends at a property: only those are removed
        node = root
        for segment in path[:-1]:
            if segment is None:
                node.items = node.items or _Node()
                node = node.items
            else:
                node = node.properties.setdefault(segment, _Node())
        if path[-1] not in node.drop:
            node.drop.append(path[-1])
    if not (root.drop or root.properties):
        return None
    nodes: list[dict[str, Any]] = []
    _emit(root, nodes)
    return nodes


def _emit(node: _Node, nodes: list[dict[str, Any]]) -> int:
    """Append the plan of `node`, its children after it, and return its index."""
    index = _reserve(nodes)
    as_object = bool(node.drop or node.properties)
    if as_object and node.items is not None:  # an object or an array: told apart by type
        nodes[index] = {"all": [_emit_object(node, nodes), _emit_items(node.items, nodes)]}
    elif as_object:
        nodes[index] = _object_plan(node, nodes)
    else:
        assert node.items is not None  # every node is on the way to a property
        nodes[index] = {"items": _emit(node.items, nodes)}
    return index


def _emit_object(node: _Node, nodes: list[dict[str, Any]]) -> int:
    index = _reserve(nodes)
    nodes[index] = _object_plan(node, nodes)
    return index


def _emit_items(items: _Node, nodes: list[dict[str, Any]]) -> int:
    index = _reserve(nodes)
    nodes[index] = {"items": _emit(items, nodes)}
    return index


def _object_plan(node: _Node, nodes: list[dict[str, Any]]) -> dict[str, Any]:
    children = {key: _emit(child, nodes) for key, child in node.properties.items()}
    plan: dict[str, Any] = {"object": children}
    if node.drop:
        plan["drop"] = list(node.drop)
    return plan


def _reserve(nodes: list[dict[str, Any]]) -> int:
    nodes.append({})  # filled once the children have their indices
    return len(nodes) - 1
