"""The repository stands alone: nothing points outside it, and every citation of its own docs
(`docs/openai-rules.md §1.4`, `docs/design.md, "Calls"`, `docs/conventions.md, practice 4`)
names a section that exists."""

from __future__ import annotations

import ast
import re
import subprocess
import tomllib
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


# ---- the README and the links between the docs -------------------------------------------

README = ROOT / "README.md"
LINKED = [README, ROOT / "SECURITY.md", ROOT / "CONTRIBUTING.md", *sorted(DOCS.glob("*.md"))]
FENCE = re.compile(r"^```.*?^```$", re.M | re.S)
CODE_SPAN = re.compile(r"(`+).+?\1", re.S)
LINK = re.compile(r"\[[^\]\n]*\]\(([^)\s]+)\)")
SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)


def prose(text: str) -> str:
    """The text without its fenced blocks and code spans (a `# comment` is no heading there,
    and `[a](b)` in code is no link)."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lowercased, punctuation but `-` and `_` removed, each
    space a `-` (code spans keep their text, without the backticks)."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return text.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every anchor of a Markdown text's headings; a repeated one also as `-1`, `-2`, ..."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    for heading in re.findall(r"^#{1,6} +(.+?) *#*$", FENCE.sub("", text), re.M):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def broken_links(path: Path, text: str) -> list[str]:
    """The relative links and `#anchors` of `text` (the file at `path`) that resolve to no
    file of the repository or no heading of it."""
    broken = []
    for target in LINK.findall(prose(text)):
        if SCHEME.match(target):
            continue  # a URL: not a file of the repository
        name, _, anchor = target.partition("#")
        if not name:  # an anchor of this page
            if anchor not in anchors(text):
                broken.append(f"{path.name}: {target}: no such heading")
            continue
        linked = (path.parent / name).resolve()
        if not linked.exists() or ROOT not in (linked, *linked.parents):
            broken.append(f"{path.name}: {target}: no such file in the repository")
        elif (
            anchor
            and linked.suffix == ".md"
            and anchor not in anchors(linked.read_text(encoding="utf-8"))
        ):
            broken.append(f"{path.name}: {target}: no such heading")
    return broken


def section(text: str, heading: str) -> str:
    """The body of the `## heading` section of a Markdown text, to the next `## `."""
    body = text.split(f"\n## {heading}\n", 1)[1]
    return re.split(r"^## ", body, maxsplit=1, flags=re.M)[0]


def test_the_readme_is_at_most_250_lines() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 250


def test_every_relative_link_and_anchor_of_the_docs_resolves() -> None:
    broken = []
    checked = 0
    for path in LINKED:
        text = path.read_text(encoding="utf-8")
        checked += len(LINK.findall(prose(text)))
        broken += broken_links(path, text)
    assert broken == []
    assert checked > 30  # the harvest works (39 links on 2026-12-02)


def test_a_broken_link_or_anchor_is_found(tmp_path: Path) -> None:
    text = (
        "# Title\n\n## Use it: `fetch`, then build\n\n```sh\n# not a heading\n```\n"
        "[ok](#title) [ok](#use-it-fetch-then-build) [ok](README.md#develop)"
        " [url](https://example.com/x) `[code](nowhere.md)`\n"
        "[bad](#not-a-heading) [bad](nowhere.md) [bad](README.md#nowhere) [bad](../../x.md)\n"
    )
    page = ROOT / "page.md"  # as if it lay at the repository's top
    assert broken_links(page, text) == [
        "page.md: #not-a-heading: no such heading",
        "page.md: nowhere.md: no such file in the repository",
        "page.md: README.md#nowhere: no such heading",
        "page.md: ../../x.md: no such file in the repository",
    ]
    assert anchors("## A\n## A\n## `b` c?\n") == {"a", "a-1", "b-c"}


def test_the_readme_has_its_sections_in_order() -> None:
    text = README.read_text(encoding="utf-8")
    assert re.findall(r"^## (.+)$", text, re.M) == [
        "Install",
        "Use it",
        "The module's API",
        "Links",
        "Develop",
    ]
    use = section(text, "Use it")
    for heading in (
        "Use it inside openai-agents / pydantic-ai",
        "Questions from the server, progress and cancellation",
    ):
        assert f"\n### {heading}\n" in use


def test_the_readme_api_table_names_every_public_name_of_a_module() -> None:
    """The table's first column against `__all__` of a generated toolset module: a name added
    to (or removed from) the API without its row fails here."""
    module = ast.parse((ROOT / "generated" / "mcp_time.py").read_text(encoding="utf-8"))
    (names,) = [
        ast.literal_eval(node.value)
        for node in module.body
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
    ]
    table = section(README.read_text(encoding="utf-8"), "The module's API")
    rows = re.findall(r"^\| `([A-Za-z_][A-Za-z0-9_]*)", table, re.M)
    assert sorted(rows) == sorted(names)
    assert len(rows) == len(set(rows))


def test_the_readme_keeps_the_contributors_two_commands() -> None:
    """CI (.ci/run) and a fresh clone rely on `make generate` and `make test`; CI also gates
    `make check` (ruff, mypy --strict, black, the golden files), before the tests."""
    develop = section(README.read_text(encoding="utf-8"), "Develop")
    commands = re.findall(r"^    (make \w+)", develop, re.M)
    assert commands == ["make generate", "make test"]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^generate:", makefile, re.M) and re.search(r"^test:", makefile, re.M)
    ci = re.findall(r"^make (\w+)$", (ROOT / ".ci" / "run").read_text(encoding="utf-8"), re.M)
    assert "check" in ci and "test" in ci and ci.index("check") < ci.index("test")
    assert "set -euo pipefail" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_every_option_of_the_command_line_is_in_the_usage_docs() -> None:
    """Each option of `fetch`, `build`, `diff` and `schema` (as click parses them) is named in
    docs/usage.md, where its table or text says what it does."""
    from mcp2openai.cli import main

    usage = (DOCS / "usage.md").read_text(encoding="utf-8")
    options = {
        (name, option)
        for name, command in main.commands.items()
        for parameter in command.params
        for option in parameter.opts
        if option.startswith("-") and option != "--help"
    }
    assert len(options) > 25
    assert sorted(o for o in options if not re.search(rf"`{re.escape(o[1])}\b", usage)) == []


def test_the_config_reference_shows_every_key_the_config_takes(tmp_path: Path) -> None:
    """The `[tool.mcp2openai]` blocks of docs/usage.md, "Project config", between them hold
    every key of the table and of a server table that the loader accepts; the first, which
    needs no other file, loads as it stands."""
    from mcp2openai import config

    reference = section((DOCS / "usage.md").read_text(encoding="utf-8"), "Project config")
    texts = re.findall(r"^```toml\n(.*?)^```$", reference, re.M | re.S)
    (tmp_path / "pyproject.toml").write_text(texts[0], encoding="utf-8")
    loaded = config.load_project(tmp_path / "pyproject.toml")
    assert [server.name for server in loaded.servers] == ["time", "docs", "legacy"]
    blocks = [tomllib.loads(text) for text in texts]
    tables = [block["tool"]["mcp2openai"] for block in blocks]
    top = {key for table in tables for key in table}
    server = {key for table in tables for entry in table["servers"].values() for key in entry}
    assert sorted(config._TOP_KEYS - top) == []
    assert sorted(config._SERVER_KEYS - server) == []
    assert top <= config._TOP_KEYS and server <= config._SERVER_KEYS


def test_the_readme_config_writes_snapshots_where_no_import_can_take_them() -> None:
    """The README's example names a snapshot folder that cannot shadow a package (a folder
    `mcp/` beside the app was imported in place of the `mcp` SDK), and says where `fetch`
    writes as the config does."""
    from mcp2openai.config import DEFAULT_SNAPSHOTS

    readme = README.read_text(encoding="utf-8")
    (config,) = [
        block
        for block in re.findall(r"^```toml\n(.*?)^```$", readme, re.M | re.S)
        if "[tool.mcp2openai]" in block
    ]
    table = tomllib.loads(config)["tool"]["mcp2openai"]
    folder = table.get("snapshots", DEFAULT_SNAPSHOTS)
    assert not any(part.isidentifier() for part in folder.split("/")), folder
    (server,) = table["servers"]
    assert f"mcp2openai fetch   # writes {folder}/{server}.json," in readme
