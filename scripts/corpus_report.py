#!/usr/bin/env python3
"""Strict share of the corpus: how many real tools a build sends strict, and why the rest are not.

Builds every corpus snapshot (``generated/snapshots/`` and ``tests/fixtures/corpus/``, see
``scripts/corpus.py``) through the public pipeline, ``mcp2openai.pipeline.build``, one server per
build, and reads the build's own decisions (``REPORT.fallbacks`` and ``REPORT.excluded``)::

    .venv/bin/python scripts/corpus_report.py                    # markdown tables
    .venv/bin/python scripts/corpus_report.py --format json      # the same numbers as JSON
    .venv/bin/python scripts/corpus_report.py --strict true      # another strict mode
    .venv/bin/python scripts/corpus_report.py --option NAME=VALUE  # a build() keyword argument

``--option`` passes a keyword argument to ``build`` (VALUE is read as JSON when it parses, else
kept as a string), so a build option is measured without changing this script: run it once
per setting to report "with and without" (``--option rewrites=false`` for the rewrites off). A tool
counts once: strict, a non-strict fallback, or excluded, each decision under the keyword of its
first reason (the one the conversion stopped at).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import corpus
from mcp2openai.model import Decision
from mcp2openai.options import ServerSpec, StrictMode
from mcp2openai.pipeline import build


@dataclass(frozen=True)
class ServerRow:
    server: str
    source: str  # "package@version" (registry), or the server's own name and version
    tools: int
    strict: int
    fallbacks: int
    excluded: int


@dataclass
class Reason:
    keyword: str
    fallbacks: int = 0
    excluded: int = 0
    servers: list[str] = field(default_factory=list)
    example: str = ""  # the first decision: server/tool at path: reason


@dataclass
class Report:
    mode: str
    options: dict[str, Any]
    rows: list[ServerRow]
    reasons: list[Reason]  # most tools first

    @property
    def totals(self) -> dict[str, int]:
        keys = ("tools", "strict", "fallbacks", "excluded")
        return {key: sum(getattr(row, key) for row in self.rows) for key in keys}

    def as_json(self) -> dict[str, Any]:
        totals = self.totals
        return {
            "mode": self.mode,
            "options": self.options,
            "servers": len(self.rows),
            **totals,
            "strict_share": share(totals["strict"], totals["tools"]),
            "rows": [asdict(row) for row in self.rows],
            "reasons": [asdict(reason) for reason in self.reasons],
        }


def measure(
    snapshots: Iterable[tuple[str, Path]], mode: StrictMode = StrictMode.AUTO, **options: Any
) -> Report:
    """Build each snapshot with `mode` and `options` (build's keyword arguments); count."""
    rows: list[ServerRow] = []
    reasons: dict[str, Reason] = {}
    for name, path in snapshots:
        model = build([ServerSpec(name, path)], mode, **options).model
        strict = sum(tool.strict for tool in model.tools)
        total = len(model.tools) + len(model.excluded)
        rows.append(
            ServerRow(name, _source(path), total, strict, len(model.fallbacks), len(model.excluded))
        )
        for decisions, kind in ((model.fallbacks, "fallbacks"), (model.excluded, "excluded")):
            for decision in decisions:
                _count(reasons, decision, kind)
    ordered = sorted(reasons.values(), key=lambda r: (-(r.fallbacks + r.excluded), r.keyword))
    return Report(mode, dict(options), rows, ordered)


def _count(reasons: dict[str, Reason], decision: Decision, kind: str) -> None:
    reason = reasons.setdefault(decision.keyword, Reason(decision.keyword))
    setattr(reason, kind, getattr(reason, kind) + 1)
    if decision.server not in reason.servers:
        reason.servers.append(decision.server)
    if not reason.example:
        reason.example = f"{decision.server}/{decision.tool} at {decision.path}: {decision.reason}"


def _source(path: Path) -> str:
    snapshot = json.loads(path.read_text(encoding="utf-8"))
    source = snapshot.get("source")
    if isinstance(source, Mapping):
        return f"{source.get('package')}@{source.get('version')} ({source.get('registry')})"
    server = snapshot.get("server") or {}
    return f"{server.get('name')} {server.get('version')}"


def share(part: int, whole: int) -> float:
    return round(100 * part / whole, 1) if whole else 0.0


def markdown(report: Report) -> str:
    totals = report.totals
    options = ", ".join(f"{k}={v!r}" for k, v in report.options.items()) or "none"
    lines = [
        f"Strict mode `{report.mode}`, build options: {options}. {len(report.rows)} servers, "
        f"{totals['tools']} tools: {totals['strict']} strict "
        f"({share(totals['strict'], totals['tools'])}%), {totals['fallbacks']} non-strict "
        f"fallbacks, {totals['excluded']} excluded.",
        "",
        "| server | package | tools | strict | fallback | excluded | strict share |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in report.rows:
        lines.append(
            f"| {row.server} | {_cell(row.source)} | {row.tools} | {row.strict} | "
            f"{row.fallbacks} | {row.excluded} | {share(row.strict, row.tools)}% |"
        )
    lines.append(
        f"| **all {len(report.rows)}** | | {totals['tools']} | {totals['strict']} | "
        f"{totals['fallbacks']} | {totals['excluded']} | "
        f"{share(totals['strict'], totals['tools'])}% |"
    )
    lines += [
        "",
        "| first reason keyword | fallbacks | excluded | servers | example |",
        "| --- | ---: | ---: | ---: | --- |",
    ]
    for reason in report.reasons:
        lines.append(
            f"| `{reason.keyword}` | {reason.fallbacks} | {reason.excluded} | "
            f"{len(reason.servers)} | {_cell(reason.example, 160)} |"
        )
    return "\n".join(lines) + "\n"


def _cell(text: str, limit: int = 0) -> str:
    text = " ".join(text.split()).replace("|", "\\|")
    return text[: limit - 1] + "…" if limit and len(text) > limit else text


def _option(text: str) -> tuple[str, Any]:
    name, sep, value = text.partition("=")
    if not sep or not name.isidentifier():
        raise argparse.ArgumentTypeError(f"want NAME=VALUE, got {text!r}")
    try:
        return name, json.loads(value)
    except ValueError:
        return name, value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--strict", type=StrictMode, choices=list(StrictMode), default="auto")
    parser.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a keyword argument for mcp2openai.pipeline.build (repeatable)",
    )
    parser.add_argument("--format", choices=("markdown", "json"), default="markdown")
    args = parser.parse_args(argv)
    report = measure(corpus.snapshot_paths(), args.strict, **dict(args.option))
    if args.format == "json":
        print(json.dumps(report.as_json(), indent=2, ensure_ascii=False))
    else:
        print(markdown(report), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
