"""The runnable example (examples/quickstart.py) works on its own: fetch, build, both APIs."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from live_support import EXAMPLES, PYTHON

pytestmark = pytest.mark.e2e  # starts MCP servers (CONTRIBUTING.md, "Tiers")

RESPONSES = ('{"result":5}', '{"result":"Hello, Ada!"}')


def test_quickstart_runs_for_both_apis(tmp_path: Path) -> None:
    kept = tmp_path / "kept"  # where the Responses run keeps its files
    runs = {
        api: subprocess.Popen(
            [PYTHON, str(EXAMPLES / "quickstart.py"), "--api", api]
            + (["--workdir", str(kept)] if api == "responses" else []),
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for api in ("responses", "chat")
    }
    for api, process in runs.items():
        stdout, stderr = process.communicate(timeout=600)
        assert process.returncode == 0, stderr
        lines = stdout.splitlines()
        assert lines[0].startswith("$ mcp2openai fetch --mcp-config ")
        assert lines[1].startswith("$ mcp2openai build --mcp-config ")
        assert lines[2] == f"tools for the {api} API: demo__add, demo__greet, demo__divide"
        # Responses: the demo's tools declare an output schema ({"result": ...}), so their
        # structuredContent is the output; Chat has no output schemas, the text is
        added, greeted = ("5", "Hello, Ada!") if api == "chat" else RESPONSES
        assert lines[3:] == [
            f"  tool call_add: {added}",
            f"  tool call_greet: {greeted}",  # the null punctuation was dropped: default "!"
            "  tool call_divide: Error: Error executing tool divide: division by zero",
            "model: 2 + 3 = 5, Ada is greeted, and 1 / 0 is undefined.",
        ]
        assert "wrote" in stderr and "Traceback" not in stderr
    # The folder goes on sys.path: its snapshot folder is one no import can take for a package.
    assert (kept / "mcp-snapshots" / "demo.json").is_file()
    assert not (kept / "mcp").exists()
