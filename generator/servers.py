"""How to reach a live MCP server: a command to run (stdio) or a URL (Streamable HTTP).

Plain data, no `mcp` import, so reading a project config for `build` costs nothing. Strings may
hold `${VAR}`, `${VAR:-default}` or `${env:VAR}`: `expand` fills them from the environment when
the server is about to be started, so secrets stay out of config files and `build` never needs
them.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from .errors import GeneratorError
from .runtime import part

DEFAULT_TIMEOUT: Final = 60.0  # seconds for one server's whole fetch


@dataclass(frozen=True, slots=True)
class Stdio:
    """Run `command args...`; speak MCP over its stdin and stdout."""

    command: str
    args: tuple[str, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict)  # on top of the SDK's safe defaults
    cwd: str | None = None

    def describe(self) -> str:
        return " ".join([self.command, *self.args])

    def recipe(self) -> dict[str, Any]:
        """The transport as a recipe of `connect()`'s (the runtime opens its session)."""
        return {"command": self.command, "args": list(self.args), "env": dict(self.env)} | (
            {} if self.cwd is None else {"cwd": self.cwd}
        )


@dataclass(frozen=True, slots=True)
class Http:
    """A Streamable HTTP endpoint, with extra request headers."""

    url: str
    headers: Mapping[str, str] = field(default_factory=dict)

    def describe(self) -> str:
        return self.url

    def recipe(self) -> dict[str, Any]:
        """The transport as a recipe of `connect()`'s (the runtime opens its session)."""
        return {"url": self.url, "headers": dict(self.headers)}


Transport = Stdio | Http


class ExpansionError(GeneratorError, ValueError):
    """A `${...}` that cannot be filled: `key` says where (e.g. `headers.Authorization`)."""

    def __init__(self, key: str, reason: str) -> None:
        super().__init__(reason, context=key)
        self.key = key


def expand_text(text: str, key: str, environ: Mapping[str, str] | None = None) -> str:
    """`text` with every `${VAR}`, `${VAR:-default}` and `${env:VAR}` filled in: the
    runtime's rule, which `connect()` fills its recipes with (templates/runtime/servers.py,
    `expand_text`)."""
    servers = part("servers")
    try:
        filled: str = servers.expand_text(text, key, os.environ if environ is None else environ)
    except servers.ExpansionError as error:
        raise ExpansionError(error.key, error.reason) from None
    return filled


def expand(transport: Transport, environ: Mapping[str, str] | None = None) -> Transport:
    """The transport with its variables filled in (ExpansionError names the key)."""
    if isinstance(transport, Http):
        return Http(
            expand_text(transport.url, "url", environ),
            {
                name: expand_text(value, f"headers.{name}", environ)
                for name, value in transport.headers.items()
            },
        )
    return Stdio(
        expand_text(transport.command, "command", environ),
        tuple(expand_text(arg, f"args[{i}]", environ) for i, arg in enumerate(transport.args)),
        {name: expand_text(value, f"env.{name}", environ) for name, value in transport.env.items()},
        None if transport.cwd is None else expand_text(transport.cwd, "cwd", environ),
    )
