"""Lines of code of the runtime: what every user commits and reads, and what an import loads.

A line of code holds a token that is neither a comment nor a docstring (module, class or
function); blank lines do not count. `python -m bench.lines` prints the count per file.
"""

from __future__ import annotations

import ast
import io
import sys
import tokenize
from pathlib import Path

from bench.inputs import ROOT

RUNTIME = ROOT / "templates" / "runtime"


def code_lines(path: Path) -> int:
    """The lines of `path` that hold code: not blank, not only a comment or a docstring."""
    source = path.read_text(encoding="utf-8")
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
        first = node.body[0] if isinstance(node, kinds) and node.body else None
        value = first.value if isinstance(first, ast.Expr) else None
        if first is not None and isinstance(value, ast.Constant) and isinstance(value.value, str):
            docstrings.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    lines: set[int] = set()
    skipped = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in skipped or token.type == tokenize.ENDMARKER:
            continue
        for line in range(token.start[0], token.end[0] + 1):
            if line not in docstrings:
                lines.add(line)
    return len(lines)


def runtime_lines() -> dict[str, int]:
    """Code lines per runtime file (its Python files: the stub is for type checkers)."""
    return {path.name: code_lines(path) for path in sorted(RUNTIME.glob("*.py"))}


if __name__ == "__main__":
    counted = runtime_lines()
    for name, count in counted.items():
        print(f"{count:6} {name}")
    print(f"{sum(counted.values()):6} in all")
    sys.exit(0)
