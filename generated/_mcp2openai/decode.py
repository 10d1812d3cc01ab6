"""Applying a tool's decode plan to its arguments: the nulls strict mode made the model send
for optional properties removed, and the reversible rewrites undone (docs/design.md,
"Rewrites"); a bad encoding is answered with an ``Error:`` output naming its path.
"""

from .reading import clip, quote

TYPE_CHECKING = False
if TYPE_CHECKING:
    import json
    from collections.abc import Iterable
    from typing import Any

    from .core import Tables


# For some tools the model sends values in another shape than the server takes: a
# free-form value as a string holding JSON, a map as a list of {"key", "value"} entries, a
# root that is not a plain object wrapped in one property. Many tools have nulls to remove
# at the properties strict mode made required. A tool with rewrites has its plan in its
# "decode" entry (generator/strict/decoding.py), which ``decoded`` applies: plan nodes are
# indices into the plan's list, so recursion is a cycle of indices. A tool with only nulls
# to remove has its null paths ("nulls"): ``null_plan`` makes the tree of them on its
# first call, which ``drop_nulls`` walks.


def drop_nulls(
    toolset: "Tables", name: str, entry: "dict[str, Any]", value: "dict[str, object]"
) -> None:
    """Remove the nulls at the null paths of the tool ``name`` (``entry``: its entry of
    the "tools" table) from its arguments ``value``."""
    trees: dict[str, Any] = toolset.cache.setdefault("nulls", {})
    tree = trees.get(name)
    if tree is None:
        tree = trees[name] = null_plan(entry["nulls"])
    _drop(value, tree)


def null_plan(paths: "Iterable[Iterable[str | None]]") -> "dict[str, Any]":
    """The tree of the null paths ``paths``, each object's nulls removed as the walk
    meets it, so shared prefixes are visited once. A path is a sequence of segments: a
    ``str`` is a property name, ``None`` every item of an array; its last segment names
    the property removed when null. A node of the tree has the properties removed when
    null (``drop``), the nodes of properties (``properties``) and the node of every
    item of an array (``items``); a value may be either an object or an array."""
    root: dict[str, Any] = {}
    for path in paths:
        segments = list(path)
        if not segments or segments[-1] is None:
            continue  # a path ends at a property: only those are removed
        node = root
        for segment in segments[:-1]:
            if segment is None:
                node = node.setdefault("items", {})
            else:
                node = node.setdefault("properties", {}).setdefault(segment, {})
        node.setdefault("drop", []).append(segments[-1])
    return root


def _drop(value: object, node: "dict[str, Any]") -> None:
    if type(value) is dict:
        for key in node.get("drop", ()):
            if value.get(key, value) is None:
                del value[key]
        for key, child in node.get("properties", {}).items():
            if key in value:
                _drop(value[key], child)
    elif type(value) is list and "items" in node:
        for item in value:
            _drop(item, node["items"])


_MAX_DECODE_DEPTH = 500


class _BadEncoding(Exception):
    """A value the plan cannot decode: ``path`` is where, in the model's arguments (each
    level the error passes on its way out puts its key first)."""

    path: tuple[str, ...] = ()


def decoded(
    value: dict[str, object], plan: "list[dict[str, Any]]", name: str
) -> "dict[str, object] | str":
    """The arguments of the tool ``name`` in the server's shape, or the message saying
    why they cannot be."""
    try:
        result = _decode(value, 0, plan, 0)
    except _BadEncoding as error:
        where = "/" + "/".join(
            part.replace("~", "~0").replace("/", "~1") for part in error.path
        )
        detail = f"at {where if error.path else 'the top level'}, {error}"
    except RecursionError:
        detail = "the arguments are nested too deeply"
    else:
        if type(result) is dict:
            return result
        detail = "the arguments must decode to a JSON object"
    return (
        f"The arguments for {quote(name)} cannot be used: {detail}. "
        "Call the tool again with that value fixed."
    )


def _decode(
    value: object, index: int, plan: "list[dict[str, Any]]", depth: int
) -> object:
    if depth > _MAX_DECODE_DEPTH:
        raise _BadEncoding("the arguments are nested too deeply")
    node = plan[index]
    properties = node.get("object")
    if properties is not None:
        if type(value) is not dict:
            return value
        for key in node.get("drop", ()):
            if value.get(key, value) is None:
                del value[key]
        for key, child in properties.items():
            if key in value:
                value[key] = _decode_at(value[key], key, child, plan, depth)
        extra = node.get("extra")
        if extra is not None and extra in value:  # properties beyond the declared ones
            try:
                entries = value.pop(extra)
                names = node["names"]
                _from_entries(
                    entries, node.get("extra_value"), names, plan, depth, value
                )
            except _BadEncoding as error:
                error.path = (extra, *error.path)
                raise
        return value
    child = node.get("items")
    if child is not None:
        if type(value) is list:
            for position, item in enumerate(value):
                value[position] = _decode_at(item, str(position), child, plan, depth)
        return value
    table = node.get("anyOf")
    if table is not None:
        return _decode_branch(value, table, plan, depth)
    if "json" in node:
        return _json_value(value, node["json"])
    if value is None and node.get("null"):  # an entries or unwrap node that allows null
        return None
    if "entries" in node:
        return _from_entries(value, node["entries"], (), plan, depth)
    name = node.get("unwrap")
    if name is not None:
        if type(value) is not dict or name not in value:
            raise _BadEncoding(f"expected an object with the property {name!r}")
        then = node["then"]
        inner = value[name]
        return inner if then is None else _decode_at(inner, name, then, plan, depth)
    for part in node["all"]:
        value = _decode(value, part, plan, depth + 1)
    return value


def _decode_at(
    value: object, key: str, index: int, plan: "list[dict[str, Any]]", depth: int
) -> object:
    try:
        return _decode(value, index, plan, depth + 1)
    except _BadEncoding as error:
        error.path = (key, *error.path)
        raise


def _decode_branch(
    value: object, table: "dict[str, Any]", plan: "list[dict[str, Any]]", depth: int
) -> object:
    """The anyOf branch of ``value``: its JSON type, or for an object its set of keys
    (strict mode makes every object carry all its properties)."""
    if type(value) is dict:
        for keys, child in table.get("object", ()):
            if len(keys) == len(value) and all(key in value for key in keys):
                if type(child) is dict:  # same keys: told apart by a discriminator
                    child = _case(value.get(child["by"]), child["cases"])
                    if child is None:
                        return value
                return _decode(value, child, plan, depth + 1)
        return value
    child = table.get(_JSON_TYPES.get(type(value), ""))
    return value if child is None else _decode(value, child, plan, depth + 1)


_JSON_TYPES = {
    str: "string",
    bool: "boolean",
    int: "number",
    float: "number",
    list: "array",
    type(None): "null",
}


def _case(value: object, cases: "list[list[Any]]") -> "int | None":
    """The plan of the case whose const or enum value ``value`` is (JSON equality)."""
    for case, child in cases:
        if value == case and (type(value) is bool) == (type(case) is bool):
            result: int | None = child
            return result
    return None


def _json_value(value: object, types: "list[str] | None") -> object:
    if type(value) is not str:
        if value is None and (types is None or "null" in types):
            return None
        raise _BadEncoding("expected a string holding JSON")
    try:
        found: object = json_decoder().decode(value)
    except RecursionError:
        raise _BadEncoding("the JSON in the string is nested too deeply") from None
    except (ValueError, MemoryError) as exc:
        detail = clip(str(exc), 120)
        raise _BadEncoding(f"the string is not valid JSON ({detail})") from None
    if types is not None:
        kind = "null" if found is None else "object" if type(found) is dict else ""
        if kind not in types:
            wanted = " or ".join(types)
            raise _BadEncoding(f"the JSON in the string must be {wanted}")
    return found


def _from_entries(
    value: object,
    child: "int | None",
    names: "list[str] | tuple[str, ...]",
    plan: "list[dict[str, Any]]",
    depth: int,
    into: "dict[str, object] | None" = None,
) -> "dict[str, object]":
    """The object a list of ``{"key", "value"}`` entries stands for (added to ``into``)."""
    if type(value) is not list:
        raise _BadEncoding('expected a list of {"key", "value"} entries')
    out: dict[str, object] = {} if into is None else into
    seen: set[str] = set()
    for position, entry in enumerate(value):
        try:
            if type(entry) is not dict or "value" not in entry:
                raise _BadEncoding(
                    'each entry must be an object with "key" and "value"'
                )
            key = entry.get("key")
            if type(key) is not str:
                raise _BadEncoding('each entry needs a string "key"')
            if key in seen:
                raise _BadEncoding(f"the key {quote(key)} is given more than once")
            if key in names:
                raise _BadEncoding(
                    f"the key {quote(key)} is a listed property: give it there"
                )
            seen.add(key)
            item = entry["value"]
            out[key] = (
                item if child is None else _decode_at(item, "value", child, plan, depth)
            )
        except _BadEncoding as error:
            error.path = (str(position), *error.path)
            raise
    return out


_decoder: "json.JSONDecoder | None" = None


def json_decoder() -> "json.JSONDecoder":
    """The decoder of arguments: JSON as ``json.loads`` reads it, but ``NaN`` and
    ``Infinity``, which are not JSON."""
    global _decoder
    if _decoder is None:
        import json

        _decoder = json.JSONDecoder(parse_constant=_refuse_constant)
    return _decoder


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not valid JSON")
