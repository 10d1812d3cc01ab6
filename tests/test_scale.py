"""Large toolsets: real tools replicated with renamed copies (`bench/inputs.py`), as `make bench`.

The stub's TypedDicts are joined after black, not formatted by it (generator/render.py); the
module is formatted whole. These tests prove that black would leave both files as they are.
"""

from __future__ import annotations

from pathlib import Path

import black
import pytest
from buildutil import import_path
from mcp2openai.options import ServerSpec
from mcp2openai.pipeline import Build, build, write_build
from mcp2openai.render import BLACK_MODE, STUB_MODE

from bench.inputs import write_snapshots

pytestmark = pytest.mark.slow  # 2,000-tool builds (CONTRIBUTING.md, "Tiers")

LARGE = 2000


def build_replicated(count: int, directory: Path) -> Build:
    servers = [ServerSpec(name, path) for name, path in write_snapshots(count, directory)]
    return build(servers, "auto")


@pytest.fixture(scope="module")
def large(tmp_path_factory: pytest.TempPathFactory) -> Build:
    return build_replicated(LARGE, tmp_path_factory.mktemp("snapshots"))


def test_2000_replicated_tools_build_and_import(large: Build, tmp_path: Path) -> None:
    path = tmp_path / "adapter_2000.py"
    write_build(path, large)
    module = import_path(path)
    responses = module.tools("responses")
    assert len(responses) == LARGE
    assert len(module.tools("chat")) == LARGE
    assert len(module.NAMES) == LARGE
    assert len({definition["name"] for definition in responses}) == LARGE
    assert "_r1" in large.source  # renamed copies, not only the real tools


def test_2000_replicated_tools_are_black_stable(large: Build) -> None:
    assert black.format_str(large.source, mode=BLACK_MODE) == large.source
    assert black.format_str(large.stub, mode=STUB_MODE) == large.stub
