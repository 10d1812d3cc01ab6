"""Build the golden adapters in generated/ from generated/snapshots/ (`make generate`).

One toolset per snapshot (`generated/mcp_<name>.py`, which holds its data, with its `.pyi` stub) and
one combining every server (`generated/mcp_all.py`), all with the default strict mode, and the
runtime they share (`generated/_mcp2openai/`). A file whose content would not change is left
untouched (bytes and mtime) and reported as unchanged. `--check` writes
nothing and fails with a diff when a committed file differs from what the generator builds now.
`--generated DIR` works on another folder laid out like generated/ (the tests use it).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mcp2openai.options import ServerSpec, StrictMode
from mcp2openai.pipeline import build, files, stale_runtime, write_build
from mcp2openai.writing import difference

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "generated"


def targets(generated: Path = GENERATED) -> dict[Path, list[ServerSpec]]:
    snapshots = sorted((generated / "snapshots").glob("*.json"))
    servers = [ServerSpec(path.stem, path) for path in snapshots]
    modules = {generated / f"mcp_{server.name}.py": [server] for server in servers}
    modules[generated / "mcp_all.py"] = servers
    return modules


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    parser.add_argument("--generated", type=Path, default=GENERATED, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    generated: Path = args.generated.resolve()
    modules = targets(generated)
    stale: list[Path] = []
    expected: set[Path] = set()
    for out, servers in modules.items():
        result = build(servers, StrictMode.AUTO)
        written = files(out, result)
        expected.update(path for path, _ in written)
        if args.check:
            for path, text in written:
                diff = difference(path, text)
                if diff is not None and path not in stale:
                    stale.append(path)
                    print(diff, file=sys.stderr)
            stale += [path for path in stale_runtime(out, result) if path not in stale]
        else:
            changed = write_build(out, result)
            for path in changed:
                print(f"wrote: {_shown(path)}")
            if not changed:
                print(f"unchanged: {_shown(out)} and its stub")
    extra = [path for path in generated.glob("mcp_*.*") if path not in expected]
    for path in extra:
        if args.check:
            stale.append(path)
        else:
            path.unlink()
            print(f"removed: {_shown(path)}")
    if stale:
        names = ", ".join(str(_shown(path)) for path in stale)
        print(f"generated/ is out of date ({names}): run `make generate`", file=sys.stderr)
        return 1
    return 0


def _shown(path: Path) -> Path:
    """`path` from the repository's root when inside it, else as it is."""
    try:
        return path.relative_to(ROOT)
    except ValueError:
        return path


if __name__ == "__main__":
    sys.exit(main())
