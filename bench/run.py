"""`make bench`: what users of a toolset module feel, against `json.loads`, `import openai` and
peers, in one run.

Runs in the bench venv (`.bench/venv`: the project plus the peers pinned in
`bench/requirements.txt`). Inputs are the committed real snapshots, replicated with renamed
tools (`bench/inputs.py`) into a temporary directory; nothing large is written to the tree.
Prints a table, writes `bench/results/latest.json` and rewrites docs/performance.md between
`<!-- bench:start -->` and `<!-- bench:end -->`. The four headline figures and their targets
are in `bench/report.py`:

1. Build (`bench/builds.py`): `mcp2openai build` as a subprocess, CPU time, wall time and peak
   RSS (median of runs), then `black --check` on the 2,000-tool module and stub.
2. Import (`bench/imports.py`): the import and the first `tools("responses")` with bytecode at
   every size, against `json.loads` of the same definitions and against each peer's run-time
   conversion (`bench/peers.py`); without bytecode at 100 and 2,000 tools, also against
   `import openai` at 100.
3. The runtime (`bench/lines.py`): its lines of code, file by file, and the core that
   `tools()`, `tool_calls()` and `tool_output()` load; compiling each (`bench/imports.py`).
4. Calls (`bench/calls.py`): `tool_calls` per call on Chat and Responses responses with 1 and 16
   calls, as dicts and as `openai` SDK objects, against bare `json.loads` of the arguments;
   `tool_output` on a text and an image result; the rewrites' decoding.
5. Tool search (`bench/search.py`), at 2,000 tools (the largest size of a quick run): time per
   query, the first query, and what the index adds to a start without bytecode; and on one
   module of the whole corpus of real servers, the same with recall@5. `--only search` runs
   this step alone and merges it into the last results (the other rows are kept as they were).
6. `tools()` per call (`bench/definitions.py`), at the same size, against `json.dumps` of what it
   returns; and its first, second and third call in a fresh process.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
import tempfile
import time
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from bench.builds import black_check, measure_build
from bench.calls import measure_calls, measure_decoding
from bench.definitions import measure_first_calls, measure_tools
from bench.imports import measure_import, measure_peers, measure_runtime_compile
from bench.inputs import ROOT, write_snapshots
from bench.lines import measure_lines
from bench.report import (
    BUILD_TARGET_TOOLS,
    OPENAI_SHARE,
    SEARCH_TOOLS,
    checks,
    markdown,
    rewrite_page,
    targets,
)
from bench.search import measure_corpus_search, measure_search

RESULTS = ROOT / "bench" / "results" / "latest.json"
COLD_SIZES = (100, 2000)  # without bytecode: the sizes of the targets (and 100 for a quick run)


@dataclass(frozen=True)
class Plan:
    sizes: tuple[int, ...]
    import_runs: int
    build_runs: int
    peer_runs: int
    black_check: bool
    page: bool


FULL = Plan((100, 1000, 2000, 5000), 25, 3, 5, True, True)
QUICK = Plan((100, 1000), 5, 1, 2, False, False)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="smoke run: small sizes, few runs")
    parser.add_argument("--no-page", action="store_true", help="leave docs/performance.md alone")
    parser.add_argument("--out", type=Path, default=RESULTS, help="results JSON")
    parser.add_argument(
        "--only", choices=["search"], help="run this step alone, merged into the last results"
    )
    options = parser.parse_args()
    plan = QUICK if options.quick else FULL
    if options.only == "search":
        return search_only(plan, options)
    started = time.perf_counter()
    results: dict[str, Any] = {"machine": machine(), "versions": versions()}
    with tempfile.TemporaryDirectory(prefix="m2o-bench-") as temporary:
        work = Path(temporary)
        modules = work / "modules"
        modules.mkdir()
        snapshots = {n: write_snapshots(n, work / f"snapshots-{n}") for n in plan.sizes}
        results["build"] = [
            measure_build(n, snapshots[n], modules / f"adapter_{n}.py", plan.build_runs)
            for n in plan.sizes
        ]
        black_size = BUILD_TARGET_TOOLS if BUILD_TARGET_TOOLS in plan.sizes else plan.sizes[-1]
        results["black_check"] = (
            black_check(modules / f"adapter_{black_size}.py", black_size, work)
            if plan.black_check
            else None
        )
        peers = {n: measure_peers(work / f"snapshots-{n}", plan.peer_runs) for n in plan.sizes}
        results["import"] = [
            measure_import(modules, n, plan.import_runs, peers[n], cold=False) for n in plan.sizes
        ]
        results["cold_import"] = [
            measure_import(modules, n, plan.import_runs, None, cold=True, openai=n in OPENAI_SHARE)
            for n in plan.sizes
            if n in COLD_SIZES
        ]
        results["lines"] = measure_lines(modules, f"adapter_{plan.sizes[0]}")
        loaded = results["lines"]["step_files"]
        results["runtime_compile"] = measure_runtime_compile(work, loaded, plan.import_runs)
        calls_module = modules / f"adapter_{plan.sizes[1]}.py"
        results["calls"], results["outputs"] = measure_calls(calls_module)
        results["decoding"] = measure_decoding(work)
        search_size = SEARCH_TOOLS if SEARCH_TOOLS in plan.sizes else plan.sizes[-1]
        results["search"] = measure_search(modules, search_size, plan.import_runs)
        definitions = modules / f"adapter_{search_size}.py"
        results["definitions"] = measure_tools(definitions, search_size)
        results["first_calls"] = measure_first_calls(definitions, search_size, plan.import_runs)
        results["corpus_search"] = measure_corpus_search(work / "corpus", plan.import_runs)
    return finish(results, started, plan, options)


def search_only(plan: Plan, options: argparse.Namespace) -> int:
    """The tool-search step alone, its rows replacing those of the last results."""
    started = time.perf_counter()
    results: dict[str, Any] = json.loads(options.out.read_text(encoding="utf-8"))
    if "lines" not in results:
        raise SystemExit(f"{options.out}: written by an older `make bench`: run it in full")
    with tempfile.TemporaryDirectory(prefix="m2o-bench-") as temporary:
        work = Path(temporary)
        size = SEARCH_TOOLS if SEARCH_TOOLS in plan.sizes else plan.sizes[-1]
        modules = work / "modules"
        modules.mkdir()
        snapshots = write_snapshots(size, work / f"snapshots-{size}")
        measure_build(size, snapshots, modules / f"adapter_{size}.py", 1)
        results["search"] = measure_search(modules, size, plan.import_runs)
        results["corpus_search"] = measure_corpus_search(work / "corpus", plan.import_runs)
    results["search_machine"] = machine()
    return finish(results, started, plan, options, key="search_seconds")


def finish(
    results: dict[str, Any],
    started: float,
    plan: Plan,
    options: argparse.Namespace,
    key: str = "seconds",
) -> int:
    results["machine"]["load_average_end"] = list(os.getloadavg())
    results["targets"] = targets(results)
    results["checks"] = checks(results)
    results[key] = round(time.perf_counter() - started, 1)
    options.out.parent.mkdir(parents=True, exist_ok=True)
    options.out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    table = markdown(results)
    print(table)
    if plan.page and not options.no_page:
        rewrite_page(table)
        print(f"\nwrote {options.out.relative_to(ROOT)} and docs/performance.md")
    return 0


def machine() -> dict[str, Any]:
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cores": os.cpu_count(),
        "cpu": model,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(terse=True),
        "date": datetime.date.today().isoformat(),
        "load_average_start": list(os.getloadavg()),
    }


def versions() -> dict[str, str]:
    names = ["mcp2openai", "black", "openai-agents", "pydantic-ai-slim", "langchain-core"]
    return {name: metadata.version(name) for name in [*names, "openai", "mcp", "pydantic"]}


if __name__ == "__main__":
    sys.exit(main())
