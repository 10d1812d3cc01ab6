"""How the command line fails: one line on stderr and the exit code (generator/cli.py)."""

from __future__ import annotations

import sys
from typing import NoReturn

import click

from .errors import GeneratorError


def fail(error: str | GeneratorError) -> NoReturn:
    """One line on stderr, then exit 2 (bad usage or input) or 3 (a bug of the generator,
    caught before anything was written: never the user's input)."""
    code = error.exit_code if isinstance(error, GeneratorError) else 2
    if code == 3:
        click.echo(
            f"mcp2openai: internal error (nothing written; please report): {error}", err=True
        )
    else:
        click.echo(f"mcp2openai: error: {error}", err=True)
    sys.exit(code)
