"""A tool that asks the user to confirm before it acts (elicitation, in both protocol eras).

    python confirm_server.py [--http]

`delete_file(path)` asks "Delete PATH?" with a form of one required boolean, `confirm`:

- on a 2025-11-25 (stateful) session, mid-call, as an `elicitation/create` request to the
  client, then answers the call;
- on the stateless 2026-07-28 protocol (SEP-2322, multi round-trip requests), by answering the
  call with `resultType: "input_required"`: `inputRequests` holds the same `elicitation/create`
  under the key `confirm`, `requestState` an HMAC-sealed record of the call (this tool and this
  path). The retry carries `inputResponses` and that state; a state that does not verify or
  belongs to another call is refused (JSON-RPC error -32602), one without an answer is asked
  again.

The answer decides: `accept` with `confirm: true` -> "deleted PATH"; `accept` with false,
`decline` or `cancel` -> an error result "kept PATH: ..." saying which. A client that did not
declare form elicitation gets JSON-RPC error -32021 (MissingRequiredClientCapability) with the
`requiredCapabilities`, as the SDK's `MCPServer` resolvers answer, in both eras (the spec
forbids sending it `inputRequests` it has not declared). Nothing is ever deleted.

`never_satisfied()` asks the same question on every round, answered or not (2026-07-28 only;
on 2025-11-25 it asks once and fails): for a client's bound on rounds. `client_capabilities()`
answers the capabilities the client declared (`structuredContent`; `{}` for none), as the
server read them from `initialize` or from the request's `_meta`.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import os
from typing import Any

import mcp.types as types
from _serve import serve
from mcp.server import Server
from mcp.server.context import ServerRequestContext
from mcp.shared.exceptions import MCPError

MODERN = "2026-07-28"
KEY = os.urandom(32)  # seals requestState; a new key per process
FORM: dict[str, Any] = {
    "type": "object",
    "properties": {"confirm": {"type": "boolean", "description": "Go ahead?"}},
    "required": ["confirm"],
}
TOOLS = [
    types.Tool(
        name="delete_file",
        description="Delete a file, once the user confirms.",
        input_schema={
            "type": "object",
            "properties": {"path": {"type": "string"}},
            "required": ["path"],
        },
    ),
    types.Tool(
        name="client_capabilities",
        description="The capabilities this client declared.",
        input_schema={"type": "object", "properties": {}},
    ),
    types.Tool(
        name="never_satisfied",
        description="Asks the user on every round and never finishes.",
        input_schema={"type": "object", "properties": {}},
    ),
]


def seal(record: dict[str, Any]) -> str:
    body = json.dumps(record, sort_keys=True)
    return hmac.new(KEY, body.encode(), hashlib.sha256).hexdigest() + "." + body


def unseal(state: str) -> Any:
    mac, _, body = state.partition(".")
    good = hmac.new(KEY, body.encode(), hashlib.sha256).hexdigest()
    return json.loads(body) if hmac.compare_digest(mac, good) else None


def require_form_elicitation(ctx: ServerRequestContext[Any], tool: str) -> None:
    capabilities = ctx.session.client_capabilities
    elicitation = capabilities.elicitation if capabilities is not None else None
    # A bare `elicitation: {}` counts as form support; url-only does not (spec 2025-11-25).
    if elicitation is not None and (elicitation.form is not None or elicitation.url is None):
        return
    required = types.ClientCapabilities(
        elicitation=types.ElicitationCapability(form=types.FormElicitationCapability())
    )
    data = types.MissingRequiredClientCapabilityErrorData(required_capabilities=required)
    raise MCPError(
        code=types.MISSING_REQUIRED_CLIENT_CAPABILITY,
        message=f"{tool} asks the user to confirm: the client must declare form elicitation",
        data=data.model_dump(by_alias=True, mode="json", exclude_none=True),
    )


def answered(path: str, answer: types.ElicitResult) -> types.CallToolResult:
    if answer.action == "accept" and (answer.content or {}).get("confirm") is True:
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=f"deleted {path}")]
        )
    why = {
        "accept": "not confirmed",
        "decline": "the user declined",
        "cancel": "the user cancelled",
    }
    text = f"kept {path}: {why[answer.action]}"
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=True)


async def list_tools(
    ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
) -> types.ListToolsResult:
    return types.ListToolsResult(tools=TOOLS)


async def call_tool(
    ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
) -> types.CallToolResult | types.InputRequiredResult:
    if params.name == "client_capabilities":
        declared = ctx.session.client_capabilities
        dumped = (
            declared.model_dump(by_alias=True, mode="json", exclude_none=True) if declared else {}
        )
        text = types.TextContent(type="text", text=json.dumps(dumped))
        return types.CallToolResult(content=[text], structured_content=dumped)
    if params.name not in ("delete_file", "never_satisfied"):
        raise MCPError(code=types.INVALID_PARAMS, message=f"unknown tool {params.name!r}")
    require_form_elicitation(ctx, params.name)
    path = str((params.arguments or {}).get("path", ""))
    message = f"Delete {path}?" if params.name == "delete_file" else "Still there?"
    if ctx.protocol_version != MODERN:
        # Stateful: ask now, on this session, and wait for the answer.
        answer = await ctx.session.elicit_form(message, FORM, related_request_id=ctx.request_id)
        if params.name == "never_satisfied":
            raise MCPError(code=types.INTERNAL_ERROR, message="never satisfied")
        return answered(path, answer)
    record = {"tool": params.name, "path": path}
    if params.request_state is not None:
        if unseal(params.request_state) != record:
            raise MCPError(
                code=types.INVALID_PARAMS, message="requestState does not belong to this call"
            )
        answer = (params.input_responses or {}).get("confirm")
        if isinstance(answer, types.ElicitResult) and params.name == "delete_file":
            return answered(path, answer)
    # Stateless: answer with the question; the client retries with the answer and the state.
    question = types.ElicitRequestFormParams(message=message, requested_schema=FORM)
    return types.InputRequiredResult(
        input_requests={"confirm": types.ElicitRequest(params=question)},
        request_state=seal(record),
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--http", action="store_true")
    args = parser.parse_args()
    server = Server("confirm", version="1.0.0", on_list_tools=list_tools, on_call_tool=call_tool)
    serve(server, args.http)


if __name__ == "__main__":
    main()
