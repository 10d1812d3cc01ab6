"""`make bench`: import cost, call parsing and build time, against peers and the floor, in one run.

Runs in the bench venv (`.bench/venv`: the project plus the peers pinned in
`bench/requirements.txt`). Inputs are the committed real snapshots, replicated with renamed
tools (`bench/inputs.py`) into a temporary directory; nothing large is written to the tree.
Prints a table, writes `bench/results/latest.json` and rewrites the README section between
`<!-- bench:start -->` and `<!-- bench:end -->`.

1. Build: `mcp2openai build` as a subprocess, wall time, CPU time and peak RSS (median of runs),
   then `black --check` on the 2,000-tool output.
2. Import: in a fresh `python -I -S` per sample (start-up excluded, `.pyc` warm), the `import`
   statement of the adapter and then its first `tools("responses")`, against `json.loads` of the
   same definitions (compact JSON, already read into a str) in its own fresh interpreter, and
   against each peer's run-time conversion of the same tool list (`bench/peers.py`).
3. Calls: `tool_calls` per call on Chat and Responses responses with 1 and 16 calls, as dicts and
   as `openai` SDK objects, against bare `json.loads` of the arguments; `tool_output` on a text
   and an image result (`timeit`, median of repeats).
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from importlib import metadata
from pathlib import Path
from types import ModuleType
from typing import Any

from bench.inputs import ROOT, write_snapshots

RESULTS = ROOT / "bench" / "results" / "latest.json"
README = ROOT / "README.md"
START, END = "<!-- bench:start -->", "<!-- bench:end -->"
FIXTURES = ROOT / "tests" / "fixtures" / "results" / "everything"
PEERS = ("openai-agents", "pydantic-ai", "langchain-core")

# Targets from issue 5.
IMPORT_VS_JSON = 1.0  # import <= 1.0x json.loads of the same definitions
PEER_SPEEDUP = 50.0  # import >= 50x faster than the fastest peer's conversion
CALLS_VS_JSON = 1.5  # tool_calls <= 1.5x bare json.loads, per call
BUILD_SECONDS = 5.0  # build of 2,000 tools <= 5 s on 2 cores
BUILD_TARGET_TOOLS = 2000
LINEAR_TOLERANCE = 1.3  # time per tool at the largest size <= 1.3x that at 1,000 tools


@dataclass(frozen=True)
class Plan:
    sizes: tuple[int, ...]
    import_runs: int
    build_runs: int
    peer_runs: int
    black_check: bool
    readme: bool


FULL = Plan((100, 1000, 2000, 5000), 25, 3, 5, True, True)
QUICK = Plan((100, 1000), 5, 1, 2, False, False)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="smoke run: small sizes, few runs")
    parser.add_argument("--no-readme", action="store_true", help="leave README.md alone")
    parser.add_argument("--out", type=Path, default=RESULTS, help="results JSON")
    options = parser.parse_args()
    plan = QUICK if options.quick else FULL
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
            measure_import(modules, n, plan.import_runs, peers[n]) for n in plan.sizes
        ]
        calls_module = modules / f"adapter_{plan.sizes[1]}.py"
        results["calls"], results["outputs"] = measure_calls(calls_module)
    results["machine"]["load_average_end"] = list(os.getloadavg())
    results["targets"] = targets(results)
    results["seconds"] = round(time.perf_counter() - started, 1)
    options.out.parent.mkdir(parents=True, exist_ok=True)
    options.out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    table = markdown(results)
    print(table)
    if plan.readme and not options.no_readme:
        rewrite_readme(table)
        print(f"\nwrote {options.out.relative_to(ROOT)} and the README section")
    return 0


# ---- environment ----


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


# ---- build ----


def measure_build(
    count: int, servers: list[tuple[str, Path]], out: Path, runs: int
) -> dict[str, Any]:
    command = [str(Path(sys.executable).parent / "mcp2openai"), "build", "--out", str(out)]
    for name, path in servers:
        command += ["--server", f"{name}={path}"]
    walls, cpus, peaks = [], [], []
    for _ in range(runs):
        wall, cpu, peak = run_measured(command)
        walls.append(wall)
        cpus.append(cpu)
        peaks.append(peak)
    source = out.read_text(encoding="utf-8")
    row = {
        "tools": count,
        "wall_s": statistics.median(walls),
        "cpu_s": statistics.median(cpus),
        "peak_rss_mb": max(peaks),
        "runs": walls,
        "output_mb": len(source.encode("utf-8")) / 1e6,
        "output_lines": source.count("\n"),
    }
    print(f"build {count:>5} tools: {row['wall_s']:.2f} s wall, {row['peak_rss_mb']:.0f} MB peak")
    return row


def run_measured(command: list[str]) -> tuple[float, float, float]:
    """Run `command`; (wall s, user+system CPU s, peak RSS MB) of that child alone."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT)
    assert child.stderr is not None
    errors = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise RuntimeError(f"{command[:2]} failed ({child.returncode}): {errors[-2000:]!r}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def black_check(path: Path, count: int, work: Path) -> dict[str, Any]:
    """`black --check` with the generator's mode, given explicitly (no user configuration)."""
    config = work / "black.toml"
    config.write_text('[tool.black]\nline-length = 88\ntarget-version = ["py311"]\n')
    command = [sys.executable, "-m", "black", "--check", "--quiet", "--config", str(config)]
    start = time.perf_counter()
    result = subprocess.run([*command, str(path)], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    print(f"black --check on {count} tools: exit {result.returncode} in {seconds:.1f} s")
    return {"tools": count, "passed": result.returncode == 0, "seconds": seconds}


# ---- import ----

_IMPORT_CHILD = """\
import sys, time
sys.path.insert(0, sys.argv[1])
before = set(sys.modules)
c0, t0 = time.process_time_ns(), time.perf_counter_ns()
module = __import__(sys.argv[2])
c1, t1 = time.process_time_ns(), time.perf_counter_ns()
definitions = module.tools("responses")
c2, t2 = time.process_time_ns(), time.perf_counter_ns()
added = sorted(set(sys.modules) - before - {sys.argv[2]})
print(t1 - t0, t2 - t1, c1 - c0, c2 - c1, len(definitions), ",".join(added) or "-")
"""

_JSON_CHILD = """\
import json, sys, time
with open(sys.argv[1], encoding="utf-8") as stream:
    text = stream.read()
c0, t0 = time.process_time_ns(), time.perf_counter_ns()
definitions = json.loads(text)
c1, t1 = time.process_time_ns(), time.perf_counter_ns()
print(t1 - t0, c1 - c0, len(definitions))
"""


# CPU time of the child process (what the work costs; on an idle machine, its wall time), then
# wall time (which, on a shared machine, also counts waiting for a core in 4 ms scheduler ticks).
_IMPORT_KEYS = (
    "import_ms",
    "import_and_tools_ms",
    "json_loads_ms",
    "wall_import_ms",
    "wall_import_and_tools_ms",
    "wall_json_loads_ms",
)


def measure_import(
    directory: Path, count: int, runs: int, peers: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    name = f"adapter_{count}"
    definitions = directory / f"{name}.json"
    module = import_path(directory / f"{name}.py")
    text = json.dumps(module.tools("responses"), ensure_ascii=False, separators=(",", ":"))
    definitions.write_text(text, encoding="utf-8")
    importing = [sys.executable, "-I", "-S", "-c", _IMPORT_CHILD, str(directory), name]
    loading = [sys.executable, "-I", "-S", "-c", _JSON_CHILD, str(definitions)]
    child(importing)  # writes the .pyc
    cached = directory / "__pycache__" / f"{name}.{sys.implementation.cache_tag}.pyc"
    assert cached.exists(), cached
    stamp = cached.stat().st_mtime_ns
    samples: dict[str, list[float]] = {key: [] for key in _IMPORT_KEYS}
    added: set[str] = set()
    for _ in range(runs):  # interleaved, so drifting load on the machine hits both alike
        *numbers, modules = child(importing)
        imported, first, cpu_imported, cpu_first, length = map(int, numbers)
        assert length == count, (length, count)
        added.update(name for name in modules.split(",") if name != "-")
        loaded, cpu_loaded, length = map(int, child(loading))
        assert length == count, (length, count)
        cpu = (cpu_imported, cpu_imported + cpu_first, cpu_loaded)
        wall = (imported, imported + first, loaded)
        for key, nanoseconds in zip(_IMPORT_KEYS, (*cpu, *wall), strict=True):
            samples[key].append(nanoseconds / 1e6)
    assert cached.stat().st_mtime_ns == stamp, "the .pyc was rewritten: not a warm import"
    medians = {key: statistics.median(values) for key, values in samples.items()}
    import_ms, first_ms, json_ms = (medians[k] for k in _IMPORT_KEYS[:3])
    fastest = min(PEERS, key=lambda peer: peers[peer]["median_ms"])
    fastest_ms = peers[fastest]["median_ms"]
    row = {
        "tools": count,
        "runs": runs,
        **medians,
        "json_mb": len(text.encode("utf-8")) / 1e6,
        "pyc_mb": cached.stat().st_size / 1e6,
        "modules_imported_by_adapter": sorted(added),
        "import_vs_json": import_ms / json_ms,
        "import_and_tools_vs_json": first_ms / json_ms,
        "peers": peers,
        "fastest_peer": fastest,
        "fastest_peer_ms": fastest_ms,
        "peer_vs_import": fastest_ms / import_ms,
        "peer_vs_import_and_tools": fastest_ms / first_ms,
        "samples": samples,
    }
    print(
        f"import {count:>5} tools: {import_ms:.2f} ms (+tools {first_ms:.2f} ms),"
        f" json.loads {json_ms:.2f} ms, fastest peer {fastest} {fastest_ms:.0f} ms (CPU)"
    )
    return row


def child(command: list[str]) -> list[str]:
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"child failed: {result.stderr[-2000:]}")
    return result.stdout.split()


def measure_peers(snapshots: Path, runs: int) -> dict[str, dict[str, Any]]:
    peers = {}
    for peer in PEERS:
        command = [sys.executable, "-m", "bench.peers", peer, str(snapshots), str(runs)]
        result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)
        if result.returncode != 0:
            raise RuntimeError(f"{peer} failed: {result.stderr[-2000:]}")
        row = json.loads(result.stdout.strip().splitlines()[-1])
        row["median_ms"] = statistics.median(row["cpu_seconds"]) * 1e3
        row["wall_median_ms"] = statistics.median(row["seconds"]) * 1e3
        print(f"peer {peer:>14} {row['tools']:>5} tools: {row['median_ms']:.0f} ms (CPU)")
        peers[peer] = row
    return peers


def import_path(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"m2o_bench_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---- calls and outputs ----


def measure_calls(path: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    from mcp.types import CallToolResult
    from openai.types.chat import ChatCompletion
    from openai.types.responses import Response

    module = import_path(path)
    definitions = [d for d in module.tools("responses") if d["strict"]]
    step = max(1, len(definitions) // 16)
    chosen = definitions[::step][:16]
    arguments = [
        (d["name"], json.dumps(sample(d["parameters"], d["parameters"]), separators=(",", ":")))
        for d in chosen
    ]
    calls = []
    for count in (1, 16):
        batch = arguments[:count]
        strings = [text for _, text in batch]
        baseline = per_call(partial(loads_all, strings), count)
        for api, build, model in (
            ("chat", chat_response, ChatCompletion),
            ("responses", responses_response, Response),
        ):
            wire = build(batch)
            for form, response in (("dict", wire), ("sdk", model.model_validate(wire))):
                parsed, rejected = module.tool_calls(response)
                # A parser that drops calls would look fast: check before timing.
                correct = len(parsed) == count and not rejected
                seconds = per_call(partial(module.tool_calls, response), count)
                calls.append(
                    {
                        "api": api,
                        "form": form,
                        "calls": count,
                        "correct": correct,
                        "parsed": len(parsed),
                        "rejected": len(rejected),
                        "tool_calls_us": seconds * 1e6,
                        "json_loads_us": baseline * 1e6,
                        "ratio": seconds / baseline,
                        "argument_bytes": sum(len(s) for s in strings) // count,
                    }
                )
    for c in calls:
        wrong = "" if c["correct"] else f" WRONG: {c['parsed']} parsed, {c['rejected']} rejected"
        print(
            f"tool_calls {c['api']:>9} {c['form']:>4} {c['calls']:>2} calls:"
            f" {c['ratio']:.2f}x{wrong}"
        )
    outputs = []
    for kind in ("text", "image"):
        wire = json.loads((FIXTURES / f"{kind}.json").read_text(encoding="utf-8"))["result"]
        for form, result in (("dict", wire), ("sdk", CallToolResult.model_validate(wire))):
            for api in ("chat", "responses"):
                seconds = per_call(partial(module.tool_output, "call_1", result, api=api), 1)
                outputs.append({"result": kind, "form": form, "api": api, "us": seconds * 1e6})
    return calls, outputs


def loads_all(strings: list[str]) -> list[Any]:
    return [json.loads(text) for text in strings]


def per_call(function: Callable[[], object], calls: int, repeat: int = 9) -> float:
    """Median CPU seconds per call over `repeat` timeit runs of about 0.1 s each."""
    timer = timeit.Timer(function, timer=time.process_time)
    number, _ = timer.autorange()
    number = max(1, number // 2)
    return statistics.median(timer.repeat(repeat=repeat, number=number)) / number / calls


def sample(schema: Any, root: dict[str, Any], depth: int = 0) -> Any:
    """Arguments a strict-mode model would send: null for every optional (nullable) property."""
    if not isinstance(schema, dict) or depth > 8:
        return None
    if "$ref" in schema:
        target: Any = root
        for part in schema["$ref"].removeprefix("#/").split("/"):
            target = target.get(part, {}) if part else target
        return sample(target, root, depth + 1)
    if "anyOf" in schema:
        branches = schema["anyOf"]
        if any(isinstance(b, dict) and b.get("type") == "null" for b in branches):
            return None
        return sample(branches[0], root, depth + 1)
    kind = schema.get("type")
    if isinstance(kind, list):
        if "null" in kind:
            return None
        kind = kind[0] if kind else None
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return next((value for value in schema["enum"] if value is not None), None)
    if kind == "object":
        properties = schema.get("properties", {})
        return {key: sample(value, root, depth + 1) for key, value in properties.items()}
    if kind == "array":
        return [sample(schema.get("items", {}), root, depth + 1)]
    values = {"string": "example value", "integer": 42, "number": 1.5, "boolean": True}
    return values.get(kind) if isinstance(kind, str) else None


def chat_response(calls: list[tuple[str, str]]) -> dict[str, Any]:
    tool_calls = [
        {"id": f"call_{i}", "type": "function", "function": {"name": name, "arguments": args}}
        for i, (name, args) in enumerate(calls)
    ]
    message = {"role": "assistant", "content": None, "tool_calls": tool_calls}
    return {
        "id": "chatcmpl-bench",
        "object": "chat.completion",
        "created": 0,
        "model": "gpt-bench",
        "choices": [{"index": 0, "finish_reason": "tool_calls", "message": message}],
    }


def responses_response(calls: list[tuple[str, str]]) -> dict[str, Any]:
    output = [
        {
            "type": "function_call",
            "id": f"fc_{i}",
            "call_id": f"call_{i}",
            "name": name,
            "arguments": args,
            "status": "completed",
        }
        for i, (name, args) in enumerate(calls)
    ]
    return {
        "id": "resp_bench",
        "object": "response",
        "created_at": 0,
        "model": "gpt-bench",
        "status": "completed",
        "output": output,
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
    }


# ---- targets and report ----


def targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
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


def target(name: str, value: str, met: bool) -> dict[str, Any]:
    return {"target": name, "result": value, "met": met}


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
        "Times are **CPU time** of the measured process (`time.process_time`), medians. The"
        " machine is shared (load average"
        f" {m['load_average_start'][0]:.1f} at the start, {m['load_average_end'][0]:.1f} at the"
        " end, on 2 cores): wall time there also counts waiting for a core, in 4 ms scheduler"
        " ticks, which swamps a 2 ms import; CPU time is what the work costs, and what an idle"
        " machine shows as wall time for this single-threaded work. Wall medians are shown too.",
        "",
        f"**Import**: a fresh `python -I -S` per sample (median of {first['runs']}), warm `.pyc`,"
        " interpreter start-up excluded. *import*: the `import` statement; *+tools*: the import"
        ' and the first `tools("responses")`, what an app pays before its first request.'
        " *json.loads*: the same Responses definitions as compact JSON, already read into a str,"
        " in its own fresh interpreter. Modules the adapter's import loads: "
        + (", ".join(f"`{name}`" for name in imported) or "none")
        + ".",
        "",
        "| tools | import | +tools | json.loads | import ÷ json | +tools ÷ json"
        " | wall: import / +tools / json.loads |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in results["import"]:
        lines.append(
            f"| {row['tools']:,} | {row['import_ms']:.2f} ms | {row['import_and_tools_ms']:.2f} ms"
            f" | {row['json_loads_ms']:.2f} ms | {row['import_vs_json']:.2f}×"
            f" | {row['import_and_tools_vs_json']:.2f}× | {row['wall_import_ms']:.1f} /"
            f" {row['wall_import_and_tools_ms']:.1f} / {row['wall_json_loads_ms']:.1f} ms |"
        )
    runs = len(first["peers"][PEERS[0]]["seconds"])
    lines += [
        "",
        "**Peers**: the run-time conversion each one does on the same MCP tool list (see"
        f" `bench/peers.py`; median of {runs} warm runs, library import excluded), against"
        " this adapter's import.",
        "",
        "| tools | openai-agents | pydantic-ai | langchain-core | fastest ÷ import"
        " | fastest ÷ (import+tools) |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for row in results["import"]:
        peers = " | ".join(f"{row['peers'][p]['median_ms']:,.0f} ms" for p in PEERS)
        lines.append(
            f"| {row['tools']:,} | {peers} | {row['peer_vs_import']:,.0f}×"
            f" | {row['peer_vs_import_and_tools']:,.0f}× |"
        )
    lines += [
        "",
        "**tool_calls**, per call (`timeit`, median of 9), against bare `json.loads` of the same"
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
    lines += [
        "",
        "**Build**: `mcp2openai build` as a subprocess (median of"
        f" {len(results['build'][0]['runs'])} runs; interpreter start-up and imports included).",
        "",
        "| tools | CPU | wall | CPU per tool | peak RSS | output |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for b in results["build"]:
        lines.append(
            f"| {b['tools']:,} | {b['cpu_s']:.2f} s | {b['wall_s']:.2f} s"
            f" | {b['cpu_s'] / b['tools'] * 1e3:.2f} ms | {b['peak_rss_mb']:.0f} MB"
            f" | {b['output_mb']:.1f} MB, {b['output_lines']:,} lines |"
        )
    lines += ["", "**Targets** (issue 5)", "", "| target | result | met |", "|---|---|---|"]
    for t in results["targets"]:
        lines.append(f"| {t['target']} | {t['result']} | {'yes' if t['met'] else '**no**'} |")
    return "\n".join(lines)


def rewrite_readme(table: str) -> None:
    text = README.read_text(encoding="utf-8")
    if START not in text or END not in text:
        text = text.rstrip("\n") + f"\n\n## Performance\n\n{START}\n{END}\n"
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    README.write_text(f"{head}{START}\n{table}\n{END}{tail}", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
