"""The benchmark's targets and its Markdown report (docs/performance.md).

The headline: what users of a toolset module feel, in four figures, and the size of the
runtime folder every toolset's folder ships. The other rows are kept as details, some
with a check of their own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.imports import PEERS
from bench.inputs import ROOT
from bench.lines import STUB

PAGE = ROOT / "docs" / "performance.md"
START, END = "<!-- bench:start -->", "<!-- bench:end -->"

# The four headline figures, per size where a size applies.
WARM_VS_JSON = {100: 1.5, 2000: 1.5}  # (a) import + first tools(), bytecode: <= x json.loads
BUILD_SECONDS = 2.0  # (c) build of 2,000 tools, CPU seconds
BUILD_TARGET_TOOLS = 2000
OPENAI_SHARE = {100: 0.10}  # (d) no bytecode: import + first tools() <= this of import openai
COLD_VS_JSON = {2000: 2.0}  # (d) no bytecode: import + first tools() <= x json.loads
# The runtime folder's lines of code (bench/lines.py).
CORE_LINES = 1500  # what tools(), tool_calls() and tool_output() load
FOLDER_LINES = 3000  # the folder's Python files, as 0.3's were counted (api.pyi apart)
BASELINE_PYTHON_LINES = 4289  # 0.3's runtime folder: its Python files (drift/ too), no api.pyi

# The other checks.
DECODING_US = 2.0  # the rewrites' decoding adds at most this to a call without rewrites
SEARCH_TOOLS = 2000  # tool_search p50 <= 1 ms at 2,000 tools
SEARCH_P50_US = 1000.0
INDEX_SHARE = 0.10  # the index adds at most 10% to the import + first tools() without bytecode
# on one module of the whole corpus of real servers (scripts/search_quality.py)
RECALL_FULL = 0.97  # recall@5, queries made of a description's first sentence
RECALL_NAMELESS = 0.85  # the same queries with the name's words removed
LINEAR_TOLERANCE = 1.3  # build: CPU per tool at the largest size <= 1.3x that at 1,000 tools


def target(figure: str, name: str, value: str, met: bool) -> dict[str, Any]:
    return {"figure": figure, "target": name, "result": value, "met": met}


def targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """The headline targets, for the sizes the run measured: (a) to (d), then the runtime's
    lines of code."""
    rows = []
    for row in results["import"]:
        limit = WARM_VS_JSON.get(row["tools"])
        if limit is not None:
            rows.append(
                target(
                    "a",
                    f"with bytecode, {row['tools']:,} tools: import + first tools() <="
                    f" {limit}× json.loads",
                    f"{row['import_and_tools_vs_json']:.2f}× ({row['import_and_tools_ms']:.2f}"
                    f" against {row['json_loads_ms']:.2f} ms)",
                    row["import_and_tools_vs_json"] <= limit,
                )
            )
    worst = max(results["calls"], key=lambda c: c["ratio"])
    rows.append(
        target(
            "b",
            "tool_calls per call: a figure kept without a target; every call read right",
            f"worst {worst['ratio']:.2f}× json.loads of its arguments ({worst['api']},"
            f" {form(worst['form'])}, {worst['calls']} call{'s' if worst['calls'] > 1 else ''}:"
            f" {worst['tool_calls_us']:.2f} µs)",
            all(c["correct"] for c in results["calls"]),
        )
    )
    builds = {row["tools"]: row for row in results["build"]}
    if BUILD_TARGET_TOOLS in builds:
        row = builds[BUILD_TARGET_TOOLS]
        rows.append(
            target(
                "c",
                f"build of {BUILD_TARGET_TOOLS:,} tools <= {BUILD_SECONDS:.0f} s of CPU",
                f"{row['cpu_s']:.2f} s ({row['wall_s']:.2f} s wall)",
                row["cpu_s"] <= BUILD_SECONDS,
            )
        )
    for row in results["cold_import"]:
        share = OPENAI_SHARE.get(row["tools"])
        if share is not None and "openai_ms" in row:
            rows.append(
                target(
                    "d",
                    f"no bytecode, {row['tools']:,} tools: import + first tools() <="
                    f" {share:.0%} of `import openai`",
                    f"{row['import_and_tools_vs_openai']:.1%} ({row['import_and_tools_ms']:.2f}"
                    f" against {row['openai_ms']:.0f} ms)",
                    row["import_and_tools_vs_openai"] <= share,
                )
            )
        limit = COLD_VS_JSON.get(row["tools"])
        if limit is not None:
            rows.append(
                target(
                    "d",
                    f"no bytecode, {row['tools']:,} tools: import + first tools() <="
                    f" {limit}× json.loads",
                    f"{row['import_and_tools_vs_json']:.2f}× ({row['import_and_tools_ms']:.2f}"
                    f" against {row['json_loads_ms']:.2f} ms)",
                    row["import_and_tools_vs_json"] <= limit,
                )
            )
    lines = results["lines"]
    rows += [
        target(
            "lines",
            f"the core (what tools(), tool_calls() and tool_output() load) <= {CORE_LINES:,}"
            " lines of code",
            f"{lines['core_lines']:,} ({len(lines['core_files'])} files)",
            lines["core_lines"] <= CORE_LINES,
        ),
        target(
            "lines",
            f"the runtime folder's Python files <= {FOLDER_LINES:,} lines of code, as 0.3's"
            f" {BASELINE_PYTHON_LINES:,} were counted (drift/ included, {STUB} apart)",
            f"{lines['python_lines']:,}; with {STUB} ({lines['stub_lines']:,}):"
            f" {lines['folder_lines']:,}",
            lines["python_lines"] <= FOLDER_LINES,
        ),
    ]
    return rows


def checks(results: dict[str, Any]) -> list[dict[str, Any]]:
    """The other rows' checks: decoding, tool search, the build's growth, black."""
    rows = []
    decoding = results.get("decoding")
    if decoding is not None:
        rows.append(
            target(
                "",
                f"decoding adds <= {DECODING_US:.0f} µs to tool_calls for a tool without rewrites",
                f"{decoding['added_us']:+.2f} µs ({decoding['plain_on_us']:.2f} µs, rewrites off"
                f" {decoding['plain_off_us']:.2f} µs)",
                decoding["added_us"] <= DECODING_US,
            )
        )
    search = results.get("search")
    if search is not None:
        rows += [
            target(
                "",
                f"tool_search at {search['tools']:,} tools: p50 <= {SEARCH_P50_US / 1e3:.0f} ms",
                f"{search['tool_search_p50_us'] / 1e3:.2f} ms"
                f" (p90 {search['tool_search_p90_us'] / 1e3:.2f} ms)",
                search["tool_search_p50_us"] <= SEARCH_P50_US,
            ),
            index_check(f"{search['tools']:,} tools", search),
        ]
    corpus = results.get("corpus_search")
    if corpus is not None:
        where = f"on the corpus ({corpus['tools']:,} tools, sample of {corpus['sample']})"
        rows += [
            target(
                "",
                f"recall@5 {where}, first sentence: >= {RECALL_FULL}",
                f"{corpus['recall_full']:.3f} (every tool: {corpus['every_recall_full']:.3f})",
                corpus["recall_full"] >= RECALL_FULL,
            ),
            target(
                "",
                f"recall@5 {where}, name's words removed: >= {RECALL_NAMELESS}",
                f"{corpus['recall_nameless']:.3f}"
                f" (every tool: {corpus['every_recall_nameless']:.3f})",
                corpus["recall_nameless"] >= RECALL_NAMELESS,
            ),
            target(
                "",
                f"tool_search at {corpus['tools']:,} tools (the corpus): p50 <="
                f" {SEARCH_P50_US / 1e3:.0f} ms",
                f"{corpus['p50_us'] / 1e3:.2f} ms (p90 {corpus['p90_us'] / 1e3:.2f} ms)",
                corpus["p50_us"] <= SEARCH_P50_US,
            ),
            index_check(f"{corpus['tools']:,} tools (the corpus)", corpus),
        ]
    builds = {row["tools"]: row for row in results["build"]}
    if 1000 in builds and max(builds) > 1000:
        small, large = builds[1000], builds[max(builds)]
        growth = (large["cpu_s"] / large["tools"]) / (small["cpu_s"] / small["tools"])
        rows.append(
            target(
                "",
                f"build scales linearly (CPU per tool at {large['tools']:,} tools <="
                f" {LINEAR_TOLERANCE}× that at 1,000)",
                f"{growth:.2f}×",
                growth <= LINEAR_TOLERANCE,
            )
        )
    check = results.get("black_check")
    if check is not None:
        rows.append(
            target(
                "",
                f"`black --check` accepts the {check['tools']:,}-tool module and stub",
                ("passed" if check["passed"] else "FAILED")
                + f" (black took {check['seconds']:.0f} s)",
                check["passed"],
            )
        )
    return rows


def index_check(where: str, row: dict[str, Any]) -> dict[str, Any]:
    return target(
        "",
        f"search index at {where}: adds <= {INDEX_SHARE:.0%} to the import + first tools()"
        " without bytecode",
        f"{row['index_share']:+.1%} ({row['cold_without_index_ms']:.1f} ->"
        f" {row['cold_with_index_ms']:.1f} ms; {row['index_kb']:,.0f} kB)",
        row["index_share"] <= INDEX_SHARE,
    )


def form(name: str) -> str:
    return "dict" if name == "dict" else "SDK object"


def target_table(rows: list[dict[str, Any]], figures: bool) -> list[str]:
    head = "| figure | target | result | met |" if figures else "| check | result | met |"
    lines = [head, "|---|---|---|---|" if figures else "|---|---|---|"]
    for t in rows:
        cells = [t["figure"]] if figures else []
        cells += [t["target"], t["result"], "yes" if t["met"] else "**no**"]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def markdown(results: dict[str, Any]) -> str:
    m, v = results["machine"], results["versions"]
    warm, cold = results["import"], results["cold_import"]
    imported = sorted({n for row in warm + cold for n in row["modules_imported_by_adapter"]})
    lines = [
        f"Measured by `make bench` on {m['date']}: {m['cores']} cores ({m['cpu']}),"
        f" {m['implementation']} {m['python']}, {m['platform']}. Versions: "
        + ", ".join(f"{name} {version}" for name, version in v.items())
        + ". Raw numbers, every sample and wall times: `bench/results/latest.json`.",
        "",
        "Times are **CPU time** of the measured process (`time.process_time`): of a fresh"
        " interpreter per sample (its start-up excluded), each column's fastest sample, the"
        " columns of a row taking turns (the toolset, then its baseline, and so on); of a"
        " per-call figure, the fastest `timeit` run, the functions compared taking turns. The"
        " fastest, as `timeit` advises: on this machine the same work takes about 1.6× the CPU"
        " time for seconds at a time whatever it is (a neighbour on the core), and a median then"
        " depends on how many samples fell in such a stretch; no interference makes work faster"
        " (the medians are in the raw numbers). Tool search and the build give medians. The"
        f" machine is shared (load average {m['load_average_start'][0]:.1f} at the start,"
        f" {m['load_average_end'][0]:.1f} at the end, on {m['cores']} cores): wall time there"
        " also counts waiting for a core, in 4 ms scheduler ticks; CPU time is what the work"
        " costs, and what an idle machine shows as wall time for this single-threaded work.",
        "",
        "**Targets**: what users feel, in four figures: (a) the import and the first"
        ' `tools("responses")` with bytecode, (b) `tool_calls` per call, (c) the build, (d) the'
        " import and the first `tools()` without bytecode; then the runtime folder's size.",
        "",
        *target_table(results["targets"], figures=True),
        "",
        *lines_text(results["lines"]),
        "",
        f"**Import with bytecode** (a): a fresh `python {warm[0]['flags']}` per sample (fastest"
        f" of {warm[0]['runs']}), the module's and the runtime's `.pyc` on disk. *import*: the"
        ' `import` statement; *+tools*: the import and the first `tools("responses")`, which'
        " parses the definitions from the module's text: what an app pays before its first"
        " request. *json.loads*: the same Responses definitions as compact JSON, already read"
        " into a str, in its own fresh interpreter (`json` is imported before the clock in"
        " both). Modules the import and the first `tools()` load, besides the runtime: "
        + (", ".join(f"`{name}`" for name in imported) or "none")
        + ".",
        "",
        *import_table(warm),
        *first_calls_text(results.get("first_calls")),
        "",
        *cold_text(cold, results["runtime_compile"]),
    ]
    first = warm[0]
    runs = len(first["peers"][PEERS[0]]["seconds"])
    lines += [
        "",
        "**Peers**: the run-time conversion each one does on the same MCP tool list (see"
        f" `bench/peers.py`; fastest of {runs} warm runs, library import excluded), against"
        " this module's import with bytecode.",
        "",
        "| tools | openai-agents | pydantic-ai | langchain-core | fastest ÷ import"
        " | fastest ÷ (import+tools) |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for row in warm:
        peers = " | ".join(f"{row['peers'][p]['fastest_ms']:,.0f} ms" for p in PEERS)
        lines.append(
            f"| {row['tools']:,} | {peers} | {row['peer_vs_import']:,.0f}×"
            f" | {row['peer_vs_import_and_tools']:,.0f}× |"
        )
    lines += [
        "",
        "**tool_calls** (b), per call (`timeit`, fastest of 9), against bare `json.loads` of the"
        " same argument strings (nulls at every optional property, as strict mode makes a model"
        " send them).",
        "",
        "| API | response | calls | tool_calls | json.loads | ratio |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for c in results["calls"]:
        wrong = "" if c["correct"] else f" (**wrong**: {c['parsed']} of {c['calls']} parsed)"
        lines.append(
            f"| {c['api']} | {form(c['form'])} | {c['calls']} | {c['tool_calls_us']:.2f} µs"
            f" | {c['json_loads_us']:.2f} µs | {c['ratio']:.2f}×{wrong} |"
        )
    decoding = results.get("decoding")
    if decoding is not None:
        lines += [
            "",
            "**Decoding** (the rewrites): `tool_calls` of one Chat call to the kubernetes"
            " server's `kubectl_get`, which has no rewrites, in its module built with rewrites"
            f" ({decoding['plain_on_us']:.2f} µs) and with `--rewrites off`"
            f" ({decoding['plain_off_us']:.2f} µs): {decoding['added_us']:+.2f} µs; a call to"
            f" `kubectl_patch`, whose `patchData` is decoded from its JSON string:"
            f" {decoding['rewritten_us']:.2f} µs.",
        ]
    lines += definitions_lines(results.get("definitions"))
    lines += [
        "",
        "**tool_output**, per call, on server-everything's `echo` (text) and `get-tiny-image`"
        " (text, a 20×20 PNG, text) results, as wire dicts and as `mcp` SDK objects.",
        "",
        "| result | chat, dict | chat, SDK | responses, dict | responses, SDK |",
        "|---|---:|---:|---:|---:|",
    ]
    for kind in ("text", "image"):
        cells = []
        for api in ("chat", "responses"):
            for shape in ("dict", "sdk"):
                (us,) = [
                    o["us"]
                    for o in results["outputs"]
                    if (o["result"], o["api"], o["form"]) == (kind, api, shape)
                ]
                cells.append(f"{us:.2f} µs")
        lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    lines += search_lines(results.get("search"))
    lines += corpus_search_lines(results.get("corpus_search"))
    lines += [
        "",
        "**Build** (c): `mcp2openai build` as a subprocess (median of"
        f" {len(results['build'][0]['runs'])} runs; interpreter start-up and imports included),"
        " the module (its data included) and its stub.",
        "",
        "| tools | CPU | wall | CPU per tool | peak RSS | module | stub |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for b in results["build"]:
        lines.append(
            f"| {b['tools']:,} | {b['cpu_s']:.2f} s | {b['wall_s']:.2f} s"
            f" | {b['cpu_s'] / b['tools'] * 1e3:.2f} ms | {b['peak_rss_mb']:.0f} MB"
            f" | {b['output_mb']:.1f} MB, {b['output_lines']:,} lines | {b['stub_mb']:.1f} MB |"
        )
    lines += ["", "**Other checks**", "", *target_table(results["checks"], figures=False)]
    return "\n".join(lines)


def import_table(rows: list[dict[str, Any]]) -> list[str]:
    lines = [
        "| tools | module | import | +tools | json.loads | +tools ÷ json"
        " | wall: import / +tools / json.loads |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        lines.append(
            f"| {row['tools']:,} | {row['module_mb']:.2f} MB | {row['import_ms']:.2f} ms"
            f" | {row['import_and_tools_ms']:.2f} ms | {row['json_loads_ms']:.2f} ms"
            f" | {row['import_and_tools_vs_json']:.2f}× | {row['wall_import_ms']:.1f} /"
            f" {row['wall_import_and_tools_ms']:.1f} / {row['wall_json_loads_ms']:.1f} ms |"
        )
    return lines


def cold_text(rows: list[dict[str, Any]], compiled: dict[str, Any]) -> list[str]:
    """The rows without bytecode (d): the method, the table, and what the time is spent on."""
    flags = rows[0]["flags"]
    lines = [
        f"**Import without bytecode** (d): a fresh `python {flags}` per sample (fastest of"
        f" {rows[0]['runs']}), the module's and the runtime's `__pycache__` deleted before each,"
        " as an app runs under `PYTHONDONTWRITEBYTECODE=1` or from a read-only folder: its"
        " own files, the toolset among them, are compiled at every start (`python -m"
        " compileall` at image build time avoids it; see [usage.md](usage.md#install)). Each"
        " sample first imports a module of the app's own, also compiled from source, so the"
        " rows are what the toolset adds to the app's start (the first compile of a process"
        " also sets up CPython's AST types, once whatever is compiled). *import openai*: that"
        " import, in its own fresh interpreter with the same flags and the same module of the"
        " app's own first. `site` stays on (no `-S`) for every child of these rows, the toolset's"
        " and `json.loads`' too, because `openai` is in the bench venv's site-packages; `openai`"
        " keeps the bytecode `pip install` compiled for it (pip compiles what it installs"
        " whatever `PYTHONDONTWRITEBYTECODE` says), as it is in the app's image, while the"
        " app's own files have none. *first source import*: the import and the first"
        " `tools()` when the toolset is the process's first source import (a lone script whose"
        " every other import has bytecode), which also pays the AST setup. *compile*: the"
        " module's own source compiled alone, its data included.",
        "",
        "| tools | import | +tools | json.loads | +tools ÷ json | first source import"
        " | compile | import openai | +tools ÷ openai |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        openai = (
            f"{row['openai_ms']:.0f} ms | {row['import_and_tools_vs_openai']:.1%}"
            if "openai_ms" in row
            else "– | –"
        )
        lines.append(
            f"| {row['tools']:,} | {row['import_ms']:.2f} ms | {row['import_and_tools_ms']:.2f} ms"
            f" | {row['json_loads_ms']:.2f} ms | {row['import_and_tools_vs_json']:.2f}×"
            f" | {row['first_import_and_tools_ms']:.2f} ms | {row['compile_ms']:.2f} ms"
            f" | {openai} |"
        )
    lines += [
        "",
        "Compiling the runtime (each file in a fresh interpreter after the AST setup, fastest of"
        f" {len(compiled['import_samples'])}): what every import loads"
        f" ({', '.join(f'`{name}`' for name in compiled['files']['import'])}),"
        f" {compiled['import_ms']:.2f} ms; the core,"
        f" {compiled['core_ms']:.2f} ms; every file, {compiled['all_ms']:.2f} ms.",
    ]
    return lines


def first_calls_text(row: dict[str, Any] | None) -> list[str]:
    if row is None:
        return []
    return [
        "",
        '*Later calls*: every `tools("responses")` returns new lists and dicts. In a fresh'
        " interpreter after the import (fastest of"
        f" {len(row['samples']['first_ms'])}), at {row['tools']:,} tools: the first call"
        f" {row['first_ms']:.2f} ms, the second {row['second_ms']:.2f} ms, the third"
        f" {row['third_ms']:.2f} ms; `json.loads` of the same definitions in that process"
        f" {row['json_loads_ms']:.2f} ms.",
    ]


def definitions_lines(definitions: dict[str, Any] | None) -> list[str]:
    if definitions is None:
        return []
    lines = [
        "",
        f"**tools()**, per call at {definitions['tools']:,} tools (`timeit`, fastest of 7, after"
        " the first two calls), against `json.dumps` of the list it returns, which the SDK"
        " does next.",
        "",
        "| variant | items | JSON | tools() | json.dumps | ratio |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for row in definitions["rows"]:
        lines.append(
            f"| {row['variant']} | {row['items']:,} | {row['json_kb']:,.0f} kB"
            f" | {row['tools_us']:,.1f} µs | {row['json_dumps_us']:,.0f} µs"
            f" | {row['ratio']:.2%} |"
        )
    return lines


def lines_text(lines: dict[str, Any]) -> list[str]:
    """The runtime folder's lines of code (bench/lines.py), file by file, and its core."""
    core = set(lines["core_files"])
    outside = lines["outside_standard_library"]
    steps = lines["steps"]
    text = [
        "*The runtime folder* (`_mcp2openai/`, which every toolset's folder ships): lines of code"
        " (no docstrings, comments or blank lines) of every file the build writes there. The"
        " *core* is what an app that sends tools and reads calls loads, found by running one:"
        " a fresh interpreter imports a toolset module (it loads"
        f" {steps['import']:,} lines), calls `tools()` for both APIs ({steps['tools']:,}), then"
        f" `tool_calls()` and `tool_output()` for both ({steps['calls']:,}); modules outside"
        " the standard library loaded then: "
        + (", ".join(f"`{name}`" for name in outside) or "none")
        + ".",
        "",
        "| file | lines | core |",
        "|---|---:|---|",
    ]
    for file, count in lines["per_file"].items():
        text.append(f"| `{file}` | {count:,} | {'yes' if file in core else ''} |")
    text += [
        f"| *the core* | {lines['core_lines']:,} | |",
        f"| *the Python files* | {lines['python_lines']:,} | |",
        f"| *the stub (`{STUB}`)* | {lines['stub_lines']:,} | |",
        f"| *the whole folder* | {lines['folder_lines']:,} | |",
    ]
    return text


def search_lines(search: dict[str, Any] | None) -> list[str]:
    if search is None:
        return []
    return [
        "",
        f"**tool_search** at {search['tools']:,} tools: each of {search['queries']} queries"
        " (the first sentence of a tool's description, tools spread over the toolset) timed"
        f" alone, median of 5 calls; {search['found_in_first_8']} of them find their tool"
        " among the first 8 (the toolset holds about ten renamed copies of each real tool,"
        " which compete with it). *First query*: in a fresh interpreter after the import and"
        " the first `tools()`, it parses the index. *Index*: the module's `_SEARCH` text."
        " *Without bytecode*: the import and the first `tools()`, of the module as built and"
        " of a copy whose `_SEARCH` is `{}`.",
        "",
        "| tool_search p50 / p90 | _search (names) p50 / p90 | first query | index"
        " | without bytecode: without / with the index |",
        "|---:|---:|---:|---:|---:|",
        f"| {search['tool_search_p50_us']:.0f} / {search['tool_search_p90_us']:.0f} µs"
        f" | {search['names_p50_us']:.0f} / {search['names_p90_us']:.0f} µs"
        f" | {search['first_query_ms']:.1f} ms"
        f" | {search['index_kb']:,.0f} kB of {search['module_mb']:.1f} MB"
        f" | {search['cold_without_index_ms']:.1f} / {search['cold_with_index_ms']:.1f} ms"
        f" ({search['index_share']:+.1%}) |",
    ]


def corpus_search_lines(corpus: dict[str, Any] | None) -> list[str]:
    if corpus is None:
        return []
    return [
        "",
        f"**tool_search on the corpus**: one module of every recorded real server"
        f" ({corpus['servers']} servers, {corpus['tools']:,} tools; `scripts/search_quality.py`)."
        f" A query is a tool's first sentence, at most 12 words, or the same with the words of"
        f" the tool's exposed name removed; recall@5 on a fixed sample of {corpus['sample']}"
        f" tools (seed {corpus['seed']}) and on every tool; each sample query timed alone,"
        " median of 5 calls.",
        "",
        "| recall@5: first sentence | name's words removed | every tool | p50 / p90 | first query"
        " | index | without bytecode: without / with the index |",
        "|---:|---:|---:|---:|---:|---:|---:|",
        f"| {corpus['recall_full']:.3f} | {corpus['recall_nameless']:.3f}"
        f" ({corpus['nameless_asked']} asked) | {corpus['every_recall_full']:.3f} /"
        f" {corpus['every_recall_nameless']:.3f}"
        f" | {corpus['p50_us']:.0f} / {corpus['p90_us']:.0f} µs"
        f" | {corpus['first_query_ms']:.1f} ms"
        f" | {corpus['index_kb']:,.0f} kB of {corpus['module_mb']:.1f} MB"
        f" | {corpus['cold_without_index_ms']:.1f} / {corpus['cold_with_index_ms']:.1f} ms"
        f" ({corpus['index_share']:+.1%}) |",
    ]


def rewrite_page(table: str, page: Path = PAGE) -> None:
    """`table` between the markers of docs/performance.md; the prose around them stays."""
    text = page.read_text(encoding="utf-8") if page.exists() else "# Performance\n"
    if START not in text or END not in text:
        text = text.rstrip("\n") + f"\n\n{START}\n{END}\n"
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    page.write_text(f"{head}{START}\n{table}\n{END}{tail}", encoding="utf-8")
