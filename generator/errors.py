"""The one base of every error the generator reports (docs/conventions.md, practice 10).

A leaf module. Each kind of failure is a subclass that says where it happened: the file, a
JSON pointer into a JSON document (a snapshot, a schema) where there is one, and the reason. The
CLI prints `str(error)`, one line, and exits with `exit_code`: 2 for the user's input or usage, 3
for a bug of the generator caught before anything was written (`RenderError`).

Kinds: `InputError` (generator/load.py), `Unsupported` (generator/strict/errors.py),
`NamingError` (generator/naming.py), `ConfigError` (generator/entries.py), `UsageError`
(generator/flags.py), `FetchError` (generator/live.py), `ExpansionError` (generator/servers.py),
`RenderError` (generator/emit.py).
"""

from __future__ import annotations

from typing import ClassVar


class GeneratorError(Exception):
    """An error the CLI reports as one line: `FILE: CONTEXT: POINTER: KEYWORD: REASON`, each
    part present only when known.

    `pointer` is a JSON pointer in URI-fragment form (`#/tools/3/inputSchema`, see `pointer`)
    into the document `file` names (or into the schema at fault), None when the error is not at
    a place in a JSON document (a config key, a command-line option, a whole file that cannot
    be read). `context` narrows the place down otherwise (`tool 'x'`, a config key); `keyword`
    is the schema keyword at fault."""

    exit_code: ClassVar[int] = 2

    def __init__(
        self,
        reason: str,
        *,
        file: str | None = None,
        pointer: str | None = None,
        context: str | None = None,
        keyword: str | None = None,
    ) -> None:
        super().__init__(located(file, context, pointer, keyword, reason))
        self.reason = reason
        self.file = file
        self.pointer = pointer


def located(*parts: str | None) -> str:
    """The one-line form of an error: its non-empty parts joined by ": "."""
    return ": ".join(part for part in parts if part)


def pointer(parts: tuple[str | int, ...]) -> str:
    """A JSON pointer in URI-fragment form: `#` for the whole document, else `#/` and the
    parts with `~` as `~0` and `/` as `~1` (RFC 6901): `#/properties/a~1b/items`."""
    if not parts:
        return "#"
    return "#/" + "/".join(str(part).replace("~", "~0").replace("/", "~1") for part in parts)
