"""The runtime the mcp2openai toolset modules of this folder share.

``mcp2openai build`` writes this package once into the folder of the toolset modules it
builds. A toolset module (``github.py``, say) holds its data, as JSON text, and makes one
``Toolset`` of it: the module's functions are that toolset's methods and its constants its
attributes, bound by name in the module. This file (the ``Toolset``'s API) and ``core``
(its data and the public classes) are all that an import loads. Each method imports the
part of this package that does its job when it is first called:

- ``definitions``: ``tools()`` in every form but the most common one (every tool for the
  Responses API, answered here), and ``tool_choice()``;
- ``calls``: ``tool_calls()``, with ``offered`` (the tools a request offered), ``decode``
  (the nulls removed and the rewrites undone), ``reading`` (a response as a dict or as an
  ``openai`` SDK object) and ``rejections`` (the ``Error:`` outputs);
- ``outputs``: ``tool_output()``;
- ``execute``: ``execute_tool_calls()``, with ``clock`` (a call's timeout and progress) and
  ``tasks`` (ending asyncio tasks);
- ``sessions``: ``connect()``, with ``questions`` (a server's questions to the user) and
  ``contract`` (the tools' digests, compared with the live servers');
- ``search``: ``tool_search()`` and the client tool search's answers;
- ``frameworks``: ``agents_tools()`` and ``pydantic_ai_toolset()``;
- ``typeddicts``: the ``<Tool>Args`` TypedDicts of the module's stub, made on first use.

Everything here uses the standard library only and imports it where it is needed; only
``connect()`` imports a package, the ``mcp`` SDK, and the framework adapters the framework
each is for. ``api.pyi`` is the typed API every toolset's stub re-exports (for type checkers
only).
"""

from .core import ContractError, Report, ServerError, Tables, ToolCall, ToolCalls

VERSION = "0.4.0"  # the mcp2openai version that wrote this runtime

# The names a toolset module defines, its __all__ (the generator writes the module's and the
# stub's from these): the classes of this file, then the functions and constants the module
# binds from its Toolset (attributes of the same names).
CLASSES = ("ContractError", "Report", "ServerError", "ToolCall", "ToolCalls")
BOUND = (
    "NAMES",
    "REPORT",
    "SERVERS",
    "agents_tools",
    "arguments",
    "connect",
    "execute_tool_calls",
    "execute_tool_calls_sync",
    "pydantic_ai_toolset",
    "tool_calls",
    "tool_choice",
    "tool_output",
    "tool_search",
    "tools",
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, Iterable, Mapping
    from typing import Any, TextIO, TypeVar

    _T = TypeVar("_T")
    _CallTool = Callable[[str, str, dict[str, object]], Awaitable[object]]

__all__ = ["ContractError", "Report", "ServerError", "ToolCall", "ToolCalls", "Toolset"]


class Toolset(Tables):
    """One toolset module: its data (``Tables``) and its API, the module's functions and
    constants. What a function returns is the caller's to change: each call gives new
    lists and dicts; the constants are read-only."""

    def __init__(self, module: str, version: str, **tables: str) -> None:
        """``module`` is the toolset module's ``__name__``, ``version`` the mcp2openai
        version that built it, ``tables`` its data as JSON texts."""
        if version != VERSION:
            raise ImportError(
                f"{module} was built by mcp2openai {version}, but the runtime beside it "
                f"({__name__}) is mcp2openai {VERSION}'s: build the toolsets of this "
                "folder with one version (`pip install mcp2openai==<version>`, then "
                "`mcp2openai build ...` for each of them)"
            )
        super().__init__(module, **tables)

    def typeddict(self, name: str) -> object:
        """The module's ``__getattr__``: the TypedDict ``name`` of its stub, made on first
        use; AttributeError for any other name."""
        from .typeddicts import typeddict

        return typeddict(self, name)

    def tools(
        self,
        api: str,
        *,
        servers: "Iterable[str] | None" = None,
        names: "Iterable[str] | None" = None,
        namespaces: bool = False,
        defer: bool = False,
        search: "str | None" = None,
        read_only: bool = False,
    ) -> "list[dict[str, object]]":
        """The tool definitions to pass as ``tools=`` to the ``openai`` SDK: new lists and
        dicts at every call, the caller's to change.

        ``api`` is ``"chat"`` (Chat Completions) or ``"responses"``. ``servers`` (server
        names) and ``names`` (exposed names) select a subset: the tools of those servers
        and the tools of those names, in the toolset's order; an unknown one raises
        ``ValueError`` naming the closest known ones. ``read_only=True`` keeps the
        read-only tools of those: ``readOnlyHint`` true after the build's overrides, and
        no ``destructiveHint`` true beside it. Responses only:

        - ``namespaces=True``: one ``namespace`` per server, described by the server's
          title and instructions (or a summary of its tools); inside it each function is
          named by its MCP tool name (``tool_calls`` maps the calls back);
        - ``defer=True``: every function gets ``defer_loading`` and a hosted
          ``{"type": "tool_search"}`` is added, so the model loads definitions as needed;
        - ``search="client"``: a ``tool_search`` the app runs instead
          (``execute_tool_calls`` answers it with the module's compiled search; the model
          may also ask for tools or namespaces by name, as ``paths``).
        """
        every = servers is None and names is None and read_only is False
        flat = namespaces is False and defer is False and search is None
        if every and flat and api == "responses":  # what most apps send: as built
            return self.definitions()
        if every and flat and api == "chat":
            return self.chat_definitions()
        from .definitions import tools

        return tools(self, api, servers, names, namespaces, defer, search, read_only)

    def tool_choice(
        self, names: "Iterable[str]", *, api: str, mode: str = "auto"
    ) -> "dict[str, object]":
        """A ``tool_choice`` that lets the model call only the tools named (exposed names).

        ``mode`` is ``"auto"`` (the model may also answer without a call) or
        ``"required"``. The definitions of every tool stay in ``tools=`` (and in the
        model's cache): only what it may call changes, request by request.
        """
        from .definitions import tool_choice

        return tool_choice(self, names, api, mode)

    def tool_search(self, query: str, *, limit: int = 8) -> "list[dict[str, object]]":
        """The Responses definitions of the tools that best match ``query``.

        Best first, at most ``limit``, only tools that share a term with the query (a tool
        named exactly by the query comes first); each as ``tools("responses")`` gives it.
        The ranking is BM25F over an index the generator built: each tool's name (split at
        ``_``, ``-`` and camelCase, and whole), server, title, description and property
        names and descriptions. Equal scores keep the toolset's order. A query with no
        searchable word (empty, punctuation, only words such as "the") finds nothing.
        Raises ``TypeError`` for a ``query`` that is not a str or a ``limit`` that is not
        an int, and ``ValueError`` for a negative ``limit``.
        """
        from .search import tool_search

        return tool_search(self, query, limit)

    def tool_calls(
        self,
        response: object,
        *,
        api: "str | None" = None,
        tools: "Iterable[object] | None" = None,
    ) -> "ToolCalls":
        """The function calls in a model response: ``calls, rejected = tool_calls(...)``.

        ``response`` is a Chat Completions or a Responses response, as a plain dict or as
        the ``openai`` SDK's object; the API is detected from its shape (``choices`` or
        ``output``) unless ``api`` is given. Chat Completions: only ``choices[0]`` is read
        (requests with ``n > 1`` are out of scope). Responses: every ``function_call``
        item of ``output``, in order. A ``namespace`` on a call names one of this
        toolset's namespaces (its servers: the function is then named by its MCP tool
        name), or is the function's own name (a deferred top-level function).

        ``calls`` are the calls to run, in the model's order (duplicate call ids are
        kept), each a ``ToolCall`` with its arguments as the server takes them: the nulls
        strict mode made the model send for optional properties removed, the rewrites
        undone. ``rejected`` are ready-to-send output items saying ``"Error: ..."`` for
        the calls that cannot run, so the model can correct itself: no call id, a name or
        namespace not in the toolset, a call to a custom tool, arguments that are not
        valid JSON (``NaN`` and ``Infinity`` are not JSON) or not a JSON object. Empty or
        absent arguments mean ``{}``. An empty call id is kept when every call of the
        response has one; a response mixing empty and real ids gets the empty ones
        rejected. A call's ``caller`` is echoed on its output.

        Only what was offered runs: ``tools`` is the list the app sent as ``tools=``
        (either API's shape); without it, a Responses response's own ``tools`` (the API
        echoes its request's), when present; otherwise every tool of the toolset. A call
        to a tool not offered is rejected ("was not offered in this request"), and so is
        one outside an ``allowed_tools`` ``tool_choice`` the response echoes.

        The result also has ``skipped``: the items that wait for the app and that
        ``rejected`` does not answer (see ``ToolCalls``). Raises ``TypeError`` or
        ``ValueError`` only when ``response`` is not a response (or ``api`` is given and
        the response does not have that API's shape); a stream chunk or event is not one:
        assemble the stream with the SDK first.
        """
        from .calls import tool_calls

        return tool_calls(self, response, api, tools)

    def tool_output(
        self,
        call_id: str,
        outcome: object,
        *,
        api: str,
        caller: object = None,
        name: "str | None" = None,
        images: "str | None" = None,
        max_output_chars: "int | None" = 10_485_760,
    ) -> "dict[str, object] | list[dict[str, object]]":
        """The output item that answers the call ``call_id`` with ``outcome``.

        ``outcome`` is an MCP ``CallToolResult``: a wire dict (``content``, ``isError``,
        ``structuredContent``), an object with those attributes (the ``mcp`` SDK's
        result), a ``str`` (sent as the text), or an exception, which is an error.

        Chat (``{"role": "tool", ...}``) is text only: text blocks joined by newlines,
        media as placeholders such as ``[image: image/png, 1024 bytes]``, an embedded text
        resource as its text. Responses (``{"type": "function_call_output", ...}``): the
        same string or, when a JPEG, PNG, GIF or WebP image or an embedded file OpenAI
        reads is present, a list of ``input_text``, ``input_image`` and ``input_file``
        items (data URIs) in content order. With no content, ``structuredContent`` is
        sent as compact JSON; for a tool with an output schema (``name``, the call's
        ``ToolCall.name``), Responses always sends the ``structuredContent`` as that JSON
        string. An error is prefixed with ``"Error: "``. A result with nothing in it is
        sent as ``"(no output)"``. Malformed results become placeholders, never
        exceptions.

        ``max_output_chars`` caps the output's text (default: OpenAI's limit; None: no
        cap), with a line saying how many characters were cut. ``images="message"``: a
        list of items instead of one; Chat adds a ``user`` message carrying the result's
        images. ``caller`` (Responses) is the call's ``ToolCall.caller``. Raises
        ``ValueError`` for an unknown ``api`` or ``images`` and a ``max_output_chars``
        below 1.
        """
        from .outputs import tool_output

        return tool_output(
            self, call_id, outcome, api, caller, name, images, max_output_chars
        )

    async def execute_tool_calls(
        self,
        response: object,
        call_tool: "_CallTool",
        *,
        api: "str | None" = None,
        timeout: "float | None" = None,
        parallel: bool = True,
        images: "str | None" = None,
        max_output_chars: "int | None" = 10_485_760,
        tools: "Iterable[object] | None" = None,
        approve: "Callable[[ToolCall], bool | Awaitable[bool]] | None" = None,
        progress: "bool | Callable[[ToolCall, float, float | None, str | None], object]" = False,
        max_time: "float | None" = None,
    ) -> "list[dict[str, object]]":
        """Run every call in ``response``; return the items to send back to the model.

        ``call_tool(server, tool, arguments)`` returns an awaitable of an MCP
        ``CallToolResult`` (see ``tool_output``): ``connect()``'s, or with one ``mcp``
        ``ClientSession`` per server ``lambda server, tool, arguments:
        sessions[server].call_tool(tool, arguments)``. Calls to different servers run at
        the same time; the calls to one server run one after another, in the model's
        order; ``parallel=False`` runs every call one after another. ``timeout`` (seconds)
        bounds each call: a call past it is cancelled and answered with an error output.

        What the awaitable raises (an ``Exception``) is the tool's failure: it becomes an
        error output and is logged to the ``mcp2openai`` logger. A mistake in the app is
        raised instead, after every started call has been cancelled: ``call_tool``
        raising, or returning something that is not awaitable (``TypeError``).

        Returns ``rejected + searches + outputs``: ``searches`` answer each client
        ``tool_search_call`` with a ``tool_search_output``, ``outputs`` are in call order.
        ``images`` and ``max_output_chars`` are ``tool_output``'s. Raises ``ValueError``,
        before running any call, when the response holds items only the app can answer
        (``mcp_approval_request``, calls to client tools this module does not define).

        ``tools`` is the list the app sent as ``tools=`` (see ``tool_calls``).
        ``approve(call)`` (a ``ToolCall``; returns a bool or an awaitable of one) is asked
        before each call that is not read-only and each call the build marked
        ``approve="always"``, never for ``"never"``; a declined call is not run.
        ``progress=True`` asks each server for progress on its calls: a call's
        ``timeout`` restarts whenever its server reports progress, never past
        ``max_time`` seconds after it started; ``progress=callback`` also hands each
        report to ``callback(call, progress, total, message)``. A call that times out or
        is cancelled is cancelled at its server too.
        """
        from .execute import execute_tool_calls

        return await execute_tool_calls(
            self,
            response,
            call_tool,
            api,
            timeout,
            parallel,
            images,
            max_output_chars,
            tools,
            approve,
            progress,
            max_time,
        )

    def execute_tool_calls_sync(
        self, response: object, call_tool: "_CallTool", **options: "Any"
    ) -> "list[dict[str, object]]":
        """``execute_tool_calls`` for sync code, with the same options and outputs: on
        the event loop of ``with connect() as call_tool`` (``call_tool.loop``), or, for a
        ``call_tool`` of the app's own, on a new one (``asyncio.run``). Raises
        ``RuntimeError`` inside a running event loop: await ``execute_tool_calls``."""
        from .execute import execute_sync

        calls = self.execute_tool_calls(response, call_tool, **options)
        return execute_sync(call_tool, calls)

    def connect(
        self,
        *,
        servers: "Iterable[str] | Mapping[str, Mapping[str, object] | None] | None" = None,
        env: "Mapping[str, str] | None" = None,
        stderr: "TextIO | None" = None,
        check: str = "warn",
        elicit: "Callable[[str, str, Any], object] | None" = None,
        protocol: str = "auto",
        timeout: "float | None" = 30.0,
        auth: "Mapping[str, Any] | None" = None,
    ) -> "Any":
        """Open one ``mcp`` ``ClientSession`` per server, as the build's config says.

        ``async with connect() as call_tool:`` (or ``with``, in sync code) starts every
        server of the toolset from its recipe in ``SERVERS`` (a stdio command, or a
        Streamable HTTP URL with headers) at the same time, initializes the sessions, and
        yields ``call_tool(server, tool, arguments)``, ready for ``execute_tool_calls``
        (``execute_tool_calls_sync`` after ``with``); ``call_tool.sessions`` maps each
        server to its session. On exit (also on an error, a cancellation or SIGTERM) the
        sessions are closed and every process started is stopped.

        ``timeout`` (seconds; None: none) bounds each server's start and ``initialize``:
        a server that has not answered by then fails ``connect()`` with a
        ``ServerError`` naming it, what it waited for and the end of its stderr. A
        recipe's own ``"timeout"`` (the config's per-server ``timeout``) wins. A stdio
        server that has stopped is started again by the next call to it (three tries,
        with pauses); an HTTP session the server expired is opened again. A server that
        stops during a call answers that call with an error output; its stderr goes to
        the log and ``ServerError.stderr``, never to the model. A server's
        ``notifications/tools/list_changed`` lists its tools again and logs what changed.

        ``${VAR}``, ``${VAR:-default}`` and ``${env:VAR}`` in a recipe are filled from
        ``env`` (default ``os.environ``). ``servers``: the names of the servers to open
        (default: all), or a mapping of names to recipes (``{"command", "args", "env",
        "cwd", "timeout"}`` or ``{"url", "headers", "timeout"}``; None: the module's own).
        ``stderr``: where stdio servers' stderr goes (default: the ``mcp2openai``
        logger, level INFO).

        ``check`` compares each server's tools, once its session is open, with the
        digests of what the toolset was built from: ``"warn"`` (the default) logs which
        tools changed, ``"raise"`` raises ``ContractError`` naming them (the servers are
        stopped first), ``"off"`` skips it. Either way it names the command that grades
        the change (``mcp2openai fetch --check``).

        ``elicit(server, tool, request)`` answers the questions a server asks the user
        during a call (MCP elicitation); without it such a call is answered with one
        ``Error:`` line. ``protocol``: ``"auto"`` (the default: ``server/discover``
        first, and the stateless 2026-07-28 protocol with a server that speaks it, whose
        calls carry their ``x-mcp-header`` arguments as ``Mcp-Param-*`` headers) or
        ``"legacy"`` (the 2025 ``initialize`` handshake). ``auth`` maps HTTP servers to
        an ``httpx.Auth`` (``httpx2.Auth`` with mcp 2.x), such as the mcp SDK's OAuth
        providers; a server that refuses the credentials fails ``connect()`` in one line
        naming it. Works with the mcp SDK 2.3 and newer and with 1.30. See
        docs/usage.md.
        """
        from .connection import connect

        return connect(
            self, servers, env, stderr, check, elicit, protocol, timeout, auth
        )

    def arguments(self, call: "ToolCall", shape: "type[_T]") -> "_T":
        """The arguments of ``call``, typed as the tool's TypedDict ``shape``, one of this
        module's ``<Tool>Args``: ``arguments(call, SearchArgs)``. A call to another tool
        raises ValueError."""
        from .typeddicts import arguments

        return arguments(self, call, shape)  # type: ignore[no-any-return]

    def agents_tools(
        self,
        call_tool: "_CallTool",
        *,
        servers: "Iterable[str] | None" = None,
        names: "Iterable[str] | None" = None,
        read_only: bool = False,
        namespaces: bool = False,
        needs_approval: "bool | str" = False,
    ) -> "list[Any]":
        """openai-agents ``FunctionTool``s for the selected tools: ``Agent(tools=...)``.

        ``servers``, ``names`` and ``read_only`` select as ``tools()`` does; only the tools
        selected can run. Each tool's schema is the compiled one, with
        ``strict_json_schema`` true where the build made the tool strict;
        ``namespaces=True`` groups each server's tools (the SDK's ``tool_namespace()``). A
        call is parsed as ``tool_calls`` parses one, run with ``call_tool``, and its result
        formatted as ``tool_output`` does. ``needs_approval``: False, True or
        ``"policy"`` (the tools ``execute_tool_calls(approve=...)`` asks about). Raises
        ``ImportError`` without the ``openai-agents`` package. docs/frameworks.md.
        """
        from .frameworks import agents_tools

        return agents_tools(
            self, call_tool, servers, names, read_only, namespaces, needs_approval
        )

    def pydantic_ai_toolset(
        self,
        call_tool: "_CallTool",
        *,
        servers: "Iterable[str] | None" = None,
        names: "Iterable[str] | None" = None,
        read_only: bool = False,
        needs_approval: "bool | str" = False,
    ) -> "Any":
        """A pydantic-ai toolset of the selected tools: ``Agent(toolsets=[...])``.

        The same selection, definitions, argument reading and results as
        ``agents_tools``; arguments it cannot read ask the model to retry
        (``ModelRetry``). ``needs_approval`` (False, True or ``"policy"``) wraps it in
        pydantic-ai's ``approval_required()``. Raises ``ImportError`` without the
        ``pydantic-ai`` package. docs/frameworks.md.
        """
        from .frameworks import pydantic_ai_toolset

        return pydantic_ai_toolset(
            self, call_tool, servers, names, read_only, needs_approval
        )
