"""`mcp2openai diff OLD.json NEW.json`: the graded changes from one snapshot to another
(docs/design.md, "Graded drift"). Exit 1 when a change is at least as grave as `--fail-on`
(breaking by default), 0 otherwise, 2 for a file that cannot be read as a snapshot."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from .drift import GRADES, Grade, counts, diff_snapshots, fails, line, tally
from .load import InputError, read_document

FAIL_ON = click.option(
    "--fail-on",
    type=click.Choice(GRADES),
    default="breaking",
    show_default=True,
    help="Exit 1 on a change of this grade or a graver one: breaking, compatible (any change "
    "to the tools) or cosmetic (any difference).",
)


@click.command("diff")
@click.argument("old", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("new", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the changes as one JSON document.")
@FAIL_ON
def diff_command(old: Path, new: Path, as_json: bool, fail_on: Grade) -> None:
    """Grade what changed from OLD's tool list to NEW's (two snapshots, as `fetch` writes
    them): one line per change naming the tool, the JSON pointer and the grade.

    Exit 1 when a change is breaking (or, with --fail-on, that grade or a graver one).
    """
    try:
        old_document, old_tools = read_document(old)
        new_document, new_tools = read_document(new)
    except InputError as error:
        click.echo(f"mcp2openai: error: {error}", err=True)
        sys.exit(2)
    changes = diff_snapshots(old_document, new_document, old_tools, new_tools)
    failed = fails(changes, fail_on)
    if as_json:
        document: dict[str, Any] = {
            "old": str(old),
            "new": str(new),
            "counts": counts(changes),
            "fail_on": fail_on,
            "failed": failed,
            "changes": [change.as_dict() for change in changes],
        }
        click.echo(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        for change in changes:
            click.echo(line(change))
    click.echo(f"mcp2openai: {old} -> {new}: {tally(changes)}", err=True)
    sys.exit(1 if failed else 0)
