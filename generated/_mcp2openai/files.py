"""A toolset's files when they are not plain files or do not fit together: the data read
through the module's loader (from a zip), and the one-line errors of a toolset module, a
runtime and a data file that were not built together.
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
