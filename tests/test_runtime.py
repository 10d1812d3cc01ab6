"""templates/runtime/: the runtime the toolset modules of a folder share.

The runtime is given a small toolset (tests/runtime_support.py) and driven, as a toolset module
drives it, with plain dicts, the ``openai`` SDK's response objects and the ``mcp`` SDK's results.
"""

from __future__ import annotations

import ast
import asyncio
import base64
import collections
import copy
import json
import types
from pathlib import Path
from typing import Any

import pytest
from mcp import types as mcp_types
from openai.types.chat import ChatCompletion
from openai.types.responses import Response
from runtime_support import PUBLIC, RUNTIME, definition, load_runtime, with_toolset

PARTS = sorted(RUNTIME.glob("*.py"))
NAMES = {
    "fs__read_file": ("fs", "read_file"),
    "fs__write_file": ("fs", "write_file"),
    "git__status": ("git", "status"),
    "h_0123456789": ("fs", "a tool/with a long name"),
}
NULL_PATHS: dict[str, tuple[tuple[str | None, ...], ...]] = {
    "fs__write_file": (("a",), ("edits", None, "dryRun"), ("opts", "x")),
}


READ_FILE = {
    "type": "object",
    "properties": {"path": {"type": "string"}},
    "required": ["path"],
    "additionalProperties": False,
}
DEFINITIONS = [
    definition("fs__read_file", "Read a file.", READ_FILE, True),
    definition("git__status", "", {"type": "object", "properties": {}}, False),
]


rt = load_runtime("mcp2openai_runtime_under_test", NAMES, NULL_PATHS, DEFINITIONS)


def chat(*tool_calls: object, content: str | None = None) -> dict[str, object]:
    message = {"role": "assistant", "content": content, "tool_calls": list(tool_calls)}
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-4.1",
        "choices": [{"index": 0, "finish_reason": "tool_calls", "message": message}],
    }


def fn(call_id: object, name: object, arguments: object) -> dict[str, object]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


def responses(*items: object) -> dict[str, object]:
    return {
        "id": "resp_1",
        "object": "response",
        "created_at": 1,
        "model": "gpt-5",
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
        "output": list(items),
    }


def fc(call_id: object, name: object, arguments: object) -> dict[str, object]:
    return {
        "type": "function_call",
        "id": "fc_" + str(call_id),
        "call_id": call_id,
        "name": name,
        "arguments": arguments,
        "status": "completed",
    }


def one_call(arguments: object, name: str = "fs__read_file") -> Any:
    calls, rejected = rt.tool_calls(chat(fn("call_1", name, arguments)))
    assert len(calls) + len(rejected) == 1
    return calls[0] if calls else rejected[0]


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


PNG = b64(b"\x89PNG\r\n\x1a\n" + bytes(1016))  # 1024 bytes


# ---------------------------------------------------------------------------- the files


def test_parts_import_only_each_other_at_module_level() -> None:
    """A part imports the standard library where it is needed, never at its top: loading a
    part costs its own compilation only. At its top it may import the other parts it uses
    (relatively: the runtime works wherever its folder is) and, for type checkers, anything."""
    for path in PARTS:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                assert node.level == 1, (path.name, ast.unparse(node))
            assert not isinstance(node, ast.Import), (path.name, ast.unparse(node))
            if isinstance(node, ast.If):
                assert isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
    # The package imports its core only: all that a toolset module's import loads.
    api = ast.parse((RUNTIME / "__init__.py").read_text(encoding="utf-8"))
    imports = [node for node in api.body if isinstance(node, (ast.Import, ast.ImportFrom))]
    assert [ast.unparse(node).split(" import ")[0] for node in imports] == ["from .core"]
    core = ast.parse((RUNTIME / "core.py").read_text(encoding="utf-8"))
    assert not [node for node in core.body if isinstance(node, (ast.Import, ast.ImportFrom))]


def test_runtime_is_black_formatted_in_default_mode() -> None:
    """Written into the app's folder as it is: black with its default mode leaves it alone."""
    import black

    for path in [*PARTS, RUNTIME / "api.pyi"]:
        source = path.read_text(encoding="utf-8")
        mode = black.Mode(is_pyi=path.suffix == ".pyi")
        assert black.format_str(source, mode=mode) == source, path


def test_a_toolset_answers_every_public_name() -> None:
    assert sorted(rt.__all__) == sorted(PUBLIC)
    for name in PUBLIC:
        assert getattr(rt, name) is not None, name
    with pytest.raises(AttributeError, match="has no attribute 'nope'"):
        rt.nope  # noqa: B018


def test_a_runtime_of_another_version_is_refused_with_both_versions() -> None:
    from mcp2openai.templates.runtime import VERSION, Toolset

    with pytest.raises(ImportError) as error:
        Toolset("app.tools.github", "0.0.1")
    message = str(error.value)
    assert "app.tools.github was built by mcp2openai 0.0.1" in message
    assert f"is mcp2openai {VERSION}'s" in message and "mcp2openai build" in message
    assert "\n" not in message


def test_a_table_is_parsed_on_first_use_and_a_broken_one_is_one_line() -> None:
    """A module edited by hand: its table is not JSON any more. The import still works (it
    parses nothing); the first use of that table says which module and table, and the fix."""
    from mcp2openai.templates.runtime import VERSION, Toolset

    toolset = Toolset("app.tools.github", VERSION, definitions="[]", tools='{"a":')
    assert toolset.tools("responses") == []
    with pytest.raises(ValueError) as error:
        toolset.tool_calls(responses(fc("c", "a", "{}")))
    message = str(error.value)
    assert message.startswith("app.tools.github: its table 'tools' is not valid JSON (")
    assert message.endswith("the module was edited by hand; rebuild it")
    assert "\n" not in message


# ---------------------------------------------------------------------------- tools()


def test_tools_chat_shape() -> None:
    assert rt.tools("chat") == [
        {
            "type": "function",
            "function": {
                "name": "fs__read_file",
                "description": "Read a file.",
                "parameters": READ_FILE,
                "strict": True,
            },
        },
        {
            "type": "function",
            "function": {
                "name": "git__status",
                "description": "",
                "parameters": {"type": "object", "properties": {}},
                "strict": False,
            },
        },
    ]


def test_tools_responses_shape_and_key_order() -> None:
    tools = rt.tools("responses")
    assert [list(tool) for tool in tools] == [
        ["type", "name", "description", "parameters", "strict"]
    ] * 2
    assert tools[0] == {
        "type": "function",
        "name": "fs__read_file",
        "description": "Read a file.",
        "parameters": READ_FILE,
        "strict": True,
    }
    assert list(rt.tools("chat")[0]["function"]) == [
        "name",
        "description",
        "parameters",
        "strict",
    ]


def test_tools_are_plain_json_and_the_callers_to_change() -> None:
    """Every call gives new lists and dicts: what a caller does to one result (an app that
    adds a key to a definition before it sends it) changes no later result (docs/usage.md).
    tests/test_definitions.py does the same on every form of a built module."""
    for api in ("chat", "responses"):
        first = rt.tools(api)
        expected = json.loads(json.dumps(first))
        assert type(first) is list and all(type(tool) is dict for tool in first)
        assert json.loads(json.dumps(first)) == first
        for _ in range(3):  # the first call parses, the second keeps copies, the rest copy
            tools = rt.tools(api)
            assert tools == expected
            tools.append("junk")
            function = tools[0]["function"] if api == "chat" else tools[0]
            function["parameters"]["properties"].clear()
            function["name"] = "changed"
        assert rt.tools(api) == expected


def test_tools_accepted_by_openai_sdk_types() -> None:
    from openai.types.chat import ChatCompletionToolParam
    from openai.types.responses import FunctionToolParam
    from pydantic import TypeAdapter

    for tool in rt.tools("chat"):
        TypeAdapter(ChatCompletionToolParam).validate_python(tool)
    for tool in rt.tools("responses"):
        TypeAdapter(FunctionToolParam).validate_python(tool)


@pytest.mark.parametrize("api", ["Chat", "completions", "", None, 1])
def test_tools_refuses_unknown_api(api: object) -> None:
    with pytest.raises(ValueError, match="chat"):
        rt.tools(api)


# ---------------------------------------------------------------------------- ToolCall, Report


def test_tool_call_value_object() -> None:
    call = rt.ToolCall("c1", "fs__read_file", "fs", "read_file", {"path": "a"})
    assert (call.call_id, call.name, call.server, call.tool) == (
        "c1",
        "fs__read_file",
        "fs",
        "read_file",
    )
    assert call == rt.ToolCall("c1", "fs__read_file", "fs", "read_file", {"path": "a"})
    assert call != rt.ToolCall("c2", "fs__read_file", "fs", "read_file", {"path": "a"})
    assert call != rt.ToolCall("c1", "fs__read_file", "fs", "read_file", {})
    assert call != ("c1", "fs__read_file")
    assert repr(call) == (
        "ToolCall(call_id='c1', name='fs__read_file', server='fs', tool='read_file', "
        "arguments={'path': 'a'})"
    )
    assert not hasattr(call, "__dict__")
    with pytest.raises(AttributeError):
        call.extra = 1
    assert call.namespace is None and call.caller is None


def test_tool_call_namespace_and_caller() -> None:
    caller = {"type": "program", "caller_id": "p1"}
    call = rt.ToolCall("c1", "fs__read_file", "fs", "read_file", {}, "fs", caller)
    assert (call.namespace, call.caller) == ("fs", caller)
    assert call == rt.ToolCall("c1", "fs__read_file", "fs", "read_file", {}, "fs", caller)
    assert call != rt.ToolCall("c1", "fs__read_file", "fs", "read_file", {}, None, caller)
    assert call != rt.ToolCall("c1", "fs__read_file", "fs", "read_file", {}, "fs", None)
    assert repr(call) == (
        "ToolCall(call_id='c1', name='fs__read_file', server='fs', tool='read_file', "
        "arguments={}, namespace='fs', caller={'type': 'program', 'caller_id': 'p1'})"
    )
    # the fast path builds calls without the constructor: they are the same
    (fast,), _ = rt.tool_calls(chat(fn("c1", "fs__read_file", '{"path": "a"}')))
    assert fast == rt.ToolCall("c1", "fs__read_file", "fs", "read_file", {"path": "a"})
    assert (fast.namespace, fast.caller) == (None, None)


def test_tool_calls_result_unpacks_and_names_its_parts() -> None:
    result = rt.tool_calls(chat(fn("c1", "git__status", "{}"), fn("c2", "nope", "{}")))
    calls, rejected = result
    assert isinstance(result, tuple) and len(result) == 2
    assert result.calls is calls and result.rejected is rejected
    assert [call.call_id for call in calls] == ["c1"] and len(rejected) == 1
    assert result.skipped == () and rt.ToolCalls.skipped == ()
    assert result == (calls, rejected)
    empty = rt.tool_calls(chat(content="Hi"))
    assert empty == ([], []) and empty.skipped == ()


def test_report() -> None:
    """REPORT reads the module's "report" table (its decisions) and the null paths of its
    "tools" table, read-only; as_dict() is a JSON copy."""
    from mcp2openai.templates.runtime import VERSION, Toolset

    fallback = {"name": "fs__x", "server": "fs", "tool": "x", "path": "/a", "reason": "r"}
    report = {
        "fallbacks": [fallback],
        "excluded": [],
        "renames": [{"name": "h_1", "server": "fs", "tool": "y", "reason": "hashed"}],
        "dropped": [["fs__x", [["/properties/d", "format"], ["/properties/e", "pattern"]]]],
        "rewrites": [],
    }
    tools = {
        "fs__x": {"server": "fs", "tool": "x", "args": "XArgs"},
        "fs__write_file": {
            "server": "fs",
            "tool": "write_file",
            "args": "WArgs",
            "nulls": [["a"], ["edits", None, "dryRun"]],
        },
    }
    texts = {"report": json.dumps(report), "tools": json.dumps(tools)}
    found = Toolset("m", VERSION, **texts).REPORT
    assert found.fallbacks == (fallback,)
    assert found.dropped == (
        {"name": "fs__x", "path": "/properties/d", "keyword": "format"},
        {"name": "fs__x", "path": "/properties/e", "keyword": "pattern"},
    )
    assert found.null_paths["fs__write_file"][1] == ("edits", None, "dryRun")
    assert not hasattr(found, "__dict__")
    assert repr(found) == (
        "Report(fallbacks=1, excluded=0, renames=1, dropped=2, null_paths=1 tools, rewrites=0)"
    )
    with pytest.raises(TypeError):
        found.fallbacks[0]["reason"] = "changed"  # type: ignore[index]
    exported = found.as_dict()
    assert exported == {
        "fallbacks": [fallback],
        "excluded": [],
        "renames": report["renames"],
        "dropped": [
            {"name": "fs__x", "path": "/properties/d", "keyword": "format"},
            {"name": "fs__x", "path": "/properties/e", "keyword": "pattern"},
        ],
        "null_paths": {"fs__write_file": [["a"], ["edits", None, "dryRun"]]},
        "rewrites": [],
    }
    assert json.loads(json.dumps(exported)) == exported
    exported["fallbacks"].clear()
    assert found.as_dict()["fallbacks"] == [fallback]  # as_dict copies
    assert "mcp2openai.strict_fallback" in (rt.Report.__doc__ or "")


# ---------------------------------------------------------------------------- tool_calls: chat


def test_chat_calls_in_order_with_duplicate_ids() -> None:
    response = chat(
        fn("call_1", "fs__read_file", '{"path": "a.txt"}'),
        fn("call_2", "git__status", "{}"),
        fn("call_1", "fs__read_file", '{"path": "b.txt"}'),
        content="Let me look.",
    )
    calls, rejected = rt.tool_calls(response)
    assert rejected == []
    assert calls == [
        rt.ToolCall("call_1", "fs__read_file", "fs", "read_file", {"path": "a.txt"}),
        rt.ToolCall("call_2", "git__status", "git", "status", {}),
        rt.ToolCall("call_1", "fs__read_file", "fs", "read_file", {"path": "b.txt"}),
    ]
    assert rt.tool_calls(response, api="chat") == (calls, rejected)


def test_exposed_name_maps_to_mcp_tool_name() -> None:
    call = one_call("{}", name="h_0123456789")
    assert (call.server, call.tool) == ("fs", "a tool/with a long name")


def test_null_paths_example() -> None:
    arguments = {
        "a": None,
        "edits": [{"dryRun": None, "p": 1}, {"dryRun": True}],
        "opts": None,
        "b": None,
    }
    call = one_call(json.dumps(arguments), name="fs__write_file")
    assert call.arguments == {
        "edits": [{"p": 1}, {"dryRun": True}],
        "opts": None,
        "b": None,
    }


def test_null_paths_nested() -> None:
    call = one_call(
        json.dumps({"a": 0, "edits": [], "opts": {"x": None, "y": None}, "b": 1}),
        name="fs__write_file",
    )
    assert call.arguments == {"a": 0, "edits": [], "opts": {"y": None}, "b": 1}
    call = one_call(json.dumps({"opts": {"x": False}}), name="fs__write_file")
    assert call.arguments == {"opts": {"x": False}}


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (
            {"edits": "not a list", "opts": "not an object", "a": []},
            {"edits": "not a list", "opts": "not an object", "a": []},
        ),
        (
            {"edits": [None, 1, "s", [None], {"dryRun": None, "x": None}], "opts": []},
            {"edits": [None, 1, "s", [None], {"x": None}], "opts": []},
        ),
        (
            {"edits": {"dryRun": None}, "opts": [{"x": None}]},
            {"edits": {"dryRun": None}, "opts": [{"x": None}]},
        ),
        ({"edits": [[{"dryRun": None}]], "opts": 3}, {"edits": [[{"dryRun": None}]], "opts": 3}),
        ({"edits": None, "opts": {}}, {"edits": None, "opts": {}}),
        ({}, {}),
    ],
)
def test_null_paths_tolerate_any_shape(
    arguments: dict[str, object], expected: dict[str, object]
) -> None:
    call = one_call(json.dumps(arguments), name="fs__write_file")
    assert call.arguments == expected


def test_null_paths_with_shared_prefix_and_leaf_and_branch() -> None:
    module = load_runtime("mcp2openai_runtime_paths", NAMES)
    paths = {
        "fs__read_file": (
            ("o",),
            ("o", "a"),
            ("o", "b", None, "c"),
            ("o", "b", None, "d"),
            ("m", None, None, "z"),
            (),  # malformed paths are ignored
            ("n", None),
        )
    }
    with_toolset(module, NAMES, paths)
    arguments = {
        "o": {"a": None, "b": [{"c": None, "d": None, "e": None}, {"c": 1}], "k": None},
        "m": [[{"z": None, "y": None}], [], None],
        "n": [None],
    }
    calls, _ = module.tool_calls(chat(fn("c", "fs__read_file", json.dumps(arguments))))
    assert calls[0].arguments == {
        "o": {"b": [{"e": None}, {"c": 1}], "k": None},
        "m": [[{"y": None}], [], None],
        "n": [None],
    }
    calls, _ = module.tool_calls(chat(fn("c", "fs__read_file", '{"o": null}')))
    assert calls[0].arguments == {}
    # The paths can be replaced at run time (the tree is rebuilt).
    with_toolset(module, NAMES, {"fs__read_file": (("k",),)})
    calls, _ = module.tool_calls(chat(fn("c", "fs__read_file", '{"o": null, "k": null}')))
    assert calls[0].arguments == {"o": None}


def test_arguments_given_as_object_are_copied_not_mutated() -> None:
    arguments = {"a": None, "edits": [{"dryRun": None, "p": 1}], "b": None}
    before = copy.deepcopy(arguments)
    call = one_call(arguments, name="fs__write_file")
    assert call.arguments == {"edits": [{"p": 1}], "b": None}
    assert arguments == before
    assert call.arguments is not arguments
    mapping = types.MappingProxyType({"path": "x", "nested": types.MappingProxyType({})})
    call = one_call(mapping)
    assert call.arguments == {"path": "x", "nested": {}}
    assert type(call.arguments) is dict and type(call.arguments["nested"]) is dict


def test_string_arguments_are_not_shared_with_the_response() -> None:
    response = chat(fn("c", "fs__write_file", '{"a": null, "b": 2}'))
    before = copy.deepcopy(response)
    calls, _ = rt.tool_calls(response)
    assert calls[0].arguments == {"b": 2}
    assert response == before


@pytest.mark.parametrize("arguments", ["", " ", "\n\t \r"])
def test_empty_arguments_mean_no_arguments(arguments: str) -> None:
    assert one_call(arguments).arguments == {}


@pytest.mark.parametrize(
    "arguments",
    [' {"path": "a"}', '{"path": "a"}\n', '\t{"path": "a"} \r\n'],
)
def test_json_whitespace_around_arguments(arguments: str) -> None:
    assert one_call(arguments).arguments == {"path": "a"}


def test_duplicate_keys_last_wins() -> None:
    assert one_call('{"path": "a", "path": "b"}').arguments == {"path": "b"}


def rejected_text(item: dict[str, object]) -> str:
    text = item.get("content", item.get("output"))
    assert isinstance(text, str) and text.startswith("Error: ")
    return text


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ("{", "are not valid JSON"),
        ("{'path': 'a'}", "are not valid JSON"),
        ('{"path": "a"} trailing', "are not valid JSON (Extra data"),
        ('{"path": NaN}', "NaN is not valid JSON"),
        ('{"x": [Infinity]}', "Infinity is not valid JSON"),
        ("-Infinity", "-Infinity is not valid JSON"),
        ("NaN", "NaN is not valid JSON"),
        ('{"n": ' + "9" * 5000 + "}", "are not valid JSON"),
        ("[1, 2]", "must be a JSON object, not an array"),
        ('"text"', "must be a JSON object, not a string"),
        ("3.5", "must be a JSON object, not a number"),
        ("true", "must be a JSON object, not a boolean"),
        ("null", "must be a JSON object, not null"),
        ("\ufeff{}", "are not valid JSON"),
        ([1], "must be a JSON object, not an array"),
        (7, "must be a JSON object, not a number"),
    ],
)
def test_bad_arguments_are_rejected(arguments: object, expected: str) -> None:
    item = one_call(arguments)
    assert item["role"] == "tool" and item["tool_call_id"] == "call_1"
    text = rejected_text(item)
    assert expected in text
    assert "'fs__read_file'" in text
    assert len(text) < 500


def test_null_arguments_mean_no_arguments_as_absent_ones_do() -> None:
    """A Chat call without arguments reads as {}; after the SDK's model_dump() the same call
    carries "arguments": null, which must read the same (it did not, once)."""
    for arguments in (None, ""):
        assert one_call(arguments, "git__status").arguments == {}
    chat_dump = chat(
        {"id": "c1", "type": "function", "function": {"name": "git__status", "arguments": None}}
    )
    (call,), rejected = rt.tool_calls(chat_dump)
    assert rejected == [] and call.arguments == {}
    item = {"type": "function_call", "call_id": "c2", "name": "git__status", "arguments": None}
    (call,), rejected = rt.tool_calls(responses(item))
    assert rejected == [] and call.arguments == {}


def test_deeply_nested_arguments_are_rejected() -> None:
    for text in ("[" * 100_000 + "]" * 100_000, '{"a":' * 100_000 + "1" + "}" * 100_000):
        item = one_call(text)
        assert "nested too deeply" in rejected_text(item)
    deep: dict[str, object] = {}
    node = deep
    for _ in range(100_000):
        node["a"] = node = {}
    item = one_call(deep)
    assert "nested too deeply" in rejected_text(item)


def test_huge_arguments_pass() -> None:
    text = '{"path": "' + "x" * 50_000_000 + '"}'
    call = one_call(text)
    assert len(call.arguments["path"]) == 50_000_000
    item = one_call(text[:-1])  # cut short: still no crash, one clear error
    assert "are not valid JSON" in rejected_text(item)


def test_unknown_name_lists_available_tools() -> None:
    item = one_call("{}", name="zzz")
    assert item == {
        "role": "tool",
        "tool_call_id": "call_1",
        "content": "Error: Unknown tool 'zzz'. Available tools: fs__read_file, "
        "fs__write_file, git__status, h_0123456789.",
    }


def test_unknown_name_lists_the_closest_names_first() -> None:
    # a short toolset is listed whole, the names difflib finds close first
    assert rejected_text(one_call("{}", name="git__stat")) == (
        "Error: Unknown tool 'git__stat'. Available tools, closest first: git__status, "
        "fs__read_file, fs__write_file, h_0123456789."
    )
    assert rejected_text(one_call("{}", name="fs__write")).startswith(
        "Error: Unknown tool 'fs__write'. Available tools, closest first: fs__write_file, "
    )


def test_unknown_name_in_a_large_toolset_lists_the_closest_and_counts_the_others() -> None:
    names = {f"s__t{i:02}": ("s", f"t{i:02}") for i in range(25)}
    names["github__create_issue"] = ("github", "create_issue")
    names["github__create_pull_request"] = ("github", "create_pull_request")
    module = load_runtime("mcp2openai_runtime_25", names)
    _, rejected = module.tool_calls(chat(fn("c", "github__create_isue", "{}")))
    assert rejected_text(rejected[0]) == (
        "Error: Unknown tool 'github__create_isue'. Closest tools: github__create_issue, "
        "github__create_pull_request (and 25 more)."
    )
    _, rejected = module.tool_calls(chat(fn("c", "weather", "{}")))
    assert rejected_text(rejected[0]) == (
        "Error: Unknown tool 'weather'. None of the 27 available tools has a similar name."
    )
    _, rejected = module.tool_calls(chat(fn("c", "s__nope" + "x" * 500, "{}")))
    text = rejected_text(rejected[0])
    assert len(text) < 800  # the echoed name is cut short
    _, rejected = module.tool_calls(chat(fn("c", None, "{}")))
    assert rejected_text(rejected[0]) == (
        "Error: The tool call has no function name. None of the 27 available tools has a "
        "similar name."
    )
    with_toolset(module, {})
    _, rejected = module.tool_calls(chat(fn("c", "s__t", "{}")))
    assert rejected_text(rejected[0]).endswith("No tools are available.")


@pytest.mark.parametrize("name", [None, 3, "", ["fs__read_file"]])
def test_missing_or_odd_name_is_rejected(name: object) -> None:
    text = rejected_text(one_call("{}", name=name))  # type: ignore[arg-type]
    assert "Available tools:" in text


@pytest.mark.parametrize("call_id", [None, 5, ["call_1"]])
def test_missing_call_id_is_rejected_not_lost(call_id: object) -> None:
    for response, key in (
        (chat(fn(call_id, "fs__read_file", "{}")), "tool_call_id"),
        (responses(fc(call_id, "fs__read_file", "{}")), "call_id"),
    ):
        calls, rejected = rt.tool_calls(response)
        assert calls == []
        assert len(rejected) == 1
        assert rejected[0][key] == ""
        assert "has no call id" in rejected_text(rejected[0])
    entry = fn("x", "fs__read_file", "{}")
    del entry["id"]
    _, rejected = rt.tool_calls(chat(entry))
    assert rejected[0]["tool_call_id"] == ""


def test_chat_custom_tool_call_is_rejected() -> None:
    custom = {"id": "call_9", "type": "custom", "custom": {"name": "fs__read_file", "input": "x"}}
    calls, rejected = rt.tool_calls(chat(fn("call_1", "git__status", "{}"), custom))
    assert [call.call_id for call in calls] == ["call_1"]
    assert rejected == [
        {
            "role": "tool",
            "tool_call_id": "call_9",
            "content": "Error: 'fs__read_file' was called as a tool call of type 'custom'; "
            "only function tools are available: call one with its arguments as a JSON object.",
        }
    ]
    _, rejected = rt.tool_calls(chat({"type": "weird"}))
    assert rejected[0]["tool_call_id"] == ""
    assert "of type 'weird'" in rejected_text(rejected[0])


def test_chat_entry_without_type_is_a_function_call() -> None:
    entry = fn("c", "git__status", "{}")
    del entry["type"]
    calls, rejected = rt.tool_calls(chat(entry))
    assert [call.name for call in calls] == ["git__status"] and rejected == []


@pytest.mark.parametrize(
    "entry",
    [
        None,
        "call",
        3,
        [],
        {},
        {"id": "c"},
        {"id": "c", "function": None},
        {"id": "c", "function": "f"},
    ],
)
def test_malformed_chat_entries_are_rejected(entry: object) -> None:
    calls, rejected = rt.tool_calls(chat(entry))
    assert calls == [] and len(rejected) == 1
    rejected_text(rejected[0])


@pytest.mark.parametrize(
    "response",
    [
        {"choices": None},
        {"choices": []},
        {"choices": {}},
        {"choices": "x"},
        {"choices": [None]},
        {"choices": ["x"]},
        {"choices": [{}]},
        {"choices": [{"message": None}]},
        {"choices": [{"message": "hello"}]},
        {"choices": [{"message": {"content": "Hi!", "tool_calls": None}}]},
        {"choices": [{"message": {"content": "Hi!"}}]},
        {"choices": [{"message": {"tool_calls": []}}]},
        {"choices": [{"message": {"tool_calls": {}}}]},
    ],
)
def test_chat_without_calls(response: dict[str, object]) -> None:
    assert rt.tool_calls(response) == ([], [])


def test_chat_reads_choice_zero_only() -> None:
    response = chat(fn("call_1", "git__status", "{}"))
    second = copy.deepcopy(response["choices"][0])  # type: ignore[index]
    second["index"] = 1
    second["message"]["tool_calls"][0]["id"] = "call_2"
    response["choices"].append(second)  # type: ignore[attr-defined]
    calls, rejected = rt.tool_calls(response)
    assert [call.call_id for call in calls] == ["call_1"] and rejected == []
    assert "n > 1" in (rt.tool_calls.__doc__ or "")


# ---------------------------------------------------------------------------- tool_calls: Responses


def test_responses_function_calls_in_order_other_items_answered_or_skipped() -> None:
    response = responses(
        {"type": "reasoning", "id": "rs_1", "summary": []},
        fc("call_1", "fs__read_file", '{"path": "a"}'),
        {"type": "message", "role": "assistant", "content": []},
        {"type": "custom_tool_call", "call_id": "call_c", "name": "x", "input": "y"},
        {"type": "mcp_call", "id": "m", "name": "fs__read_file", "arguments": "{}"},
        {"type": "web_search_call", "id": "ws"},
        {"type": "brand_new_item"},
        None,
        "text",
        [],
        fc("call_2", "fs__nope", "{}"),
        fc("call_3", "fs__write_file", '{"a": null, "b": null}'),
    )
    result = rt.tool_calls(response)
    calls, rejected = result
    assert calls == [
        rt.ToolCall("call_1", "fs__read_file", "fs", "read_file", {"path": "a"}),
        rt.ToolCall("call_3", "fs__write_file", "fs", "write_file", {"b": None}),
    ]
    assert rejected == [
        {
            "type": "custom_tool_call_output",
            "call_id": "call_c",
            "output": "Error: 'x' was called as a custom tool, which is not in the toolset; "
            "only function tools are available: call one with its arguments as a JSON object.",
        },
        {
            "type": "function_call_output",
            "call_id": "call_2",
            "output": "Error: Unknown tool 'fs__nope'. Available tools: fs__read_file, "
            "fs__write_file, git__status, h_0123456789.",
        },
    ]
    assert result.skipped == ()  # nothing else waits for the app


@pytest.mark.parametrize(
    "response",
    [{"output": None}, {"output": []}, {"output": {}}, {"output": [{"type": "message"}]}],
)
def test_responses_without_calls(response: dict[str, object]) -> None:
    assert rt.tool_calls(response) == ([], [])


def test_responses_rejections_use_function_call_output() -> None:
    calls, rejected = rt.tool_calls(
        responses(fc("c1", "fs__read_file", "[]"), fc("c1", "fs__read_file", "{"))
    )
    assert calls == []
    assert [sorted(item) for item in rejected] == [["call_id", "output", "type"]] * 2
    assert [item["call_id"] for item in rejected] == ["c1", "c1"]
    assert all(item["type"] == "function_call_output" for item in rejected)


NAMESPACED = {
    "fs": {
        "read_file": "fs__read_file",
        "write_file": "fs__write_file",
        "a_tool_with_a_long_name": "h_0123456789",  # its name in fs, as naming makes it
    }
}


def namespaced_runtime() -> Any:
    return load_runtime("mcp2openai_runtime_namespaced", NAMES, NULL_PATHS, None, NAMESPACED)


def test_namespaced_calls() -> None:
    module = namespaced_runtime()

    def run(namespace: object, name: object) -> Any:
        item = {**fc("c", name, '{"path": "a", "a": null}'), "namespace": namespace}
        return module.tool_calls(responses(item))

    calls, rejected = run("fs", "write_file")  # the null paths of the exposed name apply
    assert calls == [
        module.ToolCall("c", "fs__write_file", "fs", "write_file", {"path": "a"}, "fs")
    ]
    # an empty namespace is no namespace (some compatible servers send "" for absent)
    calls, _ = run("", "fs__read_file")
    assert [(call.name, call.namespace) for call in calls] == [("fs__read_file", "")]
    for namespace in (7, ["fs"], {"fs": 1}, "FS"):
        calls, rejected = run(namespace, "read_file")
        assert calls == [] and "in an unknown namespace" in rejected_text(rejected[0])
        assert "Available namespaces: fs, git." in rejected_text(rejected[0])
    _, rejected = run("fs", None)
    assert rejected_text(rejected[0]) == (
        "Error: The tool call has no function name. Available tools in fs: read_file, "
        "write_file, a_tool_with_a_long_name."
    )
    _, rejected = run("fs", "fs__read_file")  # the flat name is not a name inside fs
    assert "Unknown tool 'fs__read_file' in namespace 'fs'" in rejected_text(rejected[0])
    with_toolset(module, {})  # a toolset without tools: without namespaces
    _, rejected = run("fs", "read_file")
    assert rejected_text(rejected[0]).endswith("No namespaces are available.")


def test_callers_are_plain_dicts_echoed_on_every_answer() -> None:
    program = {"type": "program", "caller_id": "prg_1"}
    response = responses(
        {**fc("c1", "git__status", "{}"), "caller": program},
        {**fc("c2", "nope", "{}"), "caller": program},
        {**fc("c3", "git__status", "{}"), "caller": "program"},  # not an object: dropped
        {"type": "custom_tool_call", "call_id": "c4", "name": "x", "input": "", "caller": program},
    )
    calls, rejected = rt.tool_calls(response)
    assert [(call.call_id, call.caller) for call in calls] == [("c1", program), ("c3", None)]
    assert calls[0].caller is not program  # a copy, not the response's own dict
    assert [(item["call_id"], item.get("caller")) for item in rejected] == [
        ("c2", program),
        ("c4", program),
    ]
    for caller in (
        program,
        Response.model_validate(responses({**fc("c1", "git__status", "{}"), "caller": program}))
        .output[0]
        .caller,
    ):
        item = rt.tool_output("c1", {"content": []}, api="responses", caller=caller)
        assert item == {
            "type": "function_call_output",
            "call_id": "c1",
            "output": "(no output)",
            "caller": program,
        }
    attributes = types.SimpleNamespace(type="program", caller_id="prg_1")
    item = rt.tool_output("c1", {"content": []}, api="responses", caller=attributes)
    assert item["caller"] == program
    chat_item = rt.tool_output("c1", {"content": []}, api="chat", caller=program)
    assert "caller" not in chat_item
    assert "caller" not in rt.tool_output("c1", {}, api="responses", caller="program")


def test_fields_this_sdk_version_does_not_declare_are_read() -> None:
    """An older openai SDK keeps `namespace` and `caller` as extra fields."""
    from pydantic import BaseModel, ConfigDict

    class OldFunctionCall(BaseModel):
        model_config = ConfigDict(extra="allow")
        type: str
        call_id: str
        name: str
        arguments: str

    class OldResponse(BaseModel):
        model_config = ConfigDict(extra="allow")
        object: str
        output: list[OldFunctionCall]

    item = {**fc("c", "read_file", "{}"), "namespace": "fs", "caller": {"type": "direct"}}
    old = OldResponse(object="response", output=[OldFunctionCall(**item)])
    assert "namespace" not in vars(old.output[0])
    calls, _ = namespaced_runtime().tool_calls(old)
    assert [(c.name, c.namespace, c.caller) for c in calls] == [
        ("fs__read_file", "fs", {"type": "direct"})
    ]


def test_streams_are_refused_as_streams() -> None:
    class Chunks:
        def __aiter__(self) -> Any:
            return self

    with pytest.raises(TypeError, match=r"is a stream \(Chunks\).*get_final_response"):
        rt.tool_calls(Chunks())
    with pytest.raises(TypeError, match="response must be"):
        rt.tool_calls(object())  # not a stream either: the usual message
    with pytest.raises(TypeError, match="stream chunk"):
        rt.tool_calls({"choices": [{"index": 0, "delta": {}}]})  # no "object" key
    with pytest.raises(TypeError, match=r"stream event \('response.completed'\)"):
        rt.tool_calls({"type": "response.completed", "response": responses()})
    with pytest.raises(ValueError, match="neither 'choices'"):
        rt.tool_calls({"type": "message"})  # not an event: still not a response


def test_responses_arguments_as_object() -> None:
    calls, _ = rt.tool_calls(responses(fc("c", "fs__read_file", {"path": "x"})))
    assert calls[0].arguments == {"path": "x"}


# ---------------------------------------------------------------------------- not a response


@pytest.mark.parametrize("response", [None, "choices", b"{}", 3, 2.5, [], (), object()])
def test_not_a_response_is_a_type_error(response: object) -> None:
    with pytest.raises(TypeError, match="response must be"):
        rt.tool_calls(response)


def test_mapping_without_choices_or_output_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="neither 'choices'"):
        rt.tool_calls({})
    with pytest.raises(ValueError, match="neither 'choices'"):
        rt.tool_calls({"id": "x", "message": {}}, api="chat")
    with pytest.raises(ValueError, match="api is 'chat'"):
        rt.tool_calls(responses(), api="chat")
    with pytest.raises(ValueError, match="api is 'responses'"):
        rt.tool_calls(chat(), api="responses")
    with pytest.raises(ValueError, match="api must be"):
        rt.tool_calls(chat(), api="completions")


def test_other_mappings_are_responses() -> None:
    response = types.MappingProxyType(chat(fn("c", "git__status", "{}")))
    calls, _ = rt.tool_calls(response)
    assert [call.call_id for call in calls] == ["c"]


def test_api_is_detected_from_shape() -> None:
    _, rejected = rt.tool_calls(responses(fc("c", "x", "{}")))
    assert rejected[0]["type"] == "function_call_output"
    _, rejected = rt.tool_calls(chat(fn("c", "x", "{}")))
    assert rejected[0]["role"] == "tool"


# ---------------------------------------------------------------------------- openai SDK objects


def test_openai_chat_completion_object() -> None:
    data = chat(
        fn("call_1", "fs__write_file", '{"a": null, "edits": [{"dryRun": null}]}'),
        {"id": "call_2", "type": "custom", "custom": {"name": "t", "input": "raw"}},
        fn("call_3", "nope", "{}"),
        fn("call_4", "git__status", "NaN"),
    )
    completion = ChatCompletion.model_validate(data)
    calls, rejected = rt.tool_calls(completion)
    assert calls == [rt.ToolCall("call_1", "fs__write_file", "fs", "write_file", {"edits": [{}]})]
    assert [item["tool_call_id"] for item in rejected] == ["call_2", "call_3", "call_4"]
    assert (calls, rejected) == rt.tool_calls(data)
    assert (calls, rejected) == rt.tool_calls(completion.model_dump())
    assert rt.tool_calls(completion, api="chat") == (calls, rejected)


def test_openai_chat_completion_without_calls() -> None:
    completion = ChatCompletion.model_validate(chat(content="Hello"))
    assert rt.tool_calls(completion) == ([], [])
    data = chat(content="Hello")
    data["choices"][0]["message"].pop("tool_calls")  # type: ignore[index]
    assert rt.tool_calls(ChatCompletion.model_validate(data)) == ([], [])


def test_openai_response_object() -> None:
    data = responses(
        {"type": "reasoning", "id": "rs_1", "summary": []},
        fc("call_1", "fs__read_file", '{"path": "a"}'),
        {"type": "custom_tool_call", "id": "ctc", "call_id": "call_c", "name": "x", "input": "y"},
        {
            "type": "message",
            "id": "msg_1",
            "role": "assistant",
            "status": "completed",
            "content": [{"type": "output_text", "text": "Hi", "annotations": []}],
        },
        {
            "type": "web_search_call",
            "id": "ws_1",
            "status": "completed",
            "action": {"type": "search", "query": "q"},
        },
        {"type": "mcp_call", "id": "mcp_1", "server_label": "s", "name": "t", "arguments": "{}"},
        fc("call_2", "fs__read_file", "[]"),
    )
    response = Response.model_validate(data)
    calls, rejected = rt.tool_calls(response)
    assert calls == [rt.ToolCall("call_1", "fs__read_file", "fs", "read_file", {"path": "a"})]
    assert [(item["type"], item["call_id"]) for item in rejected] == [
        ("custom_tool_call_output", "call_c"),
        ("function_call_output", "call_2"),
    ]
    assert (calls, rejected) == rt.tool_calls(data)
    assert rt.tool_calls(response, api="responses") == (calls, rejected)


def test_object_with_only_model_dump_is_converted() -> None:
    class Model:
        def model_dump(self, **options: object) -> dict[str, object]:
            assert options["mode"] == "json"
            return chat(fn("c", "git__status", "{}"))

    calls, _ = rt.tool_calls(Model())
    assert [call.call_id for call in calls] == ["c"]

    class Broken:
        def model_dump(self, **options: object) -> object:
            raise RuntimeError("no")

    with pytest.raises(TypeError):
        rt.tool_calls(Broken())


def test_attribute_objects_are_read_like_dicts() -> None:
    ns = types.SimpleNamespace
    response = ns(
        choices=[
            ns(
                message=ns(
                    tool_calls=[
                        ns(id="c", type="function", function=ns(name="git__status", arguments="{}"))
                    ]
                )
            )
        ]
    )
    calls, rejected = rt.tool_calls(response)
    assert [call.call_id for call in calls] == ["c"] and rejected == []

    class Exploding:
        @property
        def output(self) -> object:
            return [ns(type="function_call", call_id="d", name="git__status", arguments="{}")]

        @property
        def name(self) -> str:
            raise RuntimeError("boom")

    calls, rejected = rt.tool_calls(Exploding())
    assert [call.call_id for call in calls] == ["d"]


# ---------------------------------------------------------------------------- tool_output


def out(outcome: object) -> tuple[object, object]:
    """(chat content, responses output) for one outcome."""
    chat_item = rt.tool_output("call_1", outcome, api="chat")
    responses_item = rt.tool_output("call_1", outcome, api="responses")
    assert list(chat_item) == ["role", "tool_call_id", "content"]
    assert chat_item["role"] == "tool" and chat_item["tool_call_id"] == "call_1"
    assert list(responses_item) == ["type", "call_id", "output"]
    assert responses_item["type"] == "function_call_output"
    assert responses_item["call_id"] == "call_1"
    json.dumps(chat_item, allow_nan=False)
    json.dumps(responses_item, allow_nan=False)
    return chat_item["content"], responses_item["output"]


def same(outcome: object) -> str:
    chat_text, responses_output = out(outcome)
    assert chat_text == responses_output
    assert isinstance(chat_text, str)
    return chat_text


def text(value: str) -> dict[str, object]:
    return {"type": "text", "text": value}


def test_text_blocks_joined() -> None:
    assert same({"content": [text("one"), text("two\nlines"), text("")]}) == "one\ntwo\nlines\n"
    assert same({"content": [text("ünï ✓")], "isError": False}) == "ünï ✓"


def test_image_chat_placeholder_and_responses_array() -> None:
    image = {"type": "image", "data": PNG, "mimeType": "image/png"}
    chat_text, output = out({"content": [text("Here:"), image, text("Done.")]})
    assert chat_text == "Here:\n[image: image/png, 1024 bytes]\nDone."
    assert output == [
        {"type": "input_text", "text": "Here:"},
        {"type": "input_image", "image_url": "data:image/png;base64," + PNG},
        {"type": "input_text", "text": "Done."},
    ]


@pytest.mark.parametrize(
    "mime", ["image/jpeg", "image/png", "image/gif", "image/webp", "IMAGE/PNG"]
)
def test_images_openai_accepts(mime: str) -> None:
    _, output = out({"content": [{"type": "image", "data": b64(b"abc"), "mimeType": mime}]})
    assert output == [
        {"type": "input_image", "image_url": f"data:{mime.lower()};base64,YWJj"},
    ]


@pytest.mark.parametrize("mime", ["image/svg+xml", "image/bmp", "image/tiff", "text/plain", ""])
def test_images_openai_refuses_become_placeholders(mime: str) -> None:
    label = mime or "unknown type"
    block = {"type": "image", "data": b64(b"<svg/>"), "mimeType": mime}
    assert same({"content": [block]}) == f"[image: {label}, 6 bytes]"


@pytest.mark.parametrize(
    ("block", "expected"),
    [
        (
            {"type": "image", "data": "not base64!", "mimeType": "image/png"},
            "[image: image/png, invalid base64]",
        ),
        (
            {"type": "image", "data": "aGk", "mimeType": "image/png"},
            "[image: image/png, invalid base64]",
        ),
        (
            {"type": "image", "data": "é", "mimeType": "image/png"},
            "[image: image/png, invalid base64]",
        ),
        ({"type": "image", "data": "", "mimeType": "image/png"}, "[image: image/png, 0 bytes]"),
        ({"type": "image", "mimeType": "image/png"}, "[image: image/png, no data]"),
        ({"type": "image", "data": 5, "mimeType": "image/png"}, "[image: image/png, no data]"),
        ({"type": "image", "data": "aGk="}, "[image: unknown type, 2 bytes]"),
        ({"type": "image", "data": "aGk=", "mimeType": 7}, "[image: unknown type, 2 bytes]"),
        (
            {"type": "audio", "data": b64(bytes(100)), "mimeType": "audio/wav"},
            "[audio: audio/wav, 100 bytes]",
        ),
        (
            {"type": "audio", "data": "!!", "mimeType": "audio/wav"},
            "[audio: audio/wav, invalid base64]",
        ),
        ({"type": "audio"}, "[audio: unknown type, no data]"),
        (
            {
                "type": "resource",
                "resource": {"uri": "file:///a.txt", "mimeType": "text/plain", "text": "hello"},
            },
            "hello",
        ),
        (
            {
                "type": "resource",
                "resource": {
                    "uri": "file:///a.bin",
                    "mimeType": "application/zip",
                    "blob": b64(bytes(10)),
                },
            },
            "[resource: file:///a.bin, application/zip, 10 bytes]",
        ),
        (
            {"type": "resource", "resource": {"uri": "file:///a.bin", "blob": "aGk="}},
            "[resource: file:///a.bin, 2 bytes]",
        ),
        (
            {"type": "resource", "resource": {"uri": "u:", "blob": "??"}},
            "[resource: u:, invalid base64]",
        ),
        ({"type": "resource", "resource": {"uri": "u:"}}, "[resource: u:, no data]"),
        ({"type": "resource", "resource": {}}, "[resource: unknown URI, no data]"),
        ({"type": "resource", "resource": None}, "[resource: missing contents]"),
        ({"type": "resource"}, "[resource: missing contents]"),
        ({"type": "resource", "resource": "text"}, "[resource: unknown URI, no data]"),
        ({"type": "resource_link", "uri": "file:///x", "name": "x"}, "[resource link: file:///x]"),
        ({"type": "resource_link"}, "[resource link: unknown URI]"),
        ({"type": "text"}, "[text: missing text]"),
        ({"type": "text", "text": None}, "[text: missing text]"),
        ({"type": "video", "data": "x"}, "[unsupported content: video]"),
        ({"type": ""}, "[unsupported content]"),
        ({"type": 3}, "[unsupported content]"),
        ({}, "[unsupported content]"),
        (None, "[unsupported content]"),
        ("just a string", "[unsupported content]"),
        (42, "[unsupported content]"),
        ([text("nested")], "[unsupported content]"),
    ],
)
def test_content_placeholders(block: object, expected: str) -> None:
    assert same({"content": [block]}) == expected


def test_base64_with_line_breaks_is_accepted_and_cleaned() -> None:
    wrapped = "\n".join(PNG[i : i + 76] for i in range(0, len(PNG), 76)) + "\n"
    chat_text, output = out(
        {"content": [{"type": "image", "data": wrapped, "mimeType": "image/png"}]}
    )
    assert chat_text == "[image: image/png, 1024 bytes]"
    assert output == [{"type": "input_image", "image_url": "data:image/png;base64," + PNG}]


def test_empty_image_is_not_sent() -> None:
    assert same({"content": [{"type": "image", "data": "", "mimeType": "image/png"}]}) == (
        "[image: image/png, 0 bytes]"
    )


def test_structured_content_when_no_content() -> None:
    structured = {"temperature": 36, "where": "Zürich", "list": [1, None, True]}
    expected = '{"temperature":36,"where":"Zürich","list":[1,null,true]}'
    assert same({"content": [], "structuredContent": structured}) == expected
    assert same({"structuredContent": structured}) == expected
    assert same({"content": None, "structuredContent": structured}) == expected
    assert same({"content": [text("shown")], "structuredContent": structured}) == "shown"


@pytest.mark.parametrize(
    ("structured", "sent"),
    [([1, 2], "[1,2]"), ("text", '"text"'), (3, "3"), (False, "false"), ([], "[]")],
)
def test_structured_content_of_any_json_type(structured: object, sent: str) -> None:
    """MCP 2026-07-28 (SEP-2106): structuredContent is any JSON value."""
    assert same({"structuredContent": structured}) == sent


class _Aliased:
    """An SDK-style result whose camelCase alias warns it is deprecated (as FastMCP's does)."""

    def __init__(self, structured: object) -> None:
        self.content: list[object] = []
        self.is_error = False
        self.structured_content = structured

    @property
    def structuredContent(self) -> object:  # the wire name
        import warnings

        warnings.warn("structuredContent is deprecated", DeprecationWarning, stacklevel=2)
        return {"from": "the alias"}


def test_an_sdk_object_is_read_by_its_snake_attribute_alone() -> None:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert same(_Aliased(None)) == "(no output)"
        assert same(_Aliased([1])) == "[1]"


@pytest.mark.parametrize("structured", [{"a": {1, 2}}, {(1,): 2}, [object()]])
def test_structured_content_not_json(structured: object) -> None:
    assert same({"structuredContent": structured}) == "[invalid structured content]"


def test_structured_content_with_nan_is_text() -> None:
    assert same({"structuredContent": {"x": float("nan")}}) == '{"x":NaN}'


def test_content_not_a_list() -> None:
    assert same({"content": "hello"}) == "[invalid content]"
    assert same({"content": {"type": "text", "text": "x"}, "isError": True}) == (
        "Error: [invalid content]"
    )


def test_empty_result_says_no_output() -> None:
    assert same({"content": []}) == "(no output)"
    assert same({}) == "(no output)"
    assert same({"content": [text("")]}) == "(no output)"
    assert same({"content": [], "isError": True}) == "Error: (no output)"
    assert same({"content": [], "structuredContent": None}) == "(no output)"


def test_error_results_are_prefixed() -> None:
    assert same({"content": [text("disk full")], "isError": True}) == "Error: disk full"
    assert same({"content": [text("x")], "isError": "true"}) == "x"  # only true is true
    image = {"type": "image", "data": PNG, "mimeType": "image/png"}
    chat_text, output = out({"content": [text("bad"), image], "isError": True})
    assert chat_text == "Error: bad\n[image: image/png, 1024 bytes]"
    assert output == [
        {"type": "input_text", "text": "Error: bad"},
        {"type": "input_image", "image_url": "data:image/png;base64," + PNG},
    ]
    chat_text, output = out({"content": [image, text("bad")], "isError": True})
    assert chat_text == "Error: [image: image/png, 1024 bytes]\nbad"
    assert output == [
        {"type": "input_text", "text": "Error:"},
        {"type": "input_image", "image_url": "data:image/png;base64," + PNG},
        {"type": "input_text", "text": "bad"},
    ]


class StrRaises(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no str for you")


class StrNotStr(Exception):
    def __str__(self) -> Any:
        return 42


@pytest.mark.parametrize(
    ("exc", "expected"),
    [
        (RuntimeError("server went away"), "Error: server went away"),
        (TimeoutError(), "Error: TimeoutError"),
        (ValueError(""), "Error: ValueError"),
        (StrRaises("x"), "Error: StrRaises"),
        (StrNotStr("x"), "Error: StrNotStr"),
        (KeyError("k"), "Error: 'k'"),
        (asyncio.CancelledError(), "Error: CancelledError"),
    ],
)
def test_exceptions_are_errors(exc: BaseException, expected: str) -> None:
    assert same(exc) == expected


_Result = collections.namedtuple("_Result", "content isError")


@pytest.mark.parametrize(
    ("outcome", "expected"),
    [
        (None, "[unsupported result: NoneType]"),
        (3, "[unsupported result: int]"),
        ([text("x")], "[unsupported result: list]"),
        (object(), "[unsupported result: object]"),
        # a tuple is no result, though a namedtuple has fields of a result's names
        (_Result([text("x")], False), "[unsupported result: _Result]"),
    ],
)
def test_outcome_that_is_not_a_result(outcome: object, expected: str) -> None:
    assert same(outcome) == expected


def test_text_past_openai_limit_is_cut_with_a_marker() -> None:
    """OpenAI refuses outputs over 10,485,760 characters (docs/openai-rules.md §5.2)."""
    big = "é" * 10_500_000
    marker = "\n[14,269 more characters cut]"  # 10,500,000 - (10,485,760 - 29)
    capped = same({"content": [text(big)]})
    assert len(capped) == 10_485_760
    assert capped == big[: 10_485_760 - len(marker)] + marker
    image = {"type": "image", "data": PNG, "mimeType": "image/png"}
    _, output = out({"content": [text(big), image]})
    assert output == [
        {"type": "input_text", "text": capped},
        {"type": "input_image", "image_url": "data:image/png;base64," + PNG},
    ]
    # None: no cap (an endpoint without OpenAI's limit)
    for api in ("chat", "responses"):
        item = rt.tool_output("c", {"content": [text(big)]}, api=api, max_output_chars=None)
        assert big in item.values()


def test_tool_output_refuses_unknown_api() -> None:
    for api in ("Chat", "completions", None):
        with pytest.raises(ValueError, match="chat"):
            rt.tool_output("c", {"content": []}, api=api)


def test_tool_output_call_id_passes_through() -> None:
    assert rt.tool_output("call_☃", {}, api="chat")["tool_call_id"] == "call_☃"
    assert rt.tool_output("call_☃", {}, api="responses")["call_id"] == "call_☃"


# ---------------------------------------------------------------------------- mcp SDK results


def test_mcp_sdk_results() -> None:
    wire = {
        "content": [
            {"type": "text", "text": "Here:"},
            {"type": "image", "data": PNG, "mimeType": "image/png"},
            {"type": "audio", "data": b64(bytes(8)), "mimeType": "audio/wav"},
            {
                "type": "resource",
                "resource": {"uri": "file:///a", "text": "inline", "mimeType": "text/plain"},
            },
            {
                "type": "resource",
                "resource": {
                    "uri": "file:///b",
                    "blob": b64(bytes(3)),
                    "mimeType": "application/pdf",
                },
            },
            {"type": "resource_link", "uri": "file:///c", "name": "c"},
        ]
    }
    result = mcp_types.CallToolResult.model_validate(wire)
    assert isinstance(result.content[1], mcp_types.ImageContent)
    assert isinstance(result.content[4], mcp_types.EmbeddedResource)
    assert isinstance(result.content[4].resource, mcp_types.BlobResourceContents)
    assert isinstance(result.content[5], mcp_types.ResourceLink)
    chat_text, output = out(result)
    placeholders = [
        "[audio: audio/wav, 8 bytes]",
        "inline",
        "[resource: file:///b, application/pdf, 3 bytes]",
        "[resource link: file:///c]",
    ]
    assert chat_text == "\n".join(["Here:", "[image: image/png, 1024 bytes]", *placeholders])
    pdf = {
        "type": "input_file",
        "filename": "b.pdf",
        "file_data": "data:application/pdf;base64,AAAA",
    }
    assert output == [
        {"type": "input_text", "text": "Here:"},
        {"type": "input_image", "image_url": "data:image/png;base64," + PNG},
        {"type": "input_text", "text": placeholders[0]},
        {"type": "input_text", "text": placeholders[1]},
        pdf,
        {"type": "input_text", "text": placeholders[3]},
    ]
    # The same result as a wire dict gives the same items.
    assert out(wire) == (chat_text, output)
    assert out(result.model_dump(mode="json", by_alias=True)) == (chat_text, output)
    assert out(result.model_dump()) == (chat_text, output)


def test_mcp_sdk_error_and_structured_results() -> None:
    validate = mcp_types.CallToolResult.model_validate
    error = validate({"content": [{"type": "text", "text": "nope"}], "isError": True})
    assert same(error) == "Error: nope"
    structured = validate({"content": [], "structuredContent": {"a": 1}})
    assert same(structured) == '{"a":1}'
    assert same(validate({"content": []})) == "(no output)"


def test_results_in_either_spelling() -> None:
    ns = types.SimpleNamespace
    camel = ns(
        content=[ns(type="image", data=PNG, mimeType="image/png")],
        isError=True,
        structuredContent=None,
    )
    snake = ns(
        content=[ns(type="image", data=PNG, mime_type="image/png")],
        is_error=True,
        structured_content=None,
    )
    expected = out(camel)
    assert expected[0] == "Error: [image: image/png, 1024 bytes]"
    assert out(snake) == expected
    snake_dict = {
        "content": [{"type": "image", "data": PNG, "mime_type": "image/png"}],
        "is_error": True,
    }
    assert out(snake_dict) == expected
    assert same(ns(structured_content={"b": 2})) == '{"b":2}'
    assert same(types.MappingProxyType({"content": [text("m")]})) == "m"


# ---------------------------------------------------------------------------- execute_tool_calls


class FakeTools:
    def __init__(self) -> None:
        self.seen: list[tuple[str, str, dict[str, object]]] = []
        self.running = False

    async def __call__(self, server: str, tool: str, arguments: dict[str, object]) -> object:
        assert not self.running, "calls must run one after the other"
        self.running = True
        try:
            await asyncio.sleep(0)
            self.seen.append((server, tool, arguments))
            if arguments.get("path") == "boom":
                raise RuntimeError("it broke")
            if arguments.get("path") == "sdk":
                return mcp_types.CallToolResult.model_validate({"content": [text("sdk!")]})
            return {"content": [text(f"{server}/{tool} {json.dumps(arguments)}")]}
        finally:
            self.running = False


def test_execute_tool_calls_chat() -> None:
    fake = FakeTools()
    response = chat(
        fn("c1", "fs__read_file", '{"path": "a"}'),
        fn("c2", "fs__nope", "{}"),
        fn("c3", "fs__read_file", '{"path": "boom"}'),
        fn("c4", "fs__write_file", '{"a": null, "path": "sdk"}'),
        fn("c5", "fs__read_file", "[]"),
    )
    items = asyncio.run(rt.execute_tool_calls(response, fake))
    assert fake.seen == [
        ("fs", "read_file", {"path": "a"}),
        ("fs", "read_file", {"path": "boom"}),
        ("fs", "write_file", {"path": "sdk"}),
    ]
    assert [item["tool_call_id"] for item in items] == ["c2", "c5", "c1", "c3", "c4"]
    assert items[2:] == [
        {"role": "tool", "tool_call_id": "c1", "content": 'fs/read_file {"path": "a"}'},
        {"role": "tool", "tool_call_id": "c3", "content": "Error: it broke"},
        {"role": "tool", "tool_call_id": "c4", "content": "sdk!"},
    ]


def test_execute_tool_calls_responses_sdk_object() -> None:
    fake = FakeTools()
    response = Response.model_validate(
        responses(
            {"type": "reasoning", "id": "rs", "summary": []},
            fc("c1", "git__status", ""),
            fc("c2", "nope", "{}"),
        )
    )
    items = asyncio.run(rt.execute_tool_calls(response, fake))
    assert items == [
        {
            "type": "function_call_output",
            "call_id": "c2",
            "output": "Error: Unknown tool 'nope'. Available tools: fs__read_file, "
            "fs__write_file, git__status, h_0123456789.",
        },
        {"type": "function_call_output", "call_id": "c1", "output": "git/status {}"},
    ]
    assert fake.seen == [("git", "status", {})]


def test_execute_tool_calls_without_calls_and_bad_input() -> None:
    fake = FakeTools()
    assert asyncio.run(rt.execute_tool_calls(chat(content="Hi"), fake)) == []
    with pytest.raises(TypeError):
        asyncio.run(rt.execute_tool_calls(None, fake))
    with pytest.raises(ValueError, match="api is 'responses'"):
        asyncio.run(rt.execute_tool_calls(chat(), fake, api="responses"))


class Stop(BaseException):
    pass


@pytest.mark.parametrize("exc", [asyncio.CancelledError(), Stop()])
def test_execute_tool_calls_lets_cancellation_through(exc: BaseException) -> None:
    async def call_tool(server: str, tool: str, arguments: dict[str, object]) -> object:
        raise exc

    with pytest.raises(type(exc)):
        asyncio.run(rt.execute_tool_calls(chat(fn("c", "git__status", "{}")), call_tool))


# ---------------------------------------------------------------------------- recorded results

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "results" / "everything"
EXPECTED_RECORDED: dict[str, str | list[str]] = {
    # file: the chat text, or for a result with media the responses items as
    # "text:...", "image:<mime>:<bytes>" and "file:<mime>:<file name>:<placeholder>"
    # strings (the chat text is then derived).
    "annotated.json": ["text:Error: Operation failed", "image:image/png:4033"],
    "error_invalid_arguments.json": (
        "Error: MCP error -32602: Input validation error: Invalid arguments for tool "
        "get-sum: Invalid input: expected number, received string at a"
    ),
    "error_tool_failure.json": "Error: Invalid resourceId: 0. Must be a finite positive integer.",
    "image.json": [
        "text:Here's the image you requested:",
        "image:image/png:4033",
        "text:The image above is the MCP logo.",
    ],
    "resource_blob.json": [
        "text:Returning resource reference for Resource 1:",
        "file:text/plain:1.txt:[resource: demo://resource/dynamic/blob/1, text/plain, 56 bytes]",
        "text:You can access this resource using the URI: demo://resource/dynamic/blob/1",
    ],
    "resource_gzip.json": (
        "[resource: demo://resource/session/hello.txt.gz, application/gzip, 39 bytes]"
    ),
    "resource_link.json": (
        "Here are 2 resource links to resources available in this server:\n"
        "[resource link: demo://resource/dynamic/blob/1]\n"
        "[resource link: demo://resource/dynamic/text/2]"
    ),
    "resource_text.json": (
        "Returning resource reference for Resource 2:\n"
        "Resource 2: This is a plaintext resource created at 12:00:00 PM\n"
        "You can access this resource using the URI: demo://resource/dynamic/text/2"
    ),
    "structured.json": '{"temperature":36,"conditions":"Light rain / drizzle","humidity":82}',
    "text.json": "Echo: Hello from mcp2openai ✓",
}


def recorded_files() -> list[str]:
    return sorted(path.name for path in FIXTURES.glob("*.json")) if FIXTURES.is_dir() else []


@pytest.mark.parametrize("name", recorded_files())
def test_recorded_everything_results(name: str) -> None:
    recorded = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    assert name in EXPECTED_RECORDED, f"add the expected items for {name} to EXPECTED_RECORDED"
    expected = EXPECTED_RECORDED[name]
    result = recorded["result"]
    chat_item = rt.tool_output("call_1", result, api="chat")
    responses_item = rt.tool_output("call_1", result, api="responses")
    # The same result through the mcp SDK's model gives the same items.
    sdk_result = mcp_types.CallToolResult.model_validate(result)
    assert rt.tool_output("call_1", sdk_result, api="chat") == chat_item
    assert rt.tool_output("call_1", sdk_result, api="responses") == responses_item
    if isinstance(expected, str):
        assert chat_item == {"role": "tool", "tool_call_id": "call_1", "content": expected}
        assert responses_item == {
            "type": "function_call_output",
            "call_id": "call_1",
            "output": expected,
        }
        return
    images = iter(block["data"] for block in result["content"] if block.get("type") == "image")
    blobs = iter(
        block["resource"]["blob"] for block in result["content"] if block.get("type") == "resource"
    )
    items: list[dict[str, object]] = []
    lines: list[str] = []
    for entry in expected:
        kind, _, rest = entry.partition(":")
        if kind == "text":
            items.append({"type": "input_text", "text": rest})
            lines.append(rest)
        elif kind == "file":
            mime, filename, placeholder = rest.split(":", 2)
            data = f"data:{mime};base64,{next(blobs)}"
            items.append({"type": "input_file", "filename": filename, "file_data": data})
            lines.append(placeholder)
        else:
            mime, size = rest.split(":")
            data = next(images)
            assert len(base64.b64decode(data)) == int(size)
            items.append({"type": "input_image", "image_url": f"data:{mime};base64,{data}"})
            lines.append(f"[image: {mime}, {size} bytes]")
    assert chat_item == {"role": "tool", "tool_call_id": "call_1", "content": "\n".join(lines)}
    assert responses_item == {"type": "function_call_output", "call_id": "call_1", "output": items}
