"""The tool definitions an app passes as ``tools=``: ``tools()``, ``tool_choice()`` and
``tool_search()``, and the answer to a client tool search.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from . import Toolset


def tools(
    toolset: "Toolset",
    api: str,
    *,
    servers: "Iterable[str] | None" = None,
    names: "Iterable[str] | None" = None,
    namespaces: bool = False,
    defer: bool = False,
    search: "str | None" = None,
    read_only: bool = False,
) -> "list[dict[str, object]]":
    """The tool definitions to pass as ``tools=`` to the ``openai`` SDK.

    ``api`` is ``"chat"`` (Chat Completions) or ``"responses"``. ``servers`` (server
    names) and ``names`` (exposed names) select a subset: the tools of those servers
    and the tools of those names, in the toolset's order; an unknown one raises
    ``ValueError`` naming the closest known ones. ``read_only=True`` keeps the
    read-only tools of those: ``readOnlyHint`` true after the build's overrides, and no
    ``destructiveHint`` true beside it. Responses
    only:

    - ``namespaces=True``: one ``namespace`` per server, described by the server's
      title and instructions (or a summary of its tools); inside it each function is
      named by its MCP tool name (``tool_calls`` maps the calls back);
    - ``defer=True``: every function gets ``defer_loading`` and a hosted
      ``{"type": "tool_search"}`` is added, so the model loads definitions as needed;
    - ``search="client"``: a ``tool_search`` the app runs instead (``execute_tool_calls``
      answers it with the module's compiled search; the model may also ask for tools
      or namespaces by name, as ``paths``).

    The definitions are parsed once and shared between calls, so a call costs next to
    nothing: do not change what is returned (copy it first, e.g. ``copy.deepcopy``).
    """
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
    catalog = _catalog(toolset)
    chosen = catalog.chosen(servers, names)
    if read_only:
        from .objects import read_only as safe

        hints: dict[str, dict[str, object]] = toolset.table("annotations")
        chosen = [
            index
            for index in (range(len(catalog.flat)) if chosen is None else chosen)
            if safe(hints.get(str(catalog.flat[index]["name"]), {}))
        ]
    if api == "chat":
        chat = catalog.chat()
        return list(chat) if chosen is None else [chat[index] for index in chosen]
    indices = range(len(catalog.flat)) if chosen is None else chosen
    if namespaces:
        result = catalog.in_namespaces(toolset, indices, defer)
    else:
        table = catalog.variant(defer, False)
        result = [table[index] for index in indices]
    if search == "client":
        result.append(_CLIENT_SEARCH)
    elif defer:
        result.append({"type": "tool_search"})
    return result


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
    _check_known(wanted, toolset.names(), "tool")
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


def tool_search(
    toolset: "Toolset", query: str, *, limit: int = 8
) -> "list[dict[str, object]]":
    """The Responses function definitions of the tools that best match ``query``.

    Best first, at most ``limit``, only tools that share a term with the query; each
    exactly as ``tools("responses")`` gives it (a fresh dict, named by its flat exposed
    name). The ranking is BM25 over an index the generator built: each tool's name
    (split at ``_``, ``-`` and camelCase, and whole), server, title, description and
    property names and descriptions. Equal scores keep the toolset's order. A query
    with no searchable word (empty, punctuation, only words such as "the") finds
    nothing. Raises ``TypeError`` for a ``query`` that is not a str or a ``limit``
    that is not an int, and ``ValueError`` for a negative ``limit``.
    """
    import json

    from .search import definition_texts, ranked

    texts = definition_texts(toolset)
    return [json.loads(texts[index]) for index in ranked(toolset, query, limit)]


# What a client tool search offers the model (docs/design.md, "Tool search"): a query,
# or the names of tools or namespaces to load (the `paths` of OpenAI's built-in form).
_CLIENT_SEARCH: "dict[str, object]" = {
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


class _Catalog:
    """A toolset's definitions, parsed once and shared by every ``tools()`` call, with
    the indices the selections and namespaces need."""

    __slots__ = (
        "by_server",
        "chat_form",
        "descriptions",
        "flat",
        "locals",
        "positions",
        "servers",
        "variants",
    )

    def __init__(self, toolset: "Toolset") -> None:
        self.flat: list[dict[str, object]] = toolset.table("definitions")
        names = toolset.names()
        local_of = {
            exposed: local
            for inside in toolset.table("namespaced").values()
            for local, exposed in inside.items()
        }
        exposed = [str(tool["name"]) for tool in self.flat]
        self.servers = [names[name][0] for name in exposed]  # per tool: its server
        self.locals = [
            local_of.get(name, name) for name in exposed
        ]  # inside a namespace
        self.positions = {name: index for index, name in enumerate(exposed)}
        self.by_server: dict[str, list[int]] = {}  # server -> the indices of its tools
        for index, server in enumerate(self.servers):
            self.by_server.setdefault(server, []).append(index)
        # (defer, inside a namespace) -> the functions in that form; (False, False): flat
        self.variants = {(False, False): self.flat}
        self.descriptions: dict[str, str] | None = None  # namespace -> its description
        self.chat_form: list[dict[str, object]] | None = None

    def chat(self) -> "list[dict[str, object]]":
        """The Chat Completions form, built once: the same fields in ``function``."""
        if self.chat_form is None:
            self.chat_form = [
                {
                    "type": "function",
                    "function": {
                        "name": tool["name"],
                        "description": tool["description"],
                        "parameters": tool["parameters"],
                        "strict": tool["strict"],
                    },
                }
                for tool in self.flat
            ]
        return self.chat_form

    def variant(self, defer: bool, local: bool) -> "list[dict[str, object]]":
        """The functions as a namespace holds them (``local``) and/or deferred, built
        once."""
        found = self.variants.get((defer, local))
        if found is None:
            found = []
            for index, tool in enumerate(self.flat):
                changed = dict(tool)
                if local:
                    changed["name"] = self.locals[index]
                if defer:
                    changed["defer_loading"] = True
                found.append(changed)
            self.variants[(defer, local)] = found
        return found

    def in_namespaces(
        self, toolset: "Toolset", indices: "Iterable[int]", defer: bool
    ) -> "list[dict[str, object]]":
        if self.descriptions is None:
            self.descriptions = toolset.table("namespaces")
        described = self.descriptions
        table = self.variant(defer, True)
        grouped: dict[str, list[object]] = {}
        for index in indices:
            grouped.setdefault(self.servers[index], []).append(table[index])
        return [
            {
                "type": "namespace",
                "name": server,
                "description": described.get(server, ""),
                "tools": functions,
            }
            for server, functions in grouped.items()
        ]

    def chosen(
        self, servers: "Iterable[str] | None", names: "Iterable[str] | None"
    ) -> "list[int] | None":
        """The indices of the tools selected, in toolset order (None: every tool)."""
        if servers is None and names is None:
            return None
        wanted_servers = _strings(servers, "servers") if servers is not None else []
        wanted_names = _strings(names, "names") if names is not None else []
        _check_known(wanted_servers, self.by_server, "server")
        _check_known(wanted_names, self.positions, "tool")
        picked = {self.positions[name] for name in wanted_names}
        for server in wanted_servers:
            picked.update(self.by_server[server])
        return sorted(picked)

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


def _catalog(toolset: "Toolset") -> _Catalog:
    catalog: _Catalog | None = toolset.catalog
    if catalog is None:
        catalog = toolset.catalog = _Catalog(toolset)
    return catalog


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

    catalog = _catalog(toolset)
    call_id = get(call, "call_id")
    found = _searched(toolset, catalog, get(call, "arguments"), allowed)
    listed: list[dict[str, object]]
    if _used_namespaces(response):
        listed = catalog.in_namespaces(toolset, found, False)
    else:
        listed = [catalog.flat[index] for index in found]
    return {
        "type": "tool_search_output",
        "call_id": call_id if type(call_id) is str else None,
        "execution": "client",
        "tools": listed,
    }


def _searched(
    toolset: "Toolset",
    catalog: _Catalog,
    arguments: object,
    allowed: "frozenset[str] | None",
) -> "list[int]":
    # The tools a client search loads, in order, once each: the named ones, then the
    # best matches for the query. Anything else in the arguments finds nothing (an
    # empty answer the model can act on; no answer would stall the conversation).
    from .reading import get
    from .search import ranked

    def offered(index: int) -> bool:
        return allowed is None or str(catalog.flat[index]["name"]) in allowed

    found: dict[int, None] = {}
    paths = get(arguments, "paths") if arguments is not None else None
    if type(paths) is list:
        for path in paths:
            if type(path) is str:
                for index in catalog.named(path):
                    if offered(index):
                        found[index] = None
    query = get(arguments, "query") if arguments is not None else None
    if type(query) is str:
        limit = _SEARCH_LIMIT if allowed is None else len(catalog.flat)
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
