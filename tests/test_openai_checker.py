"""Tests of the independent OpenAI strict-schema checker (tests/openai_checker.py).

Each rule has accepted and refused examples. The refused examples from docs/openai-rules.md §2
are marked with the error text they reproduce.
"""

from __future__ import annotations

import copy
import math
from typing import Any

import pytest
from openai_checker import strict_violations, tool_violations

Schema = dict[str, Any]


def obj(properties: dict[str, Any] | None = None, /, **extra: Any) -> Schema:
    """A strict-valid object schema with every property required."""
    props = properties or {}
    return {
        "type": "object",
        "properties": props,
        "required": list(props),
        "additionalProperties": False,
        **extra,
    }


def with_prop(subschema: Any, **root_extra: Any) -> Schema:
    """A root object holding one property 'a' with `subschema`."""
    return obj({"a": subschema}, **root_extra)


def refused(schema: Any, fragment: str) -> list[str]:
    violations = strict_violations(schema)
    assert any(fragment in message for message in violations), violations
    return violations


def accepted(schema: Any) -> None:
    assert strict_violations(schema) == []


def nested_objects(levels: int) -> Schema:
    """`levels` objects nested through properties (the root is level 1)."""
    schema = obj({"leaf": {"type": "string"}})
    for _ in range(levels - 1):
        schema = obj({"child": schema})
    return schema


STRING: Schema = {"type": "string"}


# ---------------------------------------------------------------------------------------------
# Rule 1: the root


def test_empty_object_root_is_accepted() -> None:
    # What OpenAI's Agents SDK sends for tools without arguments.
    accepted({"type": "object", "properties": {}, "required": [], "additionalProperties": False})


def test_root_with_defs_is_accepted() -> None:
    accepted(obj({"a": {"$ref": "#/$defs/Thing"}}, **{"$defs": {"Thing": obj({"x": STRING})}}))


@pytest.mark.parametrize(
    "schema",
    [
        [],
        "object",
        None,
        {"properties": {}, "required": [], "additionalProperties": False},
        obj(type="array"),
        obj(type=["object"]),
        obj(type=["object", "null"]),
        {"type": "string"},
    ],
)
def test_root_must_be_type_object(schema: Any) -> None:
    assert strict_violations(schema) != []
    assert any(message.startswith("<root>: ") for message in strict_violations(schema))


def test_root_any_of_is_refused() -> None:
    # "Root objects must not be `anyOf`"; without type: "schema must have a 'type' key".
    branch = obj({"x": STRING})
    refused({"anyOf": [branch, obj({"y": STRING})]}, "'anyOf' is not permitted at the root")
    refused({"anyOf": [branch]}, "root schema must have 'type': 'object'")
    refused(obj(anyOf=[branch]), "'anyOf' is not permitted at the root")


@pytest.mark.parametrize(
    ("keyword", "value"),
    [
        ("oneOf", [obj()]),
        ("allOf", [obj()]),
        ("enum", [{}]),
        ("not", {"type": "string"}),
        ("const", {}),
        ("$ref", "#/$defs/X"),
    ],
)
def test_root_combinators_enum_not_const_ref_are_refused(keyword: str, value: Any) -> None:
    schema = obj(**{keyword: value, "$defs": {"X": obj()}})
    refused(schema, f"'{keyword}' is not permitted at the root")


def test_defs_below_the_root_is_refused() -> None:
    refused(with_prop(obj(**{"$defs": {"X": STRING}})), "properties.a: '$defs' is only permitted")


def test_definitions_is_refused_everywhere() -> None:
    refused(obj(definitions={"X": STRING}), "<root>: 'definitions' is not permitted")
    refused(with_prop(obj(definitions={"X": STRING})), "properties.a: 'definitions' is not")


def test_defs_must_be_a_map_of_schemas() -> None:
    refused(obj(**{"$defs": [STRING]}), "'$defs' must be an object")
    refused(obj(**{"$defs": {"X": True}}), "$defs.X: schema must be a JSON object")
    refused(
        obj(**{"$defs": {"X": {"uniqueItems": True}}}), "$defs.X: 'uniqueItems' is not permitted"
    )


# ---------------------------------------------------------------------------------------------
# Rule 2: the keyword allowlist


def test_every_allowed_keyword_is_accepted_where_it_applies() -> None:
    schema = obj(
        {
            "s": {
                "type": "string",
                "description": "d",
                "title": "t",
                "pattern": "^[a-z]+$",
                "format": "email",
            },
            "n": {
                "type": "number",
                "multipleOf": 0.5,
                "minimum": 0,
                "maximum": 10,
                "exclusiveMinimum": -1,
                "exclusiveMaximum": 11.5,
            },
            "i": {"type": "integer", "enum": [1, 2], "minimum": 1},
            "c": {"type": "string", "const": "x"},
            "len": {"type": "string", "minLength": 1, "maxLength": 64},
            "arr": {"type": "array", "items": STRING, "minItems": 0, "maxItems": 3},
            "u": {"anyOf": [STRING, {"type": "null"}], "description": "d", "title": "t"},
            "r": {"$ref": "#"},
        },
        description="root",
        title="Root",
    )
    accepted(schema)


@pytest.mark.parametrize(
    ("keyword", "subschema"),
    [
        ("default", {"type": "string", "default": "x"}),
        ("examples", {"type": "string", "examples": ["x"]}),
        ("oneOf", {"type": "string", "oneOf": [STRING]}),
        ("allOf", {"type": "string", "allOf": [STRING]}),
        ("not", {"type": "string", "not": {"type": "null"}}),
        ("if", {"type": "string", "if": STRING}),
        ("then", {"type": "string", "then": STRING}),
        ("else", {"type": "string", "else": STRING}),
        ("uniqueItems", {"type": "array", "items": STRING, "uniqueItems": True}),
        ("propertyNames", obj(propertyNames=STRING)),
        ("patternProperties", obj(patternProperties={"^x": STRING})),
        ("minProperties", obj(minProperties=0)),
        ("maxProperties", obj(maxProperties=1)),
        ("prefixItems", {"type": "array", "items": STRING, "prefixItems": [STRING]}),
        ("contains", {"type": "array", "items": STRING, "contains": STRING}),
        ("$schema", {"type": "string", "$schema": "https://json-schema.org/draft/2020-12/schema"}),
        ("$id", {"type": "string", "$id": "urn:x"}),
        ("$comment", {"type": "string", "$comment": "c"}),
        ("x-order", {"type": "string", "x-order": 1}),
        ("nullable", {"type": "string", "nullable": True}),
        ("discriminator", obj(discriminator={"propertyName": "k"})),
        ("deprecated", {"type": "string", "deprecated": True}),
    ],
)
def test_keywords_outside_the_allowlist_are_refused(keyword: str, subschema: Schema) -> None:
    refused(with_prop(subschema), f"properties.a: '{keyword}' is not permitted")


@pytest.mark.parametrize("keyword", ["$schema", "$id", "default", "x-meta"])
def test_keywords_outside_the_allowlist_are_refused_at_the_root(keyword: str) -> None:
    refused(obj(**{keyword: "x"}), f"<root>: '{keyword}' is not permitted")


# ---------------------------------------------------------------------------------------------
# Rule 3: every node has type, anyOf or $ref


@pytest.mark.parametrize(
    ("subschema", "path"),
    [
        ({}, "properties.a"),
        ({"const": "x"}, "properties.a"),
        ({"description": "anything"}, "properties.a"),
        ({"type": "array", "items": {}}, "properties.a.items"),
    ],
)
def test_missing_type_is_refused(subschema: Schema, path: str) -> None:
    # "In context=(...), schema must have a 'type' key."
    refused(with_prop(subschema), f"{path}: schema must have a 'type' key")


@pytest.mark.parametrize(
    "subschema",
    [
        {"type": "string"},
        {"type": ["string", "null"]},
        {"type": ["integer", "number", "null"]},
        {"anyOf": [STRING]},
        {"$ref": "#"},
    ],
)
def test_type_anyof_or_ref_is_enough(subschema: Schema) -> None:
    accepted(with_prop(subschema))


@pytest.mark.parametrize(
    ("type_value", "fragment"),
    [
        ("str", "'type' 'str' is not a valid type"),
        ("any", "'type' 'any' is not a valid type"),
        ([], "'type' must not be an empty list"),
        (["string", "string"], "names 'string' more than once"),
        (["string", 3], "'type' list entry 3 is not a valid type"),
        ({"const": "string"}, "'type' must be a type name or a list"),
    ],
)
def test_invalid_type_values_are_refused(type_value: Any, fragment: str) -> None:
    refused(with_prop({"type": type_value}), fragment)


# ---------------------------------------------------------------------------------------------
# Rule 4: objects


def test_missing_additional_properties_is_refused() -> None:
    # "'additionalProperties' is required to be supplied and to be false."
    schema = obj({"x": STRING})
    del schema["additionalProperties"]
    refused(schema, "<root>: 'additionalProperties' is required to be supplied and to be false")


@pytest.mark.parametrize("value", [True, {}, {"type": "string"}, 0, None, "false"])
def test_additional_properties_other_than_false_is_refused(value: Any) -> None:
    refused(with_prop(obj(additionalProperties=value)), "properties.a: 'additionalProperties'")


def test_additional_properties_is_checked_at_every_depth() -> None:
    inner = obj({"x": STRING})
    del inner["additionalProperties"]
    refused(
        with_prop({"type": "array", "items": inner}),
        "properties.a.items: 'additionalProperties'",
    )
    refused(with_prop({"anyOf": [inner, {"type": "null"}]}), "properties.a.anyOf.0: ")
    refused(obj(**{"$defs": {"D": inner}}), "$defs.D: 'additionalProperties'")


def test_missing_required_key_is_refused() -> None:
    # "'required' is required to be supplied and to be an array including every key in
    # properties. Missing 'k'."
    schema = obj({"k": STRING, "j": STRING})
    schema["required"] = ["j"]
    refused(schema, "Missing 'k'")


def test_missing_required_array_is_refused() -> None:
    schema = obj({"k": STRING})
    del schema["required"]
    refused(schema, "'required' is required to be supplied")


def test_extra_required_key_is_refused() -> None:
    # "'required' must be an array that includes every key in `properties`. Extra required key
    # 'recipe' supplied."
    schema = obj({"k": STRING})
    schema["required"] = ["k", "recipe"]
    refused(schema, "Extra required key 'recipe' supplied")


def test_duplicate_required_key_is_refused() -> None:
    schema = obj({"k": STRING})
    schema["required"] = ["k", "k"]
    refused(schema, "'required' lists 'k' more than once")


def test_object_missing_properties_is_refused() -> None:
    # "In context=(), object schema missing properties."
    refused({"type": "object", "required": [], "additionalProperties": False}, "<root>: object")
    refused(
        with_prop({"type": "object", "required": [], "additionalProperties": False}),
        "properties.a: object schema missing properties",
    )


def test_properties_must_be_a_map() -> None:
    refused(with_prop(obj(properties=[STRING])), "'properties' must be an object")


def test_nullable_object_is_accepted_and_still_needs_the_object_keywords() -> None:
    accepted(with_prop(obj({"x": STRING}, type=["object", "null"])))
    refused(with_prop({"type": ["object", "null"]}), "properties.a: object schema missing")


@pytest.mark.parametrize("keyword", ["properties", "required", "additionalProperties"])
def test_object_keywords_on_non_objects_are_refused(keyword: str) -> None:
    values = {"properties": {}, "required": [], "additionalProperties": False}
    refused(
        with_prop({"type": "string", keyword: values[keyword]}),
        f"'{keyword}' is only permitted on object schemas",
    )


# ---------------------------------------------------------------------------------------------
# Rule 5: arrays


def test_array_missing_items_is_refused() -> None:
    # "In context=('properties','x'), array schema missing items."
    violations = refused(with_prop({"type": "array"}), "array schema missing items")
    assert "properties.a: array schema missing items" in violations


def test_nested_array_missing_items_names_the_path() -> None:
    schema = with_prop({"type": "array", "items": {"type": "array"}})
    assert strict_violations(schema) == ["properties.a.items: array schema missing items"]


def test_tuple_items_is_refused() -> None:
    refused(with_prop({"type": "array", "items": [STRING]}), "'items' must be a single schema")


def test_items_on_non_array_is_refused() -> None:
    refused(with_prop({"type": "string", "items": STRING}), "'items' is only permitted on array")


def test_nullable_array_is_accepted() -> None:
    accepted(with_prop({"type": ["array", "null"], "items": STRING}))


@pytest.mark.parametrize("value", [-1, 1.0, True, "1", None])
@pytest.mark.parametrize("keyword", ["minItems", "maxItems"])
def test_item_counts_must_be_non_negative_ints(keyword: str, value: Any) -> None:
    refused(
        with_prop({"type": "array", "items": STRING, keyword: value}),
        f"'{keyword}' must be a non-negative integer",
    )


def test_item_counts_only_on_arrays() -> None:
    refused(with_prop({"type": "string", "minItems": 1}), "'minItems' is only permitted on array")


@pytest.mark.parametrize("value", [-1, 1.0, True, "1", None])
@pytest.mark.parametrize("keyword", ["minLength", "maxLength"])
def test_string_lengths_must_be_non_negative_ints(keyword: str, value: Any) -> None:
    # Accepted and enforced since 2026-08 (docs/strict-sources.md); refused before 2026.
    accepted(with_prop({"type": "string", keyword: 3}))
    refused(
        with_prop({"type": "string", keyword: value}),
        f"'{keyword}' must be a non-negative integer",
    )


def test_string_lengths_only_on_strings() -> None:
    refused(
        with_prop({"type": "array", "items": STRING, "maxLength": 1}), "only permitted on string"
    )


# ---------------------------------------------------------------------------------------------
# Rule 6: enum and const


@pytest.mark.parametrize(
    "subschema",
    [
        {"type": "string", "enum": ["a", "b"]},
        {"type": ["string", "null"], "enum": ["a", None]},
        {"type": "integer", "enum": [1, 2.0, -3]},
        {"type": "number", "enum": [1, 2.5]},
        {"type": "boolean", "enum": [True, False]},
        {"type": ["integer", "boolean"], "enum": [1, True]},
        {"type": "null", "enum": [None]},
        {"type": "string", "const": "x"},
        {"type": "integer", "const": 3.0},
        {"type": "null", "const": None},
    ],
)
def test_typed_enum_and_const_are_accepted(subschema: Schema) -> None:
    accepted(with_prop(subschema))


@pytest.mark.parametrize(
    ("subschema", "fragment"),
    [
        ({"type": "string", "enum": []}, "'enum' must be a non-empty array"),
        ({"type": "string", "enum": "a"}, "'enum' must be a non-empty array"),
        ({"type": "string", "enum": ["a", "a"]}, "'enum' lists 'a' more than once"),
        ({"type": "number", "enum": [1, 1.0]}, "'enum' lists 1.0 more than once"),
        ({"type": "string", "enum": [["a"]]}, "'enum' value ['a'] is not a JSON scalar"),
        ({"type": "object", "enum": [{}]}, "'enum' value {} is not a JSON scalar"),
        ({"type": "number", "enum": [math.nan]}, "'enum' value nan is not a JSON scalar"),
        ({"type": "number", "enum": [math.inf]}, "'enum' value inf is not a JSON scalar"),
        ({"type": "string", "enum": ["a", 1]}, "'enum' value 1 does not match type"),
        ({"type": "string", "enum": ["a", None]}, "'enum' value None does not match type"),
        ({"type": "integer", "enum": [1.5]}, "'enum' value 1.5 does not match type"),
        ({"type": "integer", "enum": [True]}, "'enum' value True does not match type"),
        ({"type": "boolean", "enum": [1]}, "'enum' value 1 does not match type"),
        ({"anyOf": [STRING], "enum": ["a"]}, "'enum' requires a 'type' beside it"),
        ({"type": "string", "const": 1}, "'const' value 1 does not match type"),
        ({"type": "number", "const": True}, "'const' value True does not match type"),
        ({"anyOf": [STRING], "const": "x"}, "'const' requires a 'type' beside it"),
        ({"type": "object", "const": {}}, "'const' must be a JSON scalar"),
    ],
)
def test_bad_enum_and_const_are_refused(subschema: Schema, fragment: str) -> None:
    refused(with_prop(subschema), f"properties.a: {fragment}")


# ---------------------------------------------------------------------------------------------
# Rule 7: anyOf


def test_any_of_with_annotations_is_accepted() -> None:
    accepted(
        with_prop(
            {
                "anyOf": [obj({"x": STRING}), {"type": "array", "items": STRING}, {"type": "null"}],
                "description": "d",
                "title": "t",
            }
        )
    )


@pytest.mark.parametrize("value", [[], {}, STRING, "string"])
def test_any_of_must_be_a_non_empty_list(value: Any) -> None:
    refused(with_prop({"anyOf": value}), "'anyOf' must be a non-empty array of schemas")


def test_any_of_branches_are_checked() -> None:
    refused(with_prop({"anyOf": [STRING, {"type": "array"}]}), "properties.a.anyOf.1: array")
    refused(with_prop({"anyOf": [STRING, True]}), "properties.a.anyOf.1: schema must be")
    refused(
        with_prop({"anyOf": [{"type": "string", "oneOf": [STRING]}]}),
        "properties.a.anyOf.0: 'oneOf' is not permitted",
    )


def test_untyped_any_of_node_cannot_carry_type_specific_keywords() -> None:
    refused(with_prop({"anyOf": [STRING], "pattern": "a"}), "'pattern' is only permitted")
    refused(with_prop({"anyOf": [obj()], "properties": {}}), "'properties' is only permitted")


# ---------------------------------------------------------------------------------------------
# Rule 8: $ref


def test_refs_to_root_and_top_level_defs_are_accepted() -> None:
    node = obj({"value": STRING, "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}})
    accepted(
        obj({"tree": {"$ref": "#/$defs/Node"}, "again": {"$ref": "#"}}, **{"$defs": {"Node": node}})
    )


def test_ref_may_be_wrapped_in_any_of_to_carry_a_description() -> None:
    accepted(
        with_prop(
            {"anyOf": [{"$ref": "#/$defs/X"}], "description": "d"}, **{"$defs": {"X": STRING}}
        )
    )


@pytest.mark.parametrize("sibling", ["description", "title", "type", "default"])
def test_ref_with_sibling_keywords_is_refused(sibling: str) -> None:
    # "$ref cannot have keywords {'description'}"
    refused(
        with_prop({"$ref": "#/$defs/X", sibling: "string"}, **{"$defs": {"X": STRING}}),
        f"properties.a: $ref cannot have keywords {{'{sibling}'}}",
    )


@pytest.mark.parametrize(
    "ref",
    [
        "#/$defs/X/properties/y",
        "#/properties/a",
        "#/definitions/X",
        "other.json#/$defs/X",
        "#X",
        "",
    ],
)
def test_ref_not_at_top_level_is_refused(ref: str) -> None:
    # "reference can only point to definitions defined at the top level of the schema."
    schema = with_prop({"$ref": ref}, **{"$defs": {"X": obj({"y": STRING})}})
    refused(schema, "definitions defined at the top level")


def test_ref_to_missing_definition_is_refused() -> None:
    refused(with_prop({"$ref": "#/$defs/Missing"}, **{"$defs": {"X": STRING}}), "'#/$defs/Missing'")
    refused(with_prop({"$ref": "#/$defs/X"}), "missing from the root '$defs'")


def test_ref_must_be_a_string() -> None:
    refused(with_prop({"$ref": 3}), "'$ref' must be a string")


def test_ref_json_pointer_escapes() -> None:
    defs = {"$defs": {"a/b": STRING, "c~d": STRING}}
    accepted(obj({"x": {"$ref": "#/$defs/a~1b"}, "y": {"$ref": "#/$defs/c~0d"}}, **defs))
    refused(with_prop({"$ref": "#/$defs/a~2b"}, **defs), "is not a valid JSON pointer")
    refused(with_prop({"$ref": "#/$defs/c~d"}, **defs), "is not a valid JSON pointer")


def test_refs_are_not_followed() -> None:
    # A self-referencing definition must not loop, and its own problems are reported once.
    bad = {"type": "object", "properties": {"n": {"$ref": "#/$defs/N"}}, "required": ["n"]}
    violations = strict_violations(with_prop({"$ref": "#/$defs/N"}, **{"$defs": {"N": bad}}))
    assert violations == [
        "$defs.N: 'additionalProperties' is required to be supplied and to be false"
    ]


# ---------------------------------------------------------------------------------------------
# Rule 9: format, pattern, numeric keywords


@pytest.mark.parametrize(
    "fmt", ["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]
)
def test_supported_formats_are_accepted(fmt: str) -> None:
    accepted(with_prop({"type": "string", "format": fmt}))
    accepted(with_prop({"type": ["string", "null"], "format": fmt}))


@pytest.mark.parametrize("fmt", ["uri", "uri-reference", "regex", "byte", "DATE", ""])
def test_other_formats_are_refused(fmt: str) -> None:
    # "In context=('properties', 'url'), 'uri' is not a valid format."
    refused(with_prop({"type": "string", "format": fmt}), f"properties.a: {fmt!r} is not a valid")


def test_format_only_on_strings() -> None:
    refused(with_prop({"type": "integer", "format": "date"}), "'format' is only permitted")
    refused(with_prop({"type": "string", "format": 1}), "'format' must be a string")


@pytest.mark.parametrize(
    "pattern", ["^[a-z]+$", r"\d{3}-\d{4}", r"\(?=", "[(?=]", "[(?<!x]", "(?:ab)+", "(?P<n>x)"]
)
def test_valid_patterns_are_accepted(pattern: str) -> None:
    accepted(with_prop({"type": "string", "pattern": pattern}))


@pytest.mark.parametrize("pattern", [r"\p{L}+", "(?<name>x)", "[a-", "(", r"\u{41}", "a{2,1}"])
def test_patterns_that_python_re_refuses_are_refused(pattern: str) -> None:
    # "'<pattern>' is not a 'regex'."
    refused(with_prop({"type": "string", "pattern": pattern}), "is not a 'regex'")


@pytest.mark.parametrize("pattern", ["^(?=.*\\d).+$", "a(?!b)", "(?<=x)y", "(?<!x)y", "[]](?=a)"])
def test_lookaround_pattern_is_refused(pattern: str) -> None:
    # "regex lookaround is not supported. Found at $.properties.x.pattern."
    refused(with_prop({"type": "string", "pattern": pattern}), "properties.a: regex lookaround")


def test_pattern_only_on_strings_and_must_be_a_string() -> None:
    refused(with_prop({"type": "number", "pattern": "1"}), "'pattern' is only permitted")
    refused(with_prop({"type": "string", "pattern": 1}), "'pattern' must be a string")


@pytest.mark.parametrize(
    "keyword", ["multipleOf", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]
)
def test_numeric_keywords(keyword: str) -> None:
    accepted(with_prop({"type": "integer", keyword: 2}))
    accepted(with_prop({"type": ["number", "null"], keyword: 2.5}))
    refused(with_prop({"type": "string", keyword: 2}), f"'{keyword}' is only permitted on number")
    for bad in (True, "2", None, math.nan, math.inf, -math.inf):
        refused(with_prop({"type": "number", keyword: bad}), f"'{keyword}' must be a finite")


@pytest.mark.parametrize("value", [0, -1, -0.5])
def test_multiple_of_must_be_positive(value: float) -> None:
    refused(with_prop({"type": "number", "multipleOf": value}), "'multipleOf' must be greater")


# ---------------------------------------------------------------------------------------------
# Rule 10: description and title


@pytest.mark.parametrize("keyword", ["description", "title"])
def test_annotations_must_be_strings(keyword: str) -> None:
    accepted(with_prop({"type": "string", keyword: ""}))
    refused(with_prop({"type": "string", keyword: 1}), f"properties.a: '{keyword}' must be a")
    refused(obj(**{keyword: None}), f"<root>: '{keyword}' must be a string")


# ---------------------------------------------------------------------------------------------
# Rule 11: limits


def test_5000_properties_are_accepted_and_5001_refused() -> None:
    accepted(obj({f"p{i}": STRING for i in range(5000)}))
    # "6000 parameters exceeds limit of 5000."
    refused(obj({f"p{i}": STRING for i in range(5001)}), "5001 properties exceeds limit of 5000")


def test_property_limit_counts_defs_once() -> None:
    defs = {"D": obj({f"d{i}": STRING for i in range(2500)})}
    many_refs = {f"r{i}": {"$ref": "#/$defs/D"} for i in range(10)}
    accepted(obj({**{f"p{i}": STRING for i in range(2490)}, **many_refs}, **{"$defs": defs}))
    refused(
        obj({**{f"p{i}": STRING for i in range(2491)}, **many_refs}, **{"$defs": defs}),
        "5001 properties exceeds limit of 5000",
    )


def test_10_levels_of_nesting_are_accepted_and_11_refused() -> None:
    accepted(nested_objects(10))
    # "11 levels of nesting exceeds limit of 10."
    violations = refused(nested_objects(11), "11 levels of nesting exceeds limit of 10")
    assert violations == [
        "properties" + ".child.properties" * 9 + ".child: 11 levels of nesting exceeds limit of 10"
    ]


def test_arrays_and_any_of_do_not_add_levels() -> None:
    def wrapped(levels: int) -> Schema:
        schema = obj({"leaf": STRING})
        for _ in range(levels - 1):
            holder = {"type": "array", "items": {"anyOf": [schema, {"type": "null"}]}}
            schema = obj({"child": {"type": "array", "items": holder}})
        return schema

    accepted(wrapped(10))
    refused(wrapped(11), "11 levels of nesting exceeds limit of 10")


def test_defs_entries_count_levels_from_their_own_root() -> None:
    accepted(obj({"r": {"$ref": "#/$defs/D"}}, **{"$defs": {"D": nested_objects(10)}}))
    refused(
        obj({"r": {"$ref": "#/$defs/D"}}, **{"$defs": {"D": nested_objects(11)}}),
        "$defs.D.properties.child",
    )


def test_1000_enum_values_are_accepted_and_1001_refused() -> None:
    def two_enums(first: int, second: int) -> Schema:
        return obj(
            {
                "a": {"type": "integer", "enum": list(range(first))},
                "b": {"type": "integer", "enum": list(range(second))},
            }
        )

    accepted(two_enums(500, 500))
    refused(two_enums(500, 501), "1001 enum values in total exceeds limit of 1000")


def test_total_string_length_limit() -> None:
    accepted(obj({"a" * 60_000: STRING, "b" * 60_000: STRING}))
    refused(obj({"a" * 60_000: STRING, "b" * 60_001: STRING}), "exceeding limit of 120000")
    # Definition names, enum values and string consts count too.
    refused(
        obj(
            {
                "e": {"type": "string", "enum": ["x" * 40_000]},
                "c": {"type": "string", "const": "y" * 40_000},
                "r": {"$ref": "#/$defs/" + "z" * 40_000},
            },
            **{"$defs": {"z" * 40_000: STRING}},
        ),
        "exceeding limit of 120000",
    )


def test_large_string_enum_length_limit() -> None:
    def enum_prop(count: int, width: int) -> Schema:
        values = [f"{i:0{width}d}" for i in range(count)]
        return with_prop({"type": "string", "enum": values})

    accepted(enum_prop(250, 100))  # 25,000 characters but only 250 values
    accepted(enum_prop(251, 59))  # 14,809 characters
    refused(enum_prop(251, 60), "more than the 15000 allowed")  # 15,060 characters


def test_walk_stops_past_64_levels_and_reports_it() -> None:
    cyclic: Schema = {"type": "array"}
    cyclic["items"] = cyclic
    refused(with_prop(cyclic), "nesting deeper than 64 levels")

    chain: Schema = STRING
    for _ in range(70):
        chain = {"anyOf": [chain]}
    violations = refused(with_prop(chain), "nesting deeper than 64 levels")
    assert len(violations) == 1


# ---------------------------------------------------------------------------------------------
# General behaviour


def test_all_violations_are_collected() -> None:
    schema = {
        "type": "object",
        "properties": {"a": {"type": "array"}, "b": {"type": "string", "format": "uri"}},
        "required": ["a"],
    }
    violations = strict_violations(schema)
    assert "properties.a: array schema missing items" in violations
    assert "properties.b: 'uri' is not a valid format" in violations
    assert any("Missing 'b'" in message for message in violations)
    assert any("'additionalProperties'" in message for message in violations)


def test_checker_does_not_modify_its_input() -> None:
    schema = with_prop({"type": "array"}, **{"$defs": {"X": STRING}})
    before = copy.deepcopy(schema)
    strict_violations(schema)
    assert schema == before


# ---------------------------------------------------------------------------------------------
# tool_violations


PARAMS: Schema = obj({"city": STRING, "days": {"type": ["integer", "null"], "minimum": 1}})


def chat_tool(**function: Any) -> Schema:
    body = {"name": "get_weather", "description": "Weather.", "parameters": PARAMS, "strict": True}
    body.update(function)
    return {"type": "function", "function": body}


def responses_tool(**fields: Any) -> Schema:
    tool = {
        "type": "function",
        "name": "get_weather",
        "description": "Weather.",
        "parameters": PARAMS,
        "strict": True,
    }
    tool.update(fields)
    return tool


def make_tool(api: str, **fields: Any) -> Schema:
    return chat_tool(**fields) if api == "chat" else responses_tool(**fields)


def prefix(api: str) -> str:
    return "function." if api == "chat" else ""


APIS = ["chat", "responses"]


@pytest.mark.parametrize("api", APIS)
def test_well_formed_tools_are_accepted(api: str) -> None:
    assert tool_violations(make_tool(api), api) == []
    assert tool_violations(make_tool(api, strict=False), api) == []
    assert tool_violations(make_tool(api, name="a-B_9" * 12 + "abcd"), api) == []


def test_the_shapes_are_not_interchangeable() -> None:
    assert tool_violations(responses_tool(), "chat") != []
    assert tool_violations(chat_tool(), "responses") != []
    assert "function: must be present and a JSON object" in tool_violations(
        responses_tool(), "chat"
    )
    assert "name: missing" in tool_violations(chat_tool(), "responses")


@pytest.mark.parametrize("api", APIS)
@pytest.mark.parametrize("name", ["", "a" * 65, "get.weather", "mcp:tool", "naïve", "a b", 7])
def test_bad_names_are_refused(api: str, name: Any) -> None:
    violations = tool_violations(make_tool(api, name=name), api)
    assert any(message.startswith(f"{prefix(api)}name: ") for message in violations), violations


@pytest.mark.parametrize("api", APIS)
def test_name_description_strict_parameters_are_required(api: str) -> None:
    for key in ("name", "description", "strict", "parameters"):
        tool = make_tool(api)
        body = tool["function"] if api == "chat" else tool
        del body[key]
        assert f"{prefix(api)}{key}: missing" in " | ".join(tool_violations(tool, api))


@pytest.mark.parametrize("api", APIS)
def test_field_types_are_checked(api: str) -> None:
    assert tool_violations(make_tool(api, strict="true"), api) == [
        f"{prefix(api)}strict: must be a boolean, got 'true'"
    ]
    assert tool_violations(make_tool(api, strict=None), api) != []
    assert tool_violations(make_tool(api, description=None), api) == [
        f"{prefix(api)}description: must be a string"
    ]
    assert tool_violations(make_tool(api, parameters=None), api) != []
    assert tool_violations(make_tool(api, parameters=[]), api) != []


@pytest.mark.parametrize("api", APIS)
def test_tool_type_must_be_function(api: str) -> None:
    tool = make_tool(api)
    tool["type"] = "custom"
    assert tool_violations(tool, api) == ["type: must be 'function', got 'custom'"]
    assert tool_violations([tool], api) != []


@pytest.mark.parametrize("api", APIS)
def test_unexpected_keys_are_refused(api: str) -> None:
    tool = make_tool(api)
    tool["extra"] = 1
    assert tool_violations(tool, api) == [f"extra: unexpected key in a {api} function tool"]


def test_output_schema_is_a_responses_field_only() -> None:
    """FunctionToolParam.output_schema (Responses); Chat's FunctionDefinition has none."""
    schema = {"type": "object", "properties": {"a": {"type": "string"}}}
    responses = make_tool("responses")
    responses["output_schema"] = schema
    assert tool_violations(responses, "responses") == []
    responses["output_schema"] = "{}"
    assert tool_violations(responses, "responses") == [
        "output_schema: must be a JSON object, got '{}'"
    ]
    chat = make_tool("chat")
    chat["function"]["output_schema"] = schema
    assert tool_violations(chat, "chat") == [
        "function.output_schema: unexpected key in a chat function tool"
    ]


def test_unknown_api_raises() -> None:
    with pytest.raises(ValueError, match="api must be one of"):
        tool_violations(chat_tool(), "completions")


@pytest.mark.parametrize("api", APIS)
def test_strict_tool_schema_problems_are_reported_with_their_path(api: str) -> None:
    params = with_prop({"type": "array"})
    violations = tool_violations(make_tool(api, parameters=params), api)
    assert violations == [f"{prefix(api)}parameters.properties.a: array schema missing items"]
    root = tool_violations(make_tool(api, parameters=obj(additionalProperties=True)), api)
    assert root == [
        f"{prefix(api)}parameters: 'additionalProperties' is required to be supplied and to be "
        "false"
    ]


NON_STRICT_PARAMS: Schema = {
    "type": "object",
    "properties": {
        "q": {"type": "string", "minLength": 1, "format": "uri", "default": "x"},
        "pattern": {"type": "string", "pattern": "^(?=a).*$"},  # lookahead passes layer 1
        "opt": {"oneOf": [{"type": "integer"}, {"type": "string"}]},
    },
    "required": ["q"],
}


@pytest.mark.parametrize("api", APIS)
def test_non_strict_tools_get_only_the_layer_1_checks(api: str) -> None:
    assert tool_violations(make_tool(api, strict=False, parameters=NON_STRICT_PARAMS), api) == []
    assert tool_violations(make_tool(api, strict=True, parameters=NON_STRICT_PARAMS), api) != []


@pytest.mark.parametrize("api", APIS)
@pytest.mark.parametrize("strict", [True, False])
def test_root_must_be_object_in_both_modes(api: str, strict: bool) -> None:
    params = {"type": "array", "items": STRING}
    violations = tool_violations(make_tool(api, strict=strict, parameters=params), api)
    assert any("root schema must have 'type': 'object'" in m for m in violations), violations


@pytest.mark.parametrize("api", APIS)
@pytest.mark.parametrize(
    "params",
    [
        {"type": "object", "properties": {"x": {"type": "string", "pattern": r"\p{L}"}}},
        {
            "type": "object",
            "properties": {"x": {"oneOf": [{"type": "string", "pattern": "(?<n>a)"}]}},
        },
        {"type": "object", "$defs": {"D": {"type": "string", "pattern": "["}}},
        {"type": "object", "additionalProperties": {"type": "string", "pattern": "("}},
        {"type": "object", "patternProperties": {"[": {"type": "string"}}},
        {"type": "object", "properties": {"x": {"type": "array", "items": [{"pattern": ")"}]}}},
    ],
)
def test_non_strict_patterns_must_compile_anywhere(api: str, params: Schema) -> None:
    violations = tool_violations(make_tool(api, strict=False, parameters=params), api)
    assert any("is not a 'regex'" in message for message in violations), violations


@pytest.mark.parametrize("api", APIS)
def test_non_strict_property_named_pattern_is_not_a_regex(api: str) -> None:
    params = {"type": "object", "properties": {"pattern": {"type": "string"}}, "enum": ["("]}
    assert tool_violations(make_tool(api, strict=False, parameters=params), api) == []


@pytest.mark.parametrize("api", APIS)
@pytest.mark.parametrize("strict", [True, False])
def test_tool_must_be_json_serialisable(api: str, strict: bool) -> None:
    params = obj({"x": {"type": "number", "description": "d"}}, title="T")
    tool = make_tool(api, strict=strict, parameters=params)
    assert tool_violations(tool, api) == []
    params_nan = copy.deepcopy(params)
    params_nan["properties"]["x"]["maximum"] = math.nan
    violations = tool_violations(make_tool(api, strict=strict, parameters=params_nan), api)
    assert any("not JSON-serialisable" in message for message in violations), violations
    params_set = copy.deepcopy(params)
    params_set["properties"]["x"]["examples"] = {1, 2}
    violations = tool_violations(make_tool(api, strict=strict, parameters=params_set), api)
    assert any("not JSON-serialisable" in message for message in violations), violations
