"""Property tests of the runtime (templates/runtime/) over arbitrary and adversarial input.

``tool_calls`` never raises for a response-shaped input and never loses a call;
``tool_output`` never raises, with any of its options, and always gives a JSON-serialisable
item of the right shape; a capped output never exceeds the cap plus the marker. Example
counts come from the Hypothesis profile (tests/conftest.py).
"""

from __future__ import annotations

import binascii
import copy
import json
import re
import types
from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from runtime_support import load_runtime

NAMES = {
    "fs__read_file": ("fs", "read_file"),
    "fs__write_file": ("fs", "write_file"),
    "git__status": ("git", "status"),
}
NULL_PATHS: dict[str, tuple[tuple[str | None, ...], ...]] = {
    "fs__write_file": (("a",), ("edits", None, "dryRun"), ("opts", "x")),
    "git__status": (("path",),),
}


NAMESPACED = {
    "fs": {"read_file": "fs__read_file", "write_file": "fs__write_file"},
    "git": {"status": "git__status"},
}


rt = load_runtime(
    "mcp2openai_runtime_properties", NAMES, NULL_PATHS, None, NAMESPACED, ["fs__read_file"]
)

# ---------------------------------------------------------------------------- strategies


def record(
    required: dict[str, st.SearchStrategy[Any]],
    optional: dict[str, st.SearchStrategy[Any]] | None = None,
) -> st.SearchStrategy[dict[str, Any]]:
    """A dict with the required keys and any of the optional ones."""
    return st.fixed_dictionaries(required, optional=optional or {})


scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=12,
)

names = st.sampled_from(sorted(NAMES)) | st.text(max_size=12) | st.none() | st.integers()
call_ids = (
    st.sampled_from(["call_1", "call_1", "call_2", "fc_3"])
    | st.text(max_size=8)
    | st.none()
    | st.integers()
)

# Arguments shaped like fs__write_file's null paths: (a), (edits, *, dryRun), (opts, x).
edit = record({}, optional={"dryRun": st.none() | json_values, "p": json_values})
shaped_arguments = record(
    {},
    optional={
        "a": st.none() | json_values,
        "edits": st.lists(edit | json_values, max_size=4) | json_values,
        "opts": record({}, optional={"x": st.none() | json_values}) | json_values,
        "b": st.none(),
        "path": st.text(max_size=8),
    },
)
argument_objects = shaped_arguments | st.dictionaries(st.text(max_size=6), json_values, max_size=4)
arguments = st.one_of(
    argument_objects.map(json.dumps),
    argument_objects.map(lambda value: json.dumps(value, indent=1) + "\n"),
    argument_objects,
    json_values.map(json.dumps),
    json_values,
    st.text(max_size=30),
    st.sampled_from(
        [
            "",
            " \n",
            "NaN",
            '{"a": NaN}',
            '{"a": -Infinity}',
            "[" * 3000,
            '{"a":' * 3000,
            "{} x",
            "\ufeff{}",
            '{"a": 1, "a": null}',
            '{"n": ' + "1" * 5000 + "}",
        ]
    ),
)

function = record({}, optional={"name": names, "arguments": arguments})
chat_entry = (
    record(
        {},
        optional={
            "id": call_ids,
            "type": st.sampled_from(["function", "function", "custom", "other"]) | json_values,
            "function": function | json_values,
            "custom": record({}, optional={"name": names, "input": st.text()}),
        },
    )
    | json_values
)
message = record(
    {},
    optional={
        "role": st.just("assistant"),
        "content": st.none() | st.text(max_size=10),
        "tool_calls": st.lists(chat_entry, max_size=5) | json_values,
    },
)
choice = record({}, optional={"index": st.integers(), "message": message}) | json_values
chat_responses = record(
    {"choices": st.lists(choice, min_size=1, max_size=3) | json_values},
    optional={"id": st.text(max_size=5), "object": st.just("chat.completion")},
)

namespaces = (
    st.sampled_from(["fs", "git", "fs__read_file", "tools", ""]) | names | st.none() | json_values
)
local_names = st.sampled_from(["read_file", "write_file", "status", "nope"]) | names
callers = (
    record({"type": st.just("program")}, optional={"caller_id": st.text(max_size=6)})
    | st.just({"type": "direct"})
    | json_values
)
function_call = record(
    {"type": st.just("function_call")},
    optional={
        "call_id": call_ids,
        "name": names | local_names,
        "arguments": arguments,
        "id": st.text(),
        "namespace": namespaces,
        "caller": callers,
    },
)
# Items that wait for the client (see ToolCalls.skipped); a custom tool call is rejected.
WAITING = ["mcp_approval_request", "computer_call", "local_shell_call", "shell_call"]
WAITING += ["apply_patch_call"]
ITEM_TYPES = ["reasoning", "message", "custom_tool_call", "mcp_call", "web_search_call", "new"]
ITEM_TYPES += ["tool_search_call", "tool_search_output", *WAITING]
other_item = (
    record(
        {"type": st.sampled_from(ITEM_TYPES) | json_values},
        optional={
            "call_id": call_ids,
            "name": names,
            "arguments": arguments,
            "execution": st.sampled_from(["client", "server"]) | json_values,
            "caller": callers,
        },
    )
    | json_values
)
responses_responses = record(
    {"output": st.lists(function_call | other_item, max_size=6) | json_values},
    optional={"id": st.text(max_size=5)},
)


# ---------------------------------------------------------------------------- helpers


def norm_id(call_id: object) -> str:
    return call_id if isinstance(call_id, str) and call_id else ""


def expected_chat_ids(response: dict[str, Any]) -> list[str]:
    choices = response["choices"]
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        return []
    message = choices[0].get("message")
    entries = message.get("tool_calls") if isinstance(message, dict) else None
    if not isinstance(entries, list):
        return []
    return [norm_id(entry.get("id") if isinstance(entry, dict) else None) for entry in entries]


def expected_responses_ids(response: dict[str, Any]) -> list[str]:
    items = response["output"]
    if not isinstance(items, list):
        return []
    return [
        norm_id(item.get("call_id"))
        for item in items
        if isinstance(item, dict) and item.get("type") in ("function_call", "custom_tool_call")
    ]


def raw_ids(response: dict[str, Any], api: str) -> list[object]:
    """The call ids as the response holds them (absent: None)."""
    if api == "responses":
        items = response["output"] if isinstance(response["output"], list) else []
        kinds = ("function_call", "custom_tool_call")
        return [
            item.get("call_id")
            for item in items
            if isinstance(item, dict) and item.get("type") in kinds
        ]
    choices = response["choices"]
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        return []
    message = choices[0].get("message")
    entries = message.get("tool_calls") if isinstance(message, dict) else None
    if not isinstance(entries, list):
        return []
    return [entry.get("id") if isinstance(entry, dict) else None for entry in entries]


def expected_skipped(response: dict[str, Any]) -> list[object]:
    items = response.get("output")
    if not isinstance(items, list):
        return []
    return [
        item
        for item in items
        if isinstance(item, dict)
        and (
            item.get("type") in WAITING
            or (item.get("type") == "tool_search_call" and item.get("execution") == "client")
        )
    ]


def is_subsequence(part: list[str], whole: list[str]) -> bool:
    remaining = iter(whole)
    return all(any(value == other for other in remaining) for value in part)


def reference_drop(value: object, path: tuple[str | None, ...]) -> None:
    """The null-removal rule, written independently and recursively."""
    segment, rest = path[0], path[1:]
    if not rest:
        if isinstance(value, dict) and segment in value and value[segment] is None:
            del value[segment]
    elif segment is None:
        if isinstance(value, list):
            for item in value:
                reference_drop(item, rest)
    elif isinstance(value, dict) and segment in value:
        reference_drop(value[segment], rest)


def check_calls(response: dict[str, Any], expected_ids: list[str], api: str) -> None:
    before = copy.deepcopy(response)
    result = rt.tool_calls(response)
    calls, rejected = result
    assert response == before, "the response must not be changed"
    assert list(result.skipped) == (expected_skipped(response) if api == "responses" else [])
    ids = raw_ids(response, api)
    empty_ids = bool(ids) and all(call_id == "" for call_id in ids)
    id_key = "tool_call_id" if api == "chat" else "call_id"
    call_ids = [call.call_id for call in calls]
    rejected_ids = [item[id_key] for item in rejected]
    assert Counter(call_ids + rejected_ids) == Counter(expected_ids), "a call was lost"
    assert is_subsequence(call_ids, expected_ids)
    assert is_subsequence(rejected_ids, expected_ids)
    for call in calls:
        assert isinstance(call, rt.ToolCall)
        assert call.call_id or empty_ids, "an empty call id only when every call has one"
        assert (call.server, call.tool) == NAMES[call.name]
        if call.namespace not in (None, "", call.name):
            # a namespaced call never runs a tool outside its namespace
            assert call.name in NAMESPACED[call.namespace].values()
        assert call.caller is None or api == "responses"
        assert type(call.arguments) is dict
        json.dumps(call.arguments, allow_nan=False)
        for path in NULL_PATHS.get(call.name, ()):
            probe = copy.deepcopy(call.arguments)
            reference_drop(probe, path)
            assert probe == call.arguments, f"null left at {path}"
    for item in rejected:
        if api == "chat":
            assert list(item) == ["role", "tool_call_id", "content"] and item["role"] == "tool"
            text = item["content"]
        else:
            assert list(item) in (
                ["type", "call_id", "output"],
                ["type", "call_id", "output", "caller"],
            )
            assert item["type"] in ("function_call_output", "custom_tool_call_output")
            text = item["output"]
        assert isinstance(text, str) and text.startswith("Error: ")
        json.dumps(item, allow_nan=False)
    assert rt.tool_calls(response, api=api) == (calls, rejected)


# ---------------------------------------------------------------------------- tool_calls


@given(chat_responses)
def test_chat_calls_never_raise_and_are_never_lost(response: dict[str, Any]) -> None:
    check_calls(response, expected_chat_ids(response), "chat")


@given(responses_responses)
def test_responses_calls_never_raise_and_are_never_lost(response: dict[str, Any]) -> None:
    check_calls(response, expected_responses_ids(response), "responses")


@given(
    st.lists(
        st.tuples(st.sampled_from(sorted(NAMES)), argument_objects, st.booleans()),
        min_size=1,
        max_size=6,
    ),
    st.booleans(),
)
def test_valid_calls_all_run_with_nulls_removed(
    specs: list[tuple[str, dict[str, object], bool]], use_responses: bool
) -> None:
    entries = []
    for index, (name, value, as_text) in enumerate(specs):
        args: object = json.dumps(value) if as_text else value
        if use_responses:
            entries.append(
                {"type": "function_call", "call_id": f"c{index}", "name": name, "arguments": args}
            )
        else:
            entries.append(
                {
                    "id": f"c{index}",
                    "type": "function",
                    "function": {"name": name, "arguments": args},
                }
            )
    response: dict[str, object]
    if use_responses:
        response = {"output": entries}
    else:
        response = {"choices": [{"message": {"tool_calls": entries}}]}
    calls, rejected = rt.tool_calls(response)
    assert rejected == []
    assert [call.call_id for call in calls] == [f"c{index}" for index in range(len(specs))]
    for call, (name, value, _) in zip(calls, specs, strict=True):
        expected = copy.deepcopy(value)
        for path in NULL_PATHS.get(name, ()):
            reference_drop(expected, path)
        assert call.name == name and call.arguments == expected


# ---------------------------------------------------------------------------- tool_output

base64_data = (
    st.binary(max_size=48).map(lambda data: binascii.b2a_base64(data, newline=False).decode())
    | st.text(max_size=16)
    | st.none()
    | st.integers()
)
mimes = (
    st.sampled_from(
        [
            "image/png",
            "image/jpeg",
            "image/gif",
            "image/webp",
            "IMAGE/PNG",
            "image/svg+xml",
            "",
            "application/pdf",
            "text/csv; charset=utf-8",
            "application/zip",
        ]
    )
    | st.text(max_size=10)
    | st.none()
    | st.integers()
)
any_floats = st.floats()  # NaN and infinities included: structured content is only text
loose_values = st.recursive(
    scalars | any_floats,
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.text(max_size=5), children, max_size=3),
    max_leaves=8,
)
blocks = st.one_of(
    record({"type": st.just("text")}, optional={"text": st.text() | json_values}),
    record(
        {"type": st.sampled_from(["image", "audio"])},
        optional={"data": base64_data, "mimeType": mimes, "mime_type": mimes},
    ),
    record(
        {"type": st.just("resource")},
        optional={
            "resource": record(
                {},
                optional={
                    "uri": st.text(max_size=10) | json_values,
                    "mimeType": mimes,
                    "text": st.text(max_size=10) | json_values,
                    "blob": base64_data,
                },
            )
            | json_values
        },
    ),
    record(
        {"type": st.just("resource_link")},
        optional={"uri": st.text(max_size=10) | json_values, "name": st.text(max_size=5)},
    ),
    record({}, optional={"type": st.text(max_size=8) | json_values}),
    json_values,
)
results = record(
    {},
    optional={
        "content": st.lists(blocks, max_size=5) | json_values,
        "isError": st.booleans() | json_values,
        "is_error": st.booleans(),
        "structuredContent": st.dictionaries(st.text(max_size=5), loose_values, max_size=3)
        | loose_values,
    },
)


class StrRaises(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no")


def as_object(result: dict[str, Any]) -> object:
    """The result as an object with attributes, as the mcp SDK gives it."""
    content = result.get("content")
    if isinstance(content, list):
        content = [
            types.SimpleNamespace(**block) if isinstance(block, dict) else block
            for block in content
        ]
    return types.SimpleNamespace(**{**result, "content": content})


outcomes = st.one_of(
    results,
    results.map(as_object),
    st.builds(RuntimeError, st.text(max_size=20)),
    st.sampled_from([ValueError(), StrRaises("x"), TimeoutError("late"), KeyError("Error: k")]),
    st.text(max_size=30),
    json_values,
)
IMAGE_URL = re.compile(r"data:image/(jpeg|png|gif|webp);base64,([A-Za-z0-9+/]*={0,2})\Z")
FILE_URL = re.compile(r"data:[a-z./+-]+;base64,([A-Za-z0-9+/]*={0,2})\Z")


@given(outcomes, st.text(max_size=10))
def test_tool_output_never_raises_and_has_the_right_shape(outcome: object, call_id: str) -> None:
    before = repr(outcome)
    chat_item = rt.tool_output(call_id, outcome, api="chat")
    responses_item = rt.tool_output(call_id, outcome, api="responses")
    assert repr(outcome) == before, "the result must not be changed"
    json.dumps(chat_item, allow_nan=False)
    json.dumps(responses_item, allow_nan=False)

    assert list(chat_item) == ["role", "tool_call_id", "content"]
    assert chat_item["role"] == "tool" and chat_item["tool_call_id"] == call_id
    content = chat_item["content"]
    assert isinstance(content, str) and content

    assert list(responses_item) == ["type", "call_id", "output"]
    assert responses_item["type"] == "function_call_output"
    assert responses_item["call_id"] == call_id
    output = responses_item["output"]
    if isinstance(outcome, BaseException):
        error = True
    elif isinstance(outcome, (dict, types.SimpleNamespace)):
        # Wire dicts are read camelCase first, objects (the mcp SDK's) snake_case first.
        fields = outcome if isinstance(outcome, dict) else vars(outcome)
        first, second = (
            ("isError", "is_error") if isinstance(outcome, dict) else ("is_error", "isError")
        )
        flag = fields.get(first)
        error = (fields.get(second) if flag is None else flag) is True
    else:
        error = False
    if error:
        assert content.startswith("Error:") and not content.startswith("Error: Error:")
    if isinstance(output, str):
        assert output == content
        return
    assert isinstance(output, list) and output
    for item in output:
        assert item["type"] in ("input_text", "input_image", "input_file")
        if item["type"] == "input_text":
            assert list(item) == ["type", "text"] and isinstance(item["text"], str)
        elif item["type"] == "input_image":
            assert list(item) == ["type", "image_url"]
            match = IMAGE_URL.match(item["image_url"])
            assert match, item["image_url"][:80]
            assert binascii.a2b_base64(match.group(2), strict_mode=True)
        else:
            assert list(item) == ["type", "filename", "file_data"]
            assert isinstance(item["filename"], str) and item["filename"]
            match = FILE_URL.match(item["file_data"])
            assert match, item["file_data"][:80]
            assert binascii.a2b_base64(match.group(1), strict_mode=True)
    assert any(item["type"] != "input_text" for item in output)
    if error:
        assert output[0]["type"] == "input_text" and output[0]["text"].startswith("Error:")


caps = st.none() | st.integers(min_value=1, max_value=120) | st.just(10_485_760)


@given(outcomes, caps, st.sampled_from([None, "message"]), st.sampled_from([None, "fs__read_file"]))
def test_tool_output_never_raises_with_any_option(
    outcome: object, cap: int | None, images: str | None, name: str | None
) -> None:
    for api in ("chat", "responses"):
        result = rt.tool_output(
            "c", outcome, api=api, name=name, images=images, max_output_chars=cap
        )
        items = result if images == "message" else [result]
        assert isinstance(items, list) and 1 <= len(items) <= 2
        json.dumps(items, allow_nan=False)
        if len(items) == 2:
            assert api == "chat" and items[1]["role"] == "user"
            parts = items[1]["content"]
            assert [part["type"] for part in parts] == ["text", "image_url"] * (len(parts) // 2)


def output_texts(item: dict[str, Any]) -> list[str]:
    output = item.get("content", item.get("output"))
    if isinstance(output, str):
        return [output]
    return [part["text"] for part in output if part["type"] == "input_text"]


@given(outcomes, st.integers(min_value=1, max_value=200))
def test_a_capped_output_never_exceeds_the_cap_plus_the_marker(outcome: object, cap: int) -> None:
    for api in ("chat", "responses"):
        whole = output_texts(rt.tool_output("c", outcome, api=api, max_output_chars=None))
        capped = output_texts(rt.tool_output("c", outcome, api=api, max_output_chars=cap))
        total, size = sum(map(len, whole)), sum(map(len, capped))
        if total <= cap:
            assert capped == whole
            continue
        cut = re.search(r"\n?\[([0-9,]+) more characters cut\]\Z", capped[-1])
        assert cut is not None, capped
        marker = cut.group(0)
        assert size <= cap + len(marker)
        assert size <= cap or size == len(marker)  # over the cap only when the marker is
        kept = "".join(capped)[: size - len(marker)]
        assert "".join(whole).startswith(kept)  # what is kept is the beginning, unchanged
        assert int(cut.group(1).replace(",", "")) == total - len(kept)  # says how much
