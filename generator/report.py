"""What `mcp2openai build` tells the reviewer: report lines on stderr, the summary, the JSON.

Fallbacks, exclusions, rewrites and renames are decisions a reviewer must see: one line each,
always.
Dropped keywords are many and alike (a real build of 95 tools drops 279): one line per keyword
with its counts, and the per-tool lines only with `-v` (or in `--report-json`). Tools left out
by include/exclude, and tools without the hints the approval policy reads (`readOnlyHint`,
`destructiveHint`), are summarised per server the same way; tools whose hints contradict each
other get a line each.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from .load import About
from .model import FALLBACK_EVENT, ModuleModel, ToolModel
from .policy import contradicts
from .strict import format_path
from .summary import plural
from .tables import report_entries

_NAMES_SHOWN: Final = 5
MAX_TOOLS_PER_REQUEST: Final = 128  # docs/openai-rules.md §3.3


def warnings(model: ModuleModel) -> list[str]:
    """What the app must act on, printed even with -q: a server whose snapshot lists no tools
    (fetched from a server not configured or not signed in), a toolset too large for one
    request."""
    empty = [
        f"warning: {server}: its snapshot lists no tools: the module has none of it (fetch it"
        " again once the server is configured)"
        for server, tools in model.listed
        if not tools
    ]
    if len(model.tools) <= MAX_TOOLS_PER_REQUEST:
        return empty
    return [
        *empty,
        f"warning: {len(model.tools):,} tools, more than the {MAX_TOOLS_PER_REQUEST} OpenAI "
        "takes in one request; send a part of them per request (tools(api, servers=..., "
        "names=...)), or let the model load what it needs (tools('responses', "
        "namespaces=True, defer=True), or search='client')",
    ]


def report_lines(model: ModuleModel, *, verbose: bool = False) -> list[str]:
    lines = [f"fallback {e.name}: {e.keyword} at {e.path}: {e.reason}" for e in model.fallbacks]
    lines += [f"excluded {e.name}: {e.keyword} at {e.path}: {e.reason}" for e in model.excluded]
    lines += [f"rewrote {r.name}: {r.kind} at {r.path}" for r in model.rewrites]
    lines += [
        f"renamed {r.server}/{r.tool!r} -> {r.exposed or '(dropped)'}: {r.reason}"
        for r in model.renames
    ]
    lines += [
        f"contradicting {tool.exposed}: readOnlyHint and destructiveHint are both true"
        for tool in model.tools
        if contradicts(tool.policy.annotations)
    ]
    if verbose:
        lines += [f"unhinted {tool.exposed}" for tool in _unhinted(model)]
        lines += [f"filtered {server}/{tool!r}" for server, tool in model.filtered]
        lines += [
            f"dropped {tool.exposed}: {item.keyword} at {format_path(item.path)}"
            for tool in model.tools
            for item in tool.dropped
        ]
        return lines
    return lines + _unhinted_summary(model) + _filtered_summary(model) + _dropped_summary(model)


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
        "unhinted": [tool.exposed for tool in _unhinted(model)],
        "contradicting": [t.exposed for t in model.tools if contradicts(t.policy.annotations)],
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


def _unhinted(model: ModuleModel) -> list[ToolModel]:
    """The tools whose server sent none of the four hints (and the config overrides none)."""
    hints = ("readOnlyHint", "destructiveHint")
    return [
        tool
        for tool in model.tools
        if not tool.policy.hinted and not any(hint in tool.policy.annotations for hint in hints)
    ]


def _unhinted_summary(model: ModuleModel) -> list[str]:
    """`unhinted SERVER: N tools send no annotations (a, b, ...)`, per server: approve= asks
    about every call to them (a tool without readOnlyHint is taken as not read-only)."""
    by_server: dict[str, list[str]] = {}
    for tool in _unhinted(model):
        by_server.setdefault(tool.server, []).append(tool.tool)
    lines = []
    for server, names in by_server.items():
        shown = ", ".join(repr(name) for name in names[:_NAMES_SHOWN])
        more = f", ... {len(names) - _NAMES_SHOWN} more" if len(names) > _NAMES_SHOWN else ""
        lines.append(
            f"unhinted {server}: {plural(len(names), 'tool')} without readOnlyHint or"
            f" destructiveHint ({shown}{more})"
        )
    return lines


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
