"""The frozen, plain-data description of one generated module (docs/conventions.md, practice 2).

`build_model` makes every decision (strict or fallback or excluded, names, typed fields). The
model holds data only: named fields, no code. generator/emit.py turns it into source text.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from . import __version__, headers, typed
from .identifiers import class_name, unique
from .naming import NamedTool, Rename, ServerTools, Toolset
from .options import StrictMode
from .policy import NO_POLICY, Policy
from .strict import (
    Conversion,
    Dropped,
    NullPath,
    Rewrite,
    Target,
    Unsupported,
    argument_schema,
    convert,
    format_path,
)
from .text import clean_annotations, unencodable_path
from .validity import invalid_schema
from .vendor import without_vendor_keywords
from .wrapping import described

FALLBACK_EVENT: Final = "mcp2openai.strict_fallback"
_SUMMARY_CHARS: Final = 1000  # tool names listed in a generated namespace description


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
class RewriteEntry:
    """One place of a tool's schema sent in another shape (docs/rewrites.md)."""

    name: str
    server: str
    tool: str
    path: str  # JSON pointer into the tool's original inputSchema
    kind: str


@dataclass(frozen=True, slots=True)
class Options:
    """How tools are converted: `--strict`, `--rewrites`, `--target`."""

    mode: StrictMode = StrictMode.AUTO
    rewrites: bool = True
    target: Target = "openai"


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
    fields: tuple[typed.Field, ...] | None  # None: no TypedDict fits (plain dict alias)
    local: str  # the name inside the server's namespace (generator/naming.py, local_name)
    title: str = ""  # the MCP tool's display title, cleaned (read by the search index only)
    server_title: str = ""  # its server's title, cleaned (read by the search index only)
    # its rewrites' decode plan, which also removes its nulls (strict/decoding.py); None for a
    # tool without rewrites, whose nulls the runtime removes at its null paths
    decode: list[dict[str, Any]] | None = None
    # The MCP `outputSchema`, annotations cleaned: the Responses definition's `output_schema`
    # (docs/openai-rules.md §3.2); None without one, or one that is not a sendable object.
    output_schema: dict[str, Any] | None = None
    policy: Policy = NO_POLICY  # its annotations and approval policy (generator/policy.py)
    # its `x-mcp-header` arguments, `(header token, *property path)` each (generator/headers.py)
    headers: tuple[tuple[str, ...], ...] = ()


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
    rewrites: tuple[RewriteEntry, ...] = ()
    # (server, the description of its namespace), for every server with a tool exposed
    namespaces: tuple[tuple[str, str], ...] = ()
    version: str = __version__
    # (server, how to start or reach it as the config wrote it, or None), in `servers` order
    recipes: tuple[tuple[str, dict[str, Any] | None], ...] = ()
    # (server, its tools as its snapshot lists them): what `connect(check=...)` compares the
    # live server with (generator/tables.py, "contract")
    listed: tuple[tuple[str, tuple[dict[str, Any], ...]], ...] = ()
    # (server, the protocol version its snapshot was fetched with, "" if unknown)
    protocols: tuple[tuple[str, str], ...] = ()


def build_model(
    toolset: Toolset,
    mode: StrictMode,
    input_hash: str,
    options: Options | None = None,
    recipes: Mapping[str, dict[str, Any] | None] | None = None,
    protocols: Mapping[str, str] | None = None,
) -> ModuleModel:
    """Decide, per tool, what is sent: strict schema, non-strict fallback, or nothing.

    `recipes`: server -> its connection recipe (generator/entries.py `recipe_of`), kept as
    it is for the module's SERVERS."""
    options = Options(mode) if options is None else options
    tools: list[ToolModel] = []
    fallbacks: list[Decision] = []
    excluded: list[Decision] = []
    rewrites: list[RewriteEntry] = []
    shapes: set[str] = set()  # "...Args": no name of the runtime ends so (a test checks)
    for named in toolset.tools:
        tool, decision, done = _tool_model(named, options, shapes)
        if decision is not None:
            (fallbacks if tool is not None else excluded).append(decision)
        if tool is not None:
            tools.append(tool)
            rewrites.extend(
                RewriteEntry(named.exposed, named.server, named.tool, format_path(r.path), r.kind)
                for r in done
            )
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
        rewrites=tuple(rewrites),
        namespaces=_namespaces(toolset, tuple(tools)),
        recipes=tuple((server, (recipes or {}).get(server)) for server in counts),
        listed=toolset.listed,
        protocols=tuple((server, (protocols or {}).get(server, "")) for server in counts),
    )


def _namespaces(toolset: Toolset, tools: tuple[ToolModel, ...]) -> tuple[tuple[str, str], ...]:
    """Each server's namespace description: what its title and instructions say, or else a
    summary naming its tools (the model sees only this until it loads the tools)."""
    about = dict(toolset.about)
    locals_by_server: dict[str, list[str]] = {}
    for tool in tools:
        locals_by_server.setdefault(tool.server, []).append(tool.local)
    return tuple(
        (server, about.get(server) or _summary(server, names))
        for server, names in locals_by_server.items()
    )


def _summary(server: str, names: list[str]) -> str:
    shown = ", ".join(names)
    if len(shown) > _SUMMARY_CHARS:
        shown = shown[: _SUMMARY_CHARS - 3].rsplit(", ", 1)[0] + ", ..."
    noun = "tool" if len(names) == 1 else "tools"
    return f"Tools of the MCP server {server} ({len(names)} {noun}): {shown}."


def _tool_model(
    named: NamedTool, options: Options, shapes: set[str]
) -> tuple[ToolModel | None, Decision | None, tuple[Rewrite, ...]]:
    """The tool as sent (None: excluded), the fallback or exclusion decision, if any, and the
    rewrites of its schema."""
    schema = named.input_schema
    refusal = _refused_in_any_mode(named)
    root = _non_object_root(named)
    rewriting = options.rewrites and options.mode != StrictMode.FALSE
    if refusal is None and root is not None and not rewriting:
        refusal = root
    if refusal is not None:
        return None, Decision.of(named, refusal), ()
    decision = None
    if options.mode != StrictMode.FALSE:
        try:
            conversion = convert(schema, rewrites=options.rewrites, target=options.target)
        except Unsupported as error:
            decision = Decision.of(named, error)
            # OpenAI refuses a root that is not an object even non-strict (docs/openai-rules.md §0).
            if options.mode == StrictMode.TRUE or root is not None:
                return None, decision, ()
        else:
            return _strict_tool(named, conversion, shapes), None, conversion.rewrites
    fields = typed.fields(schema, _optional_properties(schema))
    return _make(named, _non_strict(schema), False, None, fields, shapes), decision, ()


def _strict_tool(named: NamedTool, conversion: Conversion, shapes: set[str]) -> ToolModel:
    if conversion.decode is None:
        optional = {path[0] for path in conversion.null_paths if len(path) == 1}
    else:  # the plan's root removes the nulls of the optional top-level properties
        optional = set(conversion.decode[0].get("drop", []))
    view = argument_schema(named.input_schema) if conversion.rewrites else named.input_schema
    fields = None if view is None else typed.fields(view, optional)
    return _make(named, conversion.schema, True, conversion, fields, shapes)


def _refused_in_any_mode(named: NamedTool) -> Unsupported | None:
    """What fails a whole request even with "strict": false: such a tool is always left out."""
    # A lone surrogate cannot be encoded as UTF-8: the request carrying it, or the MCP call
    # naming it, would fail in the app. Descriptions and titles are cleaned instead.
    if unencodable_path(named.tool) is not None:
        return Unsupported((), "name", "the tool name has a lone surrogate (not UTF-8)")
    path = unencodable_path(named.input_schema)
    if path is not None:
        return Unsupported(path, "utf-8", "a lone surrogate cannot be sent as UTF-8")
    # The 2026-07-28 transport: a client must drop a tool whose x-mcp-header breaks the rules.
    return invalid_schema(named.input_schema) or headers.invalid(named.input_schema)


def _non_object_root(named: NamedTool) -> Unsupported | None:
    """A root OpenAI refuses in any mode (docs/openai-rules.md §0): it is left out unless a
    rewrite makes it an object schema (docs/rewrites.md)."""
    if named.input_schema.get("type") not in ("object", ["object"]):
        reason = "the inputSchema root is not an object schema; OpenAI refuses it in any mode"
        return Unsupported((), "type", reason)
    return None


def _make(
    named: NamedTool,
    parameters: dict[str, Any],
    strict: bool,
    conversion: Conversion | None,
    fields: tuple[typed.Field, ...] | None,
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
        fields=fields,
        local=named.local,
        title=named.title,
        server_title=named.server_title,
        decode=_plan(conversion),
        output_schema=_output_schema(named.output_schema),
        policy=named.policy,
        headers=headers.header_map(named.input_schema),
    )


def _plan(conversion: Conversion | None) -> list[dict[str, Any]] | None:
    """The tool's rewrites' decode plan (None: no rewrites; the runtime makes the tree of
    a tool's null paths itself: templates/runtime/decode.py, `null_plan`)."""
    return None if conversion is None else conversion.decode


def _output_schema(schema: Any) -> dict[str, Any] | None:
    """The MCP `outputSchema` as the Responses `output_schema`: annotations cleaned like every
    description, vendor keywords (`x-*`) dropped as the converter drops them from `parameters`
    (generator/vendor.py); a schema that is not a JSON object (a dict), or holds a lone
    surrogate (not UTF-8, so not sendable), is left out rather than the tool. An array or
    scalar schema is kept: `output_schema` describes "the JSON value" of the output
    (docs/openai-rules.md §3.2). The `{"result": ...}` wrapping of one says so
    (generator/wrapping.py)."""
    if not isinstance(schema, dict):
        return None
    cleaned: dict[str, Any] = described(without_vendor_keywords(clean_annotations(schema)))
    return cleaned if unencodable_path(cleaned) is None else None


def input_hash(servers: list[ServerTools], mode: StrictMode, options: Options | None = None) -> str:
    """sha256 of everything the output depends on, in a canonical JSON form."""
    options = Options(mode) if options is None else options
    canonical = {
        "generator": __version__,
        "strict": mode,
        "rewrites": options.rewrites,
        "target": options.target,
        "servers": [
            {
                "name": s.name,
                "prefix": s.spec.prefix,
                "include": list(s.spec.include),
                "exclude": list(s.spec.exclude),
                "tools": list(s.tools),
                # only when present: a snapshot without them keeps the hash it had
                **({"title": s.title} if s.title else {}),
                **({"instructions": s.instructions} if s.instructions else {}),
                **({"recipe": s.spec.recipe} if s.spec.recipe is not None else {}),
                **_policy_options(s),
            }
            for s in servers
        ],
    }
    text = json.dumps(canonical, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _policy_options(server: ServerTools) -> dict[str, object]:
    """The config's policy of a server, for the input hash: only what is set (a build without
    any keeps the hash it had)."""
    spec = server.spec
    chosen = {
        "read_only": list(spec.read_only),
        "destructive": list(spec.destructive),
        "approve": [list(pair) for pair in spec.approve],
    }
    return {key: value for key, value in chosen.items() if value}


def _non_strict(schema: dict[str, Any]) -> dict[str, Any]:
    """The original schema with annotations cleaned (docs/spec.md: a fallback keeps its schema)."""
    cleaned: dict[str, Any] = clean_annotations(schema)
    return cleaned


def _optional_properties(schema: dict[str, Any]) -> set[str | None]:
    properties = schema.get("properties")
    required = schema.get("required")
    names: set[str | None] = set(properties) if isinstance(properties, dict) else set()
    if isinstance(required, list):
        names -= {name for name in required if isinstance(name, str)}
    return names
