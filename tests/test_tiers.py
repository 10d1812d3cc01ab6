"""The suite's tiers (CONTRIBUTING.md, "Tiers"): `make test` runs every test; `make test-fast`
leaves out those marked `e2e` (they start MCP servers), `install` (wheels, venvs) and `slow`.
A test file that starts servers or builds venvs carries its mark, so the quick tier never waits
for one."""

from __future__ import annotations

import re
import tomllib

from buildutil import ROOT

TESTS = ROOT / "tests"
# What starts an MCP server (or the fake endpoint beside real ones), or installs a package.
STARTS = re.compile(
    r"fixture_server\(|REAL_SERVERS|require_real_servers|FakeOpenAI|stdio_client|Popen\(|venv"
    r"|cli\(\s*\"fetch\""
)
FILE_MARK = re.compile(r"^pytestmark = pytest\.mark\.(e2e|install|slow)\b", re.M)
TEST = re.compile(r"^((?:@.*\n)*)def (test_\w+)\((?:.*\n)*?(?=^(?:@|def |class |\S))", re.M)


def test_make_test_runs_everything_and_test_fast_leaves_out_the_three_tiers() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipes = dict(re.findall(r"^([\w-]+):.*\n((?:\t.*\n)+)", makefile, re.M))
    assert recipes["test"].strip() == "$(PY) -m pytest"  # no -m: every test
    assert (
        recipes["test-fast"].strip() == '$(PY) -m pytest -m "not e2e and not install and not slow"'
    )
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert "-m" not in options["addopts"].split() and "--strict-markers" in options["addopts"]
    assert sorted(marker.split(":")[0] for marker in options["markers"]) == [
        "e2e",
        "install",
        "slow",
    ]


def test_every_test_that_starts_a_server_or_installs_is_out_of_the_quick_tier() -> None:
    unmarked = []
    for path in sorted(TESTS.glob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        if path.name == "test_tiers.py" or FILE_MARK.search(text):
            continue
        for match in TEST.finditer(text):
            decorators, name, body = match[1], match[2], match[0]
            if STARTS.search(body) and not re.search(r"@pytest\.mark\.(e2e|install)", decorators):
                unmarked.append(f"{path.name}::{name}")
    assert unmarked == []
