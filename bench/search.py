"""Tool search: time per query, the first query's cost, and what the index adds to a cold start.

- Per query: `tool_search(query)` (the definitions returned) and the runtime's `ranked`
  (indices only), each query timed alone (CPU time, the median of 5 calls), on queries made from the
  first sentence of the descriptions of 200 tools spread over the toolset; p50 and p90 over the
  queries. The index is loaded before any clock starts.
- First query: in a fresh `python -I -S`, after the import and the first `tools("responses")`,
  the first `tool_search` (it parses the index and builds its postings).
- The index's share of the cold start: the import and the first `tools("responses")` without
  bytecode (as the cold-import rows), of the module as built and of the same module with an
  empty search table (its `_SEARCH` text `{}`), alternating; the fastest sample of each (see
  bench/imports.py for why). Without bytecode the index is compiled with the module's source.
- On the corpus (`measure_corpus_search`): the same on one module of every recorded real
  server, with recall@5 of scripts/search_quality.py's two query forms.
"""

from __future__ import annotations

import re
import shutil
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mcp2openai.stub import RUNTIME_PACKAGE

from bench.imports import _IMPORT_CHILD, COLD_FLAGS, child, import_path

QUERIES = 200
REPEATS = 5
# The search table's text in a toolset module: a raw string, which cannot hold its quotes.
SEARCH_TEXT = re.compile(r'^(_SEARCH = r""")(.*?)("""$)', re.DOTALL | re.MULTILINE)

_FIRST_QUERY_CHILD = """\
import sys, time
sys.path.insert(0, sys.argv[1])
module = __import__(sys.argv[2])
module.tools("responses")
c0 = time.process_time_ns()
found = module.tool_search(sys.argv[3])
print(time.process_time_ns() - c0, len(found))
"""


def measure_search(directory: Path, count: int, runs: int) -> dict[str, Any]:
    name = f"adapter_{count}"
    path = directory / f"{name}.py"
    module = import_path(path)
    definitions = module.tools("responses")
    step = max(1, len(definitions) // QUERIES)
    pairs = [(d["name"], first_sentence(d["description"])) for d in definitions[::step]]
    pairs = [(tool, query) for tool, query in pairs[:QUERIES] if query]
    from mcp2openai.templates.runtime.search import ranked

    position = {d["name"]: index for index, d in enumerate(definitions)}
    toolset = module._toolset
    ranked(toolset, "warm up", 8)  # the index is loaded before any clock starts
    # A search that finds nothing would look fast: count what it finds before timing.
    found = sum(position[tool] in ranked(toolset, query, 8) for tool, query in pairs)
    queries = [query for _, query in pairs]
    search_us = [per_query(module.tool_search, query) for query in queries]
    names_us = [per_query(lambda q: ranked(toolset, q, 8), query) for query in queries]
    command = [sys.executable, "-I", "-S", "-c", _FIRST_QUERY_CHILD, str(directory), name]
    first = [int(child([*command, queries[0]])[0]) / 1e6 for _ in range(runs)]
    bare, index_bytes = without_index(directory, path)
    with_index, without = cold_starts(directory, bare, name, runs)
    row: dict[str, Any] = {
        "tools": count,
        "queries": len(queries),
        "found_in_first_8": found,
        "tool_search_p50_us": statistics.median(search_us),
        "tool_search_p90_us": quantile(search_us, 0.9),
        "names_p50_us": statistics.median(names_us),
        "names_p90_us": quantile(names_us, 0.9),
        "first_query_ms": statistics.median(first),
        "index_kb": index_bytes / 1e3,
        "module_mb": path.stat().st_size / 1e6,
        "cold_with_index_ms": min(with_index),
        "cold_without_index_ms": min(without),
        "samples": {
            "tool_search_us": search_us,
            "names_us": names_us,
            "first_query_ms": first,
            "cold_with_index_ms": with_index,
            "cold_without_index_ms": without,
        },
    }
    row["index_share"] = row["cold_with_index_ms"] / row["cold_without_index_ms"] - 1
    print(
        f"tool_search {count:>5} tools: p50 {row['tool_search_p50_us']:.0f} µs"
        f" (names only {row['names_p50_us']:.0f} µs), first query {row['first_query_ms']:.1f} ms;"
        f" index {row['index_kb']:.0f} kB, +{row['index_share']:.1%} on a cold start"
    )
    return row


def without_index(directory: Path, path: Path) -> tuple[Path, int]:
    """A copy of the toolset `path` (and its runtime) whose search table is empty (`{}`),
    in a folder of its own: the folder, and the size of the index in bytes."""
    source = path.read_text(encoding="utf-8")
    found = SEARCH_TEXT.search(source)
    if found is None:
        raise ValueError(f"{path}: no _SEARCH table")
    bare = directory / "without-index"
    shutil.rmtree(bare, ignore_errors=True)
    shutil.copytree(directory / RUNTIME_PACKAGE, bare / RUNTIME_PACKAGE)
    emptied = source[: found.start(2)] + "{}" + source[found.end(2) :]
    (bare / path.name).write_text(emptied, encoding="utf-8")
    return bare, len(found[2].encode("utf-8"))


def cold_starts(
    directory: Path, bare: Path, name: str, runs: int
) -> tuple[list[float], list[float]]:
    """CPU ms of the import and first tools() without bytecode: with the index, without."""
    with_index: list[float] = []
    without_index: list[float] = []
    for _ in range(runs):
        for where, samples in ((directory, with_index), (bare, without_index)):
            shutil.rmtree(where / "__pycache__", ignore_errors=True)
            shutil.rmtree(where / RUNTIME_PACKAGE / "__pycache__", ignore_errors=True)
            command = [sys.executable, *COLD_FLAGS, "-c", _IMPORT_CHILD, str(where), name]
            numbers = child(command)
            samples.append((int(numbers[2]) + int(numbers[3])) / 1e6)
    return with_index, without_index


def per_query(function: Callable[[str], object], query: str) -> float:
    """Median CPU microseconds of REPEATS calls."""
    samples = []
    for _ in range(REPEATS):
        start = time.process_time_ns()
        function(query)
        samples.append(time.process_time_ns() - start)
    return statistics.median(samples) / 1e3


def quantile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def first_sentence(description: str) -> str:
    text = " ".join(description.split())
    return re.split(r"(?<=[.!?:])\s+", text, maxsplit=1)[0]


def measure_corpus_search(directory: Path, runs: int) -> dict[str, Any]:
    """Search quality and speed on one module of the whole corpus of real servers.

    recall@5 of the two query forms (scripts/search_quality.py) on its fixed sample and on
    every tool; each of the sample's first-sentence queries timed alone (CPU, median of 5
    calls, the index loaded first); the first query; the index's share of the cold start.
    """
    from mcp2openai.templates.runtime.search import ranked

    from bench.inputs import ROOT

    if str(ROOT / "scripts") not in sys.path:
        sys.path.insert(0, str(ROOT / "scripts"))
    import search_quality as quality

    name = "corpus_search"
    directory.mkdir(parents=True, exist_ok=True)
    path, module = quality.build_corpus_module(directory, name)
    every = quality.cases(module)
    chosen = quality.sample(every)
    full, nameless = quality.recall(module, chosen)
    every_full, every_nameless = quality.recall(module, every)
    toolset = module._toolset
    ranked(toolset, "warm up", 5)  # the index is loaded before any clock starts
    search_us = [per_query(lambda q: ranked(toolset, q, quality.TOP), c.full) for c in chosen]
    command = [sys.executable, "-I", "-S", "-c", _FIRST_QUERY_CHILD, str(directory), name]
    first = [int(child([*command, chosen[0].full])[0]) / 1e6 for _ in range(runs)]
    bare, index_bytes = without_index(directory, path)
    with_index, without = cold_starts(directory, bare, name, runs)
    row: dict[str, Any] = {
        "servers": len(quality.snapshot_paths()),
        "tools": len(module.NAMES),
        "sample": len(chosen),
        "seed": quality.SEED,
        "recall_full": full.value,
        "recall_nameless": nameless.value,
        "nameless_asked": nameless.asked,
        "nameless_skipped": nameless.skipped,
        "every_cases": len(every),
        "every_recall_full": every_full.value,
        "every_recall_nameless": every_nameless.value,
        "p50_us": statistics.median(search_us),
        "p90_us": quantile(search_us, 0.9),
        "first_query_ms": statistics.median(first),
        "index_kb": index_bytes / 1e3,
        "module_mb": path.stat().st_size / 1e6,
        "cold_with_index_ms": min(with_index),
        "cold_without_index_ms": min(without),
        "samples": {
            "search_us": search_us,
            "first_query_ms": first,
            "cold_with_index_ms": with_index,
            "cold_without_index_ms": without,
        },
    }
    row["index_share"] = row["cold_with_index_ms"] / row["cold_without_index_ms"] - 1
    print(
        f"tool_search on the corpus ({row['tools']:,} tools): recall@5 {full.value:.3f} /"
        f" {nameless.value:.3f} (sample of {len(chosen)}), p50 {row['p50_us']:.0f} µs,"
        f" index {row['index_kb']:,.0f} kB, {row['index_share']:+.1%} on a cold start"
    )
    return row
