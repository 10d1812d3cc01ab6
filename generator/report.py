"""What `mcp2openai build` tells the reviewer: report lines on stderr, the summary, the JSON.

Fallbacks, exclusions, rewrites and renames are decisions a reviewer must see: one line each,
always.
Dropped keywords are many and alike (a real build of 95 tools drops 279): one line per keyword
with its counts, and the per-tool lines only with `-v` (or in `--report-json`). Tools left out
by include/exclude are summarised per server the same way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from .load import About
from .model import FALLBACK_EVENT, ModuleModel
from .strict import format_path
from .summary import plural
from .tables import report_entries

_NAMES_SHOWN: Final = 5
MAX_TOOLS_PER_REQUEST: Final = 128  # docs/openai-rules.md §3.3


def warnings(model: ModuleModel) -> list[str]:
    """What the app must act on, printed even with -q: a toolset too large for one request."""
    if len(model.tools) <= MAX_TOOLS_PER_REQUEST:
        return []
    return [
        f"warning: {len(model.tools):,} tools, more than the {MAX_TOOLS_PER_REQUEST} OpenAI "
        "takes in one request; send a part of them per request (tools(api, servers=..., "
        "names=...)), or let the model load what it needs (tools('responses', "
        "namespaces=True, defer=True), or search='client')"
    ]


def report_lines(model: ModuleModel, *, verbose: bool = False) -> list[str]:
    lines = [f"fallback {e.name}: {e.keyword} at {e.path}: {e.reason}" for e in model.fallbacks]
    lines += [f"excluded {e.name}: {e.keyword} at {e.path}: {e.reason}" for e in model.excluded]
    lines += [f"rewrote {r.name}: {r.kind} at {r.path}" for r in model.rewrites]
    lines += [
        f"renamed {r.server}/{r.tool!r} -> {r.exposed or '(dropped)'}: {r.reason}"
        for r in model.renames
    ]
    if verbose:
        lines += [f"filtered {server}/{tool!r}" for server, tool in model.filtered]
        lines += [
            f"dropped {tool.exposed}: {item.keyword} at {format_path(item.path)}"
            for tool in model.tools
            for item in tool.dropped
        ]
        return lines
    return lines + _filtered_summary(model) + _dropped_summary(model)


def summary(model: ModuleModel) -> str:
    strict = sum(tool.strict for tool in model.tools)
    return (
        f"{plural(len(model.tools), 'tool')}: {strict:,} strict, "
        f"{plural(len(model.fallbacks), 'fallback')}, {len(model.excluded):,} excluded"
    )


def report_document(
    model: ModuleModel, snapshots: Sequence[tuple[str, About]] = ()
) -> dict[str, Any]:
    """The report as JSON. `snapshots`: what each server's snapshot says of the server it was
    fetched from (its name, version and protocol version; a snapshot keeps no fetch date, so
    that the same server always gives the same bytes: docs/design.md, "Graded drift")."""
    entries = report_entries(model)
    return {
        "generator": f"mcp2openai {model.version}",
        "input_sha256": model.input_hash,
        "strict": model.strict_mode,
        "tools": len(model.tools),
        "fallbacks": [{"event": FALLBACK_EVENT, **entry} for entry in entries["fallbacks"]],
        "excluded": entries["excluded"],
        "renames": entries["renames"],
        "filtered": [{"server": server, "tool": tool} for server, tool in model.filtered],
        "dropped": entries["dropped"],
        "rewrites": entries["rewrites"],
        "warnings": warnings(model),
        "snapshots": [
            {
                "server": server,
                "serverInfo": {"name": about.name, "version": about.version},
                "protocolVersion": about.protocol,
            }
            for server, about in snapshots
        ],
    }


def _dropped_summary(model: ModuleModel) -> list[str]:
    """`dropped KEYWORD: N times in T tools`, the most frequent first."""
    times: Counter[str] = Counter()
    tools: Counter[str] = Counter()
    for tool in model.tools:
        keywords = [item.keyword for item in tool.dropped]
        times.update(keywords)
        tools.update(set(keywords))
    ranked = sorted(times, key=lambda keyword: (-times[keyword], keyword))
    return [
        f"dropped {keyword}: {plural(times[keyword], 'time')} in"
        f" {plural(tools[keyword], 'tool')}"
        for keyword in ranked
    ]


def _filtered_summary(model: ModuleModel) -> list[str]:
    """`filtered SERVER: N tools left out by include/exclude (a, b, ...)`, per server."""
    by_server: dict[str, list[str]] = {}
    for server, tool in model.filtered:
        by_server.setdefault(server, []).append(tool)
    lines = []
    for server, names in by_server.items():
        shown = ", ".join(repr(name) for name in names[:_NAMES_SHOWN])
        more = f", ... {len(names) - _NAMES_SHOWN} more" if len(names) > _NAMES_SHOWN else ""
        lines.append(
            f"filtered {server}: {plural(len(names), 'tool')} left out by include/exclude"
            f" ({shown}{more})"
        )
    return lines
