#!/usr/bin/env python3
"""The share of tools that go strict, with the rewrites off and on (README "Rewrites").

    .venv/bin/python scripts/strict_share.py                      # generated/snapshots/
    .venv/bin/python scripts/strict_share.py DIR_OR_SNAPSHOT...   # e.g. tests/fixtures/corpus/
    .venv/bin/python scripts/strict_share.py --json ...           # the same, as JSON

Each snapshot is one server (named after its file). Every tool counts once, decided as
`mcp2openai build --strict auto` decides it: strict, non-strict fallback, or left out. The
table gives the strict share per server and in all; then, with the rewrites on, what keeps
the others from strict mode, by keyword, and the tools themselves.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from mcp2openai.model import Decision, Options, build_model
from mcp2openai.naming import ServerTools, build

REPO = Path(__file__).resolve().parents[1]


@dataclass
class Share:
    """Tools per server: how many, and how many went strict with the rewrites off and on."""

    tools: dict[str, int] = field(default_factory=dict)
    strict_off: dict[str, int] = field(default_factory=dict)
    strict_on: dict[str, int] = field(default_factory=dict)
    remaining: list[Decision] = field(default_factory=list)  # not strict with rewrites on

    @property
    def total(self) -> int:
        return sum(self.tools.values())

    def share(self, rewrites: bool) -> float:
        strict = self.strict_on if rewrites else self.strict_off
        return sum(strict.values()) / self.total if self.total else 0.0


def snapshots(paths: list[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        found.extend(sorted(path.glob("*.json")) if path.is_dir() else [path])
    return found


def strict_share(paths: list[Path]) -> Share:
    """The strict share of the tools in these snapshot files (or directories of them)."""
    share = Share()
    for snapshot in snapshots(paths):
        document = json.loads(snapshot.read_text(encoding="utf-8"))
        tools = document["tools"] if isinstance(document, dict) else document
        name = snapshot.stem.replace(".", "_")
        toolset = build([ServerTools(name, tuple(tools), "")])
        share.tools[name] = len(tools)
        for rewrites in (False, True):
            model = build_model(toolset, "auto", "", Options("auto", rewrites))
            strict = sum(tool.strict for tool in model.tools)
            (share.strict_on if rewrites else share.strict_off)[name] = strict
            if rewrites:
                share.remaining.extend([*model.fallbacks, *model.excluded])
    return share


def report(share: Share) -> str:
    width = max([len(name) for name in share.tools] + [5])
    lines = [f"{'server':<{width}}  tools  strict, rewrites off  strict, rewrites on"]
    for name, count in share.tools.items():
        off, on = share.strict_off[name], share.strict_on[name]
        lines.append(
            f"{name:<{width}}  {count:>5}  {off:>5} ({off / count:6.1%})       "
            f"{on:>5} ({on / count:6.1%})"
            if count
            else f"{name:<{width}}      0"
        )
    off, on = sum(share.strict_off.values()), sum(share.strict_on.values())
    lines.append(
        f"{'total':<{width}}  {share.total:>5}  {off:>5} ({share.share(False):6.1%})       "
        f"{on:>5} ({share.share(True):6.1%})"
    )
    reasons = Counter(decision.keyword for decision in share.remaining)
    lines += ["", "Not strict with the rewrites on, by keyword:"]
    lines += [f"  {keyword}: {count}" for keyword, count in reasons.most_common()]
    lines += [
        f"  {d.server}/{d.tool}: {d.keyword} at {d.path}: {d.reason}" for d in share.remaining
    ]
    return "\n".join(lines)


def as_json(share: Share) -> dict[str, object]:
    return {
        "tools": share.total,
        "strict_without_rewrites": sum(share.strict_off.values()),
        "strict_with_rewrites": sum(share.strict_on.values()),
        "servers": {
            name: {
                "tools": count,
                "strict_off": share.strict_off[name],
                "strict_on": share.strict_on[name],
            }
            for name, count in share.tools.items()
        },
        "remaining": [decision.as_dict() for decision in share.remaining],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, help="snapshot files or directories")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    share = strict_share(args.paths or [REPO / "generated" / "snapshots"])
    print(json.dumps(as_json(share), indent=2) if args.json else report(share))
    return 0


if __name__ == "__main__":
    sys.exit(main())
