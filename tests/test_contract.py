"""The compiled contract at run time: `connect(check=...)` against a real server that can be
started in several versions (tests/servers/drift_server.py), in all three modes, with a
toolset built from version 1's snapshot by the CLI. The module keeps a digest per tool; the
graded diff stays in the CLI (`mcp2openai fetch --check`), which every message names.

- unchanged: no log, and one `tools/list` per server beyond what opening the session sends;
- version 2 (both tools changed: one breaking change, one compatible): "warn" logs which
  tools changed, "raise" raises `ContractError` naming them and stops the server, "off"
  does nothing; a compatible change alone is a change too;
- the definitions sent stay the compiled ones.
"""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from buildutil import import_path
from live_support import PYTHON, REPO, descendants, run_cli, wait_gone
from mcp import ClientSession

pytestmark = pytest.mark.e2e  # starts MCP servers (CONTRIBUTING.md, "Tiers")

DRIFT_SERVER = REPO / "tests" / "servers" / "drift_server.py"
PYPROJECT = f"""\
[tool.mcp2openai]
out = "weather_tools.py"

[tool.mcp2openai.servers.weather]
command = {json.dumps(PYTHON)}
args = [{json.dumps(str(DRIFT_SERVER))}]
env = {{ DRIFT_VERSION = "${{DRIFT_VERSION:-1}}" }}
include = ["forecast", "search"]
"""


@pytest.fixture(scope="module")
def module(tmp_path_factory: pytest.TempPathFactory) -> Any:
    root = tmp_path_factory.mktemp("contract")
    (root / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    fetched = run_cli("fetch", cwd=root)
    assert fetched.returncode == 0, fetched.stderr
    built = run_cli("build", cwd=root)
    assert built.returncode == 0, built.stderr
    return import_path(root / "weather_tools.py")


def opened(module: Any, version: str, **options: Any) -> list[str]:
    """Open the server in `version` with `options`; the tools/list requests it took."""
    listed: list[str] = []
    real = ClientSession.send_request

    async def counting(self: ClientSession, request: Any, *args: Any, **kwargs: Any) -> Any:
        if getattr(request, "method", "") == "tools/list":
            listed.append(version)
        return await real(self, request, *args, **kwargs)

    async def main() -> None:
        async with module.connect(env={"DRIFT_VERSION": version}, **options) as call_tool:
            assert list(call_tool.sessions) == ["weather"]

    ClientSession.send_request = counting  # type: ignore[method-assign]
    try:
        asyncio.run(main())
    finally:
        ClientSession.send_request = real  # type: ignore[method-assign]
    return listed


def test_an_unchanged_server_costs_one_listing_and_logs_nothing(
    module: Any, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="mcp2openai"):
        assert opened(module, "1") == ["1"]
    assert caplog.records == []
    assert opened(module, "1", check="off") == []


def test_warn_logs_which_tools_changed_and_the_command_that_grades_it(
    module: Any, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="mcp2openai"):
        opened(module, "2")
    (record,) = caplog.records
    assert record.getMessage() == (
        "server weather changed since the toolset was built: forecast (changed), search"
        " (changed); grade the change with `mcp2openai fetch --check`, then rebuild with"
        " `mcp2openai build`"
    )


def test_raise_names_every_changed_tool_and_stops_the_server(module: Any) -> None:
    before = descendants()
    with pytest.raises(module.ContractError) as raised:
        opened(module, "2", check="raise")
    error = raised.value
    assert error.changes == [("weather", "forecast", "changed"), ("weather", "search", "changed")]
    assert str(error) == (
        "2 tools changed since the toolset was built: weather: forecast (changed), weather:"
        " search (changed); grade the change with `mcp2openai fetch --check`, then rebuild"
        " with `mcp2openai build`"
    )
    assert wait_gone(sorted(descendants() - before)) == []
    assert issubclass(module.ContractError, Exception)
    # a compatible change is a change too: the module cannot grade it, the CLI does
    with pytest.raises(module.ContractError, match=r"^1 tool changed .*: weather: search"):
        opened(module, "compatible", check="raise")


def test_off_and_a_bad_mode(module: Any, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="mcp2openai"):
        assert opened(module, "2", check="off") == []
    assert caplog.records == []
    with pytest.raises(ValueError, match="check must be 'warn', 'raise' or 'off', not 'loud'"):
        module.connect(check="loud")


def test_the_definitions_sent_stay_the_compiled_ones(module: Any) -> None:
    before = module.tools("responses")
    opened(module, "2")
    assert module.tools("responses") == before
    units = before[0]["parameters"]["properties"]["units"]
    assert "kelvin" in json.dumps(units)  # version 1's, as built


def test_the_module_keeps_a_digest_per_tool_and_no_snapshot(module: Any) -> None:
    digests = module._toolset.table("digests")
    assert list(digests) == ["weather__forecast", "weather__search"]
    assert all(len(digest) == 24 for digest in digests.values())
    source = Path(module.__file__).read_text(encoding="utf-8")
    assert "inputSchema" not in source  # the tools as listed are not in it


def test_a_tool_the_server_no_longer_lists_is_removed(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A digest of a tool the build kept, against a listing without that tool."""
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    assert run_cli("fetch", cwd=tmp_path).returncode == 0
    snapshot = tmp_path / "mcp-snapshots" / "weather.json"
    document = json.loads(snapshot.read_text(encoding="utf-8"))
    document["tools"].append({**document["tools"][0], "name": "retired"})
    snapshot.write_text(json.dumps(document), encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        PYPROJECT.replace('include = ["forecast", "search"]', 'include = ["search", "retired"]')
    )
    assert run_cli("build", cwd=tmp_path).returncode == 0
    module = import_path(tmp_path / "weather_tools.py")
    with pytest.raises(module.ContractError) as raised:
        opened(module, "1", check="raise")
    assert raised.value.changes == [("weather", "retired", "removed")]


def test_a_filtered_tool_is_no_new_tool(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Tools the build left out (include/exclude) are in the snapshot's listing: not new."""
    (tmp_path / "pyproject.toml").write_text(
        PYPROJECT.replace('include = ["forecast", "search"]', 'include = ["search"]')
    )
    assert run_cli("fetch", cwd=tmp_path).returncode == 0
    assert run_cli("build", cwd=tmp_path).returncode == 0
    module = import_path(tmp_path / "weather_tools.py")
    with caplog.at_level(logging.WARNING, logger="mcp2openai"):
        opened(module, "1")
    assert caplog.records == []
