"""Formatting an MCP result (or an exception) as the output item of either API:
``tool_output()``.
"""

from .reading import SCALARS, get, has, is_mapping, plain_caller

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .core import Tables

    # A result part: a text, or (placeholder, MIME type, base64 data, file name or None)
    _Part = str | tuple[str, str, str, str | None]


# OpenAI refuses a function_call_output (or an input_text) longer than 10,485,760
# characters, max_output_chars' default, and a data URL longer than 20,971,520
# (docs/openai-rules.md §5.2).
_MAX_DATA_URL = 20_971_520


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
    return [item, image_message(pictures)] if pictures else [item]


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
) -> "tuple[dict[str, object], list[tuple[str, str | None, _Part]]]":
    """The output item, and (Chat) the images it leaves out, each with its call id and
    tool name: ``image_message`` carries them."""
    if api == "chat":
        error, parts = _outcome(outcome, False)
        item: dict[str, object] = {
            "role": "tool",
            "tool_call_id": call_id,
            "content": _text(error, parts, cap),
        }
        return item, [(call_id, name, part) for part in _pictures(parts)]
    if api == "responses":
        entry = toolset.entry(name) if type(name) is str else None
        error, parts = _outcome(outcome, entry is not None and "structured" in entry)
        content: str | list[dict[str, object]]
        if any(type(part) is tuple for part in parts):
            content = _items(error, parts, cap)
        else:
            content = _text(error, parts, cap)
        item = {"type": "function_call_output", "call_id": call_id, "output": content}
        if caller is not None:
            plain = plain_caller(caller)
            if plain is not None:
                item["caller"] = plain
        return item, []
    raise ValueError(f"api must be 'chat' or 'responses', not {api!r}")


# Rendering results. A part is a text, or (placeholder, MIME type, base64 data, file
# name) for an image (file name None) or a file the Responses API accepts.

_IMAGE_TYPES = ("image/jpeg", "image/png", "image/gif", "image/webp")

# The files a function_call_output's input_file takes, with the extension a file name
# gets when its URI has none (docs/openai-rules.md §5.4).
_FILE_TYPES = {
    "application/pdf": ".pdf",
    "text/plain": ".txt",
    "text/markdown": ".md",
    "application/json": ".json",
    "text/html": ".html",
    "application/xml": ".xml",
    "text/xml": ".xml",
    "application/msword": ".doc",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ".docx",
    "application/rtf": ".rtf",
    "text/rtf": ".rtf",
    "application/vnd.oasis.opendocument.text": ".odt",
    "application/vnd.ms-powerpoint": ".ppt",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation": ".pptx",
    "text/csv": ".csv",
    "application/vnd.ms-excel": ".xls",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ".xlsx",
}


def _outcome(outcome: object, structured: bool) -> "tuple[bool, list[_Part]]":
    if type(outcome) is not dict:  # a wire dict, the usual case, needs none of these
        if isinstance(outcome, (str, BaseException)):
            if isinstance(outcome, str):
                return False, [outcome]
            return True, [_exception_text(outcome)]
        if not (
            isinstance(outcome, dict)
            or is_mapping(outcome)
            or _has_any(outcome, ("content", "isError", "is_error"))
            or _has_any(outcome, ("structuredContent", "structured_content"))
        ):
            return False, [f"[unsupported result: {type(outcome).__name__}]"]
    error = _field(outcome, "isError", "is_error") is True
    content = get(outcome, "content")
    if content is None:
        content = []
    elif not isinstance(content, (list, tuple)):
        return error, ["[invalid content]"]
    if not content or (structured and not error):
        # The output schema describes structuredContent (docs/design.md, "Results").
        data = _field(outcome, "structuredContent", "structured_content")
        if data is not None:
            return error, [_compact_json(data)]
        if not content:
            return error, []
    return error, [_block(block) for block in content]


def _has_any(obj: object, keys: tuple[str, ...]) -> bool:
    if obj is None or isinstance(obj, SCALARS):
        return False
    return any(has(obj, key) for key in keys)


def _exception_text(exc: BaseException) -> str:
    try:
        text = str(exc)
    # an exception's __str__ is anyone's code
    except Exception:  # noqa: BLE001
        text = ""
    return text if text else type(exc).__name__


def _field(obj: object, wire: str, python: str) -> object:
    # Wire dicts use the protocol's camelCase; the mcp SDK's objects snake_case. An
    # object with the snake attribute is read by it alone, even when it is None: the
    # camelCase alias of the SDK's objects warns that it is deprecated.
    if isinstance(obj, dict) or is_mapping(obj):
        value = get(obj, wire)
        return get(obj, python) if value is None else value
    return get(obj, python) if has(obj, python) else get(obj, wire)


def _compact_json(value: object) -> str:
    # Any JSON value: an object, or since MCP 2026-07-28 an array or a scalar (SEP-2106;
    # docs/mcp-2026.md, (a)).
    import json

    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return "[invalid structured content]"


def _block(block: object) -> "_Part":
    kind = get(block, "type")
    if kind == "text":
        text = get(block, "text")
        return text if isinstance(text, str) else "[text: missing text]"
    if kind == "image" or kind == "audio":
        mime = _field(block, "mimeType", "mime_type")
        size, data = _decoded_size(get(block, "data"))
        label = mime if isinstance(mime, str) and mime else "unknown type"
        placeholder = f"[{kind}: {label}, {size}]"
        if kind == "image" and data and isinstance(mime, str):
            mime = mime.lower()
            if mime in _IMAGE_TYPES:
                if len(data) + len(mime) + 13 > _MAX_DATA_URL:
                    return f"[{kind}: {label}, {size}, too large to send]"
                return (placeholder, mime, data, None)
        return placeholder
    if kind == "resource":
        resource = get(block, "resource")
        uri = get(resource, "uri")
        if resource is None:
            return "[resource: missing contents]"
        text = get(resource, "text")
        if isinstance(text, str):
            return text
        mime = _field(resource, "mimeType", "mime_type")
        size, data = _decoded_size(get(resource, "blob"))
        uri_label = uri if isinstance(uri, str) and uri else "unknown URI"
        if not (isinstance(mime, str) and mime):
            return f"[resource: {uri_label}, {size}]"
        placeholder = f"[resource: {uri_label}, {mime}, {size}]"
        bare = mime.split(";", 1)[0].strip().lower()
        extension = _FILE_TYPES.get(bare)
        if extension is not None and data:
            if len(data) + len(bare) + 13 > _MAX_DATA_URL:
                return f"[resource: {uri_label}, {mime}, {size}, too large to send]"
            return (placeholder, bare, data, _filename(uri, extension))
        return placeholder
    if kind == "resource_link":
        uri = get(block, "uri")
        uri_label = uri if isinstance(uri, str) and uri else "unknown URI"
        return f"[resource link: {uri_label}]"
    if isinstance(kind, str) and kind:
        return f"[unsupported content: {kind}]"
    return "[unsupported content]"


def _filename(uri: object, extension: str) -> str:
    # The last segment of the resource's URI, with the type's extension when it has
    # none: input_file needs a file name, and the model sees it.
    name = ""
    if isinstance(uri, str):
        path = uri.split("?", 1)[0].split("#", 1)[0].rstrip("/")
        name = path.rsplit("/", 1)[-1][-200:]
        if ":" in name:
            name = ""
    if not name:
        name = "file"
    return name if "." in name else name + extension


def _decoded_size(data: object) -> tuple[str, str | None]:
    """``("N bytes", data)`` for valid base64 (without whitespace), else no data."""
    if not isinstance(data, str):
        return "no data", None
    import binascii

    try:
        size = len(binascii.a2b_base64(data, strict_mode=True))
    except ValueError:
        data = "".join(data.split())
        try:
            size = len(binascii.a2b_base64(data, strict_mode=True))
        except ValueError:
            return "invalid base64", None
    return f"{size} bytes", data if size else None


def _text(error: bool, parts: "list[_Part]", cap: "int | None") -> str:
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
        return _cut(text, cap, len(text))
    return text


def _cut(text: str, cap: int, total: int) -> str:
    """``text`` cut so that, with the marker saying how many of ``total`` characters
    were cut, it holds at most ``cap`` characters (the marker alone when it is
    longer)."""
    keep = _kept(cap, total)
    return text[:keep] + _marker(total - keep, keep > 0)


def _kept(cap: int, total: int) -> int:
    # The most characters that fit beside their marker: fewer cut characters make a
    # shorter marker, which leaves room for more (at most a few rounds).
    keep = max(0, cap - len(_marker(total, True)))
    while True:
        room = max(0, cap - len(_marker(total - keep, True)))
        if room <= keep:
            return keep
        keep = room


def _marker(count: int, newline: bool) -> str:
    return ("\n" if newline else "") + f"[{count:,} more characters cut]"


def _items(
    error: bool, parts: "list[_Part]", cap: "int | None"
) -> list[dict[str, object]]:
    items: list[dict[str, object]] = []
    total = 0  # the characters of the text items
    for part in parts:
        if type(part) is str:
            items.append({"type": "input_text", "text": part})
            total += len(part)
        elif part[3] is None:
            url = f"data:{part[1]};base64,{part[2]}"
            items.append({"type": "input_image", "image_url": url})
        else:
            url = f"data:{part[1]};base64,{part[2]}"
            items.append({"type": "input_file", "filename": part[3], "file_data": url})
    if error:
        first = items[0]
        if first["type"] != "input_text":
            items.insert(0, {"type": "input_text", "text": "Error:"})
            total += 6
        elif not str(first["text"]).startswith("Error:"):
            first["text"] = f"Error: {first['text']}"
            total += 7
    if cap is not None and total > cap:
        return _capped_items(items, cap, total)
    return items


def _capped_items(
    items: "list[dict[str, object]]", cap: int, total: int
) -> list[dict[str, object]]:
    # The text items' characters together are at most cap: the item that crosses it is
    # cut and carries the marker, later text items are dropped (their characters are
    # counted in the marker), media stay.
    left = _kept(cap, total)
    kept: list[dict[str, object]] = []
    used = 0
    cut = False
    for item in items:
        if item["type"] != "input_text":
            kept.append(item)
            continue
        if cut:
            continue
        text = str(item["text"])
        if used + len(text) <= left:
            used += len(text)
            kept.append(item)
            continue
        room = left - used
        marker = _marker(total - used - room, room > 0)
        kept.append({"type": "input_text", "text": text[:room] + marker})
        cut = True
    return kept


def _pictures(parts: "list[_Part]") -> "list[_Part]":
    # The images among the parts (not the files: Chat takes no files here).
    return [part for part in parts if type(part) is tuple and part[3] is None]


def image_message(
    pictures: "list[tuple[str, str | None, _Part]]",
) -> "dict[str, object]":
    """The Chat ``user`` message carrying the images of tool results, each labelled
    with the call it came from (Chat takes images in user messages only)."""
    content: list[dict[str, object]] = []
    counts: dict[str, int] = {}
    for call_id, _, _ in pictures:
        counts[call_id] = counts.get(call_id, 0) + 1
    seen: dict[str, int] = {}
    for call_id, name, part in pictures:
        if type(part) is str:
            continue
        seen[call_id] = number = seen.get(call_id, 0) + 1
        what = f"tool call {call_id}" + (f" ({name})" if name else "")
        label = f"Image {number} of {counts[call_id]} from {what}: {part[0]}"
        content.append({"type": "text", "text": label})
        url = f"data:{part[1]};base64,{part[2]}"
        content.append({"type": "image_url", "image_url": {"url": url}})
    return {"role": "user", "content": content}
