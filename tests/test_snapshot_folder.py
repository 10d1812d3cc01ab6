"""Where snapshots go when nothing names the folder: `mcp-snapshots/`, a name no import can pick
up in place of a package (a README folder named `mcp/` was imported in place of the `mcp` SDK);
`snapshots/`, the default before 0.4, where a project has only that one, with one note; and
any folder a config names, `mcp` too, exactly as before. `fetch` and `build` agree on it.

The CLI runs as a user runs it (a child process, tests/live_support.py `run_cli`) against a
fixture server of tests/fixtures/servers; no network."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from buildutil import SNAPSHOTS, import_path
from live_support import fixture_server, run_cli
from mcp2openai.config import DEFAULT_SNAPSHOTS, default_snapshots, load_project
from mcp2openai.plan import BuildArgs, FetchArgs, plan_build, plan_fetch

# The note, word for word: what it says and how to silence it.
NOTE = (
    "mcp2openai: note: using snapshots/, the default snapshot folder before mcp2openai 0.4"
    " (now mcp-snapshots/, a name that cannot shadow a Python package): rename it to"
    ' mcp-snapshots/, or set snapshots = "snapshots" in [tool.mcp2openai], to silence this note'
)
MCP_CONFIG_NOTE = NOTE.replace(
    'set snapshots = "snapshots" in [tool.mcp2openai]', "pass --snapshots snapshots"
)
pytestmark = pytest.mark.e2e  # starts MCP servers (CONTRIBUTING.md, "Tiers")
RAW = fixture_server("raw_server.py", "paginated")  # three tools, no SDK, starts in a blink


def project(directory: Path, head: str = "") -> Path:
    """A project whose config names the fixture server `raw` (and `head` at the table's top)."""
    (directory / "pyproject.toml").write_text(
        f'[tool.mcp2openai]\nout = "raw_tools.py"\n{head}\n'
        "[tool.mcp2openai.servers.raw]\n"
        f"command = {json.dumps(RAW[0])}\nargs = {json.dumps(RAW[1:])}\n",
        encoding="utf-8",
    )
    return directory


def notes(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("mcp2openai: note:")]


def fetched_and_built(directory: Path, *args: str) -> tuple[str, str]:
    """`fetch` then `build` (with `args`, and `--out t.py` when they name an mcpServers
    file) in `directory`: both must work; their stderr."""
    fetched = run_cli("fetch", *args, cwd=directory, timeout=120)
    assert fetched.returncode == 0, fetched.stderr
    out = ("--out", "t.py") if "--mcp-config" in args else ()
    built = run_cli("build", *args, *out, cwd=directory, timeout=120)
    assert built.returncode == 0, built.stderr
    return fetched.stderr, built.stderr


def test_the_default_folder_cannot_shadow_a_package() -> None:
    assert DEFAULT_SNAPSHOTS == "mcp-snapshots"
    assert not DEFAULT_SNAPSHOTS.isidentifier()  # `import mcp-snapshots` is not Python


def test_fetch_in_a_new_project_writes_mcp_snapshots(tmp_path: Path) -> None:
    fetched, built = fetched_and_built(project(tmp_path))
    assert fetched.splitlines()[0].endswith(": wrote mcp-snapshots/raw.json"), fetched
    assert json.loads((tmp_path / "mcp-snapshots" / "raw.json").read_text())["tools"]
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_dir()) == [
        "_mcp2openai",
        "mcp-snapshots",
    ]
    assert notes(fetched) == notes(built) == []
    module = import_path(tmp_path / "raw_tools.py")
    assert list(module.NAMES) == ["raw__alpha", "raw__beta", "raw__gamma"]


def test_fetch_of_an_mcp_servers_file_in_a_new_directory_writes_mcp_snapshots(
    tmp_path: Path,
) -> None:
    config = {"mcpServers": {"raw": {"command": RAW[0], "args": RAW[1:]}}}
    (tmp_path / "mcp.json").write_text(json.dumps(config), encoding="utf-8")
    fetched, built = fetched_and_built(tmp_path, "--mcp-config", "mcp.json")
    assert (tmp_path / "mcp-snapshots" / "raw.json").is_file()
    assert not (tmp_path / "snapshots").exists()
    assert notes(fetched) == notes(built) == []


def test_a_project_of_the_old_default_keeps_snapshots_with_one_note(tmp_path: Path) -> None:
    """No `snapshots` key, no mcp-snapshots/, a snapshots/: fetch and build both use it and
    each says so once; renaming the folder, or naming it, silences the note."""
    (project(tmp_path) / "snapshots").mkdir()
    fetched, built = fetched_and_built(tmp_path)
    assert fetched.splitlines()[0] == NOTE
    assert fetched.splitlines()[1].endswith(": wrote snapshots/raw.json")
    assert notes(fetched) == notes(built) == [NOTE]
    assert not (tmp_path / "mcp-snapshots").exists()
    assert run_cli("build", "--check", cwd=tmp_path).stderr.splitlines() == [
        NOTE,
        "mcp2openai: raw_tools.py is up to date (3 tools: 3 strict, 0 fallbacks, 0 excluded)",
    ]
    assert notes(run_cli("build", "-q", cwd=tmp_path).stderr) == []  # -q: errors and the result
    (tmp_path / "snapshots").rename(tmp_path / "mcp-snapshots")
    renamed = run_cli("build", "--check", cwd=tmp_path)
    assert (renamed.returncode, notes(renamed.stderr)) == (0, [])
    (tmp_path / "mcp-snapshots").rename(tmp_path / "snapshots")
    project(tmp_path, 'snapshots = "snapshots"')
    named = run_cli("build", "--check", cwd=tmp_path)
    assert (named.returncode, notes(named.stderr)) == (0, [])


def test_an_mcp_servers_file_of_the_old_default_keeps_snapshots_with_one_note(
    tmp_path: Path,
) -> None:
    config = {"mcpServers": {"raw": {"command": RAW[0], "args": RAW[1:]}}}
    (tmp_path / "mcp.json").write_text(json.dumps(config), encoding="utf-8")
    (tmp_path / "snapshots").mkdir()
    fetched, built = fetched_and_built(tmp_path, "--mcp-config", "mcp.json")
    assert (tmp_path / "snapshots" / "raw.json").is_file()
    assert notes(fetched) == notes(built) == [MCP_CONFIG_NOTE]
    explicit = run_cli(
        "build",
        "--mcp-config",
        "mcp.json",
        "--snapshots",
        "snapshots",
        "--out",
        "t.py",
        "--check",
        cwd=tmp_path,
    )
    assert (explicit.returncode, notes(explicit.stderr)) == (0, [])


@pytest.mark.parametrize("folder", ["mcp", "snapshots", "vendor/tools"])
def test_a_folder_the_config_names_is_used_as_before(tmp_path: Path, folder: str) -> None:
    """Even `mcp`, and even with both default folders beside it: no note."""
    project(tmp_path, f"snapshots = {json.dumps(folder)}")
    (tmp_path / "snapshots").mkdir()
    (tmp_path / "mcp-snapshots").mkdir()
    fetched, built = fetched_and_built(tmp_path)
    assert fetched.splitlines()[0].endswith(f": wrote {folder}/raw.json")
    assert (tmp_path / folder / "raw.json").is_file()
    assert list((tmp_path / "mcp-snapshots").iterdir()) == []
    assert notes(fetched) == notes(built) == []


# --- the rule, in process -------------------------------------------------------------------


def test_the_old_folder_is_taken_only_when_it_alone_exists(tmp_path: Path) -> None:
    assert default_snapshots(tmp_path) == (tmp_path / "mcp-snapshots", False)  # a new project
    (tmp_path / "snapshots").write_text("a file, not a folder")
    assert default_snapshots(tmp_path) == (tmp_path / "mcp-snapshots", False)
    (tmp_path / "snapshots").unlink()
    (tmp_path / "snapshots").mkdir()
    assert default_snapshots(tmp_path) == (tmp_path / "snapshots", True)
    (tmp_path / "mcp-snapshots").mkdir()  # both: the new one
    assert default_snapshots(tmp_path) == (tmp_path / "mcp-snapshots", False)


def test_the_note_comes_only_when_a_snapshot_is_in_the_old_folder_by_default(
    tmp_path: Path,
) -> None:
    """A server with its own `snapshot`, or `fetch --out`, does not use the default folder."""
    (project(tmp_path) / "snapshots").mkdir()
    shutil.copy(SNAPSHOTS / "time.json", tmp_path / "snapshots" / "raw.json")
    assert load_project(tmp_path / "pyproject.toml").old_snapshots == tmp_path / "snapshots"
    assert plan_fetch(FetchArgs(), tmp_path).notes == (NOTE.removeprefix("mcp2openai: note: "),)
    assert plan_build(BuildArgs(), tmp_path).notes == plan_fetch(FetchArgs(), tmp_path).notes
    assert plan_fetch(FetchArgs(names=("raw",), out=tmp_path / "x.json"), tmp_path).notes == ()
    config = tmp_path / "pyproject.toml"
    config.write_text(config.read_text() + 'snapshot = "snapshots/raw.json"\n')  # its own
    assert plan_fetch(FetchArgs(), tmp_path).notes == ()
    assert plan_build(BuildArgs(), tmp_path).notes == ()
