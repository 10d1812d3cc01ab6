"""Build the golden adapters in generated/ from generated/snapshots/ (`make generate`).

One toolset per snapshot (`generated/mcp_<name>.py`, with its `.pyi` stub and `.json` data) and
one combining every server (`generated/mcp_all.py`), all with the default strict mode, and the
runtime they share (`generated/_mcp2openai/`). Only files whose content changed are written.
`--check` writes nothing and fails with a diff when a committed file differs from what the
generator builds now.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mcp2openai.pipeline import ServerInput, build, difference, files, stale_runtime, write_build

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "generated"


def targets() -> dict[Path, list[ServerInput]]:
    snapshots = sorted((GENERATED / "snapshots").glob("*.json"))
    servers = [ServerInput(path.stem, path.relative_to(ROOT)) for path in snapshots]
    modules = {GENERATED / f"mcp_{server.name}.py": [server] for server in servers}
    modules[GENERATED / "mcp_all.py"] = servers
    return modules


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    check = parser.parse_args().check
    stale: list[Path] = []
    expected: set[Path] = set()
    for out, servers in targets().items():
        result = build(servers, "auto")
        written = files(out, result)
        expected.update(path for path, _ in written)
        if check:
            for path, text in written:
                diff = difference(path, text)
                if diff is not None and path not in stale:
                    stale.append(path)
                    print(diff, file=sys.stderr)
            stale += stale_runtime(out, result)
        else:
            changed = write_build(out, result)
            for path in changed:
                print(f"wrote {path.relative_to(ROOT)}")
            if not changed:
                print(f"{out.relative_to(ROOT)} unchanged")
    extra = [path for path in GENERATED.glob("mcp_*.*") if path not in expected]
    for path in extra:
        if check:
            stale.append(path)
        else:
            path.unlink()
            print(f"removed {path.relative_to(ROOT)}")
    if stale:
        names = ", ".join(str(path.relative_to(ROOT)) for path in stale)
        print(f"generated/ is out of date ({names}): run `make generate`", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
