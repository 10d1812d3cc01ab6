"""The media of an MCP result: images, audio and resources as the parts of an output,
the Responses API's input items for them, and the Chat message that carries images.

Loaded only for a result holding something other than text.
"""

from .reading import field, get

TYPE_CHECKING = False
if TYPE_CHECKING:
    # A result part: a text, or (placeholder, MIME type, base64 data, file name) for an
    # image (file name None) or a file the Responses API accepts.
    Part = str | tuple[str, str, str, str | None]


# OpenAI refuses a function_call_output (or an input_text) longer than 10,485,760
# characters, max_output_chars' default, and a data URL longer than 20,971,520
# (docs/openai-rules.md §5.2).
_MAX_DATA_URL = 20_971_520

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


def part(block: object, kind: object) -> "Part":
    """The part of a content block of type ``kind`` other than text."""
    if kind == "image" or kind == "audio":
        mime = field(block, "mimeType", "mime_type")
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
        mime = field(resource, "mimeType", "mime_type")
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
    if not name or ":" in name:
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


def input_items(
    error: bool, parts: "list[Part]", cap: "int | None"
) -> list[dict[str, object]]:
    # The error's prefix on the first text, or a text of its own before an image or file.
    first = parts[0]
    if error and type(first) is str and not first.startswith("Error:"):
        parts = ["Error: " + first, *parts[1:]]
    elif error and type(first) is not str:
        parts = ["Error:", *parts]
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
    if cap is not None and total > cap:
        from .cutting import capped_items

        return capped_items(items, cap, total)
    return items


def image_message(
    pictures: "list[tuple[str, str | None, Part]]",
) -> "dict[str, object]":
    """The Chat ``user`` message carrying the images of tool results, each labelled
    with the call it came from (Chat takes images in user messages only)."""
    content: list[dict[str, object]] = []
    counts: dict[str, int] = {}
    for call_id, _, _ in pictures:
        counts[call_id] = counts.get(call_id, 0) + 1
    seen: dict[str, int] = {}
    for call_id, name, part in pictures:
        seen[call_id] = number = seen.get(call_id, 0) + 1
        what = f"tool call {call_id}" + (f" ({name})" if name else "")
        label = f"Image {number} of {counts[call_id]} from {what}: {part[0]}"
        content.append({"type": "text", "text": label})
        url = f"data:{part[1]};base64,{part[2]}"
        content.append({"type": "image_url", "image_url": {"url": url}})
    return {"role": "user", "content": content}
