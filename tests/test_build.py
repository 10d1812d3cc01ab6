"""`mcp2openai build` and the module it writes: isolation, determinism, --check, strict modes."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import black
import pytest
from buildutil import GENERATED, ROOT, SNAPSHOTS, build_module, run_cli, write_snapshot
from mcp2openai import __version__
from mcp2openai.emit import runtime_files
from mcp2openai.render import BLACK_MODE, STUB_MODE
from mcp2openai.strict import convert
from mcp2openai.text import clean_annotations
from openai_checker import tool_violations

MODULES = sorted(GENERATED.glob("mcp_*.py"))


def tool(name: str, schema: dict[str, Any], description: str = "d") -> dict[str, Any]:
    return {"name": name, "description": description, "inputSchema": schema}


CONVERTIBLE = tool("ok", {"type": "object", "properties": {"a": {"type": "string"}}})
UNSUPPORTED = tool(
    "open",
    {
        "type": "object",
        "properties": {"m": {"type": "string", "not": {"const": "x"}}},
    },
)
NOT_OBJECT = tool("scalar", {"type": "string"})


def test_golden_modules_exist_for_every_snapshot() -> None:
    assert {p.stem for p in MODULES} == {f"mcp_{p.stem}" for p in SNAPSHOTS.glob("*.json")} | {
        "mcp_all"
    }


def test_golden_modules_are_up_to_date() -> None:
    result = subprocess.run(
        [sys.executable, "scripts/generate.py", "--check"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr[-3000:]


def test_make_generate_leaves_unchanged_files_alone_and_says_so(tmp_path: Path) -> None:
    generated = tmp_path / "generated"
    (generated / "snapshots").mkdir(parents=True)
    for name in ("time", "git"):
        (generated / "snapshots" / f"{name}.json").write_bytes(
            (SNAPSHOTS / f"{name}.json").read_bytes()
        )
    (generated / "mcp_gone.py").write_text("# a server no longer recorded\n")

    def generate() -> list[str]:
        command = [sys.executable, "scripts/generate.py", "--generated", str(generated)]
        run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
        return run.stdout.splitlines()

    modules = [generated / f"mcp_{name}.py" for name in ("git", "time", "all")]
    runtime = [generated / "_mcp2openai" / name for name in runtime_files()]  # in write order
    toolsets = [module.with_suffix(suffix) for module in modules for suffix in (".pyi", ".py")]
    # the runtime once (with the first toolset), then each toolset's stub and module
    assert generate() == [
        *(f"wrote: {path}" for path in [*runtime, *toolsets]),
        f"removed: {generated / 'mcp_gone.py'}",
    ]
    files = sorted([*runtime, *toolsets])
    for path in files:
        os.utime(path, (1_000_000_000, 1_000_000_000))
    assert generate() == [f"unchanged: {module} and its stub" for module in modules]
    assert {path.stat().st_mtime for path in files} == {1_000_000_000}  # not even rewritten
    (generated / "mcp_time.pyi").write_text("# stale\n")
    assert generate()[1] == f"wrote: {generated / 'mcp_time.pyi'}"
    assert (generated / "mcp_time.py").stat().st_mtime == 1_000_000_000  # only the stub changed


@pytest.mark.parametrize("path", MODULES, ids=[p.stem for p in MODULES])
def test_generated_module_imports_isolated_with_stdlib_only(path: Path) -> None:
    code = (
        "import sys\n"
        f"sys.path[:] = [{str(path.parent)!r}]"
        " + [p for p in sys.path if 'site-packages' not in p]\n"
        f"import {path.stem} as m\n"
        "before = set(sys.modules)\n"
        "chat, responses = m.tools('chat'), m.tools('responses')\n"
        "assert len(chat) == len(responses) == len(m.NAMES)\n"
        "print(len(chat))\n"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    # Its runtime only (in a package, or not): one __import__ of it, and no import statement.
    assert _imports(path) == set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = [
        ast.literal_eval(node.args[0])
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "__import__"
    ]
    assert imported == ["_mcp2openai"]


def test_the_first_tools_loads_the_runtimes_api_and_core_and_nothing_else() -> None:
    """What an app that sends every tool pays at start, without bytecode: the toolset module,
    the runtime's ``__init__`` and ``core``, and the ``json`` it parses with, for either API.
    No other part of the runtime and no other module of the standard library (``os`` alone
    costs more to import under ``python -S`` than the first ``tools()`` reads); a selection
    is another part's."""
    code = (
        "import json, sys\n"
        f"sys.path[:] = [{str(GENERATED)!r}]"
        " + [p for p in sys.path if 'site-packages' not in p]\n"
        "before = set(sys.modules)\n"
        "import mcp_time as m\n"
        "m.tools('responses')\n"
        "print(*sorted(set(sys.modules) - before))\n"
        "before = set(sys.modules)\n"
        "m.tools('chat')\n"
        "print(*sorted(set(sys.modules) - before) or ['-'])\n"
        "before = set(sys.modules)\n"
        "m.tools('chat', names=list(m.NAMES))\n"
        "print(*sorted(set(sys.modules) - before))\n"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-B", "-c", code], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "_mcp2openai _mcp2openai.core mcp_time",
        "-",
        "_mcp2openai.definitions",
    ]


def test_reading_calls_loads_parts_of_the_runtime_only() -> None:
    """``tool_calls()`` of either API, with its arguments as JSON text or as a dict and a
    ``caller``, loads parts of the runtime and no module of the standard library: copying
    a dict's values asks the ``Mapping`` ABC (``collections.abc``) about none of its
    scalars."""
    code = (
        "import json, sys\n"
        f"sys.path[:] = [{str(GENERATED)!r}]"
        " + [p for p in sys.path if 'site-packages' not in p]\n"
        "import mcp_time as m\n"
        "name = next(iter(m.NAMES))\n"
        "before = set(sys.modules)\n"
        "caller = {'type': 'program', 'caller_id': 'p', 'depth': 1, 'tags': ['a', None]}\n"
        "for arguments in ('{\"timezone\": \"UTC\"}', {'timezone': 'UTC', 'x': [1.5, None]}):\n"
        "    call = {'type': 'function_call', 'call_id': 'c', 'name': name,\n"
        "            'arguments': arguments, 'caller': caller}\n"
        "    calls, rejected = m.tool_calls({'output': [call]})\n"
        "    function = {'name': name, 'arguments': arguments}\n"
        "    message = {'role': 'assistant', 'tool_calls': [\n"
        "        {'id': 'c', 'type': 'function', 'function': function}]}\n"
        "    m.tool_calls({'choices': [{'index': 0, 'message': message}]})\n"
        "    print(len(calls), len(rejected))\n"
        "loaded = set(sys.modules) - before\n"
        "print(*sorted(n for n in loaded if not n.startswith('_mcp2openai.')) or ['-'])\n"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-B", "-c", code], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    *counts, outside = result.stdout.splitlines()
    assert counts == ["1 0", "1 0"]
    assert outside == "-"


def test_a_text_output_loads_neither_the_media_part_nor_the_cutting_one() -> None:
    """The usual result, one text under its cap, is formatted by ``outputs`` alone; a result
    with an image loads ``media``, and a text over ``max_output_chars`` loads ``cutting``."""
    code = (
        "import sys\n"
        f"sys.path[:] = [{str(GENERATED)!r}]"
        " + [p for p in sys.path if 'site-packages' not in p]\n"
        "import mcp_time as m\n"
        "def loaded(result, **options):\n"
        "    before = set(sys.modules)\n"
        "    for api in ('chat', 'responses'):\n"
        "        m.tool_output('c', result, api=api, **options)\n"
        "    parts = set(sys.modules) - before\n"
        "    print(*sorted(n for n in parts if n.startswith('_mcp2openai.')) or ['-'])\n"
        "loaded({'content': [{'type': 'text', 'text': 'ok'}]})\n"
        "loaded({'content': [{'type': 'text', 'text': 'ok'}]}, max_output_chars=2)\n"
        "loaded({'content': [{'type': 'text', 'text': 'long'}]}, max_output_chars=2)\n"
        "image = {'type': 'image', 'mimeType': 'image/png', 'data': 'aGk='}\n"
        "loaded({'content': [image]})\n"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-B", "-c", code], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "_mcp2openai.outputs _mcp2openai.reading",
        "-",
        "_mcp2openai.cutting",
        "_mcp2openai.media",
    ]


def test_the_framework_functions_load_only_the_standard_library_until_called() -> None:
    """`agents_tools` and `pydantic_ai_toolset` are made (the frameworks part is loaded)
    without loading anything outside the standard library; without the framework, a call
    raises ImportError naming the package to install (a fresh `python -I -S`, site-packages
    off sys.path: neither framework can be found)."""
    code = (
        "import sys\n"
        f"sys.path[:] = [{str(GENERATED)!r}]"
        " + [p for p in sys.path if 'site-packages' not in p]\n"
        "before = set(sys.modules)\n"
        "import mcp_time as m\n"
        "made = m.agents_tools, m.pydantic_ai_toolset\n"
        "loaded = {n.split('.')[0] for n in set(sys.modules) - before}\n"
        "outside = sorted(n for n in loaded if n not in sys.stdlib_module_names)\n"
        "assert outside == ['_mcp2openai', 'mcp_time'], outside\n"
        "async def call_tool(server, tool, arguments): ...\n"
        "for function in made:\n"
        "    try:\n"
        "        function(call_tool)\n"
        "    except ImportError as error:\n"
        "        print(error)\n"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "openai-agents is not installed: `pip install openai-agents` to use agents_tools()",
        "pydantic-ai is not installed: `pip install pydantic-ai` to use pydantic_ai_toolset()",
    ]


RUNTIME_FILES = sorted((GENERATED / "_mcp2openai").rglob("*.py"))
# The runtime's files that reach outside the standard library, what they import and in which
# functions: only there, so that importing a toolset loads the standard library alone.
LAZY_IMPORTS = {
    "sessions": (
        {"mcp", "httpx2", "httpx"},
        {"require_sdk", "open_session", "negotiate", "call_tool", "_http_client", "list_tools"},
    ),
    "connection": ({"anyio", "mcp"}, {"_closed", "_listen"}),
    "holding": ({"anyio"}, {"_hold", "_until_stopped"}),
    # the SDK's types of elicitation, for connect()'s sessions
    "questions": ({"mcp"}, {"callback", "elicitation", "call", "elicit_result"}),
    # each framework only inside the functions that need it (docs/frameworks.md)
    "frameworks": (
        {"agents", "pydantic_ai"},
        {
            "agents_tools",
            "pydantic_ai_toolset",
            "_pydantic_ai_function",
            "run",
            "_agents_output",
            "_pydantic_ai_output",
        },
    ),
}


@pytest.mark.parametrize(
    "path", RUNTIME_FILES, ids=[str(p.relative_to(GENERATED)) for p in RUNTIME_FILES]
)
def test_the_runtime_imports_the_standard_library_and_the_sdk_only_where_it_connects(
    path: Path,
) -> None:
    imported = _imports(path) - {""}  # "": a part of its own (`from . import ...`)
    outside = imported - set(sys.stdlib_module_names)
    modules, functions = LAZY_IMPORTS.get(path.stem, (set(), set()))
    assert outside == modules, outside
    assert set(_importers(path, modules)) == functions


@pytest.mark.parametrize("path", MODULES, ids=[p.stem for p in MODULES])
def test_generated_module_is_black_stable_and_definitions_are_valid(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert black.format_str(source, mode=BLACK_MODE) == source
    stub = path.with_suffix(".pyi").read_text(encoding="utf-8")
    assert black.format_str(stub, mode=STUB_MODE) == stub
    module = _load(path)
    for api in ("chat", "responses"):
        for definition in module.tools(api):
            assert tool_violations(definition, api) == [], definition


def _imports(path: Path) -> set[str]:
    """The top-level modules `path` imports ("" for `from . import x`), for type checkers too."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            names.add("" if node.level else (node.module or "").split(".")[0])
    return names


def _importers(path: Path, modules: set[str]) -> list[str]:
    """The functions that import one of `modules`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                names = (
                    [alias.name for alias in inner.names]
                    if isinstance(inner, ast.Import)
                    else [inner.module or ""] if isinstance(inner, ast.ImportFrom) else []
                )
                if any(name.split(".")[0] in modules for name in names):
                    found.append(node.name)
                    break
    return found


def _load(path: Path) -> Any:
    from buildutil import import_path

    return import_path(path)


def test_build_is_deterministic_across_hash_seeds(tmp_path: Path) -> None:
    args = [
        "--server",
        f"everything={SNAPSHOTS / 'everything.json'}",
        "--server",
        f"notion={SNAPSHOTS / 'notion.json'}",
    ]
    outputs = []
    for seed in ("0", "1"):
        out = tmp_path / f"seed{seed}.py"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run(
            [sys.executable, "-m", "mcp2openai", "build", *args, "--out", str(out), "-q"],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
        )
        written = [out, out.with_suffix(".pyi")]
        outputs.append(b"".join(path.read_bytes() for path in written))
    assert outputs[0] == outputs[1]
    assert b"/work/" not in outputs[0] and str(tmp_path).encode() not in outputs[0]


def test_check_exits_1_on_difference_0_on_match_and_writes_nothing(tmp_path: Path) -> None:
    snapshot = write_snapshot(tmp_path, "s", [CONVERTIBLE])
    out = tmp_path / "adapter.py"
    assert (
        run_cli("build", "--server", f"s={snapshot}", "--out", str(out), "--check").exit_code == 1
    )
    assert not out.exists()
    assert run_cli("build", "--server", f"s={snapshot}", "--out", str(out)).exit_code == 0
    stamp = out.stat().st_mtime_ns
    assert (
        run_cli("build", "--server", f"s={snapshot}", "--out", str(out), "--check").exit_code == 0
    )
    out.write_text(out.read_text() + "# edited\n")
    stamp = out.stat().st_mtime_ns
    result = run_cli("build", "--server", f"s={snapshot}", "--out", str(out), "--check")
    assert result.exit_code == 1 and "out of date" in result.output
    assert out.stat().st_mtime_ns == stamp


def test_strict_auto_falls_back_and_reports(tmp_path: Path) -> None:
    module, result = build_module(tmp_path, {"s": [CONVERTIBLE, UNSUPPORTED, NOT_OBJECT]})
    by_name = {d["name"]: d for d in module.tools("responses")}
    assert by_name["s__ok"]["strict"] is True
    assert by_name["s__open"]["strict"] is False
    assert by_name["s__open"]["parameters"] == UNSUPPORTED["inputSchema"]
    assert "s__scalar" not in by_name
    assert [(e["name"], e["keyword"], e["path"]) for e in module.REPORT.fallbacks] == [
        ("s__open", "not", "#/properties/m")
    ]
    assert [e["name"] for e in module.REPORT.excluded] == ["s__scalar"]
    assert "fallback s__open: not at #/properties/m" in result.output


def test_strict_true_leaves_unconvertible_tools_out(tmp_path: Path) -> None:
    module, _ = build_module(
        tmp_path, {"s": [CONVERTIBLE, UNSUPPORTED, NOT_OBJECT]}, "--strict", "true"
    )
    assert [d["function"]["name"] for d in module.tools("chat") if d["function"]["strict"]] == [
        "s__ok"
    ]
    assert len(module.tools("chat")) == 1
    assert [e["name"] for e in module.REPORT.excluded] == ["s__open", "s__scalar"]
    assert module.REPORT.fallbacks == ()


def test_strict_false_sends_original_schemas_with_descriptions_cleaned(tmp_path: Path) -> None:
    dirty = tool(
        "ok",
        {"type": "object", "properties": {"a": {"type": "string", "description": "x\u200by"}}},
        "t\u202ed",
    )
    module, _ = build_module(tmp_path, {"s": [dirty, UNSUPPORTED, NOT_OBJECT]}, "--strict", "false")
    definitions = module.tools("responses")
    assert [d["strict"] for d in definitions] == [False, False]
    assert definitions[0]["parameters"] == clean_annotations(dirty["inputSchema"])
    assert definitions[0]["parameters"]["properties"]["a"]["description"] == "xy"
    assert definitions[0]["description"] == "td"
    assert [e["name"] for e in module.REPORT.excluded] == ["s__scalar"]


def test_tools_match_the_converter_exactly_for_a_real_server(tmp_path: Path) -> None:
    snapshot = json.loads((SNAPSHOTS / "filesystem.json").read_text())
    module, _ = build_module(tmp_path, {"fs": snapshot["tools"]})
    for definition, source in zip(module.tools("responses"), snapshot["tools"], strict=True):
        assert definition["parameters"] == convert(source["inputSchema"]).schema
        assert definition["name"] == "fs__" + source["name"]
    chat = module.tools("chat")[0]
    assert list(chat) == ["type", "function"] and list(chat["function"]) == [
        "name",
        "description",
        "parameters",
        "strict",
    ]
    # the MCP outputSchema is the Responses output_schema (Chat has no such field)
    assert list(module.tools("responses")[0]) == [
        "type",
        "name",
        "description",
        "parameters",
        "strict",
        "output_schema",
    ]
    for definition, source in zip(module.tools("responses"), snapshot["tools"], strict=True):
        assert definition["output_schema"] == source["outputSchema"]


def test_vendor_keywords_are_dropped_from_output_schema(tmp_path: Path) -> None:
    """FastMCP's `x-fastmcp-wrap-result` (as clickhouse's recorded tools have it) and any other
    `x-*` keyword, at any depth, never reach OpenAI in `output_schema`, as they never do in
    `parameters`; a property named `x-api-key` and data under `enum` or `default` are kept."""
    output = {
        "type": "object",
        "x-fastmcp-wrap-result": True,
        "properties": {
            "result": {"type": "array", "items": {"type": "string", "x-order": 2}},
            "x-api-key": {"type": "string", "enum": [{"x-data": 1}], "x-secret": True},
        },
        "$defs": {"x-named": {"type": "integer", "default": {"x-kept": 0}, "x-vendor": "v"}},
        "required": ["result"],
    }
    tool = {"name": "t", "inputSchema": {"type": "object", "x-order": 1}, "outputSchema": output}
    module, _ = build_module(tmp_path, {"s": [tool]})
    definition = module.tools("responses")[0]
    assert definition["output_schema"] == {
        "type": "object",
        "properties": {
            "result": {"type": "array", "items": {"type": "string"}},
            "x-api-key": {"type": "string", "enum": [{"x-data": 1}]},
        },
        "$defs": {"x-named": {"type": "integer", "default": {"x-kept": 0}}},
        "required": ["result"],
    }
    assert "x-order" not in definition["parameters"]


def test_malformed_snapshot_exits_2_with_one_line_and_writes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"tools": [{"name": "t", "inputSchema": "nope"}]}')
    out = tmp_path / "adapter.py"
    result = subprocess.run(
        [sys.executable, "-m", "mcp2openai", "build", "--server", f"s={bad}", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert (
        result.stderr.strip() == f"mcp2openai: error: {bad}: tool 't': #/tools/0/inputSchema: "
        "inputSchema must be an object"
    )
    assert not out.exists() and list(tmp_path.iterdir()) == [bad]


def test_bad_server_name_and_usage_exit_2(tmp_path: Path) -> None:
    snapshot = write_snapshot(tmp_path, "s", [CONVERTIBLE])
    result = run_cli("build", "--server", f"1bad={snapshot}", "--out", str(tmp_path / "o.py"))
    assert result.exit_code == 2 and "server name '1bad'" in result.output
    assert run_cli("build", "--server", "nonsense", "--out", str(tmp_path / "o.py")).exit_code == 2
    assert not (tmp_path / "o.py").exists()


def test_a_schema_deeper_than_the_python_parser_allows_is_sent_unchanged(tmp_path: Path) -> None:
    schema: dict[str, Any] = {"type": "string"}
    for _ in range(300):
        schema = {"type": "object", "properties": {"n": schema}}
    module, _ = build_module(tmp_path, {"s": [tool("deep", schema)]})
    assert module.tools("chat")[0]["function"]["parameters"] == schema
    assert module.tools("chat")[0]["function"]["strict"] is False


def test_report_json(tmp_path: Path) -> None:
    snapshot = write_snapshot(tmp_path, "s", [CONVERTIBLE, UNSUPPORTED])
    report = tmp_path / "report.json"
    assert (
        run_cli(
            "build",
            "--server",
            f"s={snapshot}",
            "--out",
            str(tmp_path / "a.py"),
            "--report-json",
            str(report),
        ).exit_code
        == 0
    )
    document = json.loads(report.read_text())
    assert document["fallbacks"][0]["event"] == "mcp2openai.strict_fallback"
    assert document["fallbacks"][0]["name"] == "s__open"


def test_no_module_level_name_could_clash_with_a_typed_dict() -> None:
    """TypedDict names all end in "Args"; nothing else the module or its stub defines may."""
    module = _load(GENERATED / "mcp_everything.py")
    stub = ast.parse((GENERATED / "_mcp2openai" / "api.pyi").read_text(encoding="utf-8"))
    names = {*dir(module), *module.__all__}
    for node in stub.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {target.id for target in node.targets if isinstance(target, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    assert {"tools", "ToolCall", "FunctionToolParam"} <= names
    assert not [name for name in names if name.endswith("Args")]


def test_schema_command_prints_strict_schema_or_the_refusal(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(
        json.dumps({"type": "object", "properties": {"a": {"type": "string", "format": "uri"}}})
    )
    result = run_cli("schema", str(good))
    assert result.exit_code == 0
    printed = json.loads(result.output)
    assert printed["schema"]["properties"]["a"] == {"type": ["string", "null"]}
    assert printed["null_paths"] == [["a"]]
    assert printed["dropped"] == [{"path": "#/properties/a", "keyword": "format"}]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"type": "object", "properties": {"a": {"oneOf": []}}}))
    result = run_cli("schema", str(bad))
    assert result.exit_code == 1
    assert result.output.startswith("unsupported: #/properties/a: oneOf: ")
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    assert run_cli("schema", str(broken)).exit_code == 2


def test_the_module_holds_its_data_binds_its_api_and_names_its_version() -> None:
    """No code of its own: its tables (JSON text), a Toolset of them, which the runtime
    checks is of its version, and the public names bound to it, each a plain attribute."""
    source = (GENERATED / "mcp_time.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    assert not [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.ClassDef)]
    assert f'_toolset = _runtime.Toolset(\n    __name__,\n    "{__version__}",\n' in source
    assert '_DEFINITIONS = r"""[\n{"type":"function",\n "name":"time__get_current_time",' in source
    bound = [
        ast.unparse(node.targets[0])
        for node in tree.body
        if isinstance(node, ast.Assign) and ast.unparse(node.value).startswith("_toolset.")
    ]
    names = ast.literal_eval(source.split("__all__ = ")[1].split("]")[0] + "]")
    classes = {"ContractError", "Report", "ServerError", "ToolCall", "ToolCalls"}
    assert sorted([*bound, *classes]) == sorted([*names, "__getattr__"])
    assert not (GENERATED / "mcp_time.json").exists()


def test_the_docstrings_api_line_names_every_function_and_table_of_the_module() -> None:
    """A reader of the module (`help()`, an editor) sees its whole API: every name of
    `__all__` but the classes, which its functions return (it once left out `connect`,
    `tool_search` and `tool_choice`)."""
    module = ast.parse((GENERATED / "mcp_time.py").read_text(encoding="utf-8"))
    docstring = ast.get_docstring(module) or ""
    api = docstring.split("\nAPI: ", 1)[1].split("This file holds", 1)[0]
    (names,) = [
        ast.literal_eval(node.value)
        for node in module.body
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "__all__"
    ]
    functions_and_tables = [n for n in names if not (n[0].isupper() and not n.isupper())]
    assert len(functions_and_tables) >= 11
    assert [n for n in functions_and_tables if not re.search(rf"\b{n}\b", api)] == []


def test_counts_in_words_are_singular_for_one(tmp_path: Path) -> None:
    module, result = build_module(tmp_path, {"s": [CONVERTIBLE]})
    assert (module.__doc__ or "").startswith("OpenAI function tools for 1 MCP tool from 1 server.")
    assert "    s: 1 tool\n" in (module.__doc__ or "")
    assert "(1 tool: 1 strict, 0 fallbacks, 0 excluded)" in result.output
    module, result = build_module(tmp_path, {"s": [CONVERTIBLE, UNSUPPORTED]})
    assert "2 MCP tools" in (module.__doc__ or "") and "1 non-strict fallback," in (
        module.__doc__ or ""
    )
    assert "(2 tools: 1 strict, 1 fallback, 0 excluded)" in result.output


def test_the_collector_is_paused_for_a_build_and_restored_as_it_was() -> None:
    import gc

    from mcp2openai.pipeline import gc_paused

    assert gc.isenabled()
    with pytest.raises(KeyError), gc_paused():
        assert not gc.isenabled()
        raise KeyError("a build that fails still restores it")
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()  # an app that had it off keeps it off
    finally:
        gc.enable()


def test_a_root_without_properties_that_is_not_strict_says_why(tmp_path: Path) -> None:
    """A root object without properties is a tool with no arguments, strict; when it declares
    keys the server takes that strict mode cannot carry, the fallback says so."""
    bare = tool("bare", {"type": "object"})
    keyed = tool("keyed", {"type": "object", "patternProperties": {"^x": {"type": "string"}}})
    module, result = build_module(tmp_path, {"s": [bare, keyed]})
    by_name = {d["name"]: d for d in module.tools("responses")}
    assert by_name["s__bare"]["strict"] is True
    assert by_name["s__bare"]["parameters"]["properties"] == {}
    assert by_name["s__keyed"]["strict"] is False
    (fallback,) = module.REPORT.fallbacks
    assert (fallback["name"], fallback["keyword"], fallback["path"]) == (
        "s__keyed",
        "patternProperties",
        "#",
    )
    why = "a root without properties is sent as a tool with no arguments only when the root"
    assert fallback["reason"].startswith(why)
    assert fallback["reason"].endswith("patternProperties beside open additionalProperties")
    assert why in result.output
