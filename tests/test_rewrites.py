"""One test per rule of the reversible rewrites (docs/rewrites.md): what each kind
sends, the plan that undoes it, the call parser's answers to bad encodings, nested `$id`
scoping, `--rewrites off`, `--target compatible`, and what a build reports."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from buildutil import build_module, write_snapshot
from jsonschema import Draft202012Validator
from mcp2openai.strict import Conversion, Unsupported, convert
from openai_checker import strict_violations
from test_llguidance import compile_error
from test_rewrites_properties import call

REPO = Path(__file__).resolve().parent.parent
Schema = dict[str, Any]


def tool(name: str, schema: Schema) -> Schema:
    return {"name": name, "description": "d", "inputSchema": schema}


def obj(properties: Schema, required: list[str] | None = None, **extra: Any) -> Schema:
    schema: Schema = {"type": "object", "properties": properties, **extra}
    if required is not None:
        schema["required"] = required
    return schema


def converted(schema: Schema, **options: Any) -> Conversion:
    conversion = convert(schema, **options)
    assert strict_violations(conversion.schema) == []
    return conversion


def refused(schema: Any, **options: Any) -> Unsupported:
    with pytest.raises(Unsupported) as caught:
        convert(schema, **options)
    return caught.value


def kinds(conversion: Conversion) -> list[tuple[str, str]]:
    return [("/".join(map(str, r.path)), r.kind) for r in conversion.rewrites]


def decoded(conversion: Conversion, arguments: Any) -> Any:
    accepted, result = call(conversion, arguments)
    assert accepted, result
    return result


def error(conversion: Conversion, arguments: Any) -> str:
    accepted, result = call(conversion, arguments)
    assert not accepted, result
    assert isinstance(result, str)
    return result


# -- json_string -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "types"),
    [
        ({}, None),
        (True, None),
        ({"description": "Anything"}, None),
        ({"type": "object"}, ["object"]),
        ({"type": "object", "additionalProperties": True}, ["object"]),
        ({"type": "object", "properties": {}, "additionalProperties": {}}, ["object"]),
    ],
    ids=["empty", "true", "annotated", "object", "open-object", "empty-properties"],
)
def test_free_form_values_become_json_strings(value: Any, types: list[str] | None) -> None:
    conversion = converted(obj({"v": value}, ["v"]))
    node = conversion.schema["properties"]["v"]
    assert node["type"] == "string" and "as JSON text" in node["description"]
    assert kinds(conversion) == [("properties/v", "json_string")]
    assert conversion.decode == [{"object": {"v": 1}}, {"json": types}]
    assert decoded(conversion, {"v": '{"a": [1, null]}'}) == {"v": {"a": [1, None]}}
    if types is None:
        assert decoded(conversion, {"v": " 3 "}) == {"v": 3}
        assert decoded(conversion, {"v": "null"}) == {"v": None}


def test_optional_json_string_null_means_absent_and_json_null_means_null() -> None:
    conversion = converted(obj({"v": {}}))
    assert conversion.schema["properties"]["v"]["type"] == ["string", "null"]
    assert decoded(conversion, {"v": None}) == {}
    assert decoded(conversion, {"v": "null"}) == {"v": None}


def test_a_nullable_free_object_keeps_its_null() -> None:
    conversion = converted(obj({"v": {"type": ["object", "null"]}}))
    assert conversion.schema["properties"]["v"]["type"] == ["string", "null"]
    assert decoded(conversion, {"v": None}) == {"v": None}
    assert decoded(conversion, {"v": "{}"}) == {"v": {}}


def test_array_without_items_has_json_string_items() -> None:
    conversion = converted(obj({"rows": {"type": "array"}}, ["rows"]))
    assert conversion.schema["properties"]["rows"]["items"]["type"] == "string"
    assert kinds(conversion) == [("properties/rows/items", "json_string")]
    assert decoded(conversion, {"rows": ["1", '"x"', "[]"]}) == {"rows": [1, "x", []]}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{oops", "at /v, the string is not valid JSON (Expecting property name"),
        ("[1]", "at /v, the JSON in the string must be object"),
        ("NaN", "at /v, the string is not valid JSON (NaN is not valid JSON)"),
        ("", "at /v, the string is not valid JSON"),
        (3, "at /v, expected a string holding JSON"),
        ("[" * 3000 + "]" * 3000, "at /v, the JSON in the string is nested too deeply"),
    ],
    ids=["not-json", "wrong-type", "nan", "empty", "not-a-string", "deep"],
)
def test_bad_json_strings_are_errors_naming_the_argument(text: Any, message: str) -> None:
    conversion = converted(obj({"v": {"type": "object"}}, ["v"]))
    output = error(conversion, {"v": text})
    assert output.startswith("Error: The arguments for 't' cannot be used: " + message), output
    assert output.endswith("Call the tool again with that value fixed.")


# -- entries -----------------------------------------------------------------------------------


def test_typed_maps_become_entries() -> None:
    source = obj({"m": {"type": "object", "additionalProperties": {"type": "integer"}}}, ["m"])
    conversion = converted(source)
    node = conversion.schema["properties"]["m"]
    assert node["type"] == "array"
    assert node["items"] == {
        "type": "object",
        "properties": {"key": {"type": "string"}, "value": {"type": "integer"}},
        "required": ["key", "value"],
        "additionalProperties": False,
    }
    assert kinds(conversion) == [("properties/m", "entries")]
    entries = [{"key": "a", "value": 1}, {"key": "b", "value": 2}]
    assert decoded(conversion, {"m": entries}) == {"m": {"a": 1, "b": 2}}
    assert decoded(conversion, {"m": []}) == {"m": {}}


@pytest.mark.parametrize(
    ("names", "key"),
    [
        ({"pattern": "^[a-z]+$"}, {"type": "string", "pattern": "^[a-z]+$"}),
        ({"enum": ["cpu", "disk"]}, {"type": "string", "enum": ["cpu", "disk"]}),
        ({"type": "string", "format": "email"}, {"type": "string", "format": "email"}),
        ({"maxLength": 8}, {"type": "string", "maxLength": 8}),
        ({"type": "string"}, {"type": "string"}),
    ],
    ids=["pattern", "enum", "format", "length", "zod4"],
)
def test_the_key_keeps_what_strict_mode_allows(names: Schema, key: Schema) -> None:
    node = {"type": "object", "propertyNames": names, "additionalProperties": {"type": "string"}}
    conversion = converted(obj({"m": node}, ["m"]))
    assert conversion.schema["properties"]["m"]["items"]["properties"]["key"] == key


def test_pattern_properties_become_entries_with_the_pattern_as_key() -> None:
    node = {
        "type": "object",
        "patternProperties": {"^[A-Z]+$": {"type": "string"}},
        "additionalProperties": False,
    }
    conversion = converted(obj({"env": node}, ["env"]))
    key = conversion.schema["properties"]["env"]["items"]["properties"]["key"]
    assert key == {"type": "string", "pattern": "^[A-Z]+$"}
    assert decoded(conversion, {"env": [{"key": "HOME", "value": "/"}]}) == {"env": {"HOME": "/"}}


@pytest.mark.parametrize(
    ("node", "keyword"),
    [
        (
            {"patternProperties": {"^a": {}, "^b": {}}, "additionalProperties": False},
            "patternProperties",
        ),
        ({"patternProperties": {"^a": {}}}, "patternProperties"),
        ({"patternProperties": {"(?=a)": {}}, "additionalProperties": False}, "patternProperties"),
        (
            {
                "properties": {"ab": {}},
                "patternProperties": {"^a": {}},
                "additionalProperties": False,
            },
            "patternProperties",
        ),
        ({"properties": {"a": {}}, "propertyNames": {"pattern": "^b"}}, "propertyNames"),
    ],
    ids=["two-patterns", "open-beside", "lookaround", "declared-matches", "names-beside-declared"],
)
def test_maps_that_cannot_be_entries_are_refused(node: Schema, keyword: str) -> None:
    assert refused(obj({"m": {"type": "object", **node}}, ["m"])).keyword == keyword


MAP = {"type": "object", "additionalProperties": {"type": "object"}}  # values: JSON strings


def test_a_repeated_key_is_an_error_naming_the_key() -> None:
    conversion = converted(obj({"m": MAP}, ["m"]))
    entries = [{"key": "a", "value": "{}"}, {"key": "a", "value": "{}"}]
    assert "at /m/1, the key 'a' is given more than once" in error(conversion, {"m": entries})


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        ({"a": 1}, 'at /m, expected a list of {"key", "value"} entries'),
        ([{"key": "a"}], 'at /m/0, each entry must be an object with "key" and "value"'),
        ([{"key": 1, "value": 1}], 'at /m/0, each entry needs a string "key"'),
        ([{"key": "a", "value": "x"}], "at /m/0/value, the string is not valid JSON"),
    ],
    ids=["not-a-list", "no-value", "key-not-a-string", "bad-value"],
)
def test_bad_entries_are_errors_naming_the_argument(entries: Any, message: str) -> None:
    conversion = converted(obj({"m": MAP}, ["m"]))
    assert message in error(conversion, {"m": entries})


def test_required_keys_of_a_map_are_reported_as_dropped() -> None:
    node = {"type": "object", "required": ["a"], "additionalProperties": {"type": "string"}}
    conversion = converted(obj({"m": node}, ["m"]))
    assert [(d.path, d.keyword) for d in conversion.dropped] == [(("properties", "m"), "required")]
    extra = obj({"a": {"type": "string"}}, ["a", "b"], additionalProperties=True)
    conversion = converted(obj({"m": extra}, ["m"]))
    assert [(d.path, d.keyword) for d in conversion.dropped] == [(("properties", "m"), "required")]
    assert converted(obj({"m": {"type": "object", "required": []}}, ["m"])).dropped == ()


def test_a_nullable_map_keeps_its_null() -> None:
    node = {"type": ["object", "null"], "additionalProperties": {"type": "string"}}
    conversion = converted(obj({"m": node}, ["m"]))
    assert conversion.schema["properties"]["m"]["type"] == ["array", "null"]
    assert decoded(conversion, {"m": None}) == {"m": None}


# -- declared properties and open ones ---------------------------------------------------------


def test_open_properties_travel_beside_the_declared_ones_and_merge_back() -> None:
    node = obj({"q": {"type": "string"}}, ["q"], additionalProperties=True)
    conversion = converted(obj({"query": node}, ["query"]))
    strict = conversion.schema["properties"]["query"]
    assert strict["required"] == ["extra_properties", "q"]
    assert strict["properties"]["extra_properties"]["type"] == "array"
    extra = [{"key": "limit", "value": "10"}, {"key": "tags", "value": '["a"]'}]
    arguments = {"query": {"q": "x", "extra_properties": extra}}
    assert decoded(conversion, arguments) == {"query": {"q": "x", "limit": 10, "tags": ["a"]}}
    same_name = [{"key": "q", "value": '"y"'}]
    output = error(conversion, {"query": {"q": "x", "extra_properties": same_name}})
    assert "at /query/extra_properties/0, the key 'q' is a listed property" in output


def test_the_extra_name_never_clashes_with_a_declared_one() -> None:
    node = obj({"extra_properties": {"type": "string"}}, ["extra_properties"])
    node["additionalProperties"] = {"type": "integer"}
    conversion = converted(node)
    assert sorted(conversion.schema["properties"]) == ["extra_properties", "extra_properties_2"]
    arguments = {"extra_properties": "s", "extra_properties_2": [{"key": "n", "value": 1}]}
    assert decoded(conversion, arguments) == {"extra_properties": "s", "n": 1}


# -- oneOf -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "branches",
    [
        [{"type": "string"}, {"type": "integer"}],
        [
            obj({"kind": {"const": "a"}, "x": {"type": "string"}}, ["kind"]),
            obj({"kind": {"enum": ["b", "c"]}}, ["kind"]),
        ],
        [
            obj({"a": {"type": "string"}}, ["a"], additionalProperties=False),
            obj({"b": {"type": "string"}}, ["b"], additionalProperties=False),
        ],
        [{"type": "string", "enum": ["x"]}, {"type": "string", "enum": ["y"]}],
    ],
    ids=["types", "discriminator", "required-excluded", "enums"],
)
def test_provably_disjoint_one_of_becomes_any_of(branches: list[Schema]) -> None:
    conversion = converted(obj({"v": {"oneOf": branches}}, ["v"]))
    assert "anyOf" in conversion.schema["properties"]["v"]
    assert ("properties/v", "oneOf_as_anyOf") in kinds(conversion)


@pytest.mark.parametrize(
    "branches",
    [
        [{"type": "number"}, {"type": "integer"}],
        [obj({"a": {"type": "string"}}, ["a"]), obj({"b": {"type": "string"}}, ["b"])],
        [obj({"kind": {"const": "a"}}), obj({"kind": {"const": "b"}})],  # kind not required
        [{"type": "string"}, {}],
    ],
    ids=["integer-in-number", "open-objects", "optional-discriminator", "anything"],
)
def test_one_of_that_may_overlap_falls_back(branches: list[Schema]) -> None:
    failure = refused(obj({"v": {"oneOf": branches}}, ["v"]))
    assert (failure.path, failure.keyword) == (("properties", "v"), "oneOf")


# -- allOf -------------------------------------------------------------------------------------


def test_all_of_objects_merge() -> None:
    source = obj(
        {
            "v": {
                "allOf": [
                    obj({"a": {"type": "integer", "minimum": 0}}, ["a"]),
                    obj({"a": {"type": "integer", "maximum": 5}, "b": {"type": "string"}}),
                ]
            }
        },
        ["v"],
    )
    conversion = converted(source)
    merged = conversion.schema["properties"]["v"]
    assert merged["properties"]["a"] == {"type": "integer", "minimum": 0, "maximum": 5}
    assert merged["properties"]["b"] == {"type": ["string", "null"]}
    assert kinds(conversion) == [("properties/v", "allOf_merged")]


def test_single_entry_all_of_around_a_ref_is_that_ref_with_its_description() -> None:
    source = obj(
        {"u": {"allOf": [{"$ref": "#/$defs/User"}], "description": "The user"}},
        ["u"],
        **{"$defs": {"User": obj({"name": {"type": "string"}}, ["name"])}},
    )
    conversion = converted(source)
    strict = conversion.schema["properties"]["u"]
    assert strict == {"description": "The user", "anyOf": [{"$ref": "#/$defs/User"}]}
    assert conversion.schema["$defs"]["User"]["required"] == ["name"]
    assert kinds(conversion) == [("properties/u", "allOf_merged")]


REFERENCED = obj({"name": {"type": "string"}}, ["name"])


@pytest.mark.parametrize(
    ("where", "source"),
    [
        ("at the root", {"allOf": [{"$ref": "#/$defs/N"}]}),
        ("in a property", obj({"n": {"allOf": [{"$ref": "#/$defs/N"}]}}, ["n"])),
        (
            "in items",
            obj({"n": {"type": "array", "items": {"allOf": [{"$ref": "#/$defs/N"}]}}}, ["n"]),
        ),
        (
            "recursive, in items",
            obj({"n": {"$ref": "#/$defs/T"}}, ["n"]),
        ),
        (
            "recursive to the root, in items",
            obj({"k": {"type": "array", "items": {"allOf": [{"$ref": "#"}]}}}, ["k"]),
        ),
    ],
)
def test_one_ref_in_an_all_of_is_accepted_in_every_position(where: str, source: Any) -> None:
    """The peers send these strict; allOf of one schema is that schema. A recursive one
    was refused (inlined over and over, past the depth limit)."""
    tree = obj(
        {
            "name": {"type": "string"},
            "kids": {"type": "array", "items": {"allOf": [{"$ref": "#/$defs/T"}]}},
        },
        ["name", "kids"],
    )
    source = {**source, "$defs": {"N": REFERENCED, "T": tree}}
    conversion = converted(source)
    assert "allOf_merged" in {kind for _, kind in kinds(conversion)}, where
    assert strict_violations(conversion.schema) == []


def test_a_property_one_member_forbids_is_left_out() -> None:
    closed = obj({"a": {"type": "string"}}, additionalProperties=False)
    conversion = converted(obj({"v": {"allOf": [closed, obj({"b": {"type": "string"}})]}}, ["v"]))
    assert list(conversion.schema["properties"]["v"]["properties"]) == ["a"]


@pytest.mark.parametrize(
    "members",
    [
        [{"type": "string"}, {"type": "integer"}],
        [{"type": "string", "pattern": "a"}, {"type": "string", "pattern": "b"}],
        [obj({"a": {}}, ["a"], additionalProperties=False), obj({"b": {}}, ["b"])],
        [{"anyOf": [{"type": "string"}]}, {"anyOf": [{"type": "integer"}]}],
        [{"type": "integer", "const": 1}, {"type": "integer", "const": 2}],
    ],
    ids=["types", "patterns", "required-and-forbidden", "two-anyOf", "consts"],
)
def test_all_of_that_cannot_merge_falls_back(members: list[Schema]) -> None:
    assert refused(obj({"v": {"allOf": members}}, ["v"])).keyword == "allOf"


# -- the root ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("root", "value"),
    [
        ({"type": "object", "additionalProperties": {"type": "string"}}, "x"),
        ({"type": "object", "patternProperties": {"^a": {}}, "additionalProperties": False}, "1"),
        ({"type": "object", "additionalProperties": True}, '"x"'),
    ],
    ids=["map", "pattern", "open"],
)
def test_a_root_map_stays_an_object_with_its_entries_beside(root: Schema, value: str) -> None:
    conversion = converted(root)
    assert conversion.schema["type"] == "object"
    assert list(conversion.schema["properties"]) == ["extra_properties"]
    arguments = decoded(conversion, {"extra_properties": [{"key": "ab", "value": value}]})
    assert Draft202012Validator(root).is_valid(arguments) and list(arguments) == ["ab"]


def test_a_root_without_type_is_read_as_an_object() -> None:
    conversion = converted({"properties": {"city": {"type": "string"}}, "required": ["city"]})
    assert conversion.schema["type"] == "object"
    assert kinds(conversion) == [("", "root_wrapped")] and conversion.decode is None


def test_a_root_ref_is_expanded() -> None:
    args = obj({"city": {"type": "string"}}, ["city"])
    conversion = converted({"$ref": "#/$defs/Args", "$defs": {"Args": args}})
    assert conversion.schema["properties"] == {"city": {"type": "string"}}
    assert kinds(conversion) == [("", "root_wrapped")]


def test_a_root_any_of_is_wrapped_and_unwrapped() -> None:
    by_id = obj({"id": {"type": "string"}}, ["id"], additionalProperties=False)
    by_mail = obj({"email": {"type": "string"}}, ["email"], additionalProperties=False)
    conversion = converted({"anyOf": [by_id, by_mail], "description": "who"})
    assert conversion.schema["required"] == ["arguments"]
    assert conversion.schema["properties"]["arguments"]["description"] == "who"
    assert decoded(conversion, {"arguments": {"email": "a@b"}}) == {"email": "a@b"}
    assert "at the top level, expected an object" in error(conversion, {"email": "a@b"})


def test_a_root_reference_to_itself_inside_a_wrapped_root_is_a_definition() -> None:
    node = obj({"name": {"type": "string"}, "next": {"$ref": "#"}}, ["name", "next"])
    conversion = converted({"anyOf": [node, obj({"end": {"type": "boolean"}}, ["end"])]})
    # `#` stands for the original root, the anyOf: a definition of its own.
    root = conversion.schema["$defs"]["root"]
    assert root["anyOf"][0]["properties"]["next"] == {"$ref": "#/$defs/root"}
    chain = {"name": "a", "next": {"end": True}}
    assert decoded(conversion, {"arguments": chain}) == chain
    assert Draft202012Validator(conversion.schema).is_valid({"arguments": chain})


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "string"},
        {"type": "array", "items": {"type": "string"}},
        {"anyOf": [{"type": "object", "properties": {}}, {"type": "string"}]},
        {"enum": [{}]},
    ],
    ids=["string", "array", "anyOf-with-a-string", "enum"],
)
def test_a_root_that_admits_no_object_is_refused(schema: Schema) -> None:
    assert refused(schema).keyword in ("type", "enum")


# -- recursion through optional properties -----------------------------------------------------


def test_recursion_through_optional_properties_removes_nulls_at_every_depth() -> None:
    node = obj({"name": {"type": "string"}, "child": {"$ref": "#"}}, ["name"])
    conversion = converted(node)
    assert kinds(conversion) == [("properties/child", "dynamic_nulls")]
    deep: Any = {"name": "leaf", "child": None}
    for depth in range(50):
        deep = {"name": str(depth), "child": deep}
    expected: Any = {"name": "leaf"}
    for depth in range(50):
        expected = {"name": str(depth), "child": expected}
    assert decoded(conversion, deep) == expected


def test_recursion_through_an_optional_property_is_strict_and_compiles_in_llguidance() -> None:
    """A peer's case: a tree whose `child` is optional. It is sent strict (the nulls are removed
    by walking the arguments), llguidance compiles it, and what reaches the server is valid for
    its schema; with the rewrites off the reason is reported."""
    node = obj({"name": {"type": "string"}, "child": {"$ref": "#/$defs/Node"}}, ["name"])
    source = obj({"tree": {"$ref": "#/$defs/Node"}}, ["tree"], **{"$defs": {"Node": node}})
    conversion = converted(source)
    assert kinds(conversion) == [("$defs/Node/properties/child", "dynamic_nulls")]
    assert strict_violations(conversion.schema) == []
    assert compile_error(conversion.schema) == ""
    sent = {"tree": {"name": "a", "child": {"name": "b", "child": None}}}
    assert Draft202012Validator(conversion.schema).is_valid(sent)
    arrived = decoded(conversion, sent)
    assert arrived == {"tree": {"name": "a", "child": {"name": "b"}}}
    assert Draft202012Validator(source).is_valid(arrived)
    error = refused(source, rewrites=False)
    assert (error.keyword, error.path) == ("$ref", ("$defs", "Node", "properties", "child"))
    assert "recursive reference through optional properties" in error.reason


def test_the_run_time_walk_is_bounded() -> None:
    conversion = converted(obj({"name": {"type": "string"}, "child": {"$ref": "#"}}, ["name"]))
    deep: Any = {"name": "x", "child": None}
    for _ in range(600):
        deep = {"name": "x", "child": deep}
    assert "the arguments are nested too deeply" in error(conversion, deep)


# -- anyOf branches told apart -----------------------------------------------------------------


def test_branches_with_the_same_keys_are_told_apart_by_a_discriminator() -> None:
    """mongodb-mcp-server's `explain`: every method is {"name": const, "arguments": ...}."""
    free = obj({"kind": {"const": "free"}, "data": {"type": "object"}}, ["kind", "data"])
    ints = {"type": "object", "additionalProperties": {"type": "integer"}}
    counts = obj({"kind": {"enum": ["map", "counts"]}, "data": ints}, ["kind", "data"])
    conversion = converted(obj({"v": {"oneOf": [free, counts]}}, ["v"]))
    sent = {"v": {"kind": "free", "data": '{"x": [1]}'}}
    assert decoded(conversion, sent) == {"v": {"kind": "free", "data": {"x": [1]}}}
    sent = {"v": {"kind": "counts", "data": [{"key": "x", "value": 1}]}}
    assert decoded(conversion, sent) == {"v": {"kind": "counts", "data": {"x": 1}}}
    undiscriminated = {
        "anyOf": [obj({"data": {"type": "object"}}, ["data"]), obj({"data": ints}, ["data"])]
    }
    assert refused(obj({"v": undiscriminated}, ["v"])).keyword == "anyOf"


def test_a_json_string_beside_a_string_branch_is_wrapped_in_an_object() -> None:
    source = obj(
        {"p": {"anyOf": [{"type": "object", "additionalProperties": True}, {"type": "string"}]}},
        ["p"],
    )
    conversion = converted(source)
    first = conversion.schema["properties"]["p"]["anyOf"][0]
    assert first["required"] == ["json"] and first["properties"]["json"]["type"] == "string"
    assert decoded(conversion, {"p": {"json": '{"a": 1}'}}) == {"p": {"a": 1}}
    assert decoded(conversion, {"p": '{"a": 1}'}) == {"p": '{"a": 1}'}  # the string branch


def test_a_nullable_json_string_beside_a_null_branch_lets_null_through() -> None:
    source = obj({"p": {"anyOf": [{"type": ["object", "null"]}, {"type": "null"}]}}, ["p"])
    conversion = converted(source)
    assert decoded(conversion, {"p": None}) == {"p": None}
    assert decoded(conversion, {"p": '{"a": 1}'}) == {"p": {"a": 1}}


def test_a_wrapped_json_string_that_takes_null_keeps_null_outside() -> None:
    """Found by `make fuzz`: the null a branch takes must stay a value of the anyOf."""
    branches = [{"type": ["object", "null"]}, {"type": "object", "additionalProperties": True}]
    conversion = converted(obj({"a": {"anyOf": branches}}))
    assert conversion.schema["properties"]["a"]["anyOf"][0]["type"] == ["object", "null"]
    assert decoded(conversion, {"a": None}) == {"a": None}
    assert decoded(conversion, {"a": {"json": "{}"}}) == {"a": {}}
    assert decoded(conversion, {"a": '{"b": 1}'}) == {"a": {"b": 1}}


def test_a_map_beside_an_array_is_wrapped_in_an_object() -> None:
    """mcpforunityserver's vectors: an array of numbers, a map of numbers or a string. Both
    lists would be arrays, and an empty one either: the entries travel in an object."""
    numbers = {"type": "number"}
    vector = {
        "anyOf": [
            {"type": "array", "items": numbers},
            {"type": "object", "additionalProperties": numbers},
            {"type": "string"},
            {"type": "null"},
        ]
    }
    conversion = converted(obj({"position": vector}))
    branches = conversion.schema["properties"]["position"]["anyOf"]
    assert [branch["type"] for branch in branches] == ["array", "object", "string", "null"]
    assert branches[1]["required"] == ["entries"]
    assert branches[1]["properties"]["entries"]["items"]["required"] == ["key", "value"]
    for sent, meant in [
        ([1, 2.5, 3], [1, 2.5, 3]),
        ([], []),
        ({"entries": [{"key": "x", "value": 1}, {"key": "y", "value": 2}]}, {"x": 1, "y": 2}),
        ({"entries": []}, {}),
        ("1,2,3", "1,2,3"),
        (None, None),
    ]:
        assert decoded(conversion, {"position": sent}) == {"position": meant}
    repeated = {"entries": [{"key": "x", "value": 1}, {"key": "x", "value": 2}]}
    assert "given more than once" in error(conversion, {"position": repeated})


def test_two_maps_in_one_any_of_are_told_apart() -> None:
    maps = [
        {"type": "object", "additionalProperties": {"type": "number"}},
        {"type": "object", "additionalProperties": {"type": "object"}},
    ]
    conversion = converted(obj({"m": {"anyOf": maps}}, ["m"]))
    branches = conversion.schema["properties"]["m"]["anyOf"]
    assert [branch["type"] for branch in branches] == ["object", "array"]
    assert decoded(conversion, {"m": {"entries": [{"key": "a", "value": 1}]}}) == {"m": {"a": 1}}
    assert decoded(conversion, {"m": [{"key": "a", "value": "{}"}]}) == {"m": {"a": {}}}


def test_mcpforunityservers_vectors_convert_where_they_fell_back(tmp_path: Path) -> None:
    excerpt = REPO / "tests" / "fixtures" / "excerpts" / "mcpforunityserver.json"
    tools = json.loads(excerpt.read_text())["tools"]
    assert len(tools) == 4
    for tool_ in tools:
        assert any(kind == "entries" for _, kind in kinds(converted(tool_["inputSchema"])))
    command = [sys.executable, "-m", "mcp2openai", "build", "--server", f"unity={excerpt}"]
    command += ["--out", str(tmp_path / "unity.py"), "--report-json", str(tmp_path / "r.json")]
    subprocess.run(command, check=True, capture_output=True)
    report = json.loads((tmp_path / "r.json").read_text())
    assert (report["tools"], report["fallbacks"]) == (4, [])


def test_branches_that_decode_differently_and_look_alike_fall_back() -> None:
    ints = {"type": "object", "additionalProperties": {"type": "integer"}}
    same_keys = [obj({"data": {"type": "object"}}, ["data"]), obj({"data": ints}, ["data"])]
    failure = refused(obj({"p": {"anyOf": same_keys}}, ["p"]))
    assert (failure.path, failure.keyword) == (("properties", "p"), "anyOf")


# -- nested $id --------------------------------------------------------------------------------


def test_a_ref_inside_a_nested_id_resolves_against_that_resource() -> None:
    item = {
        "$id": "https://example.com/item.json",
        "type": "object",
        "properties": {"size": {"$ref": "#/$defs/Size"}, "again": {"$ref": "#"}},
        "required": ["size"],
        "$defs": {"Size": {"type": "integer"}},
    }
    source = obj({"item": item}, ["item"], **{"$defs": {"Size": {"type": "string"}}})
    conversion = converted(source)
    strict = Draft202012Validator(conversion.schema)
    assert strict.is_valid({"item": {"size": 3, "again": None}})
    assert not strict.is_valid({"item": {"size": "3", "again": None}})
    nested = {"item": {"size": 1, "again": {"size": 2, "again": None}}}
    assert strict.is_valid(nested)
    assert Draft202012Validator(source).is_valid(decoded(conversion, nested))


@pytest.mark.parametrize(
    "node",
    [
        {"$id": "other.json", "$ref": "#/$defs/Size"},
        {"$id": 3, "type": "string"},
    ],
    ids=["id-beside-ref", "not-a-string"],
)
def test_unclear_ids_are_refused_with_keyword_id(node: Schema) -> None:
    source = obj({"v": node}, ["v"], **{"$defs": {"Size": {"type": "integer"}}})
    for rewrites in (True, False):
        assert refused(source, rewrites=rewrites).keyword == "$id"


def test_an_anchor_id_does_not_change_the_base() -> None:
    node = {"$id": "#here", "type": "object", "properties": {"s": {"$ref": "#/$defs/S"}}}
    source = obj({"v": node}, ["v"], **{"$defs": {"S": {"type": "integer"}}})
    strict = converted(source).schema
    assert Draft202012Validator(strict).is_valid({"v": {"s": 1}})


# -- options -----------------------------------------------------------------------------------


def test_rewrites_off_is_the_behaviour_before_them() -> None:
    for schema, keyword in [
        (obj({"v": {}}), "type"),
        (
            obj({"m": {"type": "object", "additionalProperties": {"type": "string"}}}),
            "additionalProperties",
        ),
        (obj({"v": {"oneOf": [{"type": "string"}, {"type": "integer"}]}}), "oneOf"),
        ({"properties": {}}, "type"),
    ]:
        assert refused(schema, rewrites=False).keyword == keyword
        assert convert(schema).rewrites


def test_target_compatible_drops_key_constraints_or_refuses_key_patterns() -> None:
    names = {"pattern": "^a", "maxLength": 3, "format": "email"}
    node = {"type": "object", "propertyNames": names, "additionalProperties": {}}
    conversion = converted(obj({"m": node}, ["m"]), target="compatible")
    assert conversion.schema["properties"]["m"]["items"]["properties"]["key"] == {"type": "string"}
    assert {d.keyword for d in conversion.dropped} >= {"pattern", "maxLength", "format"}
    pattern = {"type": "object", "patternProperties": {"^a": {}}, "additionalProperties": False}
    assert refused(obj({"m": pattern}), target="compatible").keyword == "patternProperties"


def test_a_closed_object_with_property_names_accepts_only_the_empty_object() -> None:
    """firecrawl-mcp 3.26.0 publishes its zod records closed (docs/design.md, "Decisions
    where the spec was silent")."""
    node = {"type": "object", "propertyNames": {"type": "string"}, "additionalProperties": False}
    conversion = converted(obj({"schema": node}, ["schema"]))
    assert conversion.schema["properties"]["schema"]["properties"] == {}
    assert conversion.rewrites == ()
    assert [(d.path, d.keyword) for d in conversion.dropped] == [
        (("properties", "schema"), "propertyNames")
    ]


# -- what a build says -------------------------------------------------------------------------


FREE = tool("free", obj({"patch": {"type": "object", "description": "a patch"}}, ["patch"]))
ROOT = tool(
    "union",
    {"anyOf": [obj({"a": {"type": "string"}}, ["a"]), obj({"b": {"type": "integer"}}, ["b"])]},
)


def test_a_build_reports_every_rewrite_and_the_module_decodes(tmp_path: Path) -> None:
    module, result = build_module(tmp_path, {"s": [FREE, ROOT]})
    assert module.REPORT.rewrites == (
        {
            "name": "s__free",
            "server": "s",
            "tool": "free",
            "path": "#/properties/patch",
            "kind": "json_string",
        },
        {"name": "s__union", "server": "s", "tool": "union", "path": "#", "kind": "root_wrapped"},
    )
    assert "rewrote s__free: json_string at #/properties/patch" in result.output
    assert "rewrote s__union: root_wrapped at #" in result.output
    assert module.REPORT.as_dict()["rewrites"][0]["kind"] == "json_string"
    assert [d["strict"] for d in module.tools("responses")] == [True, True]
    response = {
        "output": [
            {
                "type": "function_call",
                "call_id": "1",
                "name": "s__free",
                "arguments": '{"patch": "{\\"op\\": 1}"}',
            },
            {
                "type": "function_call",
                "call_id": "2",
                "name": "s__union",
                "arguments": '{"arguments": {"b": 2}}',
            },
        ]
    }
    calls, rejected = module.tool_calls(response)
    assert rejected == []
    assert [call.arguments for call in calls] == [{"patch": {"op": 1}}, {"b": 2}]


def test_rewrites_off_in_a_build_falls_back_and_excludes(tmp_path: Path) -> None:
    module, _ = build_module(tmp_path, {"s": [FREE, ROOT]}, "--rewrites", "off")
    assert [d["strict"] for d in module.tools("responses")] == [False]
    assert [e["name"] for e in module.REPORT.excluded] == ["s__union"]
    assert module.REPORT.rewrites == ()


def test_target_compatible_in_a_build_drops_length_pattern_and_format(tmp_path: Path) -> None:
    lengths = tool("t", obj({"s": {"type": "string", "maxLength": 3, "format": "date"}}, ["s"]))
    module, result = build_module(tmp_path, {"s": [lengths]}, "--target", "compatible")
    assert module.tools("responses")[0]["parameters"]["properties"]["s"] == {"type": "string"}
    assert "dropped maxLength: 1 time in 1 tool" in result.output
    alone = tool("u", obj({"s": {"type": "string", "maxLength": 3}}, ["s"]))
    module, result = build_module(tmp_path, {"s": [lengths, alone]})
    kept = [d["parameters"]["properties"]["s"] for d in module.tools("responses")]
    # beside a format the length is dropped (docs/openai-rules.md §1.9): a date has 10 characters
    assert kept == [{"type": "string", "format": "date"}, {"type": "string", "maxLength": 3}]
    assert "dropped maxLength: 1 time in 1 tool" in result.output


def test_rewrites_do_not_apply_with_strict_false(tmp_path: Path) -> None:
    module, _ = build_module(tmp_path, {"s": [FREE, ROOT]}, "--strict", "false")
    assert [d["parameters"] for d in module.tools("responses")] == [FREE["inputSchema"]]
    assert module.REPORT.rewrites == ()


def test_typed_arguments_keep_the_original_shape(tmp_path: Path) -> None:
    module, result = build_module(tmp_path, {"s": [FREE, ROOT]})
    source = Path(module.__file__ or "").with_suffix(".pyi").read_text(encoding="utf-8")
    assert '"patch": dict[str, object],' in source
    assert "SUnionArgs = dict[str, object]" in source
    assert result.exit_code == 0


def test_the_report_json_lists_the_rewrites(tmp_path: Path) -> None:
    snapshot = write_snapshot(tmp_path, "s", [FREE])
    report = tmp_path / "report.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mcp2openai",
            "build",
            "--server",
            f"s={snapshot}",
            "--out",
            str(tmp_path / "a.py"),
            "--report-json",
            str(report),
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(report.read_text())["rewrites"][0]["path"] == "#/properties/patch"


def test_the_schema_command_prints_rewrites_and_the_plan(tmp_path: Path) -> None:
    source = tmp_path / "s.json"
    source.write_text(json.dumps(FREE["inputSchema"]))
    done = subprocess.run(
        [sys.executable, "-m", "mcp2openai", "schema", str(source)],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    printed = json.loads(done.stdout)
    assert printed["rewrites"] == [{"path": "#/properties/patch", "kind": "json_string"}]
    assert printed["decode"] == [{"object": {"patch": 1}}, {"json": ["object"]}]
    off = subprocess.run(
        [sys.executable, "-m", "mcp2openai", "schema", "--rewrites", "off", str(source)],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert off.returncode == 1 and off.stdout.startswith("unsupported: #/properties/patch: type")


def test_the_corpus_report_measures_with_and_without_the_rewrites() -> None:
    """scripts/corpus_report.py passes build options through: the share both ways."""
    from corpus_report import measure

    synthetic = REPO / "tests" / "fixtures" / "synthetic" / "reasons.json"
    on = measure([("reasons", synthetic)])
    off = measure([("reasons", synthetic)], rewrites=False)
    assert on.totals["tools"] == off.totals["tools"] == 26
    assert (off.totals["strict"], on.totals["strict"]) == (1, 24)
    assert sorted(reason.keyword for reason in on.reasons) == ["oneOf", "type"]
    with pytest.raises(ValueError, match="rewrites must be True or False"):
        measure([("reasons", synthetic)], rewrites="off")
