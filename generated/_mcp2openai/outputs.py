"""Formatting an MCP result (or an exception) as the output item of either API:
``tool_output()``.
"""

from .reading import SCALARS, field, get, has, is_mapping, plain_caller

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .core import Tables
    from .media import Part


def tool_output(
    toolset: "Tables",
    call_id: str,
    outcome: object,
    api: str,
    caller: object,
    name: "str | None",
    images: "str | None",
    max_output_chars: "int | None",
) -> "dict[str, object] | list[dict[str, object]]":
    """``Toolset.tool_output``."""
    check_options(images, max_output_chars)
    item, pictures = output(
        toolset, call_id, outcome, api, caller, name, max_output_chars
    )
    if images is None:
        return item
    if not pictures:
        return [item]
    from .media import image_message

    return [item, image_message(pictures)]


def check_options(images: object, max_output_chars: object) -> None:
    if images is not None and images != "message":
        raise ValueError("images must be None (placeholders in Chat) or 'message'")
    if max_output_chars is not None and (
        type(max_output_chars) is not int or max_output_chars < 1
    ):
        message = "max_output_chars must be a positive int or None, not "
        raise ValueError(message + repr(max_output_chars))


def output(
    toolset: "Tables",
    call_id: str,
    outcome: object,
    api: str,
    caller: object,
    name: "str | None",
    cap: "int | None",
) -> "tuple[dict[str, object], list[tuple[str, str | None, Part]]]":
    """The output item, and (Chat) the images it leaves out, each with its call id and
    tool name: ``image_message`` carries them."""
    if api == "chat":
        error, parts = _outcome(outcome, False)
        item: dict[str, object] = {
            "role": "tool",
            "tool_call_id": call_id,
            "content": _text(error, parts, cap),
        }
        # The images among the parts (not the files: Chat takes no files here).
        images = [p for p in parts if type(p) is tuple and p[3] is None]
        return item, [(call_id, name, part) for part in images]
    if api == "responses":
        entry = toolset.entry(name) if type(name) is str else None
        error, parts = _outcome(outcome, entry is not None and "structured" in entry)
        content: str | list[dict[str, object]]
        if any(type(part) is tuple for part in parts):
            from .media import input_items

            content = input_items(error, parts, cap)
        else:
            content = _text(error, parts, cap)
        item = {"type": "function_call_output", "call_id": call_id, "output": content}
        if caller is not None:
            plain = plain_caller(caller)
            if plain is not None:
                item["caller"] = plain
        return item, []
    raise ValueError(f"api must be 'chat' or 'responses', not {api!r}")


# Rendering results: a result is read as parts (``media.Part``), then joined.


def _outcome(outcome: object, structured: bool) -> "tuple[bool, list[Part]]":
    if type(outcome) is not dict:  # a wire dict, the usual case, needs none of these
        if isinstance(outcome, str):
            return False, [outcome]
        if isinstance(outcome, BaseException):
            try:
                text = str(outcome)
            # an exception's __str__ is anyone's code
            except Exception:  # noqa: BLE001
                text = ""
            return True, [text if text else type(outcome).__name__]
        # a scalar, list or tuple (a namedtuple too) is no result, whatever it has
        result = not isinstance(outcome, SCALARS) and (
            is_mapping(outcome) or any(has(outcome, k) for k in _RESULT_FIELDS)
        )
        if not result:
            return False, [f"[unsupported result: {type(outcome).__name__}]"]
    error = field(outcome, "isError", "is_error") is True
    content = get(outcome, "content")
    if content is None:
        content = []
    elif not isinstance(content, (list, tuple)):
        return error, ["[invalid content]"]
    if not content or (structured and not error):
        # The output schema describes structuredContent (docs/design.md, "Results").
        data = field(outcome, "structuredContent", "structured_content")
        if data is not None:
            return error, [_compact_json(data)]
    return error, [_part(block) for block in content]


# The fields that make an object a result, in either spelling.
_RESULT_FIELDS = (
    "content",
    "isError",
    "is_error",
    "structuredContent",
    "structured_content",
)


def _compact_json(value: object) -> str:
    # Any JSON value: an object, or since MCP 2026-07-28 an array or a scalar (SEP-2106;
    # docs/mcp-2026.md, (a)).
    import json

    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return "[invalid structured content]"


def _part(block: object) -> "Part":
    kind = get(block, "type")
    if kind == "text":
        text = get(block, "text")
        return text if isinstance(text, str) else "[text: missing text]"
    from .media import part  # images, audio, resources and the unknown

    return part(block, kind)


def _text(error: bool, parts: "list[Part]", cap: "int | None") -> str:
    first = parts[0] if len(parts) == 1 else None
    if type(first) is str:  # one text, the usual result: no join needed
        text = first
    else:
        text = "\n".join(part if type(part) is str else part[0] for part in parts)
    if not text:
        text = "(no output)"
    if error and not text.startswith("Error:"):
        text = "Error: " + text
    if cap is not None and len(text) > cap:
        from .cutting import cut

        return cut(text, cap, len(text))
    return text
