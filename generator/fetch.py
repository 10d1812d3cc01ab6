"""`mcp2openai fetch`: read live servers' tool lists into snapshot files, one server at a time.

One line per server as it finishes (name, tools found, time), a summary at the end. A server
that fails gets one error line and the others are still fetched; its old snapshot is left as it
was (snapshots are written to a temporary file, then renamed). Exit code: 0 done, 1 `check`
found a snapshot that differs from the live server in a way graded `fail_on` or graver
(breaking by default; docs/design.md, "Graded drift"), 2 any server failed.

`quiet` (`fetch -q`) prints only what needs acting on: errors, warnings (a server that lists no
tools, non-MCP lines on its stdout), how a snapshot differs with `check`, and the summary line
when something failed or differs. A fetch that went well prints nothing.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio

from .drift import Change, Grade, diff_snapshots, fails, tally, worst
from .drift import line as change_line
from .live import FetchError, Protocol, StdoutNoise, dump, fetch_snapshot
from .load import InputError, read_document
from .paths import shown
from .plan import FetchTarget
from .servers import DEFAULT_TIMEOUT, ExpansionError, expand
from .writing import write_atomically

DEFAULT_JOBS = 4


@dataclass(frozen=True, slots=True)
class Outcome:
    name: str
    tools: int | None  # None: failed
    lines: tuple[str, ...]
    changed: bool = False
    changes: tuple[Change, ...] = ()  # with check: how the snapshot differs, graded
    quiet: tuple[str, ...] = ()  # what `fetch -q` prints of `lines`: those that need acting on


def fetch_all(
    targets: Sequence[FetchTarget],
    *,
    timeout: float = DEFAULT_TIMEOUT,
    check: bool = False,
    fail_on: Grade = "breaking",
    jobs: int = DEFAULT_JOBS,
    strict_stdio: bool = False,
    echo: Callable[[str], None],
    protocol: Protocol = "legacy",
    quiet: bool = False,
) -> int:
    """Fetch the targets (`jobs` at a time), reporting through `echo` in order; the exit code.

    A stdio server's non-MCP stdout lines (a banner) are skipped with one warning line, as MCP
    clients skip them; `strict_stdio` makes them a failure, as the transport says they are.
    `protocol` is generator/live.py's: "legacy" (the `initialize` handshake) or "auto"
    (`server/discover` first, the 2026-07-28 protocol with a server that speaks it).
    With `check`, a snapshot that differs is graded; the exit code is 1 when a change is
    `fail_on` or graver.
    """
    started = time.monotonic()
    with _quiet_sdk_logging():
        outcomes = anyio.run(
            _fetch_all, targets, timeout, check, jobs, strict_stdio, echo, protocol, quiet
        )
    failed = [outcome.name for outcome in outcomes if outcome.tools is None]
    tools = sum(outcome.tools or 0 for outcome in outcomes)
    done = len(outcomes) - len(failed)
    took = time.monotonic() - started
    servers = f"{done} of {len(outcomes)} servers" if failed else _plural(done, "server")
    line = f"mcp2openai: fetched {servers} ({_plural(tools, 'tool')}) in {took:.1f}s"
    if failed:
        line += f"; failed: {', '.join(failed)}"
    changed = [f"{o.name} ({worst(o.changes)})" for o in outcomes if o.changed]
    if check and changed:
        line += f"; out of date: {', '.join(changed)}"
    if not quiet or failed or (check and changed):
        echo(line)
    if failed:
        return 2
    return 1 if check and any(fails(outcome.changes, fail_on) for outcome in outcomes) else 0


async def _fetch_all(
    targets: Sequence[FetchTarget],
    timeout: float,
    check: bool,
    jobs: int,
    strict_stdio: bool,
    echo: Callable[[str], None],
    protocol: Protocol = "legacy",
    quiet: bool = False,
) -> list[Outcome]:
    """Servers run concurrently; each one's lines are printed as soon as it and every server
    before it are done, so the output keeps the configured order."""
    limiter = anyio.CapacityLimiter(max(1, jobs))
    done = [anyio.Event() for _ in targets]
    outcomes: list[Outcome | None] = [None] * len(targets)

    async def run(index: int) -> None:
        async with limiter:
            outcomes[index] = await _fetch_one(
                targets[index], timeout, check, strict_stdio, protocol
            )
        done[index].set()

    async with anyio.create_task_group() as group:
        for index in range(len(targets)):
            group.start_soon(run, index)
        for index, event in enumerate(done):
            await event.wait()
            outcome = outcomes[index]
            assert outcome is not None
            for line in outcome.quiet if quiet else outcome.lines:
                echo(line)
    return [outcome for outcome in outcomes if outcome is not None]


async def _fetch_one(
    target: FetchTarget,
    timeout: float,
    check: bool,
    strict_stdio: bool,
    protocol: Protocol = "legacy",
) -> Outcome:
    started = time.monotonic()
    try:
        transport = expand(target.transport) if target.expand else target.transport
    except ExpansionError as error:
        where = f"{target.origin}.{error.key}" if target.origin else error.key
        return _failed(target, f"{where}: {error.reason}")
    noise = None if strict_stdio else StdoutNoise()
    try:
        document = await fetch_snapshot(
            transport, timeout=target.timeout or timeout, noise=noise, protocol=protocol
        )
    except FetchError as error:
        return _failed(target, str(error))
    warnings = [f"{target.name}: {noise.describe()}"] if noise and noise.count else []
    if not document["tools"]:
        warnings.append(
            f"{target.name}: the server lists no tools, so {shown(target.snapshot)} holds none:"
            " check its arguments, environment and credentials"
        )
    lines = tuple(f"mcp2openai: warning: {line}" for line in warnings)
    outcome = _fetched(target, document, started, check)
    return dataclasses.replace(outcome, lines=lines + outcome.lines, quiet=lines + outcome.quiet)


def _fetched(target: FetchTarget, document: dict[str, Any], started: float, check: bool) -> Outcome:
    took = time.monotonic() - started
    text = dump(document)
    server = document["server"]
    count = len(document["tools"])
    who = f"{server['name']} {server['version']}" if server["name"] else "an unnamed server"
    head = (
        f"mcp2openai: {target.name}: {_plural(count, 'tool')} in {took:.1f}s "
        f"({who}, protocol {document['protocolVersion']})"
    )
    where = shown(target.snapshot)
    if _holds(target.snapshot, text):
        return Outcome(target.name, count, (f"{head}: {where} unchanged",))
    if check:
        try:
            changes = _graded(target, document)
        except InputError as error:
            return _failed(target, str(error))
        lines = (
            f"{head}: {where} differs: {tally(changes)}",
            *(f"  {change_line(c)}" for c in changes),
        )
        return Outcome(target.name, count, lines, True, tuple(changes), quiet=lines)
    try:
        write_atomically(target.snapshot, text)
    except OSError as error:
        return _failed(target, f"cannot write {where}: {error.strerror or error}")
    return Outcome(target.name, count, (f"{head}: wrote {where}",), changed=True)


def _holds(path: Path, text: str) -> bool:
    try:
        return path.read_text(encoding="utf-8") == text
    except (OSError, UnicodeDecodeError):
        return False


def _graded(target: FetchTarget, document: dict[str, Any]) -> list[Change]:
    """How the snapshot on disk differs from what the server sent, graded (the text diff of
    the files is left out: docs/design.md, "Graded drift")."""
    where = shown(target.snapshot)
    if not target.snapshot.exists():
        fix = f"run `mcp2openai fetch {target.name}` to create it"
        return [Change(None, "", "breaking", f"{where} does not exist: {fix}")]
    old, tools = read_document(target.snapshot, where)
    changes = diff_snapshots(old, document, tools, document["tools"])
    # the same content written otherwise (by hand, or by another tool): fetch would rewrite it
    return changes or [Change(None, "", "cosmetic", "laid out otherwise than fetch writes it")]


def _failed(target: FetchTarget, message: str) -> Outcome:
    line = (f"mcp2openai: error: {target.name}: {message}",)
    return Outcome(target.name, None, line, quiet=line)


@contextmanager
def _quiet_sdk_logging() -> Iterator[None]:
    """The SDK logs (with tracebacks) what we report as one line: keep it off the terminal."""
    logger = logging.getLogger("mcp")
    handler = logging.NullHandler()
    propagate = logger.propagate
    logger.addHandler(handler)
    logger.propagate = False
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.propagate = propagate


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")
