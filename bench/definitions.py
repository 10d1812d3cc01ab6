"""Per-request cost of `tools()`: each call against `json.dumps` of what it returns.

An app calls `tools(...)` for every request, and the `openai` SDK then serialises the list
(httpx writes it as JSON): `json.dumps` of the same list is the floor the call is compared
with (the target: at most 5% of it). Variants: the flat lists for both APIs, a selection by
server, namespaces with deferred loading, and a client search tool.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bench.calls import fastest_per_call
from bench.imports import import_path

VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "chat": ("chat", {}),
    "responses": ("responses", {}),
    "responses, 2 servers": ("responses", {"servers": None}),  # filled with real names
    "responses, namespaces + defer": ("responses", {"namespaces": True, "defer": True}),
    "responses, client search": ("responses", {"search": "client"}),
}


def measure_tools(path: Path, count: int) -> dict[str, Any]:
    module = import_path(path)
    module.tools("responses")  # parsed once, before any clock starts
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
