"""One test per rule of docs/spec.md, "Strict mode", and docs/design.md, "Strict conversion".

These are the rules with the rewrites off (`--rewrites off`: every schema strict mode cannot
say as it is falls back); tests/test_rewrites.py covers what the rewrites change.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from mcp2openai import strict
from mcp2openai.strict import Conversion, Dropped, NullPath, Unsupported
from openai_checker import strict_violations


def convert(schema: Any, **options: Any) -> Conversion:
    return strict.convert(schema, rewrites=False, **options)


def strict_schema(schema: Any) -> tuple[dict[str, Any], tuple[NullPath, ...]]:
    """docs/spec.md's `strict_schema`: `convert` with the rewrites off, schema and null paths."""
    result = convert(schema)
    return result.schema, result.null_paths


def obj(
    properties: dict[str, Any], required: list[str] | None = None, **extra: Any
) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties, **extra}
    if required is not None:
        schema["required"] = required
    return schema


def refused(schema: Any) -> Unsupported:
    with pytest.raises(Unsupported) as caught:
        convert(schema)
    return caught.value


# -- the root ---------------------------------------------------------------------------------


def test_root_must_be_an_object() -> None:
    for schema, keyword in [
        ({"type": "string"}, "type"),
        ({"type": ["object", "null"]}, "type"),
        ({"properties": {}}, "type"),
        ({"type": "object", "anyOf": [{"type": "object"}]}, "anyOf"),
        ({"type": "object", "enum": [{}]}, "enum"),
        ({"$ref": "#/$defs/a", "$defs": {"a": {"type": "object"}}}, "$ref"),
        ([], "type"),
    ]:
        error = refused(schema)
        assert (error.path, error.keyword) == ((), keyword)


def test_root_type_list_becomes_object_and_empty_root_gets_properties() -> None:
    schema, null_paths = strict_schema({"type": ["object"]})
    assert schema == {
        "type": "object",
        "properties": {},
        "required": [],
        "additionalProperties": False,
    }
    assert null_paths == ()


def test_no_argument_tool_with_empty_properties() -> None:
    schema, _ = strict_schema({"type": "object", "properties": {}})
    assert schema["properties"] == {} and schema["additionalProperties"] is False


# -- objects ------------------------------------------------------------------------------------


def test_every_object_is_closed_with_all_keys_required_sorted() -> None:
    source = obj(
        {
            "b": {"type": "string"},
            "a": obj({"y": {"type": "integer"}, "x": {"type": "integer"}}, ["y", "x"]),
        },
        ["b", "a"],
    )
    schema, null_paths = strict_schema(source)
    assert list(schema["properties"]) == ["b", "a"]  # property order is the server's
    assert schema["required"] == ["a", "b"]
    inner = schema["properties"]["a"]
    assert inner["required"] == ["x", "y"] and inner["additionalProperties"] is False
    assert null_paths == ()


def test_optional_property_becomes_nullable_and_is_a_null_path() -> None:
    schema, null_paths = strict_schema(
        obj({"q": {"type": "string"}, "limit": {"type": "integer"}}, ["q"])
    )
    assert schema["properties"]["limit"] == {"type": ["integer", "null"]}
    assert schema["properties"]["q"] == {"type": "string"}
    assert null_paths == (("limit",),)


def test_property_that_already_allows_null_keeps_it_and_is_no_null_path() -> None:
    for prop in [
        {"type": ["string", "null"]},
        {"type": "null"},
        {"anyOf": [{"type": "string"}, {"type": "null"}]},
        {"enum": ["a", None]},
        {"const": None},
    ]:
        schema, null_paths = strict_schema(obj({"p": prop}))
        assert null_paths == (), prop
        assert schema["required"] == ["p"]


def test_ref_to_a_nullable_definition_is_not_made_nullable_again() -> None:
    source = obj({"p": {"$ref": "#/$defs/N"}}, [], **{"$defs": {"N": {"type": ["string", "null"]}}})
    schema, null_paths = strict_schema(source)
    assert null_paths == ()
    assert schema["properties"]["p"] == {"$ref": "#/$defs/N"}


@pytest.mark.parametrize(
    ("prop", "expected"),
    [
        (
            {"enum": ["a", "b"], "anyOf": [{"type": "string"}], "title": "t"},
            {
                "title": "t",
                "anyOf": [
                    {"type": "string", "enum": ["a", "b"], "anyOf": [{"type": "string"}]},
                    {"type": "null"},
                ],
            },
        ),
        ({"type": "string"}, {"type": ["string", "null"]}),
        ({"type": ["string", "integer"]}, {"type": ["string", "integer", "null"]}),
        (
            {"type": "string", "enum": ["a", "b"]},
            {"type": ["string", "null"], "enum": ["a", "b", None]},
        ),
        ({"enum": ["a", 1]}, {"type": ["string", "integer", "null"], "enum": ["a", 1, None]}),
        (
            {"const": "x", "description": "d"},
            {"description": "d", "anyOf": [{"type": "string", "const": "x"}, {"type": "null"}]},
        ),
        (
            {"anyOf": [{"type": "string"}, {"type": "integer"}]},
            {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]},
        ),
    ],
)
def test_how_optional_properties_are_made_nullable(
    prop: dict[str, Any], expected: dict[str, Any]
) -> None:
    schema, null_paths = strict_schema(obj({"p": prop}))
    assert schema["properties"]["p"] == expected
    assert null_paths == (("p",),)


def test_optional_ref_becomes_any_of_with_null() -> None:
    source = obj({"p": {"$ref": "#/$defs/S"}}, **{"$defs": {"S": {"type": "string"}}})
    schema, null_paths = strict_schema(source)
    assert schema["properties"]["p"] == {"anyOf": [{"$ref": "#/$defs/S"}, {"type": "null"}]}
    assert null_paths == (("p",),)


def test_open_maps_are_unsupported() -> None:
    for prop, keyword in [
        ({"type": "object"}, "type"),
        ({"type": "object", "properties": {}}, "type"),
        ({"type": "object", "additionalProperties": True}, "additionalProperties"),
        ({"type": "object", "additionalProperties": {}}, "additionalProperties"),
        ({"type": "object", "additionalProperties": {"type": "string"}}, "additionalProperties"),
        (
            {
                "type": "object",
                "properties": {"a": {"type": "string"}},
                "additionalProperties": True,
            },
            "additionalProperties",
        ),
    ]:
        error = refused(obj({"m": prop}, ["m"]))
        assert (error.path, error.keyword) == (("properties", "m"), keyword)


def test_object_closed_by_additional_properties_false_is_an_empty_object() -> None:
    schema, _ = strict_schema(obj({"m": {"type": "object", "additionalProperties": False}}, ["m"]))
    assert schema["properties"]["m"] == {
        "type": "object",
        "properties": {},
        "required": [],
        "additionalProperties": False,
    }


def test_required_names_missing_from_properties_are_ignored() -> None:
    schema, _ = strict_schema(obj({"a": {"type": "string"}}, ["a", "ghost"]))
    assert schema["required"] == ["a"]


# -- arrays, types, enums, consts -------------------------------------------------------------


def test_array_needs_an_items_schema() -> None:
    error = refused(obj({"a": {"type": "array"}}, ["a"]))
    assert (error.path, error.keyword) == (("properties", "a"), "type")
    error = refused(obj({"a": {"type": "array", "items": [{"type": "string"}]}}, ["a"]))
    assert error.keyword == "items"
    error = refused(obj({"a": {"type": "array", "items": {}}}, ["a"]))
    assert (error.path, error.keyword) == (("properties", "a", "items"), "type")


def test_array_items_null_paths_use_none() -> None:
    item = obj({"path": {"type": "string"}, "dryRun": {"type": "boolean"}}, ["path"])
    schema, null_paths = strict_schema(obj({"edits": {"type": "array", "items": item}}, ["edits"]))
    assert null_paths == (("edits", None, "dryRun"),)
    assert schema["properties"]["edits"]["items"]["properties"]["dryRun"] == {
        "type": ["boolean", "null"]
    }


def test_node_without_type_is_unsupported() -> None:
    error = refused(obj({"a": {"description": "anything"}}, ["a"]))
    assert (error.path, error.keyword) == (("properties", "a"), "type")


def test_unknown_or_malformed_type_is_unsupported() -> None:
    assert refused(obj({"a": {"type": "date"}}, ["a"])).keyword == "type"
    assert refused(obj({"a": {"type": []}}, ["a"])).keyword == "type"


def test_untyped_enum_and_const_get_the_type_their_values_imply() -> None:
    schema, _ = strict_schema(
        obj(
            {"e": {"enum": ["a", "b"]}, "c": {"const": 1.5}, "n": {"enum": [1, 2.5]}},
            ["e", "c", "n"],
        )
    )
    assert schema["properties"]["e"] == {"type": "string", "enum": ["a", "b"]}
    assert schema["properties"]["c"] == {"type": "number", "const": 1.5}
    assert schema["properties"]["n"] == {"type": "number", "enum": [1, 2.5]}


def test_enum_values_that_do_not_fit_the_type_are_unsupported() -> None:
    error = refused(obj({"e": {"type": "string", "enum": ["a", 1]}}, ["e"]))
    assert (error.path, error.keyword) == (("properties", "e"), "enum")
    error = refused(obj({"c": {"type": "integer", "const": "x"}}, ["c"]))
    assert error.keyword == "const"
    error = refused(obj({"e": {"enum": [{"a": 1}]}}, ["e"]))
    assert error.keyword == "enum"


def test_integral_float_fits_integer_and_bool_is_not_a_number() -> None:
    strict_schema(obj({"e": {"type": "integer", "enum": [1, 2.0]}}, ["e"]))
    assert refused(obj({"e": {"type": "integer", "enum": [True]}}, ["e"])).keyword == "enum"


def test_duplicate_enum_values_are_merged_json_wise() -> None:
    schema, _ = strict_schema(obj({"e": {"enum": ["a", "a", True, 1]}}, ["e"]))
    assert schema["properties"]["e"]["enum"] == ["a", True, 1]


# -- unsupported and dropped keywords -------------------------------------------------------------

UNSUPPORTED = [
    "allOf",
    "not",
    "oneOf",
    "if",
    "then",
    "else",
    "dependentRequired",
    "dependentSchemas",
    "dependencies",
    "patternProperties",
    "unevaluatedProperties",
    "unevaluatedItems",
    "propertyNames",
    "prefixItems",
    "contains",
    "minContains",
    "maxContains",
    "$dynamicRef",
    "$recursiveRef",
]


@pytest.mark.parametrize("keyword", UNSUPPORTED)
def test_each_unsupported_keyword_fails_the_conversion(keyword: str) -> None:
    error = refused(obj({"a": {"type": "string", keyword: {}}}, ["a"]))
    assert (error.path, error.keyword) == (("properties", "a"), keyword)


@pytest.mark.parametrize(
    ("extra", "dropped"),
    [
        ({"default": "x"}, "default"),
        ({"examples": ["x"]}, "examples"),
        ({"minLength": -1}, "minLength"),  # not a length
        ({"maxLength": 1.5}, "maxLength"),
        ({"format": "uri"}, "format"),
        ({"contentMediaType": "text/plain"}, "contentMediaType"),
        ({"x-vendor": 1}, "x-vendor"),
        ({"pattern": "(?=a)b"}, "pattern"),
        ({"pattern": "(?<!a)b"}, "pattern"),
        ({"pattern": "\\p{L}+"}, "pattern"),
        ({"pattern": "(a)\\1"}, "pattern"),
        ({"minimum": 1}, "minimum"),  # a number keyword on a string is inapplicable
    ],
)
def test_narrowing_and_annotation_keywords_are_dropped_and_reported(
    extra: dict[str, Any], dropped: str
) -> None:
    result = convert(obj({"a": {"type": "string", **extra}}, ["a"]))
    assert result.schema["properties"]["a"] == {"type": "string"}
    assert Dropped(("properties", "a"), dropped) in result.dropped


@pytest.mark.parametrize(
    "prop",
    [
        {
            "type": "string",
            "pattern": "^[a-z]+$",
            "format": "date-time",
            "title": "T",
            "description": "D",
        },
        {"type": "string", "minLength": 1, "maxLength": 64},  # docs/strict-sources.md
        {"type": "string", "pattern": "\\(?=x"},  # an escaped paren is no lookahead
        {"type": "string", "pattern": "[(?=]"},
        {
            "type": "integer",
            "minimum": 1,
            "maximum": 9,
            "exclusiveMinimum": 0,
            "exclusiveMaximum": 10,
            "multipleOf": 1,
        },
        {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3},
    ],
)
def test_supported_keywords_are_kept(prop: dict[str, Any]) -> None:
    schema, _ = strict_schema(obj({"a": prop}, ["a"]))
    kept = schema["properties"]["a"]
    for keyword, value in prop.items():
        assert kept[keyword] == value


@pytest.mark.parametrize(
    "fmt", ["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]
)
def test_the_nine_formats_are_kept(fmt: str) -> None:
    schema, _ = strict_schema(obj({"a": {"type": "string", "format": fmt}}, ["a"]))
    assert schema["properties"]["a"]["format"] == fmt


@pytest.mark.parametrize(
    "extra",
    [{"minLength": 1}, {"maxLength": 5}, {"pattern": "^a"}, {"format": "date"}],
    ids=["minLength", "maxLength", "pattern", "format"],
)
def test_target_compatible_drops_length_pattern_and_format(extra: dict[str, Any]) -> None:
    source = obj({"a": {"type": "string", **extra}}, ["a"])
    assert convert(source).schema["properties"]["a"] == {"type": "string", **extra}
    result = convert(source, target="compatible")
    assert result.schema["properties"]["a"] == {"type": "string"}
    assert result.dropped == (Dropped(("properties", "a"), next(iter(extra))),)


def test_unknown_target_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="target"):
        convert(obj({}), target="azure")


def test_descriptions_and_titles_inside_schemas_are_cleaned() -> None:
    schema, _ = strict_schema(
        obj(
            {"a": {"type": "string", "description": "x\u200by\u202ez\x07", "title": "T\ufeff"}},
            ["a"],
        )
    )
    assert schema["properties"]["a"]["description"] == "xyz"
    assert schema["properties"]["a"]["title"] == "T"


# -- references -----------------------------------------------------------------------------------


def test_defs_and_definitions_refs_resolve_to_root_defs() -> None:
    source = {
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/A"}, "b": {"$ref": "#/definitions/B"}},
        "required": ["a", "b"],
        "$defs": {"A": obj({"x": {"type": "string"}}), "Unused": {"type": "string"}},
        "definitions": {"B": {"type": "integer"}},
    }
    result = convert(source)
    assert result.schema["properties"] == {"a": {"$ref": "#/$defs/A"}, "b": {"$ref": "#/$defs/B"}}
    assert list(result.schema["$defs"]) == ["A", "B"]
    assert result.null_paths == (("a", "x"),)
    assert Dropped(("$defs", "Unused"), "unused definition") in result.dropped
    assert strict_violations(result.schema) == []


def test_ref_with_annotation_siblings_moves_them_onto_an_any_of() -> None:
    source = obj(
        {"a": {"$ref": "#/$defs/A", "description": "about a", "default": 1}},
        ["a"],
        **{"$defs": {"A": {"type": "integer"}}},
    )
    result = convert(source)
    assert result.schema["properties"]["a"] == {
        "description": "about a",
        "anyOf": [{"$ref": "#/$defs/A"}],
    }
    assert Dropped(("properties", "a"), "default") in result.dropped
    assert strict_violations(result.schema) == []


def test_ref_with_assertion_siblings_is_unsupported() -> None:
    source = obj(
        {"a": {"$ref": "#/$defs/A", "type": "integer"}},
        ["a"],
        **{"$defs": {"A": {"type": "integer"}}},
    )
    error = refused(source)
    assert (error.path, error.keyword) == (("properties", "a"), "$ref")


def test_body_refs_are_hoisted_into_defs() -> None:
    # zod-to-json-schema's shape for a repeated sub-schema.
    point = obj({"x": {"type": "number"}, "label": {"type": "string"}}, ["x"])
    source = obj({"from": point, "to": {"$ref": "#/properties/from"}}, ["from", "to"])
    result = convert(source)
    assert result.schema["properties"]["to"] == {"$ref": "#/$defs/properties_from"}
    assert result.schema["$defs"]["properties_from"]["required"] == ["label", "x"]
    assert result.null_paths == (("from", "label"), ("to", "label"))
    assert strict_violations(result.schema) == []


def test_json_pointer_escapes_are_honoured() -> None:
    source = {
        "type": "object",
        "properties": {
            "a/b": {"type": "string"},
            "c~d": {"type": "integer"},
            "e f": {"type": "boolean"},
            "r1": {"$ref": "#/properties/a~1b"},
            "r2": {"$ref": "#/properties/c~0d"},
            "r3": {"$ref": "#/properties/e%20f"},
        },
        "required": ["a/b", "c~d", "e f", "r1", "r2", "r3"],
    }
    result = convert(source)
    defs = result.schema["$defs"]
    assert [defs[name]["type"] for name in defs] == ["string", "integer", "boolean"]
    assert strict_violations(result.schema) == []


def test_definition_names_are_emitted_safe_so_no_pointer_needs_escapes() -> None:
    definitions = {
        "x/y": {"type": "string"},
        "x_y": {"type": "integer"},
        "a%20b": {"type": "boolean"},
    }
    properties = {
        "a": {"$ref": "#/$defs/x~1y"},
        "b": {"$ref": "#/$defs/x_y"},
        "c": {"$ref": "#/$defs/a%2520b"},
    }
    result = convert(obj(properties, ["a", "b", "c"], **{"$defs": definitions}))
    assert result.schema["properties"] == {
        "a": {"$ref": "#/$defs/x_y"},
        "b": {"$ref": "#/$defs/x_y_2"},
        "c": {"$ref": "#/$defs/a_20b"},
    }
    assert result.schema["$defs"] == {
        "x_y": {"type": "string"},
        "x_y_2": {"type": "integer"},
        "a_20b": {"type": "boolean"},
    }
    assert strict_violations(result.schema) == []


def test_non_local_anchor_and_unresolvable_refs_are_unsupported() -> None:
    for ref in [
        "https://example.com/s.json",
        "other.json#/a",
        "#anchor",
        "#/$defs/missing",
        "#/properties/nope",
    ]:
        error = refused(obj({"a": {"$ref": ref}}, ["a"]))
        assert (error.path, error.keyword) == (("properties", "a"), "$ref")


def test_shared_ref_null_paths_expand_at_every_use() -> None:
    source = obj(
        {"a": {"$ref": "#/$defs/P"}, "b": {"type": "array", "items": {"$ref": "#/$defs/P"}}},
        ["a", "b"],
        **{"$defs": {"P": obj({"x": {"type": "string"}, "y": {"type": "string"}}, ["x"])}},
    )
    assert convert(source).null_paths == (("a", "y"), ("b", None, "y"))


def test_null_paths_through_any_of_branches() -> None:
    branch_a = obj({"kind": {"const": "a"}, "extra": {"type": "string"}}, ["kind"])
    branch_b = obj({"kind": {"const": "b"}, "count": {"type": "integer"}}, ["kind"])
    result = convert(obj({"item": {"anyOf": [branch_a, branch_b]}}, ["item"]))
    assert result.null_paths == (("item", "count"), ("item", "extra"))
    assert strict_violations(result.schema) == []


def test_recursion_without_optional_properties_is_kept() -> None:
    node = obj(
        {
            "name": {"type": "string"},
            "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}},
        },
        ["name", "children"],
    )
    result = convert(obj({"root": {"$ref": "#/$defs/Node"}}, ["root"], **{"$defs": {"Node": node}}))
    assert result.schema["$defs"]["Node"]["properties"]["children"]["items"] == {
        "$ref": "#/$defs/Node"
    }
    assert result.null_paths == ()
    assert strict_violations(result.schema) == []


def test_recursion_through_optional_properties_is_unsupported() -> None:
    node = obj({"name": {"type": "string"}, "next": {"$ref": "#/$defs/Node"}}, ["name"])
    error = refused(obj({"root": {"$ref": "#/$defs/Node"}}, ["root"], **{"$defs": {"Node": node}}))
    assert error.keyword == "$ref"
    assert error.path == ("$defs", "Node", "properties", "next")


def test_root_recursion_with_optional_properties_is_unsupported() -> None:
    assert (
        refused(obj({"a": {"type": "string"}, "self": {"$ref": "#"}}, ["self"])).keyword == "$ref"
    )


def test_root_recursion_without_optional_properties_is_kept() -> None:
    source = obj(
        {"a": {"type": "string"}, "kids": {"type": "array", "items": {"$ref": "#"}}}, ["a", "kids"]
    )
    schema, null_paths = strict_schema(source)
    assert schema["properties"]["kids"]["items"] == {"$ref": "#"}
    assert null_paths == ()


# -- limits ---------------------------------------------------------------------------------------


def test_limits() -> None:
    many = obj({f"p{i}": {"type": "string"} for i in range(5001)}, [f"p{i}" for i in range(5001)])
    assert refused(many).keyword == "max_properties"
    big_enum = obj({"e": {"enum": list(range(1001))}}, ["e"])
    assert refused(big_enum).keyword == "max_enum_values"
    long_enum = obj({"e": {"enum": [f"{i:04d}" + "x" * 60 for i in range(251)]}}, ["e"])
    assert refused(long_enum).keyword == "max_enum_chars"
    names = obj({"n" * 1000 + str(i): {"type": "string"} for i in range(121)}, [])
    assert refused(names).keyword == "max_chars"


def test_depth_limit_counts_objects_and_defs_from_their_own_root() -> None:
    def nested(levels: int) -> dict[str, Any]:
        schema: dict[str, Any] = obj({"leaf": {"type": "string"}}, ["leaf"])
        for _ in range(levels - 1):
            schema = obj({"n": schema}, ["n"])
        return schema

    convert(nested(10))
    assert refused(nested(11)).keyword == "max_depth"
    # A definition counts from its own root: 9 levels inside a def used at depth 2 is fine.
    deep_def = {
        "type": "object",
        "properties": {"d": {"$ref": "#/$defs/D"}},
        "required": ["d"],
        "$defs": {"D": nested(10)},
    }
    assert strict_violations(convert(deep_def).schema) == []


def test_inputs_are_never_mutated() -> None:
    source = obj(
        {
            "a": {"type": "string", "default": "x"},
            "b": {"$ref": "#/properties/a", "description": "d"},
            "c": {"enum": ["x"]},
        },
        [],
        **{"$defs": {"U": {"type": "string"}}},
    )
    before = copy.deepcopy(source)
    result = convert(source)
    assert source == before
    result.schema["properties"]["c"]["enum"].append("mutated")
    assert source == before


def test_ambiguous_null_nested_below_an_any_of_branch_is_refused() -> None:
    branch_a = obj({"kind": {"const": "A"}, "a": obj({"v": {"type": "string"}}, [])}, ["kind", "a"])
    branch_b = obj(
        {"kind": {"const": "B"}, "a": obj({"v": {"type": ["string", "null"]}}, ["v"])},
        ["kind", "a"],
    )
    error = refused(obj({"x": {"anyOf": [branch_a, branch_b]}}, ["x"]))
    assert (error.path, error.keyword) == (("properties", "x"), "anyOf")


def test_integers_beyond_float_range_are_kept() -> None:
    schema, _ = strict_schema(obj({"n": {"type": "number", "maximum": 10**400}}, ["n"]))
    assert schema["properties"]["n"]["maximum"] == 10**400


# -- branches that match nothing ---------------------------------------------------------------

NEVER_BRANCHES = [False, {"not": {}}, {"not": True}, {"not": {}, "description": "undefined"}]


@pytest.mark.parametrize("never", NEVER_BRANCHES, ids=repr)
@pytest.mark.parametrize("key", ["anyOf", "oneOf"])
def test_a_branch_that_matches_nothing_is_left_out_and_meaning_kept(key: str, never: Any) -> None:
    import jsonschema

    # zod's `.optional()` on some generators: {"anyOf": [{"not": {}}, {"type": "null"}, ...]}
    source = obj({"v": {key: [never, {"type": "null"}, {"type": "string"}]}}, ["v"])
    result = strict.convert(source, rewrites=True)
    assert result.schema["properties"]["v"] == {"anyOf": [{"type": "null"}, {"type": "string"}]}
    assert strict_violations(result.schema) == []
    for value in (None, "x", 1, [], {}):
        expected = jsonschema.Draft202012Validator(source).is_valid({"v": value})
        assert jsonschema.Draft202012Validator(result.schema).is_valid({"v": value}) == expected


def test_a_branch_that_negates_something_is_still_refused() -> None:
    error = refused(obj({"v": {"anyOf": [{"not": {"type": "string"}}, {"type": "null"}]}}))
    assert (error.keyword, error.path) == ("not", ("properties", "v", "anyOf", 0))


def test_an_any_of_whose_branches_all_match_nothing_is_refused() -> None:
    error = refused(obj({"v": {"anyOf": [{"not": {}}, False]}}))
    assert error.keyword == "anyOf"
    assert "no branch of the anyOf matches any value" in error.reason


# -- the peers' cases -------------------------------------------------------------------------


def test_a_node_with_properties_and_no_type_is_an_object() -> None:
    """JSON Schema applies `properties` to objects only; the peers read such a node as an
    object, and so does the converter: the model may send an object only, checked by the
    same properties, so what reaches the server is valid for its schema."""
    typeless = {"properties": {"a": {"type": "string"}}, "required": ["a"]}
    strict_one = {
        "type": "object",
        "properties": {"a": {"type": "string"}},
        "required": ["a"],
        "additionalProperties": False,
    }
    schema, paths = strict_schema(
        obj(
            {
                "o": typeless,
                "items": {"type": "array", "items": typeless},
                "d": {"$ref": "#/$defs/T"},
            },
            ["o", "items"],
            **{"$defs": {"T": typeless}},
        )
    )
    assert schema["properties"]["o"] == strict_one
    assert schema["properties"]["items"]["items"] == strict_one
    assert schema["$defs"]["T"] == strict_one
    assert paths == (("d",),)
    assert refused(obj({"o": {"properties": {}}}, ["o"])).keyword == "type"  # anything


def alias_chain(links: int) -> dict[str, Any]:
    definitions: dict[str, Any] = {f"L{i}": {"$ref": f"#/$defs/L{i + 1}"} for i in range(links)}
    definitions[f"L{links}"] = obj({"v": {"type": "string"}}, ["v"])
    return obj(
        {"a": {"$ref": "#/$defs/L0"}, "b": {"$ref": "#/$defs/L0"}}, ["a"], **{"$defs": definitions}
    )


def test_a_long_acyclic_ref_chain_converts_and_points_at_its_end() -> None:
    """97 links (a peer's case) were stopped by a count (64); a chain is followed to its end
    and stopped only on a cycle. The schema points at the end: no chain is sent."""
    conversion = convert(alias_chain(97))
    assert conversion.schema["properties"]["a"] == {"$ref": "#/$defs/L97"}
    assert list(conversion.schema["$defs"]) == ["L97"]
    assert conversion.null_paths == (("b",),)
    assert not [d for d in conversion.dropped if d.keyword == "unused definition"]
    assert strict_violations(conversion.schema) == []
    cycle = alias_chain(3)
    cycle["$defs"]["L2"] = {"$ref": "#/$defs/L0"}
    error = refused(cycle)
    assert (error.keyword, error.path) == ("$ref", ("$defs", "L2"))
