"""A stdio server's stderr while ``connect()`` runs it: a pipe the server writes to,
whose lines go to the ``mcp2openai`` logger (INFO) and whose last ones are kept for the
app's errors and logs, never for the model; and ``excerpt``, the telling end of such
lines, which ``mcp2openai fetch`` quotes with too (generator/runtime.py).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TextIO


class ServerLog:
    """A stdio server's stderr: a pipe it writes to (``file``), read by a thread that
    hands each line to the ``mcp2openai`` logger and keeps the last ones; ``ended`` is
    set once the pipe has closed (the server's process has ended, most often)."""

    def __init__(self, server: str) -> None:
        import asyncio
        import collections
        import os
        import threading

        read_end, write_end = os.pipe()
        self.file = os.fdopen(write_end, "w")  # the server's stderr (the SDK's errlog)
        self.lines: collections.deque[str] = collections.deque(maxlen=50)
        self.done = threading.Event()
        self.ended = asyncio.Event()  # ``done``, for the loop that made this log
        self._loop = asyncio.get_running_loop()
        reader = os.fdopen(read_end, encoding="utf-8", errors="replace")
        name = f"mcp2openai stderr of {server}"
        thread = threading.Thread(target=self._pump, args=(server, reader), name=name)
        thread.daemon = True
        thread.start()

    def _pump(self, server: str, reader: "TextIO") -> None:
        import contextlib
        import logging

        log = logging.getLogger("mcp2openai")
        try:
            with reader:
                for line in reader:
                    text = line.rstrip("\r\n")
                    self.lines.append(text)
                    log.info("server %s: %s", server, text)
        finally:
            self.done.set()
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits
                self._loop.call_soon_threadsafe(self.ended.set)

    async def excerpt(self, wait: float = 2.0) -> str:
        """The telling end of what the server wrote (``telling``, one line each), once
        it has closed its stderr (or after ``wait`` seconds)."""
        import asyncio

        await asyncio.to_thread(self.done.wait, wait)
        return "\n".join(telling(list(self.lines)))


def excerpt(lines: "list[str]") -> str:
    """The telling end of a server's stderr, quoted for a message: ``"a", "b"``."""
    return quote(telling(lines))


def quote(lines: "list[str]") -> str:
    import json

    return ", ".join(json.dumps(line, ensure_ascii=False) for line in lines)


def telling(lines: "list[str]") -> "list[str]":
    """The informative end of a server's stderr: the last lines (up to three, in order)
    that mention an error, or else its last line, each cut at 160 characters. A crash
    often ends with noise (``}``, ``Node.js v20.11.1``) a few lines below its cause."""
    import re

    said = [" ".join(line.split()) for line in lines if line.strip()]
    errorish = re.compile(
        r"error|fatal|exception|panic|denied|refused|not found|no such|cannot|can't"
        r"|could not|unable to|failed|failure|invalid|missing",
        re.IGNORECASE,
    )
    frame = re.compile(r"at |File \"|\^|~+$")
    telling = [line for line in said if errorish.search(line) and not frame.match(line)]
    chosen = list(dict.fromkeys(reversed(telling)))[:3][::-1] or said[-1:]
    return [line[:160] + ("..." if len(line) > 160 else "") for line in chosen]
