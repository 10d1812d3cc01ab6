"""Reading a response as a dict or as an ``openai`` SDK object, without importing either.

Part of the runtime every generated module carries (templates/runtime/__init__.py).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .calls import _CHAT_CHUNK, _stream_event

# ---- runtime ----

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import TypeGuard


_SCALARS = (str, bytes, bytearray, int, float, list, tuple)


def _prepare(response: object, api: str | None) -> tuple[object, str]:
    """The response to read (a mapping, or an object with attributes) and its API."""
    if api is not None and api != "chat" and api != "responses":
        raise ValueError(f"api must be 'chat', 'responses' or None, not {api!r}")
    if not (isinstance(response, dict) or _is_mapping(response)):
        if response is None or isinstance(response, _SCALARS):
            raise TypeError(
                "response must be a Chat Completions or Responses response (a dict "
                f"or an openai SDK object), not {type(response).__name__}"
            )
        # The openai SDK's objects name their kind; reading that first spares a
        # pydantic attribute miss (several microseconds) on every call.
        kind = getattr(response, "object", None)
        if api != "responses" and kind == "chat.completion":
            return response, "chat"
        if api != "chat" and kind == "response":
            return response, "responses"
        if kind == "chat.completion.chunk":
            raise TypeError(_CHAT_CHUNK)
        event = _stream_event(response)
        if event is not None:
            raise TypeError(event)
        if api != "responses" and _has(response, "choices"):
            return response, "chat"
        if api != "chat" and _has(response, "output"):
            return response, "responses"
        response = _dump(response)
    chat = "choices" in response
    responses = "output" in response
    if not (chat or responses):
        event = _stream_event(response)
        if event is not None:
            raise TypeError(event)
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
        except Exception:
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
    raise TypeError(
        "response must be a Chat Completions or Responses response (a dict or an "
        f"openai SDK object), not {name}"
    )


_STREAM_METHODS = ("__iter__", "__aiter__", "__enter__", "__aenter__")


_mapping_types: dict[type, bool] = {}


def _is_mapping(value: object) -> "TypeGuard[Mapping[object, object]]":
    kind = type(value)
    known = _mapping_types.get(kind)
    if known is None:
        from collections.abc import Mapping

        known = _mapping_types[kind] = issubclass(kind, Mapping)
    return known


def _has(obj: object, key: str) -> bool:
    if isinstance(obj, dict) or _is_mapping(obj):
        try:
            return key in obj
        except Exception:
            return False
    try:
        getattr(obj, key)
    except Exception:
        return False
    return True


def _get(obj: object, key: str) -> object:
    """``obj[key]`` for a mapping, ``obj.key`` for another object; None when absent."""
    kind = type(obj)
    if kind is dict:
        return obj.get(key)  # type: ignore[attr-defined]
    # Inlined _is_mapping: this runs several times per call on SDK objects.
    mapping = _mapping_types.get(kind)
    try:
        if mapping is None:
            mapping = _is_mapping(obj)
        if mapping:
            return obj.get(key)  # type: ignore[attr-defined]
        return getattr(obj, key, None)
    except Exception:
        return None


_model_types: "dict[type, bool]" = {}
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


def _fields(obj: object) -> "dict[str, object]":
    # What an item's fields are read from, with .get(key, default). A pydantic model's
    # own __dict__, where its declared fields are (much faster than attribute reads;
    # a field the server left out is None there, and _unset_arguments tells it apart),
    # with the fields an older SDK keeps as extras. Any other object: the fields the
    # runtime reads, copied out (a field it lacks is left out, as in the JSON).
    kind = type(obj)
    model = _model_types.get(kind)
    if model is None:
        model = _model_types[kind] = isinstance(
            getattr(kind, "__pydantic_fields__", None), dict
        ) and isinstance(getattr(obj, "__dict__", None), dict)
    if model:
        values: dict[str, object] = obj.__dict__
        extra = getattr(obj, "__pydantic_extra__", None)
        if extra and isinstance(extra, dict):
            return {**extra, **values}
        return values
    fields: dict[str, object] = {}
    if obj is not None and not isinstance(obj, _SCALARS):
        for key in _FIELDS:
            if _has(obj, key):
                fields[key] = _get(obj, key)
    return fields
