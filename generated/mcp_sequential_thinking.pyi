"""Types of the mcp2openai 0.2.0 module beside this stub: its API and one TypedDict per tool."""

from typing import Literal, NotRequired, TypedDict

from collections.abc import Callable
from typing import TypeVar

_T = TypeVar("_T")
_Path = tuple[str | None, ...]
_Part = str | tuple[str, str, str]
_Split = Callable[[str], list[str]]
_Tokenizer = tuple[_Split, _Split, _Split, frozenset[str]]
__all__ = [
    "NAMES",
    "REPORT",
    "Report",
    "ToolCall",
    "ToolCalls",
    "arguments",
    "execute_tool_calls",
    "tool_calls",
    "tool_output",
    "tool_search",
    "tools",
]
NAMES: dict[str, tuple[str, str]]
REPORT: Report

class ToolCall:
    call_id: str
    name: str
    server: str
    tool: str
    arguments: dict[str, object]
    namespace: str | None
    caller: dict[str, object] | None

    def __init__(
        self,
        call_id: str,
        name: str,
        server: str,
        tool: str,
        arguments: dict[str, object],
        namespace: str | None = None,
        caller: dict[str, object] | None = None,
    ) -> None: ...
    def __repr__(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...

class ToolCalls(tuple[list[ToolCall], list[dict[str, object]]]):
    skipped: tuple[object, ...]

    @property
    def calls(self) -> list[ToolCall]: ...
    @property
    def rejected(self) -> list[dict[str, object]]: ...

class Report:
    fallbacks: tuple[dict[str, object], ...]
    excluded: tuple[dict[str, object], ...]
    renames: tuple[dict[str, object], ...]
    dropped: tuple[dict[str, object], ...]
    null_paths: dict[str, tuple[_Path, ...]]
    rewrites: tuple[dict[str, object], ...]

    def __init__(
        self,
        *,
        fallbacks: tuple[dict[str, object], ...] = (),
        excluded: tuple[dict[str, object], ...] = (),
        renames: tuple[dict[str, object], ...] = (),
        dropped: tuple[dict[str, object], ...] = (),
        null_paths: dict[str, tuple[_Path, ...]] | None = None,
        rewrites: tuple[dict[str, object], ...] = (),
    ) -> None: ...
    def __repr__(self) -> str: ...
    def as_dict(self) -> dict[str, object]: ...

def arguments(call: ToolCall, shape: type[_T]) -> _T: ...

from collections.abc import Iterable
from typing import Any

def tools(
    api: str,
    *,
    servers: Iterable[str] | None = None,
    names: Iterable[str] | None = None,
    namespaces: bool = False,
    defer: bool = False,
    search: str | None = None,
) -> list[dict[str, object]]: ...
def tool_choice(
    names: Iterable[str], *, api: str, mode: str = "auto"
) -> dict[str, object]: ...
def tool_search(query: str, *, limit: int = 8) -> list[dict[str, object]]: ...

import json
from collections.abc import Callable

def tool_calls(response: object, *, api: str | None = None) -> ToolCalls: ...

from typing import Any
from collections.abc import Mapping
from typing import TypeGuard
from collections.abc import Awaitable, Callable

async def execute_tool_calls(
    response: object,
    call_tool: Callable[[str, str, dict[str, object]], Awaitable[object]],
    *,
    api: str | None = None,
) -> list[dict[str, object]]: ...
def tool_output(
    call_id: str, outcome: object, *, api: str, caller: object = None
) -> dict[str, object]: ...

from typing import Any

SequentialThinkingSequentialthinkingArgs = TypedDict(
    "SequentialThinkingSequentialthinkingArgs",
    {
        "thought": str,
        "nextThoughtNeeded": bool | str,
        "thoughtNumber": int,
        "totalThoughts": int,
        "isRevision": NotRequired[bool | str],
        "revisesThought": NotRequired[int],
        "branchFromThought": NotRequired[int],
        "branchId": NotRequired[str],
        "needsMoreThoughts": NotRequired[bool | str],
    },
)
