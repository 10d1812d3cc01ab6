"""What a build is asked to do, as plain data: each server's options and the strict mode.

A leaf module: it imports nothing of the generator, so the CLI, the config readers
(generator/config.py, generator/entries.py), the planner (generator/plan.py), the pipeline and
naming all share one `ServerSpec` without depending on each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Final

POLICY_KEYS: Final = ("read_only", "destructive", "approve")  # a server table's policy keys
APPROVE_POLICIES: Final = ("always", "never")


class StrictMode(StrEnum):
    """`--strict` (and `strict` in the config): what happens to a tool strict mode cannot say.

    A `StrEnum`: the CLI and the config take the values' strings, and every text that shows a
    mode (the module's docstring, `--report-json`) shows its value."""

    AUTO = "auto"  # send it with "strict": false (a fallback)
    TRUE = "true"  # leave it out
    FALSE = "false"  # every tool non-strict


@dataclass(frozen=True, slots=True)
class ServerSpec:
    """One server of a build, from the command line or a config file to naming.

    `--server NAME=SNAPSHOT` with `--prefix/--include/--exclude NAME=...`, a server of
    `[tool.mcp2openai]`, or one of an `mcpServers` file: where its tool list is and how its
    tools are named. How to fetch it (its transport) stays in the config's `ServerConfig`.
    """

    name: str
    snapshot: Path
    prefix: str | None = None  # None: "<name>__"; "" for none
    include: tuple[str, ...] = ()  # glob patterns on MCP tool names; empty: every tool
    exclude: tuple[str, ...] = ()
    # The app's word over the tools' MCP annotations, which are hints a server sends
    # (docs/design.md, "Policy"): globs of MCP tool names taken as read-only, or as
    # destructive, whatever the server says; and (glob, "always" | "never"): whether
    # execute_tool_calls asks its `approve` callback about a call to those tools.
    read_only: tuple[str, ...] = ()
    destructive: tuple[str, ...] = ()
    approve: tuple[tuple[str, str], ...] = ()
    # How to start or reach the server, as the config wrote it (the module's SERVERS);
    # None: a bare snapshot (`--server NAME=SNAPSHOT`)
    recipe: dict[str, Any] | None = None
