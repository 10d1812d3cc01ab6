"""The `mcp2openai` command line (docs/design.md, "CLI"). Exit codes: 0 done, 1 a check or policy
found something, 2 bad usage or bad input (one line on stderr, nothing written), 3 an internal
error the build caught before writing anything (a generator bug)."""

from __future__ import annotations

import json
import sys
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from . import __version__
from .buildcmd import build_and_write
from .diffcmd import FAIL_ON, diff_command
from .drift import Grade
from .errors import GeneratorError
from .exits import fail
from .load import parse_json
from .options import StrictMode
from .pipeline import (
    gc_paused,
)
from .plan import BuildArgs, FetchArgs, plan_fetch
from .strict import Target, Unsupported, convert, format_path

if TYPE_CHECKING:
    from .live import Protocol  # imports the mcp SDK: only for type checkers here


@click.group()
@click.version_option(__version__, prog_name="mcp2openai")
def main() -> None:
    """Compile MCP servers' tool lists into self-contained OpenAI adapter modules."""


_CONFIG_OPTIONS = (
    click.option(
        "--config",
        type=click.Path(dir_okay=False, path_type=Path),
        help="The pyproject.toml with [tool.mcp2openai] (default: the nearest one).",
    ),
    click.option(
        "--mcp-config",
        type=click.Path(dir_okay=False, path_type=Path),
        help="Servers from an mcpServers JSON file (Claude Desktop, Cursor, VS Code).",
    ),
    click.option(
        "--snapshots",
        type=click.Path(file_okay=False, path_type=Path),
        help="With --mcp-config: the snapshot directory (DIR/NAME.json; default: mcp-snapshots).",
    ),
)


def _config_options(function: Any) -> Any:
    for option in reversed(_CONFIG_OPTIONS):
        function = option(function)
    return function


class _FetchCommand(click.Command):
    """Remembers how many words followed `--`: they are the server's command."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta["mcp2openai.command"] = len(args) - args.index("--") - 1 if "--" in args else 0
        return super().parse_args(ctx, args)


@main.command("fetch", cls=_FetchCommand)
@click.argument("words", nargs=-1, metavar="[NAME...] [-- COMMAND [ARGS...]]")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The snapshot file to write (one server).",
)
@click.option("--url", help="A Streamable HTTP server's URL (instead of a command).")
@click.option("--header", "headers", multiple=True, metavar="KEY:VALUE", help="HTTP header.")
@click.option("--env", "env", multiple=True, metavar="KEY=VALUE", help="Environment variable.")
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    help="Seconds for each server's whole fetch (default 60, or timeout in the config).",
)
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=4,
    show_default=True,
    help="Servers fetched at the same time.",
)
@click.option(
    "--check",
    is_flag=True,
    help="Write nothing; grade how each snapshot differs from its server, exit 1 if it breaks.",
)
@FAIL_ON
@click.option(
    "--strict-stdio",
    is_flag=True,
    help="Fail on anything but MCP on a stdio server's stdout (default: skip it, warn once).",
)
@click.option(
    "--protocol",
    type=click.Choice(["auto", "legacy"]),
    default="auto",
    show_default=True,
    help="auto: the newest protocol both sides speak, as connect() does; legacy: 2025-11-25.",
)
@click.option(
    "--quiet",
    "-q",
    is_flag=True,
    help="Print only errors, warnings and differences (nothing when all went well).",
)
@_config_options
def fetch_command(
    words: tuple[str, ...],
    out: Path | None,
    url: str | None,
    headers: tuple[str, ...],
    env: tuple[str, ...],
    timeout: float | None,
    jobs: int,
    check: bool,
    fail_on: Grade,
    strict_stdio: bool,
    protocol: Protocol,
    quiet: bool,
    config: Path | None,
    mcp_config: Path | None,
    snapshots: Path | None,
) -> None:
    """Read live MCP servers' tool lists into snapshot files.

    \b
    mcp2openai fetch NAME --out SNAPSHOT.json [--env K=V] -- COMMAND [ARGS...]
    mcp2openai fetch NAME --out SNAPSHOT.json --url URL [--header K:V]
    mcp2openai fetch [NAME...]                      # servers of [tool.mcp2openai]
    mcp2openai fetch --mcp-config FILE [NAME...]    # servers of an mcpServers file
    """
    count = click.get_current_context().meta.get("mcp2openai.command", 0)
    split = len(words) - count
    arguments = FetchArgs(
        names=words[:split],
        command=words[split:],
        out=out,
        url=url,
        headers=headers,
        env=env,
        timeout=timeout,
        config=config,
        mcp_config=mcp_config,
        snapshots=snapshots,
    )
    try:
        plan = plan_fetch(arguments, Path.cwd())
    except GeneratorError as error:
        fail(error)
    for line in plan.warnings:
        click.echo(f"mcp2openai: warning: {line}", err=True)
    if not quiet:
        for note in plan.notes:
            click.echo(f"mcp2openai: note: {note}", err=True)
        for name in plan.skipped:
            click.echo(f"mcp2openai: {name}: no command or url, not fetched", err=True)
    from .fetch import fetch_all  # imports the mcp SDK: only when fetching

    echo = partial(click.echo, err=True)
    sys.exit(
        fetch_all(
            plan.targets,
            timeout=plan.timeout,
            check=check,
            fail_on=fail_on,
            jobs=jobs,
            strict_stdio=strict_stdio,
            echo=echo,
            protocol=protocol,
            quiet=quiet,
        )
    )


main.add_command(diff_command)


@main.command("build")
@click.option(
    "--server",
    "servers",
    multiple=True,
    metavar="NAME=SNAPSHOT.json",
    help="A server's tool-list snapshot; repeat for several servers, in order. "
    "Without --server or --mcp-config: the servers of [tool.mcp2openai] in pyproject.toml.",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The module to write (default: out in the config).",
)
@click.option(
    "--strict",
    "mode",
    type=click.Choice([mode.value for mode in StrictMode]),
    default=None,
    help="auto (default): fall back to non-strict per tool; true: leave such "
    "tools out; false: every tool non-strict.",
)
@click.option(
    "--rewrites",
    type=click.Choice(["on", "off"]),
    default=None,
    help="on (default): reversible rewrites take maps and free-form values to strict mode "
    "(the call parser undoes them); off: tools they would need fall back.",
)
@click.option(
    "--target",
    type=click.Choice(["openai", "compatible"]),
    default=None,
    help="openai (default); compatible: drop the length, pattern and format keywords that "
    "some OpenAI-compatible endpoints refuse.",
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
@click.option(
    "--read-only",
    "read_only",
    multiple=True,
    metavar="NAME=GLOB",
    help="Take this server's tools matching GLOB as read-only, whatever it says (repeatable).",
)
@click.option(
    "--destructive",
    multiple=True,
    metavar="NAME=GLOB",
    help="Take this server's tools matching GLOB as destructive (repeatable).",
)
@click.option(
    "--approve",
    multiple=True,
    metavar="NAME=GLOB=always|never",
    help="Whether execute_tool_calls(approve=...) asks about calls to these tools (repeatable).",
)
@click.option(
    "--toolset",
    "toolsets",
    multiple=True,
    metavar="NAME",
    help="Build only this toolset of [tool.mcp2openai.toolsets] (repeatable; default: all).",
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
@click.option("--quiet", "-q", is_flag=True, help="Print only errors and the summary line.")
@click.option(
    "--verbose",
    "-v",
    is_flag=True,
    help="List every dropped keyword and filtered tool (default: one line per keyword).",
)
@_config_options
def build_command(
    servers: tuple[str, ...],
    out: Path | None,
    mode: str | None,
    rewrites: str | None,
    target: Target | None,
    prefixes: tuple[str, ...],
    includes: tuple[str, ...],
    excludes: tuple[str, ...],
    read_only: tuple[str, ...],
    destructive: tuple[str, ...],
    approve: tuple[str, ...],
    toolsets: tuple[str, ...],
    check: bool,
    report_json: Path | None,
    fail_on_fallback: bool,
    quiet: bool,
    verbose: bool,
    config: Path | None,
    mcp_config: Path | None,
    snapshots: Path | None,
) -> None:
    """Build adapter modules from tool-list snapshots: one, or each toolset of the config."""
    if quiet and verbose:
        fail("give -q or -v, not both")
    switch = None if rewrites is None else rewrites == "on"
    arguments = BuildArgs(
        servers=servers,
        out=out,
        mode=None if mode is None else StrictMode(mode),
        prefixes=prefixes,
        includes=includes,
        excludes=excludes,
        read_only=read_only,
        destructive=destructive,
        approve=approve,
        config=config,
        mcp_config=mcp_config,
        snapshots=snapshots,
        rewrites=switch,
        target=target,
        toolsets=toolsets,
    )
    with gc_paused():  # until the files are written (pipeline.gc_paused)
        build_and_write(arguments, check, report_json, fail_on_fallback, quiet, verbose)


@main.command("schema")
@click.argument("file", type=click.File("rb"))
@click.option("--rewrites", type=click.Choice(["on", "off"]), default="on", show_default=True)
@click.option(
    "--target", type=click.Choice(["openai", "compatible"]), default="openai", show_default=True
)
def schema_command(file: Any, rewrites: str, target: Target) -> None:
    """Convert one JSON Schema (FILE, or - for stdin) and print the strict form, its null
    paths, what was dropped, the rewrites and the decode plan that undoes them.

    Exit 1 when the schema is outside the strict subset (the path and keyword are printed).
    """
    name = getattr(file, "name", "-")
    try:
        document = parse_json(file.read(), str(name))
    except GeneratorError as error:
        fail(error)
    try:
        result = convert(document, rewrites=rewrites == "on", target=target)
    except Unsupported as error:
        click.echo(f"unsupported: {format_path(error.path)}: {error.keyword}: {error.reason}")
        sys.exit(1)
    output = {
        "schema": result.schema,
        "null_paths": [list(path) for path in result.null_paths],
        "dropped": [{"path": format_path(d.path), "keyword": d.keyword} for d in result.dropped],
        "rewrites": [{"path": format_path(r.path), "kind": r.kind} for r in result.rewrites],
        "decode": result.decode,
    }
    click.echo(json.dumps(output, indent=2, ensure_ascii=False))
