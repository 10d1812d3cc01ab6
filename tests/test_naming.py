"""Exposed names, collisions, duplicates, filters and cleaning (docs/design.md, "Naming")."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

import pytest
from mcp2openai.naming import NamingError, ServerTools, build, hashed_name
from mcp2openai.options import ServerSpec
from mcp2openai.text import MAX_DESCRIPTION_BYTES, clean_description, clean_text

NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")


def tool(name: str, description: Any = "d") -> dict[str, Any]:
    return {"name": name, "description": description, "inputSchema": {"type": "object"}}


def server(
    name: str,
    tools: tuple[dict[str, Any], ...],
    *,
    title: str = "",
    instructions: str = "",
    **options: Any,
) -> ServerTools:
    """A server's tools as loaded, with `options` (prefix, include, exclude) in its spec."""
    return ServerTools(
        ServerSpec(name, Path(f"{name}.json"), **options), tools, title, instructions
    )


def names(*servers: ServerTools) -> list[str]:
    return [t.exposed for t in build(list(servers)).tools]


def test_default_prefix_and_sanitising() -> None:
    fs = server("fs", (tool("read_file"), tool("fetch.page"), tool("a/b c"), tool("ünï")))
    assert names(fs) == ["fs__read_file", "fs__fetch_page", "fs__a_b_c", "fs___n_"]
    toolset = build([fs])
    assert [(r.tool, r.reason) for r in toolset.renames] == [
        ("fetch.page", "sanitized"),
        ("a/b c", "sanitized"),
        ("ünï", "sanitized"),
    ]


def test_custom_and_empty_prefix() -> None:
    assert names(server("fs", (tool("read"),), prefix="files_")) == ["files_read"]
    assert names(server("fs", (tool("read"),), prefix="")) == ["read"]


def test_long_names_get_the_hashed_form() -> None:
    long = "x" * 80
    exposed = names(server("srv", (tool(long),)))[0]
    digest = hashlib.sha256(f"srv\0{long}".encode()).hexdigest()[:8]
    assert exposed == ("srv__" + long)[:55] + "_" + digest
    assert len(exposed) == 64 and NAME.fullmatch(exposed)
    assert names(server("srv", (tool(long),))) == [exposed]  # stable


def test_empty_name_with_empty_prefix_gets_a_hashed_name() -> None:
    exposed = names(server("srv", (tool(""),), prefix=""))[0]
    assert NAME.fullmatch(exposed)


def test_collisions_first_keeps_the_name_later_gets_hashed() -> None:
    toolset = build(
        [
            server("a", (tool("x.y"), tool("x_y"))),
            server("b", (tool("a__x_y"),), prefix=""),
        ]
    )
    exposed = [t.exposed for t in toolset.tools]
    assert exposed[0] == "a__x_y"
    assert exposed[1] == hashed_name("a__x_y", "a", "x_y")
    assert exposed[2] == hashed_name("a__x_y", "b", "a__x_y")
    assert len(set(exposed)) == 3
    assert [r.reason for r in toolset.renames] == ["sanitized", "collision", "collision"]


def test_duplicate_tool_names_first_wins_and_is_reported() -> None:
    toolset = build([server("s", (tool("t", "first"), tool("t", "second")))])
    assert [(t.exposed, t.description) for t in toolset.tools] == [("s__t", "first")]
    assert [(r.tool, r.reason) for r in toolset.renames] == [("t", "duplicate")]


def test_server_names_are_validated() -> None:
    for bad in ["", "1abc", "a b", "a.b", "é"]:
        with pytest.raises(NamingError):
            build([server(bad, ())])
    with pytest.raises(NamingError):
        build([server("a", ()), server("a", ())])


def test_include_and_exclude_filters() -> None:
    filtered = server(
        "g",
        (tool("get_issue"), tool("create_issue"), tool("get_pr")),
        include=("get_*",),
        exclude=("*_pr",),
    )
    toolset = build([filtered])
    assert [t.tool for t in toolset.tools] == ["get_issue"]
    assert toolset.filtered == (("g", "create_issue"), ("g", "get_pr"))


def test_order_is_kept() -> None:
    assert names(server("b", (tool("z"), tool("a"))), server("a", (tool("m"),))) == [
        "b__z",
        "b__a",
        "a__m",
    ]


def test_description_cleaning_and_cap() -> None:
    dirty = "a\u200bb\u202ec\U000e0041d\u00ade\x00f\x1bg\nh\ti\ud800j\ufe0f"
    assert clean_text(dirty) == "abcdefg\nh\tij"
    capped = clean_description("é" * 5000)
    assert len(capped.encode()) <= MAX_DESCRIPTION_BYTES and capped == "é" * 2048
    assert len(clean_description("\U0001f600" * 2000).encode()) == 4096


def test_description_falls_back_to_title_then_empty() -> None:
    toolset = build(
        [
            server(
                "s",
                ({"name": "a", "title": "T", "inputSchema": {}}, {"name": "b", "inputSchema": {}}),
            )
        ]
    )
    assert [t.description for t in toolset.tools] == ["T", ""]


def test_local_names_inside_the_server_namespace() -> None:
    """Namespaces: the MCP name, sanitised, no prefix, unique per server."""
    long = "y" * 80
    toolset = build(
        [
            server("fs", (tool("read_file"), tool("fetch.page"), tool("fetch_page"))),
            server("docs", (tool("read_file"), tool(long)), prefix="d_"),
        ]
    )
    assert [(t.server, t.local, t.exposed) for t in toolset.tools] == [
        ("fs", "read_file", "fs__read_file"),
        ("fs", "fetch_page", "fs__fetch_page"),
        # the later of two tools landing on one local name gets the hashed form
        (
            "fs",
            hashed_name("fetch_page", "fs", "fetch_page"),
            hashed_name("fs__fetch_page", "fs", "fetch_page"),
        ),
        # another server's namespace may reuse a name
        ("docs", "read_file", "d_read_file"),
        ("docs", hashed_name(long, "docs", long), hashed_name("d_" + long, "docs", long)),
    ]
    assert all(NAME.fullmatch(t.local) for t in toolset.tools)


def test_local_names_do_not_depend_on_the_prefix_or_other_servers() -> None:
    first = build([server("a", (tool("x"),)), server("b", (tool("x"),), prefix="")])
    assert [(t.exposed, t.local) for t in first.tools] == [("a__x", "x"), ("x", "x")]
    alone = build([server("b", (tool("x"),), prefix="p_")])
    assert [t.local for t in alone.tools] == ["x"]
    empty = build([server("s", (tool(""),))])
    assert NAME.fullmatch(empty.tools[0].local)


def test_a_server_name_is_a_namespace_name_of_at_most_64_characters() -> None:
    longest = "s" * 64
    assert build([server(longest, ({"name": "t", "inputSchema": {}},))]).tools
    with pytest.raises(NamingError) as caught:
        build([server(longest + "s", ())])
    assert str(caught.value).endswith("must match ^[A-Za-z][A-Za-z0-9_-]{0,63}$")


def test_server_title_and_instructions_describe_its_namespace() -> None:
    both = server("a", (), title="Files", instructions="Use\u200b read first.")
    toolset = build([both, server("b", (), instructions="Only this."), server("c", ())])
    assert toolset.about == (("a", "Files: Use read first."), ("b", "Only this."), ("c", ""))
