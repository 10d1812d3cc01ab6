"""`mcp2openai build` as a new user meets it, each case a real `mcp2openai` process:
exit codes, the exact first line of each message, what is written (and what is not)."""

from __future__ import annotations

import difflib
import json
import os
import shutil
from pathlib import Path

import pytest
from buildutil import import_path, thawed
from live_support import run_cli
from mcp2openai import __version__ as VERSION
from mcp2openai.paths import module_file_problem

SNAPSHOTS = Path(__file__).resolve().parent.parent / "generated" / "snapshots"
OLD = 1_000_000_000  # an mtime long past: a rewrite would move it to now


def snapshot(directory: Path, name: str) -> Path:
    (directory / "mcp").mkdir(exist_ok=True)
    return Path(shutil.copy(SNAPSHOTS / f"{name}.json", directory / "mcp" / f"{name}.json"))


def error_line(result: object) -> str:
    stderr: str = result.stderr  # type: ignore[attr-defined]
    return stderr.splitlines()[0]


# --- --include that matches nothing -----------------------------------------------------------


def test_an_include_pattern_that_matches_nothing_is_exit_2(tmp_path: Path) -> None:
    snapshot(tmp_path, "time")
    args = ["build", "--server", "time=mcp/time.json", "--out", "tools.py"]
    result = run_cli(*args, "--include", "time=get_*", "--include", "time=gett_*", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        "mcp2openai: error: server time: include pattern 'gett_*' matches none of its 2 tools\n"
    )
    assert not (tmp_path / "tools.py").exists()
    (tmp_path / "pyproject.toml").write_text(
        '[tool.mcp2openai]\nout = "tools.py"\nsnapshots = "mcp"\n'
        '[tool.mcp2openai.servers.time]\ninclude = ["convert*", "now"]\n'
    )
    result = run_cli("build", cwd=tmp_path)
    assert result.returncode == 2
    assert error_line(result) == (
        "mcp2openai: error: server time: include pattern 'now' matches none of its 2 tools"
    )
    assert run_cli(*args, "--include", "time=get_*", cwd=tmp_path).returncode == 0


# --- missing snapshots ----------------------------------------------------------------------


def test_a_missing_snapshot_names_the_file_and_the_fetch_command(tmp_path: Path) -> None:
    result = run_cli("build", "--server", "time=mcp/time.json", "--out", "t.py", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        "mcp2openai: error: mcp/time.json: the snapshot of server time does not exist:"
        " run `mcp2openai fetch time --out mcp/time.json -- COMMAND [ARGS...]` to create it\n"
    )
    (tmp_path / "pyproject.toml").write_text(
        '[tool.mcp2openai]\nout = "app/tools.py"\nsnapshots = "mcp"\n'
        '[tool.mcp2openai.servers.time]\ncommand = "uvx"\nargs = ["mcp-server-time"]\n'
        '[tool.mcp2openai.servers.legacy]\nsnapshot = "vendor/legacy.json"\n'
    )
    (tmp_path / "app").mkdir()
    result = run_cli("build", cwd=tmp_path)
    assert result.returncode == 2
    assert error_line(result) == (
        "mcp2openai: error: mcp/time.json: the snapshot of server time does not exist:"
        " run `mcp2openai fetch time` to create it"
    )
    snapshot(tmp_path, "time")
    result = run_cli("build", cwd=tmp_path / "app")  # the config is found above: same paths
    assert error_line(result) == (
        f"mcp2openai: error: {tmp_path / 'vendor/legacy.json'}: the snapshot of server legacy"
        f" does not exist, and {tmp_path / 'pyproject.toml'} gives no command or url to fetch"
        " it from"
    )
    (tmp_path / "mcp.json").write_text('{"mcpServers": {"fs": {"command": "x"}}}')
    result = run_cli("build", "--mcp-config", "mcp.json", "--out", "t.py", cwd=tmp_path)
    assert error_line(result) == (
        "mcp2openai: error: mcp-snapshots/fs.json: the snapshot of server fs does not exist:"
        " run `mcp2openai fetch --mcp-config mcp.json fs` to create it"
    )
    assert not (tmp_path / "t.py").exists() and not (tmp_path / "app" / "tools.py").exists()


# --- --out ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("out", "why"),
    [
        (
            "my-tools.py",
            "expected NAME.py, NAME of letters, digits and _, not starting with a digit",
        ),
        ("o.txt", "expected NAME.py, NAME of letters, digits and _, not starting with a digit"),
        (
            "app/1tools.py",
            "expected NAME.py, NAME of letters, digits and _, not starting with a" " digit",
        ),
        ("class.py", "'class' is a keyword"),
    ],
)
def test_out_must_be_an_importable_module_file(tmp_path: Path, out: str, why: str) -> None:
    snapshot(tmp_path, "time")
    result = run_cli("build", "--server", "time=mcp/time.json", "--out", out, cwd=tmp_path)
    assert result.returncode == 2
    name = Path(out).name
    assert result.stderr == (
        f"mcp2openai: error: --out {out}: {name!r} is not an importable module file name: {why}\n"
    )
    assert not (tmp_path / out).exists()


RUNTIME = "names the runtime's folder beside it (_mcp2openai/): choose another name"
BY_SDKS = "which openai or mcp imports: choose another name"


def test_every_package_openai_and_mcp_import_is_refused_as_a_module_name() -> None:
    """The top-level modules of every distribution openai and mcp require, as installed
    here (their requirements followed to the end), are refused as `--out` names."""
    from importlib import metadata

    from packaging.requirements import Requirement

    seen: set[str] = set()
    waiting = ["openai", "mcp"]
    modules: set[str] = set()
    while waiting:
        name = waiting.pop()
        if name.lower() in seen:
            continue
        seen.add(name.lower())
        distribution = metadata.distribution(name)
        for line in distribution.requires or []:
            required = Requirement(line)
            if required.marker is None or required.marker.evaluate({"extra": ""}):
                waiting.append(required.name)
        top = (distribution.read_text("top_level.txt") or "").split()
        for parts in (file.parts for file in distribution.files or []):
            if parts[-1] == "__init__.py" and len(parts) > 1:
                top.append(parts[0])  # a package
            elif len(parts) == 1 and parts[0].endswith(".py"):
                top.append(parts[0].removesuffix(".py"))  # a module of one file
        modules |= {module for module in top if module.isidentifier()}
    assert len(seen) > 15, seen  # the closure was followed
    refused = {module for module in modules if module_file_problem(Path(f"{module}.py"))}
    assert modules - refused == set()


@pytest.mark.parametrize(
    ("out", "why"),
    [
        ("_mcp2openai.py", RUNTIME),
        ("app/_mcp2openai.py", RUNTIME),
        ("json.py", "would shadow the standard library's 'json' module: choose another name"),
        ("app/time.py", "would shadow the standard library's 'time' module: choose another name"),
        ("typing.py", "would shadow the standard library's 'typing' module: choose another name"),
        ("mcp.py", "would shadow the 'mcp' package: choose another name"),
        ("openai.py", "would shadow the 'openai' package: choose another name"),
        ("agents.py", "would shadow the 'agents' package: choose another name"),
        ("app/pydantic_ai.py", "would shadow the 'pydantic_ai' package: choose another name"),
        ("anyio.py", f"would shadow the 'anyio' package, {BY_SDKS}"),
        ("app/httpx2.py", f"would shadow the 'httpx2' package, {BY_SDKS}"),
        ("pydantic.py", f"would shadow the 'pydantic' package, {BY_SDKS}"),
    ],
)
def test_out_that_cannot_work_is_refused(tmp_path: Path, out: str, why: str) -> None:
    """A module named after the runtime's folder can never be imported (the folder wins); one
    named after a module of the standard library, or a package a toolset's app imports, hides
    it wherever the module's folder is on sys.path. One line, exit 2, nothing written."""
    snapshot(tmp_path, "time")
    (tmp_path / "app").mkdir()
    before = sorted(tmp_path.rglob("*"))
    result = run_cli("build", "--server", "time=mcp/time.json", "--out", out, cwd=tmp_path)
    assert result.returncode == 2
    name = Path(out).name
    assert result.stderr == f"mcp2openai: error: --out {out}: {name!r} {why}\n"
    assert sorted(tmp_path.rglob("*")) == before  # nothing written, no runtime folder either


def test_an_out_of_the_config_that_cannot_work_is_refused(tmp_path: Path) -> None:
    snapshot(tmp_path, "time")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.mcp2openai]\nout = "app/json.py"\nsnapshots = "mcp"\n'
        "[tool.mcp2openai.servers.time]\n"
    )
    result = run_cli("build", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        "mcp2openai: error: pyproject.toml: tool.mcp2openai.out: 'json.py' would shadow the"
        " standard library's 'json' module: choose another name\n"
    )
    assert not (tmp_path / "app").exists()
    assert run_cli("build", "--out", "app/json_tools.py", cwd=tmp_path).returncode == 0


def test_out_in_the_config_is_checked_too(tmp_path: Path) -> None:
    snapshot(tmp_path, "time")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.mcp2openai]\nout = "mcp-tools.py"\nsnapshots = "mcp"\n'
        "[tool.mcp2openai.servers.time]\n"
    )
    result = run_cli("build", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        "mcp2openai: error: pyproject.toml: tool.mcp2openai.out: 'mcp-tools.py'"
        " is not an importable module file name: expected NAME.py, NAME of letters, digits and"
        " _, not starting with a digit\n"
    )
    assert run_cli("build", "--out", "mcp_tools.py", cwd=tmp_path).returncode == 0


# --- an unchanged module is left alone ------------------------------------------------------


def test_an_unchanged_module_keeps_its_bytes_and_mtime(tmp_path: Path) -> None:
    snapshot(tmp_path, "time")
    args = ["build", "--server", "time=mcp/time.json", "--out", "app/tools.py"]
    args += ["--report-json", "report.json"]
    first = run_cli(*args, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stderr.splitlines()[-1] == (
        "mcp2openai: wrote app/tools.py (2 tools: 2 strict, 0 fallbacks, 0 excluded)"
    )
    module, report = tmp_path / "app" / "tools.py", tmp_path / "report.json"
    runtime = sorted(p for p in (module.parent / "_mcp2openai").rglob("*") if p.is_file())
    files = (module, module.with_suffix(".pyi"), report, *runtime)
    for path in files:
        os.utime(path, (OLD, OLD))
    before = [path.read_bytes() for path in files]
    again = run_cli(*args, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert again.stderr.splitlines()[-1] == (
        "mcp2openai: app/tools.py unchanged (2 tools: 2 strict, 0 fallbacks, 0 excluded)"
    )
    assert [path.read_bytes() for path in files] == before
    assert [path.stat().st_mtime for path in files] == [OLD] * len(files)
    # no temporary file left
    assert sorted(path.name for path in module.parent.iterdir()) == [
        "_mcp2openai",
        "tools.py",
        "tools.pyi",
    ]
    assert "runtime" not in again.stderr  # written once, when it was absent
    changed = run_cli(*args, "--prefix", "time=clock_", cwd=tmp_path)
    assert changed.stderr.splitlines()[-1].startswith("mcp2openai: wrote app/tools.py")
    assert module.stat().st_mtime > OLD


def test_a_second_and_third_toolset_add_only_their_own_files(tmp_path: Path) -> None:
    """One folder, three toolsets built into it one after the other: the first build writes
    the shared runtime and says so; each later one adds its module and stub, and leaves the
    runtime's files as they were. The 2-tool time toolset is at most 210 lines in all: each
    public name of the API costs four (the module's `__all__` and binding, the stub's import
    and `__all__`), 19 of them 76."""
    folder = tmp_path / "app"
    seen: set[Path] = set()
    runtime: list[Path] = []
    for number, server in enumerate(("time", "fetch", "memory")):
        snapshot(tmp_path, server)
        out = f"app/{server}_tools.py"  # not app/time.py: that would shadow the `time` module
        args = ["build", "--server", f"{server}=mcp/{server}.json", "--out", out]
        result = run_cli(*args, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        files = {path for path in folder.rglob("*") if path.is_file()}
        added = {path.relative_to(folder).as_posix() for path in files - seen}
        own = {f"{server}_tools.py", f"{server}_tools.pyi"}
        if number == 0:
            assert "wrote the runtime app/_mcp2openai/" in result.stderr
            runtime = sorted(path for path in files if "_mcp2openai" in path.parts)
            assert added == own | {path.relative_to(folder).as_posix() for path in runtime}
            for path in runtime:
                os.utime(path, (OLD, OLD))
            lines = sum(len((folder / name).read_text().splitlines()) for name in own)
            assert lines <= 210, lines
        else:
            assert "runtime" not in result.stderr
            assert added == own
            assert [path.stat().st_mtime for path in runtime] == [OLD] * len(runtime)
        seen = files


def test_check_says_how_the_runtime_on_disk_differs(tmp_path: Path) -> None:
    snapshot(tmp_path, "time")
    args = ["build", "--server", "time=mcp/time.json", "--out", "app/tools.py"]
    assert run_cli(*args, cwd=tmp_path).returncode == 0
    runtime = tmp_path / "app" / "_mcp2openai"
    # The same version's runtime with other files (a build of another commit of it).
    (runtime / "tasks.py").write_text("# edited\n", encoding="utf-8")
    (runtime / "extra.py").write_text("", encoding="utf-8")
    result = run_cli(*args, "--check", cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert f"app/_mcp2openai/extra.py: not part of mcp2openai {VERSION}'s runtime" in lines
    assert "(the runtime in app/_mcp2openai/ differs from this generator's)" in lines[-1]
    assert f"not {VERSION}'s" not in result.stderr
    # Another version's runtime.
    init = runtime / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8").replace(f'"{VERSION}"', '"0.1.9"'), "utf-8")
    lines = run_cli(*args, "--check", cwd=tmp_path).stderr.splitlines()
    assert f"(the runtime in app/_mcp2openai/ is mcp2openai 0.1.9's, not {VERSION}'s)" in lines[-1]


def test_a_build_removes_the_data_file_of_0_3_and_check_reports_it(tmp_path: Path) -> None:
    """0.3 wrote the data beside the module (`tools.json`) and a `drift/` part of the runtime:
    a build over such a folder removes both and says so; --check reports the data file. A
    `.json` file that is not such data is left alone."""
    snapshot(tmp_path, "time")
    args = ["build", "--server", "time=mcp/time.json", "--out", "app/tools.py"]
    assert run_cli(*args, cwd=tmp_path).returncode == 0
    old = tmp_path / "app" / "tools.json"
    old.write_text('{\n"mcp2openai":"0.3.0",\n"tables":{}\n}\n', encoding="utf-8")
    drift = tmp_path / "app" / "_mcp2openai" / "drift"
    (drift / "__pycache__").mkdir(parents=True)
    (drift / "__init__.py").write_text("", encoding="utf-8")
    (drift / "__pycache__" / "__init__.cpython-311.pyc").write_bytes(b"")
    check = run_cli(*args, "--check", cwd=tmp_path)
    assert check.returncode == 1
    assert "app/tools.json: mcp2openai 0.3's data file; the module holds its data since 0.4" in (
        check.stderr.splitlines()
    )
    assert old.exists()
    built = run_cli(*args, cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    assert (
        "mcp2openai: removed app/tools.json: mcp2openai 0.3's data file; the module holds its"
        " data since 0.4"
    ) in built.stderr.splitlines()
    assert not old.exists() and not drift.exists()
    assert run_cli(*args, "--check", cwd=tmp_path).returncode == 0
    other = tmp_path / "app" / "tools.json"
    other.write_text('{"a config": "of the app"}', encoding="utf-8")
    assert run_cli(*args, cwd=tmp_path).returncode == 0 and other.exists()


# --- build --check prints the whole diff, or says what it left out ---------------------------


def full_diff(path: Path, new_text: str, label: str) -> list[str]:
    return [
        line.rstrip("\n")
        for line in difflib.unified_diff(
            path.read_text().splitlines(keepends=True),
            new_text.splitlines(keepends=True),
            fromfile=f"{label} (on disk)",
            tofile=f"{label} (generated)",
        )
    ]


def test_check_prints_the_whole_diff(tmp_path: Path) -> None:
    snapshot(tmp_path, "time")
    build = ["build", "--server", "time=mcp/time.json", "-q"]
    assert run_cli(*build, "--out", "tools.py", cwd=tmp_path).returncode == 0
    assert run_cli(*build, "--prefix", "time=t_", "--out", "new.py", cwd=tmp_path).returncode == 0
    result = run_cli(*build, "--prefix", "time=t_", "--out", "tools.py", "--check", cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    expected = [  # in the order a build writes them: the stub, the module
        *full_diff(tmp_path / "tools.pyi", (tmp_path / "new.pyi").read_text(), "tools.pyi"),
        *full_diff(tmp_path / "tools.py", (tmp_path / "new.py").read_text(), "tools.py"),
    ]
    assert len(expected) > 40  # more than the old cut
    assert lines[:-1] == expected
    assert lines[-1] == "mcp2openai: tools.py is out of date: rebuild it without --check"
    assert (tmp_path / "tools.py").read_text() != (tmp_path / "new.py").read_text()


def test_check_cuts_a_long_diff_at_a_hunk_and_says_how_much_it_left_out(tmp_path: Path) -> None:
    build, renamed = ["build", "-q"], []
    for path in sorted(SNAPSHOTS.glob("*.json")):  # every recorded server, each renamed
        build += ["--server", f"{path.stem}={snapshot(tmp_path, path.stem)}"]
        renamed += ["--prefix", f"{path.stem}=x{path.stem}_"]
    assert run_cli(*build, "--out", "tools.py", cwd=tmp_path).returncode == 0
    assert run_cli(*build, *renamed, "--out", "new.py", cwd=tmp_path).returncode == 0
    result = run_cli(*build, *renamed, "--out", "tools.py", "--check", cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert lines[-1] == "mcp2openai: tools.py is out of date: rebuild it without --check"
    starts = [index for index, line in enumerate(lines) if line.startswith("--- tools.")]
    assert len(starts) == 2  # the stub's diff, the module's
    ends = [*starts[1:], len(lines) - 1]
    for start, end, suffix in zip(starts, ends, (".pyi", ".py"), strict=True):
        new = (tmp_path / f"new{suffix}").read_text()
        expected = full_diff(tmp_path / f"tools{suffix}", new, f"tools{suffix}")
        shown, note = lines[start : end - 1], lines[end - 1]
        assert len(shown) <= 1000 < len(expected)
        assert shown == expected[: len(shown)]
        # cut where a hunk starts; a first hunk too long for the limit is cut at the limit
        hunks = [i for i, line in enumerate(expected[:1001]) if line.startswith("@@ ")]
        assert len(shown) == (hunks[-1] if len(hunks) > 1 else 1000)
        assert note == f"[... {len(expected) - len(shown)} more lines of the diff left out]"


# --- the report -----------------------------------------------------------------------------


def test_dropped_keywords_are_summarised_per_keyword(tmp_path: Path) -> None:
    """notion's recorded tool list: 24 tools, 1 fallback, 10 tools rewritten, over a hundred
    dropped keywords."""
    snapshot(tmp_path, "notion")
    args = ["build", "--server", "notion=mcp/notion.json", "--out", "notion_tools.py"]
    result = run_cli(*args, "--report-json", "report.json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    report = json.loads((tmp_path / "report.json").read_text())
    dropped: dict[str, list[str]] = {}
    for item in report["dropped"]:
        dropped.setdefault(item["keyword"], []).append(item["name"])
    assert len(report["dropped"]) > 100 and len(report["fallbacks"]) == 1
    lines = result.stderr.splitlines()
    assert [line for line in lines if line.startswith("fallback ")] == [
        f"fallback {f['name']}: {f['keyword']} at {f['path']}: {f['reason']}"
        for f in report["fallbacks"]
    ]
    assert [line for line in lines if line.startswith("rewrote ")] == [
        f"rewrote {r['name']}: {r['kind']} at {r['path']}" for r in report["rewrites"]
    ]
    assert len({r["name"] for r in report["rewrites"]}) == 10
    summary = [line for line in lines if line.startswith("dropped ")]
    ranked = sorted(dropped, key=lambda keyword: (-len(dropped[keyword]), keyword))
    assert summary == [
        f"dropped {keyword}: {len(dropped[keyword])} times in {len(set(dropped[keyword]))} tools"
        for keyword in ranked
    ]
    # and the runtime written beside it, then the summary line
    assert lines[-2] == f"mcp2openai: wrote the runtime _mcp2openai/ (mcp2openai {VERSION})"
    assert len(lines) == len(report["fallbacks"]) + len(report["rewrites"]) + len(dropped) + 2
    verbose = run_cli(*args, "-v", cwd=tmp_path)
    detailed = [line for line in verbose.stderr.splitlines() if line.startswith("dropped ")]
    assert detailed == [
        f"dropped {item['name']}: {item['keyword']} at {item['path']}" for item in report["dropped"]
    ]
    quiet = run_cli(*args, "-q", cwd=tmp_path)
    assert quiet.stderr.splitlines() == [
        "mcp2openai: notion_tools.py unchanged (24 tools: 23 strict, 1 fallback, 0 excluded)"
    ]
    both = run_cli(*args, "-q", "-v", cwd=tmp_path)
    assert both.returncode == 2
    assert both.stderr == "mcp2openai: error: give -q or -v, not both\n"


def test_paths_are_shown_as_the_user_wrote_them(tmp_path: Path) -> None:
    snapshot(tmp_path, "time")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.mcp2openai]\nout = "app/mcp_tools.py"\nsnapshots = "mcp"\n'
        "[tool.mcp2openai.servers.time]\n"
    )
    result = run_cli("build", cwd=tmp_path)
    assert result.stderr.splitlines()[-1] == (
        "mcp2openai: wrote app/mcp_tools.py (2 tools: 2 strict, 0 fallbacks, 0 excluded)"
    )
    result = run_cli("build", "--check", cwd=tmp_path)
    assert result.stderr.splitlines()[-1] == (
        "mcp2openai: app/mcp_tools.py is up to date (2 tools: 2 strict, 0 fallbacks, 0 excluded)"
    )


# --- [tool.mcp2openai] mcp_config -------------------------------------------------------------


def test_mcp_config_in_pyproject(tmp_path: Path) -> None:
    for name in ("time", "git"):
        snapshot(tmp_path, name)
    (tmp_path / ".cursor").mkdir()
    (tmp_path / ".cursor" / "mcp.json").write_text(
        json.dumps(
            {
                "mcpServers": {
                    "time": {"command": "uvx", "args": ["mcp-server-time"]},
                    "git": {"command": "uvx", "args": ["mcp-server-git"]},
                    "old": {"type": "sse", "url": "https://legacy.example.com/sse"},
                }
            }
        )
    )
    pyproject = tmp_path / "pyproject.toml"
    head = '[tool.mcp2openai]\nout = "mcp_tools.py"\nmcp_config = ".cursor/mcp.json"\n'
    head += 'snapshots = "mcp"\n'
    pyproject.write_text(head)
    result = run_cli("build", cwd=tmp_path)  # every server of the file: "old" cannot be read
    assert result.returncode == 2
    assert error_line(result) == (
        # the mcpServers file the found pyproject.toml names, as seen from here
        'mcp2openai: error: .cursor/mcp.json: mcpServers.old.type: "sse"'
        " (the old HTTP+SSE transport) is not supported"
    )
    pyproject.write_text(
        head + '[tool.mcp2openai.servers.git]\ninclude = ["git_status"]\n'
        '[tool.mcp2openai.servers.time]\nprefix = "clock_"\n'
    )
    result = run_cli("build", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines()[-1] == (  # git_status, and time's two tools
        "mcp2openai: wrote mcp_tools.py (3 tools: 3 strict, 0 fallbacks, 0 excluded)"
    )
    names = import_path(tmp_path / "mcp_tools.py").NAMES
    assert names == {
        "git__git_status": ("git", "git_status"),
        "clock_get_current_time": ("time", "get_current_time"),
        "clock_convert_time": ("time", "convert_time"),
    }
    check = run_cli("build", "--check", cwd=tmp_path)
    assert check.returncode == 0, check.stderr
    pyproject.write_text(head + '[tool.mcp2openai.servers.git]\ncommand = "uvx"\n')
    result = run_cli("build", cwd=tmp_path)
    assert result.returncode == 2
    assert error_line(result) == (
        # Found, not typed: named relative to the current directory.
        "mcp2openai: error: pyproject.toml: tool.mcp2openai.servers.git.command: unknown key for"
        " a server of the mcp_config file (known: approve, destructive, exclude, include, prefix,"
        " read_only, snapshot, timeout)"
    )


# --- what a new user hit: a CI job that fails says why, a hook that passes says one line -------


def test_fail_on_fallback_ends_with_a_line_naming_the_count_and_the_flag(tmp_path: Path) -> None:
    snapshot(tmp_path, "notion")  # 24 tools, 1 fallback
    args = ["build", "--server", "notion=mcp/notion.json", "--out", "notion_tools.py"]
    assert run_cli(*args, cwd=tmp_path).returncode == 0
    for extra in (["--check", "-q"], ["-q"], []):
        result = run_cli(*args, *extra, "--fail-on-fallback", cwd=tmp_path)
        assert result.returncode == 1, extra
        assert result.stderr.splitlines()[-1] == (
            "mcp2openai: failing: 1 fallback, 0 excluded (--fail-on-fallback)"
        )
    quiet = run_cli(*args, "--check", "-q", "--fail-on-fallback", cwd=tmp_path)
    assert quiet.stderr.splitlines() == [
        "mcp2openai: notion_tools.py is up to date (24 tools: 23 strict, 1 fallback, 0 excluded)",
        "mcp2openai: failing: 1 fallback, 0 excluded (--fail-on-fallback)",
    ]
    snapshot(tmp_path, "time")  # no fallback: the flag passes, and says nothing
    time = ["build", "--server", "time=mcp/time.json", "--out", "time_tools.py"]
    result = run_cli(*time, "--fail-on-fallback", cwd=tmp_path)
    assert result.returncode == 0 and "failing" not in result.stderr


def test_an_up_to_date_check_prints_one_line_unless_verbose(tmp_path: Path) -> None:
    snapshot(tmp_path, "notion")  # its report has a fallback, rewrites and dropped keywords
    args = ["build", "--server", "notion=mcp/notion.json", "--out", "notion_tools.py"]
    built = run_cli(*args, cwd=tmp_path)
    assert built.returncode == 0 and len(built.stderr.splitlines()) > 10
    check = run_cli(*args, "--check", cwd=tmp_path)
    assert check.returncode == 0
    assert check.stderr.splitlines() == [
        "mcp2openai: notion_tools.py is up to date (24 tools: 23 strict, 1 fallback, 0 excluded)"
    ]
    verbose = run_cli(*args, "--check", "-v", cwd=tmp_path)
    lines = verbose.stderr.splitlines()
    assert verbose.returncode == 0 and len(lines) > 100 and lines[-1] == check.stderr.strip()
    assert "fallback notion__API-post-page: " in verbose.stderr
    (tmp_path / "notion_tools.py").write_text("# stale\n")
    stale = run_cli(*args, "--check", cwd=tmp_path)  # the diff first, no report before it
    assert stale.returncode == 1
    stale_lines = stale.stderr.splitlines()
    assert stale_lines[0].startswith("--- notion_tools.py")
    assert "fallback notion__API-post-page: " not in stale.stderr
    assert stale_lines[-1] == (
        "mcp2openai: notion_tools.py is out of date: rebuild it without --check"
    )
    stale_verbose = run_cli(*args, "--check", "-v", cwd=tmp_path)  # -v: the report, then the diff
    assert stale_verbose.returncode == 1
    report, diff = stale_verbose.stderr.split("--- notion_tools.py", 1)
    assert "fallback notion__API-post-page: " in report and diff


def test_a_broken_snapshot_is_named_from_the_current_directory(tmp_path: Path) -> None:
    (tmp_path / "mcp").mkdir()
    (tmp_path / "mcp" / "commands.json").write_text('{"tools": [}')
    (tmp_path / "pyproject.toml").write_text(
        '[tool.mcp2openai]\nout = "app/tools.py"\nsnapshots = "mcp"\n'
        "[tool.mcp2openai.servers.commands]\n"
    )
    (tmp_path / "app").mkdir()
    result = run_cli("build", cwd=tmp_path)  # the config was found: its paths are absolute
    assert result.returncode == 2
    assert result.stderr == (
        "mcp2openai: error: mcp/commands.json: not valid JSON: Expecting value"
        " (line 1 column 12)\n"
    )
    below = run_cli("build", cwd=tmp_path / "app")  # not below the current directory: whole
    assert below.stderr.startswith(f"mcp2openai: error: {tmp_path / 'mcp' / 'commands.json'}: ")
    typed = run_cli("build", "--server", "c=mcp/commands.json", "--out", "t.py", cwd=tmp_path)
    assert typed.stderr.startswith("mcp2openai: error: mcp/commands.json: not valid JSON")


def test_mcp_config_and_own_servers_build_into_one_module(tmp_path: Path) -> None:
    for name in ("time", "git"):
        snapshot(tmp_path, name)
    (tmp_path / "mcp.json").write_text(
        json.dumps({"mcpServers": {"time": {"command": "uvx", "args": ["mcp-server-time"]}}})
    )
    (tmp_path / "pyproject.toml").write_text(
        '[tool.mcp2openai]\nout = "mcp_tools.py"\nmcp_config = "mcp.json"\nsnapshots = "mcp"\n'
        '[tool.mcp2openai.servers.git]\ncommand = "uvx"\nargs = ["mcp-server-git"]\n'
        'include = ["git_status"]\n'
    )
    result = run_cli("build", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    module = import_path(tmp_path / "mcp_tools.py")
    assert list(module.NAMES) == ["time__get_current_time", "time__convert_time", "git__git_status"]
    assert thawed(module.SERVERS) == {
        "time": {"command": "uvx", "args": ["mcp-server-time"]},
        "git": {"command": "uvx", "args": ["mcp-server-git"]},
    }


def test_a_snapshot_with_no_tools_gets_a_warning_naming_the_server(tmp_path: Path) -> None:
    """Even with -q: a server fetched before it was configured lists nothing, and a module
    without its tools would otherwise pass unnoticed."""
    snapshot(tmp_path, "time")
    (tmp_path / "mcp" / "void.json").write_text('{"tools": []}\n', encoding="utf-8")
    args = ["build", "--server", "void=mcp/void.json", "--server", "time=mcp/time.json"]
    result = run_cli(*args, "--out", "tools.py", "-q", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines()[0] == (
        "mcp2openai: warning: void: its snapshot lists no tools: the module has none of it"
        " (fetch it again once the server is configured)"
    )
    assert result.stderr.count("warning") == 1  # the time server's snapshot has tools


# --- a module folder that is not a package, inside one ------------------------------------------


@pytest.mark.parametrize(
    ("packages", "noted"),
    [(["app"], True), (["app", "app/tools"], False), ([], False)],
)
def test_a_folder_inside_a_package_that_is_not_one_is_noted(
    tmp_path: Path, packages: list[str], noted: bool
) -> None:
    """app/tools/research.py with app/__init__.py and none in app/tools/: the stub imports the
    runtime top-level, which a type checker does not find for `from app.tools import research`;
    the build says how to fix it, and says nothing when the folder is a package or is in none."""
    snapshot(tmp_path, "time")
    (tmp_path / "app" / "tools").mkdir(parents=True)
    for package in packages:
        (tmp_path / package / "__init__.py").touch()
    out = "app/tools/research.py"
    result = run_cli("build", "--server", "time=mcp/time.json", "--out", out, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    note = (
        "mcp2openai: note: app/tools/ has no __init__.py but app/ has one: the stub imports its"
        " runtime as the top-level _mcp2openai, which a type checker finds only with app/tools/"
        " on its path; to import research through the package, add app/tools/__init__.py and"
        " build again"
    )
    assert (note in result.stderr.splitlines()) == noted, result.stderr
    assert ("note:" in result.stderr) == noted
    inside = run_cli(  # the same, run from inside the folder
        "build",
        "--server",
        "time=../../mcp/time.json",
        "--out",
        "research.py",
        cwd=tmp_path / "app" / "tools",
    )
    assert inside.returncode == 0, inside.stderr
    assert ("note:" in inside.stderr) == noted, inside.stderr
