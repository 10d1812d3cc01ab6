"""A toolset's files when they are not plain files or do not fit together: the data read
through the module's loader (from a zip) or with its line ends made CRLF, and the one-line
errors of a toolset module, a runtime and a data file that were not built together.

``Toolset`` reads a data file as this runtime writes it and calls on this part for
anything else, so that the first ``tools()`` compiles none of it; this part reads the
``Toolset``'s reading state (its underscored slots) for that.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from . import Toolset


def loaded(toolset: "Toolset") -> bytes:
    """The whole data file, through the toolset module's loader (``get_data``, which
    zipimport has): where the file cannot be opened, as inside a zip."""
    path = toolset.data_path()
    get_data = getattr(toolset.namespace.get("__loader__"), "get_data", None)
    try:
        if get_data is None:
            raise OSError("it cannot be opened, and the module's loader cannot read it")
        data: bytes = get_data(path)
    except OSError as error:
        raise OSError(
            f"{path}: the data of {toolset.namespace.get('__name__')} cannot be "
            f"read ({error}); `mcp2openai build` writes it beside the module"
        ) from None
    return data


def contents(toolset: "Toolset", head: bytes) -> "dict[str, list[int]]":
    """The data's ``"tables"`` when its first lines, ``head`` (up to the end of the
    ``"tables"`` line), are not as written (``Toolset._contents``): line ends made CRLF
    (git's core.autocrlf) are undone and the lines read again (each was "\\n" as written:
    JSON strings hold none); anything else is the error that says what differs."""
    from . import _OPENING

    if head.startswith(b"{\r\n"):  # (undone already, if another thread was first)
        toolset._data = toolset._read(0, _size(toolset)).replace(b"\r\n", b"\n")
        return toolset._contents()
    if not head.startswith(_OPENING) or not head.endswith(b"},\n"):
        raise data_error(toolset, "its first lines differ")
    raise data_error(toolset, 'its "tables" line does not fit it')


def misplaced(toolset: "Toolset", key: str) -> Exception:
    """Why the bytes of the table ``key`` are not as written (``Toolset.source``): the data
    has no such table, an offset of ``"tables"`` lies past its end (a file cut short), or
    the bytes there are not that table's."""
    spans = toolset._spans or {}
    if key not in spans:
        return LookupError(f"{toolset.data_path()} has no table {key!r}: rebuild it")
    room = _size(toolset) - toolset._base  # the bytes the offsets may point into
    if any(end + 2 > room for _, end in spans.values()):  # each value, then 2 bytes
        return data_error(toolset, 'its "tables" line does not fit it')
    return data_error(toolset, 'a table is not where "tables" says')


def _size(toolset: "Toolset") -> int:
    # The data's size in bytes, known after its first read.
    if toolset._data is not None:
        return len(toolset._data)
    assert toolset._stamp is not None
    return toolset._stamp[1]


def version_error(namespace: "dict[str, Any]", version: str) -> ImportError:
    """A toolset module built by mcp2openai ``version`` beside this runtime."""
    from . import VERSION
    from . import __file__ as runtime

    module = str(namespace.get("__file__") or namespace.get("__name__"))
    return ImportError(
        f"{module} was built by mcp2openai {version}, but the runtime beside it "
        f"({runtime}) is mcp2openai {VERSION}'s: build the toolsets of this "
        "folder with one version (`pip install mcp2openai==<version>`, then "
        "`mcp2openai build ...` for each of them)"
    )


def data_error(
    toolset: "Toolset", reason: str, fix: str = "rebuild the toolset"
) -> ValueError:
    """A data file this runtime does not read as its own, for ``reason``."""
    from . import VERSION

    return ValueError(
        f"{toolset.data_path()} is not the data mcp2openai {VERSION} writes beside "
        f"its module ({reason}): {fix}"
    )
