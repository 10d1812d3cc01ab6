"""Formatting an MCP result (or an exception) as the output item of either API:
``tool_output()``.

Part of the runtime every generated module carries (templates/runtime/__init__.py).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .api import _Part
    from .calls import _plain_caller
    from .reading import _SCALARS, _get, _has, _is_mapping

# ---- runtime ----


def tool_output(
    call_id: str, outcome: object, *, api: str, caller: object = None
) -> "dict[str, object]":
    """The output item that answers the call ``call_id`` with ``outcome``.

    ``outcome`` is an MCP ``CallToolResult``: a wire dict (``content``, ``isError``,
    ``structuredContent``), an object with those attributes (the ``mcp`` SDK's result,
    in either spelling: ``isError`` or ``is_error``), or an exception, which is an
    error.

    Chat (``{"role": "tool", ...}``) is text only: text blocks joined by newlines,
    media as placeholders such as ``[image: image/png, 1024 bytes]``, an embedded text
    resource as its text. Responses (``{"type": "function_call_output", ...}``): the
    same string or, when a JPEG, PNG, GIF or WebP image is present, a list of
    ``input_text`` and ``input_image`` (data URI) items in content order. With no
    content, ``structuredContent`` is sent as compact JSON. An error is prefixed with
    ``"Error: "`` (in a list: the first item's text, or an ``"Error:"`` item put first
    when the list starts with an image). A result with nothing in it is sent as
    ``"(no output)"``: an empty output would tell the model nothing. Malformed results
    become placeholders, never exceptions. No size limit is applied.

    ``caller`` (Responses) is the call's ``ToolCall.caller``: a call a program made
    must be answered with the same caller. Chat has no callers.
    """
    if api == "chat":
        error, parts = _outcome(outcome)
        return {"role": "tool", "tool_call_id": call_id, "content": _text(error, parts)}
    if api == "responses":
        error, parts = _outcome(outcome)
        output: str | list[dict[str, object]]
        if any(type(part) is tuple for part in parts):
            output = _items(error, parts)
        else:
            output = _text(error, parts)
        item: dict[str, object] = {
            "type": "function_call_output",
            "call_id": call_id,
            "output": output,
        }
        if caller is not None:
            plain = _plain_caller(caller)
            if plain is not None:
                item["caller"] = plain
        return item
    raise ValueError(f"api must be 'chat' or 'responses', not {api!r}")


# Rendering results. A part is a text, or (placeholder, MIME type, base64 data) for an
# image the Responses API accepts.

_IMAGE_TYPES = ("image/jpeg", "image/png", "image/gif", "image/webp")


def _outcome(outcome: object) -> "tuple[bool, list[_Part]]":
    if isinstance(outcome, BaseException):
        return True, [_exception_text(outcome)]
    if not (
        isinstance(outcome, dict)
        or _is_mapping(outcome)
        or _has_any(outcome, ("content", "isError", "is_error"))
        or _has_any(outcome, ("structuredContent", "structured_content"))
    ):
        return False, [f"[unsupported result: {type(outcome).__name__}]"]
    error = _field(outcome, "isError", "is_error") is True
    content = _get(outcome, "content")
    if content is None:
        content = []
    elif not isinstance(content, (list, tuple)):
        return error, ["[invalid content]"]
    if not content:
        structured = _field(outcome, "structuredContent", "structured_content")
        if structured is None:
            return error, []
        return error, [_compact_json(structured)]
    return error, [_block(block) for block in content]


def _has_any(obj: object, keys: tuple[str, ...]) -> bool:
    if obj is None or isinstance(obj, _SCALARS):
        return False
    return any(_has(obj, key) for key in keys)


def _exception_text(exc: BaseException) -> str:
    try:
        text = str(exc)
    except Exception:
        text = ""
    return text if text else type(exc).__name__


def _field(obj: object, wire: str, python: str) -> object:
    # Wire dicts use the protocol's camelCase; the mcp SDK's objects snake_case.
    first, second = (wire, python) if isinstance(obj, dict) else (python, wire)
    value = _get(obj, first)
    return _get(obj, second) if value is None else value


def _compact_json(value: object) -> str:
    if not isinstance(value, dict):
        return "[invalid structured content]"
    import json

    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return "[invalid structured content]"


def _block(block: object) -> "_Part":
    kind = _get(block, "type")
    if kind == "text":
        text = _get(block, "text")
        return text if isinstance(text, str) else "[text: missing text]"
    if kind == "image" or kind == "audio":
        mime = _field(block, "mimeType", "mime_type")
        size, data = _decoded_size(_get(block, "data"))
        label = mime if isinstance(mime, str) and mime else "unknown type"
        placeholder = f"[{kind}: {label}, {size}]"
        if kind == "image" and data and isinstance(mime, str):
            mime = mime.lower()
            if mime in _IMAGE_TYPES:
                return (placeholder, mime, data)
        return placeholder
    if kind == "resource":
        resource = _get(block, "resource")
        uri = _get(resource, "uri")
        if resource is None:
            return "[resource: missing contents]"
        text = _get(resource, "text")
        if isinstance(text, str):
            return text
        mime = _field(resource, "mimeType", "mime_type")
        size = _decoded_size(_get(resource, "blob"))[0]
        uri_label = uri if isinstance(uri, str) and uri else "unknown URI"
        if isinstance(mime, str) and mime:
            return f"[resource: {uri_label}, {mime}, {size}]"
        return f"[resource: {uri_label}, {size}]"
    if kind == "resource_link":
        uri = _get(block, "uri")
        uri_label = uri if isinstance(uri, str) and uri else "unknown URI"
        return f"[resource link: {uri_label}]"
    if isinstance(kind, str) and kind:
        return f"[unsupported content: {kind}]"
    return "[unsupported content]"


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


def _text(error: bool, parts: "list[_Part]") -> str:
    text = "\n".join(part if type(part) is str else part[0] for part in parts)
    if not text:
        text = "(no output)"
    return "Error: " + text if error else text


def _items(error: bool, parts: "list[_Part]") -> list[dict[str, object]]:
    items: list[dict[str, object]] = []
    for part in parts:
        if type(part) is str:
            items.append({"type": "input_text", "text": part})
        else:
            url = f"data:{part[1]};base64,{part[2]}"
            items.append({"type": "input_image", "image_url": url})
    if error:
        first = items[0]
        if first["type"] == "input_text":
            first["text"] = f"Error: {first['text']}"
        else:
            items.insert(0, {"type": "input_text", "text": "Error:"})
    return items
