"""generator/stub.py: the API part of a stub, derived from the runtime's code."""

from __future__ import annotations

import textwrap

import pytest
from mcp2openai.stub import api_stub


def checked_only(imports: str) -> str:
    """A runtime whose imports exist for type checkers only, as the parts write them."""
    return "if TYPE_CHECKING:\n" + textwrap.indent(imports, "    ")


def test_imports_are_merged_at_the_top_with_their_aliases() -> None:
    runtime = checked_only(
        "from typing import overload\nimport json\nfrom typing import overload as _overload\n"
        "import collections.abc as cabc\nimport json\nimport collections.abc\n"
    )
    runtime += "def tools(api: str) -> list[object]:\n    return []\n"
    assert api_stub(runtime) == (
        "import collections.abc\n"
        "import collections.abc as cabc\n"
        "import json\n"
        "from typing import overload, overload as _overload\n\n"
        "def tools(api: str) -> list[object]:\n    ...\n"
    )


@pytest.mark.parametrize(
    ("imports", "message"),
    [
        ("from . import x\n", "unsupported import"),
        ("from .parts import x\n", "unsupported import"),
        ("from __future__ import annotations\n", "unsupported import"),
        ("from a import X\nfrom b import X\n", "'X' is imported from two places"),
        ("import a as X\nfrom b import X\n", "'X' is imported from two places"),
    ],
)
def test_an_import_the_merge_cannot_keep_is_refused(imports: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        api_stub(checked_only(imports))
