#!/usr/bin/env python3
"""Search quality on the corpus (docs/design.md, "Tool search").

One module holds every recorded server (``scripts/corpus.py``: ``generated/snapshots/`` and
``tests/fixtures/corpus/``). A query is made from a tool's description: its first sentence
(skipping headings of fewer than three words), at most ``MAX_WORDS`` words. Two forms:

- *first sentence*: that text as it is;
- *name's words removed*: every word of it that shares a term with the tool's exposed name
  (server prefix included, split by the module's own rule) is left out, so the other words
  have to find the tool.

recall@5 is the share of queries whose tool is among the first five the runtime ranks. The
sample is fixed: ``SAMPLE`` tools drawn by ``random.Random(SEED)`` from the sorted exposed
names of the tools whose query has a term; neither the RNG seed nor the size was chosen by looking
at results. A name-removed query left without a term cannot be asked and is not counted (how
many is reported). ``tests/test_search_quality.py`` asserts the targets on the sample and
``make bench`` reports the sample and every tool (bench/search.py).

    .venv/bin/python scripts/search_quality.py          # the sample and every tool, printed
"""

from __future__ import annotations

import random
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import corpus
from mcp2openai.templates.runtime.search import terms

SEED = 24  # fixed before any measurement
SAMPLE = 300
MAX_WORDS = 12
TOP = 5
_SENTENCE_END = re.compile(r"(?<=[.!?:])\s+")


def first_sentence(description: str) -> str:
    """Up to the first `.`, `!`, `?` or `:` before a space, skipping headings (fewer than
    three words, such as "Purpose:")."""
    sentences = _SENTENCE_END.split(" ".join(description.split()))
    return next((s for s in sentences if len(s.split()) >= 3), sentences[0])


def query_of(description: str) -> str:
    """The first sentence, at most MAX_WORDS words."""
    return " ".join(first_sentence(description).split()[:MAX_WORDS])


def without_name(query: str, name: str, module: Any) -> str:
    """`query` less every word that shares a term with `name` (the runtime's own rule)."""
    named = set(terms(name))
    return " ".join(w for w in query.split() if not named & set(terms(w)))


def top_names(module: Any, query: str, top: int) -> list[str]:
    """The exposed names the module's search ranks first for `query`."""
    from mcp2openai.templates.runtime.search import _index, ranked

    names = _index(module._toolset).names
    return [names[index] for index in ranked(module._toolset, query, top)]


@dataclass(frozen=True)
class Case:
    tool: str  # exposed name
    full: str  # the first sentence, at most MAX_WORDS words
    nameless: str  # the same without the name's words ("" when none is left with a term)


def cases(module: Any) -> list[Case]:
    """One case per tool whose query has a term, in sorted order of exposed names."""
    found = []
    for definition in module.tools("responses"):
        name = definition["name"]
        full = query_of(definition.get("description") or "")
        if not terms(full):
            continue
        nameless = without_name(full, name, module)
        found.append(Case(name, full, nameless if terms(nameless) else ""))
    return sorted(found, key=lambda case: case.tool)


def sample(all_cases: list[Case], size: int = SAMPLE, seed: int = SEED) -> list[Case]:
    """`size` cases drawn by a seeded RNG from the sorted list (all of them if fewer)."""
    if len(all_cases) <= size:
        return list(all_cases)
    return random.Random(seed).sample(all_cases, size)


@dataclass
class Recall:
    found: int = 0
    asked: int = 0
    skipped: int = 0
    missed: list[str] = field(default_factory=list)

    def add(self, tool: str, hit: bool) -> None:
        self.found += hit
        self.asked += 1
        if not hit:
            self.missed.append(tool)

    @property
    def value(self) -> float:
        return self.found / self.asked if self.asked else 0.0

    def __str__(self) -> str:
        return f"{self.value:.3f} ({self.found}/{self.asked}; {self.skipped} without a query)"


def recall(module: Any, chosen: list[Case], top: int = TOP) -> tuple[Recall, Recall]:
    """recall@top of the two query forms over `chosen`."""
    full, nameless = Recall(), Recall()
    for case in chosen:
        full.add(case.tool, case.tool in top_names(module, case.full, top))
        if not case.nameless:
            nameless.skipped += 1
            continue
        nameless.add(case.tool, case.tool in top_names(module, case.nameless, top))
    return full, nameless


def snapshot_paths() -> list[tuple[str, Path]]:
    return corpus.snapshot_paths()


def build_corpus_module(directory: Path, name: str = "corpus_search") -> tuple[Path, ModuleType]:
    """Build one module of every corpus snapshot into `directory` (with the runtime beside
    it) and import it, in a package made for the folder."""
    import importlib
    import importlib.machinery
    import importlib.util

    from mcp2openai.options import ServerSpec, StrictMode
    from mcp2openai.pipeline import build, write_build

    servers = [ServerSpec(server, path) for server, path in snapshot_paths()]
    built = build(servers, StrictMode.AUTO)
    path = directory / f"{name}.py"
    write_build(path, built)
    package = f"m2o_quality_{time.monotonic_ns()}"
    spec = importlib.machinery.ModuleSpec(package, None, is_package=True)
    spec.submodule_search_locations = [str(directory)]
    sys.modules[package] = importlib.util.module_from_spec(spec)
    return path, importlib.import_module(f"{package}.{name}")


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="m2o-quality-") as temporary:
        _, module = build_corpus_module(Path(temporary))
        every = cases(module)
        chosen = sample(every)
        servers = len(snapshot_paths())
        print(f"{servers} servers, {len(module.NAMES):,} tools, {len(every):,} with a query")
        for label, group in (("sample", chosen), ("every tool", every)):
            full, nameless = recall(module, group)
            print(
                f"{label} ({len(group)}): recall@{TOP} first sentence {full}, name's words"
                f" removed {nameless}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
