"""The toolset: exposed tools and their names (docs/design.md, "Naming"; docs/spec.md PO-7, PI-1).

Names must match ^[A-Za-z0-9_-]{1,64}$ on both APIs (docs/openai-rules.md §3.3). Every tool gets
`sanitize(prefix + name)`; a name that is too long, empty, or already taken gets a hashed form
that depends only on the server and tool name, so the same input always gives the same names.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Any, Final

from .errors import GeneratorError
from .options import ServerSpec
from .policy import NO_POLICY, Policy, policy
from .text import clean_description

# A server name is also its namespace's name in the Responses API, where names are
# ^[A-Za-z0-9_-]{1,64}$ (docs/openai-rules.md §3.3): at most 64 characters.
SERVER_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,63}")
SERVER_NAME_RULE: Final = "^[A-Za-z][A-Za-z0-9_-]{0,63}$"  # as messages show it
MAX_NAME: Final = 64
_UNSAFE: Final = re.compile(r"[^A-Za-z0-9_-]")


class NamingError(GeneratorError, ValueError):
    """A server name or filter that cannot be used."""


@dataclass(frozen=True, slots=True)
class ServerTools:
    """One server's tools as loaded, with its options (`spec`: prefix, include, exclude)."""

    spec: ServerSpec
    tools: tuple[dict[str, Any], ...]
    title: str = ""  # the server's title and instructions, from its snapshot (may be "")
    instructions: str = ""

    @property
    def name(self) -> str:
        return self.spec.name


@dataclass(frozen=True, slots=True)
class NamedTool:
    exposed: str
    server: str
    tool: str
    description: str
    input_schema: dict[str, Any]
    # The name inside the server's namespace (Responses `namespace` tools): the MCP name,
    # sanitised, at most 64 characters, no prefix; unique within the server.
    local: str
    title: str = ""  # the tool's display title, cleaned (the search index reads it)
    output_schema: Any = None  # the MCP tool's `outputSchema`, as the server sent it
    server_title: str = ""  # its server's title from the snapshot, cleaned (search index)
    policy: Policy = NO_POLICY  # its annotations, with the config's word over them


@dataclass(frozen=True, slots=True)
class Rename:
    """A tool whose exposed name is not the plain prefix + name, or that was dropped."""

    exposed: str
    server: str
    tool: str
    reason: str  # "sanitized", "hashed", "collision" or "duplicate"


@dataclass(frozen=True, slots=True)
class Toolset:
    tools: tuple[NamedTool, ...]
    renames: tuple[Rename, ...]
    filtered: tuple[tuple[str, str], ...]  # (server, tool) left out by include/exclude
    # server -> what its title and instructions say, cleaned like a description ("" if none)
    about: tuple[tuple[str, str], ...] = ()
    # server -> its tools as its snapshot lists them, unchanged (the module's contract)
    listed: tuple[tuple[str, tuple[dict[str, Any], ...]], ...] = ()


def build(servers: list[ServerTools]) -> Toolset:
    """docs/spec.md, "Naming": servers in order, each tool in the order the server listed it."""
    taken: set[str] = set()
    seen_servers: set[str] = set()
    tools: list[NamedTool] = []
    renames: list[Rename] = []
    filtered: list[tuple[str, str]] = []
    for server in servers:
        if not SERVER_NAME.fullmatch(server.name):
            raise NamingError(f"server name {server.name!r} must match {SERVER_NAME_RULE}")
        if server.name in seen_servers:
            raise NamingError(f"server name {server.name!r} is given twice")
        seen_servers.add(server.name)
        _check_include(server)
        prefix = f"{server.name}__" if server.spec.prefix is None else server.spec.prefix
        listed: set[str] = set()
        local_taken: set[str] = set()
        for tool in server.tools:
            name: str = tool["name"]
            if not _selected(name, server):
                filtered.append((server.name, name))
                continue
            if name in listed:
                renames.append(Rename("", server.name, name, "duplicate"))
                continue
            listed.add(name)
            exposed, reason = _exposed_name(prefix, server.name, name, taken)
            taken.add(exposed)
            if reason:
                renames.append(Rename(exposed, server.name, name, reason))
            local = local_name(server.name, name, local_taken)
            description = _description(tool)
            tools.append(
                NamedTool(
                    exposed,
                    server.name,
                    name,
                    description,
                    tool["inputSchema"],
                    local,
                    _title(tool),
                    tool.get("outputSchema"),
                    clean_description(server.title),
                    policy(tool, server.spec),
                )
            )
    about = tuple((server.name, _about(server)) for server in servers)
    sources = tuple((server.name, server.tools) for server in servers)
    return Toolset(tuple(tools), tuple(renames), tuple(filtered), about, sources)


def _about(server: ServerTools) -> str:
    """The server's title and instructions as one description, cleaned (PI-1) and capped."""
    title, instructions = server.title.strip(), server.instructions.strip()
    if title and instructions:
        return clean_description(f"{title}: {instructions}")
    return clean_description(title or instructions)


def sanitize(name: str) -> str:
    """Every character outside [A-Za-z0-9_-] becomes "_"."""
    return _UNSAFE.sub("_", name)


def hashed_name(base: str, server: str, tool: str, attempt: int = 0) -> str:
    """The first 55 characters of `base`, "_", then 8 hex digits of sha256(server NUL tool)."""
    key = f"{server}\0{tool}" + (f"\0{attempt}" if attempt else "")
    digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{base[:55]}_{digest}"


def local_name(server: str, tool: str, taken: set[str]) -> str:
    """A tool's name inside its server's namespace, added to `taken` (the server's names).

    The exposed-name rule with an empty prefix: sanitised, hashed past 64 characters or when
    empty, and the later of two tools landing on the same name gets the hashed form.
    """
    local, _ = _exposed_name("", server, tool, taken)
    taken.add(local)
    return local


def _exposed_name(prefix: str, server: str, tool: str, taken: set[str]) -> tuple[str, str]:
    plain = prefix + tool
    exposed = sanitize(plain)
    reason = "" if exposed == plain else "sanitized"
    if not exposed or len(exposed) > MAX_NAME:
        exposed, reason = hashed_name(exposed, server, tool), "hashed"
    attempt = 0
    while exposed in taken:
        # The first tool keeps a name; a later one gets the hashed form (rehashed if even
        # that is taken, which needs a deliberate clash).
        exposed, reason = hashed_name(sanitize(plain), server, tool, attempt), "collision"
        attempt += 1
    return exposed, reason


def _check_include(server: ServerTools) -> None:
    """An include pattern that matches no tool is a mistake (a typo, or a tool the server
    dropped): building a toolset without it would fail only when the model needs the tool."""
    for pattern in server.spec.include:
        if not any(fnmatchcase(tool["name"], pattern) for tool in server.tools):
            count = len(server.tools)
            raise NamingError(
                f"server {server.name}: include pattern {pattern!r} matches none of its"
                f" {count} tool{'' if count == 1 else 's'}"
            )


def _selected(name: str, server: ServerTools) -> bool:
    include, exclude = server.spec.include, server.spec.exclude
    if include and not any(fnmatchcase(name, pattern) for pattern in include):
        return False
    return not any(fnmatchcase(name, pattern) for pattern in exclude)


def _title(tool: dict[str, Any]) -> str:
    """The tool's display title: `title`, else `annotations.title` (the MCP tool's fields)."""
    title = tool.get("title")
    if not isinstance(title, str):
        annotations = tool.get("annotations")
        title = annotations.get("title") if isinstance(annotations, dict) else None
    return clean_description(title) if isinstance(title, str) else ""


def _description(tool: dict[str, Any]) -> str:
    for key in ("description", "title"):
        if isinstance(tool.get(key), str):
            return clean_description(tool[key])
    return ""
