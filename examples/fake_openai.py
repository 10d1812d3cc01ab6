"""A fake OpenAI-compatible endpoint on 127.0.0.1, for running the whole tool loop offline.

It serves `POST /v1/chat/completions` and `POST /v1/responses` with scripted replies and
records every request body, so a test can assert on exactly what the `openai` SDK sent.
Standard library only. A script is a list of turns, played in order whichever API asks:

- a list of calls `(call_id, name, arguments)` -> a reply with those function calls
  (`arguments` is a dict, or a string sent as is, e.g. to send invalid JSON);
- a string -> a final assistant message with that text.

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

Call = tuple[str, str, dict[str, Any] | str]
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
        if path == "/v1/chat/completions":
            return self._send(handler, 200, _chat(number, model, turn))
        return self._send(handler, 200, _responses(number, model, turn))

    @staticmethod
    def _send(handler: BaseHTTPRequestHandler, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
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
            {
                "id": call_id,
                "type": "function",
                "function": {"name": name, "arguments": _arguments(args)},
            }
            for call_id, name, args in turn
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
            {
                "type": "function_call",
                "id": f"fc_{number}_{index}",
                "call_id": call_id,
                "name": name,
                "arguments": _arguments(args),
                "status": "completed",
            }
            for index, (call_id, name, args) in enumerate(turn)
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
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens": 5,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": 15,
        },
    }


def _error(message: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": "invalid_request_error", "code": None}}
