"""The data of a toolset module, as JSON values: one table per name (docs/design.md, "Data in
the module").

Pure data from the model, nothing emitted here: generator/literals.py writes each table as a
JSON text literal of the module, one entry per line, and generator/verify.py reads every
table back from the written module and compares it with what `tables` returns. The runtime
(templates/runtime/__init__.py, `Toolset.table`) parses each table on first use.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from typing import Any, Final

from .literals import Layout
from .model import Decision, ModuleModel, ToolModel
from .runtime import digest
from .search import search_table
from .strict import format_path
from .stub import definitions as typed_definitions
from .typed import Definition

JsonValue = dict[str, Any] | list[Any]

# The module's tables, in the order it holds them, each with the name of its constant there
# (the runtime's `Toolset` takes them by these keys).
TABLE_NAMES: Final = ("definitions", "tools", "search", "args", "servers", "digests", "report")


# How a table is laid out (generator/literals.py, `table`): one entry a line, but the
# definitions one key of each a line, the report one item of each list a line. The runtime
# reads the definitions' layout: each tool's text starts a line with "{".
LAYOUTS: Final[dict[str, Layout]] = {"definitions": "keys", "report": "items"}


def constant(name: str) -> str:
    """The name of a table's constant in the module: `definitions` -> `_DEFINITIONS`."""
    return f"_{name.upper()}"


def tables(model: ModuleModel, typed: tuple[Definition, ...] | None = None) -> dict[str, JsonValue]:
    """Every table of the toolset module for `model`, keyed by name (`TABLE_NAMES`);
    `typed`: the stub's TypedDicts (generator/stub.py, `definitions`), when already made."""
    listed: dict[tuple[str, str], dict[str, Any]] = {}
    for server, tools in model.listed:
        for tool in tools:  # a name listed twice: the first is the tool (generator/naming.py)
            listed.setdefault((server, str(tool.get("name"))), tool)
    values: dict[str, JsonValue] = {
        # the Responses API's function tools, as `tools("responses")` returns them
        "definitions": [definition(tool) for tool in model.tools],
        # exposed name -> what else the runtime knows of the tool (`tool_entry`)
        "tools": {tool.exposed: tool_entry(tool) for tool in model.tools},
        # exposed name -> its search terms and their counts per field (generator/search.py)
        "search": search_table(model),
        # TypedDict name -> its fields as the stub writes them, [key, type] each (the type
        # as data: `type_data`); null for the `dict[str, object]` alias (generator/typed.py)
        "args": {
            item.name: (
                None
                if item.fields is None
                else [[key, type_data(text)] for key, text in item.fields]
            )
            for item in (typed_definitions(model) if typed is None else typed)
        },
        # server -> how to start or reach it, exactly as the config wrote it (`${VAR}` kept:
        # no secret enters the module), or null (SERVERS, connect()); and the description of
        # its namespace (docs/design.md, "Namespaces")
        "servers": servers(model),
        # exposed name -> the digest of the tool as its server listed it, which
        # `connect(check=...)` compares with the live server's (a line of its own: a reworded
        # description changes it, and nothing else of the tool's entry)
        "digests": {tool.exposed: digest(listed[(tool.server, tool.tool)]) for tool in model.tools},
        # the report's decisions (REPORT): one entry a line; the dropped keywords one tool a
        # line, [exposed name, [[JSON pointer, keyword], ...]]
        "report": report_table(model),
    }
    assert tuple(values) == TABLE_NAMES
    return values


@lru_cache(maxsize=1 << 14)
def type_data(text: str) -> Any:
    """A type of the stub (generator/typed.py's vocabulary, which generator/verify.py proves
    the stub holds) as JSON data, for the runtime to make the TypedDict of without reading
    code (templates/runtime/typeddicts.py): a name is a string (`"str"`, `"None"`, a
    nested TypedDict's), `X[A, B]` is `["X", A, B]` (`Literal`'s arguments are its values),
    and `A | B` is `["|", A, B]`."""
    return _type_data(ast.parse(text, mode="eval").body)


def _type_data(node: ast.expr) -> Any:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Constant) and node.value is None:
        return "None"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        left, right = _type_data(node.left), _type_data(node.right)
        members = left[1:] if isinstance(left, list) and left[0] == "|" else [left]
        return ["|", *members, right]
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if node.value.id == "Literal":
            return ["Literal", *(ast.literal_eval(item) for item in items)]
        return [node.value.id, *(_type_data(item) for item in items)]
    raise ValueError(f"not a type of the stub: {ast.unparse(node)}")


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


def tool_entry(tool: ToolModel) -> dict[str, Any]:
    """What the runtime knows of a tool beside its definition: its server and MCP name; its
    name inside its server's namespace when that differs; its TypedDict; its MCP annotations
    after the config's overrides and its approval policy (docs/design.md, "Policy"); the
    null paths `tool_calls` removes the nulls at, or its rewrites' decode plan; and whether
    its Responses outputs are its `structuredContent` (an output schema describes them); and
    its `x-mcp-header` arguments, `[header token, *property path]` each (generator/headers.py)."""
    entry: dict[str, Any] = {"server": tool.server, "tool": tool.tool}
    if tool.local != tool.tool:
        entry["local"] = tool.local
    entry["args"] = tool.shape
    if tool.policy.annotations:
        entry["annotations"] = tool.policy.annotations
    if tool.policy.approve:
        entry["approve"] = tool.policy.approve
    if tool.decode is not None:
        entry["decode"] = tool.decode
    elif tool.null_paths:
        entry["nulls"] = [list(path) for path in tool.null_paths]
    if tool.output_schema is not None:
        entry["structured"] = True
    if tool.headers:
        entry["headers"] = [list(header) for header in tool.headers]
    return entry


def servers(model: ModuleModel) -> dict[str, Any]:
    """Server -> `{"recipe": ..., "description": ...}`, in the config's order; a server
    with no tool exposed has no namespace, so no description."""
    described = dict(model.namespaces)
    table: dict[str, Any] = {}
    for server, recipe in model.recipes:
        table[server] = {"recipe": recipe}
        if server in described:
            table[server]["description"] = described[server]
    return table


def report_table(model: ModuleModel) -> dict[str, list[Any]]:
    """The report's decisions as the module holds them (`report_entries`, with the dropped
    keywords grouped by tool)."""
    table: dict[str, list[Any]] = dict(report_entries(model))
    table["dropped"] = [
        [tool.exposed, [[format_path(item.path), item.keyword] for item in tool.dropped]]
        for tool in model.tools
        if tool.dropped
    ]
    return table


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
