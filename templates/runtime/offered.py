"""What a request offered the model: the tools a call may be to (docs/design.md, "Policy")."""

from .reading import get

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .core import Tables

    # What a request offered: exposed name, or (namespace, name) in a namespace the
    # toolset did not make, -> exposed name.
    Offered = dict[str | tuple[str, str], str]


def namespaced(toolset: "Tables") -> "dict[str, dict[str, str]]":
    """Every server of the toolset (a Responses namespace) -> its tools' names inside it
    -> their exposed names: how a call with a ``namespace`` maps back."""
    found: dict[str, dict[str, str]] | None = toolset.cache.get("namespaced")
    if found is None:
        entries: dict[str, dict[str, Any]] = toolset.table("tools")
        found = {server: {} for server in toolset.table("servers")}
        for name, entry in entries.items():
            local = entry.get("local", entry["tool"])
            found.setdefault(entry["server"], {})[local] = name
        toolset.cache["namespaced"] = found
    return found


def offered(
    toolset: "Tables", response: object, tools: object, api: str
) -> "Offered | None":
    """The tools the request offered, or None: every tool of the toolset (the app gave no
    ``tools=`` and the response echoes none). Each is keyed by its exposed name, or by
    ``(namespace, name)`` when offered inside a namespace the toolset did not make, and
    maps to its exposed name.

    ``tools`` is the list the app sent as ``tools=``, in either API's shape; without it, a
    Responses response's own ``tools`` (the API echoes its request's). A function counts
    by its name, inside one of the toolset's namespaces by the name it has there, deferred
    or not; inside another namespace when it has the name and parameters of one of the
    toolset's definitions, flat or namespaced (``definitions.ours``); so do the
    functions a ``tool_search_output`` of the response loaded; a client ``tool_search``
    offers every tool when no function is listed beside it (its answers may load any). A
    ``tool_choice`` the response echoes that allows some tools only (or forces one)
    narrows the set. A Chat Completions response (``api``) echoes neither, and is not read
    for them (on an SDK object, each attribute it lacks costs microseconds to miss).
    """
    echoes = api == "responses"
    if tools is None:
        listed = get(response, "tools") if echoes else None
        if not (type(listed) is list or type(listed) is tuple) or not listed:
            listed = None  # no echo (Chat has none): the request is not known
    elif isinstance(tools, (str, bytes)) or not hasattr(tools, "__iter__"):
        raise TypeError(
            f"tools must be the list sent as tools=, not {type(tools).__name__}"
        )
    else:
        listed = list(tools)
    found = None if listed is None else _names(toolset, listed)
    if found is not None:
        output = get(response, "output")
        for item in output if type(output) is list or type(output) is tuple else ():
            if get(item, "type") == "tool_search_output":
                loaded = get(item, "tools")
                if type(loaded) is list:
                    found.update(_names(toolset, loaded) or {})
    allowed = _allowed(get(response, "tool_choice")) if echoes else None
    if allowed is not None:
        if found is None:
            return {name: name for name in allowed}
        found = {
            key: name
            for key, name in found.items()
            if (key if type(key) is str else key[1]) in allowed
        }
    return found


def _names(
    toolset: "Tables", listed: "list[object] | tuple[object, ...]"
) -> "Offered | None":
    known = toolset.table("tools")
    inside_of = namespaced(toolset)
    names: Offered = {}
    client_search = False
    for item in listed:
        kind = get(item, "type")
        if kind == "function":
            name = _name(item)
            if type(name) is str and name in known:
                names[name] = name
        elif kind == "namespace" and type(space := get(item, "name")) is str:
            inside = inside_of.get(space, {})
            functions = get(item, "tools")
            for function in functions if type(functions) is list else ():
                local = get(function, "name")
                exposed = inside.get(local) if type(local) is str else None
                if exposed is not None:
                    names[exposed] = exposed
                elif type(local) is str:  # one of ours, in the app's own namespace?
                    from .definitions import ours

                    exposed = ours(toolset, local, get(function, "parameters"))
                    if exposed is not None:
                        names[(space, local)] = exposed
        elif kind == "tool_search" and get(item, "execution") == "client":
            client_search = True
    if client_search and not names:
        return None
    return names


def _allowed(choice: object) -> "frozenset[str] | None":
    # The names a tool_choice lets the model call: allowed_tools (Responses' shape, or
    # Chat's inside "allowed_tools"), or one forced function; None: any of the tools.
    kind = None if choice is None or type(choice) is str else get(choice, "type")
    if kind == "function":
        name = _name(choice)
        return frozenset({name}) if type(name) is str else None
    if kind != "allowed_tools":
        return None
    inner = get(choice, "allowed_tools")
    listed = get(choice if inner is None else inner, "tools")
    names = [_name(item) for item in (listed if type(listed) is list else ())]
    return frozenset(name for name in names if type(name) is str)


def _name(function: object) -> object:
    # A function's name: Chat's is inside its "function".
    inner = get(function, "function")
    return get(function if inner is None else inner, "name")
