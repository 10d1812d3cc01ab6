"""Per-request cost of `tools()`: each call against `json.dumps` of what it returns.

An app calls `tools(...)` for every request, and the `openai` SDK then serialises the list
(httpx writes it as JSON): `json.dumps` of the same list is what the call is compared with.
Every call returns new lists and dicts, the caller's to change. Variants: the flat lists for
both APIs, a selection by server, namespaces with deferred loading, and a client search tool.
Also, in fresh interpreters (`measure_first_calls`): the first, second and third
`tools("responses")` after the import, each the fastest of the runs, against `json.loads` of
the same definitions in the same process.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from bench.calls import fastest_per_call
from bench.imports import WARM_FLAGS, child, import_path

_FIRST_CALLS_CHILD = """\
import json, sys, time
sys.path.insert(0, sys.argv[1])
module = __import__(sys.argv[2])
times = []
for _ in range(3):
    c0 = time.process_time_ns()
    definitions = module.tools("responses")
    times.append(time.process_time_ns() - c0)
text = json.dumps(definitions, separators=(",", ":"))
c0 = time.process_time_ns()
json.loads(text)
print(*times, time.process_time_ns() - c0)
"""

VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "chat": ("chat", {}),
    "responses": ("responses", {}),
    "responses, 2 servers": ("responses", {"servers": None}),  # filled with real names
    "responses, namespaces + defer": ("responses", {"namespaces": True, "defer": True}),
    "responses, client search": ("responses", {"search": "client"}),
}


def measure_tools(path: Path, count: int) -> dict[str, Any]:
    module = import_path(path)
    for _ in range(2):  # the first calls parse the module's text: before any clock starts
        module.tools("responses")
    servers = list(dict.fromkeys(server for server, _ in module.NAMES.values()))[:2]
    rows = []
    for label, (api, options) in VARIANTS.items():
        kwargs = {**options, "servers": servers} if "servers" in options else options

        def call(api: str = api, kwargs: dict[str, Any] = kwargs) -> object:
            return module.tools(api, **kwargs)

        result = call()
        text = json.dumps(result)

        def dump(result: object = result) -> str:
            return json.dumps(result)

        fastest = fastest_per_call({"tools": call, "dumps": dump}, repeat=7)
        tools_us, dumps_us = fastest["tools"] * 1e6, fastest["dumps"] * 1e6
        rows.append(
            {
                "variant": label,
                "items": len(result),  # type: ignore[arg-type]
                "json_kb": len(text) / 1e3,
                "tools_us": tools_us,
                "json_dumps_us": dumps_us,
                "ratio": tools_us / dumps_us,
            }
        )
        print(f"tools() {label:>30}: {tools_us:.1f} µs, json.dumps {dumps_us:.0f} µs")
    return {"tools": count, "rows": rows}


def measure_first_calls(path: Path, count: int, runs: int) -> dict[str, Any]:
    """CPU ms of the first, second and third `tools("responses")` after the import, and of
    `json.loads` of the same definitions, in fresh interpreters (bytecode on disk): each
    column's fastest sample."""
    command = [sys.executable, *WARM_FLAGS, "-c", _FIRST_CALLS_CHILD, str(path.parent), path.stem]
    child(command)  # writes the .pyc
    keys = ("first_ms", "second_ms", "third_ms", "json_loads_ms")
    samples: dict[str, list[float]] = {key: [] for key in keys}
    for _ in range(runs):
        for key, nanoseconds in zip(keys, child(command), strict=True):
            samples[key].append(int(nanoseconds) / 1e6)
    row: dict[str, Any] = {"tools": count, **{key: min(v) for key, v in samples.items()}}
    row["samples"] = samples
    print(
        "tools('responses') in a fresh process: first {first_ms:.2f} ms, second"
        " {second_ms:.2f} ms, third {third_ms:.2f} ms; json.loads {json_loads_ms:.2f} ms".format(
            **row
        )
    )
    return row
