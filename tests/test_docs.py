"""The repository stands alone: nothing points outside it, and every citation of its own docs
(`docs/openai-rules.md §1.4`, `docs/design.md, "Calls"`, `docs/conventions.md, practice 4`)
names a section that exists."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from buildutil import ROOT

DOCS = ROOT / "docs"
# Where the project's material came from, none of which is in the repository.
OUTSIDE = re.compile(
    r"\.\./shared|/work/(?:shared|main)|research/"
    r"|\bSTYLE\.md|\bDESIGN\.md|\bpeers\.md|seeds/|\bthe seed\b"
)
SECTION = re.compile(r"docs/openai-rules\.md,? §([0-9]+(?:\.[0-9]+)?)")
TITLED = re.compile(r'docs/(design|spec)\.md,? "([^"]+)"')
PRACTICE = re.compile(r"docs/conventions\.md, practice ([0-9]+)")
# "issue 10", "issues 10 and 11": the project's own tracker, which a reader of the repository
# does not have. A public thread is cited by its repository and number ("coder/mux issue #1220").
OWN_ISSUE = re.compile(r"\b[Ii]ssues? [0-9]")


def tracked_texts() -> dict[str, str]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    skipped = ("generated/", "tests/fixtures/", "tests/corpus/")
    texts = {}
    for name in listed:
        path = ROOT / name
        if name.startswith(skipped) or not path.is_file() or path.suffix in (".json", ".lock"):
            continue
        try:
            texts[name] = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
    return texts


def headings(path: Path) -> list[str]:
    return [
        line.lstrip("#").strip()
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("#")
    ]


def test_nothing_points_outside_the_repository() -> None:
    found = [
        f"{name}:{number}: {line.strip()}"
        for name, text in tracked_texts().items()
        if name != "tests/test_docs.py"
        for number, line in enumerate(text.splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert found == []


def test_code_and_docs_describe_behaviour_instead_of_citing_the_projects_issues() -> None:
    """The changelog is a history and may name them; nothing else does."""
    found = [
        f"{name}:{number}: {line.strip()}"
        for name, text in tracked_texts().items()
        if name not in ("tests/test_docs.py", "CHANGELOG.md")
        for number, line in enumerate(text.splitlines(), 1)
        if OWN_ISSUE.search(line)
    ]
    assert found == []


def test_every_citation_names_a_section_that_exists() -> None:
    rules = headings(DOCS / "openai-rules.md")
    numbered = {heading.split(" ", 1)[0].rstrip(".") for heading in rules}
    titled = {name: headings(DOCS / f"{name}.md") for name in ("design", "spec")}
    practices = set(re.findall(r"^#+ *([0-9]+)\.", (DOCS / "conventions.md").read_text(), re.M))
    missing = []
    checked = 0
    for name, text in tracked_texts().items():
        for number in SECTION.findall(text):
            checked += 1
            if number not in numbered:
                missing.append(f"{name}: docs/openai-rules.md §{number}")
        for doc, title in TITLED.findall(text):
            checked += 1
            title = re.sub(r"\s*\n\s*(?:#\s*)?", " ", title)  # a title wrapped in a comment
            if not any(heading == title or heading.startswith(title) for heading in titled[doc]):
                missing.append(f'{name}: docs/{doc}.md "{title}"')
        for number in PRACTICE.findall(text):
            checked += 1
            if number not in practices:
                missing.append(f"{name}: docs/conventions.md, practice {number}")
    assert missing == []
    assert checked > 80  # the harvest works (88 citations on 2026-12-01)
