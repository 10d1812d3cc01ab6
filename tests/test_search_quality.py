"""Search quality on the recorded servers (the targets of docs/design.md, "Tool search").

One module holds every recorded server: `generated/snapshots/`, and `tests/fixtures/corpus/`
when it is there. For each tool, a query is made from the first sentence of its description;
recall@5 is the share of queries whose tool is among the first five `tool_search` results.

- Full sentence: recall@5 at least 0.95.
- Without the name: every word of the sentence that shares a term with the tool's exposed
  name (server prefix included, split by the module's own rule) is removed first, so the
  description's other words have to find it. Recall@5 at least 0.8.

A query with no searchable word left (the sentence was only the name and stop words) cannot
be asked and is not counted; how many there are is printed with the figures.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from buildutil import ROOT, SNAPSHOTS, import_path
from mcp2openai.options import ServerSpec, StrictMode
from mcp2openai.pipeline import build, write_build
from mcp2openai.templates.runtime.search import terms

CORPUS = ROOT / "tests" / "fixtures" / "corpus"
FULL_SENTENCE = 0.95
WITHOUT_NAME = 0.8
_SENTENCE_END = re.compile(r"(?<=[.!?:])\s+")


def toolsets() -> dict[str, list[Path]]:
    recorded = sorted(SNAPSHOTS.glob("*.json"))
    sets = {"snapshots": recorded}
    known = {path.stem for path in recorded}
    more = [path for path in sorted(CORPUS.glob("*.json")) if path.stem not in known]
    if more:
        sets["snapshots and corpus"] = recorded + more
    return sets


def first_sentence(description: str) -> str:
    """Up to the first `.`, `!`, `?` or `:` before a space, skipping headings (fewer than
    three words, such as "Purpose:")."""
    sentences = _SENTENCE_END.split(" ".join(description.split()))
    return next((s for s in sentences if len(s.split()) >= 3), sentences[0])


@dataclass
class Recall:
    found: int = 0
    asked: int = 0
    skipped: int = 0

    def add(self, hit: bool) -> None:
        self.found += hit
        self.asked += 1

    @property
    def value(self) -> float:
        return self.found / self.asked

    def __str__(self) -> str:
        return f"{self.value:.3f} ({self.found}/{self.asked}; {self.skipped} without a query)"


def recall(module: Any) -> tuple[Recall, Recall]:
    full, nameless = Recall(), Recall()
    for tool in module.tools("responses"):
        name, sentence = tool["name"], first_sentence(tool["description"])
        if not terms(sentence):
            full.skipped += 1
            nameless.skipped += 1
            continue
        full.add(name in top(module, sentence, 5))
        named = set(terms(name))
        kept = " ".join(w for w in sentence.split() if not named & set(terms(w)))
        if not terms(kept):
            nameless.skipped += 1
            continue
        nameless.add(name in top(module, kept, 5))
    return full, nameless


def top(module: Any, query: str, limit: int) -> list[str]:
    """The exposed names the module's search ranks first for `query`."""
    return [tool["name"] for tool in module.tool_search(query, limit=limit)]


@pytest.mark.parametrize("servers", list(toolsets().values()), ids=list(toolsets()))
def test_recall_at_5_on_the_recorded_servers(
    servers: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    built = build([ServerSpec(path.stem, path) for path in servers], StrictMode.AUTO)
    path = tmp_path / "recorded.py"
    write_build(path, built)
    module = import_path(path)
    full, nameless = recall(module)
    with capsys.disabled():
        print(
            f"\ntool_search on {len(servers)} servers, {len(module.NAMES)} tools: recall@5"
            f" {full} from the first sentence, {nameless} without the name's words"
        )
    assert full.asked >= len(module.NAMES) * 0.95
    assert full.value >= FULL_SENTENCE, full
    assert nameless.value >= WITHOUT_NAME, nameless


def test_the_queries_are_made_as_described() -> None:
    assert first_sentence("  Read a file.\nIt is fast.") == "Read a file."
    assert first_sentence("🎯 Purpose:\n 1. Lists the open issues.") == "Lists the open issues."
    assert first_sentence("Echo") == "Echo"
