"""Several toolsets in one config (`[tool.mcp2openai.toolsets.<name>]`), each case a real
`mcp2openai` process: fetch records each server once, build and build --check handle every
toolset, --toolset picks some, the modules import together and share one runtime; the same with
an mcpServers file; and the mistakes a user can make, one line each."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from live_support import fixture_server, run_cli

COMMAND = fixture_server("raw_server.py", "paginated")
RECIPE = f"command = {json.dumps(COMMAND[0])}\nargs = {json.dumps(COMMAND[1:])}\n"
TOOLSETS = (
    "[tool.mcp2openai.toolsets.research]\n"
    'out = "app/tools/research.py"\n'
    'servers = ["web", "shared"]\n\n'
    "[tool.mcp2openai.toolsets.ops]\n"
    'out = "app/tools/ops.py"\n'
    'servers = ["shared", "git"]\n'
    'strict = "false"\n'
)
FETCHED = re.compile(r"mcp2openai: (\w+): 3 tools in [\d.]+s \(raw-fixture 0\.0\.1, .*\): (.+)")


def project(directory: Path, *, mcp_config: bool = False) -> None:
    """Three servers (the paginated fixture under three names), two toolsets sharing one."""
    if mcp_config:
        entry = {"command": COMMAND[0], "args": COMMAND[1:]}
        servers = {"web": entry, "shared": entry, "git": entry, "unused": {"command": 5}}
        (directory / "mcp.json").write_text(json.dumps({"mcpServers": servers}))
        head = '[tool.mcp2openai]\nmcp_config = "mcp.json"\n\n'
    else:
        head = "".join(
            f"[tool.mcp2openai.servers.{n}]\n{RECIPE}\n" for n in ("web", "shared", "git")
        )
    (directory / "pyproject.toml").write_text(head + TOOLSETS, encoding="utf-8")
    (directory / "app" / "tools").mkdir(parents=True)
    (directory / "app" / "__init__.py").write_text("")
    (directory / "app" / "tools" / "__init__.py").write_text("")


def import_both(directory: Path) -> dict[str, object]:
    """Both modules imported in one fresh interpreter: their names, and the runtime each uses."""
    code = (
        "import json, sys\n"
        "from app.tools import ops, research\n"
        "runtimes = sorted(m for m in sys.modules if m.endswith('_mcp2openai'))\n"
        "print(json.dumps({'research': list(research.NAMES), 'ops': list(ops.NAMES),"
        " 'strict': [d['strict'] for d in ops.tools('responses')], 'runtimes': runtimes,"
        " 'same': research._runtime is ops._runtime and research.ToolCall is ops.ToolCall}))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=directory, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    result: dict[str, object] = json.loads(run.stdout)
    return result


@pytest.mark.e2e  # fetches from fixture servers (CONTRIBUTING.md, "Tiers")
@pytest.mark.parametrize("mcp_config", [False, True], ids=["servers", "mcp_config"])
def test_two_toolsets_over_three_servers_one_shared(tmp_path: Path, mcp_config: bool) -> None:
    project(tmp_path, mcp_config=mcp_config)
    fetched = run_cli("fetch", cwd=tmp_path)
    assert fetched.returncode == 0, fetched.stderr
    lines = fetched.stderr.splitlines()
    found = [FETCHED.fullmatch(line) for line in lines[:-1]]
    assert [(m[1], m[2]) for m in found if m] == [
        (name, f"wrote mcp-snapshots/{name}.json") for name in ("web", "shared", "git")
    ]  # each server once, the shared one too; "unused" of the mcpServers file is not read
    assert lines[-1].startswith("mcp2openai: fetched 3 servers (9 tools)")

    built = run_cli("build", "-q", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    assert [line.split(" (")[0] for line in built.stderr.splitlines()] == [
        "mcp2openai: wrote the runtime app/tools/_mcp2openai/",  # once, by the first toolset
        "mcp2openai: wrote app/tools/research.py",
        "mcp2openai: wrote app/tools/ops.py",
    ]
    both = import_both(tmp_path)
    tools = ("alpha", "beta", "gamma")
    assert both["research"] == [f"{s}__{t}" for s in ("web", "shared") for t in tools]
    assert both["ops"] == [f"{s}__{t}" for s in ("shared", "git") for t in tools]
    assert both["strict"] == [False] * 6  # the toolset's own strict = "false"
    assert both["runtimes"] == ["app.tools._mcp2openai"] and both["same"] is True

    check = run_cli("build", "--check", cwd=tmp_path)
    assert check.returncode == 0, check.stderr
    assert [line.split(" (")[0] for line in check.stderr.splitlines()] == [
        "mcp2openai: app/tools/research.py is up to date",
        "mcp2openai: app/tools/ops.py is up to date",
    ]
    ops = tmp_path / "app" / "tools" / "ops.py"
    ops.write_text(ops.read_text() + "# edited\n")
    stale = run_cli("build", "--check", cwd=tmp_path)
    assert stale.returncode == 1
    assert stale.stderr.splitlines()[-1] == (
        "mcp2openai: app/tools/ops.py is out of date: rebuild it without --check"
    )
    assert "app/tools/research.py is up to date" in stale.stderr  # every toolset is checked

    research = tmp_path / "app" / "tools" / "research.py"
    before = research.stat().st_mtime_ns
    picked = run_cli("build", "--toolset", "ops", "-q", cwd=tmp_path)
    assert picked.returncode == 0, picked.stderr
    assert picked.stderr.splitlines() == [
        "mcp2openai: wrote app/tools/ops.py (6 tools: 0 strict, 0 fallbacks, 0 excluded)"
    ]
    assert research.stat().st_mtime_ns == before
    two = run_cli("build", "--check", "--toolset", "ops", "--toolset", "research", cwd=tmp_path)
    assert two.returncode == 0 and two.stderr.count("is up to date") == 2
    assert run_cli("fetch", "--check", cwd=tmp_path).returncode == 0


@pytest.mark.parametrize(
    ("change", "args", "line"),
    [
        (
            ('"shared", "git"', '"shared", "gitt"'),
            [],
            "pyproject.toml: tool.mcp2openai.toolsets.ops.servers[1]: no server named gitt"
            ' (did you mean "git"?); known: web, shared, git',
        ),
        (
            ('out = "app/tools/ops.py"', 'out = "app/tools/json.py"'),
            [],
            "pyproject.toml: tool.mcp2openai.toolsets.ops.out: 'json.py' would shadow the"
            " standard library's 'json' module: choose another name",
        ),
        (
            ('strict = "false"', 'strict = "false"\nservres = ["web"]'),
            [],
            "pyproject.toml: tool.mcp2openai.toolsets.ops.servres: unknown key: did you mean"
            ' "servers"? (known: out, rewrites, servers, strict, target)',
        ),
        (
            ('out = "app/tools/ops.py"', 'out = "app/tools/research.py"'),
            [],
            "pyproject.toml: tool.mcp2openai.toolsets.ops.out: is the out of toolset research"
            " too",
        ),
        (
            (
                "[tool.mcp2openai.toolsets.research]",
                '[tool.mcp2openai]\nout = "x.py"\n' "[tool.mcp2openai.toolsets.research]",
            ),
            [],
            "pyproject.toml: tool.mcp2openai.out: does not go with toolsets: each has its out",
        ),
        (
            None,
            ["--toolset", "nope"],
            "pyproject.toml: no toolset named nope (known: research, ops)",
        ),
        (
            None,
            ["--toolset", "reserch"],
            'pyproject.toml: no toolset named reserch: did you mean "research"? (known:'
            " research, ops)",
        ),
        (
            None,
            ["--out", "app/tools/x.py"],
            "--out does not go with toolsets: each has its out in pyproject.toml",
        ),
    ],
)
def test_toolset_mistakes_are_one_line_and_exit_2(
    tmp_path: Path, change: tuple[str, str] | None, args: list[str], line: str
) -> None:
    project(tmp_path)
    pyproject = tmp_path / "pyproject.toml"
    if change is not None:
        text = pyproject.read_text()
        assert change[0] in text
        pyproject.write_text(text.replace(change[0], change[1], 1))
    result = run_cli("build", *args, cwd=tmp_path)
    assert (result.returncode, result.stderr) == (2, f"mcp2openai: error: {line}\n")
    assert sorted(p.name for p in (tmp_path / "app" / "tools").iterdir()) == ["__init__.py"]


def test_toolset_needs_toolsets_in_the_config(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        f'[tool.mcp2openai]\nout = "t.py"\n[tool.mcp2openai.servers.web]\n{RECIPE}'
    )
    result = run_cli("build", "--toolset", "web", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (
        2,
        "mcp2openai: error: pyproject.toml: tool.mcp2openai.toolsets: not set: --toolset picks"
        " one of them\n",
    )
