"""What a failed fetch quotes of a server: its words on one line, shortened, and the telling
lines of its stderr."""

from __future__ import annotations

import json
from typing import IO

from .runtime import stderr_lines_excerpt


def stderr_excerpt(errlog: IO[str]) -> str:
    """The informative end of what the server wrote on stderr, quoted: the runtime's rule
    (templates/runtime/connect.py, `excerpt`), which `connect()` quotes a server's stderr
    with, over the last 64 KiB of the file."""
    try:
        errlog.seek(0, 2)
        errlog.seek(max(0, errlog.tell() - 65536))
        lines = errlog.read().splitlines()
    except (OSError, ValueError):
        return ""
    return stderr_lines_excerpt(lines)


def quote(text: str, limit: int = 160) -> str:
    text = one_line(text)
    return json.dumps(text[:limit] + ("..." if len(text) > limit else ""), ensure_ascii=False)


def one_line(text: str) -> str:
    return " ".join(text.split())
