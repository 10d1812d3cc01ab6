"""The compiled contract at run time: `connect(check=...)` against a real server that can be
started in two versions (tests/servers/drift_server.py), in all three modes, with a toolset
built from version 1's snapshot by the CLI.

- unchanged: no log, and one `tools/list` per server beyond what opening the session sends;
- version 2 (one breaking change, one compatible): "warn" logs the counts and the first
  breaking change, "raise" raises `ContractError` listing every breaking change and stops
  the server, "off" does nothing;
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


def test_warn_logs_the_counts_and_the_first_breaking_change(
    module: Any, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="mcp2openai"):
        opened(module, "2")
    (record,) = caplog.records
    assert record.getMessage() == (
        "server weather changed since the toolset was built: 1 breaking, 1 compatible,"
        " 0 cosmetic; first breaking: tool 'forecast' at /inputSchema/properties/units/enum:"
        ' enum value "kelvin" removed'
    )


def test_raise_lists_every_breaking_change_and_stops_the_server(module: Any) -> None:
    before = descendants()
    with pytest.raises(module.ContractError) as raised:
        opened(module, "2", check="raise")
    error = raised.value
    assert error.changes == [
        ("weather", "forecast", "/inputSchema/properties/units/enum", 'enum value "kelvin" removed')
    ]
    assert str(error).splitlines() == [
        "1 breaking change since the toolset was built (rebuild it: `mcp2openai fetch"
        " --check`, then `mcp2openai build`):",
        "weather: tool 'forecast' at /inputSchema/properties/units/enum: enum value"
        ' "kelvin" removed',
    ]
    assert wait_gone(sorted(descendants() - before)) == []
    assert issubclass(module.ContractError, Exception)
    # a compatible change alone does not raise
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


def test_the_contract_is_in_the_data(module: Any) -> None:
    contract = module._toolset.table("contract")["weather"]
    assert list(contract["tools"]) == ["forecast", "search"]
    assert set(contract["digests"]) == {"forecast", "search"}
    assert set(contract["listed"]) >= {"forecast", "search"}
    assert all(len(digest) == 24 for digest in contract["digests"].values())


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
