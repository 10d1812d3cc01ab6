"""The frozen, plain-data description of one generated module (docs/conventions.md, practice 2).

`build_model` makes every decision (strict or fallback or excluded, names, typed fields). The
model holds data only: named fields, no code. generator/emit.py turns it into source text.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Final, Literal

from . import __version__, typed
from .identifiers import class_name, unique
from .naming import NamedTool, Rename, ServerTools, Toolset
from .strict import Conversion, Dropped, NullPath, Unsupported, convert, format_path
from .text import clean_annotations, unencodable_path

StrictMode = Literal["auto", "true", "false"]
FALLBACK_EVENT: Final = "mcp2openai.strict_fallback"


@dataclass(frozen=True, slots=True)
class Decision:
    """A tool sent non-strict (fallback) or left out (excluded), and why."""

    name: str
    server: str
    tool: str
    path: str  # JSON pointer into the tool's inputSchema
    keyword: str
    reason: str

    @classmethod
    def of(cls, named: NamedTool, error: Unsupported) -> Decision:
        path = format_path(error.path)
        return cls(named.exposed, named.server, named.tool, path, error.keyword, error.reason)


@dataclass(frozen=True, slots=True)
class ToolModel:
    exposed: str
    server: str
    tool: str
    description: str
    parameters: dict[str, Any]
    strict: bool
    null_paths: tuple[NullPath, ...]
    dropped: tuple[Dropped, ...]
    shape: str  # the TypedDict's name
    fields: tuple[typed.Field, ...]
    local: str  # the name inside the server's namespace (generator/naming.py, local_name)
    title: str = ""  # the MCP tool's display title, cleaned (read by the search index only)


@dataclass(frozen=True, slots=True)
class ModuleModel:
    servers: tuple[tuple[str, int], ...]  # (server, tools exposed)
    tools: tuple[ToolModel, ...]
    fallbacks: tuple[Decision, ...]
    excluded: tuple[Decision, ...]
    renames: tuple[Rename, ...]
    filtered: tuple[tuple[str, str], ...]
    strict_mode: StrictMode
    input_hash: str
    version: str = __version__


def build_model(toolset: Toolset, mode: StrictMode, input_hash: str) -> ModuleModel:
    """Decide, per tool, what is sent: strict schema, non-strict fallback, or nothing."""
    tools: list[ToolModel] = []
    fallbacks: list[Decision] = []
    excluded: list[Decision] = []
    shapes: set[str] = set()  # "...Args": no name of the runtime ends so (a test checks)
    for named in toolset.tools:
        tool, decision = _tool_model(named, mode, shapes)
        if decision is not None:
            (fallbacks if tool is not None else excluded).append(decision)
        if tool is not None:
            tools.append(tool)
    counts = dict.fromkeys((t.server for t in toolset.tools), 0)
    for tool in tools:
        counts[tool.server] += 1
    return ModuleModel(
        servers=tuple(counts.items()),
        tools=tuple(tools),
        fallbacks=tuple(fallbacks),
        excluded=tuple(excluded),
        renames=toolset.renames,
        filtered=toolset.filtered,
        strict_mode=mode,
        input_hash=input_hash,
    )


def _tool_model(
    named: NamedTool, mode: StrictMode, shapes: set[str]
) -> tuple[ToolModel | None, Decision | None]:
    """The tool as sent (None: excluded) and the fallback or exclusion decision, if any."""
    schema = named.input_schema
    refusal = _refused_in_any_mode(named)
    if refusal is not None:
        return None, Decision.of(named, refusal)
    decision = None
    if mode != "false":
        try:
            conversion = convert(schema)
        except Unsupported as error:
            decision = Decision.of(named, error)
            if mode == "true":
                return None, decision
        else:
            optional = {path[0] for path in conversion.null_paths if len(path) == 1}
            return _make(named, conversion.schema, True, conversion, optional, shapes), None
    return (
        _make(named, _non_strict(schema), False, None, _optional_properties(schema), shapes),
        decision,
    )


def _refused_in_any_mode(named: NamedTool) -> Unsupported | None:
    """What fails a whole request even with "strict": false: such a tool is always left out."""
    if named.input_schema.get("type") not in ("object", ["object"]):
        # OpenAI refuses a non-object root in any mode (openai-rules.md 0).
        reason = "the inputSchema root is not an object schema; OpenAI refuses it in any mode"
        return Unsupported((), "type", reason)
    # A lone surrogate cannot be encoded as UTF-8: the request carrying it, or the MCP call
    # naming it, would fail in the app. Descriptions and titles are cleaned instead.
    if unencodable_path(named.tool) is not None:
        return Unsupported((), "name", "the tool name has a lone surrogate (not UTF-8)")
    path = unencodable_path(named.input_schema)
    if path is not None:
        return Unsupported(path, "utf-8", "a lone surrogate cannot be sent as UTF-8")
    return None


def _make(
    named: NamedTool,
    parameters: dict[str, Any],
    strict: bool,
    conversion: Conversion | None,
    optional: set[str | None],
    shapes: set[str],
) -> ToolModel:
    return ToolModel(
        exposed=named.exposed,
        server=named.server,
        tool=named.tool,
        description=named.description,
        parameters=parameters,
        strict=strict,
        null_paths=conversion.null_paths if conversion else (),
        dropped=conversion.dropped if conversion else (),
        shape=unique(class_name(named.exposed, "Args"), shapes),
        fields=typed.fields(named.input_schema, optional),
        local=named.local,
        title=named.title,
    )


def input_hash(servers: list[ServerTools], mode: StrictMode) -> str:
    """sha256 of everything the output depends on, in a canonical JSON form."""
    canonical = {
        "generator": __version__,
        "strict": mode,
        "servers": [
            {
                "name": s.name,
                "prefix": s.prefix,
                "include": list(s.include),
                "exclude": list(s.exclude),
                "tools": list(s.tools),
            }
            for s in servers
        ],
    }
    text = json.dumps(canonical, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _non_strict(schema: dict[str, Any]) -> dict[str, Any]:
    """The original schema with annotations cleaned (seed: fallbacks keep their schema)."""
    cleaned: dict[str, Any] = clean_annotations(schema)
    return cleaned


def _optional_properties(schema: dict[str, Any]) -> set[str | None]:
    properties = schema.get("properties")
    required = schema.get("required")
    names: set[str | None] = set(properties) if isinstance(properties, dict) else set()
    if isinstance(required, list):
        names -= {name for name in required if isinstance(name, str)}
    return names
