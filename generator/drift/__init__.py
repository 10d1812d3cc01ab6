"""The graded diff of two tool lists (docs/design.md, "Graded drift").

`diff_tools(old, new)` compares two snapshots' tool lists tool by tool and returns the changes,
each naming the tool, a JSON pointer, a grade (breaking, compatible or cosmetic) and a short
reason. `diff_servers` adds what the snapshots say about their servers. Everything here is pure.
`mcp2openai fetch --check` and `mcp2openai diff` grade with it; a built module keeps only a
digest per tool (templates/runtime/contract.py), so an app never carries a copy of it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from .schemas import Grade
from .tools import Change, diff_tool, diff_tools
from .values import canonical, differs, join, names, printable, text

__all__ = [
    "GRADES",
    "Change",
    "Grade",
    "counts",
    "diff_servers",
    "diff_snapshots",
    "diff_tool",
    "diff_tools",
    "fails",
    "line",
    "tally",
    "worst",
]

GRADES: Final[tuple[Grade, ...]] = ("breaking", "compatible", "cosmetic")  # worst first
_PLAIN_NAME: Final = re.compile(r"[A-Za-z0-9_.:/-]+")
# snapshot key -> its grade: instructions and the title reach the model (a namespace's
# description); the rest names the server and the format.
_SERVER_KEYS: Final[dict[tuple[str, ...], tuple[str, Grade]]] = {
    ("instructions",): ("instructions", "compatible"),
    ("server", "title"): ("server title", "compatible"),
    ("server", "name"): ("server name", "cosmetic"),
    ("server", "version"): ("server version", "cosmetic"),
    ("protocolVersion",): ("protocol version", "cosmetic"),
}


def diff_servers(old: Any, new: Any) -> list[Change]:
    """What two snapshot documents say differently about their servers (not their tools)."""
    old = old if isinstance(old, Mapping) else {}
    new = new if isinstance(new, Mapping) else {}
    changes = []
    for path, (label, grade) in _SERVER_KEYS.items():
        before, after = _at(old, path), _at(new, path)
        if canonical(before) != canonical(after):
            changed = "reworded" if grade == "compatible" else "changed"  # text the model reads
            what = "added" if before is None else "removed" if after is None else changed
            shown = f": {names([before])} -> {names([after])}" if grade == "cosmetic" else ""
            changes.append(Change(None, join("", *path), grade, f"{label} {what}{shown}"))
    # the rest says nothing the module uses (the snapshot format, cache hints, ...)
    known = {path[0] for path in _SERVER_KEYS} | {"tools", "result"}
    for key in [*new, *(key for key in old if key not in new)]:
        if key not in known and differs(old, new, key):
            what = _what_became(old.get(key), new.get(key))
            changes.append(Change(None, join("", key), "cosmetic", f"{key} {what}"))
    for key in sorted((set(_server(old)) | set(_server(new))) - {"name", "version", "title"}):
        if differs(_server(old), _server(new), key):
            what = _what_became(_server(old).get(key), _server(new).get(key))
            changes.append(
                Change(None, join("", "server", key), "cosmetic", f"server {key} {what}")
            )
    return changes


def _what_became(before: Any, after: Any) -> str:
    """`added`, `removed`, or `changed: OLD -> NEW` (compact JSON, when both are short)."""
    if before is None or after is None:
        return "added" if before is None else "removed"
    old, new = (
        json.dumps(value, ensure_ascii=False, separators=(",", ":")) for value in (before, after)
    )
    return f"changed: {old} -> {new}" if len(old) + len(new) <= 120 else "changed"


def _server(document: Mapping[str, Any]) -> Mapping[str, Any]:
    server = document.get("server")
    return server if isinstance(server, Mapping) else {}


def diff_snapshots(
    old: Any,
    new: Any,
    old_tools: Sequence[Mapping[str, Any]],
    new_tools: Sequence[Mapping[str, Any]],
) -> list[Change]:
    """Two snapshot documents and their tool lists: what they say about their servers, then
    `diff_tools`; one cosmetic change when they differ in nothing else but how they are written
    (key order outside the tools, another shape of tool list)."""
    changes = diff_servers(old, new) + diff_tools(old_tools, new_tools)
    if not changes and text(old) != text(new):
        changes.append(Change(None, "", "cosmetic", "written differently, same meaning"))
    return changes


def _at(document: Mapping[str, Any], path: tuple[str, ...]) -> Any:
    node: Any = document
    for key in path:
        node = node.get(key) if isinstance(node, Mapping) else None
    return node


def counts(changes: Iterable[Change]) -> dict[Grade, int]:
    found: dict[Grade, int] = {grade: 0 for grade in GRADES}
    for change in changes:
        found[change.grade] += 1
    return found


def tally(changes: Iterable[Change]) -> str:
    """`1 breaking, 2 compatible`: the grades that occur, worst first."""
    found = counts(changes)
    return ", ".join(f"{found[grade]} {grade}" for grade in GRADES if found[grade]) or "no change"


def worst(changes: Iterable[Change]) -> Grade | None:
    """The gravest grade among the changes; None when there are none."""
    found = counts(changes)
    return next((grade for grade in GRADES if found[grade]), None)


def fails(changes: Iterable[Change], fail_on: Grade = "breaking") -> bool:
    """Whether any change is at least as grave as `fail_on`."""
    limit = GRADES.index(fail_on)
    return any(GRADES.index(change.grade) <= limit for change in changes)


def line(change: Change) -> str:
    """`breaking: search: /inputSchema/required: ...`, on one printable line."""
    if change.tool is None:
        tool = "(snapshot)"
    elif _PLAIN_NAME.fullmatch(change.tool):
        tool = change.tool
    else:
        tool = names([change.tool])
    where = f"{change.pointer}: " if change.pointer else ""
    return printable(f"{change.grade}: {tool}: {where}{change.reason}")
