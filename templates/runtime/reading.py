"""Reading a response (or an MCP result) as a dict or as an ``openai`` (or ``mcp``) SDK
object, without importing either."""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import TypeGuard


SCALARS = (str, bytes, bytearray, int, float, list, tuple)


def quote(name: object) -> str:
    """A name (or anything else) as a message shows it: ``repr``, at most 80 characters."""
    return clip(repr(name), 80)


def clip(text: str, limit: int) -> str:
    """``text``, cut to at most ``limit`` characters ending in "..." when longer."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def prepare(response: object, api: str | None) -> tuple[object, str]:
    """The response to read (a mapping, or an object with attributes) and its API."""
    if api is not None and api != "chat" and api != "responses":
        raise ValueError(f"api must be 'chat', 'responses' or None, not {api!r}")
    if not (isinstance(response, dict) or is_mapping(response)):
        if response is None or isinstance(response, SCALARS):
            raise TypeError(_NOT_A_RESPONSE + type(response).__name__)
        # The openai SDK's objects name their kind; reading that first spares pydantic
        # attribute misses, which cost tens of microseconds a call (docs/performance.md).
        kind = getattr(response, "object", None)
        if api != "responses" and kind == "chat.completion":
            return response, "chat"
        if api != "chat" and kind == "response":
            return response, "responses"
        if kind == "chat.completion.chunk":
            raise TypeError(CHAT_CHUNK)
        refuse_stream_event(response)
        if api != "responses" and has(response, "choices"):
            return response, "chat"
        if api != "chat" and has(response, "output"):
            return response, "responses"
        response = _dump(response)
    chat = "choices" in response
    responses = "output" in response
    if not (chat or responses):
        refuse_stream_event(response)
        raise ValueError(
            "response has neither 'choices' (Chat Completions) nor 'output' (Responses)"
        )
    if api is None:
        return response, "chat" if chat else "responses"
    if not (chat if api == "chat" else responses):
        key = "choices" if api == "chat" else "output"
        raise ValueError(f"api is {api!r} but the response has no {key!r}")
    return response, api


def _dump(response: object) -> dict[object, object]:
    dump = getattr(response, "model_dump", None)
    if callable(dump):
        try:
            data = dump(mode="json", exclude_unset=True)
        # an app's object: whatever it raises, it is not a dump
        except Exception:  # noqa: BLE001
            data = None
        if isinstance(data, dict):
            return data
    name = type(response).__name__
    if any(hasattr(response, key) for key in _STREAM_METHODS):
        raise TypeError(
            f"response is a stream ({name}), not a response: assemble it first, e.g. "
            "`client.chat.completions.stream(...)` then `stream.get_final_completion()`"
            ", or `client.responses.stream(...)` then `stream.get_final_response()`"
        )
    raise TypeError(_NOT_A_RESPONSE + name)


_NOT_A_RESPONSE = (
    "response must be a Chat Completions or Responses response (a dict or an openai "
    "SDK object), not "
)


_STREAM_METHODS = ("__iter__", "__aiter__", "__enter__", "__aenter__")


_mapping_types: "dict[type, bool]" = {}


def is_mapping(value: object) -> "TypeGuard[Mapping[object, object]]":
    """Whether ``value`` is a mapping, by its type, known after its first check (an
    ``isinstance`` against the ``Mapping`` ABC costs microseconds on an SDK object)."""
    kind = type(value)
    known = _mapping_types.get(kind)
    if known is None:
        from collections.abc import Mapping

        known = _mapping_types[kind] = issubclass(kind, Mapping)
    return known


def has(obj: object, key: str) -> bool:
    """Whether a mapping has the key ``key``, another object the attribute."""
    try:
        if isinstance(obj, dict) or is_mapping(obj):
            return key in obj
        getattr(obj, key)
    # an app's mapping or object: whatever it raises, it has no such key or attribute
    except Exception:  # noqa: BLE001
        return False
    return True


def get(obj: object, key: str) -> object:
    """``obj[key]`` for a mapping, ``obj.key`` for another object; None when absent."""
    if type(obj) is dict:
        return obj.get(key)
    try:
        if is_mapping(obj):
            return obj.get(key)
        return getattr(obj, key, None)
    # an app's object: whatever it raises, it has no such value
    except Exception:  # noqa: BLE001
        return None


def field(obj: object, wire: str, python: str) -> object:
    # Wire dicts use the protocol's camelCase; the mcp SDK's objects snake_case. An
    # object with the snake attribute is read by it alone, even when it is None: the
    # camelCase alias of the SDK's objects warns that it is deprecated.
    if isinstance(obj, dict) or is_mapping(obj):
        value = get(obj, wire)
        return get(obj, python) if value is None else value
    return get(obj, python) if has(obj, python) else get(obj, wire)


_FIELDS = (
    "type",
    "id",
    "call_id",
    "name",
    "arguments",
    "function",
    "namespace",
    "caller",
    "caller_id",
    "execution",
)


_model_types: "dict[type, bool]" = {}


def fields(obj: object) -> "dict[str, object]":
    """The fields of an item that the runtime reads, as a dict. An SDK object's (pydantic)
    are its ``__dict__``, where its declared fields are (a field the server left out is
    None there), with the extras an older SDK keeps: reading attributes instead costs tens
    of microseconds a call in misses. Any other object's, copied out (a field it lacks is
    None, as a field the server left out is in a pydantic object)."""
    kind = type(obj)
    model = _model_types.get(kind)
    if model is None:
        model = _model_types[kind] = isinstance(
            getattr(kind, "__pydantic_fields__", None), dict
        ) and isinstance(getattr(obj, "__dict__", None), dict)
    if model:
        values: dict[str, object] = obj.__dict__
        extra = getattr(obj, "__pydantic_extra__", None)
        return {**extra, **values} if extra and isinstance(extra, dict) else values
    return {key: get(obj, key) for key in _FIELDS}


CHAT_CHUNK = (
    "response is a Chat Completions stream chunk (chat.completion.chunk), not a "
    "response: assemble the stream first, e.g. `client.chat.completions.stream(...)` "
    "then `stream.get_final_completion()` (or ChatCompletionStreamState: "
    "handle_chunk() for each chunk, then get_final_completion())"
)


def refuse_stream_event(response: object) -> None:
    # A Responses stream event is not a response: TypeError, saying how to get one.
    kind = get(response, "type")
    if type(kind) is not str:
        return
    if kind.startswith("response.") or has(response, "sequence_number"):
        raise TypeError(
            f"response is a Responses stream event ({quote(kind)}), not a response: "
            "assemble the stream first, e.g. `client.responses.stream(...)` then "
            "`stream.get_final_response()` (or pass the `response` of the "
            "'response.completed' event)"
        )


def plain_caller(caller: object) -> "dict[str, object] | None":
    # A call's caller as a plain dict, to echo on its output (None: not an object,
    # which no caller the API sends is).
    if caller is None or isinstance(caller, SCALARS):
        return None
    mapping = isinstance(caller, dict) or is_mapping(caller)
    try:
        plain = copy(caller if mapping else fields(caller))
    except RecursionError:
        return None
    if type(plain) is not dict:
        return None
    return plain if mapping else {k: v for k, v in plain.items() if v is not None}


def copy(value: object) -> object:
    if isinstance(value, list):
        return [copy(item) for item in value]
    if value is None or isinstance(value, SCALARS):  # no Mapping test for a leaf
        return value
    if isinstance(value, dict) or is_mapping(value):
        return {key: copy(item) for key, item in value.items()}
    return value
