"""Server lists from files: the `[tool.mcp2openai]` table of pyproject.toml, and the `mcpServers`
JSON used by Claude Desktop, Cursor, VS Code and others.

pyproject.toml (paths relative to the file's directory; servers keep the order they are written)::

    [tool.mcp2openai]
    out = "app/mcp_tools.py"        # the module `mcp2openai build` writes
    strict = "auto"                 # "auto" | "true" | "false" (or true / false)
    rewrites = "on"                 # "on" | "off" (or true / false): reversible rewrites
    target = "openai"               # "openai" | "compatible"
    snapshots = "mcp-snapshots"     # snapshot directory: <snapshots>/<name>.json (the default)
    timeout = 60                    # seconds per server for `mcp2openai fetch`

    [tool.mcp2openai.servers.time]  # stdio: command, args, env, cwd (default: the file's dir)
    command = "mcp-server-time"
    args = ["--local-timezone", "UTC"]
    env = { TZ = "UTC" }
    snapshot = "mcp-snapshots/time.json"
    prefix = "time__"
    include = ["get_*"]
    exclude = []
    timeout = 120                   # see below

    [tool.mcp2openai.servers.docs]  # Streamable HTTP: url, headers
    url = "https://example.com/mcp"
    headers = { Authorization = "Bearer ${DOCS_TOKEN}" }

A server with neither `command` nor `url` is built from its snapshot and skipped by `fetch`.
A server's `timeout`: this server's own fetch timeout, and connect()'s limit for starting and
initializing it (default 30 s): `build` writes it into the server's recipe in the module's
`SERVERS`. The table's `timeout` is only fetch's default.

Without `snapshots`, snapshots go to `mcp-snapshots/` (a hyphen: no import can pick the folder
up in place of a package, as a folder named `mcp` would the `mcp` SDK), or to `snapshots/`, the
default before 0.4, when only that one exists (`default_snapshots`; the commands say so in a
note).

Or the servers of an `mcpServers` file (paths and stdio servers relative to pyproject.toml's
directory); a `servers` table named after one of them picks it and sets its naming options only,
any other table is a server of the project's own, as above::

    [tool.mcp2openai]
    mcp_config = ".cursor/mcp.json"
    snapshots = "vendor/mcp-snapshots"
    [tool.mcp2openai.servers.github]  # optional: without any pick, every enabled server
    include = ["get_*"]
    [tool.mcp2openai.servers.time]    # not in the file: the project's own
    command = "mcp-server-time"

Several toolsets, each a module of its own built from some of these servers:
`[tool.mcp2openai.toolsets.<name>]` with `out` and `servers` (generator/toolsets.py).

Every error is a `ConfigError` naming the file and the key.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from .entries import (
    ConfigError,
    ServerConfig,
    did_you_mean,
    key_name,
    known,
    no_such,
    recipe_of,
    select,
    server_name,
    server_transport,
    string,
    strings,
    table_of,
)
from .mcpservers import load_mcp_servers, mcp_server_names
from .options import APPROVE_POLICIES, POLICY_KEYS, ServerSpec, StrictMode
from .paths import shown
from .strict import Target
from .toolsets import Toolset, check_servers, parse_toolsets, used
from .values import path_of, strict_of, switch_of, target_of, timeout_of

TABLE: Final = "tool.mcp2openai"
# The snapshot folder when neither the config nor `--snapshots` names one. A hyphen: no import
# can pick it up in place of a package (a folder named `mcp` shadowed the `mcp` SDK).
DEFAULT_SNAPSHOTS: Final = "mcp-snapshots"
OLD_DEFAULT_SNAPSHOTS: Final = "snapshots"  # the default before 0.4, kept where it is the one
_TOP_KEYS: Final = frozenset(
    {
        "out",
        "strict",
        "rewrites",
        "target",
        "snapshots",
        "timeout",
        "servers",
        "mcp_config",
        "toolsets",
    }
)
_SERVER_KEYS: Final = frozenset(
    {
        "command",
        "args",
        "env",
        "cwd",
        "url",
        "headers",
        "snapshot",
        "prefix",
        "include",
        "exclude",
        "timeout",
        *POLICY_KEYS,
    }
)
# What a `servers` table may set for a server of `mcp_config` (the file says how to reach it).
_OPTION_KEYS: Final = frozenset(
    {"snapshot", "prefix", "include", "exclude", "timeout", *POLICY_KEYS}
)


@dataclass(frozen=True, slots=True)
class ProjectConfig:
    file: Path
    servers: tuple[ServerConfig, ...]
    out: Path | None = None
    strict: StrictMode | None = None
    timeout: float | None = None
    rewrites: bool | None = None
    target: Target | None = None
    # The old default folder, when the config names none and it is the one in use
    # (`default_snapshots`): the commands say so when a server's snapshot is in it by default.
    old_snapshots: Path | None = None
    # The servers whose snapshot is in the snapshot folder because no `snapshot` names it.
    by_default: frozenset[str] = frozenset()
    toolsets: tuple[Toolset, ...] = ()  # [tool.mcp2openai.toolsets] (generator/toolsets.py)


def default_snapshots(base: Path) -> tuple[Path, bool]:
    """The snapshot folder in `base` when neither the config nor `--snapshots` names one, and
    whether it is the old default: `mcp-snapshots`, unless it does not exist and `snapshots`,
    the default before 0.4, does (a project fetched before keeps its folder; the commands say
    so with `old_default_note`). `fetch` and `build` both take it from here, so they agree.
    A relative `base` is relative to the current directory, as every relative path here."""
    new, old = base / DEFAULT_SNAPSHOTS, base / OLD_DEFAULT_SNAPSHOTS
    if not new.exists() and old.is_dir():
        return old, True
    return new, False


def old_default_note(folder: str, silence: str) -> str:
    """What the commands say when `default_snapshots` chose the old folder (`folder`, as
    shown); `silence`: the setting that names it explicitly."""
    return (
        f"using {folder}/, the default snapshot folder before mcp2openai 0.4 (now"
        f" {DEFAULT_SNAPSHOTS}/, a name that cannot shadow a Python package): rename it to"
        f" {DEFAULT_SNAPSHOTS}/, or {silence}, to silence this note"
    )


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml in `start` or a parent directory."""
    for directory in (start, *start.parents):
        candidate = directory / "pyproject.toml"
        if candidate.is_file():
            return candidate
    return None


def load_project(path: Path, names: tuple[str, ...] = ()) -> ProjectConfig:
    """The `[tool.mcp2openai]` table of a pyproject.toml (ConfigError when absent or invalid).

    `names`: the servers asked for; of an `mcp_config` file, only those are read.
    """
    file = str(path)
    try:
        with path.open("rb") as stream:
            document = tomllib.load(stream)
    except OSError as error:
        raise ConfigError(file, None, f"cannot read: {error.strerror or error}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(file, None, f"not valid TOML: {error}") from None
    table = document.get("tool", {}).get("mcp2openai") if isinstance(document, dict) else None
    if table is None:
        raise ConfigError(file, None, f"no [{TABLE}] table")
    return parse_project(table, path, names)


def parse_project(table: Any, path: Path, names: tuple[str, ...] = ()) -> ProjectConfig:
    file, base = str(path), path.parent
    if not isinstance(table, dict):
        raise ConfigError(file, TABLE, "must be a table")
    known(table, _TOP_KEYS, file, TABLE)
    out = path_of(table, "out", base, file, TABLE) if "out" in table else None
    strict = strict_of(table.get("strict"), file, f"{TABLE}.strict")
    rewrites = switch_of(table.get("rewrites"), file, f"{TABLE}.rewrites")
    target = target_of(table.get("target"), file, f"{TABLE}.target")
    timeout = timeout_of(table.get("timeout"), file, f"{TABLE}.timeout")
    toolsets: tuple[Toolset, ...] = ()
    if "toolsets" in table:
        toolsets = parse_toolsets(table["toolsets"], base, file, f"{TABLE}.toolsets")
        if out is not None:
            raise ConfigError(file, f"{TABLE}.out", "does not go with toolsets: each has its out")
    if "snapshots" in table:
        snapshot_dir, old = path_of(table, "snapshots", base, file, TABLE), False
    else:
        snapshot_dir, old = default_snapshots(base)
    old_snapshots = snapshot_dir if old else None
    servers_table = table.get("servers", {})
    if not isinstance(servers_table, dict):
        raise ConfigError(file, f"{TABLE}.servers", "must be a table of servers")
    if "mcp_config" in table:
        mcp_config = path_of(table, "mcp_config", base, file, TABLE)
        if toolsets:  # only the servers of the toolsets are read, unless named
            in_file = mcp_server_names(mcp_config)
            picked = any(name in in_file for name in servers_table)
            check_servers(toolsets, [*(() if picked else in_file), *servers_table], file)
            names = names or used(toolsets)
        chosen = _mcp_config_servers(mcp_config, servers_table, snapshot_dir, path, names)
        defaulted = _by_default(chosen, servers_table)
        return ProjectConfig(
            path, chosen, out, strict, timeout, rewrites, target, old_snapshots, defaulted, toolsets
        )
    if not servers_table:
        raise ConfigError(file, f"{TABLE}.servers", "no servers configured")
    servers = []
    for name, entry in servers_table.items():
        if not isinstance(entry, dict):
            raise ConfigError(file, f"{TABLE}.servers.{key_name(name)}", "must be a table")
        servers.append(_own_server(name, entry, base, file, snapshot_dir))
    check_servers(toolsets, list(servers_table), file)
    defaulted = _by_default(servers, servers_table)
    return ProjectConfig(
        path,
        tuple(servers),
        out,
        strict,
        timeout,
        rewrites,
        target,
        old_snapshots,
        defaulted,
        toolsets,
    )


def _by_default(servers: Iterable[ServerConfig], tables: dict[str, Any]) -> frozenset[str]:
    """The servers whose table (if any) gives no `snapshot`: theirs is in the snapshot folder."""
    return frozenset(s.name for s in servers if "snapshot" not in tables.get(s.name, {}))


def _mcp_config_servers(
    mcp_config: Path,
    tables: dict[str, Any],
    snapshots: Path,
    path: Path,
    names: tuple[str, ...],
) -> tuple[ServerConfig, ...]:
    """The servers of `mcp_config` that `tables` (or `names`) pick, with the tables' options,
    and the project's own servers: tables named after no server of the file.

    A table named after a server of the file sets its options only; any other table is a
    server of the project's own, as without `mcp_config`. With no table picking a server of the
    file, every enabled one is read, before the project's own. Of the file, only the servers
    chosen are read (`names`: those asked for)."""
    file, base = str(path), path.parent
    in_file = set(mcp_server_names(mcp_config))
    picks: list[str] = []
    own: list[ServerConfig] = []
    for name, entry in tables.items():
        key = f"{TABLE}.servers.{key_name(name)}"
        if not isinstance(entry, dict):
            raise ConfigError(file, key, "must be a table")
        if name not in in_file:
            if not {"command", "url", "snapshot"} & entry.keys():
                listed = ", ".join(sorted(in_file))
                raise ConfigError(
                    file,
                    key,
                    f"names no server of {shown(mcp_config)} (its servers: {listed}) and gives no"
                    ' "command", "url" or "snapshot" of its own',
                )
            own.append(_own_server(name, entry, base, file, snapshots))
            continue
        picks.append(name)
        for option in entry:
            if option not in _OPTION_KEYS:
                close = did_you_mean(option, _OPTION_KEYS)
                guess = f": did you mean {json.dumps(close)}?" if close else ""
                raise ConfigError(
                    file,
                    f"{key}.{key_name(option)}",
                    f"unknown key for a server of the mcp_config file{guess}"
                    f" (known: {', '.join(sorted(_OPTION_KEYS))})",
                )
    own_names = [server.name for server in own]
    if names:
        known = [*(picks or sorted(in_file)), *own_names]
        if problem := no_such("server", names, known):
            raise ConfigError(file, None, problem)
        chosen = tuple(name for name in names if name in in_file)
    else:
        chosen = tuple(picks)
    servers = []
    if chosen or not (names or picks):
        for server in load_mcp_servers(mcp_config, snapshots, chosen, cwd=str(base)):
            entry = tables.get(server.name, {})
            key = f"{TABLE}.servers.{key_name(server.name)}"
            spec = _with_options(server.spec, entry, base, file, key)
            timeout = timeout_of(entry.get("timeout"), file, f"{key}.timeout")
            spec = replace(spec, recipe=_with_timeout(spec.recipe, entry))
            servers.append(replace(server, spec=spec, timeout=timeout))
    if picks and not names:  # the order the tables are written in
        order = {name: index for index, name in enumerate(tables)}
        return tuple(sorted([*servers, *own], key=lambda server: order[server.name]))
    return (*servers, *own)


def _own_server(
    name: str, entry: dict[str, Any], base: Path, file: str, snapshots: Path
) -> ServerConfig:
    """A server the project's own table describes: how to reach it, its snapshot, its options."""
    key = f"{TABLE}.servers.{key_name(name)}"
    server_name(name, file, key)
    known(entry, _SERVER_KEYS, file, key)
    transport = server_transport(entry, file, key, cwd=str(base))
    timeout = timeout_of(entry.get("timeout"), file, f"{key}.timeout")
    recipe = None if transport is None else _with_timeout(recipe_of(entry), entry)
    spec = ServerSpec(name, snapshots / f"{name}.json", recipe=recipe)
    return ServerConfig(_with_options(spec, entry, base, file, key), transport, key, timeout)


def _with_timeout(recipe: dict[str, Any] | None, entry: Mapping[str, Any]) -> dict[str, Any] | None:
    """`recipe` with the server table's own `timeout` (checked by `_timeout`), as written:
    connect()'s limit for starting and initializing the server. An `mcpServers` file's
    `timeout` is not this one (its clients give it other meanings): only a table's counts."""
    if recipe is None or "timeout" not in entry:
        return recipe
    return {**recipe, "timeout": entry["timeout"]}


def _with_options(
    spec: ServerSpec, entry: Mapping[str, Any], base: Path, file: str, key: str
) -> ServerSpec:
    """`spec` with what a server table sets of it: `snapshot`, `prefix`, `include`, `exclude`,
    and the policy keys (`read_only`, `destructive`, `approve`)."""
    snapshot = path_of(entry, "snapshot", base, file, key) if "snapshot" in entry else spec.snapshot
    prefix = string(entry["prefix"], file, f"{key}.prefix") if "prefix" in entry else spec.prefix
    approve = table_of(entry.get("approve", {}), file, f"{key}.approve")
    for glob, policy in approve.items():
        if policy not in APPROVE_POLICIES:
            where = f"{key}.approve.{key_name(glob)}"
            raise ConfigError(file, where, f'must be "always" or "never", not {policy!r}')
    return replace(
        spec,
        snapshot=snapshot,
        prefix=prefix,
        include=strings(entry.get("include", []), file, f"{key}.include"),
        exclude=strings(entry.get("exclude", []), file, f"{key}.exclude"),
        read_only=strings(entry.get("read_only", []), file, f"{key}.read_only"),
        destructive=strings(entry.get("destructive", []), file, f"{key}.destructive"),
        approve=tuple(approve.items()),
    )


__all__ = [
    "DEFAULT_SNAPSHOTS",
    "OLD_DEFAULT_SNAPSHOTS",
    "TABLE",
    "ConfigError",
    "ProjectConfig",
    "ServerConfig",
    "default_snapshots",
    "find_pyproject",
    "load_mcp_servers",
    "load_project",
    "old_default_note",
    "parse_project",
    "select",
]
