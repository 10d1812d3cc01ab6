"""The data of a toolset, as JSON values: one table per name (docs/design.md).

Pure data from the model, nothing emitted here: generator/literals.py writes the tables as the
toolset's data file, and generator/verify.py reads every table back from it, the way the
runtime does (templates/runtime/__init__.py, `Toolset.table`), and compares it with what
`tables` returns. The runtime parses each table on first use.
"""

from __future__ import annotations

from typing import Final

from .drift.values import digest
from .model import Decision, ModuleModel, ToolModel
from .search import search_table
from .strict import format_path

JsonValue = dict[str, object] | list[object]

# The data file's tables, in the order they are written (the runtime reads them by name).
TABLE_NAMES: Final = (
    "definitions",
    "names",
    "null_paths",
    "decode",
    "namespaced",
    "namespaces",
    "fallbacks",
    "excluded",
    "renames",
    "dropped",
    "rewrites",
    "search",
    "structured",
    "servers",
    "annotations",
    "approve",
    "contract",
)


def tables(model: ModuleModel) -> dict[str, JsonValue]:
    """Every table of the toolset's data for `model`, keyed by name (`TABLE_NAMES`)."""
    report = report_entries(model)
    values: dict[str, JsonValue] = {
        "definitions": [definition(tool) for tool in model.tools],
        # exposed name -> [server, MCP tool name, the name of its TypedDict in the stub]
        "names": {tool.exposed: [tool.server, tool.tool, tool.shape] for tool in model.tools},
        "null_paths": {
            tool.exposed: [list(path) for path in tool.null_paths]
            for tool in model.tools
            if tool.null_paths
        },
        # exposed name -> its decode plan: the nulls to remove, the rewrites to undo
        # (generator/strict/decoding.py, nullplans.py)
        "decode": {tool.exposed: tool.decode for tool in model.tools if tool.decode is not None},
        # namespace (server) -> name inside it -> exposed name: how a Responses call with a
        # `namespace` maps back (docs/design.md, "Calls")
        "namespaced": namespaced(model),
        # namespace (server) -> its description (docs/design.md, "Namespaces")
        "namespaces": dict(model.namespaces),
        "fallbacks": list(report["fallbacks"]),
        "excluded": list(report["excluded"]),
        "renames": list(report["renames"]),
        # exposed name -> [[JSON pointer, keyword], ...]: REPORT.dropped rebuilds the entries
        "dropped": {
            tool.exposed: [[format_path(item.path), item.keyword] for item in tool.dropped]
            for tool in model.tools
            if tool.dropped
        },
        "rewrites": list(report["rewrites"]),
        # exposed name -> the tool's search terms and their weighted counts (generator/search.py)
        "search": search_table(model),
        # the tools whose Responses outputs are their structuredContent as JSON text, which
        # their `output_schema` describes (docs/design.md, "Results")
        "structured": [tool.exposed for tool in model.tools if tool.output_schema is not None],
        # server -> how to start or reach it, exactly as the config wrote it (`${VAR}` kept:
        # no secret enters the module), or null: SERVERS and connect() (docs/design.md)
        "servers": dict(model.recipes),
        # exposed name -> its MCP annotations (the four hints and the title), after the
        # config's overrides (generator/policy.py): ToolCall.annotations, tools(read_only=)
        "annotations": {
            tool.exposed: tool.policy.annotations for tool in model.tools if tool.policy.annotations
        },
        # exposed name -> "always" | "never": whether execute_tool_calls asks approve=
        "approve": {
            tool.exposed: tool.policy.approve for tool in model.tools if tool.policy.approve
        },
        # server -> what connect(check=...) compares the live server with: every tool name
        # it listed, and each compiled tool as listed with the digest of it (docs/design.md,
        # "Graded drift")
        "contract": contracts(model),
    }
    assert tuple(values) == TABLE_NAMES
    return values


def contracts(model: ModuleModel) -> dict[str, object]:
    """Server -> `{"listed": [MCP names], "digests": {name: digest}, "tools": {name: tool}}`
    for the compiled tools, in the snapshot's order (the runtime's contract.py reads it)."""
    compiled: dict[str, set[str]] = {}
    for tool in model.tools:
        compiled.setdefault(tool.server, set()).add(tool.tool)
    table: dict[str, object] = {}
    for server, listed in model.listed:
        names = compiled.get(server, set())
        kept = {str(t["name"]): t for t in listed if t.get("name") in names}
        table[server] = {
            "listed": [str(t.get("name")) for t in listed],
            "digests": {name: digest(tool) for name, tool in kept.items()},
            "tools": kept,
        }
    return table


def definition(tool: ToolModel) -> dict[str, object]:
    """The Responses API's function tool, as `tools("responses")` returns it; the Chat
    Completions form wraps the same fields but `output_schema`, which Chat has not."""
    entry: dict[str, object] = {
        "type": "function",
        "name": tool.exposed,
        "description": tool.description,
        "parameters": tool.parameters,
        "strict": tool.strict,
    }
    if tool.output_schema is not None:
        entry["output_schema"] = tool.output_schema
    return entry


def namespaced(model: ModuleModel) -> dict[str, object]:
    """Every server of the toolset -> its tools' local names -> their exposed names."""
    table: dict[str, dict[str, str]] = {server: {} for server, _ in model.servers}
    for tool in model.tools:
        table[tool.server][tool.local] = tool.exposed
    return {server: names for server, names in table.items()}


def report_entries(model: ModuleModel) -> dict[str, list[dict[str, str]]]:
    """The report's decisions as JSON-able entries (also the CLI's `--report-json`)."""
    return {
        "fallbacks": [_decision(entry) for entry in model.fallbacks],
        "excluded": [_decision(entry) for entry in model.excluded],
        "renames": [
            {"name": r.exposed, "server": r.server, "tool": r.tool, "reason": r.reason}
            for r in model.renames
        ],
        "dropped": [
            {"name": tool.exposed, "path": format_path(item.path), "keyword": item.keyword}
            for tool in model.tools
            for item in tool.dropped
        ],
        "rewrites": [
            {"name": r.name, "server": r.server, "tool": r.tool, "path": r.path, "kind": r.kind}
            for r in model.rewrites
        ],
    }


def _decision(entry: Decision) -> dict[str, str]:
    return {
        "name": entry.name,
        "server": entry.server,
        "tool": entry.tool,
        "path": entry.path,
        "keyword": entry.keyword,
        "reason": entry.reason,
    }
