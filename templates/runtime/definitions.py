"""The tool definitions an app sends: ``tools()`` in every form but every tool for the
Responses API (``Toolset.tools`` answers that one), its selections (``servers=``,
``names=``, ``read_only=``), namespaces, deferred loading and client tool search, and
``tool_choice()``.
"""

from .core import chat
from .core import read_only as is_read_only

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from .core import Tables


def tools(
    toolset: "Tables",
    api: str,
    servers: "Iterable[str] | None",
    names: "Iterable[str] | None",
    namespaces: bool,
    defer: bool,
    search: "str | None",
    read_only: bool,
) -> "list[dict[str, object]]":
    """``Toolset.tools`` for any arguments, new lists and dicts at every call."""
    if api == "chat":
        if namespaces or defer or search is not None:
            raise ValueError(
                "namespaces, defer and search are Responses API features; "
                "with api='chat' select tools with servers= or names="
            )
    elif api != "responses":
        raise ValueError(f"api must be 'chat' or 'responses', not {api!r}")
    if search is not None and search != "client":
        raise ValueError(f"search must be None or 'client', not {search!r}")
    if type(read_only) is not bool:
        raise TypeError(f"read_only must be True or False, not {read_only!r}")
    chosen: list[int] | None = None  # None: every tool
    if servers is not None or names is not None or read_only:
        chosen = chosen_tools(toolset, servers, names, read_only)
    if namespaces:
        result = in_namespaces(toolset, chosen, defer)
    elif api == "chat":
        result = [chat(tool) for tool in toolset.definitions(chosen)]
    else:
        result = toolset.definitions(chosen)
        if defer:
            for tool in result:
                tool["defer_loading"] = True
    if search == "client":
        result.append(client_search())
    elif defer:
        result.append({"type": "tool_search"})
    return result


def client_search() -> "dict[str, object]":
    """What a client tool search offers the model (docs/design.md, "Tool search"): a
    query, or the names of tools or namespaces to load (the ``paths`` of OpenAI's
    built-in form)."""
    return {
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


class Catalog:
    """Per tool, by its position in the toolset: its exposed name, its server, its name
    inside its namespace and whether it is read-only (``core.read_only``); and the
    positions by exposed name and by server."""

    def __init__(self, toolset: "Tables") -> None:
        entries: dict[str, dict[str, Any]] = toolset.table("tools")
        self.names = list(entries)
        self.servers = [entry["server"] for entry in entries.values()]
        self.locals = [entry.get("local", entry["tool"]) for entry in entries.values()]
        self.read_only = [
            is_read_only(entry.get("annotations", {})) for entry in entries.values()
        ]
        self.positions = {name: index for index, name in enumerate(self.names)}
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
        server, _, local = path.partition(".")  # names inside a namespace are unique
        return [i for i in self.by_server.get(server, []) if self.locals[i] == local]


def catalog(toolset: "Tables") -> Catalog:
    """The toolset's ``Catalog``, made on first use."""
    found: Catalog | None = toolset.cache.get("catalog")
    if found is None:
        found = toolset.cache["catalog"] = Catalog(toolset)
    return found


def ours(toolset: "Tables", name: str, parameters: object) -> "str | None":
    """The exposed name of the toolset's tool a function offered inside a namespace the
    toolset did not make stands for (``offered``): one whose definition has this name
    (flat: the exposed name; in its namespace: the name there) and these parameters.
    None when none (or, by the name in a namespace, more than one) has."""
    known = catalog(toolset)
    flat = known.positions.get(name)
    if flat is not None:
        named = [flat]
    else:
        named = [i for i, local in enumerate(known.locals) if local == name]
    same = [
        index
        for index, tool in zip(named, toolset.definitions(named), strict=True)
        if tool["parameters"] == parameters
    ]
    return known.names[same[0]] if len(same) == 1 else None


def chosen_tools(
    toolset: "Tables",
    servers: "Iterable[str] | None",
    names: "Iterable[str] | None",
    read_only: bool,
) -> "list[int]":
    """The positions of the tools ``tools()`` selects, in toolset order: those of
    ``servers`` and ``names`` (every tool when both are None), the read-only ones of
    those when ``read_only``."""
    known = catalog(toolset)
    if servers is None and names is None:
        chosen = list(range(len(known.names)))
    else:
        wanted_servers = strings(servers, "servers") if servers is not None else []
        wanted_names = strings(names, "names") if names is not None else []
        check_known(wanted_servers, known.by_server, "server")
        check_known(wanted_names, known.positions, "tool")
        picked = {known.positions[name] for name in wanted_names}
        for server in wanted_servers:
            picked.update(known.by_server[server])
        chosen = sorted(picked)
    if read_only:
        chosen = [i for i in chosen if known.read_only[i]]
    return chosen


def in_namespaces(
    toolset: "Tables", indices: "list[int] | None", defer: bool
) -> "list[dict[str, object]]":
    """The tools at ``indices`` (None: all) as one ``namespace`` per server, each
    function named by its name inside the namespace."""
    known = catalog(toolset)
    servers: dict[str, dict[str, Any]] = toolset.table("servers")
    if indices is None:
        indices = list(range(len(known.names)))
    grouped: dict[str, list[object]] = {}
    for index, tool in zip(indices, toolset.definitions(indices), strict=True):
        tool["name"] = known.locals[index]
        if defer:
            tool["defer_loading"] = True
        grouped.setdefault(known.servers[index], []).append(tool)
    return [
        {
            "type": "namespace",
            "name": server,
            "description": servers.get(server, {}).get("description", ""),
            "tools": functions,
        }
        for server, functions in grouped.items()
    ]


def tool_choice(
    toolset: "Tables", names: "Iterable[str]", api: str, mode: str
) -> "dict[str, object]":
    """``Toolset.tool_choice``."""
    if mode != "auto" and mode != "required":
        raise ValueError(f"mode must be 'auto' or 'required', not {mode!r}")
    wanted = strings(names, "names")
    check_known(wanted, catalog(toolset).positions, "tool")
    if api == "chat":
        functions = [{"type": "function", "function": {"name": n}} for n in wanted]
        allowed = {"mode": mode, "tools": functions}
        return {"type": "allowed_tools", "allowed_tools": allowed}
    if api == "responses":
        listed = [{"type": "function", "name": name} for name in wanted]
        return {"type": "allowed_tools", "mode": mode, "tools": listed}
    raise ValueError(f"api must be 'chat' or 'responses', not {api!r}")


def strings(value: object, what: str) -> "list[str]":
    """``value`` as a list of names, or TypeError: a str is not a list of names."""
    if isinstance(value, str) or not hasattr(value, "__iter__"):
        raise TypeError(f"{what} must be a list of names, not {type(value).__name__}")
    listed = list(value)
    for item in listed:
        if type(item) is not str:
            raise TypeError(f"{what} must hold str names, not {type(item).__name__}")
    return listed


def check_known(wanted: "list[str]", known: "Iterable[str]", what: str) -> None:
    """ValueError naming the closest known names, for the first name not ``known``."""
    for name in wanted:
        if name not in known:
            import difflib

            options = list(known)
            close = difflib.get_close_matches(name, options, n=5, cutoff=0.5)
            hint = f"; closest: {', '.join(close)}" if close else ""
            raise ValueError(
                f"unknown {what} {name!r}{hint} ({len(options)} in the toolset)"
            )
