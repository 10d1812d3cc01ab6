"""Several toolsets in one config: `[tool.mcp2openai.toolsets.<name>]`, each a module of its own
built from some of the project's servers::

    [tool.mcp2openai]
    strict = "auto"                     # the toolsets' default, as without toolsets

    [tool.mcp2openai.servers.time]      # the servers, as without toolsets
    command = "mcp-server-time"
    [tool.mcp2openai.servers.fetch]
    command = "mcp-server-fetch"

    [tool.mcp2openai.toolsets.research]
    out = "app/tools/research.py"       # the module `mcp2openai build` writes
    servers = ["fetch", "time"]         # of [tool.mcp2openai.servers] (or of mcp_config)
    [tool.mcp2openai.toolsets.clock]
    out = "app/tools/clock.py"
    servers = ["time"]
    strict = "true"                     # a toolset's own strict, rewrites, target win

A server serves every toolset that names it (its options, `prefix`, `include`, ... are its
own); `fetch` records each server once. The top-level `out` does not go with `toolsets`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from .entries import ConfigError, did_you_mean, key_name, no_such, server_name, string
from .options import StrictMode
from .paths import module_file_problem
from .strict import Target
from .values import path_of, strict_of, switch_of, target_of

_KEYS: Final = frozenset({"out", "servers", "strict", "rewrites", "target"})


@dataclass(frozen=True, slots=True)
class Toolset:
    name: str
    out: Path
    servers: tuple[str, ...]
    key: str  # where it is written, for messages: "tool.mcp2openai.toolsets.research"
    strict: StrictMode | None = None
    rewrites: bool | None = None
    target: Target | None = None


def parse_toolsets(table: Any, base: Path, file: str, key: str) -> tuple[Toolset, ...]:
    """The toolsets of a `toolsets` table (`key`), paths relative to `base`, each checked."""
    if not isinstance(table, dict) or not table:
        raise ConfigError(file, key, "must be a table of toolsets, each with out and servers")
    toolsets: list[Toolset] = []
    for name, entry in table.items():
        where = f"{key}.{key_name(name)}"
        server_name(name, file, where)  # the same rule: it is typed after --toolset
        if not isinstance(entry, dict):
            raise ConfigError(file, where, "must be a table")
        for option in entry:
            if option not in _KEYS:
                close = did_you_mean(option, _KEYS)
                guess = f": did you mean {json.dumps(close)}?" if close else ""
                listed = ", ".join(sorted(_KEYS))
                raise ConfigError(
                    file, f"{where}.{key_name(option)}", f"unknown key{guess} (known: {listed})"
                )
        for needed in ("out", "servers"):
            if needed not in entry:
                raise ConfigError(file, where, f'needs "{needed}"')
        out = path_of(entry, "out", base, file, where)
        problem = module_file_problem(out)
        if problem is not None:
            raise ConfigError(file, f"{where}.out", problem)
        for other in toolsets:
            if other.out == out:
                raise ConfigError(file, f"{where}.out", f"is the out of toolset {other.name} too")
        toolsets.append(
            Toolset(
                name,
                out,
                _servers(entry["servers"], file, f"{where}.servers"),
                where,
                strict_of(entry.get("strict"), file, f"{where}.strict"),
                switch_of(entry.get("rewrites"), file, f"{where}.rewrites"),
                target_of(entry.get("target"), file, f"{where}.target"),
            )
        )
    return tuple(toolsets)


def _servers(value: Any, file: str, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise ConfigError(file, key, "must be a list of server names, not empty")
    names = [string(item, file, f"{key}[{index}]") for index, item in enumerate(value)]
    for index, name in enumerate(names):
        if name in names[:index]:
            raise ConfigError(file, f"{key}[{index}]", f"names {name} twice")
    return tuple(names)


def check_servers(toolsets: tuple[Toolset, ...], known: list[str], file: str) -> None:
    """Every server a toolset names is one of the project's (`known`)."""
    for toolset in toolsets:
        for index, name in enumerate(toolset.servers):
            if name not in known:
                close = did_you_mean(name, known)
                guess = f" (did you mean {json.dumps(close)}?)" if close else ""
                listed = ", ".join(known)
                where = f"{toolset.key}.servers[{index}]"
                raise ConfigError(file, where, f"no server named {name}{guess}; known: {listed}")


def used(toolsets: tuple[Toolset, ...]) -> tuple[str, ...]:
    """The servers the toolsets name, each once, in the order first named."""
    return tuple(dict.fromkeys(name for toolset in toolsets for name in toolset.servers))


def pick(toolsets: tuple[Toolset, ...], names: tuple[str, ...], file: str) -> tuple[Toolset, ...]:
    """The toolsets named (`--toolset`, in the config's order), or all of them."""
    if not names:
        return toolsets
    if problem := no_such("toolset", names, [toolset.name for toolset in toolsets]):
        raise ConfigError(file, None, problem)
    return tuple(toolset for toolset in toolsets if toolset.name in names)
