"""The generator's own internals, planted in every untrusted field, change nothing it emits.

An attacker's first try is the renderer's own vocabulary: its placeholder and marker shapes,
the names of its globals and tables, template syntax, fence comments. None of these is listed
here by hand: they are harvested from generator/, templates/ and the runtime at test time, so a
name added tomorrow is attacked tomorrow. Each is planted, with quote, docstring and comment
breakers, in server names (from a config file), tool names, titles, descriptions, property
names, enum and const values, defaults, $defs names and the schema paths a fallback reason
quotes. The build must succeed, run nothing (a canary file), and give every value back.
"""

from __future__ import annotations

import ast
import io
import json
import re
import subprocess
import sys
import tokenize
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from buildutil import ROOT, import_path, thawed
from mcp2openai.naming import SERVER_NAME
from mcp2openai.summary import _LISTED
from mcp2openai.tables import TABLE_NAMES, constant

SOURCES = sorted([*(ROOT / "generator").rglob("*.py"), *(ROOT / "templates").rglob("*.py")])
TEMPLATES = sorted((ROOT / "templates").glob("*.jinja"))
BREAKERS = ['"""', "'''", "\\", '"', "'", "\n", "# ", "\u2028", "\r", "\\x00", "}}", "{{", "%}"]


@cache
def harvested() -> tuple[str, ...]:
    """Every identifier, attribute, short string constant and comment of the generator's source,
    and every line, name and `{{ }}`/`{% %}` tag of its templates."""
    found: set[str] = set()
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                found.add(node.name)
            elif isinstance(node, ast.Name):
                found.add(node.id)
            elif isinstance(node, ast.arg):
                found.add(node.arg)
            elif isinstance(node, ast.Attribute):
                found.add(node.attr)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value[:120])
            elif isinstance(node, ast.Constant) and isinstance(node.value, bytes):
                found.add(node.value[:120].decode("latin-1"))  # the data reader's markers
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT:
                found.add(token.string)
    for path in TEMPLATES:
        text = path.read_text(encoding="utf-8")
        found.update(line for line in text.splitlines() if line.strip())
        found.update(re.findall(r"\{\{.*?\}\}|\{%.*?%\}", text))
        found.update(re.findall(r"[A-Za-z_]\w*", text))  # the module's own names
    # The placeholder shapes of the 0.1.0 renderer, which substituted them after black.
    found.update(f"_m2o_{kind}_{index}" for kind in ("value", "block") for index in range(40))
    return tuple(sorted(found))


def test_the_harvest_holds_the_internals_an_attacker_would_try() -> None:
    names = set(harvested())
    # Spot checks that the harvest reaches what matters; the list itself is never written here.
    assert {"Toolset", "_toolset", "TYPE_CHECKING", "typeddict", "table", "mcp2openai"} <= names
    assert set(TABLE_NAMES) <= names and {",\n", 'r"""', '"""'} <= names  # the tables' marks
    assert {constant(name) for name in TABLE_NAMES} <= names
    assert any("{{" in name for name in names) and any(name.startswith("# ----") for name in names)
    assert len(names) > 1000


def planted(canary: Path) -> list[str]:
    touch = f"__import__('pathlib').Path({str(canary)!r}).touch()"
    payloads = [f'"""; {touch}; """', f"'''; {touch}; '''", f"\n{touch}\n", f"{{{{ {touch} }}}}"]
    return [
        *harvested(),
        *BREAKERS,
        *payloads,
        *(name + breaker for name in harvested()[:50] for breaker in ('"""', "\\", "\n")),
    ]


def tool(name: str, names: list[str], index: int) -> dict[str, Any]:
    """One tool carrying `names` in every field a schema has."""
    properties: dict[str, Any] = {}
    for position, text in enumerate(names):
        properties[text] = {
            "type": "string",
            "title": text,
            "description": text,
            "default": text,  # dropped: its path quotes the property name
            "enum": [text, f"other{position}"],
        }
    properties[f"const{index}"] = {"const": names[0]}
    properties[f"ref{index}"] = {"$ref": f"#/$defs/{_pointer(names[-1])}"}
    return {
        "name": name,
        "title": name,
        "description": name,
        "inputSchema": {
            "type": "object",
            "title": name,
            "description": name,
            "properties": properties,
            "required": [names[0]],
            "$defs": {names[-1]: {"type": "integer", "description": names[-1]}},
        },
        # the Responses output_schema: keys, enum values and annotations planted too
        "outputSchema": {
            "type": "object",
            "description": name,
            "properties": {text: {"enum": [text], "title": text} for text in names[:20]},
        },
    }


def recipe(texts: list[str]) -> dict[str, Any]:
    """A server's connection recipe made of planted texts (the module's SERVERS)."""
    return {
        "command": texts[0] or "x",
        "args": texts[1:],
        "env": {f"K{index}": text for index, text in enumerate(texts)},
        "cwd": texts[-1],
    }


def toml_string(text: str) -> str:
    """A TOML basic string: JSON's escapes, but DEL (which JSON leaves raw) escaped too."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def open_map(name: str, names: list[str]) -> dict[str, Any]:
    """A tool that falls back to non-strict: its reason quotes a path made of `names`."""
    inner: dict[str, Any] = {"type": "object", "additionalProperties": True}
    for text in reversed(names[:3]):
        inner = {"type": "object", "properties": {text: inner}}
    return {"name": name, "description": name, "inputSchema": inner}


def _pointer(name: str) -> str:
    return name.replace("~", "~0").replace("/", "~1")


def servers(canary: Path) -> dict[str, list[dict[str, Any]]]:
    """Server name -> tools: internals that are valid server names, each with a share."""
    texts = planted(canary)
    names = sorted(name for name in harvested() if SERVER_NAME.fullmatch(name) and len(name) < 40)
    chosen = names[:: max(1, len(names) // 12)][:12]
    chunks = [texts[i : i + 60] for i in range(0, len(texts), 60)]
    result: dict[str, list[dict[str, Any]]] = {name: [] for name in chosen}
    for index, chunk in enumerate(chunks):
        server = chosen[index % len(chosen)]
        result[server].append(tool(chunk[index % len(chunk)], chunk, index))
        result[server].append(open_map(chunk[-1] + "\u2028map", chunk))
    return result


def write_project(tmp_path: Path, canary: Path) -> dict[str, list[dict[str, Any]]]:
    tables = servers(canary)
    texts = planted(canary)
    lines = ["[tool.mcp2openai]", 'out = "hostile_tools.py"', ""]
    for index, (name, tools) in enumerate(tables.items()):
        snapshot = tmp_path / "snapshots" / f"{name}.json"
        snapshot.parent.mkdir(exist_ok=True)
        snapshot.write_text(json.dumps({"tools": tools}), encoding="utf-8")
        lines += [f"[tool.mcp2openai.servers.{name}]", f'snapshot = "snapshots/{name}.json"']
        written = recipe(texts[index * 20 : index * 20 + 20])
        lines.append(f"command = {toml_string(written['command'])}")
        lines.append("args = [" + ", ".join(map(toml_string, written["args"])) + "]")
        env = ", ".join(f"{key} = {toml_string(value)}" for key, value in written["env"].items())
        lines += ["env = { " + env + " }", f"cwd = {toml_string(written['cwd'])}", ""]
    (tmp_path / "pyproject.toml").write_text("\n".join(lines), encoding="utf-8")
    return tables


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any], Path]:
    work = tmp_path_factory.mktemp("hostile")
    canary = work / "CANARY"
    tables = write_project(work, canary)
    result = subprocess.run(
        [sys.executable, "-m", "mcp2openai", "build", "-q"],
        cwd=work,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert not canary.exists()
    return work, tables, canary


def test_the_module_is_the_templates_statements_and_runs_nothing(
    built: tuple[Path, dict[str, Any], Path],
) -> None:
    work, _, canary = built
    source = (work / "hostile_tools.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    reference = ast.parse((ROOT / "generated" / "mcp_time.py").read_text(encoding="utf-8"))
    # Same statements as any other module: the same kinds, targets and functions, in order.
    assert [_statement(node) for node in tree.body] == [_statement(node) for node in reference.body]
    code = (
        "import sys; sys.path.insert(0, '.'); import hostile_tools as m; m.tools('chat'); "
        "m.tools('responses'); m.REPORT.as_dict(); print(len(m.NAMES))"
    )
    completed = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code], cwd=work, capture_output=True, text=True
    )
    assert completed.returncode == 0, completed.stderr[-2000:]
    assert not canary.exists()


def test_the_runtime_is_the_templates_and_the_data_only_its_tables(
    built: tuple[Path, dict[str, Any], Path],
) -> None:
    """No input reaches the runtime's files, and the module's data is its tables and nothing
    else: each table's constant is one string, whose JSON is the table (a planted `\"\"\"`
    or backslash ended none of them early), and nothing beside the module holds data."""
    work, _, _ = built
    runtime = work / "_mcp2openai"
    files = [path for path in runtime.iterdir() if path.is_file()]
    assert {path.name: path.read_text(encoding="utf-8") for path in files} == {
        path.name: path.read_text(encoding="utf-8")
        for path in (ROOT / "templates" / "runtime").iterdir()
        if path.suffix in (".py", ".pyi")
    }
    tree = ast.parse((work / "hostile_tools.py").read_text(encoding="utf-8"))
    strings = {
        ast.unparse(node.targets[0]): node.value.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }
    assert list(strings) == [constant(name) for name in TABLE_NAMES]
    assert all(isinstance(json.loads(text), dict | list) for text in strings.values())
    assert sorted(path.name for path in work.glob("hostile_tools.*")) == [
        "hostile_tools.py",
        "hostile_tools.pyi",
    ]


def test_every_planted_value_reads_back_unchanged(
    built: tuple[Path, dict[str, Any], Path],
) -> None:
    work, tables, canary = built
    module = import_path(work / "hostile_tools.py")
    assert not canary.exists()
    sent = {(server, tool) for server, tool in module.NAMES.values()}
    excluded = {(entry["server"], entry["tool"]) for entry in module.REPORT.excluded}
    for server, tools in tables.items():
        for spec in tools:
            assert (server, spec["name"]) in sent | excluded
    definitions = {d["name"]: d for d in module.tools("responses")}
    seen_texts: set[str] = set()
    for exposed, (server, name) in module.NAMES.items():
        spec = next(t for t in tables[server] if t["name"] == name)
        definition = definitions[exposed]
        properties = definition["parameters"].get("properties", {})
        assert list(properties)[: len(spec["inputSchema"]["properties"])] == list(
            spec["inputSchema"]["properties"]
        )
        for key, value in properties.items():
            if "enum" in value and key in spec["inputSchema"]["properties"]:
                assert value["enum"][0] == key
                seen_texts.add(key)
    # output schemas keep their keys and values; recipes come back exactly as written
    structured = [d for d in definitions.values() if "output_schema" in d]
    assert structured
    for definition in structured:
        for key, value in definition["output_schema"]["properties"].items():
            assert value["enum"] == [key]
    texts = planted(canary)
    assert {
        name: recipe(texts[index * 20 : index * 20 + 20]) for index, name in enumerate(tables)
    } == thawed(module.SERVERS)
    paths = {entry["path"] for entry in module.REPORT.dropped}
    paths |= {entry["path"] for entry in module.REPORT.fallbacks}
    assert any("_m2o_value_0" in path for path in paths) or "_m2o_value_0" in seen_texts
    assert len(seen_texts) > 1000
    # The docstring names the first _LISTED fallbacks (the harvest makes one per 60 texts).
    fallbacks = module.REPORT.fallbacks
    for entry in fallbacks[:_LISTED]:
        assert repr(entry["path"]) in (module.__doc__ or "")
    if len(fallbacks) > _LISTED:
        assert f"... and {len(fallbacks) - _LISTED:,} more (see REPORT)" in (module.__doc__ or "")


def test_the_stub_gives_back_every_key_and_literal(
    built: tuple[Path, dict[str, Any], Path],
) -> None:
    work, _, _ = built
    module = import_path(work / "hostile_tools.py")
    stub = ast.parse((work / "hostile_tools.pyi").read_text(encoding="utf-8"))
    # "<Tool>Args" (and "<Tool>Args2" on a clash) -> exposed name
    shape_of = {entry["args"]: name for name, entry in module._toolset.table("tools").items()}
    shapes = set(shape_of)
    typed = {
        node.targets[0].id: node.value
        for node in stub.body
        if isinstance(node, ast.Assign)
        and isinstance(node.targets[0], ast.Name)
        and node.targets[0].id in shapes
    }
    checked = 0
    for definition in module.tools("responses"):
        if not definition["strict"]:
            continue
        name = definition["name"]
        shape = next(s for s, n in shape_of.items() if n == name)
        value = typed[shape]
        if not isinstance(value, ast.Call):
            continue  # dict[str, object]: a key too long for one line
        fields = value.args[1]
        assert isinstance(fields, ast.Dict)
        keys = [ast.literal_eval(key) for key in fields.keys if key is not None]
        assert keys == list(definition["parameters"]["properties"])
        for key, annotation in zip(keys, fields.values, strict=True):
            literals = [
                ast.literal_eval(
                    node.slice.elts[0] if isinstance(node.slice, ast.Tuple) else node.slice
                )
                for node in ast.walk(annotation)
                if isinstance(node, ast.Subscript)
                and isinstance(node.value, ast.Name)
                and node.value.id == "Literal"
            ]
            if literals and not key.startswith(("const", "ref")):
                assert literals[0] == key
                checked += 1
    assert checked > 500


def _statement(node: ast.stmt) -> tuple[str, ...]:
    """A statement's kind and the names it binds: what an injected statement would change."""
    names: list[str] = []
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        names.append(node.name)
    elif isinstance(node, ast.Assign):
        names += [target.id for target in node.targets if isinstance(target, ast.Name)]
    elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        names.append(node.target.id)
    return (type(node).__name__, *names)


def test_the_0_1_0_recipe_builds_a_plain_inert_module(tmp_path: Path) -> None:
    """0.1.0 substituted `_m2o_value_N` placeholders into black's output with a regex over the
    whole text, the docstring included: a property named like a placeholder, in a tool that
    falls back (its path is listed in the docstring), pulled a value holding `\"\"\"` into it."""
    canary = tmp_path / "CANARY"
    touch = f"__import__('pathlib').Path({str(canary)!r}).touch()"
    breaker = f'x"""; {touch}; """'
    properties = {
        f"_m2o_{kind}_{i}": {"type": "object"} for kind in ("value", "block") for i in range(12)
    }
    tools = [
        {"name": breaker, "description": breaker, "inputSchema": {"type": "object"}},
        {
            "name": "open",
            "description": breaker,
            "inputSchema": {"type": "object", "properties": properties},
        },
    ]
    snapshot = tmp_path / "recipe.json"
    snapshot.write_text(json.dumps({"tools": tools}), encoding="utf-8")
    out = tmp_path / "recipe_tools.py"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mcp2openai",
            "build",
            "--server",
            f"s={snapshot}",
            "--out",
            str(out),
            "--rewrites",
            "off",  # the free-form objects fall back: their paths go into the docstring
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    source = out.read_text(encoding="utf-8")
    ast.parse(source)
    assert "_m2o_value_0" in source  # the name is kept, as data
    module = import_path(out)
    assert not canary.exists()
    assert [entry["path"] for entry in module.REPORT.fallbacks] == ["#/properties/_m2o_value_0"]
    assert set(module.tools("responses")[1]["parameters"]["properties"]) == set(properties)
    assert list(module.NAMES.values()) == [("s", breaker), ("s", "open")]
