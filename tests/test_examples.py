"""The runnable example (examples/quickstart.py) works on its own: fetch, build, both APIs."""

from __future__ import annotations

import subprocess
from pathlib import Path

from live_support import EXAMPLES, PYTHON


def test_quickstart_runs_for_both_apis(tmp_path: Path) -> None:
    runs = {
        api: subprocess.Popen(
            [PYTHON, str(EXAMPLES / "quickstart.py"), "--api", api],
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
        assert lines[0].startswith("$ mcp2openai fetch demo --out ")
        assert lines[1].startswith("$ mcp2openai build --server demo=")
        assert lines[2] == f"tools for the {api} API: demo__add, demo__greet, demo__divide"
        assert lines[3:] == [
            "  tool call_add: 5",
            "  tool call_greet: Hello, Ada!",  # the null punctuation was dropped: default "!"
            "  tool call_divide: Error: Error executing tool divide: division by zero",
            "model: 2 + 3 = 5, Ada is greeted, and 1 / 0 is undefined.",
        ]
        assert "wrote" in stderr and "Traceback" not in stderr
