"""Removing the nulls strict mode makes the model send for optional properties: each tool's
null paths as a tree, walked once per call.

Part of the runtime every generated module carries (templates/runtime/__init__.py).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .api import _Path

# ---- runtime ----


class _NullNode:
    """A tool's null paths as a tree, so that shared prefixes are walked once."""

    __slots__ = ("branches", "items", "leaves", "paths")

    def __init__(self, paths: "tuple[_Path, ...] | None" = None) -> None:
        self.paths = paths  # at the root: the null paths the tree was built from
        self.leaves: list[str] = []  # properties deleted when null
        self.branches: dict[str, _NullNode] = {}  # properties walked into
        self.items: _NullNode | None = None  # array items walked into


_null_trees: "dict[str, _NullNode]" = {}


def _null_tree(name: str, paths: "tuple[_Path, ...]") -> "_NullNode":
    root = _NullNode(paths)
    for path in paths:
        last = path[-1] if path else None
        if last is None:
            continue  # the last segment names a property
        node = root
        for segment in path[:-1]:
            if segment is None:
                if node.items is None:
                    node.items = _NullNode()
                node = node.items
            else:
                child = node.branches.get(segment)
                if child is None:
                    child = node.branches[segment] = _NullNode()
                node = child
        if last not in node.leaves:
            node.leaves.append(last)
    _null_trees[name] = root
    return root


def _drop_nulls(args: dict[str, object], name: str, paths: "tuple[_Path, ...]") -> None:
    root = _null_trees.get(name)
    if root is None or root.paths is not paths:
        root = _null_tree(name, paths)
    _walk_nulls(args, root)


def _walk_nulls(value: object, node: "_NullNode") -> None:
    if type(value) is dict:
        for key in node.leaves:
            if value.get(key, value) is None:
                del value[key]
        if node.branches:
            _walk_branches(value, node.branches)
    elif type(value) is list and node.items is not None:
        for item in value:
            _walk_nulls(item, node.items)


def _walk_branches(value: dict[str, object], branches: "dict[str, _NullNode]") -> None:
    for key, node in branches.items():
        inner = value.get(key)
        if type(inner) is list:
            items = node.items
            if items is None:
                continue
            if items.branches or items.items is not None:
                for item in inner:
                    _walk_nulls(item, items)
                continue
            leaves = items.leaves  # the common case: properties of array items
            for item in inner:
                if type(item) is dict:
                    for leaf in leaves:
                        if item.get(leaf, item) is None:
                            del item[leaf]
        elif inner is not None:
            _walk_nulls(inner, node)
