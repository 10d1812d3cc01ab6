"""Per-call cost against an earlier version of the generator.

    .bench/venv/bin/python -m bench.against REF [--rounds N]

Builds the benchmark's 1,000-tool input (bench/inputs.py) with this checkout's generator and
with the one at git revision REF (checked out into a temporary worktree), then measures
`tool_calls` and `tool_output` per call (bench/calls.py) on both modules, in fresh
interpreters taking turns, and prints each row's median time for both and their ratio. Taking
turns matters on a shared machine, where the speed of the whole machine drifts within minutes.
REF must have the layout of mcp2openai 0.2.0 and later (`generator/`, `templates/`).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

from bench.builds import build_command
from bench.inputs import ROOT, write_snapshots

COUNT = 1000

_MEASURE = """\
import json, sys
from pathlib import Path
from bench.calls import measure_calls
calls, outputs = measure_calls(Path(sys.argv[1]))
rows = {f"tool_calls {c['api']} {c['form']} {c['calls']}": c["tool_calls_us"] for c in calls}
rows.update({f"tool_output {o['result']} {o['form']} {o['api']}": o["us"] for o in outputs})
print(json.dumps(rows))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("ref", help="the git revision to compare with, e.g. a commit or a tag")
    parser.add_argument("--rounds", type=int, default=3, help="turns each module takes")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="m2o-against-") as temporary:
        work = Path(temporary)
        tree = work / "ref"
        git = ["git", "-C", str(ROOT)]
        subprocess.run([*git, "worktree", "add", "--detach", str(tree), options.ref], check=True)
        try:
            package = work / "package" / "mcp2openai"
            shutil.copytree(tree / "generator", package)
            shutil.copytree(tree / "templates", package / "templates")
            modules = build_both(work, package.parent)
        finally:
            subprocess.run([*git, "worktree", "remove", "--force", str(tree)], check=True)
        samples: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
        for _ in range(options.rounds):
            for version, module in modules.items():
                command = [sys.executable, "-c", _MEASURE, str(module)]
                done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
                if done.returncode != 0:
                    raise SystemExit(f"measuring {version} failed: {done.stderr[-2000:]}")
                for row, us in json.loads(done.stdout.splitlines()[-1]).items():
                    samples[row][version].append(us)
    print(f"\n{'per call, µs (median)':40} {options.ref:>10} {'this':>10} {'this/ref':>9}")
    for row, versions in samples.items():
        old, new = statistics.median(versions["ref"]), statistics.median(versions["this"])
        print(f"{row:40} {old:10.2f} {new:10.2f} {new / old:8.2f}×")
    return 0


def build_both(work: Path, old_package: Path) -> dict[str, Path]:
    """The same input built by REF's generator and by this checkout's."""
    servers = write_snapshots(COUNT, work / "snapshots")
    built = {}
    for version, path in (("ref", str(old_package)), ("this", "")):
        out = work / f"adapter_{version}.py"
        command = build_command(out, servers, "-q")  # PYTHONPATH puts REF's package first
        env = {**os.environ, "PYTHONPATH": path} if path else dict(os.environ)
        done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=work)
        if done.returncode != 0:
            raise SystemExit(f"building with {version} failed: {done.stderr[-2000:]}")
        built[version] = out
    return built


if __name__ == "__main__":
    raise SystemExit(main())
