"""Import cost of an adapter, warm (`.pyc` on disk) and cold (no bytecode can be written).

Each sample is a fresh `python -I -S` (interpreter start-up excluded): the `import` statement of
the adapter, then its first `tools("responses")`, against `json.loads` of the same definitions
(compact JSON, already read into a str) in its own fresh interpreter; `json` is imported before
the clock starts in both, as it is in any app that uses the `openai` SDK. Cold samples run with `-B`
after deleting the `__pycache__` folders (the module's and the runtime's), as an app does under
`PYTHONDONTWRITEBYTECODE=1` or on a read-only site directory: what it loads is compiled on every
start. Samples alternate between the adapter and the baseline, so drifting load on the machine
hits both alike. A row's figure is each column's fastest sample (as `timeit` advises): on the
shared machine the same child takes 1.6x the CPU time for seconds at a time, whatever it runs
(a neighbour on the core), and a median then depends on how many samples of each column fell in
such a stretch. No interference makes work faster, so the fastest sample is what the work costs.
The medians are kept beside it.

Without bytecode the app's own modules are compiled from source too, and the first compile from
source in a process also sets up CPython's AST types (about 1 ms, once per process, whatever is
compiled). So a cold sample imports a module of the app's own first, before the clock: it
measures what the toolset adds to the app's start. It also measures the toolset as the process's
first source import (a lone script whose every other import has bytecode), where that one-time
setup falls on it, and the setup alone. Cold rows also give a floor: what any module file costs
without bytecode (compiling its own source, then parsing its definitions from the file), whatever
its runtime. Also: how many of the runtime's lines of code each step loads.
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

# The least a toolset module can cost without bytecode, whatever its runtime: compiling the
# module's own source and parsing its definitions from its data file's bytes. Before the clock,
# the interpreter's first compile (`builtin compile()`, as importlib calls it), which sets up its
# AST types once per process: its own time is printed first.
_FLOOR_CHILD = """\
import json, sys, time
c0 = time.process_time_ns()
compile("app = 1", "app_module.py", "exec")
c1 = time.process_time_ns()
with open(sys.argv[1], encoding="utf-8") as stream:
    compile(stream.read(), sys.argv[1], "exec")
with open(sys.argv[2], "rb") as stream:
    definitions = json.loads(stream.read())
print(c1 - c0, time.process_time_ns() - c1, len(definitions))
"""

# A module of the app's own, imported before the clock in the cold samples.
_APP_MODULE = '"""An app\'s own module, compiled from source before the adapter is imported."""\n'

# Each file compiled on its own, as the import does (a file's `from __future__` must come
# first, so the files cannot be joined into one text), and the CPU times summed.
_COMPILE_CHILD = """\
import sys, time
texts = [open(path, encoding="utf-8").read() for path in sys.argv[1:]]
compile("app = 1", "app_module.py", "exec")  # the once-per-process setup, before the clock
c0 = time.process_time_ns()
for number, text in enumerate(texts):
    compile(text, f"runtime_{number}.py", "exec")
print(time.process_time_ns() - c0)
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
    directory: Path, count: int, runs: int, peers: dict[str, dict[str, Any]] | None, cold: bool
) -> dict[str, Any]:
    name = f"adapter_{count}"
    # Not {name}.json: that is the toolset's data, beside its module.
    definitions = directory / f"{name}.definitions.json"
    module = import_path(directory / f"{name}.py")
    text = json.dumps(module.tools("responses"), ensure_ascii=False, separators=(",", ":"))
    definitions.write_text(text, encoding="utf-8")
    flags = ["-I", "-S", "-B"] if cold else ["-I", "-S"]
    first_importing = [sys.executable, *flags, "-c", _IMPORT_CHILD, str(directory), name]
    app = directory / "app"  # cold: a module of the app's own, imported first
    app.mkdir(exist_ok=True)
    (app / "app_module.py").write_text(_APP_MODULE, encoding="utf-8")
    importing = [*first_importing, str(app)] if cold else first_importing
    loading = [sys.executable, "-I", "-S", "-c", _JSON_CHILD, str(definitions)]
    cache = directory / "__pycache__"
    caches = (cache, directory / RUNTIME_PACKAGE / "__pycache__", app / "__pycache__")
    cached = cache / f"{name}.{sys.implementation.cache_tag}.pyc"
    for folder in caches:
        shutil.rmtree(folder, ignore_errors=True)
    if not cold:
        child(importing)  # writes the .pyc
        assert cached.exists(), cached
    stamp = cached.stat().st_mtime_ns if not cold else None
    samples: dict[str, list[float]] = {key: [] for key in _IMPORT_KEYS}
    floor = [sys.executable, "-I", "-S", "-c", _FLOOR_CHILD, str(directory / f"{name}.py")]
    floor.append(str(definitions))
    extras: list[tuple[float, float, float]] = []  # cold: first import, setup, floor
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
            if name != "-" and not name.startswith(RUNTIME_PACKAGE)
        )
        loaded, cpu_loaded, length = map(int, child(loading))
        assert length == count, (length, count)
        cpu = (cpu_imported, cpu_imported + cpu_first, cpu_loaded)
        wall = (imported, imported + first, loaded)
        for key, nanoseconds in zip(_IMPORT_KEYS, (*cpu, *wall), strict=True):
            samples[key].append(nanoseconds / 1e6)
        if cold:
            for folder in caches:
                shutil.rmtree(folder, ignore_errors=True)
            extras.append(cold_extras(first_importing, floor, count))
    if cold:
        assert not cached.exists(), "a .pyc was written: not a cold import"
    else:
        assert cached.stat().st_mtime_ns == stamp, "the .pyc was rewritten: not a warm import"
    fastest = {key: min(values) for key, values in samples.items()}
    import_ms, first_ms, json_ms = (fastest[k] for k in _IMPORT_KEYS[:3])
    row: dict[str, Any] = {
        "tools": count,
        "runs": runs,
        "bytecode": not cold,
        **fastest,
        "medians": {key: statistics.median(values) for key, values in samples.items()},
        "json_mb": len(text.encode("utf-8")) / 1e6,
        "module_mb": (directory / f"{name}.py").stat().st_size / 1e6,
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
    if cold:
        first_import, setup, floor_ms = (min(column) for column in zip(*extras, strict=True))
        row["first_import_and_tools_ms"] = first_import
        row["first_import_and_tools_vs_json"] = first_import / json_ms
        row["setup_ms"] = setup
        row["floor_ms"] = floor_ms
        row["floor_vs_json"] = floor_ms / json_ms
    kind = "cold" if cold else "warm"
    print(
        f"import ({kind}) {count:>5} tools: {import_ms:.2f} ms (+tools {first_ms:.2f} ms),"
        f" json.loads {json_ms:.2f} ms (CPU)"
    )
    return row


def cold_extras(
    first_importing: list[str], floor: list[str], count: int
) -> tuple[float, float, float]:
    """A cold sample's other figures (ms of CPU): import + first tools() as the process's first
    source import, the interpreter's one-time setup of its first compile, and the floor."""
    *numbers, _ = child(first_importing)
    _, _, cpu_imported, cpu_first, length = map(int, numbers)
    assert length == count, (length, count)
    setup_ns, floor_ns, length = map(int, child(floor))
    assert length == count, (length, count)
    return (cpu_imported + cpu_first) / 1e6, setup_ns / 1e6, floor_ns / 1e6


def measure_runtime_compile(work: Path, runs: int) -> dict[str, Any]:
    """CPU time to compile the runtime's files in a fresh interpreter: all of them, and what
    the import of a toolset module loads (its `__init__.py`)."""
    from mcp2openai.emit import runtime_files

    files = {name: text for name, text in runtime_files().items() if name.endswith(".py")}
    paths = {}
    for number, (name, text) in enumerate(sorted(files.items())):
        paths[name] = work / f"runtime_part_{number}.py"
        paths[name].write_text(text, encoding="utf-8")
    row: dict[str, Any] = {}
    for key, parts in (("all", list(paths.values())), ("import", [paths["__init__.py"]])):
        command = [sys.executable, "-I", "-S", "-c", _COMPILE_CHILD, *map(str, parts)]
        samples = [int(child(command)[0]) / 1e6 for _ in range(runs)]
        row[f"{key}_ms"] = min(samples)
        row[f"{key}_samples"] = samples
    row["ms"] = row["import_ms"]  # what every import pays without bytecode
    print(f"runtime compile: {row['all_ms']:.2f} ms in all, {row['import_ms']:.2f} ms at import")
    return row


_LOADED_CHILD = """\
import sys
sys.path.insert(0, sys.argv[1])
def parts():
    return sorted(name for name in sys.modules if name.startswith("_mcp2openai"))
module = __import__(sys.argv[2])
steps = [("import", parts())]
module.tools("responses")
steps.append(("tools", parts()))
name = module.tools("responses")[0]["name"]
call = {"type": "function_call", "call_id": "c", "name": name, "arguments": "{}"}
module.tool_calls({"output": [call]})
module.tool_output("c", {"content": [{"type": "text", "text": "ok"}]}, api="responses")
steps.append(("calls", parts()))
mine = {sys.argv[2], "__main__"}  # the toolset, and this script
outside = sorted(set(sys.modules) - set(sys.stdlib_module_names) - set(parts()) - mine)
print(repr((steps, [n for n in outside if n.split(".")[0] not in sys.stdlib_module_names])))
"""


def measure_loaded_lines(directory: Path, count: int) -> dict[str, Any]:
    """The runtime's lines of code (bench/lines.py), and how many of them a toolset module's
    import loads; then its first tools(); then tool_calls() and tool_output()."""
    import ast

    from bench.lines import runtime_lines

    lines = runtime_lines()
    total = sum(lines.values())
    name = f"adapter_{count}"
    command = [sys.executable, "-I", "-S", "-c", _LOADED_CHILD, str(directory), name]
    steps, outside = ast.literal_eval(" ".join(child(command)))
    row: dict[str, Any] = {"tools": count, "runtime_lines": total, "per_file": lines}
    for step, modules in steps:
        files = [
            "__init__.py" if m == RUNTIME_PACKAGE else m.split(".")[1] + ".py" for m in modules
        ]
        row[f"{step}_lines"] = sum(lines[file] for file in files)
        row[f"{step}_share"] = row[f"{step}_lines"] / total
        row[f"{step}_parts"] = files
    row["outside_standard_library"] = outside
    print(
        f"runtime: {total:,} lines of code; the import loads {row['import_lines']:,}"
        f" ({row['import_share']:.0%}), tools() {row['tools_lines']:,},"
        f" tool_calls and tool_output {row['calls_lines']:,}"
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
