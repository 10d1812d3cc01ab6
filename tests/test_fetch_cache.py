"""`fetch` and the 2026-07-28 protocol (docs/mcp-2026.md, "Cache hints in a snapshot"): the
protocol negotiated (`protocol="auto"`: `server/discover` first, the handshake as fallback) and
the cache hints of `tools/list` (`ttlMs`, `cacheScope`) recorded in the snapshot, against real
servers written with the `mcp` SDK (tests/servers/cached_server.py, structured_server.py);
snapshots without them stay valid and build the same module."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from live_support import FIXTURE_SERVERS, REPO, stop
from mcp2openai.fetch import fetch_all
from mcp2openai.live import FetchError, Protocol, cache_hints, dump, fetch_snapshot
from mcp2openai.load import About, InputError, read_snapshot
from mcp2openai.options import ServerSpec
from mcp2openai.pipeline import build
from mcp2openai.plan import FetchTarget
from mcp2openai.servers import Http, Stdio

pytestmark = pytest.mark.e2e  # starts MCP servers (CONTRIBUTING.md, "Tiers")

PYTHON = sys.executable
SERVERS = REPO / "tests" / "servers"


def cached(*args: str) -> Stdio:
    return Stdio(PYTHON, (str(SERVERS / "cached_server.py"), *args))


def fetched(transport: Stdio | Http, protocol: Protocol = "legacy") -> dict[str, Any]:
    return asyncio.run(fetch_snapshot(transport, timeout=60, protocol=protocol))


TOOLS_2026 = [  # as the SDK's 2026-07-28 result schema writes them (key order included)
    {
        "description": f"The tool of page {k}.",
        "inputSchema": {"type": "object", "properties": {}},
        "name": f"tool_{k}",
    }
    for k in (1, 2, 3)
]


def test_a_2026_listing_records_its_protocol_and_cache_hints() -> None:
    document = fetched(cached("--ttl-ms", "60000,30000,90000"), "auto")
    assert document == {
        "mcp2openai_snapshot": 1,
        "server": {"name": "cached", "version": "2.0.0", "title": "Cached listing"},
        "protocolVersion": "2026-07-28",
        "cache": {"ttlMs": 30000, "cacheScope": "public"},  # the shortest page's TTL
        "tools": TOOLS_2026,
    }
    assert list(document) == [  # cache right after the protocol
        "mcp2openai_snapshot",
        "server",
        "protocolVersion",
        "cache",
        "tools",
    ]
    again = fetched(cached("--ttl-ms", "60000,30000,90000"), "auto")
    assert dump(again) == dump(document)  # the same server, the same bytes


def test_the_handshake_gets_no_hints_and_the_old_format() -> None:
    document = fetched(cached("--ttl-ms", "60000,30000,90000"))  # protocol="legacy": the default
    assert document["protocolVersion"] == "2025-11-25"
    assert list(document) == ["mcp2openai_snapshot", "server", "protocolVersion", "tools"]
    assert [tool["name"] for tool in document["tools"]] == ["tool_1", "tool_2", "tool_3"]
    # The same tools, but not the same bytes: each era's schema orders the keys its own way.
    assert document["tools"] == TOOLS_2026
    assert json.dumps(document["tools"]) != json.dumps(TOOLS_2026)
    assert [list(tool["inputSchema"]) for tool in document["tools"]] == [["properties", "type"]] * 3


def test_auto_falls_back_to_the_handshake_for_a_server_without_server_discover() -> None:
    legacy = Stdio(PYTHON, (str(FIXTURE_SERVERS / "raw_server.py"), "paginated"))
    document = fetched(legacy, "auto")  # it answers server/discover with -32601
    assert document["protocolVersion"] == "2025-11-25"
    assert "cache" not in document
    assert document == fetched(legacy)


def test_the_scope_is_private_when_any_page_says_so() -> None:
    # The spec wants one scope for every page; a listing that mixes them is treated as private.
    transport = cached("--ttl-ms", "1000,2000", "--cache-scope", "public,private")
    assert fetched(transport, "auto")["cache"] == {"ttlMs": 1000, "cacheScope": "private"}
    assert cache_hints([{"ttlMs": 0}]) == {"ttlMs": 0}
    assert cache_hints([{"nextCursor": "x"}, {}]) == {}


def test_an_anonymous_2026_server_is_written_with_an_empty_name(tmp_path: Path) -> None:
    lines: list[str] = []
    target = FetchTarget("anon", cached("--anonymous"), tmp_path / "anon.json")
    assert fetch_all([target], echo=lines.append, protocol="auto") == 0
    document = json.loads((tmp_path / "anon.json").read_text())
    assert document["server"] == {"name": "", "version": ""}
    assert "(an unnamed server, protocol 2026-07-28): wrote" in lines[0]


@pytest.fixture(scope="module")
def cached_http() -> Iterator[str]:
    process = subprocess.Popen(
        [PYTHON, str(SERVERS / "cached_server.py"), "--http", "--cache-scope", "private"],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    url = process.stdout.readline().strip()  # tests/servers/_serve.py announces it when listening
    try:
        assert url.startswith("http://127.0.0.1:"), url
        yield url
    finally:
        stop(process)  # type: ignore[arg-type]


def test_over_streamable_http_too(cached_http: str, tmp_path: Path) -> None:
    document = fetched(Http(cached_http), "auto")
    assert document["protocolVersion"] == "2026-07-28"
    assert document["cache"] == {"ttlMs": 3600000, "cacheScope": "private"}
    assert "cache" not in fetched(Http(cached_http))
    lines: list[str] = []
    target = FetchTarget("cached", Http(cached_http), tmp_path / "cached.json")
    assert fetch_all([target], echo=lines.append, protocol="auto") == 0
    assert "(cached 2.0.0, protocol 2026-07-28): wrote" in lines[0]
    lines.clear()
    assert fetch_all([target], echo=lines.append, protocol="auto", check=True) == 0
    assert lines[0].endswith("unchanged")


def test_a_2025_fetch_of_a_server_sending_non_object_schemas_fails_and_auto_reads_it() -> None:
    """An upgraded server that sends SEP-2106 schemas on 2025-11-25 too: the SDK checks the
    listing against the negotiated version, so the handshake's listing is refused; the same
    server read at 2026-07-28 is a valid snapshot (its array and scalar schemas kept)."""
    server = Stdio(PYTHON, (str(SERVERS / "structured_server.py"), "--no-legacy-wrapping"))
    with pytest.raises(FetchError) as refused:
        fetched(server)
    assert str(refused.value).startswith(
        "invalid tools/list result: #/tools/0/outputSchema/type: Input should be 'object'"
    )
    schemas = {tool["name"]: tool["outputSchema"] for tool in fetched(server, "auto")["tools"]}
    assert schemas["primes"] == {"type": "array", "items": {"type": "integer"}}
    assert schemas["prime_count"] == {"type": "integer"}


# --- reading snapshots -------------------------------------------------------------------------

TOOL = {"name": "t", "inputSchema": {"type": "object"}}


def test_the_hints_are_read_back_and_older_snapshots_stay_valid(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"cache": {"ttlMs": 5, "cacheScope": "private"}, "tools": [TOOL]}))
    assert read_snapshot(path)[1] == About(ttl_ms=5, cache_scope="private")
    path.write_text(json.dumps({"protocolVersion": "2025-11-25", "tools": [TOOL]}))
    assert read_snapshot(path)[1] == About(protocol="2025-11-25")  # no cache hints
    for bad, where in (
        ({"cache": []}, "#/cache"),
        ({"cache": {"ttlMs": -1}}, "#/cache/ttlMs"),
        ({"cache": {"ttlMs": 1.5}}, "#/cache/ttlMs"),
        ({"cache": {"ttlMs": True}}, "#/cache/ttlMs"),
        ({"cache": {"cacheScope": "shared"}}, "#/cache/cacheScope"),
    ):
        path.write_text(json.dumps({**bad, "tools": [TOOL]}))
        with pytest.raises(InputError) as caught:
            read_snapshot(path)
        assert where in str(caught.value)


def test_the_hints_do_not_change_the_module(tmp_path: Path) -> None:
    plain, hinted = tmp_path / "plain.json", tmp_path / "hinted.json"
    plain.write_text(json.dumps({"tools": [TOOL]}))
    hinted.write_text(
        json.dumps({"cache": {"ttlMs": 60000, "cacheScope": "public"}, "tools": [TOOL]})
    )
    one = build([ServerSpec("s", plain)], "auto")
    two = build([ServerSpec("s", hinted)], "auto")
    assert (one.source, one.stub) == (two.source, two.stub)
