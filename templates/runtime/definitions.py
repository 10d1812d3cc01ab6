"""The tool definitions an app passes as ``tools=``, in every form ``tools()`` gives: the
Chat Completions form and, with ``selection``, selections, namespaces, deferred loading and
the client tool search. (``tools("responses")``, every tool as built, needs none of it: the
runtime's ``__init__`` answers it from the table.)
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

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
    """``tools()`` for any arguments (the runtime's ``tools`` answers the most common
    call itself, every tool in the Responses form, and sends every other call here)."""
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
    catalog = catalog_of(toolset)
    chosen: list[int] | None = None  # None: every tool
    if servers is not None or names is not None or read_only:
        from .selection import chosen_tools

        chosen = chosen_tools(toolset, servers, names, read_only)
    if namespaces:
        from .selection import in_namespaces

        result = in_namespaces(toolset, chosen, defer)
    else:
        table = catalog.chat() if api == "chat" else catalog.variant(defer)
        result = list(table) if chosen is None else [table[index] for index in chosen]
    if search == "client":
        from .selection import CLIENT_SEARCH

        result.append(CLIENT_SEARCH)
    elif defer:
        result.append({"type": "tool_search"})
    return result


class Catalog:
    """A toolset's definitions, parsed once and shared by every ``tools()`` call, and
    the other forms of them, each built once when first asked for."""

    __slots__ = ("chat_form", "flat", "selection", "variants")

    def __init__(self, toolset: "Toolset") -> None:
        self.flat: list[dict[str, object]] = toolset.table("definitions")
        # (defer, inside a namespace) -> the functions in that form; (False, False): flat
        self.variants = {(False, False): self.flat}
        self.chat_form: list[dict[str, object]] | None = None
        self.selection: object = None  # selection: the indices selections need

    def chat(self) -> "list[dict[str, object]]":
        """The Chat Completions form: the same fields in ``function``."""
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

    def variant(
        self, defer: bool, local: "list[str] | None" = None
    ) -> "list[dict[str, object]]":
        """The functions deferred (``defer``) and/or as a namespace holds them, named by
        ``local`` (each tool's name inside its namespace)."""
        found = self.variants.get((defer, local is not None))
        if found is None:
            found = []
            for index, tool in enumerate(self.flat):
                changed = dict(tool)
                if local is not None:
                    changed["name"] = local[index]
                if defer:
                    changed["defer_loading"] = True
                found.append(changed)
            self.variants[(defer, local is not None)] = found
        return found


def catalog_of(toolset: "Toolset") -> Catalog:
    """The toolset's ``Catalog``, made on first use."""
    catalog: Catalog | None = toolset.catalog
    if catalog is None:
        catalog = toolset.catalog = Catalog(toolset)
    return catalog
