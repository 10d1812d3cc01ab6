"""The graded diff of two tool lists (generator/drift/; docs/design.md, "Graded drift").

One test per grade the issue lists, each making one change to a realistic tool and asserting the
one change it yields (tool, JSON pointer, grade, reason); then the shapes a schema can take
(nested objects, array items, $ref/$defs, anyOf/oneOf, type lists, required lists), the output
schema's reversed direction and what is not graded.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from mcp2openai.drift import Change, diff_snapshots, diff_tools, fails, line, tally, worst

Tool = dict[str, Any]


def weather() -> Tool:
    return {
        "name": "forecast",
        "title": "Forecast",
        "description": "Tomorrow's weather in a city.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "city": {"type": "string", "minLength": 1, "maxLength": 80, "pattern": "^[A-Z]"},
                "units": {"type": "string", "enum": ["celsius", "fahrenheit"]},
                "days": {"type": "integer", "minimum": 1, "maximum": 7},
            },
            "required": ["city"],
        },
        "outputSchema": {
            "type": "object",
            "properties": {"temperature": {"type": "number"}, "summary": {"type": "string"}},
            "required": ["temperature"],
        },
        "annotations": {"title": "Weather forecast", "readOnlyHint": True, "openWorldHint": True},
    }


def one(old: list[Tool], new: list[Tool]) -> tuple[str | None, str, str, str]:
    changes = diff_tools(old, new)
    assert len(changes) == 1, changes
    change = changes[0]
    return change.tool, change.pointer, change.grade, change.reason


def edited(edit: Any) -> tuple[list[Tool], list[Tool]]:
    """The weather tool before and after `edit` changes a copy of it."""
    old = weather()
    new = copy.deepcopy(old)
    edit(new)
    return [old], [new]


def schema(tool: Tool) -> Any:
    return tool["inputSchema"]


def props(tool: Tool) -> Any:
    return tool["inputSchema"]["properties"]


# ---- breaking --------------------------------------------------------------------------------


def test_a_tool_removed_is_breaking() -> None:
    other = {"name": "alerts", "inputSchema": {"type": "object"}}
    assert one([weather(), other], [weather()]) == ("alerts", "", "breaking", "tool removed")


def test_a_tool_renamed_is_breaking_and_named_once() -> None:
    renamed = {**weather(), "name": "get_forecast"}
    assert one([weather()], [renamed]) == (
        "forecast",
        "/name",
        "breaking",
        'tool renamed to "get_forecast"',
    )


def test_a_new_required_property_is_breaking() -> None:
    def edit(tool: Tool) -> None:
        props(tool)["country"] = {"type": "string"}
        schema(tool)["required"] = ["city", "country"]

    assert one(*edited(edit)) == (
        "forecast",
        "/inputSchema/properties/country",
        "breaking",
        "new required property",
    )


def test_a_required_property_removed_is_breaking() -> None:
    def edit(tool: Tool) -> None:
        del props(tool)["city"]
        schema(tool)["required"] = []

    assert one(*edited(edit)) == (
        "forecast",
        "/inputSchema/properties/city",
        "breaking",
        "required property removed: calls still send it",
    )


def test_a_type_narrowed_is_breaking() -> None:
    old, new = edited(lambda tool: props(tool)["days"].update(type="integer"))
    props(old[0])["days"]["type"] = "number"
    assert one(old, new) == (
        "forecast",
        "/inputSchema/properties/days/type",
        "breaking",
        "type narrowed: number -> integer",
    )


def test_a_type_changed_is_breaking() -> None:
    assert one(*edited(lambda tool: props(tool)["days"].update(type="string"))) == (
        "forecast",
        "/inputSchema/properties/days/type",
        "breaking",
        "type changed: integer -> string",
    )


def test_an_enum_value_removed_is_breaking() -> None:
    assert one(*edited(lambda tool: props(tool)["units"].update(enum=["celsius"]))) == (
        "forecast",
        "/inputSchema/properties/units/enum",
        "breaking",
        'enum value "fahrenheit" removed',
    )


@pytest.mark.parametrize(
    ("keyword", "value", "reason"),
    [
        ("pattern", "^[A-Z][a-z]", 'pattern changed: "^[A-Z]" -> "^[A-Z][a-z]"'),
        ("minLength", 2, "minLength 1 -> 2 (tightened)"),
        ("maxLength", 40, "maxLength 80 -> 40 (tightened)"),
    ],
)
def test_a_string_constraint_tightened_is_breaking(keyword: str, value: Any, reason: str) -> None:
    assert one(*edited(lambda tool: props(tool)["city"].update({keyword: value}))) == (
        "forecast",
        f"/inputSchema/properties/city/{keyword}",
        "breaking",
        reason,
    )


@pytest.mark.parametrize(
    ("keyword", "value", "reason"),
    [
        ("minimum", 2, "minimum 1 -> 2 (tightened)"),
        ("maximum", 5, "maximum 7 -> 5 (tightened)"),
        ("exclusiveMaximum", 7, "bound <= 7 -> < 7 (tightened)"),
    ],
)
def test_a_bound_tightened_is_breaking(keyword: str, value: Any, reason: str) -> None:
    assert one(*edited(lambda tool: props(tool)["days"].update({keyword: value}))) == (
        "forecast",
        f"/inputSchema/properties/days/{keyword}",
        "breaking",
        reason,
    )


def test_additional_properties_closed_is_breaking() -> None:
    old, new = edited(lambda tool: schema(tool).update(additionalProperties=False))
    schema(old[0])["additionalProperties"] = True  # the old schema took other keys
    assert one(old, new) == (
        "forecast",
        "/inputSchema/additionalProperties",
        "breaking",
        "additionalProperties closed",
    )


def test_an_output_schema_changed_incompatibly_is_breaking() -> None:
    # the client reads the output: a property it could count on may now be missing
    assert one(*edited(lambda tool: tool["outputSchema"].update(required=[]))) == (
        "forecast",
        "/outputSchema/properties/temperature",
        "breaking",
        "no longer required",
    )


def test_destructive_hint_turned_on_is_breaking() -> None:
    def edit(tool: Tool) -> None:
        tool["annotations"]["readOnlyHint"] = False
        tool["annotations"]["destructiveHint"] = True

    old, new = edited(edit)
    old[0]["annotations"].update(readOnlyHint=False, destructiveHint=False)
    assert one(old, new) == (
        "forecast",
        "/annotations/destructiveHint",
        "breaking",
        "destructiveHint turned on",
    )


def test_read_only_hint_turned_off_is_breaking() -> None:
    # left out, a hint takes its MCP default: readOnlyHint false
    assert one(*edited(lambda tool: tool["annotations"].pop("readOnlyHint"))) == (
        "forecast",
        "/annotations/readOnlyHint",
        "breaking",
        "readOnlyHint turned off",
    )


# ---- compatible ------------------------------------------------------------------------------


def test_a_new_tool_is_compatible() -> None:
    other = {"name": "alerts", "inputSchema": {"type": "object"}}
    assert one([weather()], [weather(), other]) == ("alerts", "", "compatible", "new tool")


def test_a_new_optional_property_is_compatible() -> None:
    assert one(*edited(lambda tool: props(tool).update(lang={"type": "string"}))) == (
        "forecast",
        "/inputSchema/properties/lang",
        "compatible",
        "new optional property",
    )


def test_an_enum_value_added_is_compatible() -> None:
    units = ["celsius", "fahrenheit", "kelvin"]
    assert one(*edited(lambda tool: props(tool)["units"].update(enum=units))) == (
        "forecast",
        "/inputSchema/properties/units/enum",
        "compatible",
        'enum value "kelvin" added',
    )


@pytest.mark.parametrize(
    ("where", "edit", "pointer", "reason"),
    [
        ("city", lambda p: p.pop("pattern"), "pattern", 'pattern removed (was "^[A-Z]")'),
        ("city", lambda p: p.update(maxLength=120), "maxLength", "maxLength 80 -> 120 (loosened)"),
        ("days", lambda p: p.update(minimum=0), "minimum", "minimum 1 -> 0 (loosened)"),
        ("days", lambda p: p.pop("maximum"), "maximum", "maximum 7 removed (loosened)"),
    ],
)
def test_a_constraint_loosened_is_compatible(
    where: str, edit: Any, pointer: str, reason: str
) -> None:
    assert one(*edited(lambda tool: edit(props(tool)[where]))) == (
        "forecast",
        f"/inputSchema/properties/{where}/{pointer}",
        "compatible",
        reason,
    )


@pytest.mark.parametrize("key", ["description", "title"])
def test_a_description_or_title_reworded_is_compatible(key: str) -> None:
    assert one(*edited(lambda tool: tool.update({key: "Now in other words."}))) == (
        "forecast",
        f"/{key}",
        "compatible",
        f"{key} reworded",
    )


def test_a_property_description_reworded_is_compatible() -> None:
    assert one(*edited(lambda tool: props(tool)["city"].update(description="Where."))) == (
        "forecast",
        "/inputSchema/properties/city/description",
        "compatible",
        "description added",
    )


# ---- cosmetic --------------------------------------------------------------------------------


def test_key_order_is_cosmetic() -> None:
    def edit(tool: Tool) -> None:
        tool["inputSchema"] = dict(reversed(list(schema(tool).items())))

    assert one(*edited(edit)) == ("forecast", "/inputSchema", "cosmetic", "key order changed")


def test_property_order_is_cosmetic() -> None:
    def edit(tool: Tool) -> None:
        schema(tool)["properties"] = dict(reversed(list(props(tool).items())))

    assert one(*edited(edit)) == (
        "forecast",
        "/inputSchema/properties",
        "cosmetic",
        "property order changed",
    )


def test_annotation_text_is_cosmetic() -> None:
    assert one(*edited(lambda tool: tool["annotations"].update(title="Forecast, by city"))) == (
        "forecast",
        "/annotations/title",
        "cosmetic",
        "title reworded",
    )


def test_a_hint_written_out_with_its_default_is_cosmetic() -> None:
    assert one(*edited(lambda tool: tool["annotations"].update(idempotentHint=False))) == (
        "forecast",
        "/annotations/idempotentHint",
        "cosmetic",
        "idempotentHint written differently, same meaning",
    )


# ---- the shapes of a schema ------------------------------------------------------------------


def tool_with(input_schema: Any, **more: Any) -> Tool:
    return {"name": "t", "inputSchema": input_schema, **more}


def graded(old: Any, new: Any, key: str = "inputSchema") -> list[tuple[str, str, str]]:
    before = tool_with({"type": "object"}, **{key: old}) if key != "inputSchema" else tool_with(old)
    after = tool_with({"type": "object"}, **{key: new}) if key != "inputSchema" else tool_with(new)
    return [(c.pointer, c.grade, c.reason) for c in diff_tools([before], [after])]


def obj(properties: dict[str, Any], required: list[str] | None = None, **more: Any) -> Any:
    node: dict[str, Any] = {"type": "object", "properties": properties, **more}
    if required is not None:
        node["required"] = required
    return node


def test_a_change_inside_nested_objects_and_array_items_is_found_where_it_is() -> None:
    def nested(kinds: list[str]) -> Any:
        item = obj({"kind": {"type": "string", "enum": kinds}}, ["kind"])
        return obj({"filter": obj({"tags": {"type": "array", "items": item}})})

    assert graded(nested(["a", "b"]), nested(["a"])) == [
        (
            "/inputSchema/properties/filter/properties/tags/items/properties/kind/enum",
            "breaking",
            'enum value "b" removed',
        )
    ]


def test_a_change_in_a_definition_is_found_at_the_definition_once() -> None:
    def with_defs(max_length: int) -> Any:
        node = obj({"a": {"$ref": "#/$defs/Name"}, "b": {"$ref": "#/$defs/Name"}})
        node["$defs"] = {"Name": {"type": "string", "maxLength": max_length}}
        return node

    assert graded(with_defs(10), with_defs(5)) == [
        ("/inputSchema/$defs/Name/maxLength", "breaking", "maxLength 10 -> 5 (tightened)")
    ]


def test_a_recursive_definition_is_compared_and_ends() -> None:
    def tree(extra: dict[str, Any]) -> Any:
        node = obj({"root": {"$ref": "#/$defs/Node"}})
        children = {"type": "array", "items": {"$ref": "#/$defs/Node"}}
        node["$defs"] = {"Node": obj({"children": children, **extra})}
        return node

    assert graded(tree({}), tree({"label": {"type": "string"}})) == [
        ("/inputSchema/$defs/Node/properties/label", "compatible", "new optional property")
    ]


def test_a_definition_inlined_changes_nothing() -> None:
    old = obj({"a": {"$ref": "#/definitions/A"}})
    old["definitions"] = {"A": {"type": "string"}}
    new = obj({"a": {"type": "string"}})
    assert graded(old, new) == [("", "cosmetic", "written differently, same meaning")]


def test_an_optional_value_written_as_a_type_list_or_as_any_of_is_the_same() -> None:
    as_list = obj({"a": {"type": ["string", "null"]}})
    as_any_of = obj({"a": {"anyOf": [{"type": "string"}, {"type": "null"}]}})
    assert graded(as_list, as_any_of) == [("", "cosmetic", "written differently, same meaning")]


def test_a_type_added_to_a_type_list_is_compatible_and_one_removed_breaking() -> None:
    two = obj({"a": {"type": ["string", "integer"]}})
    assert graded(obj({"a": {"type": "string"}}), two) == [
        ("/inputSchema/properties/a/type", "compatible", 'type "integer" now accepted')
    ]
    assert graded(two, obj({"a": {"type": "string"}})) == [
        ("/inputSchema/properties/a/type", "breaking", 'type "integer" no longer accepted')
    ]


def test_any_of_branches_are_matched_whatever_their_order() -> None:
    def union(*branches: Any) -> Any:
        return obj({"v": {"anyOf": list(branches)}})

    text, number, flag = {"type": "string"}, {"type": "number"}, {"type": "boolean"}
    assert graded(union(text, number), union(number, text)) == [
        ("", "cosmetic", "written differently, same meaning")
    ]
    assert graded(union(text, number), union(number, text, flag)) == [
        ("/inputSchema/properties/v/anyOf/2", "compatible", "anyOf branch 2 added")
    ]
    assert graded(union(text, number, flag), union(number, flag)) == [
        ("/inputSchema/properties/v/anyOf/0", "breaking", "anyOf branch 0 removed")
    ]
    short = {"type": "string", "maxLength": 3}
    assert graded(union(text, number), union(number, short)) == [
        ("/inputSchema/properties/v/anyOf/1/maxLength", "breaking", "maxLength 3 added (tightened)")
    ]


def test_a_value_made_optional_the_pydantic_way_is_compatible() -> None:
    old = obj({"x": {"type": "string", "description": "d"}})
    new = obj(
        {
            "x": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "d",
            }
        }
    )
    assert graded(old, new) == [
        ("/inputSchema/properties/x/default", "compatible", "default added"),
        ("/inputSchema/properties/x/anyOf/1", "compatible", "anyOf branch 1 added"),
    ]


def test_a_union_of_values_is_an_enum() -> None:
    # the MCP titled enum: oneOf of const, each with its title
    titled = {"oneOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "B"}]}
    plain = {"type": "string", "enum": ["a", "b"]}
    assert graded(obj({"x": plain}), obj({"x": titled})) == [
        ("", "cosmetic", "written differently, same meaning")
    ]
    fewer = {"oneOf": [{"const": "a", "title": "A"}]}
    assert graded(obj({"x": titled}), obj({"x": fewer})) == [
        ("/inputSchema/properties/x/oneOf", "breaking", 'enum value "b" removed')
    ]


def test_a_described_reference_wrapped_in_all_of_is_the_reference() -> None:
    def units(node: Any) -> Any:
        schema = obj({"units": node})
        schema["$defs"] = {"Units": {"type": "string", "enum": ["c", "f"]}}
        return schema

    old = units({"allOf": [{"$ref": "#/$defs/Units"}], "description": "Units."})
    new = units({"$ref": "#/$defs/Units", "description": "Units."})
    assert graded(old, new) == [("", "cosmetic", "written differently, same meaning")]


def test_a_branch_added_to_one_of_is_breaking_since_overlap_is_not_checked() -> None:
    def union(*branches: Any) -> Any:
        return obj({"v": {"oneOf": list(branches)}})

    changes = graded(union({"type": "string"}), union({"type": "string"}, {"type": "integer"}))
    assert changes == [
        (
            "/inputSchema/properties/v/oneOf/1",
            "breaking",
            "oneOf branch 1 added: a value that matches two branches is refused; overlap not "
            "checked",
        )
    ]


def test_required_names_without_a_declared_property_are_graded_too() -> None:
    assert graded(obj({}, []), obj({}, ["token"])) == [
        ("/inputSchema/required", "breaking", '"token" became required')
    ]
    assert graded(obj({"a": {}}, ["a"]), obj({"a": {}}, [])) == [
        ("/inputSchema/properties/a", "compatible", "no longer required")
    ]


def test_the_required_list_reordered_is_cosmetic() -> None:
    both = {"a": {"type": "string"}, "b": {"type": "string"}}
    assert graded(obj(both, ["a", "b"]), obj(both, ["b", "a"])) == [
        ("/inputSchema/required", "cosmetic", "required order changed")
    ]


def test_additional_properties_made_explicit_beside_declared_properties_is_cosmetic() -> None:
    # declared properties without additionalProperties already close the object (docs/design.md,
    # "Decisions where the spec was silent"): the compiled module never sends other keys
    old = obj({"a": {"type": "string"}})
    new = obj({"a": {"type": "string"}}, additionalProperties=False)
    assert graded(old, new) == [
        (
            "/inputSchema/additionalProperties",
            "cosmetic",
            "additionalProperties written out, same meaning",
        )
    ]


def test_properties_declared_on_a_free_form_object_close_it() -> None:
    old = obj({"settings": {"type": "object"}})
    new = obj({"settings": obj({"depth": {"type": "integer"}})})
    assert graded(old, new) == [
        (
            "/inputSchema/properties/settings/properties/depth",
            "compatible",
            "new optional property",
        ),
        (
            "/inputSchema/properties/settings/additionalProperties",
            "breaking",
            "additionalProperties closed",
        ),
    ]


def test_an_optional_input_property_removed_is_breaking() -> None:
    both = {"a": {"type": "string"}}
    assert graded(obj({**both, "b": {"type": "string"}}), obj(both)) == [
        (
            "/inputSchema/properties/b",
            "breaking",
            "optional property removed: calls that send it are refused or ignored",
        )
    ]


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ({"minimum": 5}, {"exclusiveMinimum": 0}, "bound >= 5 -> > 0 (loosened)"),
        ({"minimum": 0, "exclusiveMinimum": True}, {"minimum": 0}, "bound > 0 -> >= 0 (loosened)"),
        ({"multipleOf": 2}, {"multipleOf": 4}, "multipleOf 2 -> 4 (tightened)"),
        ({"multipleOf": 0.5}, {"multipleOf": 0.25}, "multipleOf 0.5 -> 0.25 (loosened)"),
    ],
)
def test_numeric_bounds_are_read_together(old: Any, new: Any, reason: str) -> None:
    changes = graded(obj({"n": {"type": "number", **old}}), obj({"n": {"type": "number", **new}}))
    assert [(grade, text) for _, grade, text in changes] == [
        ("breaking" if "tightened" in reason else "compatible", reason)
    ]


def test_the_same_number_written_as_an_integer_or_a_float_is_no_change() -> None:
    changes = graded(obj({"n": {"maximum": 10}}), obj({"n": {"maximum": 10.0}}))
    assert changes == [("", "cosmetic", "written differently, same meaning")]


def test_a_const_is_an_enum_of_one() -> None:
    assert graded(obj({"v": {"const": "a"}}), obj({"v": {"enum": ["a", "b"]}})) == [
        ("/inputSchema/properties/v/enum", "compatible", 'enum value "b" added')
    ]
    # true is not 1: a boolean const and an integer const are different values
    assert graded(obj({"v": {"const": 1}}), obj({"v": {"const": True}})) == [
        ("/inputSchema/properties/v/const", "breaking", "const value 1 removed"),
        ("/inputSchema/properties/v/const", "compatible", "const value true added"),
    ]


# ---- output schemas: the client reads them --------------------------------------------------


def test_the_same_change_is_graded_the_other_way_in_an_output_schema() -> None:
    narrow = obj({"v": {"type": "string", "enum": ["a"]}})
    wide = obj({"v": {"type": "string", "enum": ["a", "b"]}})
    # a new value the server may send breaks a reader; the client may no longer send a value
    assert graded(narrow, wide, "outputSchema") == [
        ("/outputSchema/properties/v/enum", "breaking", 'enum value "b" added')
    ]
    assert graded(wide, narrow, "outputSchema") == [
        ("/outputSchema/properties/v/enum", "compatible", 'enum value "b" removed')
    ]
    assert graded(narrow, wide) == [
        ("/inputSchema/properties/v/enum", "compatible", 'enum value "b" added')
    ]


def test_output_properties_added_and_removed() -> None:
    old = obj({"a": {"type": "string"}, "b": {"type": "string"}}, ["a"])
    new = obj({"a": {"type": "string"}, "c": {"type": "string"}}, ["a", "c"])
    assert graded(old, new, "outputSchema") == [
        ("/outputSchema/properties/c", "compatible", "new required property"),
        (
            "/outputSchema/properties/b",
            "compatible",
            "optional property removed (readers cope with its absence)",
        ),
    ]
    closed = obj({"a": {"type": "string"}}, ["a"], additionalProperties=False)
    more = obj({"a": {"type": "string"}, "d": {"type": "integer"}}, ["a"])
    assert graded(closed, more, "outputSchema") == [
        (
            "/outputSchema/properties/d",
            "breaking",
            "new optional property (the old schema refused it)",
        ),
        ("/outputSchema/additionalProperties", "breaking", "additionalProperties opened"),
    ]


def test_an_output_schema_added_is_compatible_and_removed_breaking() -> None:
    old, new = tool_with({"type": "object"}), tool_with({"type": "object"}, outputSchema=obj({}))
    assert one([old], [new]) == ("t", "/outputSchema", "compatible", "output schema added")
    assert one([new], [old]) == (
        "t",
        "/outputSchema",
        "breaking",
        "output schema removed: results may lack structuredContent",
    )


# ---- what is not graded, and the rest -------------------------------------------------------


def test_a_vendor_keyword_of_an_input_schema_is_graded_by_what_reads_it() -> None:
    """No validator reads `x-...`: the calls a server takes are the same. x-mcp-header moves
    a value into a header, which connect() learns again when the server asks (-32020)."""
    old = obj({"a": {"type": "string"}})
    new = obj({"a": {"type": "string", "x-mcp-header": "X-A", "x-vendor-hint": 1}})
    learns = "the header a call carries; connect() learns it when the server asks (-32020)"
    assert graded(old, new) == [
        ("/inputSchema/properties/a/x-mcp-header", "compatible", f"x-mcp-header added: {learns}"),
        (
            "/inputSchema/properties/a/x-vendor-hint",
            "cosmetic",
            "x-vendor-hint added: a vendor keyword, which no validator reads",
        ),
    ]
    # in an output schema, a vendor keyword may say how a result is wrapped (FastMCP's)
    wrapped = obj({"a": {"type": "string"}}, **{"x-fastmcp-wrap-result": True})
    assert graded(old, wrapped, "outputSchema") == [
        (
            "/outputSchema/x-fastmcp-wrap-result",
            "breaking",
            "x-fastmcp-wrap-result added: not graded",
        )
    ]


def test_a_keyword_the_diff_does_not_know_is_breaking_and_says_so() -> None:
    old = obj({"a": {"type": "string"}})
    gated = obj({"a": {"type": "string"}}, **{"if": {"required": ["a"]}, "then": {}})
    assert [reason for _, _, reason in graded(old, gated)] == [
        "if added: not graded",
        "then added: not graded",
    ]


def test_a_reference_that_cannot_be_followed_is_breaking() -> None:
    new = obj({"a": {"$ref": "https://example.com/schema.json"}})
    assert graded(obj({"a": {"type": "string"}}), new) == [
        (
            "/inputSchema/properties/a/$ref",
            "breaking",
            "$ref https://example.com/schema.json cannot be followed: not graded",
        )
    ]


def test_nesting_too_deep_to_follow_is_breaking() -> None:
    def deep(leaf: str) -> Any:
        node: Any = {"type": leaf}
        for _ in range(200):
            node = {"type": "array", "items": node}
        return obj({"a": node})

    (change,) = graded(deep("string"), deep("integer"))
    assert change[1:] == ("breaking", "nested too deep to compare: not graded")


def test_a_list_compared_with_itself_has_no_change_and_a_repeated_name_counts_once() -> None:
    assert diff_tools([weather()], [weather()]) == []
    twice = [weather(), {**weather(), "description": "a second tool of the same name"}]
    assert diff_tools(twice, [weather()]) == []


def test_tool_order_is_cosmetic() -> None:
    other = {"name": "alerts", "inputSchema": {"type": "object"}}
    assert one([weather(), other], [other, weather()]) == (
        None,
        "/tools",
        "cosmetic",
        "tool order changed",
    )


def test_grades_summarised_and_the_threshold() -> None:
    changes = [
        Change("a", "", "compatible", "new tool"),
        Change("b", "", "breaking", "tool removed"),
        Change("c", "", "compatible", "new tool"),
    ]
    assert tally(changes) == "1 breaking, 2 compatible"
    assert tally([]) == "no change"
    assert worst(changes) == "breaking" and worst(changes[:1]) == "compatible"
    assert fails(changes) and not fails(changes[:1])
    assert fails(changes[:1], "compatible") and not fails([], "cosmetic")


def test_a_line_stays_one_printable_line_whatever_the_names() -> None:
    change = Change("evil\ntool", "/inputSchema/properties/a\u2028b", "breaking", "x\ty")
    assert line(change) == ('breaking: "evil\\ntool": /inputSchema/properties/a\\u2028b: x\\ty')
    assert line(Change(None, "/server/version", "cosmetic", "v")) == (
        "cosmetic: (snapshot): /server/version: v"
    )


def test_what_a_snapshot_says_about_its_server() -> None:
    old = {
        "mcp2openai_snapshot": 1,
        "server": {"name": "s", "version": "1.0", "title": "S"},
        "protocolVersion": "2025-06-18",
        "instructions": "Use it well.",
        "cache": {"ttlMs": 30000},
        "tools": [],
    }
    new = {
        "mcp2openai_snapshot": 1,
        "server": {"name": "s", "version": "1.1", "title": "S", "websiteUrl": "https://s"},
        "protocolVersion": "2025-11-25",
        "instructions": "Use it better.",
        "cache": {"ttlMs": 60000},
        "tools": [],
    }
    assert [(c.tool, c.pointer, c.grade, c.reason) for c in diff_snapshots(old, new, [], [])] == [
        (None, "/instructions", "compatible", "instructions reworded"),
        (None, "/server/version", "cosmetic", 'server version changed: "1.0" -> "1.1"'),
        (
            None,
            "/protocolVersion",
            "cosmetic",
            'protocol version changed: "2025-06-18" -> "2025-11-25"',
        ),
        (None, "/cache", "cosmetic", 'cache changed: {"ttlMs":30000} -> {"ttlMs":60000}'),
        (None, "/server/websiteUrl", "cosmetic", "server websiteUrl added"),
    ]
    bare = {"tools": []}
    assert diff_snapshots(bare, [], [], []) == [
        Change(None, "", "cosmetic", "written differently, same meaning")
    ]
