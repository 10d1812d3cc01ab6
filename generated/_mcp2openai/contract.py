"""The check ``connect(check=...)`` runs once the sessions are open: each compiled tool's
digest, against the digest of the tool as its server lists it now (docs/design.md,
"Graded drift"). What changed is named, not graded: ``mcp2openai fetch --check`` grades it.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .core import Tables

FIX = "grade the change with `mcp2openai fetch --check`, then rebuild with `mcp2openai build`"


def digest(tool: object) -> str:
    """A tool as its server lists it, as a short digest of its canonical JSON (sorted
    keys, integral numbers as integers: key order, and 1 against 1.0, do not count). The
    build stores it per tool, made by this same function (generator/runtime.py)."""
    import hashlib
    import json

    def number(literal: str) -> "float | int":
        value = float(literal)
        return int(value) if value.is_integer() else value

    # Through json's C parser rather than a Python walk, so that schemas nested deeper
    # than Python's recursion limit still compare.
    text = json.dumps(tool, ensure_ascii=False, allow_nan=True)
    canonical = json.dumps(
        json.loads(text, parse_float=number),
        ensure_ascii=False,
        sort_keys=True,
        allow_nan=True,
    )
    return hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()[:24]


def changes(
    toolset: "Tables", server: str, listed: "list[dict[str, Any]]"
) -> "list[tuple[str, str, str]]":
    """``(server, tool, what)`` for each compiled tool of ``server`` that its server no
    longer lists (``"removed"``) or lists otherwise (``"changed"``), from the tools it
    lists now (``listed``: one ``tools/list``, all its pages). Tools the server lists that
    the toolset does not have are not changes of it: they are not sent."""
    digests: dict[str, str] = toolset.table("digests")  # a tool without one: unchecked
    compiled = {
        entry["tool"]: digests[name]
        for name, entry in toolset.table("tools").items()
        if entry["server"] == server and name in digests
    }
    if not compiled:
        return []
    live = {str(tool.get("name")): tool for tool in listed}
    found = []
    for tool, expected in compiled.items():
        if tool not in live:
            found.append((server, tool, "removed"))
        elif digest(live[tool]) != expected:
            found.append((server, tool, "changed"))
    return found


def report(found: "list[tuple[str, str, str]]", check: str) -> None:
    """Log one warning per changed server (check "warn"), or raise ``ContractError``
    naming every change (check "raise")."""
    if not found:
        return
    if check == "raise":
        from .core import ContractError

        raise ContractError(found)
    import logging

    by_server: dict[str, list[str]] = {}
    for server, tool, what in found:
        by_server.setdefault(server, []).append(f"{tool} ({what})")
    for server, tools in by_server.items():
        logging.getLogger("mcp2openai").warning(
            "server %s changed since the toolset was built: %s; %s",
            server,
            ", ".join(tools),
            FIX,
        )
