"""How to reach a live MCP server: a command to run (stdio) or a URL (Streamable HTTP).

Plain data, no `mcp` import, so reading a project config for `build` costs nothing. Strings may
hold `${VAR}`, `${VAR:-default}` or `${env:VAR}`: `expand` fills them from the environment when
the server is about to be started, so secrets stay out of config files and `build` never needs
them.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from .errors import GeneratorError

DEFAULT_TIMEOUT: Final = 60.0  # seconds for one server's whole fetch
_VARIABLE: Final = re.compile(r"\$\{([^}]*)\}")
_NAME: Final = re.compile(r"(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Stdio:
    """Run `command args...`; speak MCP over its stdin and stdout."""

    command: str
    args: tuple[str, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict)  # on top of the SDK's safe defaults
    cwd: str | None = None

    def describe(self) -> str:
        return " ".join([self.command, *self.args])


@dataclass(frozen=True, slots=True)
class Http:
    """A Streamable HTTP endpoint, with extra request headers."""

    url: str
    headers: Mapping[str, str] = field(default_factory=dict)

    def describe(self) -> str:
        return self.url


Transport = Stdio | Http


class ExpansionError(GeneratorError, ValueError):
    """A `${...}` that cannot be filled: `key` says where (e.g. `headers.Authorization`)."""

    def __init__(self, key: str, reason: str) -> None:
        super().__init__(reason, context=key)
        self.key = key


def expand_text(text: str, key: str, environ: Mapping[str, str] | None = None) -> str:
    """`text` with every `${VAR}`, `${VAR:-default}` and `${env:VAR}` filled in."""
    env = os.environ if environ is None else environ

    def fill(match: re.Match[str]) -> str:
        spec = _NAME.fullmatch(match[1])
        if spec is None:
            raise ExpansionError(
                key,
                f"cannot expand {match[0]}: only ${{VAR}}, ${{VAR:-default}} and ${{env:VAR}}"
                " are supported",
            )
        value = env.get(spec[1])
        if value is None or (value == "" and spec[2] is not None):
            if spec[2] is not None:
                return spec[2]
            raise ExpansionError(key, f"environment variable {spec[1]} is not set")
        return value

    return _VARIABLE.sub(fill, text)


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
