"""The compiled contract (docs/design.md, "Graded drift"): what a server lists now, against
what the toolset was built from. ``connect(check=...)`` runs it after the sessions open.

The toolset's "contract" table holds, per server, every tool name its snapshot listed, and
each compiled tool as listed with its digest. A server whose compiled tools have their
digests, and that lists no tool the snapshot did not, has not changed: nothing more is done.
Otherwise the changes are graded by ``drift``, the graded diff ``mcp2openai fetch --check``
and ``mcp2openai diff`` grade with, copied beside this file by the build (standard library
only, loaded only then).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from . import Toolset

CHECKS = ("warn", "raise", "off")


class ContractError(Exception):
    """``connect(check="raise")``: a server's tools changed in a way that breaks the
    compiled toolset. ``changes`` holds ``(server, tool, pointer, reason)`` for each
    breaking change; the message lists them, one per line."""

    def __init__(self, changes: "list[tuple[str, str | None, str, str]]") -> None:
        lines = [
            f"{s}: {_where(tool, pointer)}: {reason}"
            for s, tool, pointer, reason in changes
        ]
        super().__init__(
            f"{len(changes)} breaking change{'' if len(changes) == 1 else 's'} since the "
            "toolset was built (rebuild it: `mcp2openai fetch --check`, then `mcp2openai "
            "build`):\n" + "\n".join(lines)
        )
        self.changes = changes


async def changes(toolset: "Toolset", server: str, session: "Any") -> "list[Any]":
    """The graded changes of ``server``'s tools since the build (``drift.Change`` values);
    [] when it lists what the toolset was built from. One ``tools/list`` (all its pages).
    """
    compiled = toolset.table("contract").get(server)
    if compiled is None:
        return (
            []
        )  # opened from a recipe the app gave, for a server of the toolset: none
    live = await _listed(session)
    listed = set(compiled["listed"])
    tools: dict[str, Any] = compiled["tools"]
    fresh = [t for t in live if t.get("name") in tools or t.get("name") not in listed]
    import importlib

    drift: Any = importlib.import_module(".drift", __package__)
    digests: dict[str, str] = compiled["digests"]
    if len(fresh) == len(tools) and all(
        digests.get(str(tool.get("name"))) == drift.values.digest(tool)
        for tool in fresh
    ):
        return []
    found: list[Any] = drift.diff_tools(list(tools.values()), fresh)
    return found


def report(results: "dict[str, list[Any]]", check: str) -> None:
    """Log each changed server's counts and first breaking change (check "warn"), or raise
    ``ContractError`` listing every breaking change (check "raise")."""
    import logging

    breaking = [
        (server, change.tool, change.pointer, change.reason)
        for server, found in results.items()
        for change in found
        if change.grade == "breaking"
    ]
    if check == "raise" and breaking:
        raise ContractError(breaking)
    log = logging.getLogger("mcp2openai")
    for server, found in results.items():
        if not found:
            continue
        grades = [change.grade for change in found]
        counts = ", ".join(
            f"{grades.count(grade)} {grade}"
            for grade in ("breaking", "compatible", "cosmetic")
        )
        first = next((c for c in found if c.grade == "breaking"), None)
        said = ""
        if first is not None:
            said = (
                f"; first breaking: {_where(first.tool, first.pointer)}: {first.reason}"
            )
        log.warning(
            "server %s changed since the toolset was built: %s%s", server, counts, said
        )


def _where(tool: "str | None", pointer: str) -> str:
    return f"tool {tool!r} at {pointer or '/'}" if tool is not None else pointer or "/"


async def _listed(session: "Any") -> "list[dict[str, Any]]":
    """Every tool the server lists now, as the raw wire dicts (all pages)."""
    from typing import Any

    import mcp.types as types
    from pydantic import RootModel

    class _Raw(RootModel[dict[str, Any]]):  # a result exactly as parsed from the wire
        pass

    tools: list[dict[str, Any]] = []
    cursor = None
    for _ in range(1000):  # a server that pages forever is not listed forever
        params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
        request = types.ListToolsRequest(params=params)
        result = (await session.send_request(request, _Raw)).root
        page = result.get("tools")
        if type(page) is list:
            tools += [tool for tool in page if isinstance(tool, dict)]
        cursor = result.get("nextCursor")
        if not isinstance(cursor, str) or not cursor:
            break
    return tools
