"""execute_tool_calls (templates/runtime/execute.py): concurrency per server, order, timeouts,
cancellation, contract errors, logging, images for Chat, caps; driven by fake `call_tool`s.

The same behaviours against real MCP servers: tests/test_e2e_execute.py.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from runtime_support import load_runtime

NAMES = {
    "a__sleep": ("a", "sleep"),
    "b__sleep": ("b", "sleep"),
    "c__sleep": ("c", "sleep"),
    "a__echo": ("a", "echo"),
    "a__weather": ("a", "weather"),
}
rt = load_runtime("mcp2openai_runtime_execute", NAMES, structured=["a__weather"])
PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(24)).decode()


def chat(*calls: tuple[str, str, dict[str, Any]]) -> dict[str, Any]:
    entries = [
        {"id": i, "type": "function", "function": {"name": n, "arguments": json.dumps(a)}}
        for i, n, a in calls
    ]
    message = {"role": "assistant", "content": None, "tool_calls": entries}
    return {"object": "chat.completion", "choices": [{"index": 0, "message": message}]}


def responses(*calls: tuple[str, str, dict[str, Any]]) -> dict[str, Any]:
    output = [
        {"type": "function_call", "call_id": i, "name": n, "arguments": json.dumps(a)}
        for i, n, a in calls
    ]
    return {"object": "response", "output": output}


class Recorder:
    """A call_tool that sleeps `arguments["s"]` seconds and records what ran when."""

    def __init__(self) -> None:
        self.events: list[tuple[str, str]] = []  # ("start"|"end"|"cancelled", call)
        self.running: dict[str, int] = {}
        self.most: dict[str, int] = {}
        self.overall = 0
        self.peak = 0

    def __call__(self, server: str, tool: str, arguments: dict[str, Any]) -> Any:
        return self.run(server, tool, arguments)

    async def run(self, server: str, tool: str, arguments: dict[str, Any]) -> Any:
        key = f"{server}:{arguments.get('n')}"
        self.events.append(("start", key))
        self.running[server] = self.running.get(server, 0) + 1
        self.most[server] = max(self.most.get(server, 0), self.running[server])
        self.overall += 1
        self.peak = max(self.peak, self.overall)
        try:
            await asyncio.sleep(arguments.get("s", 0))
            if arguments.get("raise"):
                raise RuntimeError(arguments["raise"])
            if "result" in arguments:
                return arguments["result"]
            return {"content": [{"type": "text", "text": key}]}
        except asyncio.CancelledError:
            self.events.append(("cancelled", key))
            raise
        finally:
            self.running[server] -= 1
            self.overall -= 1
            self.events.append(("end", key))


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def texts(items: list[dict[str, Any]]) -> list[str]:
    return [item.get("content", item.get("output")) for item in items]


# ---------------------------------------------------------------------------- order


def test_servers_run_concurrently_and_each_server_in_order() -> None:
    recorder = Recorder()
    response = chat(
        ("c1", "a__sleep", {"n": 1, "s": 0.2}),
        ("c2", "b__sleep", {"n": 2, "s": 0.05}),
        ("c3", "a__sleep", {"n": 3, "s": 0.0}),
        ("c4", "c__sleep", {"n": 4, "s": 0.1}),
        ("c5", "b__sleep", {"n": 5, "s": 0.0}),
    )
    items = run(rt.execute_tool_calls(response, recorder))
    # outputs in the model's order, whatever order the calls ended in
    assert [item["tool_call_id"] for item in items] == ["c1", "c2", "c3", "c4", "c5"]
    assert texts(items) == ["a:1", "b:2", "a:3", "c:4", "b:5"]
    assert recorder.most == {"a": 1, "b": 1, "c": 1}  # one call at a time per server
    assert recorder.peak == 3  # the three servers at once
    starts = [key for event, key in recorder.events if event == "start"]
    assert starts.index("a:1") < starts.index("a:3") and starts.index("b:2") < starts.index("b:5")
    ends = [key for event, key in recorder.events if event == "end"]
    assert ends.index("a:1") < ends.index("a:3")  # a:3 waited for a:1 though it is instant
    assert ends.index("b:5") < ends.index("a:1")  # b:5 did not wait for server a


def test_parallel_false_runs_every_call_in_order() -> None:
    recorder = Recorder()
    response = responses(
        ("c1", "a__sleep", {"n": 1, "s": 0.02}),
        ("c2", "b__sleep", {"n": 2}),
        ("c3", "c__sleep", {"n": 3}),
    )
    items = run(rt.execute_tool_calls(response, recorder, parallel=False))
    assert recorder.peak == 1
    assert [key for event, key in recorder.events if event == "start"] == ["a:1", "b:2", "c:3"]
    assert [item["call_id"] for item in items] == ["c1", "c2", "c3"]


def test_one_server_runs_in_the_calling_task() -> None:
    seen: list[asyncio.Task[Any] | None] = []

    async def call_tool(server: str, tool: str, arguments: dict[str, Any]) -> Any:
        seen.append(asyncio.current_task())
        return {"content": []}

    async def main() -> asyncio.Task[Any] | None:
        await rt.execute_tool_calls(chat(("c1", "a__echo", {}), ("c2", "a__sleep", {})), call_tool)
        return asyncio.current_task()

    task = asyncio.run(main())
    assert seen == [task, task]  # no task of its own for a single server


# ---------------------------------------------------------------------------- timeouts


def test_a_timeout_answers_that_call_and_keeps_the_others(caplog: pytest.LogCaptureFixture) -> None:
    recorder = Recorder()
    response = responses(
        ("c1", "a__sleep", {"n": 1, "s": 5}),
        ("c2", "a__sleep", {"n": 2}),
        ("c3", "b__sleep", {"n": 3, "s": 0.01}),
    )

    async def main() -> tuple[list[dict[str, Any]], set[asyncio.Task[Any]]]:
        before = asyncio.all_tasks()
        items = await rt.execute_tool_calls(response, recorder, timeout=0.2)
        return items, asyncio.all_tasks() - before

    with caplog.at_level(logging.WARNING, logger="mcp2openai"):
        items, left = run(main())
    assert left == set()  # no task left behind
    assert items[0] == {
        "type": "function_call_output",
        "call_id": "c1",
        "output": "Error: a__sleep did not answer within 0.2 seconds; the call was cancelled.",
    }
    assert texts(items[1:]) == ["a:2", "b:3"]  # the next call on the same server still ran
    assert ("cancelled", "a:1") in recorder.events
    assert [r.getMessage() for r in caplog.records] == [
        "tool call c1 (a__sleep) timed out after 0.2 s and was cancelled"
    ]


def test_a_timeout_of_one_second_says_second() -> None:
    response = responses(("c1", "a__sleep", {"n": 1, "s": 5}))
    items = run(rt.execute_tool_calls(response, Recorder(), timeout=1))
    assert items[0]["output"] == (
        "Error: a__sleep did not answer within 1 second; the call was cancelled."
    )


def test_a_tool_timeout_error_is_a_failure_not_our_timeout() -> None:
    async def call_tool(server: str, tool: str, arguments: dict[str, Any]) -> Any:
        raise TimeoutError("the upstream API timed out")

    items = run(rt.execute_tool_calls(chat(("c1", "a__echo", {})), call_tool, timeout=10))
    assert texts(items) == ["Error: the upstream API timed out"]


@pytest.mark.parametrize("timeout", [0, -1, "5", True, float("nan")])
def test_bad_timeouts_are_refused(timeout: object) -> None:
    with pytest.raises(ValueError, match="timeout must be a positive number"):
        run(rt.execute_tool_calls(chat(), Recorder(), timeout=timeout))


@pytest.mark.parametrize("max_time", [0, -1, "5", True, float("nan")])
def test_bad_max_times_are_refused(max_time: object) -> None:
    with pytest.raises(ValueError, match="max_time must be a positive number"):
        run(rt.execute_tool_calls(chat(), Recorder(), max_time=max_time))


@pytest.mark.parametrize("progress", [None, 1, "yes"])
def test_bad_progress_is_refused(progress: object) -> None:
    with pytest.raises(TypeError, match="progress must be True, False or a callable"):
        run(rt.execute_tool_calls(chat(), Recorder(), progress=progress))


def test_max_time_alone_caps_a_call() -> None:
    items = run(rt.execute_tool_calls(chat(("c1", "a__sleep", {"s": 5})), Recorder(), max_time=0.1))
    assert texts(items) == [
        "Error: a__sleep did not finish within 0.1 seconds; the call was cancelled."
    ]


def test_a_call_tool_of_the_app_sees_its_clock_and_a_late_report_changes_nothing() -> None:
    """A call_tool of the app's own has no progress from the SDK; the clock it could read is
    the runtime's, and a report after the call ended is ignored (no RuntimeError)."""
    from importlib import import_module

    clock_module = import_module(rt.execute_tool_calls.__module__ + ".clock")
    clocks: list[Any] = []

    async def call_tool(server: str, tool: str, arguments: dict[str, Any]) -> Any:
        clocks.append(clock_module.current().get())
        return {"content": [{"type": "text", "text": "ok"}]}

    items = run(
        rt.execute_tool_calls(chat(("c1", "a__echo", {})), call_tool, timeout=5, progress=True)
    )
    assert texts(items) == ["ok"]
    (clock,) = clocks
    assert clock.call.call_id == "c1" and clock.timeout == 5 and clock.scope is None
    run(clock.report(1.0, None, None))  # after the call: nothing to reschedule
    assert clock_module.current().get() is None


# ---------------------------------------------------------------------------- cancellation


def test_cancelling_cancels_every_started_call_and_leaves_no_task() -> None:
    recorder = Recorder()
    response = chat(
        ("c1", "a__sleep", {"n": 1, "s": 5}),
        ("c2", "b__sleep", {"n": 2, "s": 5}),
        ("c3", "c__sleep", {"n": 3, "s": 5}),
        ("c4", "c__sleep", {"n": 4, "s": 5}),
    )

    async def main() -> set[asyncio.Task[Any]]:
        before = asyncio.all_tasks()
        task = asyncio.create_task(rt.execute_tool_calls(response, recorder))
        while recorder.peak < 3:
            await asyncio.sleep(0.01)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        return asyncio.all_tasks() - before

    assert run(main()) == set()
    cancelled = {key for event, key in recorder.events if event == "cancelled"}
    assert cancelled == {"a:1", "b:2", "c:3"}
    assert ("start", "c:4") not in recorder.events  # never started
    assert recorder.overall == 0


def test_an_outer_timeout_cancels_the_calls() -> None:
    recorder = Recorder()
    response = chat(("c1", "a__sleep", {"n": 1, "s": 5}), ("c2", "b__sleep", {"n": 2, "s": 5}))

    async def main() -> None:
        async with asyncio.timeout(0.1):
            await rt.execute_tool_calls(response, recorder)

    with pytest.raises(TimeoutError):
        run(main())
    assert {key for event, key in recorder.events if event == "cancelled"} == {"a:1", "b:2"}


class Stop(BaseException):
    pass


@pytest.mark.parametrize("exc", [asyncio.CancelledError(), Stop()])
def test_base_exceptions_go_through(exc: BaseException) -> None:
    async def call_tool(server: str, tool: str, arguments: dict[str, object]) -> object:
        raise exc

    with pytest.raises(type(exc)):
        run(rt.execute_tool_calls(chat(("c", "a__echo", {})), call_tool))


# ---------------------------------------------------------------------------- contract errors


def test_a_call_tool_that_is_not_async_is_a_type_error() -> None:
    def call_tool(server: str, tool: str, arguments: dict[str, Any]) -> Any:
        return {"content": [{"type": "text", "text": "sync"}]}

    with pytest.raises(TypeError, match=r"call_tool must return an awaitable.*not dict"):
        run(rt.execute_tool_calls(chat(("c1", "a__echo", {})), call_tool))


def test_a_call_tool_that_raises_is_raised_and_the_other_calls_are_cancelled() -> None:
    recorder = Recorder()
    sessions = {"a": recorder, "b": recorder}  # no session for server c: the app's mistake

    def call_tool(server: str, tool: str, arguments: dict[str, Any]) -> Any:
        return sessions[server](server, tool, arguments)

    response = chat(
        ("c1", "a__sleep", {"n": 1, "s": 5}),
        ("c2", "b__sleep", {"n": 2, "s": 5}),
        ("c3", "c__sleep", {"n": 3}),
    )

    async def main() -> set[asyncio.Task[Any]]:
        before = asyncio.all_tasks()
        with pytest.raises(KeyError, match="'c'"):
            await rt.execute_tool_calls(response, call_tool)
        return asyncio.all_tasks() - before

    assert run(main()) == set()
    assert {key for event, key in recorder.events if event == "cancelled"} == {"a:1", "b:2"}


def test_failures_become_errors_and_are_logged_with_their_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    recorder = Recorder()
    response = chat(("c1", "a__sleep", {"n": 1, "raise": "disk on fire"}), ("c2", "b__sleep", {}))
    with caplog.at_level(logging.ERROR, logger="mcp2openai"):
        items = run(rt.execute_tool_calls(response, recorder))
    assert texts(items) == ["Error: disk on fire", "b:None"]
    (record,) = caplog.records
    assert record.name == "mcp2openai" and record.levelno == logging.ERROR
    assert record.getMessage() == "tool call c1 (a__sleep) failed: RuntimeError: disk on fire"
    assert record.exc_info is not None and record.exc_info[0] is RuntimeError
    assert "raise RuntimeError" in caplog.text  # the traceback is in the log


def test_imports_are_lazy(tmp_path: Path) -> None:
    """Importing a toolset loads nothing heavy (tests/test_runtime.py); running calls loads
    asyncio (and the logging it imports itself); difflib only for an unknown tool name."""
    import subprocess
    import sys

    from runtime_support import write_toolset

    write_toolset(tmp_path, "toolset", {"s__t": ("s", "t")})
    probe = (
        "import sys\n"
        f"sys.path.insert(0, {str(tmp_path)!r})\n"
        "import toolset\n"
        "print(*(name in sys.modules for name in ('asyncio', 'logging', 'difflib')))\n"
        "import asyncio\n"
        "def response(name):\n"
        "    call = {'id': 'c', 'type': 'function', 'function': {'name': name}}\n"
        "    return {'choices': [{'message': {'tool_calls': [call]}}]}\n"
        "async def bad(s, t, a): raise RuntimeError('x')\n"
        "asyncio.run(toolset.execute_tool_calls(response('s__t'), bad))\n"
        "print('difflib' in sys.modules)\n"
        "asyncio.run(toolset.execute_tool_calls(response('s__u'), bad))\n"
        "print('difflib' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-c", probe],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split() == ["False", "False", "False", "False", "True"]


# ---------------------------------------------------------------------------- outputs


def test_images_message_for_chat() -> None:
    image = {"type": "image", "data": PNG, "mimeType": "image/png"}

    async def call_tool(server: str, tool: str, arguments: dict[str, Any]) -> Any:
        count = arguments.get("images", 0)
        return {"content": [{"type": "text", "text": f"{count} images"}, *[image] * count]}

    response = chat(
        ("c1", "a__echo", {"images": 2}),
        ("c2", "b__sleep", {}),
        ("c3", "zz__unknown", {}),
        ("c4", "c__sleep", {"images": 1}),
    )
    items = run(rt.execute_tool_calls(response, call_tool, images="message"))
    placeholder = "[image: image/png, 32 bytes]"
    url = {"url": "data:image/png;base64," + PNG}
    assert [item["role"] for item in items] == ["tool"] * 4 + ["user"]
    assert [item["tool_call_id"] for item in items[:4]] == ["c3", "c1", "c2", "c4"]
    assert items[1]["content"] == f"2 images\n{placeholder}\n{placeholder}"  # placeholders kept
    assert items[4] == {
        "role": "user",
        "content": [
            {"type": "text", "text": f"Image 1 of 2 from tool call c1 (a__echo): {placeholder}"},
            {"type": "image_url", "image_url": url},
            {"type": "text", "text": f"Image 2 of 2 from tool call c1 (a__echo): {placeholder}"},
            {"type": "image_url", "image_url": url},
            {"type": "text", "text": f"Image 1 of 1 from tool call c4 (c__sleep): {placeholder}"},
            {"type": "image_url", "image_url": url},
        ],
    }
    # without images, or by default, no user message
    plain = run(rt.execute_tool_calls(chat(("c2", "b__sleep", {})), call_tool, images="message"))
    assert [item["role"] for item in plain] == ["tool"]
    default = run(rt.execute_tool_calls(response, call_tool))
    assert [item["role"] for item in default] == ["tool"] * 4
    # Responses carries images in its outputs: the option changes nothing there
    both = [
        run(rt.execute_tool_calls(responses(("c1", "a__echo", {"images": 1})), call_tool, **kw))
        for kw in ({}, {"images": "message"})
    ]
    assert both[0] == both[1] and both[0][0]["output"][1]["type"] == "input_image"


@pytest.mark.parametrize("images", ["inline", "user", True])
def test_bad_images_option_is_refused(images: object) -> None:
    with pytest.raises(ValueError, match="images must be None"):
        run(rt.execute_tool_calls(chat(), Recorder(), images=images))


@pytest.mark.parametrize("cap", [0, -5, 1.5, "10", True])
def test_bad_caps_are_refused(cap: object) -> None:
    with pytest.raises(ValueError, match="max_output_chars must be a positive int"):
        run(rt.execute_tool_calls(chat(), Recorder(), max_output_chars=cap))


def test_parallel_must_be_a_bool() -> None:
    with pytest.raises(TypeError, match="parallel must be True or False"):
        run(rt.execute_tool_calls(chat(), Recorder(), parallel="yes"))


def test_caps_and_strings_and_errors_reach_the_outputs() -> None:
    async def call_tool(server: str, tool: str, arguments: dict[str, Any]) -> Any:
        if "error" in arguments:
            raise ValueError(arguments["error"])
        return arguments["result"]

    response = responses(
        ("c1", "a__echo", {"result": "x" * 100}),
        ("c2", "a__echo", {"result": "plain text"}),
        ("c3", "a__echo", {"error": "Error: already prefixed"}),
    )
    items = run(rt.execute_tool_calls(response, call_tool, max_output_chars=50))
    assert texts(items) == [
        "x" * 25 + "\n[75 more characters cut]",
        "plain text",
        "Error: already prefixed",
    ]
    assert len(items[0]["output"]) == 50


def test_structured_content_for_tools_with_an_output_schema() -> None:
    weather = {
        "content": [{"type": "text", "text": "It rains."}],
        "structuredContent": {"rain": True, "celsius": 12},
    }

    async def call_tool(server: str, tool: str, arguments: dict[str, Any]) -> Any:
        return weather

    both = responses(("c1", "a__weather", {}), ("c2", "a__echo", {}))
    assert texts(run(rt.execute_tool_calls(both, call_tool))) == [
        '{"rain":true,"celsius":12}',  # described by the tool's output_schema
        "It rains.",  # a tool without one: its content
    ]
    # Chat has no output schemas: the content, as the model reads it there
    chat_items = run(rt.execute_tool_calls(chat(("c1", "a__weather", {})), call_tool))
    assert texts(chat_items) == ["It rains."]
