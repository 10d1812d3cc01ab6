# mypy: disable-error-code="import-not-found"
# (the mcp SDK, its HTTP client and the frameworks: an app type-checks without them)
"""Opening a session with a server: ``open_session``, the one way a session is opened and
its protocol negotiated (``negotiate``), and ``list_tools``; ``connect()``
(connection.py) and ``mcp2openai fetch`` (generator/live.py) both use them. They work
with the mcp SDK 2.x (2.3 and newer) and the newest 1.x (1.30): ``require_sdk`` says
which one the app has, or why it cannot be used.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, Mapping
    from typing import Any, TextIO

# A 2026-07-28 server's answer to a call whose Mcp-Param-* headers do not match.
HEADER_MISMATCH = -32020
# The pages that listing follows before the call is sent again: a server whose cursors
# never end cannot hang a call.
RELIST_PAGES = 100
# The oldest mcp SDK of each major version that connect() is tested with.
OLDEST = {1: (1, 30), 2: (2, 3)}


def require_sdk() -> int:
    """The major version of the mcp SDK ``import mcp`` finds; ``ImportError`` in one
    line when it is missing, too old, or a folder named ``mcp`` shadows it."""
    try:
        import mcp
    except ImportError as exc:
        raise ImportError(
            "connect() needs the mcp package (the official MCP SDK): pip install mcp"
        ) from exc
    if not hasattr(mcp, "ClientSession"):
        where = getattr(mcp, "__file__", None) or list(getattr(mcp, "__path__", []))
        raise ImportError(
            f"connect() needs the mcp package (the official MCP SDK), but `import mcp` "
            f"found {where}: rename that folder (or run from another directory), or "
            "pip install mcp"
        )
    from importlib.metadata import version

    found = version("mcp")
    numbers = tuple(int(part) for part in found.split(".")[:2] if part.isdigit())
    major = numbers[0] if numbers else 0
    if major not in OLDEST or numbers < OLDEST[major]:
        raise ImportError(
            f"connect() needs the mcp SDK 2.x (2.3 or newer) or 1.30 (found mcp {found}): "
            "pip install 'mcp>=2.3,<3'"
        )
    return major


async def open_session(
    stack: "Any",
    recipe: "Mapping[str, Any]",
    errlog: "TextIO | None",
    *,
    elicitation: "Any" = None,
    protocol: str = "legacy",
    message_handler: "Any" = None,
    client_info: "Any" = None,
    on_response: "Callable[[Any], Awaitable[None]] | None" = None,
    started: "Callable[[Any], None] | None" = None,
    capabilities: bool = False,
    auth: "Any" = None,
) -> "Any":
    """Start (stdio) or reach (Streamable HTTP) the server ``recipe`` describes (its
    variables filled in), enter its ``ClientSession`` on ``stack`` and negotiate
    (``protocol``): the one way ``connect()`` and ``mcp2openai fetch`` open a session.

    ``connect()`` and ``mcp2openai fetch`` declare elicitation only, answered by
    ``elicitation``, so that a snapshot lists the tools ``connect()`` is given (some
    servers list a tool only to clients that declare what it needs); a session that
    declared roots and had none would, for example, leave the filesystem server no
    directory. ``capabilities`` declares sampling and roots too, with handlers that
    refuse or answer none (to record what a fuller client is given). A stdio server's
    stderr goes to ``errlog`` (default: ``sys.stderr``), and ``started(reader)`` is
    called once its process runs (or its HTTP client is ready), with the transport's
    read stream. On exit the SDK closes the session; for stdio it closes the server's
    stdin, then terminates and kills its process group. ``on_response`` sees every
    HTTP response (``fetch`` reports error statuses with it); ``auth``, an
    ``httpx.Auth`` of the SDK's HTTP client (``httpx2`` for mcp 2.x, ``httpx`` for
    1.x), signs every HTTP request."""
    from mcp import ClientSession, types

    if "url" in recipe:
        from mcp.client.streamable_http import streamable_http_client

        http = _http_client()
        # The timeouts the SDK gives its own client: 30 s, and 300 s to read a stream a
        # server holds open.
        client = http.AsyncClient(
            headers=dict(recipe.get("headers") or {}),
            timeout=http.Timeout(30.0, read=300.0),
            event_hooks={"response": [on_response]} if on_response else None,
            auth=auth,
        )
        await stack.enter_async_context(client)
        streams = await stack.enter_async_context(
            streamable_http_client(recipe["url"], http_client=client)
        )
    else:
        import sys

        from mcp import StdioServerParameters, stdio_client

        params = StdioServerParameters(
            command=recipe["command"],
            args=list(recipe.get("args") or ()),
            env=dict(recipe.get("env") or {}) or None,
            cwd=recipe.get("cwd"),
        )
        errlog = sys.stderr if errlog is None else errlog
        streams = await stack.enter_async_context(stdio_client(params, errlog=errlog))
    if started is not None:
        started(streams[0])

    async def refuse_sampling(context: "Any", params: "Any") -> "Any":
        return types.ErrorData(
            code=types.INVALID_REQUEST, message="sampling refused by mcp2openai"
        )

    async def no_roots(context: "Any") -> "Any":
        return types.ListRootsResult(roots=[])

    callbacks: dict[str, Any] = {}
    if capabilities:
        callbacks = {
            "sampling_callback": refuse_sampling,
            "list_roots_callback": no_roots,
        }
    if elicitation is not None:
        callbacks["elicitation_callback"] = elicitation
    session = ClientSession(
        streams[0],
        streams[1],
        client_info=client_info,
        message_handler=message_handler,
        **callbacks,
    )
    await stack.enter_async_context(session)
    if protocol == "auto":
        await negotiate(session)
    else:
        await session.initialize()
    return session


async def negotiate(session: "Any") -> None:
    """``server/discover``, then the stateless 2026-07-28 protocol if the server speaks
    it, else the ``initialize`` handshake. The SDK's own ``mode="auto"`` policy, which
    ``mcp.Client`` runs (mcp/client/_probe.py in mcp 2.3.0: every JSON-RPC error falls
    back to the handshake but -32022 naming only versions this client cannot speak),
    where the SDK has it; else the same with its public API, the handshake after any
    refusal of ``server/discover``. The mcp SDK 1.x speaks the handshake only."""
    if not hasattr(session, "discover"):
        await session.initialize()
        return
    try:
        from mcp.client._probe import negotiate_auto
    except ImportError:  # a private module of the SDK: not in every version
        from mcp.shared.exceptions import MCPError

        try:
            await session.discover()
        except (MCPError, RuntimeError):
            await session.initialize()
    else:
        await negotiate_auto(session)


def preload(session: "Any", headers: "Mapping[str, list[list[str]]]") -> None:
    """Give the session each tool's ``x-mcp-header`` map before its first call, from
    the module (``tool -> [[token, *property path], ...]``, generator/headers.py): the
    mcp SDK then sends the ``Mcp-Param-*`` headers of a tool it has not listed. It keeps
    them where its own listing puts them, a private dict (mcp 2.3.0 has no public way;
    ``call_tool`` below lists the tools again if a server says a header is missing)."""
    maps = getattr(session, "_x_mcp_header_maps", None)
    if isinstance(maps, dict):
        for tool, pairs in headers.items():
            maps.setdefault(tool, {tuple(pair[1:]): pair[0] for pair in pairs})


async def call_tool(
    session: "Any", tool: str, arguments: "Any", **options: "Any"
) -> "Any":
    """``session.call_tool``; a -32020 HeaderMismatch (the ``Mcp-Param-*`` headers did
    not match the tool as the server has it) lists the tools again through the SDK,
    which learns their headers, and sends the call once more, as the 2026-07-28
    transport says a client should. ``allow_input_required`` only where the SDK has it
    (2.x)."""
    from mcp import types

    if not hasattr(types, "InputRequiredResult"):
        for option in ("allow_input_required", "input_responses", "request_state"):
            options.pop(option, None)
    try:
        return await session.call_tool(tool, arguments, **options)
    except Exception as error:
        if getattr(getattr(error, "error", None), "code", None) != HEADER_MISMATCH:
            raise
    cursor = None
    for _ in range(RELIST_PAGES):  # the SDK's own listing: it keeps the header maps
        params = None if cursor is None else types.PaginatedRequestParams(cursor=cursor)
        cursor = (await session.list_tools(params=params)).next_cursor
        if cursor is None:
            break
    return await session.call_tool(tool, arguments, **options)


def _http_client() -> "Any":
    """The HTTP client package of the mcp SDK the app has: ``httpx2`` for 2.x, else
    ``httpx``."""
    if require_sdk() == 2:
        import httpx2

        return httpx2
    import httpx

    return httpx


async def list_tools(
    session: "Any", pages: "list[dict[str, Any]] | None" = None
) -> "list[dict[str, Any]]":
    """Every tool the server lists, as the raw wire dicts, following ``nextCursor`` until
    it is absent: the SDK is asked for the JSON-RPC result as a dict, so no key is dropped,
    renamed or reordered. Each page's result without its ``tools`` is appended to
    ``pages`` when given (its cache hints, ``_meta``). ``ValueError`` for a result that is
    not a tool list, or a cursor that repeats."""
    from mcp import types

    tools: list[dict[str, Any]] = []
    cursor: str | None = None
    seen: set[str] = set()
    while True:
        params = None if cursor is None else types.PaginatedRequestParams(cursor=cursor)
        request = types.ListToolsRequest(params=params)
        result = await session.send_request(request, _Raw)
        page = result.get("tools")
        if not isinstance(page, list):
            # a server's answer, not an argument of a wrong type (as below)
            message = "invalid tools/list result: tools is not a list"
            raise ValueError(message)  # noqa: TRY004
        tools.extend(page)
        if pages is not None:
            pages.append(
                {key: value for key, value in result.items() if key != "tools"}
            )
        cursor = result.get("nextCursor")
        if cursor is None:
            return tools
        if not isinstance(cursor, str):
            message = "invalid tools/list result: nextCursor is not a string"
            raise ValueError(message)  # noqa: TRY004
        if cursor in seen:
            raise ValueError(f"invalid tools/list result: cursor {cursor!r} repeats")
        seen.add(cursor)


def reason(error: BaseException) -> str:
    """The innermost error of an exception group (anyio's task groups wrap them)."""
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


class _Raw:
    """A result type for ``send_request`` that hands back the JSON-RPC result exactly as
    parsed from the wire: both SDKs read a result with ``model_validate``."""

    @staticmethod
    def model_validate(value: object, **options: object) -> object:
        return value
