"""What a failed fetch quotes of a server: its words on one line, shortened, and the telling
lines of its stderr."""

from __future__ import annotations

import json
import re
from typing import IO, Final

# Lines of a failing server's stderr worth quoting, and stack frames that merely mention one.
_ERRORISH: Final = re.compile(
    r"error|fatal|exception|panic|denied|refused|not found|no such|cannot|can't|could not"
    r"|unable to|failed|failure|invalid|missing",
    re.IGNORECASE,
)
_FRAME: Final = re.compile(r"at |File \"|\^|~+$")
_STDERR_LINES: Final = 3


def stderr_excerpt(errlog: IO[str]) -> str:
    """The informative end of what the server wrote on stderr, quoted: the last lines (up to
    three, in order) that mention an error, or else its last line. A crash often ends with
    noise (`}`, `Node.js v20.11.1`) a few lines below its cause."""
    try:
        errlog.seek(0, 2)
        errlog.seek(max(0, errlog.tell() - 65536))
        lines = [line.strip() for line in errlog.read().splitlines() if line.strip()]
    except (OSError, ValueError):
        return ""
    if not lines:
        return ""
    telling = [line for line in lines if _ERRORISH.search(line) and not _FRAME.match(line)]
    chosen = list(dict.fromkeys(reversed(telling)))[:_STDERR_LINES][::-1] or [lines[-1]]
    return ", ".join(quote(line) for line in chosen)


def quote(text: str, limit: int = 160) -> str:
    text = one_line(text)
    return json.dumps(text[:limit] + ("..." if len(text) > limit else ""), ensure_ascii=False)


def one_line(text: str) -> str:
    return " ".join(text.split())
