"""The data a generated module carries, as JSON values: one table per name (docs/design.md).

Pure data from the model, nothing emitted here: generator/emit.py writes each table as JSON
text, and generator/verify.py reads every table back from the written module and compares it
with what `tables` returns. The runtime (templates/runtime/data.py) parses each table on first use.
"""

from __future__ import annotations

from typing import Final

from .model import Decision, ModuleModel, ToolModel
from .search import search_table
from .strict import format_path

JsonValue = dict[str, object] | list[object]

# The module's tables, in the order they are written. The runtime names the same globals.
TABLE_NAMES: Final = (
    "_DEFINITIONS",
    "_NAMES",
    "_NULL_PATHS",
    "_DECODE",
    "_NAMESPACED",
    "_NAMESPACES",
    "_FALLBACKS",
    "_EXCLUDED",
    "_RENAMES",
    "_DROPPED",
    "_REWRITES",
    "_SEARCH",
    "_STRUCTURED",
    "_SERVERS",
)


def tables(model: ModuleModel) -> dict[str, JsonValue]:
    """Every table of the module for `model`, keyed by its global name (`TABLE_NAMES`)."""
    report = report_entries(model)
    values: dict[str, JsonValue] = {
        "_DEFINITIONS": [definition(tool) for tool in model.tools],
        # exposed name -> [server, MCP tool name, the name of its TypedDict in the stub]
        "_NAMES": {tool.exposed: [tool.server, tool.tool, tool.shape] for tool in model.tools},
        "_NULL_PATHS": {
            tool.exposed: [list(path) for path in tool.null_paths]
            for tool in model.tools
            if tool.null_paths
        },
        # exposed name -> the decode plan undoing its rewrites (generator/strict/decoding.py)
        "_DECODE": {tool.exposed: tool.decode for tool in model.tools if tool.decode is not None},
        # namespace (server) -> name inside it -> exposed name: how a Responses call with a
        # `namespace` maps back (docs/design.md, "Calls")
        "_NAMESPACED": namespaced(model),
        # namespace (server) -> its description (docs/design.md, "Namespaces")
        "_NAMESPACES": dict(model.namespaces),
        "_FALLBACKS": list(report["fallbacks"]),
        "_EXCLUDED": list(report["excluded"]),
        "_RENAMES": list(report["renames"]),
        # exposed name -> [[JSON pointer, keyword], ...]: REPORT.dropped rebuilds the entries
        "_DROPPED": {
            tool.exposed: [[format_path(item.path), item.keyword] for item in tool.dropped]
            for tool in model.tools
            if tool.dropped
        },
        "_REWRITES": list(report["rewrites"]),
        # exposed name -> the tool's search terms and their weighted counts (generator/search.py)
        "_SEARCH": search_table(model),
        # the tools whose Responses outputs are their structuredContent as JSON text, which
        # their `output_schema` describes (docs/design.md, "Results")
        "_STRUCTURED": [tool.exposed for tool in model.tools if tool.output_schema is not None],
        # server -> how to start or reach it, exactly as the config wrote it (`${VAR}` kept:
        # no secret enters the module), or null: SERVERS and connect() (docs/design.md)
        "_SERVERS": dict(model.recipes),
    }
    assert tuple(values) == TABLE_NAMES
    return values


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
