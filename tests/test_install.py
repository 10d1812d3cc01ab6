"""The product as a user installs it: a wheel and an sdist, each in a fresh virtual environment.

Nothing here runs the checkout's code. The distributions are built from a copy of the tracked
files, installed into new venvs (dependencies from the wheelhouse `make install` prepares, so
no test needs the network), and exercised from an empty directory with isolated interpreters:
no checkout, no editable finder, no PYTHONPATH on the way.

`test_the_0_1_0_package_list_fails_here` proves the check can fail: the 0.1.0 pyproject.toml
(which listed packages by hand and left out `generator.strict`) fails it.

`test_a_newcomers_path_through_the_readme` follows the README's "Use it" as written: the
wheel installed offline, the README's config with the real time server, its `fetch` and `build`,
and its app against the fake OpenAI endpoint on 127.0.0.1, from an unrelated directory.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import venv
import zipfile
from collections.abc import Iterator
from pathlib import Path

import mcp2openai
import pytest
from buildutil import ROOT, SNAPSHOTS, readme_app
from live_support import EXAMPLES, REAL_SERVERS, descendants, require_real_servers, wait_gone

sys.path.insert(0, str(EXAMPLES))
from fake_openai import FakeOpenAI

pytestmark = pytest.mark.install  # builds wheels or venvs (CONTRIBUTING.md, "Tiers")

WHEELHOUSE = ROOT / ".venv" / "wheelhouse"
OLD_PYPROJECT = ROOT / "tests" / "fixtures" / "packaging" / "pyproject-0.1.0.toml"


def _run(command: list[str], cwd: Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    # A bare environment: what a user's shell would not carry from this test run.
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(cwd), "LANG": "C.UTF-8"}
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload,no-any-return]


def _source_copy(destination: Path) -> Path:
    """The tracked and new (not ignored) files of the checkout: what a clean clone holds."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file() and not name.startswith(("generated/", "tests/")):
            target = destination / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return destination


def _distributions(source: Path, out: Path) -> tuple[Path, Path]:
    """(wheel, sdist) built by `python -m build`, without build isolation (no network)."""
    result = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(source)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "deprecat" not in (result.stdout + result.stderr).lower(), "setuptools warns"
    (wheel,) = out.glob("mcp2openai-*.whl")
    (sdist,) = out.glob("mcp2openai-*.tar.gz")
    return wheel, sdist


def _venv_with(distribution: Path, where: Path) -> Path:
    """A fresh venv with `distribution` installed; returns its bin directory."""
    assert WHEELHOUSE.is_dir(), f"{WHEELHOUSE} is missing: run `make install`"
    venv.create(where, with_pip=True)
    bin_dir = where / "bin"
    pip = [str(bin_dir / "python"), "-m", "pip", "install", "--quiet", "--no-index"]
    pip += ["--find-links", str(WHEELHOUSE), "--disable-pip-version-check"]
    # An sdist is built by the venv's own setuptools (from the wheelhouse), still offline.
    setup = _run([*pip, "setuptools>=77"], cwd=where)
    assert setup.returncode == 0, setup.stderr
    result = _run([*pip, "--no-build-isolation", str(distribution)], cwd=where)
    assert result.returncode == 0, result.stderr[-3000:]
    return bin_dir


def _problems(bin_dir: Path, work: Path) -> list[str]:
    """Everything a user does first, from an empty directory; each failure as one line."""
    problems: list[str] = []
    python = [str(bin_dir / "python"), "-I"]

    def check(label: str, command: list[str], expect: str = "") -> str:
        result = _run(command, cwd=work)
        if result.returncode != 0 or expect not in result.stdout:
            last = (result.stderr.strip().splitlines() or ["(no stderr)"])[-1]
            problems.append(f"{label}: exit {result.returncode}: {last}")
        return result.stdout

    version = f"mcp2openai, version {mcp2openai.__version__}"
    check("mcp2openai --version", [str(bin_dir / "mcp2openai"), "--version"], version)
    check("python -m mcp2openai --version", [*python, "-m", "mcp2openai", "--version"], version)
    check("fetch --help", [str(bin_dir / "mcp2openai"), "fetch", "--help"], "Usage:")
    snapshot = work / "time.json"
    shutil.copy2(SNAPSHOTS / "time.json", snapshot)
    build = [str(bin_dir / "mcp2openai"), "build", "--server", "time=time.json", "--out"]
    check("build", [*build, "time_tools.py", "-q"])
    for suffix in (".py", ".pyi"):
        built = work / f"time_tools{suffix}"
        golden = ROOT / "generated" / f"mcp_time{suffix}"
        if not built.is_file() or built.read_bytes() != golden.read_bytes():
            problems.append(f"build: time_tools{suffix} differs from {golden.name}")
    for golden in sorted((ROOT / "generated" / "_mcp2openai").glob("*.py*")):
        built = work / "_mcp2openai" / golden.name
        if not built.is_file() or built.read_bytes() != golden.read_bytes():
            problems.append(f"build: _mcp2openai/{golden.name} differs from the golden one")
    problems += _import_situations(bin_dir, work, build)
    (work / "schema.json").write_text(json.dumps({"type": "object", "properties": {}}))
    check("schema", [str(bin_dir / "mcp2openai"), "schema", "schema.json"], '"null_paths"')
    use = (
        "import sys\n"
        "sys.path.insert(0, '.')\n"
        "import time_tools as module\n"
        "assert [t['name'] for t in module.tools('responses')] == list(module.NAMES)\n"
        "import mcp2openai\n"
        "print(mcp2openai.__file__)\n"
        "print('\\n'.join(sys.path))\n"
    )
    shown = check("import the built module", [*python, "-c", use])
    if shown and not shown.splitlines()[0].startswith(str(bin_dir.parent)):
        problems.append(f"mcp2openai imported from outside the venv: {shown.splitlines()[0]}")
    if str(ROOT) in shown:
        problems.append("the checkout is on the installed interpreter's path")
    return problems


# Run in a fresh `python -I -S` from an unrelated directory, with `sys.argv[1]` holding where
# the app's code is; `IMPORT` is how the app imports its two toolsets there.
USE_TWO_TOOLSETS = """
import sys
sys.path.insert(0, sys.argv[1])
before = set(sys.modules)
{imports}
assert a.ToolCall is b.ToolCall and a.Report is b.Report, "two classes for one type"
definitions = a.tools("responses")
name = definitions[0]["name"]
call = {{"type": "function_call", "call_id": "c", "name": name, "arguments": "{{}}"}}
calls, rejected = a.tool_calls({{"output": [call]}})
assert [c.name for c in calls] == [name], (calls, rejected)
result = {{"content": [{{"type": "text", "text": "ok"}}]}}
assert a.tool_output("c", result, api="responses")["output"] == "ok"
assert b.tools("chat") and not set(a.NAMES) & set(b.NAMES)
loaded = {{n.split(".")[0] for n in set(sys.modules) - before}}
own = {{"app", "time_tools", "fetch_tools", "_mcp2openai"}}  # the app's code
outside = sorted(n for n in loaded - own if n not in sys.stdlib_module_names)
print(outside)
"""


def _import_situations(bin_dir: Path, work: Path, build: list[str]) -> list[str]:
    """Two toolsets built into one folder, imported the four ways an app may put them: the
    folder on sys.path, the folder as a subpackage, a zip on sys.path; `python -I -S` in
    each. After tools(), tool_calls() and tool_output() only the standard library and the
    toolsets' own runtime may be loaded."""
    problems: list[str] = []
    shutil.copy2(SNAPSHOTS / "fetch.json", work / "fetch.json")
    package = work / "app" / "tools"
    package.mkdir(parents=True)
    for init in (work / "app" / "__init__.py", package / "__init__.py"):
        init.write_text("", encoding="utf-8")
    for folder in (work / "flat", package):
        for server, name in (("time", "time_tools"), ("fetch", "fetch_tools")):
            out = str(folder / f"{name}.py")
            command = [*build[:2], "--server", f"{server}={server}.json", "--out", out, "-q"]
            if _run(command, cwd=work).returncode != 0:
                problems.append(f"build {name} into {folder.name}")
    archive = work / "tools.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        for path in sorted((work / "flat").rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                zipped.write(path, path.relative_to(work / "flat"))
    flat = "import time_tools as a, fetch_tools as b"
    nested = "from app.tools import time_tools as a, fetch_tools as b"
    situations = {
        "the folder on sys.path": (work / "flat", flat),
        "a subpackage of the app": (work, nested),
        "a zip on sys.path": (archive, flat),
    }
    elsewhere = work / "elsewhere"
    elsewhere.mkdir()
    for label, (where, imports) in situations.items():
        code = USE_TWO_TOOLSETS.format(imports=imports)
        command = [str(bin_dir / "python"), "-I", "-S", "-c", code, str(where)]
        result = _run(command, cwd=elsewhere)
        if result.returncode != 0:
            last = (result.stderr.strip().splitlines() or ["(no stderr)"])[-1]
            problems.append(f"{label}: exit {result.returncode}: {last}")
        elif result.stdout.strip() != "[]":
            problems.append(f"{label}: loaded outside the standard library: {result.stdout}")
    return problems + _loaded_by_path(bin_dir, work / "flat", elsewhere)


# A plugin loader's way (and pytest's importlib mode): the module by its file path, with
# nothing added to sys.path. The runtime beside it cannot be found so: one line says what to do.
BY_PATH = """
import importlib.util, sys
spec = importlib.util.spec_from_file_location("time_tools", sys.argv[1])
module = importlib.util.module_from_spec(spec)
try:
    spec.loader.exec_module(module)
except ImportError as error:
    print(error)
"""


def _loaded_by_path(bin_dir: Path, folder: Path, elsewhere: Path) -> list[str]:
    path = folder / "time_tools.py"
    command = [str(bin_dir / "python"), "-I", "-S", "-c", BY_PATH, str(path)]
    result = _run(command, cwd=elsewhere)
    expected = (
        f"{path}: the runtime beside it, _mcp2openai/, cannot be imported: put their folder"
        " on sys.path, or import the module as part of its package"
    )
    if result.returncode != 0 or result.stdout.strip() != expected:
        return [f"loaded by its path: {result.stdout.strip() or result.stderr.strip()[-300:]}"]
    return []


def _installed_names(bin_dir: Path) -> set[str]:
    """Top-level names the distribution put into site-packages (from its RECORD)."""
    (record,) = bin_dir.parent.glob("lib/python*/site-packages/mcp2openai-*.dist-info/RECORD")
    names = set()
    for line in record.read_text().splitlines():
        path = line.split(",")[0]
        if not path.startswith("../"):  # ../../../bin/mcp2openai: the console script
            names.add(path.split("/")[0])
    return names


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    base = tmp_path_factory.mktemp("dist")
    yield _distributions(_source_copy(base / "source"), base / "out")


@pytest.mark.parametrize("kind", ["wheel", "sdist"])
def test_installed_distribution_works_from_an_empty_directory(
    built: tuple[Path, Path], kind: str, tmp_path: Path
) -> None:
    wheel, sdist = built
    bin_dir = _venv_with(wheel if kind == "wheel" else sdist, tmp_path / "venv")
    work = tmp_path / "empty"
    work.mkdir()
    assert _problems(bin_dir, work) == []
    version = mcp2openai.__version__
    assert _installed_names(bin_dir) == {"mcp2openai", f"mcp2openai-{version}.dist-info"}
    assert not list(bin_dir.parent.glob("lib/python*/site-packages/__editable__*"))


def test_wheel_carries_every_subpackage_and_the_templates(built: tuple[Path, Path]) -> None:
    import zipfile

    wheel, _ = built
    names = set(zipfile.ZipFile(wheel).namelist())
    sources = ROOT / "generator"
    for path in sources.rglob("*.py"):
        assert f"mcp2openai/{path.relative_to(sources).as_posix()}" in names
    templates = ROOT / "templates"
    for path in templates.rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            assert f"mcp2openai/templates/{path.relative_to(templates).as_posix()}" in names


def test_the_0_1_0_package_list_fails_here(tmp_path: Path) -> None:
    source = _source_copy(tmp_path / "source")
    (source / "setup.py").unlink()
    shutil.copy2(OLD_PYPROJECT, source / "pyproject.toml")
    # --skip-dependency-check: 0.1.0 also asked for `wheel`, which setuptools no longer needs.
    command = [sys.executable, "-m", "build", "--no-isolation", "--skip-dependency-check"]
    result = subprocess.run(
        [*command, "--wheel", "--outdir", str(tmp_path / "out"), str(source)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    (wheel,) = (tmp_path / "out").glob("*.whl")
    bin_dir = _venv_with(wheel, tmp_path / "venv")
    work = tmp_path / "empty"
    work.mkdir()
    problems = _problems(bin_dir, work)
    # the first subpackage the command imports is missing (it lists the top package only)
    missing = [f"No module named 'generator.{name}'" for name in ("drift", "strict")]
    assert any(text in line for line in problems for text in missing), problems
    assert "generator" in _installed_names(bin_dir)


def _readme_blocks(language: str) -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(rf"^```{language}\n(.*?)^```$", readme, re.M | re.S)


def _readme_project(project: Path) -> list[list[str]]:
    """The README's config written into `project`, with the time server `make servers`
    installed in place of `uvx mcp-server-time`; returns its `fetch` and `build` commands."""
    (config,) = [b for b in _readme_blocks("toml") if "[tool.mcp2openai.servers.time]" in b]
    uvx = 'command = "uvx"\nargs = ["mcp-server-time", '
    assert uvx in config, "the README's config no longer runs the time server with uvx"
    installed = json.dumps(str(REAL_SERVERS["time"]))
    (project / "pyproject.toml").write_text(
        config.replace(uvx, f"command = {installed}\nargs = ["), encoding="utf-8"
    )
    (commands,) = [b for b in _readme_blocks("sh") if "mcp2openai fetch" in b]
    lines = [line.split("#")[0].split() for line in commands.splitlines()]
    return [words for words in lines if words]


def test_a_newcomers_path_through_the_readme(built: tuple[Path, Path], tmp_path: Path) -> None:
    require_real_servers()
    wheel, _ = built
    bin_dir = _venv_with(wheel, tmp_path / "venv")
    pip = [str(bin_dir / "python"), "-m", "pip", "install", "--quiet", "--no-index"]
    openai = _run([*pip, "--find-links", str(WHEELHOUSE), "openai"], cwd=tmp_path)
    assert openai.returncode == 0, f"run `make install` (the wheelhouse has no openai): {openai}"
    project = tmp_path / "project"
    project.mkdir()
    commands = _readme_project(project)
    assert [words[:2] for words in commands] == [["mcp2openai", "fetch"], ["mcp2openai", "build"]]
    for words in commands:
        ran = _run([str(bin_dir / words[0]), *words[1:]], cwd=project)
        assert ran.returncode == 0, ran.stderr
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert f"`{ran.stderr.splitlines()[-1]}`" in readme  # the build's last line, as shown
    snapshot = project / "mcp-snapshots" / "time.json"  # a folder no import can pick up
    assert json.loads(snapshot.read_text())["server"]["name"] == "mcp-time"
    assert not (project / "app" / "mcp_tools.json").exists()  # the data is in the module
    for name in ("mcp_tools.py", "mcp_tools.pyi", "_mcp2openai/__init__.py"):
        assert (project / "app" / name).is_file(), name
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    script = elsewhere / "app_example.py"
    question = "What time is it in UTC?"
    script.write_text(
        readme_app() + f"\nimport asyncio\n\nprint(asyncio.run(answer({question!r})))\n",
        encoding="utf-8",
    )
    turns = [[("t1", "time__get_current_time", {"timezone": "Etc/UTC"})], "It is now."]
    before = descendants()
    with FakeOpenAI(turns) as fake:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(elsewhere),
            "LANG": "C.UTF-8",
            "OPENAI_BASE_URL": fake.base_url,
            "OPENAI_API_KEY": "sk-test",
            "PYTHONPATH": str(project),  # the app's code: `from app import mcp_tools`
        }
        app = subprocess.run(
            [str(bin_dir / "python"), str(script)],
            cwd=elsewhere,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert app.returncode == 0, app.stderr
    assert app.stdout == "It is now.\n"
    first, second = fake.bodies("/v1/responses")
    assert first["input"] == question and second["previous_response_id"] == "resp_1"
    (output,) = second["input"]
    assert output["call_id"] == "t1" and json.loads(output["output"])["timezone"] == "Etc/UTC"
    assert wait_gone(sorted(descendants() - before)) == []
