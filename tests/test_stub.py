"""generator/stub.py: a toolset's stub re-exports the runtime's API and holds its TypedDicts."""

from __future__ import annotations

import ast
from pathlib import Path

import black
from buildutil import GENERATED, run_cli, write_snapshot
from mcp2openai.render import STUB_MODE
from runtime_support import PUBLIC

TOOLS = [
    {
        "name": "pick",
        "inputSchema": {
            "type": "object",
            "properties": {"mode": {"enum": ["a", "b"]}, "note": {"type": "string"}},
            "required": ["mode"],
        },
    }
]


def imports(stub: str) -> list[str]:
    return [ast.unparse(n) for n in ast.parse(stub).body if isinstance(n, ast.ImportFrom)]


def test_the_stub_imports_only_what_its_typed_dicts_use() -> None:
    time = (GENERATED / "mcp_time.pyi").read_text(encoding="utf-8")
    assert imports(time)[0] == "from typing import TypedDict"
    git = (GENERATED / "mcp_github.pyi").read_text(encoding="utf-8")
    assert imports(git)[0] == "from typing import Literal, NotRequired, TypedDict"
    for stub in (time, git):
        modules = [line.split()[1] for line in imports(stub)]
        assert modules.count("typing") == 1 and "typing_extensions" not in modules


def test_the_stub_reexports_the_shared_api_absolutely_or_relatively(tmp_path: Path) -> None:
    snapshot = write_snapshot(tmp_path, "s", TOOLS)
    top = tmp_path / "top" / "tools.py"
    package = tmp_path / "pkg" / "tools.py"
    package.parent.mkdir()
    (package.parent / "__init__.py").write_text("", encoding="utf-8")
    for out in (top, package):
        result = run_cli("build", "--server", f"s={snapshot}", "--out", str(out))
        assert result.exit_code == 0, result.output
    top_imports = imports(top.with_suffix(".pyi").read_text(encoding="utf-8"))
    package_imports = imports(package.with_suffix(".pyi").read_text(encoding="utf-8"))
    assert [line for line in top_imports if "_mcp2openai" in line] == [
        "from _mcp2openai.api import " + ", ".join(PUBLIC)
    ]
    assert "from ._mcp2openai.api import " + ", ".join(PUBLIC) in package_imports
    # Everything else is the same.
    assert [line.replace("._mcp", "_mcp") for line in package_imports] == top_imports


def test_the_stub_is_what_black_writes() -> None:
    for path in sorted(GENERATED.glob("*.pyi")):
        text = path.read_text(encoding="utf-8")
        assert black.format_str(text, mode=STUB_MODE) == text, path.name
