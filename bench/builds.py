"""Build cost: `mcp2openai build` as a subprocess, and `black --check` on its output."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.inputs import ROOT


def measure_build(
    count: int, servers: list[tuple[str, Path]], out: Path, runs: int
) -> dict[str, Any]:
    command = build_command(out, servers)
    installed_bytecode()
    walls, cpus, peaks = [], [], []
    for _ in range(runs):
        wall, cpu, peak = run_measured(command)
        walls.append(wall)
        cpus.append(cpu)
        peaks.append(peak)
    source = out.read_text(encoding="utf-8")
    stub = out.with_suffix(".pyi").read_text(encoding="utf-8")
    row = {
        "tools": count,
        "wall_s": statistics.median(walls),
        "cpu_s": statistics.median(cpus),
        "peak_rss_mb": max(peaks),
        "runs": walls,
        "output_mb": len(source.encode("utf-8")) / 1e6,
        "output_lines": source.count("\n"),
        "stub_mb": len(stub.encode("utf-8")) / 1e6,
    }
    print(f"build {count:>5} tools: {row['wall_s']:.2f} s wall, {row['peak_rss_mb']:.0f} MB peak")
    return row


def installed_bytecode() -> None:
    """The generator's bytecode on disk, as `pip install` writes it for the wheel: an editable
    install under `PYTHONDONTWRITEBYTECODE=1` (this project's machines) would otherwise
    compile the whole generator at every build measured, which no installed user pays."""
    folders = [str(ROOT / "generator"), str(ROOT / "templates")]
    subprocess.run([sys.executable, "-m", "compileall", "-q", *folders], check=True)


def build_command(out: Path, servers: list[tuple[str, Path]], *options: str) -> list[str]:
    """`mcp2openai build` of `servers` (name, snapshot) into `out`, by this venv's command."""
    command = [str(Path(sys.executable).parent / "mcp2openai"), "build", *options]
    for name, path in servers:
        command += ["--server", f"{name}={path}"]
    return [*command, "--out", str(out)]


def run_measured(command: list[str]) -> tuple[float, float, float]:
    """Run `command`; (wall s, user+system CPU s, peak RSS MB) of that child alone."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT)
    assert child.stderr is not None
    errors = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise RuntimeError(f"{command[:2]} failed ({child.returncode}): {errors[-2000:]!r}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def black_check(path: Path, count: int, work: Path) -> dict[str, Any]:
    """`black --check` with the generator's mode, given explicitly (no user configuration)."""
    config = work / "black.toml"
    config.write_text('[tool.black]\nline-length = 88\ntarget-version = ["py311"]\n')
    command = [sys.executable, "-m", "black", "--check", "--quiet", "--config", str(config)]
    start = time.perf_counter()
    result = subprocess.run(
        [*command, str(path), str(path.with_suffix(".pyi"))], capture_output=True, text=True
    )
    seconds = time.perf_counter() - start
    print(f"black --check on {count} tools: exit {result.returncode} in {seconds:.1f} s")
    return {"tools": count, "passed": result.returncode == 0, "seconds": seconds}
