"""`make bench`: its measurements on a small toolset, its line counts and its report.

The bench measures what users of a toolset module feel (bench/run.py): the import and first
`tools()` with and without bytecode, against `json.loads` and `import openai`, `tool_calls`
per call, the build, and the runtime folder's lines of code. These tests run its steps on the
2-tool `time` toolset and its report on the last results."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from buildutil import ROOT

from bench.report import END, START, markdown, rewrite_page, targets

LATEST = ROOT / "bench" / "results" / "latest.json"


def adapter_folder(directory: Path) -> None:
    """The 2-tool time toolset as the bench's `adapter_2`, with its runtime beside it."""
    from bench.lines import time_toolset

    time_toolset(directory, "adapter_2")


def test_code_lines_are_lines_with_code_only() -> None:
    """Not counted: blank lines, comment lines, docstrings (module, class, function, one line
    or many). Counted: every line a statement spans, and a string that is not a docstring."""
    from bench.lines import code_lines

    source = '''"""The module's docstring,
on two lines."""

import sys  # a comment after code counts


# a comment alone does not
class Thing:
    """One line."""

    def method(self) -> str:
        """Three
        lines
        """
        text = """a string that is
        not a docstring"""
        return (
            text
        )
'''
    counted = ["import sys", "class Thing", "def method", 'text = """', "not a docstring"]
    counted += ["return (", "text", ")"]
    assert code_lines(source) == len(counted) == 8
    assert code_lines("") == 0
    assert code_lines('"""Only a docstring."""\n\n# and a comment\n') == 0


def test_every_file_of_the_runtime_folder_is_counted_and_the_core_is_found(
    tmp_path: Path,
) -> None:
    """Every file the build writes into `_mcp2openai/`, the stub too; the core is what a child
    interpreter loads for tools(), tool_calls() and tool_output(), found by running it."""
    from mcp2openai.emit import runtime_files

    from bench.lines import STUB, measure_lines, runtime_lines, time_toolset

    assert set(runtime_lines()) == set(runtime_files()) and STUB in runtime_files()
    row = measure_lines(tmp_path, time_toolset(tmp_path))
    per_file = row["per_file"]
    assert row["stub_lines"] == per_file[STUB] > 0
    assert row["python_lines"] + row["stub_lines"] == row["folder_lines"] == sum(per_file.values())
    steps = row["step_files"]
    assert "__init__.py" in steps["import"]
    assert (
        set(steps["import"]) <= set(steps["tools"]) <= set(steps["calls"]) == set(row["core_files"])
    )
    assert {"calls.py", "outputs.py"} <= set(row["core_files"])
    assert not {"sessions.py", "execute.py", "search.py", STUB} & set(row["core_files"])
    assert row["core_lines"] == sum(per_file[file] for file in row["core_files"])
    assert row["steps"]["calls"] == row["core_lines"]
    assert row["outside_standard_library"] == []


def test_python_m_bench_lines_prints_the_counts() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.lines"], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert "the whole folder" in done.stdout and "(core)" in done.stdout
    assert "api.pyi" in done.stdout


def test_an_import_row_is_each_columns_fastest_sample(tmp_path: Path) -> None:
    """A fresh process per sample: a row's figures and ratios come from each column's fastest
    sample (bench/imports.py says why), the medians are kept beside them."""
    from bench.imports import measure_import

    adapter_folder(tmp_path)
    row = measure_import(tmp_path, 2, 5, None, cold=False)
    samples = row["samples"]
    for key, values in samples.items():
        assert row[key] == min(values) and row["medians"][key] == statistics.median(values)
    fastest_json = min(samples["json_loads_ms"])
    assert row["import_and_tools_vs_json"] == min(samples["import_and_tools_ms"]) / fastest_json
    assert row["bytecode"] and row["flags"] == "-I -S"
    assert row["modules_imported_by_adapter"] == []


def test_a_sample_without_bytecode_imports_a_module_of_the_apps_own_first(
    tmp_path: Path,
) -> None:
    """Without bytecode, a sample measures what the toolset adds to an app that has compiled
    a module of its own from source (bench/imports.py): that module is imported before the
    clock. The row also has the toolset as the first source import, the module's compile, and
    `import openai` with the same flags, each its fastest sample."""
    from bench.imports import _IMPORT_CHILD, COLD_FLAGS, measure_import

    adapter_folder(tmp_path)
    app = tmp_path / "own"
    app.mkdir()
    (app / "app_module.py").write_text("import sys\nsys.stderr.write('app first')\n")
    command = [sys.executable, *COLD_FLAGS, "-c", _IMPORT_CHILD, str(tmp_path), "adapter_2"]
    for extra, stderr in (([str(app)], "app first"), ([], "")):
        done = subprocess.run([*command, *extra], capture_output=True, text=True, check=True)
        assert done.stderr == stderr
        count, added = done.stdout.split()[4:]
        assert count == "2"  # and what the import and tools() load is the runtime alone
        assert {name.split(".")[0] for name in added.split(",")} == {"_mcp2openai"}
    row = measure_import(tmp_path, 2, 2, None, cold=True, openai=True)
    assert not row["bytecode"] and row["flags"] == " ".join(COLD_FLAGS) == "-I -B"
    assert not (tmp_path / "__pycache__").exists()
    for key in ("first_import_and_tools_ms", "compile_ms", "openai_ms"):
        assert row[key] == min(row["samples"][key]) > 0
    assert row["import_and_tools_vs_openai"] == row["import_and_tools_ms"] / row["openai_ms"]
    assert row["first_import_and_tools_vs_json"] > 0


def test_the_search_steps_toolset_without_an_index_differs_only_by_its_index(
    tmp_path: Path,
) -> None:
    """`make bench` times the start without bytecode of a toolset against the same toolset
    whose `_SEARCH` text is `{}`: only its index may differ."""
    from bench.imports import import_path
    from bench.search import without_index

    path = tmp_path / f"{adapter_2(tmp_path)}.py"
    original = import_path(path)
    bare, index_bytes = without_index(tmp_path, path)
    assert index_bytes == len(original._SEARCH.encode("utf-8")) > 100
    copy = import_path(bare / path.name)
    assert copy._SEARCH == "{}"
    assert copy.tools("responses") == original.tools("responses")
    assert copy.NAMES == original.NAMES
    assert copy.tool_search("current time") == [] != original.tool_search("current time")
    assert (bare / "_mcp2openai" / "__init__.py").exists()


def adapter_2(directory: Path) -> str:
    adapter_folder(directory)
    return "adapter_2"


def results_with(**changes: Any) -> dict[str, Any]:
    """The results a run measured, as `targets()` reads them, with `changes`."""
    results: dict[str, Any] = {
        "import": [
            {"tools": 100, "import_and_tools_vs_json": 1.4, "import_and_tools_ms": 1.4},
            {"tools": 2000, "import_and_tools_vs_json": 1.6, "import_and_tools_ms": 41.6},
        ],
        "cold_import": [
            {
                "tools": 100,
                "import_and_tools_vs_json": 4.0,
                "import_and_tools_ms": 4.0,
                "openai_ms": 400.0,
                "import_and_tools_vs_openai": 0.01,
            },
            {"tools": 2000, "import_and_tools_vs_json": 2.5, "import_and_tools_ms": 65.0},
        ],
        "calls": [
            {"api": "chat", "form": "dict", "calls": 1, "ratio": 1.2, "correct": True},
            {"api": "chat", "form": "sdk", "calls": 16, "ratio": 1.4, "correct": True},
        ],
        "build": [{"tools": 2000, "cpu_s": 1.9, "wall_s": 2.1}],
        "lines": {
            "core_lines": 1400,
            "core_files": ["__init__.py", "calls.py"],
            "folder_lines": 3100,
            "python_lines": 2700,
            "stub_lines": 400,
        },
    }
    for row in (*results["import"], *results["cold_import"]):
        row.setdefault("json_loads_ms", 1.0)
    for call in results["calls"]:
        call["tool_calls_us"] = 3.0
    results.update(changes)
    return results


def test_the_targets_are_the_four_figures_and_the_runtimes_size() -> None:
    rows = targets(results_with())
    assert [(row["figure"], row["met"]) for row in rows] == [
        ("a", True),  # 100 tools: 1.4x json.loads, at most 1.5x
        ("a", False),  # 2,000 tools: 1.6x
        ("b", True),  # every call read right (the figure has no target)
        ("c", True),  # 1.9 s of CPU, at most 2 s (the wall time is not the figure)
        ("d", True),  # 100 tools: 1% of import openai, at most 10%
        ("d", False),  # 2,000 tools: 2.5x json.loads, at most 2x
        ("lines", True),  # the core: 1,400, at most 1,500
        ("lines", True),  # the folder's Python files: 2,700, at most 3,000 (the stub apart)
    ]
    assert "10% of `import openai`" in rows[4]["target"] and "1.0%" in rows[4]["result"]
    assert "4,289" in rows[-1]["target"]
    assert rows[-1]["result"] == "2,700; with api.pyi (400): 3,100"
    over = results_with(lines={**results_with()["lines"], "python_lines": 3001})
    assert not targets(over)[-1]["met"]
    wrong = results_with()
    wrong["calls"][0]["correct"] = False  # a parser that drops calls fails, however fast
    assert not targets(wrong)[2]["met"]
    quick = results_with(build=[{"tools": 1000, "cpu_s": 1.0, "wall_s": 1.0}])
    assert "c" not in [row["figure"] for row in targets(quick)]  # a size not measured


def test_the_report_of_the_last_results_states_the_targets_and_the_line_counts() -> None:
    results = json.loads(LATEST.read_text(encoding="utf-8"))
    page = markdown(results)
    for row in results["targets"]:
        assert f"| {row['target']} | {row['result']} |" in page
    lines = results["lines"]
    for count in ("core_lines", "python_lines", "stub_lines", "folder_lines"):
        assert f"{lines[count]:,}" in page
    assert page.count("| yes |") + page.count("| **no** |") >= len(results["targets"])


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
