"""Per-call cost of the module's run-time functions: `tool_calls` against bare `json.loads` of
the same argument strings, and `tool_output` on real results (`timeit`, fastest of repeats)."""

from __future__ import annotations

import json
import math
import subprocess
import time
import timeit
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from bench.builds import build_command
from bench.imports import import_path
from bench.inputs import ROOT

FIXTURES = ROOT / "tests" / "fixtures" / "results" / "everything"


def measure_calls(path: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    from mcp.types import CallToolResult
    from openai.types.chat import ChatCompletion
    from openai.types.responses import Response

    module = import_path(path)
    definitions = [d for d in module.tools("responses") if d["strict"]]
    step = max(1, len(definitions) // 16)
    chosen = definitions[::step][:16]
    arguments = [
        (d["name"], json.dumps(sample(d["parameters"], d["parameters"]), separators=(",", ":")))
        for d in chosen
    ]
    calls = []
    for count in (1, 16):
        batch = arguments[:count]
        strings = [text for _, text in batch]
        baseline = per_call(partial(loads_all, strings), count)
        for api, build, model in (
            ("chat", chat_response, ChatCompletion),
            ("responses", responses_response, Response),
        ):
            wire = build(batch)
            for form, response in (("dict", wire), ("sdk", model.model_validate(wire))):
                parsed, rejected = module.tool_calls(response)
                # A parser that drops calls would look fast: check before timing.
                correct = len(parsed) == count and not rejected
                seconds = per_call(partial(module.tool_calls, response), count)
                calls.append(
                    {
                        "api": api,
                        "form": form,
                        "calls": count,
                        "correct": correct,
                        "parsed": len(parsed),
                        "rejected": len(rejected),
                        "tool_calls_us": seconds * 1e6,
                        "json_loads_us": baseline * 1e6,
                        "ratio": seconds / baseline,
                        "argument_bytes": sum(len(s) for s in strings) // count,
                    }
                )
    for c in calls:
        wrong = "" if c["correct"] else f" WRONG: {c['parsed']} parsed, {c['rejected']} rejected"
        print(
            f"tool_calls {c['api']:>9} {c['form']:>4} {c['calls']:>2} calls:"
            f" {c['ratio']:.2f}x{wrong}"
        )
    outputs = []
    for kind in ("text", "image"):
        wire = json.loads((FIXTURES / f"{kind}.json").read_text(encoding="utf-8"))["result"]
        for form, result in (("dict", wire), ("sdk", CallToolResult.model_validate(wire))):
            for api in ("chat", "responses"):
                seconds = per_call(partial(module.tool_output, "call_1", result, api=api), 1)
                outputs.append({"result": kind, "form": form, "api": api, "us": seconds * 1e6})
    return calls, outputs


def loads_all(strings: list[str]) -> list[Any]:
    return [json.loads(text) for text in strings]


def per_call(function: Callable[[], object], calls: int, repeat: int = 9) -> float:
    """Fastest CPU seconds per call over `repeat` timeit runs of about 0.1 s each."""
    return fastest_per_call({"": function}, repeat)[""] / calls


def fastest_per_call(
    functions: dict[str, Callable[[], object]], repeat: int = 9
) -> dict[str, float]:
    """Each function's fastest CPU seconds per call over `repeat` timeit runs of about 0.1 s,
    the functions' runs taking turns. The fastest run, as `timeit` advises: on the shared
    machine the same work takes about 1.6x the CPU time for seconds at a time, and runs that
    take turns fall in such a stretch alike."""
    timers = {
        key: timeit.Timer(function, timer=time.process_time) for key, function in functions.items()
    }
    numbers = {key: max(1, timer.autorange()[0] // 2) for key, timer in timers.items()}
    fastest = dict.fromkeys(timers, math.inf)
    for _ in range(repeat):
        for key, timer in timers.items():
            fastest[key] = min(fastest[key], timer.timeit(numbers[key]) / numbers[key])
    return fastest


def sample(schema: Any, root: dict[str, Any], depth: int = 0) -> Any:
    """Arguments a strict-mode model would send: null for every optional (nullable) property."""
    if not isinstance(schema, dict) or depth > 8:
        return None
    if "$ref" in schema:
        target: Any = root
        for part in schema["$ref"].removeprefix("#/").split("/"):
            target = target.get(part, {}) if part else target
        return sample(target, root, depth + 1)
    if "anyOf" in schema:
        branches = schema["anyOf"]
        if any(isinstance(b, dict) and b.get("type") == "null" for b in branches):
            return None
        return sample(branches[0], root, depth + 1)
    kind = schema.get("type")
    if isinstance(kind, list):
        if "null" in kind:
            return None
        kind = kind[0] if kind else None
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return next((value for value in schema["enum"] if value is not None), None)
    if kind == "object":
        properties = schema.get("properties", {})
        return {key: sample(value, root, depth + 1) for key, value in properties.items()}
    if kind == "array":
        return [sample(schema.get("items", {}), root, depth + 1)]
    values = {"string": "example value", "integer": 42, "number": 1.5, "boolean": True}
    return values.get(kind) if isinstance(kind, str) else None


def chat_response(calls: list[tuple[str, str]]) -> dict[str, Any]:
    tool_calls = [
        {"id": f"call_{i}", "type": "function", "function": {"name": name, "arguments": args}}
        for i, (name, args) in enumerate(calls)
    ]
    message = {"role": "assistant", "content": None, "tool_calls": tool_calls}
    return {
        "id": "chatcmpl-bench",
        "object": "chat.completion",
        "created": 0,
        "model": "gpt-bench",
        "choices": [{"index": 0, "finish_reason": "tool_calls", "message": message}],
    }


def responses_response(calls: list[tuple[str, str]]) -> dict[str, Any]:
    output = [
        {
            "type": "function_call",
            "id": f"fc_{i}",
            "call_id": f"call_{i}",
            "name": name,
            "arguments": args,
            "status": "completed",
        }
        for i, (name, args) in enumerate(calls)
    ]
    return {
        "id": "resp_bench",
        "object": "response",
        "created_at": 0,
        "model": "gpt-bench",
        "status": "completed",
        "output": output,
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
    }


def measure_decoding(work: Path) -> dict[str, Any]:
    """What the rewrites' decoding costs `tool_calls`, on the kubernetes server's snapshot built
    twice (`--rewrites on` and `off`): a call to a tool without rewrites (the decode plans are
    there, unused) and a call to `kubectl_patch`, whose `patchData` travels as a JSON string."""
    snapshot = ROOT / "generated" / "snapshots" / "kubernetes.json"
    modules = {}
    for switch in ("on", "off"):
        out = work / f"kubernetes_rewrites_{switch}.py"
        command = build_command(out, [("kubernetes", snapshot)], "-q", "--rewrites", switch)
        subprocess.run(command, check=True, cwd=work, capture_output=True)
        modules[switch] = import_path(out)
    functions: dict[str, Callable[[], object]] = {}
    for switch, module in modules.items():
        get = next(d for d in module.tools("responses") if d["name"] == "kubernetes__kubectl_get")
        plain = json.dumps(sample(get["parameters"], get["parameters"]))
        response = chat_response([("kubernetes__kubectl_get", plain)])
        calls, rejected = module.tool_calls(response)
        assert len(calls) == 1 and not rejected, rejected
        functions[f"plain_{switch}_us"] = partial(module.tool_calls, response)
    on = modules["on"]
    strict = next(d for d in on.tools("responses") if d["name"] == "kubernetes__kubectl_patch")
    arguments = sample(strict["parameters"], strict["parameters"])
    arguments["patchData"] = json.dumps({"spec": {"replicas": 3}})
    response = chat_response([("kubernetes__kubectl_patch", json.dumps(arguments))])
    calls, rejected = on.tool_calls(response)
    assert not rejected and calls[0].arguments["patchData"] == {"spec": {"replicas": 3}}, rejected
    functions["rewritten_us"] = partial(on.tool_calls, response)
    row: dict[str, Any] = {
        key: seconds * 1e6 for key, seconds in fastest_per_call(functions).items()
    }
    row["added_us"] = row["plain_on_us"] - row["plain_off_us"]
    print(
        f"decoding: a tool without rewrites {row['plain_on_us']:.2f} µs"
        f" ({row['added_us']:+.2f} µs against --rewrites off);"
        f" kubectl_patch decoded {row['rewritten_us']:.2f} µs"
    )
    return row
