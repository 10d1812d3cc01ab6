"""Servers from an `mcpServers` JSON file: Claude Desktop (`claude_desktop_config.json`), Cursor
(`.cursor/mcp.json`), Claude Code (`.mcp.json`), VS Code (`.vscode/mcp.json`, top key `servers`,
comments and trailing commas allowed).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Final

from .entries import (
    RECIPE_KEYS,
    ConfigError,
    ServerConfig,
    did_you_mean,
    key_name,
    no_such,
    recipe_of,
    server_name,
    server_transport,
)
from .load import InputError, parse_json
from .options import ServerSpec

_CLOSING: Final = re.compile(r"\s*[}\]]")
# The keys of a server entry read here; any other is another client's.
_READ: Final = frozenset({*RECIPE_KEYS, "type", "disabled"})


def load_mcp_servers(
    path: Path, snapshots: Path, names: tuple[str, ...] = (), cwd: str | None = None
) -> tuple[ServerConfig, ...]:
    """Servers from an `mcpServers` file (also VS Code's `servers`), snapshots in `snapshots`.

    Entries: `command`, `args`, `env`, `cwd` (stdio) or `url`, `headers` (Streamable HTTP);
    `type` may say which ("stdio", "http", "streamable-http"; "sse" is refused). Entries with
    `"disabled": true` are skipped; other keys (`autoApprove`, `timeout`, ...) are other clients'
    and ignored, but one that looks like a typo of a key read here (`"comand"`) gets a warning
    with a did-you-mean in the server's `warnings`, or in the error it leads to. The
    file may have `//` and `/* */` comments and trailing commas, as VS Code allows.

    `names`: only these servers, in this order, and only their entries are checked: a file
    written for an MCP client may hold servers this tool cannot use (`sse`, `${input:...}`).
    Stdio servers run in `cwd` (None: the current directory) unless they set their own.
    """
    file = str(path)
    table, where = _servers_table(path)
    if problem := no_such("server", names, table):
        raise ConfigError(file, None, problem)
    servers = []
    for name in dict.fromkeys(names) if names else table:
        entry = table[name]
        key = f"{where}.{key_name(name)}"
        server_name(name, file, key)
        if not isinstance(entry, dict):
            raise ConfigError(file, key, "must be an object")
        if entry.get("disabled") is True:
            if names:
                raise ConfigError(file, key, 'is disabled ("disabled": true)')
            continue
        typos = _typos(entry)
        try:
            transport = server_transport(entry, file, key, cwd=cwd)
            if transport is None:
                raise ConfigError(file, key, 'needs "command" (stdio) or "url" (Streamable HTTP)')
        except ConfigError as error:
            if not typos:
                raise
            typo, meant = typos[0]
            guess = f" ({key}.{key_name(typo)}: did you mean {json.dumps(meant)}?)"
            raise ConfigError(file, error.key, error.reason + guess) from None
        warnings = tuple(
            f"{key}.{key_name(typo)}: unknown key, ignored: did you mean {json.dumps(meant)}?"
            for typo, meant in typos
        )
        snapshot = snapshots / f"{name}.json"
        spec = ServerSpec(name, snapshot, recipe=recipe_of(entry))
        servers.append(ServerConfig(spec, transport, key=key, file=file, warnings=warnings))
    if not servers:
        raise ConfigError(file, where, "no servers configured")
    return tuple(servers)


def _typos(entry: dict[str, Any]) -> list[tuple[str, str]]:
    """The keys of `entry` that look like typos of a key read here, each with that key. Keys
    of other clients (`autoApprove`, `timeout`) are left alone: they resemble none."""
    found = []
    for name in entry:
        if name not in _READ:
            meant = did_you_mean(name, _READ)
            if meant is not None:
                found.append((name, meant))
    return found


def mcp_server_names(path: Path) -> tuple[str, ...]:
    """The names of every server an `mcpServers` file lists (disabled ones too), unchecked."""
    return tuple(_servers_table(path)[0])


def _servers_table(path: Path) -> tuple[dict[str, Any], str]:
    """The file's table of servers, and its key (`mcpServers`, `servers` or `mcp.servers`)."""
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
    return table, where


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
