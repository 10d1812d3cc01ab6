"""The tool definitions an app passes as ``tools=``: ``tools()`` and ``tool_search()``.

Part of the runtime every generated module carries (templates/runtime/__init__.py).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .data import _DEFINITIONS
    from .search import _definition_texts, _ranked

# ---- runtime ----


def tools(api: str) -> list[dict[str, object]]:
    """The tool definitions to pass as ``tools=`` to the ``openai`` SDK.

    ``api`` is ``"chat"`` (Chat Completions) or ``"responses"``. Plain dicts and lists,
    parsed afresh on each call: the caller may change them.
    """
    if api != "chat" and api != "responses":
        raise ValueError(f"api must be 'chat' or 'responses', not {api!r}")
    import json

    definitions: list[dict[str, object]] = json.loads(_DEFINITIONS)
    if api == "responses":
        return definitions
    return [
        {
            "type": "function",
            "function": {
                "name": tool["name"],
                "description": tool["description"],
                "parameters": tool["parameters"],
                "strict": tool["strict"],
            },
        }
        for tool in definitions
    ]


def tool_search(query: str, *, limit: int = 8) -> list[dict[str, object]]:
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

    ranked = _ranked(query, limit)
    texts = _definition_texts()
    return [json.loads(texts[index]) for index in ranked]
