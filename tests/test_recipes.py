"""How servers' connection recipes reach a module's SERVERS: exactly as the project
config or the mcpServers file wrote them, `${VAR}` unexpanded, None for a bare snapshot; with
a server's own `timeout` of the project config (connect()'s limit for starting it).

connect() reading them: tests/test_connect.py and tests/test_e2e_execute.py.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from buildutil import ROOT, import_path, thawed
from click.testing import CliRunner
from mcp2openai.cli import main
from mcp2openai.config import ConfigError, load_mcp_servers, load_project
from mcp2openai.model import input_hash
from mcp2openai.naming import ServerTools
from mcp2openai.options import ServerSpec, StrictMode
from mcp2openai.pipeline import build

AUTO = StrictMode.AUTO

REPO = Path(__file__).resolve().parent.parent
SNAPSHOTS = REPO / "generated" / "snapshots"

PYPROJECT = """\
[tool.mcp2openai]
out = "app/tools.py"

[tool.mcp2openai.servers.time]
command = "uvx"
args = ["mcp-server-time", "--local-timezone", "${TZ:-UTC}"]
env = { TZ = "UTC", TOKEN = "${TIME_TOKEN}" }
cwd = "servers/time"
prefix = "clock_"
include = ["get_*"]
timeout = 30

[tool.mcp2openai.servers.docs]
url = "https://docs.example.com/mcp"
headers = { Authorization = "Bearer ${DOCS_TOKEN}" }
snapshot = "vendor/docs.json"

[tool.mcp2openai.servers.legacy]
snapshot = "vendor/legacy.json"
"""


def project(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    (tmp_path / "mcp-snapshots").mkdir()
    (tmp_path / "vendor").mkdir()
    shutil.copy(SNAPSHOTS / "time.json", tmp_path / "mcp-snapshots" / "time.json")
    shutil.copy(SNAPSHOTS / "fetch.json", tmp_path / "vendor" / "docs.json")
    shutil.copy(SNAPSHOTS / "git.json", tmp_path / "vendor" / "legacy.json")
    return tmp_path / "pyproject.toml"


def test_pyproject_servers_keep_their_recipe_as_written(tmp_path: Path) -> None:
    config = load_project(project(tmp_path))
    recipes = {server.name: server.spec.recipe for server in config.servers}
    assert recipes == {
        "time": {
            "command": "uvx",
            "args": ["mcp-server-time", "--local-timezone", "${TZ:-UTC}"],
            "env": {"TZ": "UTC", "TOKEN": "${TIME_TOKEN}"},
            "cwd": "servers/time",  # as written, not resolved against the file's directory
            "timeout": 30,  # the server's own: fetch's, and connect()'s to start it
        },
        "docs": {
            "url": "https://docs.example.com/mcp",
            "headers": {"Authorization": "Bearer ${DOCS_TOKEN}"},
        },
        "legacy": None,  # built from its snapshot only
    }


def test_the_module_carries_the_recipes_and_no_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DOCS_TOKEN", "sk-secret-docs")  # never read by build
    monkeypatch.setenv("TIME_TOKEN", "sk-secret-time")
    result = CliRunner().invoke(main, ["build"])
    assert result.exit_code == 0, result.output
    source = (tmp_path / "app" / "tools.py").read_text(encoding="utf-8")
    assert "sk-secret" not in source
    assert str(tmp_path) not in source  # no path of this machine either
    module = import_path(tmp_path / "app" / "tools.py")
    assert load_recipes(tmp_path) == thawed(module.SERVERS)
    assert list(module.SERVERS) == ["time", "docs", "legacy"]
    with pytest.raises(TypeError):  # read-only: what the module returns next is the same
        module.SERVERS["time"]["args"] = []
    stub = (tmp_path / "app" / "tools.pyi").read_text(encoding="utf-8")
    assert "SERVERS," in stub.split("__all__")[0]  # the shared API, SERVERS among it
    api = (ROOT / "templates" / "runtime" / "api.pyi").read_text(encoding="utf-8")
    assert "SERVERS: Mapping[str, Mapping[str, object] | None]" in api


def load_recipes(tmp_path: Path) -> dict[str, object]:
    return {s.name: s.spec.recipe for s in load_project(tmp_path / "pyproject.toml").servers}


MCP_JSON = {
    "mcpServers": {
        "github": {
            "command": "npx",
            "args": ["-y", "@modelcontextprotocol/server-github"],
            "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${env:GITHUB_TOKEN}"},
            "autoApprove": ["get_issue"],
            "disabled": False,
        },
        "remote": {
            "type": "http",
            "url": "${REMOTE_URL:-https://mcp.example.com/mcp}",
            "headers": {"X-Key": "${KEY}"},
            "timeout": 30,
        },
    }
}


def test_mcp_servers_file_recipes_keep_only_how_to_reach_the_server(tmp_path: Path) -> None:
    path = tmp_path / "mcp.json"
    path.write_text(json.dumps(MCP_JSON), encoding="utf-8")
    servers = load_mcp_servers(path, tmp_path)
    assert {server.name: server.spec.recipe for server in servers} == {
        "github": {
            "command": "npx",
            "args": ["-y", "@modelcontextprotocol/server-github"],
            "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${env:GITHUB_TOKEN}"},
        },
        "remote": {
            "url": "${REMOTE_URL:-https://mcp.example.com/mcp}",
            "headers": {"X-Key": "${KEY}"},
        },
    }


def test_build_from_an_mcp_servers_file_and_from_bare_snapshots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "snaps").mkdir()
    shutil.copy(SNAPSHOTS / "github.json", tmp_path / "snaps" / "github.json")
    shutil.copy(SNAPSHOTS / "fetch.json", tmp_path / "snaps" / "remote.json")
    (tmp_path / "mcp.json").write_text(json.dumps(MCP_JSON), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    args = ["build", "--mcp-config", "mcp.json", "--snapshots", "snaps", "--out", "a.py"]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    module = import_path(tmp_path / "a.py")
    github = MCP_JSON["mcpServers"]["github"]
    assert {
        "github": {key: github[key] for key in ("command", "args", "env")},
        "remote": {
            "url": "${REMOTE_URL:-https://mcp.example.com/mcp}",
            "headers": {"X-Key": "${KEY}"},
        },
    } == thawed(module.SERVERS)
    bare = ["build", "--server", "github=snaps/github.json", "--out", "b.py"]
    assert runner.invoke(main, bare).exit_code == 0
    assert import_path(tmp_path / "b.py").SERVERS == {"github": None}


TIMEOUTS = """\
[tool.mcp2openai]
out = "app/tools.py"
mcp_config = "mcp.json"
timeout = 90

[tool.mcp2openai.servers.time]
command = "mcp-server-time"
timeout = 12

[tool.mcp2openai.servers.docs]
url = "https://docs.example.com/mcp"
timeout = 2.5

[tool.mcp2openai.servers.plain]
command = "mcp-server-time"

[tool.mcp2openai.servers.github]
timeout = 45

[tool.mcp2openai.servers.remote]
"""


def test_a_servers_own_timeout_goes_into_its_recipe_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """stdio and HTTP, the project's own servers and those of its mcpServers file: a server
    table's `timeout` is in the recipe, int or float as written; none without one, not the
    table's `timeout` (fetch's default only) nor the mcpServers file's own (30 for remote)."""
    (tmp_path / "pyproject.toml").write_text(TIMEOUTS, encoding="utf-8")
    (tmp_path / "mcp.json").write_text(json.dumps(MCP_JSON), encoding="utf-8")
    (tmp_path / "mcp-snapshots").mkdir()
    for server, snapshot in [
        *(("time", "time"), ("plain", "time")),
        *(("docs", "fetch"), ("github", "github"), ("remote", "fetch")),
    ]:
        shutil.copy(SNAPSHOTS / f"{snapshot}.json", tmp_path / "mcp-snapshots" / f"{server}.json")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["build"])
    assert result.exit_code == 0, result.output
    servers = import_path(tmp_path / "app" / "tools.py").SERVERS
    assert list(servers) == ["time", "docs", "plain", "github", "remote"]
    timeouts = {name: recipe.get("timeout", "none") for name, recipe in servers.items()}
    assert timeouts == {"time": 12, "docs": 2.5, "plain": "none", "github": 45, "remote": "none"}
    assert type(servers["time"]["timeout"]) is int and type(servers["docs"]["timeout"]) is float
    assert thawed(servers["docs"]) == {"url": "https://docs.example.com/mcp", "timeout": 2.5}
    assert thawed(servers["plain"]) == {"command": "mcp-server-time"}
    source = (tmp_path / "app" / "tools.py").read_text(encoding="utf-8")
    assert '"time":{"recipe":{"command":"mcp-server-time","timeout":12}' in source
    # the recipe is part of the input hash: a changed timeout makes the module stale
    (tmp_path / "pyproject.toml").write_text(TIMEOUTS.replace("= 12", "= 13"), encoding="utf-8")
    stale = CliRunner().invoke(main, ["build", "--check"])
    assert stale.exit_code == 1 and "is out of date" in stale.stderr


@pytest.mark.parametrize("value", ["0", "-1", "inf", "nan", "true", '"30"'])
def test_a_timeout_that_is_not_a_finite_positive_number_is_refused(
    tmp_path: Path, value: str
) -> None:
    """What the module's SERVERS could not hold (JSON has no infinity) or connect() refuses."""
    path = tmp_path / "pyproject.toml"
    path.write_text(f"[tool.mcp2openai.servers.a]\ncommand = 'x'\ntimeout = {value}\n")
    with pytest.raises(ConfigError) as caught:
        load_project(path)
    assert caught.value.key == "tool.mcp2openai.servers.a.timeout"
    assert caught.value.reason.startswith("must be a positive number of seconds, not ")


def test_the_input_hash_covers_the_recipe() -> None:
    """`build --check` must see a changed command: the recipe is part of the input."""
    hashes = {
        input_hash([ServerTools(ServerSpec("s", Path("s.json"), recipe=recipe), ())], AUTO)
        for recipe in (None, {"command": "a"}, {"command": "b"})
    }
    assert len(hashes) == 3


def test_a_server_without_tools_in_the_toolset_has_no_recipe_entry(tmp_path: Path) -> None:
    snapshot = tmp_path / "s.json"
    snapshot.write_text(json.dumps({"tools": []}), encoding="utf-8")
    other = tmp_path / "t.json"
    shutil.copy(SNAPSHOTS / "time.json", other)
    built = build(
        [
            ServerSpec("empty", snapshot, recipe={"command": "x"}),
            ServerSpec("time", other, recipe={"command": "mcp-server-time"}),
        ],
        AUTO,
    )
    assert built.model.recipes == (("time", {"command": "mcp-server-time"}),)
    assert '"time":{"recipe":{"command":"mcp-server-time"}' in built.source
    assert '"empty":' not in built.source
