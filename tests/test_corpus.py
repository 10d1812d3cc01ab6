"""The corpus of real servers' tool lists: manifest, pins, snapshots, builds, and the report.

The corpus is `generated/snapshots/` (the end-to-end servers) plus `tests/fixtures/corpus/`
(the servers of `tests/corpus/manifest.json`). Nothing here needs the servers or the network:
`make corpus` re-records, these tests read what it committed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import corpus
import pytest
from buildutil import ROOT, import_path, run_cli
from mcp2openai.live import dump
from mcp2openai.load import read_snapshot
from mcp2openai.strict import Unsupported, convert
from openai_checker import tool_violations

ENTRIES = corpus.load_manifest()
SNAPSHOTS = corpus.snapshot_paths()
FIXTURES = sorted(corpus.FIXTURE_DIR.glob("*.json"))
NO_DEPENDENCIES = {"grafana"}  # PyPI servers whose wheel needs no other package


def test_the_corpus_holds_about_4000_distinct_real_tools() -> None:
    assert len(SNAPSHOTS) >= 100
    registries = Counter(entry.registry for entry in ENTRIES)
    assert registries["npm"] >= 20 and registries["pypi"] >= 20, registries
    lists: dict[str, str] = {}
    tools: dict[str, str] = {}
    for name, path in SNAPSHOTS:
        listed = json.loads(path.read_text(encoding="utf-8"))["tools"]
        whole = json.dumps(listed, sort_keys=True)
        assert whole not in lists, f"{name} holds the tool list of {lists.get(whole)}"
        lists[whole] = name
        for tool in listed:
            key = json.dumps(
                [tool["name"], tool.get("description"), tool["inputSchema"]], sort_keys=True
            )
            assert key not in tools, f"{name}/{tool['name']} is also {tools.get(key)}'s"
            tools[key] = name
    assert len(tools) >= 4000


# ---------------------------------------------------------------------------------------------
# Manifest, pins and files agree


def test_the_readme_describes_every_corpus_server() -> None:
    readme = (corpus.CORPUS_DIR / "README.md").read_text(encoding="utf-8")
    for entry in ENTRIES:
        assert f"| `{entry.name}` | {entry.package} {entry.version} (" in readme, entry.name


def test_manifest_and_snapshot_files_match() -> None:
    assert [p.stem for p in FIXTURES] == sorted(entry.name for entry in ENTRIES)
    generated = {p.stem for p in corpus.SNAPSHOT_DIR.glob("*.json")}
    assert not generated & {entry.name for entry in ENTRIES}


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
def test_each_snapshot_names_the_package_and_version_its_manifest_entry_pins(
    entry: corpus.Entry,
) -> None:
    text = entry.snapshot.read_text(encoding="utf-8")
    snapshot = json.loads(text)
    assert dump(snapshot) == text  # written by the recorder, byte for byte
    assert snapshot["mcp2openai_snapshot"] == 1
    assert snapshot["source"] == {
        "registry": entry.registry,
        "package": entry.package,
        "version": entry.version,
    }
    assert snapshot["tools"], "a corpus server lists at least one tool"
    assert corpus.pinned_version(entry) == entry.version


def test_npm_pins_are_exactly_the_manifest_npm_servers() -> None:
    package = json.loads((corpus.CORPUS_DIR / "package.json").read_text())
    npm = {e.package: e.version for e in ENTRIES if e.registry == "npm"}
    assert package["dependencies"] == dict(sorted(npm.items()))
    lock = json.loads((corpus.CORPUS_DIR / "package-lock.json").read_text())
    assert lock["packages"][""]["dependencies"] == package["dependencies"]
    for name, version in npm.items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version, name


def test_pypi_pins_are_exactly_the_manifest_pypi_servers_and_fully_pinned() -> None:
    pypi = sorted(e.name for e in ENTRIES if e.registry == "pypi")
    assert sorted(p.stem for p in corpus.PYPI_PINS.glob("*.txt")) == pypi
    for path in corpus.PYPI_PINS.glob("*.txt"):
        lines = [line.split("#", 1)[0].strip() for line in path.read_text().splitlines()]
        requirements = [line for line in lines if line]
        # the whole tree, not just the server (grafana's wheel holds a Go binary and nothing else)
        assert len(requirements) > 5 or path.stem in NO_DEPENDENCIES, path.name
        assert all("==" in line for line in requirements), path.name


def test_every_manifest_file_lies_in_the_scratch_directory_and_every_env_value_is_fixed() -> None:
    for entry in ENTRIES:
        for name in entry.files:
            assert corpus.SCRATCH in Path(name).parents
        for value in [*entry.env.values(), *entry.args]:
            assert "$" not in value, (entry.name, value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"version": "^1.0.0"}, "not an exact version"),
        ({"name": "Bad-Name"}, "must match"),
        ({"registry": "cargo"}, "'pypi' or 'npm'"),
        ({"surprise": 1}, "unknown keys ['surprise']"),
        ({"files": {"/etc/passwd": "x"}}, "must lie under"),
        ({"env": {"KEY": 1}}, "must map strings to strings"),
    ],
)
def test_manifest_mistakes_are_refused(
    tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    entry = {"name": "ok", "registry": "npm", "package": "p", "version": "1.0.0", "command": "c"}
    path = tmp_path / "manifest.json"
    path.write_text(json.dumps({"servers": [{**entry, **change}]}))
    with pytest.raises(corpus.ManifestError, match=message.replace("[", r"\[").replace("]", r"\]")):
        corpus.load_manifest(path)


def test_a_server_listed_twice_is_refused(tmp_path: Path) -> None:
    entry = {"name": "ok", "registry": "npm", "package": "p", "version": "1.0.0", "command": "c"}
    path = tmp_path / "manifest.json"
    path.write_text(json.dumps({"servers": [entry, entry]}))
    with pytest.raises(corpus.ManifestError, match="listed twice"):
        corpus.load_manifest(path)


def test_recorder_runs_each_server_from_the_corpus_install() -> None:
    import record_corpus

    for entry in ENTRIES:
        server = record_corpus.server_of(entry)
        transport = server.transport()
        assert server.snapshot_dir == corpus.FIXTURE_DIR
        assert server.client == "full"  # sampling, elicitation and roots, as `fetch` declares
        assert transport.env["HOME"] == transport.cwd == str(corpus.SCRATCH / "home" / entry.name)
        assert dict(transport.env).items() >= entry.env.items()
        if entry.registry == "pypi":
            expected = corpus.VENVS / entry.name / "bin" / entry.command
            assert (transport.command, transport.args) == (str(expected), entry.args)
        elif "/" in entry.command:
            script = corpus.CORPUS_DIR / "node_modules" / entry.command
            assert (transport.command, transport.args) == ("node", (str(script), *entry.args))
        else:
            expected = corpus.CORPUS_DIR / "node_modules" / ".bin" / entry.command
            assert (transport.command, transport.args) == (str(expected), entry.args)


# ---------------------------------------------------------------------------------------------
# Every snapshot builds into a module that imports in an isolated interpreter, and whose
# definitions pass the independent checker of OpenAI's rules (tests/openai_checker.py)


@pytest.mark.slow  # CONTRIBUTING.md, "Tiers"
@pytest.mark.parametrize(("name", "path"), SNAPSHOTS, ids=[name for name, _ in SNAPSHOTS])
def test_snapshot_builds_into_a_module_that_imports_isolated(
    tmp_path: Path, name: str, path: Path
) -> None:
    tools, _ = read_snapshot(path)
    out = tmp_path / f"corpus_{name}.py"
    result = run_cli("build", "--server", f"{name}={path}", "--out", str(out), "-q")
    assert result.exit_code == 0, result.output
    sent = len(tools) - sum(_independent(tool)[0] == "excluded" for tool in tools)
    code = (
        "import json, sys\n"
        f"sys.path[:] = [{str(tmp_path)!r}]"
        " + [p for p in sys.path if 'site-packages' not in p]\n"
        f"import corpus_{name} as m\n"
        "chat, responses = m.tools('chat'), m.tools('responses')\n"
        "strict = sum(1 for d in responses if d['strict'])\n"
        "print(json.dumps([len(chat), len(responses), len(m.NAMES), strict]))\n"
    )
    run = subprocess.run([sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    strict = sum(_independent(tool)[0] == "strict" for tool in tools)
    assert json.loads(run.stdout) == [sent, sent, sent, strict]
    module = import_path(out)  # every definition passes the independent checker
    for api in ("chat", "responses"):
        for definition in module.tools(api):
            assert tool_violations(definition, api) == [], definition
            assert _vendor_keywords(definition) == [], definition  # output_schema too


# Keywords whose keys are names (a property `x-api-key` is not a vendor keyword), and whose
# values are data.
_NAMES = {"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}
_VALUES = {"enum", "const", "default", "examples", "required", "dependentRequired"}


def _vendor_keywords(definition: dict[str, Any]) -> list[str]:
    """Where a definition (either API's) holds an `x-*` keyword, in any schema of it."""
    body = definition.get("function", definition)
    schemas = [("parameters", body["parameters"])]
    if "output_schema" in body:
        schemas.append(("output_schema", body["output_schema"]))
    found = []
    while schemas:
        where, schema = schemas.pop()
        if isinstance(schema, list):
            schemas.extend((f"{where}[{i}]", item) for i, item in enumerate(schema))
        if not isinstance(schema, dict):
            continue
        for key, value in schema.items():
            if key.startswith("x-"):
                found.append(f"{where}.{key}")
            elif key in _NAMES and isinstance(value, dict):
                schemas.extend((f"{where}.{key}.{name}", item) for name, item in value.items())
            elif key not in _VALUES:
                schemas.append((f"{where}.{key}", value))
    return found


# ---------------------------------------------------------------------------------------------
# The report script's counts equal a count made here, from the snapshots and `convert` alone


def _independent(tool: dict[str, Any]) -> tuple[str, str | None]:
    """("strict" | "fallbacks" | "excluded", first reason keyword) under --strict auto."""
    schema = tool["inputSchema"]
    try:
        convert(schema)
    except Unsupported as error:
        # OpenAI refuses a root that is not an object in any mode: left out (docs/design.md).
        plain = schema.get("type") in ("object", ["object"])
        return ("fallbacks" if plain else "excluded"), error.keyword
    return "strict", None


def _expected() -> tuple[dict[str, Counter[str]], dict[str, Counter[str]]]:
    per_server: dict[str, Counter[str]] = {}
    per_keyword: dict[str, Counter[str]] = {}
    for name, path in SNAPSHOTS:
        counts: Counter[str] = Counter()
        for tool in json.loads(path.read_text(encoding="utf-8"))["tools"]:
            outcome, keyword = _independent(tool)
            counts[outcome] += 1
            counts["tools"] += 1
            if keyword is not None:
                per_keyword.setdefault(keyword, Counter())[outcome] += 1
        per_server[name] = counts
    return per_server, per_keyword


def _report(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "corpus_report.py"), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


@pytest.fixture(scope="module")
def report_json() -> dict[str, Any]:
    run = _report("--format", "json")
    assert run.returncode == 0, run.stderr[-2000:]
    report: dict[str, Any] = json.loads(run.stdout)
    return report


@pytest.mark.slow  # CONTRIBUTING.md, "Tiers"
def test_report_counts_equal_an_independent_count(report_json: dict[str, Any]) -> None:
    per_server, per_keyword = _expected()
    assert [row["server"] for row in report_json["rows"]] == [name for name, _ in SNAPSHOTS]
    for row in report_json["rows"]:
        counts = per_server[row["server"]]
        got = {k: row[k] for k in ("tools", "strict", "fallbacks", "excluded")}
        assert got == {k: counts[k] for k in got}, row["server"]
    reasons = {
        r["keyword"]: {"fallbacks": r["fallbacks"], "excluded": r["excluded"]}
        for r in report_json["reasons"]
    }
    assert reasons == {
        keyword: {"fallbacks": c["fallbacks"], "excluded": c["excluded"]}
        for keyword, c in per_keyword.items()
    }
    tools = sum(c["tools"] for c in per_server.values())
    strict = sum(c["strict"] for c in per_server.values())
    assert (report_json["servers"], report_json["tools"]) == (len(SNAPSHOTS), tools)
    assert report_json["strict_share"] == round(100 * strict / tools, 1)
    assert report_json["mode"] == "auto" and report_json["options"] == {}


@pytest.mark.slow  # CONTRIBUTING.md, "Tiers"
def test_report_markdown_has_the_same_totals(report_json: dict[str, Any]) -> None:
    run = _report()
    assert run.returncode == 0, run.stderr[-2000:]
    total = next(line for line in run.stdout.splitlines() if line.startswith("| **all "))
    cells = [cell.strip() for cell in total.strip("|").split("|")]
    assert cells == [
        f"**all {report_json['servers']}**",
        "",
        str(report_json["tools"]),
        str(report_json["strict"]),
        str(report_json["fallbacks"]),
        str(report_json["excluded"]),
        f"{report_json['strict_share']}%",
    ]
    for reason in report_json["reasons"]:
        assert f"| `{reason['keyword']}` | {reason['fallbacks']} | {reason['excluded']} |" in (
            run.stdout
        )


@pytest.mark.slow  # CONTRIBUTING.md, "Tiers"
def test_report_strict_true_excludes_what_auto_sends_non_strict(
    report_json: dict[str, Any],
) -> None:
    run = _report("--format", "json", "--strict", "true")
    assert run.returncode == 0, run.stderr[-2000:]
    strict_true = json.loads(run.stdout)
    assert strict_true["strict"] == report_json["strict"]
    assert strict_true["fallbacks"] == 0
    assert strict_true["excluded"] == report_json["fallbacks"] + report_json["excluded"]


@pytest.mark.slow  # CONTRIBUTING.md, "Tiers"
def test_report_passes_options_to_the_build() -> None:
    run = _report("--option", "no_such_build_option=1")
    assert run.returncode != 0
    assert "no_such_build_option" in run.stderr
