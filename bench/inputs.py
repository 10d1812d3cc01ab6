"""Benchmark inputs: the real snapshots, replicated with renamed tools to reach larger sizes.

The committed snapshots in `generated/snapshots/` hold the tool lists of real MCP servers. A
toolset of `count` tools takes them in server order; past the last one it starts over with
every tool renamed `<name>_r<copy>` (copy 1, 2, ...), so names stay unique and each server
keeps its own tools. Used by `bench/run.py` and by the black-stability test in `tests/`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOTS = ROOT / "generated" / "snapshots"

Tool = dict[str, Any]


def real_servers() -> list[tuple[str, list[Tool]]]:
    """`(server name, tools)` for every committed snapshot, sorted by file name."""
    servers = []
    for path in sorted(SNAPSHOTS.glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        servers.append((path.stem, list(document["tools"])))
    return servers


def replicated(count: int) -> list[tuple[str, list[Tool]]]:
    """`count` tools as `(server name, tools)`, servers in snapshot order, no empty server."""
    servers = real_servers()
    total = sum(len(tools) for _, tools in servers)
    grouped: dict[str, list[Tool]] = {name: [] for name, _ in servers}
    for index in range(count):
        copy, offset = divmod(index, total)
        name, tool = _nth(servers, offset)
        if copy:
            tool = {**tool, "name": f"{tool['name']}_r{copy}"}
        grouped[name].append(tool)
    return [(name, tools) for name, tools in grouped.items() if tools]


def write_snapshots(count: int, directory: Path) -> list[tuple[str, Path]]:
    """Write `replicated(count)` as one snapshot per server; `(server name, path)` in order."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, tools in replicated(count):
        path = directory / f"{name}.json"
        path.write_text(json.dumps({"tools": tools}), encoding="utf-8")
        written.append((name, path))
    return written


def _nth(servers: list[tuple[str, list[Tool]]], offset: int) -> tuple[str, Tool]:
    for name, tools in servers:
        if offset < len(tools):
            return name, tools[offset]
        offset -= len(tools)
    raise IndexError(offset)
