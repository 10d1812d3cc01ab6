"""The hooks of .pre-commit-hooks.yaml, run by the real `pre-commit` as a user's project runs them.

`pre-commit try-repo` clones this repository, installs it into a hook environment of its own (as
`rev:` in a user's .pre-commit-config.yaml would; offline: dependencies come from the wheelhouse
`make install` prepares) and runs the hooks in a project that is a git repository with a
`[tool.mcp2openai]` table, its snapshot and its generated module.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from live_support import REAL_SERVERS, REPO, require_real_servers

pytestmark = pytest.mark.install  # builds wheels or venvs (CONTRIBUTING.md, "Tiers")

PRE_COMMIT = Path(sys.executable).parent / "pre-commit"
WHEELHOUSE = REPO / ".venv" / "wheelhouse"
SNAPSHOT = REPO / "generated" / "snapshots" / "time.json"
BUILD = "mcp2openai build --check"
FETCH = "mcp2openai fetch --check"


@dataclass
class Project:
    directory: Path
    env: dict[str, str]

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(PRE_COMMIT), *args],
            cwd=self.directory,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )

    def try_repo(self, *args: str) -> subprocess.CompletedProcess[str]:
        return self.run("try-repo", str(REPO), *args, "--all-files")


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    require_real_servers()
    if not WHEELHOUSE.is_dir():
        pytest.fail(f"{WHEELHOUSE} is missing: run `make install`", pytrace=False)
    root = tmp_path_factory.mktemp("precommit")
    directory = root / "project"
    (directory / "mcp").mkdir(parents=True)
    # as `mcp2openai fetch` writes it (the recorder's snapshots also say where they came from)
    document = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    del document["source"]
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    (directory / "mcp" / "time.json").write_text(text, encoding="utf-8")
    command = json.dumps(str(REAL_SERVERS["time"]))
    (directory / "pyproject.toml").write_text(
        '[tool.mcp2openai]\nout = "mcp_tools.py"\nsnapshots = "mcp"\n'
        f"[tool.mcp2openai.servers.time]\ncommand = {command}\n"
        'args = ["--local-timezone", "Etc/UTC"]\n',
        encoding="utf-8",
    )
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(root),
        "LANG": "C.UTF-8",
        "PRE_COMMIT_HOME": str(root / "cache"),
        "PIP_NO_INDEX": "1",
        "PIP_FIND_LINKS": str(WHEELHOUSE),
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.com",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.com",
    }
    built = subprocess.run(
        [str(Path(sys.executable).parent / "mcp2openai"), "build", "-q"],
        cwd=directory,
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, built.stderr
    for git in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "init"]):
        subprocess.run(["git", *git], cwd=directory, env=env, check=True)
    return Project(directory, env)


def hook_lines(output: str) -> list[str]:
    """pre-commit's status lines: "<hook name>....Passed" and the like."""
    return [line for line in output.splitlines() if line.startswith(("mcp2openai ",))]


def test_the_build_check_hook_runs_by_default_and_passes(project: Project) -> None:
    result = project.try_repo()
    assert result.returncode == 0, result.stdout + result.stderr
    lines = hook_lines(result.stdout)
    assert len(lines) == 1 and lines[0].startswith(f"{BUILD}.") and lines[0].endswith("Passed")
    assert FETCH not in result.stdout  # the fetch hook waits for --hook-stage manual


def test_the_build_check_hook_fails_on_a_stale_module(project: Project) -> None:
    snapshot = project.directory / "mcp" / "time.json"
    original = snapshot.read_text(encoding="utf-8")
    document = json.loads(original)
    document["tools"][0]["description"] = "Get the time, now with a new description."
    snapshot.write_text(json.dumps(document, indent=2), encoding="utf-8")
    try:
        result = project.try_repo("mcp2openai-build-check")
    finally:
        snapshot.write_text(original, encoding="utf-8")
    assert result.returncode == 1
    assert hook_lines(result.stdout)[0].endswith("Failed")
    added = [line for line in result.stdout.splitlines() if line[:1] == "+" and line[:3] != "+++"]
    assert any("Get the time, now with a new description." in line for line in added)
    assert "mcp2openai: mcp_tools.py is out of date: rebuild it without --check" in result.stdout


def test_the_fetch_check_hook_runs_on_the_manual_stage(project: Project) -> None:
    result = project.try_repo("mcp2openai-fetch-check", "--hook-stage", "manual")
    assert result.returncode == 0, result.stdout + result.stderr
    assert hook_lines(result.stdout)[0].endswith("Passed")
    snapshot = project.directory / "mcp" / "time.json"
    original = snapshot.read_text(encoding="utf-8")
    # the snapshot says what the server said before: a reworded description is compatible,
    # a tool of another name (the server renamed it since) breaks the module
    reworded = original.replace("Get current time", "Get the time")
    renamed = original.replace('"name": "get_current_time"', '"name": "get_time"')
    outcomes = []
    try:
        for text in (reworded, renamed):
            snapshot.write_text(text, encoding="utf-8")
            outcomes.append(project.try_repo("mcp2openai-fetch-check", "--hook-stage", "manual"))
    finally:
        snapshot.write_text(original, encoding="utf-8")
    compatible, breaking = outcomes
    assert compatible.returncode == 0, compatible.stdout
    assert hook_lines(compatible.stdout)[0].endswith("Passed")
    assert breaking.returncode == 1
    assert hook_lines(breaking.stdout)[0].endswith("Failed")
    assert '  breaking: get_time: /name: tool renamed to "get_current_time"' in breaking.stdout
    assert "out of date: time (breaking)" in breaking.stdout
