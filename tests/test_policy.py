"""The run-time policy: annotations compiled with the config's word over them, invalid schemas
left out, only what was offered runs, approvals (docs/design.md, "Policy").

End to end with a real server: tests/test_e2e_policy.py.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from buildutil import build_module, run_cli, write_snapshot
from hypothesis import given
from hypothesis import strategies as st

READ = {"readOnlyHint": True, "destructiveHint": False}
PLAIN = {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}
TOOLS = [
    {"name": "get_item", "inputSchema": PLAIN, "annotations": {**READ, "title": "Get\u200b it"}},
    {"name": "delete_item", "inputSchema": PLAIN, "annotations": {"destructiveHint": True}},
    {"name": "odd", "inputSchema": PLAIN, "annotations": {"readOnlyHint": "yes", "x": 1}},
    {"name": "both", "inputSchema": PLAIN, "annotations": {**READ, "destructiveHint": True}},
    {"name": "bare", "inputSchema": PLAIN},
]


@pytest.fixture(scope="module")
def module(tmp_path_factory: pytest.TempPathFactory) -> Any:
    built, _ = build_module(
        tmp_path_factory.mktemp("policy"),
        {"shop": TOOLS, "docs": [{"name": "search", "inputSchema": PLAIN}]},
        "--read-only",
        "docs=search",
        "--approve",
        "shop=get_*=always",
        "--approve",
        "shop=bare=never",
    )
    return built


def call(name: str, call_id: str = "c", **more: object) -> dict[str, object]:
    item = {"type": "function_call", "call_id": call_id, "name": name, "arguments": '{"q":"x"}'}
    return {**item, **more}


# ---------------------------------------------------------------------------- the build


def test_annotations_reach_the_call_cleaned_and_overridden(module: Any) -> None:
    calls, rejected = module.tool_calls({"output": [call(n) for n in module.NAMES]})
    assert rejected == []
    by_name = {c.name: c.annotations for c in calls}
    assert by_name == {
        "shop__get_item": {**READ, "title": "Get it"},  # the title cleaned like any text
        "shop__delete_item": {"destructiveHint": True},
        "shop__odd": {},  # hints must be booleans: anything else is dropped
        "shop__both": {**READ, "destructiveHint": True},
        "shop__bare": {},
        "docs__search": {"readOnlyHint": True, "destructiveHint": False},  # --read-only
    }
    assert "annotations={" in repr(calls[0]) and "annotations" not in repr(calls[4])


def test_the_report_names_unhinted_and_contradicting_tools(tmp_path: Path) -> None:
    snapshot = write_snapshot(tmp_path, "shop", TOOLS)
    out, report = tmp_path / "t.py", tmp_path / "r.json"
    result = run_cli(
        "build", "--server", f"shop={snapshot}", "--out", str(out), "--report-json", str(report)
    )
    assert result.exit_code == 0, result.output
    assert "contradicting shop__both: readOnlyHint and destructiveHint are both true" in (
        result.output
    )
    assert (
        "unhinted shop: 2 tools without readOnlyHint or destructiveHint ('odd', 'bare')"
        in result.output
    )
    document = json.loads(report.read_text())
    assert document["unhinted"] == ["shop__odd", "shop__bare"]
    assert document["contradicting"] == ["shop__both"]


def test_read_only_selects_the_read_only_tools(module: Any) -> None:
    names = [t["name"] for t in module.tools("responses", read_only=True)]
    assert names == ["shop__get_item", "docs__search"]  # not shop__both: its hints contradict
    chosen = module.tools("chat", servers=["shop"], read_only=True)
    assert [t["function"]["name"] for t in chosen] == ["shop__get_item"]
    with pytest.raises(TypeError, match="read_only must be True or False"):
        module.tools("chat", read_only="yes")


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (
            'read_only = ["get_*"]\ndestructive = ["*_item"]',
            "server shop: tool 'get_item' matches both read_only and destructive",
        ),
        (
            'approve = { "get_*" = "sometimes" }',
            'tool.mcp2openai.servers.shop.approve."get_*": must be "always" or "never", not'
            " 'sometimes'",
        ),
        ('read_only = "get_*"', "tool.mcp2openai.servers.shop.read_only: must be a list"),
    ],
)
def test_policy_mistakes_in_the_config_are_one_line_exit_2(
    tmp_path: Path, config: str, message: str
) -> None:
    write_snapshot(tmp_path, "shop", TOOLS)
    (tmp_path / "pyproject.toml").write_text(
        "[tool.mcp2openai]\nout = 't.py'\n[tool.mcp2openai.servers.shop]\n"
        f"snapshot = 'shop.json'\n{config}\n"
    )
    result = run_cli("build", "--config", str(tmp_path / "pyproject.toml"))
    assert result.exit_code == 2
    assert message in result.output and len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "t.py").exists()


def test_approve_on_the_command_line_needs_a_policy(tmp_path: Path) -> None:
    snapshot = write_snapshot(tmp_path, "shop", TOOLS)
    args = ["build", "--server", f"shop={snapshot}", "--out", str(tmp_path / "t.py")]
    result = run_cli(*args, "--approve", "shop=get_*")
    assert result.exit_code == 2
    assert "--approve: expected NAME=GLOB=always|never, got 'shop=get_*'" in result.output


@pytest.mark.parametrize("mode", ["auto", "true", "false"])
def test_a_schema_that_is_not_json_schema_is_left_out_in_every_mode(
    tmp_path: Path, mode: str
) -> None:
    broken = {"type": "object", "properties": {"a": {"type": "strin"}}}
    tools = [{"name": "bad", "inputSchema": broken}, {"name": "good", "inputSchema": PLAIN}]
    built, result = build_module(tmp_path, {"s": tools}, "--strict", mode)
    assert [t["name"] for t in built.tools("responses")] == ["s__good"]
    (entry,) = built.REPORT.excluded
    assert (entry["name"], entry["keyword"], entry["path"]) == (
        "s__bad",
        "schema",
        "#/properties/a/type",
    )
    assert str(entry["reason"]).startswith('not valid JSON Schema: "strin" is not valid')
    assert "excluded s__bad: schema at #/properties/a/type: not valid JSON Schema" in result.output
    # --fail-on-fallback counts it, as any tool left out
    snapshot = tmp_path / "s.json"
    failed = run_cli(
        "build", "--server", f"s={snapshot}", "--out", str(tmp_path / "x.py"), "--fail-on-fallback"
    )
    assert failed.exit_code == 1


def test_a_schema_of_an_unknown_dialect_is_read_as_2020_12_offline(tmp_path: Path) -> None:
    unknown = {"$schema": "https://example.invalid/schema", "type": "object"}
    draft7 = {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object"}
    tools = [{"name": "u", "inputSchema": unknown}, {"name": "d", "inputSchema": draft7}]
    built, _ = build_module(tmp_path, {"s": tools})
    assert [t["name"] for t in built.tools("responses")] == ["s__u", "s__d"]


# ---------------------------------------------------------------------------- offered


def test_tools_given_in_either_shape_decide_what_runs(module: Any) -> None:
    response = {"output": [call("shop__get_item", "a"), call("shop__delete_item", "b")]}
    for api in ("chat", "responses"):
        offered = module.tools(api, names=["shop__get_item"])
        calls, rejected = module.tool_calls(response, tools=offered)
        assert [c.call_id for c in calls] == ["a"]
        assert rejected == [
            {
                "type": "function_call_output",
                "call_id": "b",
                "output": "Error: The tool 'shop__delete_item' was not offered in this request;"
                " call one of the tools you were given.",
            }
        ]
    with pytest.raises(TypeError, match="tools must be the list sent as tools="):
        module.tool_calls(response, tools="shop__get_item")


def test_the_echo_namespaces_searches_and_tool_choice_decide_too(module: Any) -> None:
    names = list(module.NAMES)
    everything = {"output": [call(name, name) for name in names]}

    def ran(**response: object) -> list[str]:
        calls, _ = module.tool_calls({**everything, **response})
        return [c.name for c in calls]

    assert ran() == names  # no tools= and no echo: every tool, as before
    assert ran(tools=[]) == names  # an empty echo tells nothing
    spaced = module.tools("responses", servers=["docs"], namespaces=True, defer=True)
    assert ran(tools=spaced) == ["docs__search"]  # namespaced and deferred: offered
    client = {"type": "tool_search", "execution": "client"}
    assert ran(tools=[client]) == names  # a client search alone may load anything
    assert ran(tools=[*module.tools("responses", names=["shop__bare"]), client]) == ["shop__bare"]
    choice = {
        "type": "allowed_tools",
        "mode": "auto",
        "tools": [{"type": "function", "name": "shop__odd"}],
    }
    assert ran(tool_choice=choice) == ["shop__odd"]
    assert ran(tool_choice={"type": "function", "name": "shop__both"}) == ["shop__both"]
    loaded = {
        "type": "tool_search_output",
        "execution": "server",
        "tools": [
            {"type": "namespace", "name": "shop", "tools": [{"type": "function", "name": "odd"}]}
        ],
    }
    hosted = {"output": [loaded, call("shop__odd", "x"), call("shop__bare", "y")]}
    calls, _ = module.tool_calls({**hosted, "tools": [{"type": "tool_search"}]})
    assert [c.name for c in calls] == ["shop__odd"]  # what the hosted search loaded


def test_one_of_our_functions_inside_the_apps_own_namespace_is_offered(module: Any) -> None:
    """An app may wrap our definitions in a namespace of its own (pydantic-ai puts a tool
    in a namespace named like the tool); the response's echo shows it. A call there runs
    when the function offered at (namespace, name) has the name and parameters of one of
    our definitions, flat or namespaced; anything else there is still refused."""
    (flat,) = module.tools("responses", names=["shop__get_item"])
    (docs,) = module.tools("responses", names=["docs__search"], namespaces=True)
    (local,) = docs["tools"]  # named "search", its name inside our namespace "docs"
    own = {**flat, "parameters": {"type": "object", "properties": {}}}  # the app's own
    echo = [
        {"type": "namespace", "name": "shop__get_item", "tools": [flat]},
        {"type": "namespace", "name": "app", "tools": [local, {**own, "name": "shop__bare"}]},
    ]
    output = [
        call("shop__get_item", "a", namespace="shop__get_item"),  # pydantic-ai's shape
        call("search", "b", namespace="app"),
        call("shop__delete_item", "c", namespace="shop__get_item"),  # not offered there
        call("shop__bare", "d", namespace="app"),  # offered there, but not ours
        call("shop__get_item", "e"),  # offered only inside a namespace
        call("get_item", "f", namespace="app"),
    ]
    calls, rejected = module.tool_calls({"output": output, "tools": echo})
    assert [(c.call_id, c.name, c.namespace) for c in calls] == [
        ("a", "shop__get_item", "shop__get_item"),
        ("b", "docs__search", "app"),
    ]
    assert calls[0].arguments == {"q": "x"} and calls[0].server == "shop"
    assert [r["call_id"] for r in rejected] == ["c", "d", "e", "f"]
    assert [r["output"] for r in rejected] == [
        "Error: Unknown tool 'shop__delete_item' in namespace 'shop__get_item'. Available"
        " tools in shop__get_item, closest first: shop__get_item.",
        "Error: Unknown tool 'shop__bare' in namespace 'app'. Available tools in app: search.",
        "Error: The tool 'shop__get_item' was not offered in this request; call one of the"
        " tools you were given.",
        "Error: Unknown tool 'get_item' in namespace 'app'. Available tools in app: search.",
    ]
    # tools= decides the same way as the echo, and nothing else there runs
    ran: list[str] = []

    async def call_tool(server: str, tool: str, arguments: dict[str, object]) -> object:
        ran.append(f"{server}__{tool}")
        return {"content": []}

    asyncio.run(module.execute_tool_calls({"output": output}, call_tool, tools=echo))
    assert ran == ["shop__get_item", "docs__search"]


def test_a_chat_response_is_not_read_for_an_echo_it_never_has(module: Any) -> None:
    """Chat Completions echoes neither tools nor tool_choice: a Chat response is not asked
    for them (an attribute an SDK object lacks costs microseconds to miss), and a dict that
    holds them anyway narrows nothing."""

    asked: list[str] = []

    class Read:
        def __init__(self, **values: object) -> None:
            self.__dict__.update(values)

        def __getattr__(self, name: str) -> object:
            asked.append(name)
            raise AttributeError(name)

    function = Read(name="shop__get_item", arguments="{}")
    message = Read(role="assistant", tool_calls=[Read(id="a", type="function", function=function)])
    response = Read(object="chat.completion", choices=[Read(index=0, message=message)])
    calls, rejected = module.tool_calls(response)
    assert [c.call_id for c in calls] == ["a"] and not rejected
    assert "tools" not in asked and "tool_choice" not in asked
    chat = {"id": "a", "type": "function", "function": {"name": "shop__get_item"}}
    echo = {"tools": [], "tool_choice": {"type": "function", "name": "shop__odd"}}
    chat_response = {"choices": [{"message": {"tool_calls": [chat]}}], **echo}
    assert [c.name for c in module.tool_calls(chat_response)[0]] == ["shop__get_item"]


def test_unknown_names_list_only_what_was_offered(module: Any) -> None:
    offered = module.tools("responses", names=["docs__search"])
    _, rejected = module.tool_calls({"output": [call("docs__serch")], "tools": offered})
    assert rejected[0]["output"] == (
        "Error: Unknown tool 'docs__serch'. Available tools, closest first: docs__search."
    )
    _, rejected = module.tool_calls(
        {
            "output": [call("serch", namespace="docs"), call("x", "d", namespace="shop")],
            "tools": offered,
        }
    )
    assert [r["output"] for r in rejected] == [
        "Error: Unknown tool 'serch' in namespace 'docs'. Available tools in docs, closest"
        " first: search.",
        "Error: Unknown tool 'x' in namespace 'shop'. No tools in shop are available.",
    ]


def test_a_client_search_finds_only_offered_tools(module: Any) -> None:
    search = {
        "type": "tool_search_call",
        "call_id": "s",
        "execution": "client",
        "arguments": {"query": "item", "paths": ["shop", "docs__search"]},
    }
    offered = module.tools("responses", names=["shop__bare", "docs__search"], search="client")

    async def never(server: str, tool: str, arguments: dict[str, object]) -> object:
        raise AssertionError("nothing to run")

    (answer,) = asyncio.run(module.execute_tool_calls({"output": [search]}, never, tools=offered))
    assert [t["name"] for t in answer["tools"]] == ["shop__bare", "docs__search"]


# ---------------------------------------------------------------------------- approval


def test_who_is_asked_and_what_approve_may_answer(module: Any) -> None:
    names = list(module.NAMES)
    response = {"output": [call(name, name) for name in names]}
    asked: list[str] = []
    ran: list[str] = []

    async def call_tool(server: str, tool: str, arguments: dict[str, object]) -> object:
        ran.append(f"{server}__{tool}")
        return {"content": [{"type": "text", "text": "ok"}]}

    def approve(call: Any) -> bool:
        asked.append(call.name)
        return call.name != "shop__get_item"

    outputs = asyncio.run(module.execute_tool_calls(response, call_tool, approve=approve))
    # get_item is read-only but "always"; bare has no hints but "never"; search is read-only;
    # both says read-only and destructive: not trusted as read-only
    assert asked == ["shop__get_item", "shop__delete_item", "shop__odd", "shop__both"]
    assert ran == ["shop__delete_item", "shop__odd", "shop__both", "shop__bare", "docs__search"]
    assert outputs[0]["output"] == "Error: The user declined this call."
    for answer in ("yes", None):
        with pytest.raises(TypeError, match="approve must return True or False"):
            asyncio.run(
                module.execute_tool_calls(response, call_tool, approve=lambda c, a=answer: a)
            )
    with pytest.raises(TypeError, match="approve must be a callable or None"):
        asyncio.run(module.execute_tool_calls(response, call_tool, approve=True))


# ---------------------------------------------------------------------------- property


def responses_with_calls(names: list[str]) -> st.SearchStrategy[dict[str, object]]:
    called = st.sampled_from([*names, "nope", "docs", "search", "", "shop__"]) | st.text(max_size=8)
    space = st.none() | st.sampled_from(["shop", "docs", "app", "nope", ""]) | st.text(max_size=4)
    item = st.builds(
        lambda name, namespace, call_id, kind: {
            "type": kind,
            "call_id": call_id,
            "name": name,
            "arguments": '{"q":"x"}',
            **({"namespace": namespace} if namespace is not None else {}),
        },
        called,
        space,
        st.sampled_from(["a", "b", ""]),
        st.sampled_from(["function_call", "function_call", "custom_tool_call", "message"]),
    )
    return st.builds(lambda items: {"output": items}, st.lists(item, max_size=6))


NAMES = [
    "shop__get_item",
    "shop__delete_item",
    "shop__odd",
    "shop__both",
    "shop__bare",
    "docs__search",
]


@given(
    responses_with_calls(NAMES),
    st.sets(st.sampled_from(NAMES)),
    st.sampled_from(["flat", "namespaces", "the app's namespace"]),
    st.booleans(),
)
def test_no_call_outside_tools_ever_reaches_call_tool(
    module: Any, response: dict[str, object], chosen: set[str], form: str, echoed: bool
) -> None:
    if echoed and not chosen:
        chosen = set(NAMES)  # an empty echo tells nothing: every tool may run
    offered = module.tools("responses", names=sorted(chosen), namespaces=form == "namespaces")
    if form == "the app's namespace" and chosen:
        offered = [{"type": "namespace", "name": "app", "tools": offered}]
    reached: list[str] = []

    async def call_tool(server: str, tool: str, arguments: dict[str, object]) -> object:
        reached.append(f"{server}__{tool}")
        return {"content": []}

    try:
        if echoed:
            run = module.execute_tool_calls({**response, "tools": offered}, call_tool)
        else:
            run = module.execute_tool_calls(response, call_tool, tools=offered)
        asyncio.run(run)
    except ValueError:
        return  # an item only the app can answer: nothing ran
    assert set(reached) <= chosen
