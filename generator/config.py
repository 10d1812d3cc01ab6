"""Server lists from files: the `[tool.mcp2openai]` table of pyproject.toml, and the `mcpServers`
JSON used by Claude Desktop, Cursor, VS Code and others.

pyproject.toml (paths relative to the file's directory; servers keep the order they are written)::

    [tool.mcp2openai]
    out = "app/mcp_tools.py"        # the module `mcp2openai build` writes
    strict = "auto"                 # "auto" | "true" | "false" (or true / false)
    rewrites = "on"                 # "on" | "off" (or true / false): reversible rewrites
    target = "openai"               # "openai" | "compatible"
    snapshots = "snapshots"         # default snapshot directory: <snapshots>/<name>.json
    timeout = 60                    # seconds per server for `mcp2openai fetch`

    [tool.mcp2openai.servers.time]  # stdio: command, args, env, cwd (default: the file's dir)
    command = "mcp-server-time"
    args = ["--local-timezone", "UTC"]
    env = { TZ = "UTC" }
    snapshot = "snapshots/time.json"
    prefix = "time__"
    include = ["get_*"]
    exclude = []
    timeout = 120                   # this server's own fetch timeout

    [tool.mcp2openai.servers.docs]  # Streamable HTTP: url, headers
    url = "https://example.com/mcp"
    headers = { Authorization = "Bearer ${DOCS_TOKEN}" }

A server with neither `command` nor `url` is built from its snapshot and skipped by `fetch`.

Or the servers of an `mcpServers` file (paths and stdio servers relative to pyproject.toml's
directory); a `servers` table named after one of them picks it and sets its naming options only,
any other table is a server of the project's own, as above::

    [tool.mcp2openai]
    mcp_config = ".cursor/mcp.json"
    snapshots = "mcp"
    [tool.mcp2openai.servers.github]  # optional: without any pick, every enabled server
    include = ["get_*"]
    [tool.mcp2openai.servers.time]    # not in the file: the project's own
    command = "mcp-server-time"

Every error is a `ConfigError` naming the file and the key.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from .entries import (
    ConfigError,
    ServerConfig,
    key_name,
    known,
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

TABLE: Final = "tool.mcp2openai"
DEFAULT_SNAPSHOTS: Final = "snapshots"
_TOP_KEYS: Final = frozenset(
    {"out", "strict", "rewrites", "target", "snapshots", "timeout", "servers", "mcp_config"}
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
    out = _path(table, "out", base, file, TABLE) if "out" in table else None
    strict = _strict(table.get("strict"), file, f"{TABLE}.strict")
    rewrites = _switch(table.get("rewrites"), file, f"{TABLE}.rewrites")
    target = _target(table.get("target"), file, f"{TABLE}.target")
    timeout = _timeout(table.get("timeout"), file, f"{TABLE}.timeout")
    snapshots = _path(table, "snapshots", base, file, TABLE) if "snapshots" in table else None
    snapshot_dir = snapshots if snapshots is not None else base / DEFAULT_SNAPSHOTS
    servers_table = table.get("servers", {})
    if not isinstance(servers_table, dict):
        raise ConfigError(file, f"{TABLE}.servers", "must be a table of servers")
    if "mcp_config" in table:
        mcp_config = _path(table, "mcp_config", base, file, TABLE)
        chosen = _mcp_config_servers(mcp_config, servers_table, snapshot_dir, path, names)
        return ProjectConfig(path, chosen, out, strict, timeout, rewrites, target)
    if not servers_table:
        raise ConfigError(file, f"{TABLE}.servers", "no servers configured")
    servers = []
    for name, entry in servers_table.items():
        if not isinstance(entry, dict):
            raise ConfigError(file, f"{TABLE}.servers.{key_name(name)}", "must be a table")
        servers.append(_own_server(name, entry, base, file, snapshot_dir))
    return ProjectConfig(path, tuple(servers), out, strict, timeout, rewrites, target)


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
                raise ConfigError(
                    file,
                    f"{key}.{key_name(option)}",
                    "unknown key for a server of the mcp_config file"
                    f" (known: {', '.join(sorted(_OPTION_KEYS))})",
                )
    own_names = [server.name for server in own]
    if names:
        known = [*(picks or sorted(in_file)), *own_names]
        unknown = [name for name in names if name not in known]
        if unknown:
            listed = ", ".join(known)
            raise ConfigError(file, None, f"no server named {', '.join(unknown)} (known: {listed})")
        chosen = tuple(name for name in names if name in in_file)
    else:
        chosen = tuple(picks)
    servers = []
    if chosen or not (names or picks):
        for server in load_mcp_servers(mcp_config, snapshots, chosen, cwd=str(base)):
            entry = tables.get(server.name, {})
            key = f"{TABLE}.servers.{key_name(server.name)}"
            spec = _with_options(server.spec, entry, base, file, key)
            timeout = _timeout(entry.get("timeout"), file, f"{key}.timeout")
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
    recipe = None if transport is None else recipe_of(entry)
    spec = ServerSpec(name, snapshots / f"{name}.json", recipe=recipe)
    timeout = _timeout(entry.get("timeout"), file, f"{key}.timeout")
    return ServerConfig(_with_options(spec, entry, base, file, key), transport, key, timeout)


def _with_options(
    spec: ServerSpec, entry: Mapping[str, Any], base: Path, file: str, key: str
) -> ServerSpec:
    """`spec` with what a server table sets of it: `snapshot`, `prefix`, `include`, `exclude`,
    and the policy keys (`read_only`, `destructive`, `approve`)."""
    snapshot = _path(entry, "snapshot", base, file, key) if "snapshot" in entry else spec.snapshot
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


def _path(table: Mapping[str, Any], name: str, base: Path, file: str, key: str) -> Path:
    value = string(table[name], file, f"{key}.{name}")
    if not value:
        raise ConfigError(file, f"{key}.{name}", "must not be empty")
    return base / value


def _strict(value: Any, file: str, key: str) -> StrictMode | None:
    if value is None:
        return None
    if value is True:
        return StrictMode.TRUE
    if value is False:
        return StrictMode.FALSE
    if isinstance(value, str) and value in {mode.value for mode in StrictMode}:
        return StrictMode(value)
    raise ConfigError(file, key, f'must be "auto", "true" or "false", not {value!r}')


def _switch(value: Any, file: str, key: str) -> bool | None:
    if value is None:
        return None
    if value is True or value == "on":
        return True
    if value is False or value == "off":
        return False
    raise ConfigError(file, key, f'must be "on" or "off", not {value!r}')


def _target(value: Any, file: str, key: str) -> Target | None:
    if value is None:
        return None
    if value == "openai":
        return "openai"
    if value == "compatible":
        return "compatible"
    raise ConfigError(file, key, f'must be "openai" or "compatible", not {value!r}')


def _timeout(value: Any, file: str, key: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise ConfigError(file, key, f"must be a positive number of seconds, not {value!r}")
    return float(value)


__all__ = [
    "DEFAULT_SNAPSHOTS",
    "TABLE",
    "ConfigError",
    "ProjectConfig",
    "ServerConfig",
    "find_pyproject",
    "load_mcp_servers",
    "load_project",
    "parse_project",
    "select",
]
