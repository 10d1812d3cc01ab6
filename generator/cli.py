"""The `mcp2openai` command line (DESIGN.md "CLI"). Exit codes: 0 done, 1 a check or policy
found something, 2 bad usage or bad input (one line on stderr, nothing written)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from . import __version__
from .load import InputError, parse_json
from .model import FALLBACK_EVENT, ModuleModel, StrictMode
from .naming import NamingError
from .pipeline import ServerInput, build, difference, write_atomically
from .strict import Unsupported, convert, format_path


def _fail(message: str) -> NoReturn:
    click.echo(f"mcp2openai: error: {message}", err=True)
    sys.exit(2)


def _pairs(values: tuple[str, ...], option: str, empty: bool = False) -> list[tuple[str, str]]:
    pairs = []
    for value in values:
        name, sep, rest = value.partition("=")
        if not sep or not name or not (rest or empty):
            raise click.BadParameter(f"expected NAME=VALUE, got {value!r}", param_hint=option)
        pairs.append((name, rest))
    return pairs


@click.group()
@click.version_option(__version__, prog_name="mcp2openai")
def main() -> None:
    """Compile MCP servers' tool lists into self-contained OpenAI adapter modules."""


@main.command("build")
@click.option(
    "--server",
    "servers",
    multiple=True,
    metavar="NAME=SNAPSHOT.json",
    required=True,
    help="A server's tool-list snapshot; repeat for several servers, in order.",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="The module to write.",
)
@click.option(
    "--strict",
    "mode",
    type=click.Choice(["auto", "true", "false"]),
    default="auto",
    show_default=True,
    help="auto: fall back to non-strict per tool; true: leave such "
    "tools out; false: every tool non-strict.",
)
@click.option(
    "--prefix",
    "prefixes",
    multiple=True,
    metavar="NAME=PREFIX",
    help='Exposed-name prefix for a server (default "NAME__"; "NAME=" for none).',
)
@click.option(
    "--include",
    "includes",
    multiple=True,
    metavar="NAME=GLOB",
    help="Only expose this server's tools matching GLOB (repeatable).",
)
@click.option(
    "--exclude",
    "excludes",
    multiple=True,
    metavar="NAME=GLOB",
    help="Leave out this server's tools matching GLOB (repeatable).",
)
@click.option("--check", is_flag=True, help="Write nothing; exit 1 if --out differs.")
@click.option(
    "--report-json",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write the report as JSON.",
)
@click.option(
    "--fail-on-fallback", is_flag=True, help="Exit 1 if any tool falls back or is left out."
)
@click.option("--quiet", "-q", is_flag=True, help="Print only errors and the summary.")
def build_command(
    servers: tuple[str, ...],
    out: Path,
    mode: StrictMode,
    prefixes: tuple[str, ...],
    includes: tuple[str, ...],
    excludes: tuple[str, ...],
    check: bool,
    report_json: Path | None,
    fail_on_fallback: bool,
    quiet: bool,
) -> None:
    """Build one adapter module from tool-list snapshots."""
    prefix = dict(_pairs(prefixes, "--prefix", empty=True))
    inputs = [
        ServerInput(
            name,
            Path(snapshot),
            prefix.get(name),
            tuple(glob for server, glob in _pairs(includes, "--include") if server == name),
            tuple(glob for server, glob in _pairs(excludes, "--exclude") if server == name),
        )
        for name, snapshot in _pairs(servers, "--server")
    ]
    unknown = (set(prefix) | {n for n, _ in _pairs(includes + excludes, "--include/--exclude")}) - {
        s.name for s in inputs
    }
    if unknown:
        _fail(f"--prefix/--include/--exclude name no --server: {', '.join(sorted(unknown))}")
    try:
        result = build(inputs, mode)
    except (InputError, NamingError) as error:
        _fail(str(error))
    if not quiet:
        for line in report_lines(result.model):
            click.echo(line, err=True)
    if check:
        diff = difference(out, result.source)
        if diff is not None:
            click.echo(diff, err=True)
            click.echo(f"mcp2openai: {out} is out of date: rebuild it without --check", err=True)
            sys.exit(1)
        click.echo(f"mcp2openai: {out} is up to date ({summary(result.model)})", err=True)
    else:
        write_atomically(out, result.source)
        if report_json is not None:
            write_atomically(
                report_json, json.dumps(report_document(result.model), indent=2) + "\n"
            )
        click.echo(f"mcp2openai: wrote {out} ({summary(result.model)})", err=True)
    if fail_on_fallback and (result.model.fallbacks or result.model.excluded):
        sys.exit(1)


@main.command("schema")
@click.argument("file", type=click.File("rb"))
def schema_command(file: Any) -> None:
    """Convert one JSON Schema (FILE, or - for stdin) and print the strict form and null paths.

    Exit 1 when the schema is outside the strict subset (the path and keyword are printed).
    """
    name = getattr(file, "name", "-")
    try:
        document = parse_json(file.read(), str(name))
    except InputError as error:
        _fail(str(error))
    try:
        result = convert(document)
    except Unsupported as error:
        click.echo(f"unsupported: {format_path(error.path)}: {error.keyword}: {error.reason}")
        sys.exit(1)
    output = {
        "schema": result.schema,
        "null_paths": [list(path) for path in result.null_paths],
        "dropped": [{"path": format_path(d.path), "keyword": d.keyword} for d in result.dropped],
    }
    click.echo(json.dumps(output, indent=2, ensure_ascii=False))


def summary(model: ModuleModel) -> str:
    strict = sum(tool.strict for tool in model.tools)
    return (
        f"{len(model.tools)} tools: {strict} strict, {len(model.fallbacks)} fallbacks, "
        f"{len(model.excluded)} excluded"
    )


def report_lines(model: ModuleModel) -> list[str]:
    """One line per fallback, exclusion, rename, filtered tool and dropped keyword."""
    lines = [f"fallback {e.name}: {e.keyword} at {e.path}: {e.reason}" for e in model.fallbacks]
    lines += [f"excluded {e.name}: {e.keyword} at {e.path}: {e.reason}" for e in model.excluded]
    lines += [
        f"renamed {r.server}/{r.tool!r} -> {r.exposed or '(dropped)'}: {r.reason}"
        for r in model.renames
    ]
    lines += [f"filtered {server}/{tool!r}" for server, tool in model.filtered]
    lines += [
        f"dropped {tool.exposed}: {item.keyword} at {format_path(item.path)}"
        for tool in model.tools
        for item in tool.dropped
    ]
    return lines


def report_document(model: ModuleModel) -> dict[str, Any]:
    return {
        "generator": f"mcp2openai {model.version}",
        "input_sha256": model.input_hash,
        "strict": model.strict_mode,
        "tools": len(model.tools),
        "fallbacks": [{"event": FALLBACK_EVENT, **entry} for entry in model.report_fallbacks],
        "excluded": list(model.report_excluded),
        "renames": list(model.report_renames),
        "filtered": [{"server": server, "tool": tool} for server, tool in model.filtered],
        "dropped": list(model.report_dropped),
    }
