"""The benchmark's targets and its Markdown report (docs/performance.md)."""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

from bench.imports import PEERS
from bench.inputs import ROOT

PAGE = ROOT / "docs" / "performance.md"
# What a step of an older `make bench` did not measure: results merged by `--only search`
# into such a file say so instead of failing on the missing key.
OLDER = "not measured (results of an older `make bench`: run it in full)"
START, END = "<!-- bench:start -->", "<!-- bench:end -->"

# The targets: import cost and call parsing against json.loads and the peers, the import
# without bytecode, the build's time, tool search, the definitions' per-call cost, and the
# shared runtime: its size and what an import loads of it.
IMPORT_VS_JSON = 1.0  # warm import <= 1.0x json.loads of the same definitions
WARM_TOOLS_VS_JSON = {100: 1.5}  # warm import + first tools(), per size
COLD_VS_JSON = {100: 3.0, 2000: 1.3}  # cold import + first tools() <= this x json.loads
RUNTIME_COMPILE_MS = 12.0  # compiling the runtime an import loads, no bytecode
LOADED_SHARE = 0.35  # what a toolset's import loads, of the runtime's lines of code
RUNTIME_LINES = 1800  # the runtime's lines of code (bench/lines.py)
PEER_SPEEDUP = 50.0  # import >= 50x faster than the fastest peer's conversion
CALLS_VS_JSON = 1.5  # tool_calls <= 1.5x bare json.loads, per call
DECODING_US = 2.0  # the rewrites' decoding adds at most this to a call without rewrites
BUILD_SECONDS = 2.0  # build of 2,000 tools <= 2 s (no slower than 0.1.0's ~2 s)
BUILD_TARGET_TOOLS = 2000
SEARCH_TOOLS = 2000  # tool_search p50 <= 1 ms at 2,000 tools
SEARCH_P50_US = 1000.0
INDEX_SHARE = 0.10  # the index adds at most 10% to the cold import + first tools()
# on one module of the whole corpus of real servers (scripts/search_quality.py)
RECALL_FULL = 0.97  # recall@5, queries made of a description's first sentence
RECALL_NAMELESS = 0.85  # the same queries with the name's words removed
LINEAR_TOLERANCE = 1.3  # time per tool at the largest size <= 1.3x that at 1,000 tools
TOOLS_VS_DUMPS = 0.05  # tools() per call <= 5% of json.dumps of its result


def targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    definitions = results.get("definitions")
    if definitions is not None:
        worst = max(definitions["rows"], key=lambda row: row["ratio"])
        rows.append(
            target(
                f"tools() at {definitions['tools']:,} tools: <= {TOOLS_VS_DUMPS:.0%} of json.dumps"
                " of its result (every variant)",
                f"worst {worst['ratio']:.1%} ({worst['variant']}: {worst['tools_us']:.0f} µs"
                f" against {worst['json_dumps_us']:,.0f} µs)",
                worst["ratio"] <= TOOLS_VS_DUMPS,
            )
        )
    for row in results["cold_import"]:
        limit = COLD_VS_JSON.get(row["tools"])
        if limit is None:
            continue
        rows.append(
            target(
                f"no bytecode, {row['tools']:,} tools: import + first tools() <="
                f" {limit}× json.loads",
                f"{row['import_and_tools_vs_json']:.2f}× (import alone:"
                f" {row['import_vs_json']:.2f}×{first_source_import(row)}{floor(row)})",
                row["import_and_tools_vs_json"] <= limit,
            )
        )
    for row in results["import"]:
        limit = WARM_TOOLS_VS_JSON.get(row["tools"])
        if limit is not None:
            rows.append(
                target(
                    f"with bytecode, {row['tools']:,} tools: import + first tools() <="
                    f" {limit}× json.loads",
                    f"{row['import_and_tools_vs_json']:.2f}×",
                    row["import_and_tools_vs_json"] <= limit,
                )
            )
    rows += runtime_targets(results)
    for row in results["import"]:
        rows.append(
            target(
                f"import, {row['tools']:,} tools: <= {IMPORT_VS_JSON:.1f}× json.loads",
                f"{row['import_vs_json']:.2f}×"
                f" (with the first tools(): {row['import_and_tools_vs_json']:.2f}×)",
                row["import_vs_json"] <= IMPORT_VS_JSON,
            )
        )
        rows.append(
            target(
                f"import, {row['tools']:,} tools: >= {PEER_SPEEDUP:.0f}× faster than the fastest"
                " peer",
                f"{row['peer_vs_import']:.0f}× ({row['fastest_peer']};"
                f" with the first tools(): {row['peer_vs_import_and_tools']:.0f}×)",
                row["peer_vs_import"] >= PEER_SPEEDUP,
            )
        )
    worst = max(results["calls"], key=lambda c: c["ratio"])
    rows.append(
        target(
            f"tool_calls <= {CALLS_VS_JSON}× json.loads per call (every row)",
            f"worst {worst['ratio']:.2f}×"
            f" ({worst['api']}, {worst['form']}, {worst['calls']} call"
            f"{'s' if worst['calls'] > 1 else ''})",
            all(c["ratio"] <= CALLS_VS_JSON and c["correct"] for c in results["calls"]),
        )
    )
    decoding = results.get("decoding")
    if decoding is not None:
        rows.append(
            target(
                f"decoding adds <= {DECODING_US:.0f} µs to tool_calls for a tool without rewrites",
                f"{decoding['added_us']:+.2f} µs ({decoding['plain_on_us']:.2f} µs, rewrites off"
                f" {decoding['plain_off_us']:.2f} µs)",
                decoding["added_us"] <= DECODING_US,
            )
        )
    search = results.get("search")
    if search is not None:
        rows.append(
            target(
                f"tool_search at {search['tools']:,} tools: p50 <= {SEARCH_P50_US / 1e3:.0f} ms",
                f"{search['tool_search_p50_us'] / 1e3:.2f} ms"
                f" (p90 {search['tool_search_p90_us'] / 1e3:.2f} ms)",
                search["tool_search_p50_us"] <= SEARCH_P50_US,
            )
        )
        rows.append(
            target(
                f"search index at {search['tools']:,} tools: adds <= {INDEX_SHARE:.0%} to the"
                " import + first tools() without bytecode",
                f"{search['index_share']:+.1%} ({search['cold_without_index_ms']:.1f} ->"
                f" {search['cold_with_index_ms']:.1f} ms; {search['index_kb']:,.0f} kB"
                f"{compile_note(search)})",
                search["index_share"] <= INDEX_SHARE,
            )
        )
    rows += corpus_search_targets(results.get("corpus_search"))
    builds = {row["tools"]: row for row in results["build"]}
    if BUILD_TARGET_TOOLS in builds:
        row = builds[BUILD_TARGET_TOOLS]
        rows.append(
            target(
                f"build {BUILD_TARGET_TOOLS:,} tools <= {BUILD_SECONDS:.0f} s",
                f"{row['cpu_s']:.2f} s CPU ({row['wall_s']:.2f} s wall)",
                row["cpu_s"] <= BUILD_SECONDS,
            )
        )
    if 1000 in builds and max(builds) > 1000:
        small, large = builds[1000], builds[max(builds)]
        growth = (large["cpu_s"] / large["tools"]) / (small["cpu_s"] / small["tools"])
        rows.append(
            target(
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
                f"`black --check` accepts the {check['tools']:,}-tool output",
                ("passed" if check["passed"] else "FAILED")
                + f" (black took {check['seconds']:.0f} s)",
                check["passed"],
            )
        )
    return rows


def first_source_import(row: dict[str, Any]) -> str:
    """The cold figure when the toolset is the process's first source import, where the
    results measured it (bench/imports.py)."""
    if "first_import_and_tools_vs_json" not in row:  # results of before 2026-12-03
        return ""
    return (
        "; as the process's first source import, which also pays CPython's one-time setup"
        f" of {row['setup_ms']:.2f} ms: {row['first_import_and_tools_vs_json']:.2f}×"
    )


def floor(row: dict[str, Any]) -> str:
    """The least any module file costs without bytecode, where the results measured it."""
    if "floor_vs_json" not in row:  # results of before 2026-12-02
        return ""
    return (
        "; floor, compiling the module's own source and parsing its definitions:"
        f" {row['floor_vs_json']:.2f}×"
    )


def import_table(rows: list[dict[str, Any]]) -> list[str]:
    lines = [
        "| tools | import | +tools | json.loads | import ÷ json | +tools ÷ json"
        " | wall: import / +tools / json.loads |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        lines.append(
            f"| {row['tools']:,} | {row['import_ms']:.2f} ms | {row['import_and_tools_ms']:.2f} ms"
            f" | {row['json_loads_ms']:.2f} ms | {row['import_vs_json']:.2f}×"
            f" | {row['import_and_tools_vs_json']:.2f}× | {row['wall_import_ms']:.1f} /"
            f" {row['wall_import_and_tools_ms']:.1f} / {row['wall_json_loads_ms']:.1f} ms |"
        )
    return lines


def target(name: str, value: str, met: bool) -> dict[str, Any]:
    return {"target": name, "result": value, "met": met}


def runtime_targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """The shared runtime's targets: what an import compiles and loads of it, and its size."""
    compiled = results["runtime_compile"]
    loaded = results.get("loaded_lines")
    names = (
        f"no bytecode: compiling the runtime an import loads <= {RUNTIME_COMPILE_MS:.0f} ms",
        f"what a toolset's import loads <= {LOADED_SHARE:.0%} of the runtime's lines of code",
        f"the runtime: <= {RUNTIME_LINES:,} lines of code",
    )
    if "import_ms" not in compiled or loaded is None:
        return [target(name, OLDER, False) for name in names]
    return [
        target(
            names[0],
            f"{compiled['import_ms']:.2f} ms (all of the runtime: {compiled['all_ms']:.2f} ms)",
            compiled["import_ms"] <= RUNTIME_COMPILE_MS,
        ),
        target(
            names[1],
            f"{loaded['import_share']:.0%} ({loaded['import_lines']:,} of"
            f" {loaded['runtime_lines']:,}; with the first tools(): {loaded['tools_share']:.0%})",
            loaded["import_share"] <= LOADED_SHARE,
        ),
        target(
            names[2],
            f"{loaded['runtime_lines']:,}",
            loaded["runtime_lines"] <= RUNTIME_LINES,
        ),
    ]


def markdown(results: dict[str, Any]) -> str:
    m, v = results["machine"], results["versions"]
    first = results["import"][0]
    imported = sorted({n for row in results["import"] for n in row["modules_imported_by_adapter"]})
    lines = [
        f"Measured by `make bench` on {m['date']}: {m['cores']} cores ({m['cpu']}),"
        f" {m['implementation']} {m['python']}, {m['platform']}. Versions: "
        + ", ".join(f"{name} {version}" for name, version in v.items())
        + ". Raw numbers, every sample and wall times: `bench/results/latest.json`.",
        "",
        "Times are **CPU time** of the measured process (`time.process_time`), the fastest"
        " sample (an import, a compile, a cold start, a peer's conversion) or the fastest"
        " `timeit` run (a per-call figure), as `timeit` advises: on this machine the same"
        " work takes about 1.6× the CPU time for seconds at a time whatever it is (a"
        " neighbour on the core), and a median then depends on how many samples fell in such"
        " a stretch (the medians are in the raw numbers). Tool search and the build give"
        " medians. The machine is shared (load average"
        f" {m['load_average_start'][0]:.1f} at the start, {m['load_average_end'][0]:.1f} at the"
        " end, on 2 cores): wall time there also counts waiting for a core, in 4 ms scheduler"
        " ticks, which swamps a 2 ms import; CPU time is what the work costs, and what an idle"
        " machine shows as wall time for this single-threaded work. Wall times are shown too.",
        "",
        f"**Import**: a fresh `python -I -S` per sample (fastest of {first['runs']}), warm `.pyc`,"
        " interpreter start-up excluded. *import*: the `import` statement; *+tools*: the import"
        ' and the first `tools("responses")`, what an app pays before its first request.'
        " *json.loads*: the same Responses definitions as compact JSON, already read into a str,"
        " in its own fresh interpreter. Modules the adapter's import loads: "
        + (", ".join(f"`{name}`" for name in imported) or "none")
        + ".",
        "",
        *import_table(results["import"]),
        *loaded_lines_text(results),
        "",
        "**Import without bytecode**: the same, with `python -B` and `__pycache__` deleted"
        " before each sample, as under `PYTHONDONTWRITEBYTECODE=1` or a read-only site directory:"
        " the module is compiled at every start (`python -m compileall` at image build time"
        " avoids it; see [usage.md](usage.md#install)). " + runtime_compile_text(results),
        "",
        *import_table(results["cold_import"]),
        *first_source_import_text(results["cold_import"]),
    ]
    runs = len(first["peers"][PEERS[0]]["seconds"])
    lines += [
        "",
        "**Peers**: the run-time conversion each one does on the same MCP tool list (see"
        f" `bench/peers.py`; fastest of {runs} warm runs, library import excluded), against"
        " this adapter's import.",
        "",
        "| tools | openai-agents | pydantic-ai | langchain-core | fastest ÷ import"
        " | fastest ÷ (import+tools) |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for row in results["import"]:
        peers = " | ".join(f"{peer_ms(row['peers'][p]):,.0f} ms" for p in PEERS)
        lines.append(
            f"| {row['tools']:,} | {peers} | {row['peer_vs_import']:,.0f}×"
            f" | {row['peer_vs_import_and_tools']:,.0f}× |"
        )
    lines += [
        "",
        "**tool_calls**, per call (`timeit`, fastest of 9), against bare `json.loads` of the same"
        " argument strings (nulls at every optional property, as strict mode makes a model"
        " send them).",
        "",
        "| API | response | calls | tool_calls | json.loads | ratio |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for c in results["calls"]:
        form = "dict" if c["form"] == "dict" else "SDK object"
        wrong = "" if c["correct"] else f" (**wrong**: {c['parsed']} of {c['calls']} parsed)"
        lines.append(
            f"| {c['api']} | {form} | {c['calls']} | {c['tool_calls_us']:.2f} µs"
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
    definitions = results.get("definitions")
    if definitions is not None:
        lines += [
            "",
            f"**tools()**, per call at {definitions['tools']:,} tools (`timeit`, fastest of 7),"
            " against `json.dumps` of the list it returns, which the SDK does next: the"
            " definitions are parsed once and shared, so a call builds only the list.",
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
            for form in ("dict", "sdk"):
                (us,) = [
                    o["us"]
                    for o in results["outputs"]
                    if (o["result"], o["api"], o["form"]) == (kind, api, form)
                ]
                cells.append(f"{us:.2f} µs")
        lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    search = results.get("search")
    if search is not None:
        lines += [
            "",
            f"**tool_search** at {search['tools']:,} tools: each of {search['queries']} queries"
            " (the first sentence of a tool's description, tools spread over the toolset) timed"
            f" alone, median of 5 calls; {search['found_in_first_8']} of them find their tool"
            " among the first 8 (the toolset holds about ten renamed copies of each real tool,"
            " which compete with it). *First query*: in a fresh interpreter after the import and"
            " the first `tools()`, it parses the index. *Cold start*: the import and the first"
            " `tools()` without bytecode, of the module with its index and with an empty one.",
            "",
            "| tool_search p50 / p90 | _search (names) p50 / p90 | first query | index"
            " | cold start without / with the index |",
            "|---:|---:|---:|---:|---:|",
            f"| {search['tool_search_p50_us']:.0f} / {search['tool_search_p90_us']:.0f} µs"
            f" | {search['names_p50_us']:.0f} / {search['names_p90_us']:.0f} µs"
            f" | {search['first_query_ms']:.1f} ms"
            f" | {search['index_kb']:,.0f} kB of {search['module_mb']:.1f} MB"
            f" | {search['cold_without_index_ms']:.1f} / {search['cold_with_index_ms']:.1f} ms"
            f" ({search['index_share']:+.1%}) |",
        ]
    lines += corpus_search_lines(results.get("corpus_search"))
    lines += [
        "",
        "**Build**: `mcp2openai build` as a subprocess (median of"
        f" {len(results['build'][0]['runs'])} runs; interpreter start-up and imports included).",
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
    lines += [
        "",
        "**Targets**",
        "",
        "| target | result | met |",
        "|---|---|---|",
    ]
    for t in results["targets"]:
        lines.append(f"| {t['target']} | {t['result']} | {'yes' if t['met'] else '**no**'} |")
    return "\n".join(lines)


def peer_ms(peer: dict[str, Any]) -> float:
    """A peer's conversion time: its fastest run (results of before 2026-12-03: the median)."""
    return float(peer.get("fastest_ms", peer["median_ms"]))


def first_source_import_text(rows: list[dict[str, Any]]) -> list[str]:
    """The cold rows' method, and their figures as the process's first source import."""
    measured = [row for row in rows if "first_import_and_tools_ms" in row]
    if not measured:
        return []
    figures = "; ".join(
        f"{row['tools']:,} tools {row['first_import_and_tools_ms']:.2f} ms"
        f" ({row['first_import_and_tools_vs_json']:.2f}×)"
        for row in measured
    )
    setup = statistics.median(row["setup_ms"] for row in measured)
    return [
        "",
        "Each cold sample first imports a module of the app's own, also compiled from source:"
        " an app without bytecode compiles its own modules too, and the first compile from"
        " source in a process also sets up CPython's AST types, once per process whatever"
        f" is compiled ({setup:.2f} ms here). So the rows above are what the toolset adds to"
        " the app's start. Where the toolset is the process's first source import (a lone"
        " script whose every other import has bytecode), that setup falls on it: import +"
        f" first `tools()` then take {figures}.",
    ]


def runtime_compile_text(results: dict[str, Any]) -> str:
    compiled = results["runtime_compile"]
    if "import_ms" not in compiled:
        return f"Compiling the runtime: {OLDER}."
    return (
        "Compiling what the import loads of the runtime (its `__init__.py`) takes"
        f" {compiled['import_ms']:.2f} ms, all of the runtime {compiled['all_ms']:.2f} ms."
    )


def loaded_lines_text(results: dict[str, Any]) -> list[str]:
    """How much of the shared runtime each step loads, in lines of code (bench/lines.py)."""
    loaded = results.get("loaded_lines")
    if loaded is None:
        return ["", f"*The runtime*, what an import loads of it: {OLDER}."]
    outside = loaded["outside_standard_library"]
    return [
        "",
        f"*The runtime*: {loaded['runtime_lines']:,} lines of code (no docstrings, comments or"
        " blank lines), in parts loaded on first use. Importing a toolset module loads"
        f" {loaded['import_lines']:,} of them ({loaded['import_share']:.0%}), its first"
        f" `tools()` {loaded['tools_lines']:,} ({loaded['tools_share']:.0%}), `tool_calls()`"
        f" and `tool_output()` {loaded['calls_lines']:,} ({loaded['calls_share']:.0%});"
        " modules outside the standard library loaded after those: "
        + (", ".join(f"`{name}`" for name in outside) or "none")
        + ".",
    ]


def rewrite_page(table: str, page: Path = PAGE) -> None:
    """`table` between the markers of docs/performance.md; the prose around them stays."""
    text = page.read_text(encoding="utf-8") if page.exists() else "# Performance\n"
    if START not in text or END not in text:
        text = text.rstrip("\n") + f"\n\n{START}\n{END}\n"
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    page.write_text(f"{head}{START}\n{table}\n{END}{tail}", encoding="utf-8")


def corpus_search_targets(corpus: dict[str, Any] | None) -> list[dict[str, Any]]:
    if corpus is None:
        return []
    where = f"on the corpus ({corpus['tools']:,} tools, sample of {corpus['sample']})"
    return [
        target(
            f"recall@5 {where}, first sentence: >= {RECALL_FULL}",
            f"{corpus['recall_full']:.3f} (every tool: {corpus['every_recall_full']:.3f})",
            corpus["recall_full"] >= RECALL_FULL,
        ),
        target(
            f"recall@5 {where}, name's words removed: >= {RECALL_NAMELESS}",
            f"{corpus['recall_nameless']:.3f} (every tool: {corpus['every_recall_nameless']:.3f})",
            corpus["recall_nameless"] >= RECALL_NAMELESS,
        ),
        target(
            f"tool_search at {corpus['tools']:,} tools (the corpus): p50 <="
            f" {SEARCH_P50_US / 1e3:.0f} ms",
            f"{corpus['p50_us'] / 1e3:.2f} ms (p90 {corpus['p90_us'] / 1e3:.2f} ms)",
            corpus["p50_us"] <= SEARCH_P50_US,
        ),
        target(
            f"search index at {corpus['tools']:,} tools (the corpus): adds <= {INDEX_SHARE:.0%}"
            " to the import + first tools() without bytecode",
            f"{corpus['index_share']:+.1%} ({corpus['cold_without_index_ms']:.1f} ->"
            f" {corpus['cold_with_index_ms']:.1f} ms; {corpus['index_kb']:,.0f} kB"
            f"{compile_note(corpus)})",
            corpus["index_share"] <= INDEX_SHARE,
        ),
    ]


def corpus_search_lines(corpus: dict[str, Any] | None) -> list[str]:
    if corpus is None:
        return []
    size = corpus.get("data_mb", corpus.get("module_mb", 0.0))  # older runs: module_mb
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
        " | index | cold start without / with the index |",
        "|---:|---:|---:|---:|---:|---:|---:|",
        f"| {corpus['recall_full']:.3f} | {corpus['recall_nameless']:.3f}"
        f" ({corpus['nameless_asked']} asked) | {corpus['every_recall_full']:.3f} /"
        f" {corpus['every_recall_nameless']:.3f}"
        f" | {corpus['p50_us']:.0f} / {corpus['p90_us']:.0f} µs"
        f" | {corpus['first_query_ms']:.1f} ms"
        f" | {corpus['index_kb']:,.0f} kB of {size:.1f} MB"
        f" | {corpus['cold_without_index_ms']:.1f} / {corpus['cold_with_index_ms']:.1f} ms"
        f" ({corpus['index_share']:+.1%}) |",
    ]


def compile_note(row: dict[str, Any]) -> str:
    """The index's compile time, measured in one process: steadier than two cold starts."""
    if "index_compile_ms" not in row:
        return ""
    share = row["index_compile_ms"] / row["cold_without_index_ms"]
    return f"; compiling it: {row['index_compile_ms']:.1f} ms, {share:.1%} of the cold start"
