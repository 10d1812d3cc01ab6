"""Build the golden adapters in generated/ from generated/snapshots/ (`make generate`).

One module per snapshot (`generated/mcp_<name>.py`, with its `.pyi` stub) and one combining
every server (`generated/mcp_all.py`), all with the default strict mode. `--check` writes
nothing and fails with a diff when a committed file differs from what the generator builds now.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mcp2openai.options import ServerSpec, StrictMode
from mcp2openai.pipeline import build, difference, stub_path, write_build

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "generated"


def targets() -> dict[Path, list[ServerSpec]]:
    snapshots = sorted((GENERATED / "snapshots").glob("*.json"))
    servers = [ServerSpec(path.stem, path.relative_to(ROOT)) for path in snapshots]
    modules = {GENERATED / f"mcp_{server.name}.py": [server] for server in servers}
    modules[GENERATED / "mcp_all.py"] = servers
    return modules


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    check = parser.parse_args().check
    stale = []
    for out, servers in targets().items():
        result = build(servers, StrictMode.AUTO)
        if check:
            for path, text in ((out, result.source), (stub_path(out), result.stub)):
                diff = difference(path, text)
                if diff is not None:
                    stale.append(path)
                    print(diff, file=sys.stderr)
        else:
            write_build(out, result)
            print(f"wrote {out.relative_to(ROOT)} and its stub")
    expected = set(targets()) | {stub_path(path) for path in targets()}
    extra = [path for path in GENERATED.glob("mcp_*.py*") if path not in expected]
    for path in extra:
        if check:
            stale.append(path)
        else:
            path.unlink()
    if stale:
        names = ", ".join(str(path.relative_to(ROOT)) for path in stale)
        print(f"generated/ is out of date ({names}): run `make generate`", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
