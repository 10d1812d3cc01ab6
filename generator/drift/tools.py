"""Two tool lists compared tool by tool (docs/design.md, "Graded drift"). Standard library only.

A tool is matched by its name. Its description and title are text the model reads; its input
schema is graded as written by the client, its output schema as read by it
(generator/drift/schemas.py); its annotations by what each hint promises, with the MCP defaults
for hints left out (readOnlyHint false, destructiveHint true, idempotentHint false,
openWorldHint true; docs/design.md, "Graded drift", has the source).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from .schemas import Grade, compare, grade
from .values import canonical, differs, join, names, text

# hint -> (its default, whether turning it on is the safe direction)
_HINTS: Final = {
    "readOnlyHint": (False, True),
    "destructiveHint": (True, False),
    "idempotentHint": (False, True),
    "openWorldHint": (True, False),
}
_CONTRACT: Final = ("inputSchema", "outputSchema", "annotations", "execution")


@dataclass(frozen=True, slots=True)
class Change:
    """One change: the tool (its old name when removed or renamed; None for the snapshot as a
    whole), a JSON pointer into the tool ("" for the tool itself; into the snapshot document
    when `tool` is None), the grade and a short reason."""

    tool: str | None
    pointer: str
    grade: Grade
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "tool": self.tool,
            "pointer": self.pointer,
            "grade": self.grade,
            "reason": self.reason,
        }


def diff_tools(old: Sequence[Mapping[str, Any]], new: Sequence[Mapping[str, Any]]) -> list[Change]:
    """Every change from the `old` tool list to the `new` one, graded; [] when they are the same.

    Tools are matched by name (the first of a repeated name, as a build takes it); the changes
    come in the old list's order, then the new tools. A tool that is gone is breaking, unless
    another tool came with the same contract and description: then it is one breaking rename.
    """
    olds, news = _by_name(old), _by_name(new)
    gone = [name for name in olds if name not in news]
    came = [name for name in news if name not in olds]
    renamed = _renames(olds, news, gone, came)
    changes: list[Change] = []
    for name, tool in olds.items():
        if name in renamed:
            to = names([renamed[name]])
            changes.append(Change(name, "/name", "breaking", f"tool renamed to {to}"))
        elif name in gone:
            changes.append(Change(name, "", "breaking", "tool removed"))
        else:
            changes += diff_tool(name, tool, news[name])
    taken = set(renamed.values())
    changes += [Change(name, "", "compatible", "new tool") for name in came if name not in taken]
    kept = [name for name in olds if name in news]
    if kept != [name for name in news if name in olds]:
        changes.append(Change(None, "/tools", "cosmetic", "tool order changed"))
    return changes


def diff_tool(name: str, old: Mapping[str, Any], new: Mapping[str, Any]) -> list[Change]:
    """The changes between two versions of one tool."""
    changes: list[Change] = []
    if text(old) == text(new):
        return changes

    def add(pointer: str, grade_: Grade, reason: str) -> None:
        changes.append(Change(name, pointer, grade_, reason))

    for key in [*new, *(key for key in old if key not in new)]:
        before, after = old.get(key), new.get(key)
        if key == "name" or text(before) == text(after):
            continue
        where = join("", key)
        if key not in ("inputSchema", "outputSchema") and canonical(before) == canonical(after):
            continue  # written differently, the same value: the last line below says so
        if key in ("description", "title"):
            add(where, "compatible", f"{key} {_what(before, after, 'reworded')}")
        elif key == "inputSchema" or (key == "outputSchema" and None not in (before, after)):
            reads = key == "outputSchema"
            for found in compare(before, after, reads=reads):
                add(where + found.pointer, grade(found.kind, reads), found.reason)
        elif key == "outputSchema":
            if before is None:
                add(where, "compatible", "output schema added")
            else:
                add(
                    where,
                    "breaking",
                    "output schema removed: results may lack structuredContent",
                )
        elif key == "annotations":
            for pointer, grade_, reason in _annotations(before or {}, after or {}):
                add(where + pointer, grade_, reason)
        elif key == "execution":
            for pointer, grade_, reason in _execution(before or {}, after or {}):
                add(where + pointer, grade_, reason)
        elif key == "icons":
            add(where, "cosmetic", f"icons {_what(before, after, 'changed')}")
        elif key == "_meta":
            add(where, "compatible", f"_meta {_what(before, after, 'changed')}")
        else:
            add(
                where,
                "breaking",
                f"{key} {_what(before, after, 'changed')}: not graded",
            )
    if old.keys() == new.keys() and list(old) != list(new):
        add("", "cosmetic", "key order changed")
    if not changes and text(old) != text(new):
        add("", "cosmetic", "written differently, same meaning")
    return changes


def _annotations(old: Any, new: Any) -> list[tuple[str, Grade, str]]:
    if not isinstance(old, dict) or not isinstance(new, dict):
        return [("", "breaking", "annotations are not an object: not graded")]
    found: list[tuple[str, Grade, str]] = []
    before, after = _effective(old), _effective(new)
    if before is None or after is None:
        return [("", "breaking", "a hint is not a boolean: not graded")]
    for hint, (_default, safe) in _HINTS.items():
        where = join("", hint)
        if before[hint] != after[hint]:
            if hint != "readOnlyHint" and old.get(hint) == new.get(hint):
                continue  # it follows readOnlyHint, which has its own line
            on = after[hint]
            grade_: Grade = "compatible" if on == safe else "breaking"
            found.append((where, grade_, f"{hint} turned {'on' if on else 'off'}"))
        elif canonical(old.get(hint)) != canonical(new.get(hint)):
            found.append((where, "cosmetic", f"{hint} written differently, same meaning"))
    if canonical(old.get("title")) != canonical(new.get("title")):
        found.append(
            (
                "/title",
                "cosmetic",
                f"title {_what(old.get('title'), new.get('title'), 'reworded')}",
            )
        )
    for key in sorted((set(old) | set(new)) - set(_HINTS) - {"title"}):
        if differs(old, new, key):
            found.append((join("", key), "breaking", f"{key} changed: not graded"))
    return found


def _effective(annotations: dict[str, Any]) -> dict[str, bool] | None:
    """Each hint's meaning with the defaults filled in. destructiveHint and idempotentHint mean
    something only when the tool is not read-only: a read-only tool destroys nothing and can
    be retried."""
    values = {}
    for hint, (default, _) in _HINTS.items():
        value = annotations.get(hint, default)
        if not isinstance(value, bool):
            return None
        values[hint] = value
    if values["readOnlyHint"]:
        values["destructiveHint"], values["idempotentHint"] = False, True
    return values


def _execution(old: Any, new: Any) -> list[tuple[str, Grade, str]]:
    if not isinstance(old, dict) or not isinstance(new, dict):
        return [("", "breaking", "execution is not an object: not graded")]
    found: list[tuple[str, Grade, str]] = []
    before, after = old.get("taskSupport", "forbidden"), new.get("taskSupport", "forbidden")
    if before != after:
        grade_: Grade = "breaking" if after == "required" else "compatible"
        found.append(
            (
                "/taskSupport",
                grade_,
                f"taskSupport {names([before])} -> {names([after])}",
            )
        )
    elif canonical(old.get("taskSupport")) != canonical(new.get("taskSupport")):
        found.append(
            (
                "/taskSupport",
                "cosmetic",
                "taskSupport written differently, same meaning",
            )
        )
    for key in sorted((set(old) | set(new)) - {"taskSupport"}):
        if differs(old, new, key):
            found.append((join("", key), "breaking", f"{key} changed: not graded"))
    return found


def _by_name(tools: Sequence[Mapping[str, Any]]) -> dict[str, Mapping[str, Any]]:
    found: dict[str, Mapping[str, Any]] = {}
    for tool in tools:
        name = tool.get("name") if isinstance(tool, Mapping) else None
        if isinstance(name, str) and name not in found:
            found[name] = tool
    return found


def _renames(
    olds: dict[str, Mapping[str, Any]],
    news: dict[str, Mapping[str, Any]],
    gone: list[str],
    came: list[str],
) -> dict[str, str]:
    """Old name -> new name, for a tool gone whose contract (schemas, annotations, execution)
    and description came back under one new name."""
    renamed: dict[str, str] = {}
    for name in gone:
        sign = _signature(olds[name])
        matches = [
            other
            for other in came
            if other not in renamed.values() and _signature(news[other]) == sign
        ]
        if len(matches) == 1:
            renamed[name] = matches[0]
    return renamed


def _signature(tool: Mapping[str, Any]) -> str:
    return canonical([tool.get(key) for key in (*_CONTRACT, "description")])


def _what(before: Any, after: Any, changed: str) -> str:
    return "added" if before is None else "removed" if after is None else changed
