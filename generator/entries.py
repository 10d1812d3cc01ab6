"""What pyproject.toml and mcpServers files have in common: a server entry, its checks, errors.

Every mistake is a `ConfigError` naming the file and the key (`tool.mcp2openai.servers.docs.url`,
`mcpServers.github.type`): exit 2, one line.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from .errors import GeneratorError
from .naming import SERVER_NAME, SERVER_NAME_RULE
from .options import ServerSpec
from .servers import Http, Stdio, Transport

HTTP_TYPES: Final = frozenset({"http", "streamable-http", "streamableHttp", "streamable_http"})
# The keys of a server's connection recipe, as a generated module's SERVERS keeps them.
RECIPE_KEYS: Final = ("command", "args", "env", "cwd", "url", "headers")


class ConfigError(GeneratorError):
    """A config file that cannot be used: one line naming the file and the key.

    A key is written the way the file's own syntax names it, dotted (`mcpServers.github.type`,
    `tool.mcp2openai.servers.docs.url`): it is what a user searches the file for."""

    def __init__(self, file: str, key: str | None, reason: str) -> None:
        super().__init__(reason, file=file, context=key)
        self.file: str = file
        self.key = key


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """One configured server: what a build needs of it (`spec`: its snapshot, naming options
    and recipe, the recipe exactly as the file wrote it, `${VAR}` unexpanded, paths as written)
    and how `fetch` reaches it."""

    spec: ServerSpec
    transport: Transport | None  # None: built from its snapshot only, never fetched
    key: str = ""  # where it is written, for messages: "tool.mcp2openai.servers.time"
    timeout: float | None = None  # this server's fetch timeout, over the table's
    file: str = ""  # the file that says how to reach it, when not the one being read
    # for stderr, after `file`: keys of its entry that look mistyped ("KEY: unknown key, ...")
    warnings: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def snapshot(self) -> Path:
        return self.spec.snapshot


def select(
    servers: tuple[ServerConfig, ...], names: tuple[str, ...], file: str
) -> tuple[ServerConfig, ...]:
    """The servers named (in the order given), or all of them when no name is given."""
    if not names:
        return servers
    by_name = {server.name: server for server in servers}
    if problem := no_such("server", names, by_name):
        raise ConfigError(file, None, problem)
    return tuple(by_name[name] for name in dict.fromkeys(names))


# ---------------------------------------------------------------------------------------------


def server_transport(
    entry: dict[str, Any], file: str, key: str, cwd: str | None
) -> Transport | None:
    """How to reach the server of `entry` (None: neither command nor url). A stdio server runs
    in `cwd` (None: the current directory), which a relative `cwd` of the entry is relative to."""
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
        if kind is not None and kind not in HTTP_TYPES:
            raise ConfigError(file, f"{key}.type", f"{kind!r} does not go with url")
        url = string(entry["url"], file, f"{key}.url")
        if not re.match(r"(?i)(https?://|\$\{)", url):
            raise ConfigError(file, f"{key}.url", f"{url!r} is not an http(s) URL")
        headers = table_of(entry.get("headers", {}), file, f"{key}.headers")
        for name in ("command", "args", "env", "cwd"):
            if name in entry:
                raise ConfigError(file, f"{key}.{name}", "does not go with url")
        return Http(url, headers)
    if "command" in entry:
        if kind is not None and kind != "stdio":
            raise ConfigError(file, f"{key}.type", f"{kind!r} does not go with command")
        command = string(entry["command"], file, f"{key}.command")
        if not command:
            raise ConfigError(file, f"{key}.command", "must not be empty")
        args = strings(entry.get("args", []), file, f"{key}.args")
        env = table_of(entry.get("env", {}), file, f"{key}.env")
        if "headers" in entry:
            raise ConfigError(file, f"{key}.headers", "does not go with command")
        if "cwd" in entry:
            directory = string(entry["cwd"], file, f"{key}.cwd")
            cwd = directory if cwd is None else str(Path(cwd) / directory)
        return Stdio(command, args, env, cwd)
    for name in ("args", "env", "headers"):
        if name in entry:
            raise ConfigError(file, f"{key}.{name}", 'needs "command" or "url"')
    return None


def recipe_of(entry: dict[str, Any]) -> dict[str, Any]:
    """The connection keys of a checked server entry, as written (`server_transport` has
    checked their types): `command`, `args`, `env`, `cwd` or `url`, `headers`."""
    recipe: dict[str, Any] = {}
    for key in RECIPE_KEYS:
        if key in entry:
            value = entry[key]
            recipe[key] = list(value) if isinstance(value, list) else value
            if isinstance(value, dict):
                recipe[key] = dict(value)
    return recipe


def known(table: dict[str, Any], known: frozenset[str], file: str, key: str) -> None:
    for name in table:
        if name not in known:
            close = did_you_mean(name, known)
            guess = f": did you mean {json.dumps(close)}?" if close else ""
            listed = ", ".join(sorted(known))
            raise ConfigError(
                file, f"{key}.{key_name(name)}", f"unknown key{guess} (known: {listed})"
            )


def no_such(kind: str, names: Iterable[str], known: Iterable[str]) -> str | None:
    """The one-line error for `names` that are not among `known` (in its order), with a
    did-you-mean for a single typo: `no server named tiem: did you mean "time"? (known: ...)`;
    None when every name is known."""
    known = list(known)
    unknown = [name for name in names if name not in known]
    if not unknown:
        return None
    close = did_you_mean(unknown[0], known) if len(unknown) == 1 else None
    guess = f": did you mean {json.dumps(close)}?" if close else ""
    return f"no {kind} named {', '.join(unknown)}{guess} (known: {', '.join(known)})"


def did_you_mean(name: Any, known: Iterable[str]) -> str | None:
    """The key of `known` that `name` looks like a typo of ("comand": "command"), if any."""
    if not isinstance(name, str):
        return None
    close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.75)
    return close[0] if close else None


def server_name(name: str, file: str, key: str) -> None:
    if not SERVER_NAME.fullmatch(name):
        raise ConfigError(file, key, f"server name must match {SERVER_NAME_RULE}")


def string(value: Any, file: str, key: str) -> str:
    if not isinstance(value, str):
        raise ConfigError(file, key, f"must be a string, not {kind(value)}")
    return value


def strings(value: Any, file: str, key: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ConfigError(file, key, f"must be a list of strings, not {kind(value)}")
    return tuple(string(item, file, f"{key}[{index}]") for index, item in enumerate(value))


def table_of(value: Any, file: str, key: str) -> dict[str, str]:
    if not isinstance(value, dict):
        raise ConfigError(file, key, f"must be a table of strings, not {kind(value)}")
    return {name: string(item, file, f"{key}.{key_name(name)}") for name, item in value.items()}


def key_name(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else json.dumps(name)


def kind(value: Any) -> str:
    names = {bool: "a boolean", int: "a number", float: "a number", str: "a string"}
    names |= {list: "a list", dict: "a table"}
    return names.get(type(value), type(value).__name__)
