"""The run-time part of every generated mcp2openai module, in parts with one job each.

Each part's code below its ``# ---- runtime ----`` marker is copied into every generated
module, right after its docstring, in the order of ``RUNTIME_PARTS`` in generator/emit.py;
the generator then emits the toolset's data, as JSON texts that the parts parse on first
use (docs/design.md, "Data in the module"). What is above a marker only makes the part
type-checkable on its own: the names it uses from the other parts, imported for type
checkers, and (in data.py) empty tables standing for the generated data.

The copied code uses the standard library only and imports nothing at module level
(``json``, ``binascii``, ``asyncio``, ``logging``, ``difflib`` and ``re`` are imported by the
functions that need them, so importing a generated module costs next to nothing; only
``connect()`` imports a package, the ``mcp`` SDK it opens sessions with). There is no
``from __future__ import annotations`` (importing ``__future__`` is a measurable part of a
small module's import), so annotations naming what exists for type checkers only are quoted.
It passes
``mypy --strict`` and is formatted by black with its default mode (``make check``). The
generator derives the module's ``.pyi`` stub from it (public names only, bodies dropped,
quotes removed).
"""
