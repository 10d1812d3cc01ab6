"""`make bench`'s report: docs/performance.md between its markers, also from older results.

`make bench --only search` merges its rows into the last `bench/results/latest.json`; a file
written by an older `make bench` lacks the steps added since (`loaded_lines`, the runtime's
compile split in two), and the report says so instead of failing on the missing key."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from buildutil import ROOT

from bench.report import END, OLDER, START, markdown, rewrite_page, targets

LATEST = ROOT / "bench" / "results" / "latest.json"


def older(results: dict[str, Any]) -> dict[str, Any]:
    """`results` as an older `make bench` wrote them."""
    old = copy.deepcopy(results)
    old.pop("loaded_lines", None)
    old["runtime_compile"] = {"ms": 26.05, "lines": 2786, "samples": [26.05]}
    return old


def test_the_report_of_older_results_says_what_was_not_measured() -> None:
    results = older(json.loads(LATEST.read_text(encoding="utf-8")))
    results["targets"] = targets(results)
    unmeasured = [row for row in results["targets"] if row["result"] == OLDER]
    assert len(unmeasured) == 3 and not any(row["met"] for row in unmeasured)
    page = markdown(results)
    assert page.count(OLDER) == 2 + 3  # the two paragraphs and the three target rows
    assert "build 2,000 tools <= 2 s" in page


def test_the_report_goes_between_the_markers_of_its_page(tmp_path: Path) -> None:
    page = tmp_path / "performance.md"
    page.write_text(f"# Performance\n\nintro\n\n{START}\nold table\n{END}\n\nafter\n")
    rewrite_page("new table", page)
    assert page.read_text() == f"# Performance\n\nintro\n\n{START}\nnew table\n{END}\n\nafter\n"
    fresh = tmp_path / "new.md"
    rewrite_page("table", fresh)
    assert fresh.read_text() == f"# Performance\n\n{START}\ntable\n{END}\n"


def test_the_committed_page_has_the_markers() -> None:
    text = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    assert text.count(START) == text.count(END) == 1


def test_the_search_steps_toolset_without_an_index_reads_as_its_own(tmp_path: Path) -> None:
    """`make bench` times the cold start of a toolset against the same toolset with an empty
    search table. That copy's data must be one the runtime reads (its "tables" offsets
    rewritten, not a table cut out of the text), and only its index may differ."""
    import shutil

    from buildutil import GENERATED

    from bench.imports import import_path
    from bench.search import without_index

    shutil.copytree(GENERATED / "_mcp2openai", tmp_path / "_mcp2openai")
    for suffix in (".py", ".json"):
        shutil.copy(GENERATED / f"mcp_everything{suffix}", tmp_path)
    original = import_path(tmp_path / "mcp_everything.py")
    bare, index_bytes, data = without_index(tmp_path, tmp_path / "mcp_everything.py")
    start, end = json.loads(data)["tables"]["search"]
    assert index_bytes == end - start > 1000
    copy = import_path(bare / "mcp_everything.py")
    assert copy.tools("responses") == original.tools("responses")
    assert copy.NAMES == original.NAMES
    assert copy._toolset.table("search") == {} != original._toolset.table("search")


def adapter_folder(directory: Path) -> None:
    """The 2-tool time toolset as bench/imports.py's `adapter_2`, with its runtime."""
    import shutil

    from buildutil import GENERATED

    shutil.copytree(GENERATED / "_mcp2openai", directory / "_mcp2openai")
    for suffix in (".py", ".json"):
        shutil.copy(GENERATED / f"mcp_time{suffix}", directory / f"adapter_2{suffix}")


def test_a_cold_sample_imports_a_module_of_the_apps_own_first(tmp_path: Path) -> None:
    """A cold sample measures what the toolset adds to an app that has compiled a module of
    its own from source (bench/imports.py): that module is imported before the clock, and
    the other figures (the toolset as the first source import, the setup, the floor) are in
    the row and in the report."""
    import subprocess
    import sys

    from bench.imports import _IMPORT_CHILD, measure_import
    from bench.report import first_source_import_text

    adapter_folder(tmp_path)
    app = tmp_path / "own"
    app.mkdir()
    (app / "app_module.py").write_text("import sys\nsys.stderr.write('app first')\n")
    command = [sys.executable, "-I", "-S", "-B", "-c", _IMPORT_CHILD, str(tmp_path), "adapter_2"]
    for extra, stderr in (([str(app)], "app first"), ([], "")):
        done = subprocess.run([*command, *extra], capture_output=True, text=True, check=True)
        assert done.stderr == stderr
        assert done.stdout.split()[4:] == ["2", "_mcp2openai"]  # 2 tools; the runtime alone
    row = measure_import(tmp_path, 2, 1, None, cold=True)
    assert row["setup_ms"] > 0 and row["floor_ms"] > 0
    assert row["first_import_and_tools_vs_json"] > 0 and row["import_and_tools_vs_json"] > 0
    text = " ".join(first_source_import_text([row]))
    assert "a module of the app's own" in text and "2 tools" in text


def test_an_import_row_is_each_columns_fastest_sample(tmp_path: Path) -> None:
    """A fresh process per sample: a row's figures and ratios come from each column's fastest
    sample (bench/imports.py says why), the medians are kept beside them."""
    import statistics

    from bench.imports import measure_import

    adapter_folder(tmp_path)
    row = measure_import(tmp_path, 2, 5, None, cold=False)
    samples = row["samples"]
    for key, values in samples.items():
        assert row[key] == min(values) and row["medians"][key] == statistics.median(values)
    fastest_json = min(samples["json_loads_ms"])
    assert row["import_and_tools_vs_json"] == min(samples["import_and_tools_ms"]) / fastest_json


def test_a_peer_is_compared_by_its_fastest_run_as_the_adapter_is() -> None:
    """The import rows take each column's fastest sample, so the peers' conversions are
    compared by their fastest run too; results of before that kept the median only."""
    from bench.report import peer_ms

    assert peer_ms({"fastest_ms": 80.0, "median_ms": 120.0}) == 80.0
    assert peer_ms({"median_ms": 120.0}) == 120.0
