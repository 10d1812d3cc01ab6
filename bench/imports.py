"""What an app pays before its first request: a toolset module's import and first `tools()`.

Each sample is a fresh interpreter (its start-up excluded): the `import` statement of the
module, then its first `tools("responses")` (the module holds its data as JSON text: that call
parses the definitions), against `json.loads` of the same definitions (compact JSON, already
read into a str) in its own fresh interpreter. `json` is imported before the clock in both, as
it is in any app that uses the `openai` SDK.

- With bytecode (`python -I -S`): the module's and the runtime's `.pyc` on disk, written by a
  first untimed run and checked unchanged at the end.
- Without bytecode (`python -I -B`, the module's, the runtime's and the app's `__pycache__`
  deleted before each sample), as an app runs under `PYTHONDONTWRITEBYTECODE=1` or from a
  read-only folder: its own files, the toolset among them, are compiled at every start. Such an
  app pays it against what it imports anyway, `import openai`, timed in its own fresh
  interpreter with the same flags. `site` stays on (no `-S`) in all three children of these
  rows: `openai` is in the bench venv's site-packages. `openai` keeps the bytecode `pip install`
  compiled for it (pip compiles what it installs whatever `PYTHONDONTWRITEBYTECODE` says; an
  untimed `python -I -c "import openai"` writes any file it lacks): what the app's image holds.
  Without bytecode the app's own modules are compiled from source too, and the first compile
  from source in a process also sets up CPython's AST types (about 1 ms, once per process,
  whatever is compiled): so these samples import a module of the app's own first, before the
  clock, in the toolset's child and in `openai`'s, and measure what the toolset adds. The row
  also gives the toolset as the process's first source import (a lone script whose every other
  import has bytecode), where that setup falls on it, and the compile of the module's own
  source alone (`compile()` after the setup, in a fresh interpreter).

Samples alternate between the columns, so drifting load on the machine hits them alike. A
row's figure is each column's fastest sample (as `timeit` advises): on the shared machine the
same child takes 1.6x the CPU time for seconds at a time, whatever it runs (a neighbour on the
core), and a median then depends on how many samples of each column fell in such a stretch. No
interference makes work faster, so the fastest sample is what the work costs. The medians are
kept beside it.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import json
import shutil
import statistics
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from mcp2openai.stub import RUNTIME_PACKAGE

from bench.inputs import ROOT

PEERS = ("openai-agents", "pydantic-ai", "langchain-core")

# The interpreter's flags, per kind of row: the same for every child of a row.
WARM_FLAGS = ("-I", "-S")
COLD_FLAGS = ("-I", "-B")

_IMPORT_CHILD = """\
import json, sys, time  # json as in the baseline (and in any app that uses the openai SDK)
if len(sys.argv) > 3:  # a module of the app's own, compiled from source as the app is
    sys.path.insert(0, sys.argv[3])
    import app_module
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

# `import openai`, as the toolset's cold child: json first, then a module of the app's own.
_OPENAI_CHILD = """\
import json, sys, time
sys.path.insert(0, sys.argv[1])
import app_module
c0, t0 = time.process_time_ns(), time.perf_counter_ns()
import openai
c1, t1 = time.process_time_ns(), time.perf_counter_ns()
print(t1 - t0, c1 - c0, len(sys.modules))
"""

# The module's own source compiled, after the interpreter's first compile (which sets up its
# AST types once per process): what compiling its data costs, whatever the runtime does.
_COMPILE_CHILD = """\
import sys, time
texts = [open(path, encoding="utf-8").read() for path in sys.argv[1:]]
compile("app = 1", "app_module.py", "exec")  # the once-per-process setup, before the clock
c0 = time.process_time_ns()
for number, text in enumerate(texts):
    compile(text, f"part_{number}.py", "exec")
print(time.process_time_ns() - c0)
"""

# A module of the app's own, imported before the clock in the cold samples.
_APP_MODULE = '"""An app\'s own module, compiled from source before the toolset is imported."""\n'

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
_COLD_KEYS = ("first_import_and_tools_ms", "compile_ms", "openai_ms", "wall_openai_ms")


def measure_import(
    directory: Path,
    count: int,
    runs: int,
    peers: dict[str, dict[str, Any]] | None,
    cold: bool,
    openai: bool = False,
) -> dict[str, Any]:
    """The import and first tools("responses") of `directory`'s `adapter_<count>`, against
    json.loads (and, cold with `openai`, against `import openai`): one row."""
    name = f"adapter_{count}"
    module = directory / f"{name}.py"
    definitions = directory / f"{name}.definitions.json"
    listed = import_path(module).tools("responses")
    text = json.dumps(listed, ensure_ascii=False, separators=(",", ":"))
    definitions.write_text(text, encoding="utf-8")
    flags = list(COLD_FLAGS if cold else WARM_FLAGS)
    first_importing = [sys.executable, *flags, "-c", _IMPORT_CHILD, str(directory), name]
    app = directory / "app"  # cold: a module of the app's own, imported first
    app.mkdir(exist_ok=True)
    (app / "app_module.py").write_text(_APP_MODULE, encoding="utf-8")
    importing = [*first_importing, str(app)] if cold else first_importing
    loading = [sys.executable, *flags, "-c", _JSON_CHILD, str(definitions)]
    caches = (
        directory / "__pycache__",
        directory / RUNTIME_PACKAGE / "__pycache__",
        app / "__pycache__",
    )
    cached = caches[0] / f"{name}.{sys.implementation.cache_tag}.pyc"
    for folder in caches:
        shutil.rmtree(folder, ignore_errors=True)
    if not cold:
        child(importing)  # writes the .pyc
        assert cached.exists(), cached
    stamp = cached.stat().st_mtime_ns if not cold else None
    if openai:
        child([sys.executable, "-I", "-c", "import openai"])  # any .pyc pip did not write
    samples: dict[str, list[float]] = {key: [] for key in _IMPORT_KEYS}
    extras: dict[str, list[float]] = {key: [] for key in _COLD_KEYS}
    added: set[str] = set()
    for _ in range(runs):
        if cold:
            for folder in caches:
                shutil.rmtree(folder, ignore_errors=True)
        *numbers, modules = child(importing)
        imported, first, cpu_imported, cpu_first, length = map(int, numbers)
        assert length == count, (length, count)
        added.update(
            name
            for name in modules.split(",")
            if name != "-" and name.split(".")[0] != RUNTIME_PACKAGE
        )
        loaded, cpu_loaded, length = map(int, child(loading))
        assert length == count, (length, count)
        cpu = (cpu_imported, cpu_imported + cpu_first, cpu_loaded)
        wall = (imported, imported + first, loaded)
        for key, nanoseconds in zip(_IMPORT_KEYS, (*cpu, *wall), strict=True):
            samples[key].append(nanoseconds / 1e6)
        if cold:
            cold_extras(extras, caches, first_importing, module, count)
        if openai:
            for folder in caches:
                shutil.rmtree(folder, ignore_errors=True)
            command = [sys.executable, *flags, "-c", _OPENAI_CHILD, str(app)]
            wall_openai, cpu_openai, _ = map(int, child(command))
            extras["openai_ms"].append(cpu_openai / 1e6)
            extras["wall_openai_ms"].append(wall_openai / 1e6)
    if cold:
        assert not cached.exists(), "a .pyc was written: not an import without bytecode"
    else:
        assert cached.stat().st_mtime_ns == stamp, "the .pyc was rewritten: not a warm import"
    fastest = {key: min(values) for key, values in samples.items()}
    import_ms, first_ms, json_ms = (fastest[k] for k in _IMPORT_KEYS[:3])
    row: dict[str, Any] = {
        "tools": count,
        "runs": runs,
        "bytecode": not cold,
        "flags": " ".join(flags),
        **fastest,
        "medians": {key: statistics.median(values) for key, values in samples.items()},
        "json_mb": len(text.encode("utf-8")) / 1e6,
        "module_mb": module.stat().st_size / 1e6,
        "modules_imported_by_adapter": sorted(added),
        "import_vs_json": import_ms / json_ms,
        "import_and_tools_vs_json": first_ms / json_ms,
        "samples": samples,
    }
    if peers is not None:
        quickest = min(PEERS, key=lambda peer: peers[peer]["fastest_ms"])
        peer_ms = peers[quickest]["fastest_ms"]
        row.update(
            peers=peers,
            fastest_peer=quickest,
            fastest_peer_ms=peer_ms,
            peer_vs_import=peer_ms / import_ms,
            peer_vs_import_and_tools=peer_ms / first_ms,
        )
    measured = {key: values for key, values in extras.items() if values}
    row.update({key: min(values) for key, values in measured.items()})
    if measured:
        row["medians"].update({key: statistics.median(v) for key, v in measured.items()})
        row["samples"].update(measured)
    if cold:
        row["first_import_and_tools_vs_json"] = row["first_import_and_tools_ms"] / json_ms
    if openai:
        row["import_and_tools_vs_openai"] = first_ms / row["openai_ms"]
    kind = "no bytecode" if cold else "bytecode"
    against = f", import openai {row['openai_ms']:.1f} ms" if openai else ""
    print(
        f"import ({kind}) {count:>5} tools: {import_ms:.2f} ms (+tools {first_ms:.2f} ms),"
        f" json.loads {json_ms:.2f} ms{against} (CPU)"
    )
    return row


def cold_extras(
    extras: dict[str, list[float]],
    caches: tuple[Path, ...],
    first_importing: list[str],
    module: Path,
    count: int,
) -> None:
    """A cold sample's other figures (ms of CPU): import + first tools() as the process's
    first source import, and compiling the module's own source alone."""
    for folder in caches:
        shutil.rmtree(folder, ignore_errors=True)
    *numbers, _ = child(first_importing)
    _, _, cpu_imported, cpu_first, length = map(int, numbers)
    assert length == count, (length, count)
    extras["first_import_and_tools_ms"].append((cpu_imported + cpu_first) / 1e6)
    compiling = [sys.executable, *COLD_FLAGS, "-c", _COMPILE_CHILD, str(module)]
    extras["compile_ms"].append(int(child(compiling)[0]) / 1e6)


def measure_runtime_compile(work: Path, loaded: dict[str, list[str]], runs: int) -> dict[str, Any]:
    """CPU time to compile the runtime's files in a fresh interpreter (each file on its own,
    as the import does, the times summed): what a toolset module's import loads, the core
    (what tools(), tool_calls() and tool_output() load), and every file. `loaded`: the files
    after each step, as bench/lines.py finds them."""
    from mcp2openai.emit import runtime_files

    files = {name: text for name, text in runtime_files().items() if name.endswith(".py")}
    paths = {}
    for number, (name, text) in enumerate(sorted(files.items())):
        paths[name] = work / f"runtime_part_{number}.py"
        paths[name].write_text(text, encoding="utf-8")
    groups = {"import": loaded["import"], "core": loaded["calls"], "all": sorted(paths)}
    row: dict[str, Any] = {"files": groups}
    for key, names in groups.items():
        parts = [str(paths[name]) for name in names]
        command = [sys.executable, "-I", "-S", "-c", _COMPILE_CHILD, *parts]
        samples = [int(child(command)[0]) / 1e6 for _ in range(runs)]
        row[f"{key}_ms"] = min(samples)
        row[f"{key}_samples"] = samples
    print(
        f"runtime compile: {row['import_ms']:.2f} ms at import, {row['core_ms']:.2f} ms the"
        f" core, {row['all_ms']:.2f} ms in all"
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
        # The fastest run, as the adapter's import rows take theirs (see this module's
        # docstring): a peer is compared with the adapter on the same footing.
        row["fastest_ms"] = min(row["cpu_seconds"]) * 1e3
        row["median_ms"] = statistics.median(row["cpu_seconds"]) * 1e3
        row["wall_median_ms"] = statistics.median(row["seconds"]) * 1e3
        print(f"peer {peer:>14} {row['tools']:>5} tools: {row['fastest_ms']:.0f} ms (CPU)")
        peers[peer] = row
    return peers


def import_path(path: Path) -> ModuleType:
    """Import a built toolset module in this process, in a package made for its folder (so it
    finds the runtime beside it)."""
    package = f"m2o_bench_{path.parent.name}_{abs(hash(path.parent))}"
    if package not in sys.modules:
        spec = importlib.machinery.ModuleSpec(package, None, is_package=True)
        spec.submodule_search_locations = [str(path.parent)]
        sys.modules[package] = importlib.util.module_from_spec(spec)
    return importlib.import_module(f"{package}.{path.stem}")
