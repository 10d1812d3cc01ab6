"""tool_output's options and the output rules (templates/runtime/outputs.py): str
outcomes, no doubled "Error:", files as input_file, caps, images for Chat, output schemas.

The rules that came before are in tests/test_runtime.py; properties (no outcome raises, a
capped output stays under the cap) in tests/test_runtime_properties.py.
"""

from __future__ import annotations

import base64
from typing import Any

import pytest
from runtime_support import load_runtime

rt = load_runtime(
    "mcp2openai_runtime_outputs",
    {"s__weather": ("s", "weather"), "s__echo": ("s", "echo")},
    structured=["s__weather"],
)
PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(1016)).decode()  # 1024 bytes
PDF = base64.b64encode(b"%PDF-1.7\n" + bytes(91)).decode()  # 100 bytes


def text(value: str) -> dict[str, object]:
    return {"type": "text", "text": value}


def blob(uri: object, mime: str, data: str = PDF) -> dict[str, object]:
    return {"type": "resource", "resource": {"uri": uri, "mimeType": mime, "blob": data}}


def both(outcome: object, **options: Any) -> tuple[Any, Any]:
    chat = rt.tool_output("c1", outcome, api="chat", **options)["content"]
    responses = rt.tool_output("c1", outcome, api="responses", **options)["output"]
    return chat, responses


# ---------------------------------------------------------------------------- outcomes


def test_a_str_outcome_is_its_text() -> None:
    assert both("The answer is 42.") == ("The answer is 42.", "The answer is 42.")
    assert both("") == ("(no output)", "(no output)")
    assert both("Error: looks like one, is not") == ("Error: looks like one, is not",) * 2


@pytest.mark.parametrize(
    ("outcome", "expected"),
    [
        (RuntimeError("Error: already said"), "Error: already said"),
        (RuntimeError("error: lower case is not the prefix"), "Error: error: lower case is not"),
        ({"content": [text("Error: disk full")], "isError": True}, "Error: disk full"),
        ({"content": [text("Error:no space")], "isError": True}, "Error:no space"),
        ({"content": [text("disk full")], "isError": True}, "Error: disk full"),
    ],
)
def test_the_error_prefix_is_never_doubled(outcome: object, expected: str) -> None:
    chat, responses = both(outcome)
    assert chat == responses
    assert chat.startswith(expected)
    assert "Error: Error:" not in chat


def test_the_error_prefix_in_a_list_is_not_doubled_either() -> None:
    image = {"type": "image", "data": PNG, "mimeType": "image/png"}
    _, output = both({"content": [text("Error: bad"), image], "isError": True})
    assert output[0] == {"type": "input_text", "text": "Error: bad"}
    _, output = both({"content": [blob("file:///a.pdf", "application/pdf")], "isError": True})
    assert output[0] == {"type": "input_text", "text": "Error:"}
    assert output[1]["type"] == "input_file"


# ---------------------------------------------------------------------------- files


@pytest.mark.parametrize(
    ("mime", "sent"),
    [
        ("application/pdf", "application/pdf"),
        ("APPLICATION/PDF", "application/pdf"),
        ("application/pdf; version=1.7", "application/pdf"),
        ("application/vnd.openxmlformats-officedocument.wordprocessingml.document", None),
        ("application/vnd.openxmlformats-officedocument.presentationml.presentation", None),
        ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", None),
        ("application/msword", None),
        ("application/vnd.ms-excel", None),
        ("text/csv", None),
        ("text/plain", None),
        ("text/markdown", None),
        ("application/json", None),
    ],
)
def test_files_openai_reads_are_input_files_in_responses(mime: str, sent: str | None) -> None:
    chat, output = both({"content": [text("Your file:"), blob("file:///tmp/q3-report", mime)]})
    assert chat == f"Your file:\n[resource: file:///tmp/q3-report, {mime}, 100 bytes]"
    sent = sent or mime
    assert output[1]["type"] == "input_file"
    assert output[1]["file_data"] == f"data:{sent};base64,{PDF}"
    assert output[1]["filename"].startswith("q3-report.")


@pytest.mark.parametrize(
    "mime", ["application/zip", "application/gzip", "image/png", "audio/wav", "application/x-pdf"]
)
def test_other_blobs_stay_placeholders(mime: str) -> None:
    chat, output = both({"content": [blob("file:///a.bin", mime)]})
    assert chat == output == f"[resource: file:///a.bin, {mime}, 100 bytes]"


@pytest.mark.parametrize(
    ("uri", "filename"),
    [
        ("file:///docs/report.pdf", "report.pdf"),
        ("https://example.com/files/a.pdf?download=1#page=2", "a.pdf"),
        ("demo://resource/dynamic/blob/1", "1.pdf"),
        ("file:///docs/", "docs.pdf"),
        ("urn:isbn:0451450523", "file.pdf"),
        ("", "file.pdf"),
        (None, "file.pdf"),
        (42, "file.pdf"),
    ],
)
def test_a_file_is_named_after_its_uri(uri: object, filename: str) -> None:
    _, output = both({"content": [blob(uri, "application/pdf")]})
    assert output == [
        {
            "type": "input_file",
            "filename": filename,
            "file_data": f"data:application/pdf;base64,{PDF}",
        }
    ]


@pytest.mark.parametrize("data", ["", "not base64!", None])
def test_a_file_without_valid_data_is_a_placeholder(data: object) -> None:
    block = {"type": "resource", "resource": {"uri": "f:/x", "mimeType": "application/pdf"}}
    if data is not None:
        block["resource"]["blob"] = data  # type: ignore[index]
    chat, output = both({"content": [block]})
    assert chat == output and chat.startswith("[resource: f:/x, application/pdf, ")


def test_media_too_large_for_openai_are_placeholders() -> None:
    """A data URL over 20,971,520 characters is refused (docs/openai-rules.md §5.2)."""
    data = base64.b64encode(bytes(15_728_640)).decode()  # 20,971,520 base64 characters
    image = {"type": "image", "data": data, "mimeType": "image/png"}
    chat, output = both({"content": [image, blob("f:/a.pdf", "application/pdf", data)]})
    expected = (
        "[image: image/png, 15728640 bytes, too large to send]\n"
        "[resource: f:/a.pdf, application/pdf, 15728640 bytes, too large to send]"
    )
    assert chat == output == expected
    fits = base64.b64encode(bytes(15_728_620)).decode()
    _, output = both({"content": [{"type": "image", "data": fits, "mimeType": "image/png"}]})
    assert len(output[0]["image_url"]) <= 20_971_520


# ---------------------------------------------------------------------------- caps


def test_a_capped_string_says_how_much_was_cut() -> None:
    chat, output = both({"content": [text("a" * 60), text("b" * 60)]}, max_output_chars=100)
    assert chat == output == "a" * 60 + "\n" + "b" * 14 + "\n[46 more characters cut]"
    assert len(chat) == 100
    assert both("short", max_output_chars=100) == ("short", "short")
    assert both("x" * 100, max_output_chars=100)[0] == "x" * 100  # exactly the cap: kept
    # a cap shorter than the marker: the marker alone
    assert both("x" * 100, max_output_chars=5)[0] == "[100 more characters cut]"


def test_a_capped_list_cuts_its_text_and_keeps_its_media() -> None:
    image = {"type": "image", "data": PNG, "mimeType": "image/png"}
    outcome = {"content": [text("a" * 50), image, text("b" * 50), image, text("c" * 50)]}
    _, output = both(outcome, max_output_chars=80)
    assert [item["type"] for item in output] == [
        "input_text",
        "input_image",
        "input_text",
        "input_image",
    ]
    assert output[0]["text"] == "a" * 50
    assert output[2]["text"] == "b" * 5 + "\n[95 more characters cut]"  # and all of c
    assert sum(len(item["text"]) for item in output if item["type"] == "input_text") == 80


@pytest.mark.parametrize("cap", [0, -1, 2.5, "100", True, False])
def test_bad_caps_are_refused(cap: object) -> None:
    for api in ("chat", "responses"):
        with pytest.raises(ValueError, match="max_output_chars must be a positive int"):
            rt.tool_output("c", "x", api=api, max_output_chars=cap)


# ---------------------------------------------------------------------------- images="message"


def test_images_message_gives_the_tool_message_then_a_user_message() -> None:
    image = {"type": "image", "data": PNG, "mimeType": "image/png"}
    outcome = {"content": [text("Two charts:"), image, image]}
    items = rt.tool_output("call_7", outcome, api="chat", name="s__echo", images="message")
    placeholder = "[image: image/png, 1024 bytes]"
    url = {"url": f"data:image/png;base64,{PNG}"}
    assert items == [
        {
            "role": "tool",
            "tool_call_id": "call_7",
            "content": f"Two charts:\n{placeholder}\n{placeholder}",
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "text",
                    "text": f"Image 1 of 2 from tool call call_7 (s__echo): {placeholder}",
                },
                {"type": "image_url", "image_url": url},
                {
                    "type": "text",
                    "text": f"Image 2 of 2 from tool call call_7 (s__echo): {placeholder}",
                },
                {"type": "image_url", "image_url": url},
            ],
        },
    ]
    unnamed = rt.tool_output("call_7", outcome, api="chat", images="message")
    assert unnamed[1]["content"][0]["text"].startswith("Image 1 of 2 from tool call call_7: ")
    # no image, a PDF (Chat takes none in tool results) or an error text: the tool message only
    for other in ("plain", {"content": [blob("f:/a.pdf", "application/pdf")]}, ValueError("x")):
        assert len(rt.tool_output("c", other, api="chat", images="message")) == 1
    # Responses holds its images itself
    responses = rt.tool_output("c", outcome, api="responses", images="message")
    assert responses == [rt.tool_output("c", outcome, api="responses")]


def test_bad_images_option_is_refused() -> None:
    for api in ("chat", "responses"):
        with pytest.raises(ValueError, match="images must be None"):
            rt.tool_output("c", "x", api=api, images="inline")


# ---------------------------------------------------------------------------- output schemas


def test_structured_content_is_the_output_of_a_tool_with_an_output_schema() -> None:
    weather = {"content": [text("Rain, 12 °C.")], "structuredContent": {"rain": True, "c": 12}}
    json_text = '{"rain":true,"c":12}'
    for outcome in (weather, {**weather, "structured_content": None}):
        assert rt.tool_output("c", outcome, api="responses", name="s__weather")["output"] == (
            json_text
        )
    # other tools, unnamed calls and Chat (no output_schema there) keep the content
    assert rt.tool_output("c", weather, api="responses", name="s__echo")["output"] == "Rain, 12 °C."
    assert rt.tool_output("c", weather, api="responses")["output"] == "Rain, 12 °C."
    assert rt.tool_output("c", weather, api="chat", name="s__weather")["content"] == "Rain, 12 °C."
    # an error is not the described value; a result without structuredContent has its content
    error = {**weather, "isError": True}
    assert rt.tool_output("c", error, api="responses", name="s__weather")["output"] == (
        "Error: Rain, 12 °C."
    )
    bare = {"content": [text("no structure")]}
    assert rt.tool_output("c", bare, api="responses", name="s__weather")["output"] == (
        "no structure"
    )
