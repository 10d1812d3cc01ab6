"""A fake OpenAI-compatible endpoint on 127.0.0.1, for running the whole tool loop offline.

It serves `POST /v1/chat/completions` and `POST /v1/responses` with scripted replies and
records every request body, so a test can assert on exactly what the `openai` SDK sent.
Standard library only. A script is a list of turns, played in order whichever API asks:

- a list of calls `(call_id, name, arguments)` -> a reply with those function calls
  (`arguments` is a dict, or a string sent as is, e.g. to send invalid JSON); a dict in the
  list is put in the reply as it is (a Responses output item such as a `tool_search_call`, or
  a Chat tool call entry);
- a string -> a final assistant message with that text.

A request with `"stream": true` gets the same reply as server-sent events, in the order and
shape the API streams them (Chat: `chat.completion.chunk`s and `[DONE]`; Responses:
`response.created` ... `response.completed`), for the SDK's `stream()` helpers to assemble.

    with FakeOpenAI([[("call_1", "demo__add", {"a": 1, "b": 2})], "3, done."]) as fake:
        client = openai.OpenAI(base_url=fake.base_url, api_key="test")
        ...
        fake.requests  # [(path, body), ...]
"""

from __future__ import annotations

import itertools
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Call = tuple[str, str, dict[str, Any] | str] | dict[str, Any]
Turn = list[Call] | str

CREATED = 1_767_225_600  # 2026-01-01T00:00:00Z: replies are the same on every run


class FakeOpenAI:
    """A threaded HTTP server on a free port of 127.0.0.1; use it as a context manager."""

    def __init__(self, script: list[Turn]) -> None:
        self.script = list(script)
        self.requests: list[tuple[str, dict[str, Any]]] = []
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                fake._handle(self)

            def log_message(self, format: str, *args: Any) -> None:
                pass  # keep test output clean

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def __enter__(self) -> FakeOpenAI:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()

    def bodies(self, path: str) -> list[dict[str, Any]]:
        """The request bodies sent to `path` (e.g. "/v1/responses"), in order."""
        return [body for seen, body in self.requests if seen == path]

    # -----------------------------------------------------------------------------------------

    def _handle(self, handler: BaseHTTPRequestHandler) -> None:
        length = int(handler.headers.get("Content-Length") or 0)
        try:
            body = json.loads(handler.rfile.read(length) or b"{}")
        except ValueError:
            return self._send(handler, 400, _error("request body is not JSON"))
        path = handler.path.split("?", 1)[0]
        with self._lock:
            self.requests.append((path, body))
            turn = self.script.pop(0) if self.script else None
            number = next(self._ids)
        if path not in ("/v1/chat/completions", "/v1/responses"):
            return self._send(handler, 404, _error(f"no route {path}"))
        if turn is None:
            return self._send(handler, 400, _error("the fake's script has no more turns"))
        model = str(body.get("model", "fake-model"))
        chat = path == "/v1/chat/completions"
        reply = _chat(number, model, turn) if chat else _responses(number, model, turn)
        if body.get("stream") is True:
            events = _chat_chunks(reply, body) if chat else _response_events(reply)
            return self._stream(handler, events, done=chat)
        return self._send(handler, 200, reply)

    @staticmethod
    def _send(handler: BaseHTTPRequestHandler, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data)

    @staticmethod
    def _stream(handler: BaseHTTPRequestHandler, events: list[dict[str, Any]], done: bool) -> None:
        lines = []
        for event in events:
            if "type" in event:  # Responses events name themselves on the event line too
                lines.append(f"event: {event['type']}")
            lines.append(f"data: {json.dumps(event)}\n")
        if done:
            lines.append("data: [DONE]\n")
        data = ("\n".join(lines) + "\n").encode()
        handler.send_response(200)
        handler.send_header("Content-Type", "text/event-stream")
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data)


def _arguments(arguments: dict[str, Any] | str) -> str:
    return arguments if isinstance(arguments, str) else json.dumps(arguments)


def _chat(number: int, model: str, turn: Turn) -> dict[str, Any]:
    if isinstance(turn, str):
        message: dict[str, Any] = {"role": "assistant", "content": turn}
        finish = "stop"
    else:
        calls = [
            (
                call
                if isinstance(call, dict)
                else {
                    "id": call[0],
                    "type": "function",
                    "function": {"name": call[1], "arguments": _arguments(call[2])},
                }
            )
            for call in turn
        ]
        message = {"role": "assistant", "content": None, "tool_calls": calls}
        finish = "tool_calls"
    return {
        "id": f"chatcmpl-{number}",
        "object": "chat.completion",
        "created": CREATED,
        "model": model,
        "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
    }


def _responses(number: int, model: str, turn: Turn) -> dict[str, Any]:
    if isinstance(turn, str):
        output: list[dict[str, Any]] = [
            {
                "type": "message",
                "id": f"msg_{number}",
                "role": "assistant",
                "status": "completed",
                "content": [{"type": "output_text", "text": turn, "annotations": []}],
            }
        ]
    else:
        output = [
            (
                call
                if isinstance(call, dict)
                else {
                    "type": "function_call",
                    "id": f"fc_{number}_{index}",
                    "call_id": call[0],
                    "name": call[1],
                    "arguments": _arguments(call[2]),
                    "status": "completed",
                }
            )
            for index, call in enumerate(turn)
        ]
    return {
        "id": f"resp_{number}",
        "object": "response",
        "created_at": CREATED,
        "model": model,
        "status": "completed",
        "output": output,
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
        "usage": {
            "input_tokens": 10,
            "input_tokens_details": {"cached_tokens": 0, "cache_write_tokens": 0},
            "output_tokens": 5,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": 15,
        },
    }


def _pieces(text: str) -> list[str]:
    """A text cut in two, as a stream sends it in deltas (one piece when too short)."""
    middle = len(text) // 2
    return [text[:middle], text[middle:]] if middle else [text]


def _chat_chunks(reply: dict[str, Any], body: dict[str, Any]) -> list[dict[str, Any]]:
    """The `chat.completion.chunk`s that stream `reply`."""
    head = {key: reply[key] for key in ("id", "created", "model")}
    choice = reply["choices"][0]
    message = choice["message"]

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        choices = [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}]
        return {**head, "object": "chat.completion.chunk", "choices": choices}

    chunks = [chunk({"role": "assistant", "content": "" if message["content"] else None})]
    for piece in _pieces(message["content"] or ""):
        if piece:
            chunks.append(chunk({"content": piece}))
    for index, call in enumerate(message.get("tool_calls") or []):
        function = call.get("function", {})
        start = {**call, "index": index, "function": {**function, "arguments": ""}}
        chunks.append(chunk({"tool_calls": [start]}))
        for piece in _pieces(function.get("arguments", "")):
            arguments = {"index": index, "function": {"arguments": piece}}
            chunks.append(chunk({"tool_calls": [arguments]}))
    chunks.append(chunk({}, choice["finish_reason"]))
    if (body.get("stream_options") or {}).get("include_usage"):
        chunks.append(
            {**head, "object": "chat.completion.chunk", "choices": [], "usage": reply["usage"]}
        )
    return chunks


def _response_events(reply: dict[str, Any]) -> list[dict[str, Any]]:
    """The Responses stream events, `response.created` to `response.completed`."""
    events: list[dict[str, Any]] = []

    def event(kind: str, **fields: Any) -> None:
        events.append({"type": kind, "sequence_number": len(events), **fields})

    started = {**reply, "status": "in_progress", "output": [], "usage": None}
    event("response.created", response=started)
    event("response.in_progress", response=started)
    for index, item in enumerate(reply["output"]):
        where = {"output_index": index}
        if item["type"] == "function_call":
            added = {**item, "arguments": "", "status": "in_progress"}
            event("response.output_item.added", item=added, **where)
            for piece in _pieces(item["arguments"]):
                event(
                    "response.function_call_arguments.delta",
                    item_id=item["id"],
                    delta=piece,
                    **where,
                )
            event(
                "response.function_call_arguments.done",
                item_id=item["id"],
                arguments=item["arguments"],
                **where,
            )
        elif item["type"] == "message":
            added = {**item, "content": [], "status": "in_progress"}
            event("response.output_item.added", item=added, **where)
            for part_index, part in enumerate(item["content"]):
                place = {"item_id": item["id"], "content_index": part_index, **where}
                event("response.content_part.added", part={**part, "text": ""}, **place)
                for piece in _pieces(part["text"]):
                    event("response.output_text.delta", delta=piece, logprobs=[], **place)
                event("response.output_text.done", text=part["text"], logprobs=[], **place)
                event("response.content_part.done", part=part, **place)
        else:
            event("response.output_item.added", item=item, **where)
        event("response.output_item.done", item=item, **where)
    event("response.completed", response=reply)
    return events


def _error(message: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": "invalid_request_error", "code": None}}
