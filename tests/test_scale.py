"""Large toolsets: real tools replicated with renamed copies (`bench/inputs.py`), as `make bench`.

The generator never runs black over the data; these tests prove that black would leave the
output as it is (issue 5). Black formats about 1,300 lines a second on this project's 2-core
machines and a module of 2,000 tools has 130,000 lines, so the 2,000-tool check is the slowest
test of the suite (about 100 s); a 200-tool module is checked too, for a quick signal.
"""

from __future__ import annotations

from pathlib import Path

import black
import pytest
from buildutil import import_path
from mcp2openai.pipeline import ServerInput, build
from mcp2openai.render import BLACK_MODE

from bench.inputs import write_snapshots

LARGE = 2000
BLACK_CHECKED = 200


def build_replicated(count: int, directory: Path) -> str:
    servers = [ServerInput(name, path) for name, path in write_snapshots(count, directory)]
    return build(servers, "auto").source


@pytest.fixture(scope="module")
def large_source(tmp_path_factory: pytest.TempPathFactory) -> str:
    return build_replicated(LARGE, tmp_path_factory.mktemp("snapshots"))


def test_2000_replicated_tools_build_and_import(large_source: str, tmp_path: Path) -> None:
    path = tmp_path / "adapter_2000.py"
    path.write_text(large_source, encoding="utf-8")
    module = import_path(path)
    responses = module.tools("responses")
    assert len(responses) == LARGE
    assert len(module.tools("chat")) == LARGE
    assert len(module.NAMES) == LARGE
    assert len({definition["name"] for definition in responses}) == LARGE


def test_replicated_module_is_black_stable(tmp_path: Path) -> None:
    source = build_replicated(BLACK_CHECKED, tmp_path)
    assert "_r1" in source  # renamed copies, not only the real tools
    assert black.format_str(source, mode=BLACK_MODE) == source


def test_2000_replicated_tools_are_black_stable(large_source: str) -> None:
    assert black.format_str(large_source, mode=BLACK_MODE) == large_source
