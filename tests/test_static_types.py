"""The stub's types against the real `openai` SDK (the version the tests pin): an app passes
what the module returns where the SDK expects its params, and `mypy --strict` accepts it with no
cast; a wrong use is still refused."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from buildutil import GENERATED, ROOT, import_path, mypy_command, readme_app
from live_support import run_cli

pytestmark = pytest.mark.slow  # each runs mypy --strict (CONTRIBUTING.md, "Tiers")

TYPING = ROOT / "tests" / "typing"


def mypy(
    *paths: str, cwd: Path = ROOT, frameworks: bool = False, generated: bool = True
) -> subprocess.CompletedProcess[str]:
    """`mypy --strict` on `paths`; the agent frameworks' types are loaded only with
    `frameworks=True` (tests/typing/no_frameworks.ini); `generated/` is on its path unless
    `generated=False` (an app's own layout, found from `cwd` as a user's mypy finds it)."""
    config = "/dev/null" if frameworks else str(TYPING / "no_frameworks.ini")
    return subprocess.run(
        [*mypy_command("--config-file", config), *paths],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={"MYPYPATH": str(GENERATED) if generated else "", "PATH": ""},
    )


def test_module_results_go_where_the_sdk_expects_its_params() -> None:
    result = mypy(str(TYPING / "sdk_use.py"))
    assert result.returncode == 0, result.stdout


def readme_layout(project: Path) -> None:
    """The README's layout in `project`: `app/` the app's package, `app/mcp_tools.py` built
    into it by the command line. mypy then runs from `project` with nothing on its path
    (`generated=False`), as a user runs it."""
    (project / "app").mkdir()
    (project / "app" / "__init__.py").write_text("", encoding="utf-8")
    shutil.copy(GENERATED / "snapshots" / "time.json", project / "time.json")
    built = run_cli(
        "build", "--server", "time=time.json", "--out", "app/mcp_tools.py", "-q", cwd=project
    )
    assert built.returncode == 0, built.stderr


def test_the_readme_app_passes_mypy_strict_as_it_stands(tmp_path: Path) -> None:
    """The README's app example, unchanged, in the README's layout (`readme_layout`)."""
    readme_layout(tmp_path)
    example = tmp_path / "example.py"
    example.write_text(readme_app(), encoding="utf-8")
    result = mypy(str(example), cwd=tmp_path, generated=False)
    assert result.returncode == 0, result.stdout
    # As docs/usage.md says, `input=outputs` is refused (a list is invariant): the outputs are
    # typed by the stub, not Any, which the SDK would take anywhere.
    wrong = readme_app().replace("input=[*outputs]", "input=outputs")
    assert wrong != readme_app()
    example.write_text(wrong, encoding="utf-8")
    refused = mypy(str(example), cwd=tmp_path, generated=False)
    line = next(i for i, text in enumerate(wrong.splitlines(), 1) if "input=outputs" in text)
    errors = [text for text in refused.stdout.splitlines() if ": error: " in text]
    assert len(errors) == 1 and errors[0].startswith(f"example.py:{line}: error: "), errors
    assert errors[0].endswith("[arg-type]"), errors


def test_a_mismatch_with_the_sdk_is_still_refused(tmp_path: object) -> None:
    wrong = ROOT / "tests" / "typing" / "sdk_misuse.py"
    result = mypy(str(wrong))
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert result.returncode == 1
    # chat definitions are not Responses tools, and the choice of one API is not the other's
    lines = wrong.read_text().splitlines()
    for marker in (
        'input="hi", tools=mcp.tools("chat")',
        'api="responses"',
        "# Responses items as messages",
        "# Chat tool messages as Responses items",
        "# the wrong API's output",
    ):
        number = next(i for i, line in enumerate(lines, 1) if marker in line)
        assert any(f"sdk_misuse.py:{number}:" in line for line in errors), (marker, errors)


def test_the_stub_agrees_with_the_module_it_describes() -> None:
    """mypy's stubtest imports the module and compares every name and signature with the
    stub, with no allowlist: every name the stub declares exists at run time as what the
    stub says it is, the <Tool>Args TypedDicts (made on first use) among them."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy.stubtest",
            "mcp_time",
            "mcp_all",
            "--mypy-config-file",
            str(TYPING / "no_frameworks.ini"),
        ],
        cwd=GENERATED,
        capture_output=True,
        text=True,
        env={"MYPYPATH": str(GENERATED), "PYTHONPATH": str(GENERATED), "PATH": ""},
    )
    assert result.returncode == 0, result.stdout
    assert "Success: no issues found in 2 modules" in result.stdout


def test_each_typed_dict_at_run_time_is_the_stubs() -> None:
    """The TypedDicts the module makes have the stub's keys, required keys and types (as
    mypy reads the stub: the annotations' text, evaluated): read through the stub's AST."""
    code = """
import ast, json, sys, typing
sys.path.insert(0, sys.argv[1])
import mcp_all as m
stub = ast.parse(open(sys.argv[1] + "/mcp_all.pyi").read())
names = {"Literal": typing.Literal, "NotRequired": typing.NotRequired}
checked = 0
for node in stub.body:
    if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
        continue
    name = node.targets[0].id
    made = getattr(m, name)
    names[name] = made
    fields = {ast.literal_eval(k): eval(ast.unparse(v), dict(names)) for k, v in zip(
        node.value.args[1].keys, node.value.args[1].values)}
    required = {k for k, v in fields.items() if typing.get_origin(v) is not typing.NotRequired}
    assert typing.is_typeddict(made) and made.__name__ == name, name
    assert made.__required_keys__ == required and made.__optional_keys__ == set(fields) - required
    assert made.__annotations__ == fields, name
    checked += 1
print(checked)
"""
    result = subprocess.run(
        [sys.executable, "-I", "-c", code, str(GENERATED)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert int(result.stdout) > 188
    mcp_time = import_path(GENERATED / "mcp_time.py")
    assert mcp_time.TimeGetCurrentTimeArgs(timezone="UTC") == {"timezone": "UTC"}


def test_the_readme_questions_and_progress_example_passes_mypy_strict(tmp_path: Path) -> None:
    """The README's use of `elicit=` and `progress=`, unchanged, against a generated stub; a
    wrong callback is refused (the parameters are typed, not Any), in the README's layout."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```$", readme, re.M | re.S)
    (block,) = [b for b in blocks if "elicit=" in b and "progress=" in b]
    readme_layout(tmp_path)
    example = tmp_path / "example.py"
    example.write_text(block, encoding="utf-8")
    result = mypy(str(example), cwd=tmp_path, generated=False)
    assert result.returncode == 0, result.stdout
    for wrong in (
        block.replace("progress=True", "progress=42"),
        block.replace("max_time=600", 'max_time="600"'),
        block.replace("connect(elicit=ask)", 'connect(elicit=ask, protocol="2026")'),
    ):
        assert wrong != block
        example.write_text(wrong, encoding="utf-8")
        refused = mypy(str(example), cwd=tmp_path, generated=False)
        errors = [text for text in refused.stdout.splitlines() if ": error: " in text]
        assert errors and all(text.startswith("example.py:") for text in errors), errors


def test_the_readme_framework_examples_pass_mypy_strict(tmp_path: Path) -> None:
    """The README's openai-agents and pydantic-ai examples, unchanged, with both frameworks
    installed (the dev extras pin them) and a generated module as `mcp_tools`: the stubs type
    `agents_tools()` and `pydantic_ai_toolset()` against the frameworks' own types."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```$", readme, re.M | re.S)
    examples = {
        "agents_example.py": [b for b in blocks if "mcp_tools.agents_tools(" in b],
        "pydantic_ai_example.py": [b for b in blocks if "mcp_tools.pydantic_ai_toolset(" in b],
    }
    for suffix in (".py", ".pyi"):
        shutil.copy(GENERATED / f"mcp_time{suffix}", tmp_path / f"mcp_tools{suffix}")
    for name, found in examples.items():
        assert len(found) == 1, name
        (tmp_path / name).write_text(found[0], encoding="utf-8")
    # typed, not Any: a wrong use of them is refused (one mypy run: loading both frameworks'
    # types is most of its time)
    wrong = tmp_path / "wrong.py"
    wrong.write_text(
        "import mcp_tools\n"
        "from agents import FunctionTool\n\n"
        "async def main() -> None:\n"
        "    async with mcp_tools.connect() as call_tool:\n"
        "        tool: FunctionTool = mcp_tools.agents_tools(call_tool)\n"
        "        mcp_tools.pydantic_ai_toolset(call_tool).no_such_method()\n",
        encoding="utf-8",
    )
    result = mypy(*examples, "wrong.py", cwd=tmp_path, frameworks=True)
    errors = [line for line in result.stdout.splitlines() if ": error: " in line]
    assert [line.split(":")[:2] for line in errors] == [
        ["wrong.py", "6"],
        ["wrong.py", "7"],
    ], result.stdout


def test_the_usage_chat_streaming_loop_passes_mypy_strict(tmp_path: Path) -> None:
    """docs/usage.md's streamed Chat Completions loop, unchanged, inside the README's `answer`
    (as the docs place it) with `messages: list[ChatCompletionMessageParam]`, as they say, in
    the README's layout; sending the SDK's message object back instead is refused."""
    usage = (ROOT / "docs" / "usage.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```$", usage, re.M | re.S)
    (block,) = [b for b in blocks if "client.chat.completions.stream(" in b]
    loop = block[block.index("# Chat Completions") :]
    readme_layout(tmp_path)
    head = (
        "from openai import AsyncOpenAI\n"
        "from openai.types.chat import ChatCompletionMessageParam\n\n"
        "from app import mcp_tools\n\n\n"
        "async def answer(question: str) -> str:\n"
        "    client = AsyncOpenAI()\n"
        '    messages: list[ChatCompletionMessageParam] = [{"role": "user", "content": question}]\n'
        "    async with mcp_tools.connect() as call_tool:\n"
    )
    example = tmp_path / "example.py"
    example.write_text(head + textwrap.indent(loop, " " * 8), encoding="utf-8")
    result = mypy(str(example), cwd=tmp_path, generated=False)
    assert result.returncode == 0, result.stdout
    wrong = loop.replace("messages += outputs", "messages += [reply, *outputs]")
    assert wrong != loop
    example.write_text(head + textwrap.indent(wrong, " " * 8), encoding="utf-8")
    refused = mypy(str(example), cwd=tmp_path, generated=False)
    errors = [text for text in refused.stdout.splitlines() if ": error: " in text]
    assert len(errors) == 1 and errors[0].startswith("example.py:"), errors
