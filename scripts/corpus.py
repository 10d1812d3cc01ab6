"""The corpus of real MCP servers' tool lists: where its files are, and its manifest.

The corpus is every recorded snapshot: the 13 end-to-end servers in ``generated/snapshots/``
(recorded by ``scripts/record_servers.py``) and the corpus servers in ``tests/fixtures/corpus/``
(recorded by ``scripts/record_corpus.py`` from ``tests/corpus/manifest.json``). Standard library
only: the report script and the tests read it without the servers or the ``mcp`` SDK.

Manifest (``tests/corpus/manifest.json``)::

    {"servers": [{"name": "chart", "registry": "npm", "package": "@antv/mcp-server-chart",
                  "version": "0.9.10", "command": "mcp-server-chart", "args": [],
                  "env": {"KEY": "dummy"}, "files": {"/tmp/mcp2openai-corpus/x.json": "{}"},
                  "note": "why it needs what it needs"}, ...]}

``command`` is an executable of the server's venv (``.corpus/venvs/<name>/bin``, PyPI) or of
``tests/corpus/node_modules/.bin`` (npm); an npm ``command`` with a ``/`` is a script inside
``tests/corpus/node_modules`` run with ``node`` (for bin names two packages share). ``files`` are
written before the server starts (dummy credential files); their paths lie under ``SCRATCH``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

REPO = Path(__file__).resolve().parents[1]
SNAPSHOT_DIR = REPO / "generated" / "snapshots"  # the end-to-end servers' snapshots
CORPUS_DIR = REPO / "tests" / "corpus"  # manifest and pins of the corpus servers
MANIFEST = CORPUS_DIR / "manifest.json"
PYPI_PINS = CORPUS_DIR / "pypi"  # <name>.txt: one server's whole dependency tree, pinned
FIXTURE_DIR = REPO / "tests" / "fixtures" / "corpus"  # the corpus servers' snapshots
VENVS = REPO / ".corpus" / "venvs"  # <name>: one venv per PyPI corpus server
SCRATCH = Path("/tmp/mcp2openai-corpus")  # files the corpus servers are pointed at

NAME_RE = re.compile(r"^[a-z][a-z0-9_]*$")
VERSION_RE = re.compile(r"^[0-9][0-9A-Za-z.+-]*$")  # an exact version, never a range
_KEYS = {"name", "registry", "package", "version", "command", "args", "env", "files", "note"}
_REQUIRED = ("name", "registry", "package", "version", "command")


class ManifestError(ValueError):
    pass


@dataclass(frozen=True)
class Entry:
    """One corpus server, as the manifest describes it."""

    name: str
    registry: Literal["pypi", "npm"]
    package: str
    version: str
    command: str
    args: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)
    note: str = ""

    @property
    def snapshot(self) -> Path:
        return FIXTURE_DIR / f"{self.name}.json"

    @property
    def pin_file(self) -> Path:
        return (
            PYPI_PINS / f"{self.name}.txt"
            if self.registry == "pypi"
            else CORPUS_DIR / "package.json"
        )


def load_manifest(path: Path = MANIFEST) -> list[Entry]:
    """The manifest's servers, in file order; ManifestError names the first problem."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if (
        not isinstance(data, dict)
        or set(data) != {"servers"}
        or not isinstance(data["servers"], list)
    ):
        raise ManifestError(f'{path.name}: want {{"servers": [...]}}')
    entries = [_entry(item, index) for index, item in enumerate(data["servers"])]
    seen: set[str] = set()
    for entry in entries:
        if entry.name in seen:
            raise ManifestError(f"{path.name}: server {entry.name!r} is listed twice")
        seen.add(entry.name)
    return entries


def _entry(item: Any, index: int) -> Entry:
    where = f"servers[{index}]"
    if not isinstance(item, dict):
        raise ManifestError(f"{where}: not an object")
    unknown = set(item) - _KEYS
    missing = [key for key in _REQUIRED if key not in item]
    if unknown or missing:
        raise ManifestError(f"{where}: unknown keys {sorted(unknown)}, missing {missing}")
    strings = {key: item[key] for key in (*_REQUIRED, "note") if key in item}
    if not all(isinstance(value, str) for value in strings.values()):
        raise ManifestError(f"{where}: {', '.join(strings)} must be strings")
    args, env, files = item.get("args", []), item.get("env", {}), item.get("files", {})
    if not (isinstance(args, list) and all(isinstance(a, str) for a in args)):
        raise ManifestError(f"{where}.args: must be a list of strings")
    for key, mapping in (("env", env), ("files", files)):
        if not (isinstance(mapping, dict) and all(isinstance(v, str) for v in mapping.values())):
            raise ManifestError(f"{where}.{key}: must map strings to strings")
    entry = Entry(
        item["name"],
        item["registry"],
        item["package"],
        item["version"],
        item["command"],
        tuple(args),
        dict(env),
        dict(files),
        item.get("note", ""),
    )
    if not NAME_RE.match(entry.name):
        raise ManifestError(f"{where}.name: {entry.name!r} must match {NAME_RE.pattern}")
    if entry.registry not in ("pypi", "npm"):
        raise ManifestError(f"{where}.registry: must be 'pypi' or 'npm'")
    if not VERSION_RE.match(entry.version):
        raise ManifestError(f"{where}.version: {entry.version!r} is not an exact version")
    for file in entry.files:
        if not Path(file).is_absolute() or SCRATCH not in Path(file).parents:
            raise ManifestError(f"{where}.files: {file} must lie under {SCRATCH}")
    return entry


def pinned_version(entry: Entry) -> str | None:
    """The version its pin file holds: package.json (npm) or pypi/<name>.txt (PyPI)."""
    if entry.registry == "npm":
        dependencies = json.loads(entry.pin_file.read_text()).get("dependencies", {})
        pin = dependencies.get(entry.package)
        return pin if isinstance(pin, str) else None
    if not entry.pin_file.exists():
        return None
    wanted = _normalize(entry.package)
    for line in entry.pin_file.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if (m := re.fullmatch(r"([A-Za-z0-9._-]+)==([^\s;]+)", line)) and _normalize(
            m[1]
        ) == wanted:
            return m[2]
    return None


def _normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def snapshot_paths() -> list[tuple[str, Path]]:
    """(server name, snapshot) for the whole corpus: generated/snapshots/, then the fixtures."""
    paths = [(p.stem, p) for p in sorted(SNAPSHOT_DIR.glob("*.json"))]
    paths += [(p.stem, p) for p in sorted(FIXTURE_DIR.glob("*.json"))]
    names = [name for name, _ in paths]
    clashes = sorted({name for name in names if names.count(name) > 1})
    if clashes:
        raise ManifestError(f"snapshot names in both corpus folders: {', '.join(clashes)}")
    return paths
