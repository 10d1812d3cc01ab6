"""`mcp2openai build`'s work once its options are read (generator/cli.py): plan every module to
build (the command line's, the config's, or its toolsets'), build them all, and only then write
or check each, so a build that fails writes nothing. Exit codes as in generator/cli.py."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .errors import GeneratorError
from .exits import fail
from .flags import UsageError
from .model import ModuleModel
from .paths import shown
from .pipeline import (
    Build,
    build,
    files,
    is_package,
    old_data,
    package_note,
    runtime_folder,
    runtime_version_on_disk,
    stale_runtime,
    write_build,
)
from .plan import BuildArgs, BuildPlan, plan_builds
from .report import report_document, report_lines, summary, warnings
from .summary import plural
from .writing import difference, write_if_changed


def build_and_write(
    arguments: BuildArgs,
    check: bool,
    report_json: Path | None,
    fail_on_fallback: bool,
    quiet: bool,
    verbose: bool,
) -> None:
    """Build every module the arguments and the config ask for, then write (or check) each,
    the config's order; exit 1 when a check or `--fail-on-fallback` failed for any."""
    try:
        plans = plan_builds(arguments, Path.cwd())
        if report_json is not None and len(plans) > 1:
            raise UsageError("--report-json goes with one toolset: pick it with --toolset NAME")
        results = [
            build(
                list(plan.servers),
                plan.mode,
                rewrites=plan.rewrites,
                target=plan.target,
                package=is_package(plan.out),
            )
            for plan in plans
        ]
    except GeneratorError as error:
        fail(error)
    said: set[str] = set()  # notes and warnings the toolsets share are said once
    status = 0
    for plan, result in zip(plans, results, strict=True):
        done = _write_or_check(
            plan, result, check, report_json, fail_on_fallback, quiet, verbose, said
        )
        status = max(status, done)
    if status:
        sys.exit(status)


def _once(line: str, said: set[str]) -> None:
    if line not in said:
        said.add(line)
        click.echo(line, err=True)


def _write_or_check(
    plan: BuildPlan,
    result: Build,
    check: bool,
    report_json: Path | None,
    fail_on_fallback: bool,
    quiet: bool,
    verbose: bool,
    said: set[str],
) -> int:
    """Write (or check) one module and say how it went; 1 when its check or
    `--fail-on-fallback` fails, else 0."""
    out, model = plan.out, result.model
    status = 0
    for line in plan.warnings:
        _once(f"mcp2openai: warning: {line}", said)
    if not quiet:
        for note in (*plan.notes, package_note(out)):
            if note is not None:
                _once(f"mcp2openai: note: {note}", said)
    for line in warnings(model):
        click.echo(f"mcp2openai: {line}", err=True)
    if check:
        diffs, because = _differences(out, result)
        # A check prints the diff, if any, and one line saying what it found: a pre-commit
        # hook runs it on every commit, and the diff is what the reader needs first. The
        # build's report (its state, not the difference) comes with -v.
        if verbose:
            _report(model, verbose)
        if diffs:
            for diff in diffs:
                click.echo(diff, err=True)
            click.echo(
                f"mcp2openai: {shown(out)} is out of date{because}: rebuild it without --check",
                err=True,
            )
            status = 1
        else:
            click.echo(f"mcp2openai: {shown(out)} is up to date ({summary(model)})", err=True)
    else:
        if not quiet:
            _report(model, verbose)
        before = runtime_version_on_disk(out)
        data = old_data(out)
        changed = write_build(out, result)
        if report_json is not None:
            document = report_document(model, result.snapshots)
            write_if_changed(report_json, json.dumps(document, indent=2) + "\n")
        folder = runtime_folder(out)
        if any(folder in path.parents for path in changed):
            click.echo(f"mcp2openai: {_runtime_news(folder, before, model.version)}", err=True)
        if data is not None:
            click.echo(f"mcp2openai: removed {shown(data)}: {_OLD_DATA}", err=True)
        mine = [path for path in changed if folder not in path.parents]  # the toolset's own
        done = f"wrote {shown(out)}" if mine else f"{shown(out)} unchanged"
        click.echo(f"mcp2openai: {done} ({summary(model)})", err=True)
    if fail_on_fallback and (model.fallbacks or model.excluded):
        # The last line says why the job fails, also with -q.
        counts = f"{plural(len(model.fallbacks), 'fallback')}, {len(model.excluded):,} excluded"
        click.echo(f"mcp2openai: failing: {counts} (--fail-on-fallback)", err=True)
        status = 1
    return status


def _report(model: ModuleModel, verbose: bool) -> None:
    for line in report_lines(model, verbose=verbose):
        click.echo(line, err=True)


def _differences(out: Path, result: Build) -> tuple[list[str], str]:
    """The diff of every file of the build that differs from what is on disk, and what the
    last line says of the runtime when one of its files differs."""
    written = files(out, result)
    diffs = [diff for path, text in written if (diff := difference(Path(shown(path)), text))]
    stale = stale_runtime(out, result)
    version = result.model.version
    diffs += [f"{shown(path)}: not part of mcp2openai {version}'s runtime" for path in stale]
    data = old_data(out)
    if data is not None:
        diffs.append(f"{shown(data)}: {_OLD_DATA}")
    folder = runtime_folder(out)
    if not stale and all(difference(p, t) is None for p, t in written if p.parent == folder):
        return diffs, ""
    found = runtime_version_on_disk(out)
    if found == version:  # the same version, other files: a build of another commit of it
        return diffs, f" (the runtime in {shown(folder)}/ differs from this generator's)"
    which = f"mcp2openai {found}'s" if found else "not this generator's"
    return diffs, f" (the runtime in {shown(folder)}/ is {which}, not {version}'s)"


# Why a build removes the data file mcp2openai 0.3 wrote beside a module.
_OLD_DATA = "mcp2openai 0.3's data file; the module holds its data since 0.4"


def _runtime_news(folder: Path, before: str | None, version: str) -> str:
    """What writing the runtime did, for the build's output."""
    if before is None:
        return f"wrote the runtime {shown(folder)}/ (mcp2openai {version})"
    if before != version:
        return (
            f"replaced the runtime {shown(folder)}/ of mcp2openai {before} with {version}'s: "
            "rebuild the other toolsets of that folder with this version"
        )
    return f"rewrote the runtime {shown(folder)}/: its files differed from mcp2openai {version}'s"
