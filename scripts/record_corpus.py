#!/usr/bin/env python3
"""Record the corpus servers' ``tools/list`` (``tests/corpus/manifest.json``) as snapshots.

Run with the project venv's python after ``tests/servers/install.sh --corpus`` (``make corpus``
does both)::

    .venv/bin/python scripts/record_corpus.py                # every corpus server
    .venv/bin/python scripts/record_corpus.py chart sqlite   # only these
    .venv/bin/python scripts/record_corpus.py --check        # compare, write nothing
    .venv/bin/python scripts/record_corpus.py --check-raw    # cross-check without the SDK

Snapshots go to ``tests/fixtures/corpus/<name>.json``, in the format of ``generated/snapshots/``.
The client, the fixed environment and the output are ``scripts/record_servers.py``'s, with a
client that declares sampling, elicitation and roots (as ``mcp2openai fetch`` does). Each server
gets a fresh empty HOME (``/tmp/mcp2openai-corpus/home/<name>``, also its working directory),
so nothing a previous run left behind can change a recording.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

import anyio
import corpus
import record_servers
from record_servers import RecordError, Server


def server_of(entry: corpus.Entry) -> Server:
    return Server(
        entry.name,
        entry.registry,
        entry.package,
        entry.version,
        entry.command,
        args=entry.args,
        env=entry.env,
        client="full",
        note=entry.note,
        node_dir=corpus.CORPUS_DIR,
        venv=corpus.VENVS / entry.name,
        snapshot_dir=corpus.FIXTURE_DIR,
        home=corpus.SCRATCH / "home" / entry.name,
    )


def prepare(entries: list[corpus.Entry]) -> None:
    """A fresh scratch directory: an empty HOME per server, and the files the manifest names."""
    shutil.rmtree(corpus.SCRATCH, ignore_errors=True)
    for entry in entries:
        (corpus.SCRATCH / "home" / entry.name).mkdir(parents=True)
        for name, text in entry.files.items():
            Path(name).parent.mkdir(parents=True, exist_ok=True)
            Path(name).write_text(text, encoding="utf-8")


async def amain(args: argparse.Namespace) -> int:
    entries = corpus.load_manifest()
    by_name = {entry.name: entry for entry in entries}
    unknown = [name for name in args.names if name not in by_name]
    if unknown:
        print(f"unknown server(s): {', '.join(unknown)}; known: {', '.join(by_name)}")
        return 2
    chosen = [by_name[name] for name in args.names] if args.names else entries
    servers = [server_of(entry) for entry in chosen]
    record_servers.check_pins(
        servers, lambda s: corpus.pinned_version(by_name[s.name]), "make corpus"
    )
    record_servers.prepare_scratch()
    prepare(chosen)
    problems: list[str] = []
    await record_servers.record_all(servers, args.check, args.check_raw, problems)
    if not args.names:
        for path in sorted(corpus.FIXTURE_DIR.glob("*.json")):
            if path.stem not in by_name:
                problems.append(f"{path.relative_to(corpus.REPO)} has no server in the manifest")
    for problem in problems:
        print(f"ERROR: {problem}", file=sys.stderr)
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="servers to record (default: all)")
    parser.add_argument(
        "--check",
        action="store_true",
        help="compare with the files on disk, write nothing; exit 1 on a difference",
    )
    parser.add_argument(
        "--check-raw",
        action="store_true",
        help="also capture tools/list without the SDK and require identical JSON",
    )
    args = parser.parse_args()
    try:
        return anyio.run(amain, args)
    except (RecordError, corpus.ManifestError) as exc:
        print(f"ERROR: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
