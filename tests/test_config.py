"""Project config ([tool.mcp2openai]), mcpServers files, and how fetch/build arguments combine."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from buildutil import import_path
from click.testing import CliRunner
from mcp2openai.cli import main
from mcp2openai.config import ConfigError, load_mcp_servers, load_project
from mcp2openai.options import StrictMode
from mcp2openai.plan import BuildArgs, FetchArgs, UsageError, plan_build, plan_fetch
from mcp2openai.servers import ExpansionError, Http, Stdio, expand, expand_text

REPO = Path(__file__).resolve().parent.parent
SNAPSHOTS = REPO / "generated" / "snapshots"

PYPROJECT = """\
[project]
name = "app"

[tool.mcp2openai]
out = "app/mcp_tools.py"
strict = true
timeout = 5

[tool.mcp2openai.servers.time]
command = "mcp-server-time"
args = ["--local-timezone", "Etc/UTC"]
env = { TZ = "UTC" }
prefix = "clock_"
include = ["get_*"]

[tool.mcp2openai.servers.docs]
url = "https://docs.example.com/mcp"
headers = { Authorization = "Bearer ${DOCS_TOKEN}" }
snapshot = "vendor/docs.json"
exclude = ["delete_*", "drop_*"]
timeout = 7.5

[tool.mcp2openai.servers.offline]
snapshot = "vendor/offline.json"
"""


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_pyproject_table(tmp_path: Path) -> None:
    project = load_project(write(tmp_path / "pyproject.toml", PYPROJECT))
    assert project.out == tmp_path / "app/mcp_tools.py"
    assert project.strict == "true"
    assert project.timeout == 5.0
    assert [s.name for s in project.servers] == ["time", "docs", "offline"]  # written order
    time, docs, offline = project.servers
    assert time.transport == Stdio(
        "mcp-server-time", ("--local-timezone", "Etc/UTC"), {"TZ": "UTC"}, str(tmp_path)
    )
    assert time.snapshot == tmp_path / "mcp-snapshots" / "time.json"  # the default place
    assert (time.spec.prefix, time.spec.include, time.spec.exclude) == ("clock_", ("get_*",), ())
    assert docs.transport == Http(
        "https://docs.example.com/mcp", {"Authorization": "Bearer ${DOCS_TOKEN}"}
    )
    assert docs.snapshot == tmp_path / "vendor/docs.json"
    assert docs.spec.exclude == ("delete_*", "drop_*")
    assert offline.transport is None
    assert "timeout" not in time.spec.recipe  # the table's timeout is fetch's only
    assert docs.spec.recipe["timeout"] == 7.5  # the server's own: connect()'s too


@pytest.mark.parametrize(
    ("table", "key", "reason"),
    [
        ('[tool.mcp2openai]\nout = "m.py"\n', "tool.mcp2openai.servers", "no servers configured"),
        (
            "[tool.mcp2openai]\nstrict = 'maybe'\n[tool.mcp2openai.servers.a]\ncommand='x'\n",
            "tool.mcp2openai.strict",
            'must be "auto", "true" or "false"',
        ),
        (
            "[tool.mcp2openai]\nrewrites = 'maybe'\n[tool.mcp2openai.servers.a]\ncommand='x'\n",
            "tool.mcp2openai.rewrites",
            'must be "on" or "off"',
        ),
        (
            "[tool.mcp2openai]\ntarget = 'azure'\n[tool.mcp2openai.servers.a]\ncommand='x'\n",
            "tool.mcp2openai.target",
            'must be "openai" or "compatible"',
        ),
        (
            "[tool.mcp2openai]\ntimeout = -1\n[tool.mcp2openai.servers.a]\ncommand='x'\n",
            "tool.mcp2openai.timeout",
            "must be a positive number",
        ),
        (
            "[tool.mcp2openai]\nouts = 'm.py'\n[tool.mcp2openai.servers.a]\ncommand='x'\n",
            "tool.mcp2openai.outs",
            "unknown key",
        ),
        (
            "[tool.mcp2openai.servers.a]\ncommand = 'x'\nargs = 'not a list'\n",
            "tool.mcp2openai.servers.a.args",
            "must be a list of strings",
        ),
        (
            "[tool.mcp2openai.servers.a]\ncommand = 'x'\nargs = ['ok', 3]\n",
            "tool.mcp2openai.servers.a.args[1]",
            "must be a string, not a number",
        ),
        (
            "[tool.mcp2openai.servers.a]\ncommand = 'x'\nurl = 'http://h/mcp'\n",
            "tool.mcp2openai.servers.a",
            "not both",
        ),
        (
            "[tool.mcp2openai.servers.a]\nurl = 'ftp://h/mcp'\n",
            "tool.mcp2openai.servers.a.url",
            "is not an http(s) URL",
        ),
        (
            "[tool.mcp2openai.servers.a]\ncommand = 'x'\nheaders = {A = 'b'}\n",
            "tool.mcp2openai.servers.a.headers",
            "does not go with command",
        ),
        (
            "[tool.mcp2openai.servers.a]\ncommand = 'x'\nincldue = ['*']\n",
            "tool.mcp2openai.servers.a.incldue",
            "unknown key",
        ),
        (
            '[tool.mcp2openai.servers."my server"]\ncommand = "x"\n',
            'tool.mcp2openai.servers."my server"',
            "server name must match",
        ),
        (
            "[tool.mcp2openai.servers.a]\nenv = {A = 'b'}\n",
            "tool.mcp2openai.servers.a.env",
            'needs "command" or "url"',
        ),
    ],
)
def test_pyproject_errors_name_file_and_key(
    tmp_path: Path, table: str, key: str, reason: str
) -> None:
    path = write(tmp_path / "pyproject.toml", table)
    with pytest.raises(ConfigError) as caught:
        load_project(path)
    assert caught.value.key == key
    assert reason in caught.value.reason
    assert str(caught.value).startswith(f"{path}: {key}: ")
    assert "\n" not in str(caught.value)


def test_pyproject_without_table_or_not_toml(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"no \[tool.mcp2openai\] table"):
        load_project(write(tmp_path / "a" / "pyproject.toml", "[project]\nname = 'x'\n"))
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_project(write(tmp_path / "b" / "pyproject.toml", "[tool.mcp2openai\n"))


CLAUDE_DESKTOP = {
    "mcpServers": {
        "filesystem": {
            "command": "npx",
            "args": ["-y", "@modelcontextprotocol/server-filesystem", "/Users/me/Desktop"],
        },
        "github": {
            "command": "docker",
            "args": ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server"],
            "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_TOKEN}"},
            "autoApprove": ["search_code"],
        },
        "remote": {"url": "https://mcp.example.com/mcp", "headers": {"X-Key": "k"}},
        "typed": {"type": "http", "url": "https://typed.example.com/mcp"},
        "off": {"command": "never-run", "disabled": True},
    }
}


def test_mcp_config_and_servers_of_the_project_mix(tmp_path: Path) -> None:
    """A table named after a server of the file sets its options; any other is the project's
    own server, as without mcp_config."""
    write(tmp_path / ".cursor/mcp.json", json.dumps(CLAUDE_DESKTOP))
    head = '[tool.mcp2openai]\nmcp_config = ".cursor/mcp.json"\nsnapshots = "mcp"\n'
    own = (
        '[tool.mcp2openai.servers.time]\ncommand = "mcp-server-time"\n'
        '[tool.mcp2openai.servers.legacy]\nsnapshot = "vendor/legacy.json"\n'
    )
    pyproject = write(tmp_path / "pyproject.toml", head + own)
    project = load_project(pyproject)  # no table picks a server of the file: all of them
    assert [s.name for s in project.servers] == [
        *("filesystem", "github", "remote", "typed"),
        *("time", "legacy"),
    ]
    time, legacy = project.servers[-2:]
    assert time.transport == Stdio("mcp-server-time", (), {}, str(tmp_path))
    assert time.spec.recipe == {"command": "mcp-server-time"}
    assert time.snapshot == tmp_path / "mcp" / "time.json"
    assert (legacy.transport, legacy.snapshot) == (None, tmp_path / "vendor/legacy.json")
    assert project.servers[1].file == str(tmp_path / ".cursor/mcp.json")  # reached as it says
    write(pyproject, head + own + '[tool.mcp2openai.servers.github]\nprefix = "gh_"\n')
    project = load_project(pyproject)  # a pick: only it of the file, in the tables' order
    assert [s.name for s in project.servers] == ["time", "legacy", "github"]
    assert project.servers[2].spec.prefix == "gh_"
    # of the file, only the servers asked for are read (the plan then selects among all)
    assert [s.name for s in load_project(pyproject, ("legacy", "github")).servers] == [
        "github",
        "time",
        "legacy",
    ]
    with pytest.raises(ConfigError, match=r"no server named filesystem \(known: github, time"):
        load_project(pyproject, ("filesystem",))
    write(pyproject, head + '[tool.mcp2openai.servers.githb]\nprefix = "gh_"\n')  # a typo
    with pytest.raises(ConfigError) as caught:
        load_project(pyproject)
    assert str(caught.value) == (
        f"{pyproject}: tool.mcp2openai.servers.githb: names no server of"
        f" {tmp_path / '.cursor/mcp.json'} (its servers: filesystem, github, off, remote,"
        ' typed) and gives no "command", "url" or "snapshot" of its own'
    )
    write(pyproject, head + '[tool.mcp2openai.servers.github]\ncommand = "gh"\n')
    with pytest.raises(ConfigError, match="unknown key for a server of the mcp_config file"):
        load_project(pyproject)  # a server of the file is described by the file


def test_mcp_servers_file(tmp_path: Path) -> None:
    path = write(tmp_path / "claude_desktop_config.json", json.dumps(CLAUDE_DESKTOP))
    servers = load_mcp_servers(path, tmp_path / "snaps")
    assert [s.name for s in servers] == ["filesystem", "github", "remote", "typed"]
    assert servers[0].transport == Stdio(
        "npx", ("-y", "@modelcontextprotocol/server-filesystem", "/Users/me/Desktop")
    )
    assert servers[0].snapshot == tmp_path / "snaps" / "filesystem.json"
    assert servers[1].transport == Stdio(
        "docker",
        ("run", "-i", "--rm", "ghcr.io/github/github-mcp-server"),
        {"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_TOKEN}"},
    )
    assert servers[2].transport == Http("https://mcp.example.com/mcp", {"X-Key": "k"})
    assert servers[3].transport == Http("https://typed.example.com/mcp")


def test_vscode_mcp_json_with_comments(tmp_path: Path) -> None:
    text = """{
      // .vscode/mcp.json
      "inputs": [],
      "servers": {
        "time": {"type": "stdio", "command": "uvx", "args": ["mcp-server-time"],},
        /* a remote one */
        "web": {"type": "http", "url": "https://x.example/mcp?a=1//b"},
      },
    }"""
    servers = load_mcp_servers(write(tmp_path / "mcp.json", text), tmp_path)
    assert [s.transport for s in servers] == [
        Stdio("uvx", ("mcp-server-time",)),
        Http("https://x.example/mcp?a=1//b"),
    ]


@pytest.mark.parametrize(
    ("document", "key", "reason"),
    [
        ({"servers": []}, "servers", "must be an object"),
        ({"other": {}}, None, 'no "mcpServers"'),
        ({"mcpServers": {"a": {"args": ["x"]}}}, "mcpServers.a.args", 'needs "command" or "url"'),
        ({"mcpServers": {"a": {}}}, "mcpServers.a", 'needs "command" (stdio) or "url"'),
        (
            {"mcpServers": {"a": {"type": "sse", "url": "http://h/sse"}}},
            "mcpServers.a.type",
            "not supported",
        ),
        ({"mcpServers": {"a/b": {"command": "x"}}}, 'mcpServers."a/b"', "must match"),
        ({"mcpServers": {"a": {"command": "x", "env": {"K": 1}}}}, "mcpServers.a.env.K", "string"),
    ],
)
def test_mcp_servers_errors(tmp_path: Path, document: object, key: str | None, reason: str) -> None:
    path = write(tmp_path / "mcp.json", json.dumps(document))
    with pytest.raises(ConfigError) as caught:
        load_mcp_servers(path, tmp_path)
    assert caught.value.key == key
    assert reason in caught.value.reason


def test_mcp_servers_not_json(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not valid JSON"):
        load_mcp_servers(write(tmp_path / "mcp.json", "{nope"), tmp_path)


def test_variables_are_expanded_when_fetching() -> None:
    env = {"TOKEN": "t0k", "EMPTY": ""}
    assert expand_text("Bearer ${TOKEN}", "k", env) == "Bearer t0k"
    assert expand_text("${env:TOKEN}/${MISSING:-dflt}/${EMPTY:-e}", "k", env) == "t0k/dflt/e"
    assert expand_text("no variables $HOME", "k", env) == "no variables $HOME"
    with pytest.raises(ExpansionError) as caught:
        expand(Http("https://h/mcp", {"Authorization": "Bearer ${NOPE}"}), env)
    assert str(caught.value) == "headers.Authorization: environment variable NOPE is not set"
    with pytest.raises(ExpansionError, match=r"args\[0\]: cannot expand \$\{input:key\}"):
        expand(Stdio("x", ("${input:key}",)), env)
    assert expand(Stdio("${TOKEN}", ("a${TOKEN}",), {"K": "${TOKEN}"}, None), env) == Stdio(
        "t0k", ("at0k",), {"K": "t0k"}, None
    )


# --- how arguments combine -------------------------------------------------------------------


def test_fetch_plan_explicit_forms(tmp_path: Path) -> None:
    plan = plan_fetch(
        FetchArgs(
            names=("t",), command=("srv", "--flag"), out=tmp_path / "t.json", env=("A=1", "B=x=y")
        ),
        tmp_path,
    )
    (target,) = plan.targets
    assert target.transport == Stdio("srv", ("--flag",), {"A": "1", "B": "x=y"})
    assert (target.name, target.snapshot, plan.timeout) == ("t", tmp_path / "t.json", 60.0)
    assert not target.expand  # the shell has expanded what it should
    plan = plan_fetch(
        FetchArgs(
            names=("h",),
            url="http://127.0.0.1:1/mcp",
            out=tmp_path / "h.json",
            headers=("Authorization: Bearer a:b",),
            timeout=3,
        ),
        tmp_path,
    )
    assert plan.targets[0].transport == Http(
        "http://127.0.0.1:1/mcp", {"Authorization": "Bearer a:b"}
    )
    assert plan.timeout == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (FetchArgs(names=("a", "b"), command=("srv",), out=Path("o.json")), "give one NAME"),
        (FetchArgs(names=("a",), command=("srv",)), "--out SNAPSHOT.json is needed"),
        (FetchArgs(names=("a",), command=("srv",), out=Path("o"), url="http://h/mcp"), "not both"),
        (
            FetchArgs(names=("a",), command=("srv",), out=Path("o"), headers=("A:b",)),
            "--header goes with --url",
        ),
        (
            FetchArgs(names=("a",), command=(), out=Path("o"), url="http://h", env=("A=b",)),
            "--env goes with",
        ),
        (FetchArgs(names=("a",), command=(), out=Path("o"), url="h/mcp"), "not an http(s) URL"),
        (
            FetchArgs(names=("a",), command=("srv",), out=Path("o"), env=("novalue",)),
            "expected KEY=VALUE",
        ),
        (FetchArgs(names=("1a",), command=("srv",), out=Path("o")), "server name '1a' must match"),
        (
            FetchArgs(names=("a",), command=(), out=Path("o"), url="http://h", headers=("A",)),
            "expected KEY:VALUE",
        ),
        (FetchArgs(env=("A=b",)), "--env goes with a command"),
    ],
)
def test_fetch_plan_usage_errors(tmp_path: Path, args: FetchArgs, message: str) -> None:
    with pytest.raises(UsageError, match=message.replace("(", r"\(").replace(")", r"\)")):
        plan_fetch(args, tmp_path)


def test_fetch_plan_from_pyproject(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", PYPROJECT)
    below = tmp_path / "src" / "pkg"
    below.mkdir(parents=True)
    plan = plan_fetch(FetchArgs(), below)  # found by walking up
    assert [t.name for t in plan.targets] == ["time", "docs"]
    assert plan.skipped == ("offline",)
    assert plan.timeout == 5.0
    assert plan.targets[1].origin == f"{tmp_path / 'pyproject.toml'}: tool.mcp2openai.servers.docs"
    assert plan.targets[1].expand
    assert [t.timeout for t in plan.targets] == [None, 7.5]  # the table's 5, and docs' own
    plan = plan_fetch(FetchArgs(names=("docs",), out=tmp_path / "elsewhere.json", timeout=9), below)
    assert [(t.name, t.snapshot) for t in plan.targets] == [("docs", tmp_path / "elsewhere.json")]
    assert (plan.timeout, plan.targets[0].timeout) == (9, None)  # --timeout wins
    with pytest.raises(ConfigError, match="no server named nope"):
        plan_fetch(FetchArgs(names=("nope",)), below)
    typo = 'no server named tiem: did you mean "time"\\? \\(known: time, docs, offline\\)'
    with pytest.raises(ConfigError, match=typo):
        plan_fetch(FetchArgs(names=("tiem",)), below)
    with pytest.raises(ConfigError, match='has no "command" or "url"'):
        plan_fetch(FetchArgs(names=("offline",)), below)
    with pytest.raises(UsageError, match="--out needs exactly one server"):
        plan_fetch(FetchArgs(out=tmp_path / "x.json"), below)


def test_no_config_anywhere(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"no pyproject\.toml here or above"):
        plan_fetch(FetchArgs(), Path("/"))
    with pytest.raises(UsageError, match="mcp2openai build --server"):
        plan_build(BuildArgs(), Path("/"))


def test_build_plan_from_pyproject(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", PYPROJECT)
    with pytest.raises(
        UsageError,
        match=r"^mcp-snapshots/time\.json: the snapshot of server time does not exist:"
        r" run `mcp2openai fetch time` to create it$",
    ):
        plan_build(BuildArgs(), tmp_path)
    for name, snapshot in [("time", "mcp-snapshots/time.json"), ("docs", "vendor/docs.json")]:
        write(
            tmp_path / snapshot,
            (SNAPSHOTS / f"{name if name == 'time' else 'fetch'}.json").read_text(),
        )
    write(tmp_path / "vendor/offline.json", (SNAPSHOTS / "git.json").read_text())
    plan = plan_build(BuildArgs(), tmp_path)
    assert plan.out == tmp_path / "app/mcp_tools.py"
    assert plan.mode == "true"
    assert [(s.name, s.prefix, s.include, s.exclude) for s in plan.servers] == [
        ("time", "clock_", ("get_*",), ()),
        ("docs", None, (), ("delete_*", "drop_*")),
        ("offline", None, (), ()),
    ]
    assert (plan.rewrites, plan.target) == (True, "openai")  # the defaults
    plan = plan_build(BuildArgs(out=tmp_path / "o.py", mode=StrictMode.FALSE), tmp_path)
    assert (plan.out, plan.mode) == (tmp_path / "o.py", "false")
    text = PYPROJECT.replace(
        "strict = true\n", 'strict = true\nrewrites = false\ntarget = "compatible"\n'
    )
    write(tmp_path / "pyproject.toml", text)
    plan = plan_build(BuildArgs(), tmp_path)
    assert (plan.rewrites, plan.target) == (False, "compatible")
    plan = plan_build(BuildArgs(rewrites=True, target="openai"), tmp_path)  # the options win
    assert (plan.rewrites, plan.target) == (True, "openai")
    write(tmp_path / "pyproject.toml", PYPROJECT)
    with pytest.raises(UsageError, match=r"in pyproject\.toml set them per server"):
        plan_build(BuildArgs(prefixes=("time=x",)), tmp_path)


def test_build_plan_explicit_and_mcp_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # relative snapshot paths are relative to it
    for name in ("a", "b", *(f"s/{server}" for server in CLAUDE_DESKTOP["mcpServers"])):
        write(tmp_path / f"{name}.json", '{"tools": []}')
    plan = plan_build(
        BuildArgs(
            servers=("a=a.json", "b=b.json"),
            out=Path("m.py"),
            prefixes=("a=",),
            excludes=("b=x*",),
        ),
        tmp_path,
    )
    assert [(s.name, s.snapshot, s.prefix, s.exclude) for s in plan.servers] == [
        ("a", Path("a.json"), "", ()),
        ("b", Path("b.json"), None, ("x*",)),
    ]
    assert (plan.mode, plan.rewrites, plan.target) == ("auto", True, "openai")
    plan = plan_build(BuildArgs(servers=("a=a.json",), out=Path("m.py"), rewrites=False), tmp_path)
    assert plan.rewrites is False
    path = write(tmp_path / "mcp.json", json.dumps(CLAUDE_DESKTOP))
    plan = plan_build(
        BuildArgs(out=Path("m.py"), mcp_config=path, snapshots=tmp_path / "s"), tmp_path
    )
    assert [(s.name, s.snapshot) for s in plan.servers][:2] == [
        ("filesystem", tmp_path / "s" / "filesystem.json"),
        ("github", tmp_path / "s" / "github.json"),
    ]
    for args, message in [
        (BuildArgs(servers=("a=a.json",)), "--out is needed"),
        (BuildArgs(servers=("a=a.json",), out=Path("m.py"), mcp_config=path), "not both"),
        (
            BuildArgs(servers=("a=a.json",), out=Path("m.py"), prefixes=("z=p",)),
            "name no server: z",
        ),
        (BuildArgs(servers=("a",), out=Path("m.py")), "expected NAME=VALUE"),
    ]:
        with pytest.raises(UsageError, match=message):
            plan_build(args, tmp_path)


# --- the command line, in process -----------------------------------------------------------


def test_build_with_no_arguments_uses_pyproject(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(
        tmp_path / "pyproject.toml",
        '[tool.mcp2openai]\nout = "adapter.py"\n\n'
        '[tool.mcp2openai.servers.time]\ncommand = "mcp-server-time"\n',
    )
    (tmp_path / "mcp-snapshots").mkdir()
    shutil.copy(SNAPSHOTS / "time.json", tmp_path / "mcp-snapshots" / "time.json")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["build"])
    assert result.exit_code == 0, result.output
    assert "wrote" in result.stderr
    explicit = runner.invoke(
        main, ["build", "--server", "time=mcp-snapshots/time.json", "--out", "explicit.py"]
    )
    assert explicit.exit_code == 0, explicit.output
    from_config, bare = import_path(tmp_path / "adapter.py"), import_path(tmp_path / "explicit.py")
    assert from_config.tools("responses") == bare.tools("responses")
    # the one difference: the config says how to start the server (the module's SERVERS)
    assert from_config.SERVERS == {"time": {"command": "mcp-server-time"}}
    assert bare.SERVERS == {"time": None}
    check = runner.invoke(main, ["build", "--check"])
    assert check.exit_code == 0, check.output
    assert "is up to date" in check.stderr


def test_config_errors_exit_2_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path / "pyproject.toml", "[tool.mcp2openai.servers.a]\ncommand = 5\n")
    monkeypatch.chdir(tmp_path)
    for command in (["build"], ["fetch"]):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 2
        assert result.stderr == (  # found, not typed: relative to the current directory
            "mcp2openai: error: pyproject.toml: tool.mcp2openai.servers.a.command:"
            " must be a string, not a number\n"
        )


def test_a_config_is_named_as_typed_or_absolute_when_found_above(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path / "pyproject.toml", "[tool.mcp2openai.servers.a]\ncommand = 5\n")
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    found = CliRunner().invoke(main, ["build"])
    assert found.stderr.startswith(f"mcp2openai: error: {path}: tool.mcp2openai."), found.stderr
    monkeypatch.chdir(tmp_path)
    for typed in (str(path), "pyproject.toml"):
        result = CliRunner().invoke(main, ["build", "--config", typed])
        assert result.stderr.startswith(f"mcp2openai: error: {typed}: tool."), result.stderr


def test_fetch_usage_errors_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["fetch", "a", "b", "--out", "x.json", "--", "srv"])
    assert result.exit_code == 2
    assert result.stderr == "mcp2openai: error: give one NAME before -- COMMAND or --url\n"
    result = runner.invoke(main, ["fetch", "--mcp-config", "missing.json"])
    assert result.exit_code == 2
    assert result.stderr.startswith("mcp2openai: error: missing.json: cannot read")
