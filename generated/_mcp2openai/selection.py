"""Which tools: the selections of ``tools()`` (``servers=``, ``names=``, ``read_only=``),
its namespaces, ``tool_choice()``, and the tools a client tool search loads.
"""

from .definitions import catalog_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from . import Toolset

# What a client tool search offers the model (docs/design.md, "Tool search"): a query,
# or the names of tools or namespaces to load (the `paths` of OpenAI's built-in form).
CLIENT_SEARCH: "dict[str, object]" = {
    "type": "tool_search",
    "execution": "client",
    "description": (
        "Find and load the tools for a task. Give a short description of what you "
        "need as query; or, to load tools you know by name, their names (or the "
        "names of namespaces, or namespace.tool) as paths."
    ),
    "parameters": {
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "What the tool should do."},
            "paths": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Names of tools or namespaces to load.",
            },
        },
        "additionalProperties": False,
    },
}
_SEARCH_LIMIT = 8


class _Selection:
    """Per tool of the catalog (by index): its server and its name inside its namespace;
    and the indices by exposed name and by server."""

    __slots__ = ("by_server", "locals", "positions", "servers")

    def __init__(self, toolset: "Toolset") -> None:
        names = toolset.table("names")
        local_of = {
            exposed: local
            for inside in toolset.table("namespaced").values()
            for local, exposed in inside.items()
        }
        exposed = [str(tool["name"]) for tool in catalog_of(toolset).flat]
        self.servers = [names[name][0] for name in exposed]
        self.locals = [local_of.get(name, name) for name in exposed]
        self.positions = {name: index for index, name in enumerate(exposed)}
        self.by_server: dict[str, list[int]] = {}
        for index, server in enumerate(self.servers):
            self.by_server.setdefault(server, []).append(index)

    def named(self, path: str) -> "list[int]":
        """The tools a client search's path names: a tool (its exposed name), a
        namespace (every tool of that server), or ``namespace.tool``."""
        index = self.positions.get(path)
        if index is not None:
            return [index]
        if path in self.by_server:
            return list(self.by_server[path])
        server, dot, local = path.partition(".")
        if dot:
            for i, (owner, name) in enumerate(
                zip(self.servers, self.locals, strict=True)
            ):
                if owner == server and name == local:
                    return [i]
        return []


def _selection(toolset: "Toolset") -> _Selection:
    catalog = catalog_of(toolset)
    if catalog.selection is None:
        catalog.selection = _Selection(toolset)
    selection: _Selection = catalog.selection  # type: ignore[assignment]
    return selection


def chosen_tools(
    toolset: "Toolset",
    servers: "Iterable[str] | None",
    names: "Iterable[str] | None",
    read_only: bool,
) -> "list[int]":
    """The indices of the tools ``tools()`` selects, in toolset order: those of
    ``servers`` and ``names`` (every tool when both are None), the read-only ones of
    those when ``read_only``."""
    selection = _selection(toolset)
    if servers is None and names is None:
        chosen = list(range(len(selection.servers)))
    else:
        wanted_servers = _strings(servers, "servers") if servers is not None else []
        wanted_names = _strings(names, "names") if names is not None else []
        _check_known(wanted_servers, selection.by_server, "server")
        _check_known(wanted_names, selection.positions, "tool")
        picked = {selection.positions[name] for name in wanted_names}
        for server in wanted_servers:
            picked.update(selection.by_server[server])
        chosen = sorted(picked)
    if read_only:
        from .objects import read_only as safe

        flat = catalog_of(toolset).flat
        hints: dict[str, dict[str, object]] = toolset.table("annotations")
        chosen = [i for i in chosen if safe(hints.get(str(flat[i]["name"]), {}))]
    return chosen


def in_namespaces(
    toolset: "Toolset", indices: "Iterable[int] | None", defer: bool
) -> "list[dict[str, object]]":
    """The tools of ``indices`` (None: all) as one ``namespace`` per server."""
    selection = _selection(toolset)
    described: dict[str, str] = toolset.table("namespaces")
    table = catalog_of(toolset).variant(defer, selection.locals)
    grouped: dict[str, list[object]] = {}
    for index in range(len(table)) if indices is None else indices:
        grouped.setdefault(selection.servers[index], []).append(table[index])
    return [
        {
            "type": "namespace",
            "name": server,
            "description": described.get(server, ""),
            "tools": functions,
        }
        for server, functions in grouped.items()
    ]


def tool_choice(
    toolset: "Toolset", names: "Iterable[str]", *, api: str, mode: str = "auto"
) -> "dict[str, object]":
    """A ``tool_choice`` that lets the model call only the tools named (exposed names).

    ``mode`` is ``"auto"`` (the model may also answer without a call) or ``"required"``.
    The definitions of every tool stay in ``tools=`` (and in the model's cache): only
    what it may call changes, request by request.
    """
    if mode != "auto" and mode != "required":
        raise ValueError(f"mode must be 'auto' or 'required', not {mode!r}")
    wanted = _strings(names, "names")
    _check_known(wanted, toolset.table("names"), "tool")
    if api == "chat":
        listed: list[object] = [
            {"type": "function", "function": {"name": n}} for n in wanted
        ]
        return {
            "type": "allowed_tools",
            "allowed_tools": {"mode": mode, "tools": listed},
        }
    if api == "responses":
        listed = [{"type": "function", "name": name} for name in wanted]
        return {"type": "allowed_tools", "mode": mode, "tools": listed}
    raise ValueError(f"api must be 'chat' or 'responses', not {api!r}")


def _strings(value: object, what: str) -> "list[str]":
    if isinstance(value, str) or not hasattr(value, "__iter__"):
        raise TypeError(f"{what} must be a list of names, not {type(value).__name__}")
    listed = list(value)
    for item in listed:
        if type(item) is not str:
            raise TypeError(f"{what} must hold str names, not {type(item).__name__}")
    return listed


def _check_known(wanted: "list[str]", known: "dict[str, Any]", what: str) -> None:
    for name in wanted:
        if name not in known:
            import difflib

            close = difflib.get_close_matches(name, list(known), n=5, cutoff=0.5)
            hint = f"; closest: {', '.join(close)}" if close else ""
            raise ValueError(
                f"unknown {what} {name!r}{hint} ({len(known)} in the toolset)"
            )


def search_output(
    toolset: "Toolset",
    call: object,
    response: object = None,
    allowed: "frozenset[str] | None" = None,
) -> "dict[str, object]":
    """The ``tool_search_output`` that answers a client ``tool_search_call``: the tools
    its ``query`` finds and those its ``paths`` name, among those offered (``allowed``:
    exposed names; None: all), grouped by namespace when the request that the response
    answers used namespaces."""
    from .reading import get

    call_id = get(call, "call_id")
    found = _searched(toolset, get(call, "arguments"), allowed)
    listed: list[dict[str, object]]
    if _used_namespaces(response):
        listed = in_namespaces(toolset, found, False)
    else:
        flat = catalog_of(toolset).flat
        listed = [flat[index] for index in found]
    return {
        "type": "tool_search_output",
        "call_id": call_id if type(call_id) is str else None,
        "execution": "client",
        "tools": listed,
    }


def _searched(
    toolset: "Toolset", arguments: object, allowed: "frozenset[str] | None"
) -> "list[int]":
    # The tools a client search loads, in order, once each: the named ones, then the
    # best matches for the query. Anything else in the arguments finds nothing (an
    # empty answer the model can act on; no answer would stall the conversation).
    from .reading import get
    from .search import ranked

    flat = catalog_of(toolset).flat

    def offered(index: int) -> bool:
        return allowed is None or str(flat[index]["name"]) in allowed

    found: dict[int, None] = {}
    paths = get(arguments, "paths") if arguments is not None else None
    if type(paths) is list:
        selection = _selection(toolset)
        for path in paths:
            if type(path) is str:
                for index in selection.named(path):
                    if offered(index):
                        found[index] = None
    query = get(arguments, "query") if arguments is not None else None
    if type(query) is str:
        limit = _SEARCH_LIMIT if allowed is None else len(flat)
        best = [index for index in ranked(toolset, query, limit) if offered(index)]
        for index in best[:_SEARCH_LIMIT]:
            found[index] = None
    return list(found)


def _used_namespaces(response: object) -> bool:
    # Whether the request a response answers sent namespaces: its ``tools`` echo them.
    from .reading import get

    listed = get(response, "tools") if response is not None else None
    if type(listed) is not list:
        return False
    return any(get(tool, "type") == "namespace" for tool in listed)
