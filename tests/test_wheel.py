"""A plain wheel (not an editable install) carries the templates and builds a module."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from buildutil import ROOT, SNAPSHOTS


def test_wheel_installs_and_builds(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "-w",
            str(wheels),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = wheels.glob("mcp2openai-*.whl")
    site = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(site),
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    assert (site / "generator" / "templates" / "module.py.jinja").is_file()
    assert (site / "generator" / "templates" / "runtime.py").is_file()
    out = tmp_path / "adapter.py"
    code = (
        "import sys\n"
        f"sys.path.insert(0, {str(site)!r})\n"
        "import generator\n"
        f"assert generator.__file__.startswith({str(site)!r}), generator.__file__\n"
        "from generator.cli import main\n"
        f"main(['build', '--server', 'time={SNAPSHOTS / 'time.json'}', '--out', {str(out)!r}])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert out.read_text(encoding="utf-8") == (ROOT / "generated" / "mcp_time.py").read_text(
        encoding="utf-8"
    )
