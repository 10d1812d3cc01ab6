"""tool_calls in a built module: the nulls strict mode added are removed (nested, in arrays,
through $ref), the nulls the original schema allowed are kept."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from buildutil import build_module

SCHEMA = {
    "type": "object",
    "properties": {
        "path": {"type": "string"},
        "limit": {"type": "integer"},
        "cursor": {"type": ["string", "null"]},
        "edits": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"old": {"type": "string"}, "dryRun": {"type": "boolean"}},
                "required": ["old"],
            },
        },
        "owner": {"$ref": "#/$defs/Person"},
        "reviewers": {"type": "array", "items": {"$ref": "#/$defs/Person"}},
    },
    "required": ["path", "edits", "owner", "reviewers"],
    "$defs": {
        "Person": {
            "type": "object",
            "properties": {"login": {"type": "string"}, "email": {"type": "string"}},
            "required": ["login"],
        }
    },
}


def call(arguments: dict[str, Any]) -> dict[str, Any]:
    return {
        "output": [
            {
                "type": "function_call",
                "call_id": "c1",
                "name": "repo__edit",
                "arguments": json.dumps(arguments),
            }
        ]
    }


def test_null_paths_removed_and_original_nulls_kept(tmp_path: Path) -> None:
    module, _ = build_module(tmp_path, {"repo": [{"name": "edit", "inputSchema": SCHEMA}]})
    assert module.REPORT.null_paths["repo__edit"] == (
        ("edits", None, "dryRun"),
        ("limit",),
        ("owner", "email"),
        ("reviewers", None, "email"),
    )
    sent = {
        "path": "a.txt",
        "limit": None,
        "cursor": None,
        "edits": [{"old": "x", "dryRun": None}, {"old": "y", "dryRun": True}],
        "owner": {"login": "ann", "email": None},
        "reviewers": [{"login": "bob", "email": None}, {"login": "cy", "email": "c@x"}],
    }
    calls, rejected = module.tool_calls(call(sent))
    assert rejected == []
    assert calls[0].arguments == {
        "path": "a.txt",
        "cursor": None,
        "edits": [{"old": "x"}, {"old": "y", "dryRun": True}],
        "owner": {"login": "ann"},
        "reviewers": [{"login": "bob"}, {"login": "cy", "email": "c@x"}],
    }
    assert (calls[0].server, calls[0].tool, calls[0].name) == ("repo", "edit", "repo__edit")
    assert module.arguments(calls[0], module.RepoEditArgs) == calls[0].arguments


def test_typed_accessor_and_lazy_names(tmp_path: Path) -> None:
    tools = [
        {"name": "edit", "inputSchema": SCHEMA},
        {"name": "other", "inputSchema": {"type": "object"}},
    ]
    module, _ = build_module(tmp_path, {"repo": tools})
    calls, _ = module.tool_calls(
        call({"path": "a", "edits": [], "owner": {"login": "x"}, "reviewers": []})
    )
    # a real TypedDict at run time, made on first use and then the same class
    assert module.RepoEditArgs is module.RepoEditArgs
    assert module.RepoEditArgs.__optional_keys__ == {"limit"}  # NotRequired in the stub
    assert module.RepoEditArgs.__required_keys__ == {
        "path",
        "cursor",
        "edits",
        "owner",
        "reviewers",
    }
    assert module.arguments(calls[0], module.RepoEditArgs) is calls[0].arguments
    with pytest.raises(ValueError, match="repo__edit"):
        module.arguments(calls[0], module.RepoOtherArgs)
    with pytest.raises(AttributeError):
        _ = module.NoSuchArgs
    # Explicit bindings: the constants are plain attributes from the import on, read-only,
    # reading the data on first use.
    assert {"REPORT", "NAMES", "SERVERS"} <= set(vars(module))
    entries = module._toolset.table("tools")
    paths = {name: entry["nulls"] for name, entry in entries.items() if "nulls" in entry}
    report = module.REPORT
    assert report.null_paths == {name: tuple(map(tuple, p)) for name, p in paths.items()} != {}
    names = module.NAMES
    assert names == {n: (e["server"], e["tool"]) for n, e in entries.items()}
    assert all(type(target) is tuple for target in names.values())


def test_namespaced_calls_map_through_the_built_table(tmp_path: Path) -> None:
    """Namespaces: one per server, functions by their MCP name."""
    plain = {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}
    module, _ = build_module(
        tmp_path,
        {
            # the recorded fetch server: namespace "fetch" holds a function "fetch"
            "fetch": [{"name": "fetch", "inputSchema": plain}],
            "fs": [
                {"name": "read.file", "inputSchema": plain},
                {"name": "fetch", "inputSchema": plain},
                {"name": "scalar", "inputSchema": {"type": "string"}},  # left out
            ],
        },
    )
    entries = module._toolset.table("tools")
    assert {name: entry.get("local", entry["tool"]) for name, entry in entries.items()} == {
        "fetch__fetch": "fetch",
        "fs__read_file": "read_file",
        "fs__fetch": "fetch",
    }

    def run(namespace: str, name: str) -> Any:
        item = {"type": "function_call", "call_id": "c", "name": name, "arguments": '{"q": "x"}'}
        return module.tool_calls({"output": [{**item, "namespace": namespace}]})

    calls, _ = run("fetch", "fetch")
    assert [(c.name, c.server, c.tool, c.namespace) for c in calls] == [
        ("fetch__fetch", "fetch", "fetch", "fetch")
    ]
    calls, _ = run("fs", "read_file")
    assert [(c.name, c.server, c.tool) for c in calls] == [("fs__read_file", "fs", "read.file")]
    calls, _ = run("fs__fetch", "fs__fetch")  # a deferred top-level function
    assert [(c.name, c.server, c.tool) for c in calls] == [("fs__fetch", "fs", "fetch")]
    _, rejected = run("fs", "scalar")
    assert "Unknown tool 'scalar' in namespace 'fs'" in rejected[0]["output"]


def test_a_client_tool_search_is_answered_with_the_modules_search(tmp_path: Path) -> None:
    plain = {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}
    module, _ = build_module(
        tmp_path,
        {
            "weather": [
                {
                    "name": "forecast",
                    "description": "Weather forecast for a city.",
                    "inputSchema": plain,
                },
                {"name": "alerts", "description": "Storm alerts.", "inputSchema": plain},
            ]
        },
    )

    def search(arguments: object) -> Any:
        item = {
            "type": "tool_search_call",
            "id": "tsc_1",
            "call_id": "ts_1",
            "execution": "client",
            "arguments": arguments,
            "status": "completed",
        }
        return asyncio.run(module.execute_tool_calls({"output": [item]}, None))

    (answer,) = search({"query": "weather forecast"})
    assert answer["tools"] == module.tool_search("weather forecast")
    assert [tool["name"] for tool in answer["tools"]][:1] == ["weather__forecast"]
    assert answer["tools"][0] == module.tools("responses")[0]
    for arguments in ({}, {"query": 7}, None, {"paths": ["nowhere", 3]}):
        assert search(arguments)[0]["tools"] == []
    # the built-in form: a namespace (here, a server) names all its tools
    assert search({"paths": ["weather"]})[0]["tools"] == module.tools("responses")
