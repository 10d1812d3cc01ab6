"""Reading snapshots: validated input or one clear error (docs/conventions.md, practice 10).

A snapshot is a `tools/list` result (`{"tools": [...]}`, other keys ignored), a JSON-RPC
response (`{"result": {"tools": [...]}}`) or a bare list of tools. Anything else, or anything
JSON itself would not call valid (NaN, Infinity, duplicate keys), is an `InputError` that names
the file (as seen from the current directory), the tool and the JSON pointer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from .errors import GeneratorError, pointer
from .paths import shown

_MAX_BYTES: Final = 512 * 1024 * 1024


class InputError(GeneratorError):
    """Bad input: printed by the CLI as one line, exit code 2.

    `path` is where in the document, as a JSON pointer (`#/tools/3/inputSchema`); "" for the
    document as a whole (it cannot be read or parsed, or is not a tool list)."""

    def __init__(self, file: str, tool: str | None, path: str, reason: str) -> None:
        context = f"tool {tool!r}" if tool is not None else None
        super().__init__(reason, file=file, pointer=path or None, context=context)
        self.tool = tool
        self.path = path


class _NonFinite:
    def __init__(self, text: str) -> None:
        self.text = text


class _DuplicateKeys(dict[str, Any]):
    duplicate: str = ""


def parse_json(data: bytes, file: str) -> Any:
    """Strict JSON: UTF-8, no NaN or Infinity, no duplicate keys, nesting `json` can parse."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InputError(file, None, "", f"not UTF-8 (byte {error.start})") from None
    suspicious: list[bool] = []  # set by the hooks: only then is the document walked

    def constant(name: str) -> _NonFinite:
        suspicious.append(True)
        return _NonFinite(name)

    def pairs_to_dict(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result = dict(pairs)
        if len(result) == len(pairs):
            return result
        suspicious.append(True)
        return _with_duplicate(result, pairs)

    try:
        value = json.loads(text, parse_constant=constant, object_pairs_hook=pairs_to_dict)
    except RecursionError:
        raise InputError(file, None, "", "nesting too deep to parse") from None
    except json.JSONDecodeError as error:
        where = f"line {error.lineno} column {error.colno}"
        raise InputError(file, None, "", f"not valid JSON: {error.msg} ({where})") from None
    except ValueError as error:  # e.g. an integer past Python's 4,300-digit conversion limit
        raise InputError(file, None, "", f"not usable JSON: {error}") from None
    if suspicious:
        _refuse_invalid_values(value, file)
    return value


def read_snapshot(path: Path, label: str | None = None) -> tuple[tuple[dict[str, Any], ...], About]:
    """The tools of one snapshot file (each with a string `name` and an object `inputSchema`),
    and what it says about its server. Errors name the file as `label`, by default as seen
    from the current directory (docs/design.md, "CLI")."""
    file = label or shown(path)
    try:
        if path.stat().st_size > _MAX_BYTES:
            raise InputError(file, None, "", f"larger than {_MAX_BYTES} bytes")
        data = path.read_bytes()
    except OSError as error:
        raise InputError(file, None, "", f"cannot read: {error.strerror or error}") from None
    document = parse_json(data, file)
    return tools_of(document, file), about(document, file)


def read_document(path: Path, label: str | None = None) -> tuple[Any, tuple[dict[str, Any], ...]]:
    """A snapshot file's whole document (what it says about its server too) and its tools,
    checked as `read_snapshot` checks them (`mcp2openai diff`, `fetch --check`)."""
    file = label or str(path)
    try:
        if path.stat().st_size > _MAX_BYTES:
            raise InputError(file, None, "", f"larger than {_MAX_BYTES} bytes")
        data = path.read_bytes()
    except OSError as error:
        raise InputError(file, None, "", f"cannot read: {error.strerror or error}") from None
    document = parse_json(data, file)
    return document, tools_of(document, file)


@dataclass(frozen=True, slots=True)
class About:
    """What a snapshot says about its server besides its tools (each optional: "" or None if
    absent): the title and instructions reach the model; the name, version and protocol
    version are for the build report (`--report-json`); `ttl_ms` and `cache_scope` are the
    cache hints of a 2026-07-28 `tools/list` (the snapshot's `cache`), which never change
    what a build makes."""

    title: str = ""
    instructions: str = ""
    name: str = ""
    version: str = ""
    protocol: str = ""
    ttl_ms: int | None = None
    cache_scope: str | None = None


def about(document: Any, file: str) -> About:
    """The server's title, instructions and cache hints from a snapshot `fetch` wrote (older
    ones lack them)."""
    if not isinstance(document, dict):
        return About()
    server = document.get("server")
    title = server.get("title", "") if isinstance(server, dict) else ""
    instructions = document.get("instructions", "")
    if not isinstance(title, str):
        raise InputError(
            file, None, pointer(("server", "title")), "the server's title must be a string"
        )
    if not isinstance(instructions, str):
        raise InputError(file, None, pointer(("instructions",)), "instructions must be a string")
    cache = document.get("cache", {})
    if not isinstance(cache, dict):
        raise InputError(file, None, pointer(("cache",)), "cache must be an object")
    ttl, scope = cache.get("ttlMs"), cache.get("cacheScope")
    if ttl is not None and (type(ttl) is not int or ttl < 0):
        raise InputError(
            file, None, pointer(("cache", "ttlMs")), "ttlMs must be a whole number >= 0"
        )
    if scope is not None and scope not in ("public", "private"):
        raise InputError(
            file, None, pointer(("cache", "cacheScope")), 'cacheScope must be "public" or "private"'
        )
    info = server if isinstance(server, dict) else {}
    found = (info.get("name"), info.get("version"), document.get("protocolVersion"))
    name, version, protocol = (value if isinstance(value, str) else "" for value in found)
    return About(title, instructions, name, version, protocol, ttl, scope)


def tools_of(document: Any, file: str) -> tuple[dict[str, Any], ...]:
    tools, prefix = _tool_list(document, file)
    for index, tool in enumerate(tools):
        where = (*prefix, index)
        if not isinstance(tool, dict):
            raise InputError(file, None, pointer(where), "a tool must be an object")
        name = tool.get("name")
        if not isinstance(name, str):
            raise InputError(file, None, pointer((*where, "name")), "a tool needs a string name")
        if "inputSchema" not in tool:
            raise InputError(file, name, pointer((*where, "inputSchema")), "missing inputSchema")
        if not isinstance(tool["inputSchema"], dict):
            raise InputError(
                file, name, pointer((*where, "inputSchema")), "inputSchema must be an object"
            )
    return tuple(tools)


def _tool_list(document: Any, file: str) -> tuple[list[Any], tuple[str | int, ...]]:
    if isinstance(document, list):
        return document, ()
    if isinstance(document, dict):
        if "tools" in document:
            if not isinstance(document["tools"], list):
                raise InputError(file, None, pointer(("tools",)), "tools must be a list")
            return document["tools"], ("tools",)
        result = document.get("result")
        if isinstance(result, dict) and "tools" in result:
            if not isinstance(result["tools"], list):
                raise InputError(file, None, pointer(("result", "tools")), "tools must be a list")
            return result["tools"], ("result", "tools")
    raise InputError(
        file, None, "", 'expected {"tools": [...]}, a JSON-RPC response or a list of tools'
    )


def _with_duplicate(result: dict[str, Any], pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    marked = _DuplicateKeys(result)
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            marked.duplicate = key
            break
        seen.add(key)
    return marked


def _refuse_invalid_values(document: Any, file: str) -> None:
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(document, ())]
    while stack:
        value, where = stack.pop()
        if isinstance(value, dict):
            if isinstance(value, _DuplicateKeys):
                reason = f"duplicate key {value.duplicate!r}"
                raise InputError(file, _tool_name(document, where), pointer(where), reason)
            stack.extend((item, (*where, key)) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend((item, (*where, index)) for index, item in enumerate(value))
        elif isinstance(value, _NonFinite):
            reason = f"{value.text} is not valid JSON"
            raise InputError(file, _tool_name(document, where), pointer(where), reason)


def _tool_name(document: Any, where: tuple[str | int, ...]) -> str | None:
    """The name of the tool that `where` lies in, when it has one."""
    for size in (1, 2, 3):
        head = where[:size]
        if head and isinstance(head[-1], int):
            node: Any = document
            for part in head:
                node = node[part]
            name = node.get("name") if isinstance(node, dict) else None
            return name if isinstance(name, str) else None
    return None
