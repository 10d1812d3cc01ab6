"""The `mcp2openai` command line (docs/design.md, "CLI"). Exit codes: 0 done, 1 a check or policy
found something, 2 bad usage or bad input (one line on stderr, nothing written), 3 an internal
error the build caught before writing anything (a generator bug)."""

from __future__ import annotations

import json
import sys
from functools import partial
from pathlib import Path
from typing import Any, NoReturn

import click

from . import __version__
from .diffcmd import FAIL_ON, diff_command
from .drift import Grade
from .emit import RenderError
from .load import InputError, parse_json
from .model import StrictMode
from .naming import NamingError
from .paths import shown
from .pipeline import build, difference, stub_path, write_if_changed
from .plan import BuildArgs, ConfigError, FetchArgs, UsageError, plan_build, plan_fetch
from .report import report_document, report_lines, summary, warnings
from .strict import Target, Unsupported, convert, format_path


def _fail(message: str) -> NoReturn:
    click.echo(f"mcp2openai: error: {message}", err=True)
    sys.exit(2)


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
        help="With --mcp-config: the snapshot directory (DIR/NAME.json; default: snapshots).",
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
        words[:split], words[split:], out, url, headers, env, timeout, config, mcp_config, snapshots
    )
    try:
        plan = plan_fetch(arguments, Path.cwd())
    except (UsageError, ConfigError) as error:
        _fail(str(error))
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
    type=click.Choice(["auto", "true", "false"]),
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
    mode: StrictMode | None,
    rewrites: str | None,
    target: Target | None,
    prefixes: tuple[str, ...],
    includes: tuple[str, ...],
    excludes: tuple[str, ...],
    check: bool,
    report_json: Path | None,
    fail_on_fallback: bool,
    quiet: bool,
    verbose: bool,
    config: Path | None,
    mcp_config: Path | None,
    snapshots: Path | None,
) -> None:
    """Build one adapter module from tool-list snapshots."""
    if quiet and verbose:
        _fail("give -q or -v, not both")
    switch = None if rewrites is None else rewrites == "on"
    arguments = BuildArgs(
        servers,
        out,
        mode,
        prefixes,
        includes,
        excludes,
        config,
        mcp_config,
        snapshots,
        switch,
        target,
    )
    try:
        plan = plan_build(arguments, Path.cwd())
        result = build(list(plan.servers), plan.mode, rewrites=plan.rewrites, target=plan.target)
    except (InputError, NamingError, UsageError, ConfigError) as error:
        _fail(str(error))
    except RenderError as error:
        # A bug of the generator, caught before anything was written: never the user's input.
        message = f"mcp2openai: internal error (nothing written; please report): {error}"
        click.echo(message, err=True)
        sys.exit(3)
    out, model = plan.out, result.model
    for line in warnings(model):
        click.echo(f"mcp2openai: {line}", err=True)
    if not quiet:
        for line in report_lines(model, verbose=verbose):
            click.echo(line, err=True)
    if check:
        shown_out = Path(shown(out))
        diffs = [
            difference(shown_out, result.source),
            difference(stub_path(shown_out), result.stub),
        ]
        if any(diff is not None for diff in diffs):
            for diff in diffs:
                if diff is not None:
                    click.echo(diff, err=True)
            click.echo(
                f"mcp2openai: {shown_out} is out of date: rebuild it without --check", err=True
            )
            sys.exit(1)
        click.echo(f"mcp2openai: {shown_out} is up to date ({summary(model)})", err=True)
    else:
        # the stub first: a module is never newer than the types beside it
        stub_changed = write_if_changed(stub_path(out), result.stub)
        changed = write_if_changed(out, result.source) or stub_changed
        if report_json is not None:
            document = report_document(model, result.snapshots)
            write_if_changed(report_json, json.dumps(document, indent=2) + "\n")
        done = f"wrote {shown(out)}" if changed else f"{shown(out)} unchanged"
        click.echo(f"mcp2openai: {done} ({summary(model)})", err=True)
    if fail_on_fallback and (model.fallbacks or model.excluded):
        sys.exit(1)


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
    except InputError as error:
        _fail(str(error))
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
