"""A tool's MCP annotations, and the app's word over them (docs/design.md, "Policy").

MCP tools may declare `readOnlyHint`, `destructiveHint`, `idempotentHint` and `openWorldHint`
(and a display `title`) in `annotations`. The MCP specification calls them hints a client must
not trust from an untrusted server (2025-11-25, "Tool annotations"), so the project's config may
say otherwise, per tool, by glob on the MCP tool name: `read_only`, `destructive`, and `approve`
("always" or "never"). The result is compiled into the toolset's data: `ToolCall.annotations`,
`tools(..., read_only=True)` and `execute_tool_calls(..., approve=...)` read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Any, Final

from .errors import GeneratorError
from .options import ServerSpec
from .text import clean_description

HINTS: Final = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")


class PolicyError(GeneratorError):
    """A tool the config names both read-only and destructive."""


@dataclass(frozen=True, slots=True)
class Policy:
    # The hints (booleans only: anything else a server sends there is dropped) and the title,
    # cleaned, after the config's overrides.
    annotations: dict[str, object]
    approve: str | None  # "always" | "never": the config's; None: by the hints
    hinted: bool  # the server sent at least one of the four hints


NO_POLICY: Final = Policy({}, None, False)


def policy(tool: dict[str, Any], spec: ServerSpec) -> Policy:
    """The annotations of `tool` (an MCP tool as listed) with `spec`'s overrides applied."""
    sent = tool.get("annotations")
    raw: dict[str, Any] = sent if isinstance(sent, dict) else {}
    annotations: dict[str, object] = {
        hint: raw[hint] for hint in HINTS if isinstance(raw.get(hint), bool)
    }
    hinted = bool(annotations)
    title = raw.get("title")
    if isinstance(title, str):
        annotations["title"] = clean_description(title)
    name: str = tool["name"]
    read_only = any(fnmatchcase(name, pattern) for pattern in spec.read_only)
    destructive = any(fnmatchcase(name, pattern) for pattern in spec.destructive)
    if read_only and destructive:
        raise PolicyError(
            f"server {spec.name}: tool {name!r} matches both read_only and destructive"
        )
    if read_only or destructive:
        annotations.update(readOnlyHint=read_only, destructiveHint=destructive)
    approve = next((choice for pattern, choice in spec.approve if fnmatchcase(name, pattern)), None)
    return Policy(annotations, approve, hinted)


def contradicts(annotations: dict[str, object]) -> bool:
    """Read-only and destructive at once: the spec makes destructiveHint meaningful only for
    a tool that is not read-only, so a client cannot tell which one the server meant."""
    return annotations.get("readOnlyHint") is True and annotations.get("destructiveHint") is True
