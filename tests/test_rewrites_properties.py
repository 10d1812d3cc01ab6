"""Property tests of the reversible rewrites (docs/rewrites.md).

(a) Soundness: every instance the strict schema allows, sent through the generated module's
    `tool_calls` (the runtime of templates/runtime/, with the tool's decode plan), either comes
    out as arguments the ORIGINAL schema accepts (checked with `jsonschema`) or is rejected with
    an `Error:` output. Instances are drawn from the strict schema (hypothesis-jsonschema), and
    also made by encoding an original instance and then spoiling the encoding (other JSON in a
    JSON string, a repeated key, a declared name among the extra entries).
(b) Completeness: every instance of the original schema has an encoding the strict schema accepts
    (checked with `jsonschema`) that decodes back to exactly that instance. The one exception
    is strict mode's own: an optional property that accepts null and was absent comes back as
    null (docs/design.md, "Decisions where the spec was silent").

Both run for every rewrite kind on random schemas shaped like the reasons tools fell back
(free-form values, zod and pydantic maps, propertyNames and patternProperties, oneOf unions,
allOf, roots that are not plain objects), for mixtures of them and of the plain vocabulary,
and on every tool of the recorded servers that has a rewrite. Every strict schema also passes
the independent checker. "The original" means the input without the keywords the conversion
reports as dropped (they only narrow; the server still validates), as in
tests/test_strict_properties.py; the generated schemas here carry no droppable assertion.
Recursion through optional properties (`dynamic_nulls`) cannot be drawn by
hypothesis-jsonschema: its instances come from a strategy of their own.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, reject, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema
from jsonschema import Draft202012Validator
from mcp2openai.strict import Conversion, Unsupported, convert
from mcp2openai.strict.rules import REWRITE_KINDS
from mcp2openai.templates.runtime.decode import _BadEncoding, _decode
from openai_checker import strict_violations
from runtime_support import load_runtime, with_toolset
from test_strict_properties import SNAPSHOTS, without_dropped

Schema = dict[str, Any]

_RELAXED = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
PROPERTY_SETTINGS = settings(suppress_health_check=_RELAXED)
SNAPSHOT_SETTINGS = settings(
    suppress_health_check=_RELAXED, max_examples=max(5, settings().max_examples // 10)
)


# What a model might put in a JSON string instead: not JSON, or JSON of another type.
SPOILED_JSON = st.sampled_from(["{", "[1]", '"x"', "1", "null", "", "{} {}", "NaN", "true"])


rt = load_runtime("mcp2openai_rewrites_runtime", {})


# ---------------------------------------------------------------------------------------------
# The module's view: a call through `tool_calls`, with the tool's tables


def call(conversion: Conversion, arguments: Any) -> tuple[bool, Any]:
    """(True, the arguments the server gets) or (False, the Error output's text)."""
    null_paths = {"t": conversion.null_paths} if conversion.null_paths else {}
    decode = {"t": conversion.decode} if conversion.decode is not None else {}
    with_toolset(rt, {"t": ("s", "t")}, null_paths, decode=decode)
    item = {"type": "function_call", "call_id": "c", "name": "t"}
    calls, rejected = rt.tool_calls({"output": [{**item, "arguments": json.dumps(arguments)}]})
    if calls:
        assert not rejected
        return True, calls[0].arguments
    assert len(rejected) == 1 and rejected[0]["output"].startswith("Error: "), rejected
    return False, rejected[0]["output"]


def sound(schema: Schema, conversion: Conversion, instance: Any) -> None:
    """(a) for one strict-shaped instance (sent whether or not the strict schema allows it:
    the runtime must never pass on an invalid value)."""
    accepted, result = call(conversion, instance)
    if accepted:
        original = without_dropped(schema, conversion)
        errors = list(Draft202012Validator(original).iter_errors(result))
        assert not errors, f"{instance!r} decoded to {result!r}: {errors[0].message}"


def same(expected: Any, actual: Any) -> bool:
    """JSON equality that tells 1 from 1.0 and True from 1; a key absent from `expected` may
    come back as null (strict mode's optional-and-nullable properties)."""
    if type(expected) is not type(actual):
        return False
    if isinstance(expected, dict):
        return all(key in actual and same(expected[key], actual[key]) for key in expected) and all(
            key in expected or actual[key] is None for key in actual
        )
    if isinstance(expected, list):
        return len(expected) == len(actual) and all(map(same, expected, actual))
    return bool(expected == actual)


def complete(schema: Schema, conversion: Conversion, instance: Any) -> bool:
    """(b) for one original instance; False when the draw was not an instance after all (or
    not an object: MCP arguments are one, whatever a root without type admits)."""
    if not isinstance(instance, dict) or not Draft202012Validator(schema).is_valid(instance):
        return False
    encoded = Encoder(conversion).encode(instance)
    errors = list(Draft202012Validator(conversion.schema).iter_errors(encoded))
    assert not errors, f"{instance!r} encoded as {encoded!r}: {errors[0].message}"
    accepted, result = call(conversion, encoded)
    assert accepted, result
    assert same(instance, result), f"{instance!r} came back as {result!r}"
    # The nulls `same` lets through are those the original accepts (a kept null).
    assert Draft202012Validator(schema).is_valid(result), result
    return True


# ---------------------------------------------------------------------------------------------
# An encoder: how a model would write an original instance in the strict shape


class Encoder:
    """Writes an original instance in the strict shape, guided by the strict schema and the
    decode plan. Where it has a choice (an anyOf branch) it keeps the candidate the strict
    schema accepts and the runtime decodes back. `spoil` draws ways to spoil an encoding."""

    def __init__(self, conversion: Conversion, spoil: st.DataObject | None = None) -> None:
        self.schema = conversion.schema
        self.plan = conversion.decode
        self.validator = Draft202012Validator(conversion.schema)
        self.spoil = spoil

    def encode(self, value: Any) -> Any:
        return self.node(value, self.schema, 0 if self.plan is not None else None)

    def node(self, value: Any, strict: Any, index: int | None) -> Any:
        strict = self.deref(strict)
        plan = None if index is None or self.plan is None else self.plan[index]
        if "anyOf" in strict and (plan is None or "anyOf" not in plan):
            # A nullable wrapper, an annotation wrapper, or an anyOf without rewrites.
            return self.branches(value, strict["anyOf"], index, plan)
        if plan is None:
            return self.plain(value, strict)
        if "json" in plan:
            if value is None and plan["json"] is not None and "null" in plan["json"]:
                return None  # the JSON string node takes null itself (a kept null)
            text = json.dumps(value)
            if self.spoil is not None and self.spoil.draw(st.booleans()):
                text = self.spoil.draw(SPOILED_JSON)
            return text
        if "entries" in plan:
            if value is None:
                return None
            return self.entries(value, strict["items"], plan["entries"])
        if "unwrap" in plan:
            name = plan["unwrap"]
            return {name: self.node(value, strict["properties"][name], plan["then"])}
        if "anyOf" in plan:
            return self.branches(value, strict["anyOf"], index, plan)
        if "all" in plan:
            for part in plan["all"]:
                kind = self.plan[part]  # type: ignore[index]
                if ("items" in kind) == isinstance(value, list) and (
                    "object" in kind
                ) == isinstance(value, dict):
                    return self.node(value, strict, part)
            return self.plain(value, strict)
        if "items" in plan:
            if not isinstance(value, list):
                return value
            return [self.node(item, strict["items"], plan["items"]) for item in value]
        return self.object(value, strict, plan)

    def object(self, value: Any, strict: Schema, plan: dict[str, Any]) -> Any:
        if not isinstance(value, dict):
            return value
        out = {}
        extra = plan.get("extra")
        for name, sub in strict["properties"].items():
            if name == extra:
                continue
            out[name] = (
                self.node(value[name], sub, plan["object"].get(name)) if name in value else None
            )
        if extra is not None:
            rest = {key: item for key, item in value.items() if key not in out}
            entries = strict["properties"][extra]["items"]
            out[extra] = self.entries(rest, entries, plan.get("extra_value"))
            if self.spoil is not None and plan["names"] and self.spoil.draw(st.booleans()):
                name = self.spoil.draw(st.sampled_from(plan["names"]))
                out[extra].append({"key": name, "value": None})  # a declared name
        return out

    def entries(self, value: Any, entry: Schema, index: int | None) -> Any:
        if not isinstance(value, dict):
            return value
        value_schema = entry["properties"]["value"]
        out = [
            {"key": key, "value": self.node(item, value_schema, index)}
            for key, item in value.items()
        ]
        if self.spoil is not None and out and self.spoil.draw(st.integers(0, 3)) == 0:
            out.append(dict(self.spoil.draw(st.sampled_from(out))))  # a repeated key
        return out

    def branches(
        self, value: Any, branches: list[Any], index: int | None, plan: dict[str, Any] | None
    ) -> Any:
        """The first branch whose encoding the strict schema accepts and the plan (at this
        node) decodes back to `value`; the plain value when none does (the draw is then
        outside what the strict schema can say, and the caller's checks will tell)."""
        candidates: list[int | None] = [index] if plan is None or "anyOf" not in plan else []
        if plan is not None and "anyOf" in plan:
            table = plan["anyOf"]
            candidates = [None, *(i for i in table.values() if isinstance(i, int))]
            for _, child in table.get("object", []):
                switch = child["cases"] if isinstance(child, dict) else [[None, child]]
                candidates += [case for _, case in switch]
        for branch in branches:
            for candidate in dict.fromkeys(candidates):
                try:
                    encoded = self.node(value, branch, candidate)
                except (KeyError, TypeError, IndexError):
                    continue
                if not self.validator.evolve(schema=branch).is_valid(encoded):
                    continue
                if index is None or self.plan is None or self.spoil is not None:
                    return encoded
                try:
                    decoded = _decode(copy.deepcopy(encoded), index, self.plan, 0)
                except _BadEncoding:
                    continue
                if same(value, decoded):
                    return encoded
        return value

    def plain(self, value: Any, strict: Any) -> Any:
        """A value under a node without a plan: only the nulls of absent properties to add."""
        strict = self.deref(strict)
        if "anyOf" in strict:
            for branch in strict["anyOf"]:
                encoded = self.plain(value, branch)
                if self.validator.evolve(schema=branch).is_valid(encoded):
                    return encoded
            return value
        if isinstance(value, dict) and "properties" in strict:
            if set(value) - set(strict["properties"]):
                return value  # not this object's keys: the strict schema will say no
            return {
                name: self.plain(value[name], sub) if name in value else None
                for name, sub in strict["properties"].items()
            }
        if isinstance(value, list) and "items" in strict:
            return [self.plain(item, strict["items"]) for item in value]
        return value

    def deref(self, strict: Any) -> Any:
        while isinstance(strict, dict) and "$ref" in strict:
            ref = strict["$ref"]
            strict = self.schema if ref == "#" else self.schema["$defs"][ref.split("/")[-1]]
        return strict


# ---------------------------------------------------------------------------------------------
# Schemas shaped like the reasons tools fell back before the rewrites

NAMES = st.sampled_from(["a", "b", "c", "x y", "extra_properties", "json"])
SCALARS = st.sampled_from(
    [
        {"type": "string"},
        {"type": "string", "minLength": 1, "maxLength": 4},
        {"type": "string", "pattern": "^[a-z]*$"},
        {"type": "integer", "minimum": 0, "maximum": 9},
        {"type": "number"},
        {"type": "boolean"},
        {"type": ["string", "null"]},
        {"enum": ["a", "b", 1]},
        {"type": "string", "const": "k"},
        {"type": "null"},
    ]
)
# z.any(), z.unknown(), pydantic Any and dict[str, Any], JS arrays without items, zod 4 records.
FREE_FORM = st.sampled_from(
    [
        {},
        True,
        {"description": "anything"},
        {"type": "object"},
        {"type": "object", "additionalProperties": True},
        {"type": "object", "additionalProperties": {}},
        {"type": ["object", "null"]},
        {"type": "array"},
        {"type": "array", "items": {}},
        {"type": "object", "propertyNames": {"type": "string"}, "additionalProperties": {}},
    ]
)
KEYS = st.sampled_from(
    [
        None,
        {"type": "string"},
        {"pattern": "^[a-z]+$"},
        {"enum": ["a", "b", "c"]},
        {"maxLength": 2},
        {"type": "string", "minLength": 1},
    ]
)


@st.composite
def maps(draw: st.DrawFn, child: st.SearchStrategy[Any]) -> Schema:
    """zod records (with propertyNames in zod 4), pydantic dict[str, X], patternProperties."""
    value = draw(child)
    if draw(st.integers(0, 3)) == 0:
        pattern = {"^[a-z]+$": value}
        return {"type": "object", "patternProperties": pattern, "additionalProperties": False}
    node: Schema = {
        "type": draw(st.sampled_from(["object", ["object", "null"]])),
        "additionalProperties": value,
    }
    keys = draw(KEYS)
    if keys is not None:
        node["propertyNames"] = keys
    return node


@st.composite
def objects(
    draw: st.DrawFn, child: st.SearchStrategy[Any], *, extra: bool = False, names: Any = NAMES
) -> Schema:
    properties = draw(st.dictionaries(names, child, min_size=1, max_size=3))
    required = draw(st.lists(st.sampled_from(sorted(properties)), unique=True))
    node: Schema = {"type": "object", "properties": properties, "required": required}
    if extra:  # passthrough objects: their other properties travel as entries
        node["additionalProperties"] = draw(st.one_of(st.just(True), child))
    elif draw(st.booleans()):
        node["additionalProperties"] = False
    return node


@st.composite
def one_ofs(draw: st.DrawFn, child: st.SearchStrategy[Any]) -> Schema:
    """Provably disjoint unions: by JSON type, by a const discriminator, by required
    properties the other branch forbids."""
    how = draw(st.sampled_from(["types", "discriminator", "same keys", "required"]))
    if how == "same keys":  # told apart only by the discriminator's value
        kinds = draw(st.lists(st.sampled_from(["cat", "dog", "eel"]), min_size=2, unique=True))
        return {
            "oneOf": [
                {
                    "type": "object",
                    "properties": {"kind": {"type": "string", "const": kind}, "data": draw(child)},
                    "required": ["kind", "data"],
                }
                for kind in kinds
            ]
        }
    if how == "types":
        pool = [{"type": "string"}, {"type": "integer"}, {"type": "boolean"}, {"type": "array"}]
        branches = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=3, unique_by=str))
        if draw(st.booleans()):
            branches.append(draw(objects(child, names=st.sampled_from(["a", "b"]))))
        return {"oneOf": branches}
    if how == "discriminator":
        branches = []
        for kind in draw(st.lists(st.sampled_from(["cat", "dog", "eel"]), min_size=2, unique=True)):
            branch = draw(
                objects(child, extra=draw(st.booleans()), names=st.sampled_from(["a", "b"]))
            )
            branch["properties"]["kind"] = {"type": "string", "const": kind}
            branch["required"] = sorted({*branch["required"], "kind"})
            branches.append(branch)
        return {"oneOf": branches}
    a, b = draw(child), draw(child)
    return {
        "oneOf": [
            {
                "type": "object",
                "properties": {"a": a},
                "required": ["a"],
                "additionalProperties": False,
            },
            {
                "type": "object",
                "properties": {"b": b},
                "required": ["b"],
                "additionalProperties": False,
            },
        ]
    }


@st.composite
def all_ofs(draw: st.DrawFn, child: st.SearchStrategy[Any]) -> Schema:
    """zod .and() and pydantic single-entry allOf wrappers: members that merge."""
    how = draw(st.sampled_from(["two", "single", "overlap"]))
    if how == "single":
        return {"allOf": [draw(objects(child))], "description": "wrapped"}
    if how == "overlap":
        return {
            "allOf": [
                {"type": "object", "properties": {"n": {"type": "integer", "minimum": 0}}},
                {"type": "object", "properties": {"n": {"type": "integer", "maximum": 5}}},
            ],
            "required": draw(st.sampled_from([[], ["n"]])),
        }
    first = draw(objects(child, names=st.sampled_from(["a", "b"])))
    second = draw(objects(child, names=st.sampled_from(["c", "d"])))
    first.pop("additionalProperties", None)
    second.pop("additionalProperties", None)
    return {"allOf": [first, second]}


@st.composite
def any_ofs(draw: st.DrawFn, child: st.SearchStrategy[Any]) -> Schema:
    """notion's "an object, or the same as a string": a JSON string beside a string branch;
    mcpforunityserver's "a list of numbers, a map of numbers or a string": entries beside an
    array branch."""
    free = draw(st.sampled_from([{"type": "object", "additionalProperties": True}, {}]))
    shape = draw(st.sampled_from(["json beside string", "beside another", "entries beside array"]))
    if shape == "json beside string":
        branches = [free, {"type": "string"}]
    elif shape == "beside another":
        branches = [draw(child), free]
    else:
        value = draw(child)
        branches = [
            {"type": "array", "items": draw(st.sampled_from([value, draw(child)]))},
            {"type": "object", "additionalProperties": value},
            *draw(st.sampled_from([[], [{"type": "string"}], [{"type": "null"}]])),
        ]
        branches = draw(st.permutations(branches))
    return {"anyOf": branches}


def _extend(child: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(
        maps(child),
        objects(child),
        objects(child, extra=True),
        one_ofs(child),
        all_ofs(child),
        any_ofs(child),
        st.builds(lambda items: {"type": "array", "items": items}, child),
    )


SCHEMAS = st.recursive(st.one_of(SCALARS, FREE_FORM), _extend, max_leaves=5)


@st.composite
def tool_schemas(draw: st.DrawFn) -> Schema:
    """A tool's inputSchema; the root too may need a rewrite."""
    how = draw(
        st.sampled_from(
            ["object", "object", "no type", "extra", "map", "anyOf", "oneOf", "$ref", "allOf"]
        )
    )
    if how == "map":
        return draw(maps(SCHEMAS))
    if how == "anyOf":
        branches = [draw(objects(SCHEMAS, names=st.sampled_from(n))) for n in (["a"], ["b", "c"])]
        return {"anyOf": branches}
    if how == "oneOf":
        return draw(
            one_ofs(SCHEMAS).filter(
                lambda node: "type" in node["oneOf"][0] and node["oneOf"][0]["type"] == "object"
            )
        )
    if how == "allOf":
        return draw(all_ofs(SCHEMAS))
    root = draw(objects(SCHEMAS, extra=how == "extra"))
    if how == "no type":
        del root["type"]
    if how == "$ref":
        return {"$ref": "#/$defs/Arguments", "$defs": {"Arguments": root}}
    return root


def closed(schema: Any) -> Any:
    """The original with the objects closed as strict mode closes them (declared properties
    and no additionalProperties: docs/design.md, "Decisions where the spec was silent"); the
    others stay open, and so do free-form objects: their other properties travel as entries
    or JSON."""
    if not isinstance(schema, dict):
        return schema
    out = dict(schema)
    for keyword in ("properties", "$defs", "patternProperties"):
        if isinstance(schema.get(keyword), dict):
            out[keyword] = {name: closed(sub) for name, sub in schema[keyword].items()}
    for keyword in ("items", "additionalProperties"):
        if isinstance(schema.get(keyword), dict):
            out[keyword] = closed(schema[keyword])
    for keyword in ("anyOf", "oneOf"):
        if isinstance(schema.get(keyword), list):
            out[keyword] = [closed(branch) for branch in schema[keyword]]
    if isinstance(schema.get("allOf"), list):
        members = [closed(member) for member in schema["allOf"]]
        names = {name for member in members for name in member.get("properties", {})}
        if not any("additionalProperties" in member for member in members) and names:
            for member in members:  # closed together: each takes the others' names
                member["properties"] = {name: {} for name in names} | member.get("properties", {})
                member["additionalProperties"] = False
        out["allOf"] = members
    open_keys = {"additionalProperties", "patternProperties"} & schema.keys()
    if schema.get("properties") and not open_keys and "allOf" not in schema:
        out["additionalProperties"] = False
    return out


def arguments(schema: Schema) -> st.SearchStrategy[Any]:
    """Instances of the original to encode: objects (MCP arguments are one), closed."""
    return from_schema({**closed(schema), "type": "object"})


def converted(schema: Schema) -> Conversion:
    """The conversion; the refusals this vocabulary allows (an ambiguous null, branches that
    decode differently but look alike, too deep) are skipped."""
    before = copy.deepcopy(schema)
    try:
        conversion = convert(schema)
    except Unsupported as error:
        allowed = ("accepts null in another", "cannot be told apart", "levels of objects")
        assert any(text in error.reason for text in allowed), error
        reject()
    assert schema == before, "convert mutated its input"
    assert strict_violations(conversion.schema) == [], strict_violations(conversion.schema)
    return conversion


# ---------------------------------------------------------------------------------------------
# The properties


@PROPERTY_SETTINGS
@given(schema=tool_schemas(), data=st.data())
def test_strict_instances_decode_to_original_instances_or_errors(
    schema: Schema, data: st.DataObject
) -> None:
    conversion = converted(schema)
    sound(schema, conversion, data.draw(from_schema(conversion.schema), label="instance"))


@PROPERTY_SETTINGS
@given(schema=tool_schemas(), data=st.data())
def test_spoiled_encodings_are_rejected_or_decode_to_original_instances(
    schema: Schema, data: st.DataObject
) -> None:
    conversion = converted(schema)
    instance = data.draw(arguments(schema), label="instance")
    assume(Draft202012Validator(schema).is_valid(instance))
    sound(schema, conversion, Encoder(conversion, spoil=data).encode(instance))


@PROPERTY_SETTINGS
@given(schema=tool_schemas(), data=st.data())
def test_original_instances_have_an_encoding_that_decodes_back(
    schema: Schema, data: st.DataObject
) -> None:
    conversion = converted(schema)
    instance = data.draw(arguments(schema), label="instance")
    assume(complete(schema, conversion, instance))


def test_every_rewrite_kind_is_generated_and_checked() -> None:
    """The strategies above reach every kind (recursion has its own tests below), and the
    filters leave most draws checked."""
    kinds: dict[str, int] = dict.fromkeys(REWRITE_KINDS, 0)
    tried, ran = [0], [0]

    @settings(PROPERTY_SETTINGS, max_examples=80, derandomize=True, database=None)
    @given(schema=tool_schemas(), data=st.data())
    def count(schema: Schema, data: st.DataObject) -> None:
        conversion = converted(schema)
        for rewrite in conversion.rewrites:
            kinds[rewrite.kind] += 1
        tried[0] += 1
        instance = data.draw(arguments(schema))
        ran[0] += complete(schema, conversion, instance)

    count()
    print(kinds, ran, tried)
    assert all(kinds[kind] for kind in REWRITE_KINDS if kind != "dynamic_nulls"), kinds
    assert ran[0] >= 0.7 * tried[0], (ran, tried)


# ---------------------------------------------------------------------------------------------
# The recorded servers' tools that have rewrites


EXCERPTS = Path(__file__).resolve().parent / "fixtures" / "excerpts"


def _rewritten_tools() -> list[tuple[str, Schema]]:
    tools = []
    for path in [*sorted(SNAPSHOTS.glob("*.json")), *sorted(EXCERPTS.glob("*.json"))]:
        for tool in json.loads(path.read_text(encoding="utf-8"))["tools"]:
            try:
                conversion = convert(tool["inputSchema"])
            except Unsupported:
                continue
            if conversion.rewrites:
                tools.append((f"{path.stem}:{tool['name']}", tool["inputSchema"]))
    return tools


REWRITTEN = _rewritten_tools()


def test_the_recorded_servers_have_rewritten_tools() -> None:
    assert len(REWRITTEN) >= 15


@pytest.mark.parametrize(("name", "schema"), REWRITTEN, ids=[name for name, _ in REWRITTEN])
def test_snapshot_strict_instances_decode_to_original_instances(name: str, schema: Schema) -> None:
    conversion = convert(schema)

    @SNAPSHOT_SETTINGS
    @given(from_schema(conversion.schema))
    def check(instance: Any) -> None:
        sound(schema, conversion, instance)

    check()


@pytest.mark.parametrize(("name", "schema"), REWRITTEN, ids=[name for name, _ in REWRITTEN])
def test_snapshot_original_instances_decode_back(name: str, schema: Schema) -> None:
    conversion = convert(schema)

    @SNAPSHOT_SETTINGS
    @given(arguments(schema), st.data())
    def check(instance: Any, data: st.DataObject) -> None:
        assume(complete(schema, conversion, instance))
        sound(schema, conversion, Encoder(conversion, spoil=data).encode(instance))

    check()


# ---------------------------------------------------------------------------------------------
# Recursion through optional properties: nulls removed by walking the schema (dynamic_nulls)

NODE: Schema = {
    "type": "object",
    "properties": {
        "value": {"type": "string"},
        "children": {"type": "array", "items": {"$ref": "#/$defs/node"}},
        "labels": {"type": "object", "additionalProperties": {"type": "integer"}},
        "note": {},
    },
    "required": ["value"],
}
RECURSIVE = [
    {
        "type": "object",
        "properties": {"tree": {"$ref": "#/$defs/node"}, "depth": {"type": "integer"}},
        "required": ["tree"],
        "$defs": {"node": NODE},
    },
    {
        "type": "object",
        "properties": {"name": {"type": "string"}, "child": {"$ref": "#"}, "extra": {}},
        "required": ["name"],
    },
]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-9, 9) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=2)
    | st.dictionaries(st.text(max_size=2), inner, max_size=2),
    max_leaves=4,
)
_OPTIONAL = {"labels": st.dictionaries(st.text(max_size=2), st.integers()), "note": JSON_VALUES}
TREES = st.recursive(
    st.fixed_dictionaries({"value": st.text(max_size=3)}, optional=_OPTIONAL),
    lambda tree: st.fixed_dictionaries(
        {"value": st.text(max_size=3)},
        optional={**_OPTIONAL, "children": st.lists(tree, max_size=3)},
    ),
    max_leaves=10,
)
CHAINS = st.recursive(
    st.fixed_dictionaries({"name": st.text(max_size=3)}, optional={"extra": JSON_VALUES}),
    lambda chain: st.fixed_dictionaries(
        {"name": st.text(max_size=3)}, optional={"child": chain, "extra": JSON_VALUES}
    ),
    max_leaves=8,
)


@st.composite
def recursive_calls(draw: st.DrawFn) -> tuple[Schema, Any]:
    if draw(st.booleans()):
        call = {"tree": draw(TREES)}
        if draw(st.booleans()):
            call["depth"] = draw(st.integers())
        return RECURSIVE[0], call
    return RECURSIVE[1], draw(CHAINS)


def test_recursion_through_optional_properties_is_a_dynamic_rewrite() -> None:
    for schema in RECURSIVE:
        conversion = convert(schema)
        assert "dynamic_nulls" in [rewrite.kind for rewrite in conversion.rewrites]
        assert conversion.null_paths == () and conversion.decode is not None
        assert strict_violations(conversion.schema) == []


@PROPERTY_SETTINGS
@given(call_=recursive_calls(), data=st.data())
def test_recursive_instances_decode_back_and_spoiled_ones_never_pass_invalid(
    call_: tuple[Schema, Any], data: st.DataObject
) -> None:
    schema, instance = call_
    conversion = convert(schema)
    assert complete(schema, conversion, instance)
    sound(schema, conversion, Encoder(conversion, spoil=data).encode(instance))
