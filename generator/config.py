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
Every error is a `ConfigError` naming the file and the key.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from .load import InputError, parse_json
from .model import StrictMode
from .naming import SERVER_NAME
from .pipeline import ServerInput
from .servers import Http, Stdio, Transport
from .strict import Target

TABLE: Final = "tool.mcp2openai"
DEFAULT_SNAPSHOTS: Final = "snapshots"
_TOP_KEYS: Final = frozenset(
    {"out", "strict", "rewrites", "target", "snapshots", "timeout", "servers"}
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
    }
)
_CLOSING: Final = re.compile(r"\s*[}\]]")
_HTTP_TYPES: Final = frozenset({"http", "streamable-http", "streamableHttp", "streamable_http"})


class ConfigError(Exception):
    """A config file that cannot be used: one line naming the file and the key."""

    def __init__(self, file: str, key: str | None, reason: str) -> None:
        super().__init__(f"{file}: " + (f"{key}: " if key else "") + reason)
        self.file = file
        self.key = key
        self.reason = reason


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """One configured server: how to reach it, where its snapshot lives, how to name its tools."""

    name: str
    transport: Transport | None  # None: built from its snapshot only, never fetched
    snapshot: Path
    prefix: str | None = None
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    key: str = ""  # where it is written, for messages: "tool.mcp2openai.servers.time"
    timeout: float | None = None  # this server's fetch timeout, over the table's

    def build_input(self) -> ServerInput:
        return ServerInput(self.name, self.snapshot, self.prefix, self.include, self.exclude)


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


def load_project(path: Path) -> ProjectConfig:
    """The `[tool.mcp2openai]` table of a pyproject.toml (ConfigError when absent or invalid)."""
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
    return parse_project(table, path)


def parse_project(table: Any, path: Path) -> ProjectConfig:
    file, base = str(path), path.parent
    if not isinstance(table, dict):
        raise ConfigError(file, TABLE, "must be a table")
    _known(table, _TOP_KEYS, file, TABLE)
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
    if not servers_table:
        raise ConfigError(file, f"{TABLE}.servers", "no servers configured")
    servers = []
    for name, entry in servers_table.items():
        key = f"{TABLE}.servers.{_key(name)}"
        _server_name(name, file, key)
        if not isinstance(entry, dict):
            raise ConfigError(file, key, "must be a table")
        _known(entry, _SERVER_KEYS, file, key)
        transport = _transport(entry, file, key, cwd=str(base))
        snapshot = (
            _path(entry, "snapshot", base, file, key)
            if "snapshot" in entry
            else snapshot_dir / f"{name}.json"
        )
        prefix = _string(entry["prefix"], file, f"{key}.prefix") if "prefix" in entry else None
        servers.append(
            ServerConfig(
                name,
                transport,
                snapshot,
                prefix,
                _strings(entry.get("include", []), file, f"{key}.include"),
                _strings(entry.get("exclude", []), file, f"{key}.exclude"),
                key,
                _timeout(entry.get("timeout"), file, f"{key}.timeout"),
            )
        )
    return ProjectConfig(path, tuple(servers), out, strict, timeout, rewrites, target)


def load_mcp_servers(path: Path, snapshots: Path) -> tuple[ServerConfig, ...]:
    """Servers from an `mcpServers` file (also VS Code's `servers`), snapshots in `snapshots`.

    Entries: `command`, `args`, `env`, `cwd` (stdio) or `url`, `headers` (Streamable HTTP);
    `type` may say which ("stdio", "http", "streamable-http"; "sse" is refused). Entries with
    `"disabled": true` are skipped; other keys (`autoApprove`, `timeout`, ...) are ignored. The
    file may have `//` and `/* */` comments and trailing commas, as VS Code allows.
    """
    file = str(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ConfigError(file, None, f"cannot read: {error.strerror or error}") from None
    try:
        document = parse_json(data, file)
    except InputError as error:
        try:
            document = parse_json(_strip_jsonc(data.decode("utf-8-sig")).encode(), file)
        except (InputError, UnicodeDecodeError):
            raise ConfigError(file, None, error.reason) from None
    if not isinstance(document, dict):
        raise ConfigError(file, None, 'expected an object with "mcpServers"')
    for key in ("mcpServers", "servers"):
        if key in document:
            table, where = document[key], key
            break
    else:
        nested = document.get("mcp")
        if not (isinstance(nested, dict) and "servers" in nested):
            raise ConfigError(file, None, 'no "mcpServers" (or "servers") object')
        table, where = nested["servers"], "mcp.servers"
    if not isinstance(table, dict):
        raise ConfigError(file, where, "must be an object")
    servers = []
    for name, entry in table.items():
        key = f"{where}.{_key(name)}"
        _server_name(name, file, key)
        if not isinstance(entry, dict):
            raise ConfigError(file, key, "must be an object")
        if entry.get("disabled") is True:
            continue
        transport = _transport(entry, file, key, cwd=None)
        if transport is None:
            raise ConfigError(file, key, 'needs "command" (stdio) or "url" (Streamable HTTP)')
        servers.append(ServerConfig(name, transport, snapshots / f"{name}.json", key=key))
    if not servers:
        raise ConfigError(file, where, "no servers configured")
    return tuple(servers)


def select(
    servers: tuple[ServerConfig, ...], names: tuple[str, ...], file: str
) -> tuple[ServerConfig, ...]:
    """The servers named (in the order given), or all of them when no name is given."""
    if not names:
        return servers
    by_name = {server.name: server for server in servers}
    unknown = [name for name in names if name not in by_name]
    if unknown:
        known = ", ".join(by_name)
        raise ConfigError(file, None, f"no server named {', '.join(unknown)} (known: {known})")
    return tuple(by_name[name] for name in dict.fromkeys(names))


# ---------------------------------------------------------------------------------------------


def _transport(entry: dict[str, Any], file: str, key: str, cwd: str | None) -> Transport | None:
    kind = entry.get("type")
    if kind is not None and not isinstance(kind, str):
        raise ConfigError(file, f"{key}.type", "must be a string")
    if kind == "sse":
        raise ConfigError(
            file, f"{key}.type", '"sse" (the old HTTP+SSE transport) is not supported'
        )
    if "command" in entry and "url" in entry:
        raise ConfigError(file, key, 'give "command" (stdio) or "url" (HTTP), not both')
    if "url" in entry:
        if kind is not None and kind not in _HTTP_TYPES:
            raise ConfigError(file, f"{key}.type", f"{kind!r} does not go with url")
        url = _string(entry["url"], file, f"{key}.url")
        if not re.match(r"(?i)(https?://|\$\{)", url):
            raise ConfigError(file, f"{key}.url", f"{url!r} is not an http(s) URL")
        headers = _table(entry.get("headers", {}), file, f"{key}.headers")
        for name in ("command", "args", "env", "cwd"):
            if name in entry:
                raise ConfigError(file, f"{key}.{name}", "does not go with url")
        return Http(url, headers)
    if "command" in entry:
        if kind is not None and kind != "stdio":
            raise ConfigError(file, f"{key}.type", f"{kind!r} does not go with command")
        command = _string(entry["command"], file, f"{key}.command")
        if not command:
            raise ConfigError(file, f"{key}.command", "must not be empty")
        args = _strings(entry.get("args", []), file, f"{key}.args")
        env = _table(entry.get("env", {}), file, f"{key}.env")
        if "headers" in entry:
            raise ConfigError(file, f"{key}.headers", "does not go with command")
        if "cwd" in entry:
            directory = _string(entry["cwd"], file, f"{key}.cwd")
            cwd = directory if cwd is None else str(Path(cwd) / directory)
        return Stdio(command, args, env, cwd)
    for name in ("args", "env", "headers"):
        if name in entry:
            raise ConfigError(file, f"{key}.{name}", 'needs "command" or "url"')
    return None


def _known(table: dict[str, Any], known: frozenset[str], file: str, key: str) -> None:
    for name in table:
        if name not in known:
            raise ConfigError(
                file, f"{key}.{_key(name)}", f"unknown key (known: {', '.join(sorted(known))})"
            )


def _server_name(name: str, file: str, key: str) -> None:
    if not SERVER_NAME.fullmatch(name):
        raise ConfigError(file, key, "server name must match ^[A-Za-z][A-Za-z0-9_-]*$")


def _string(value: Any, file: str, key: str) -> str:
    if not isinstance(value, str):
        raise ConfigError(file, key, f"must be a string, not {_kind(value)}")
    return value


def _strings(value: Any, file: str, key: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ConfigError(file, key, f"must be a list of strings, not {_kind(value)}")
    return tuple(_string(item, file, f"{key}[{index}]") for index, item in enumerate(value))


def _table(value: Any, file: str, key: str) -> dict[str, str]:
    if not isinstance(value, dict):
        raise ConfigError(file, key, f"must be a table of strings, not {_kind(value)}")
    return {name: _string(item, file, f"{key}.{_key(name)}") for name, item in value.items()}


def _path(table: Mapping[str, Any], name: str, base: Path, file: str, key: str) -> Path:
    value = _string(table[name], file, f"{key}.{name}")
    if not value:
        raise ConfigError(file, f"{key}.{name}", "must not be empty")
    return base / value


def _strict(value: Any, file: str, key: str) -> StrictMode | None:
    if value is None:
        return None
    if value is True or value == "true":
        return "true"
    if value is False or value == "false":
        return "false"
    if value == "auto":
        return "auto"
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


def _key(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else json.dumps(name)


def _kind(value: Any) -> str:
    names = {bool: "a boolean", int: "a number", float: "a number", str: "a string"}
    names |= {list: "a list", dict: "a table"}
    return names.get(type(value), type(value).__name__)


def _strip_jsonc(text: str) -> str:
    """JSON with comments and trailing commas (VS Code's JSONC) as plain JSON."""
    return _jsonc_pass(_jsonc_pass(text, comments=True), comments=False)


def _jsonc_pass(text: str, *, comments: bool) -> str:
    """Drop comments (first pass) or commas before `}`/`]` (second pass), outside strings."""
    out: list[str] = []
    index, size = 0, len(text)
    while index < size:
        char = text[index]
        if char == '"':
            end = index + 1
            while end < size and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            out.append(text[index : end + 1])
            index = end + 1
        elif comments and text.startswith("//", index):
            newline = text.find("\n", index)
            index = size if newline < 0 else newline
        elif comments and text.startswith("/*", index):
            close = text.find("*/", index + 2)
            index = size if close < 0 else close + 2
        elif not comments and char == "," and _CLOSING.match(text, index + 1):
            index += 1
        else:
            out.append(char)
            index += 1
    return "".join(out)
