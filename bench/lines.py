"""Lines of code of the runtime folder every toolset's folder ships (`_mcp2openai/`).

A line of code holds a token that is neither a comment nor a docstring (module, class or
function); blank lines do not count. Counted for every file `mcp2openai.emit.runtime_files()`
writes (the runtime's Python files and `api.pyi`, the typed API for type checkers), with
three totals: the Python files, the stub, and the whole folder. The *core* is what an app that
sends tools and reads calls loads: the files in `sys.modules` of a child interpreter that
imports a toolset module and calls `tools()` (both APIs), `tool_calls()` and `tool_output()`
(both APIs), found by running it, never listed here.

`python -m bench.lines` builds the `time` toolset from its committed snapshot into a
temporary folder and prints the counts; `make bench` counts on its own 100-tool module.
"""

from __future__ import annotations

import ast
import io
import json
import subprocess
import sys
import tempfile
import tokenize
from pathlib import Path
from typing import Any

from mcp2openai.stub import RUNTIME_PACKAGE

from bench.inputs import SNAPSHOTS

STUB = "api.pyi"

# Imports the toolset module argv[2] from the folder argv[1], calls the three functions of
# the core, and prints which parts of the runtime were loaded after each step (module names),
# then the modules loaded from outside the standard library.
_LOADED_CHILD = """\
import json, sys
sys.path.insert(0, sys.argv[1])
def parts():
    return sorted(name for name in sys.modules if name.split(".")[0] == "_mcp2openai")
module = __import__(sys.argv[2])
steps = [["import", parts()]]
definitions = module.tools("responses")
module.tools("chat")
steps.append(["tools", parts()])
name = definitions[0]["name"]
call = {"type": "function_call", "call_id": "c", "name": name, "arguments": "{}"}
calls, rejected = module.tool_calls({"output": [call]})
assert len(calls) == 1 and not rejected, rejected
call = {"id": "c", "type": "function", "function": {"name": name, "arguments": "{}"}}
message = {"role": "assistant", "tool_calls": [call]}
calls, rejected = module.tool_calls({"choices": [{"index": 0, "message": message}]})
assert len(calls) == 1 and not rejected, rejected
result = {"content": [{"type": "text", "text": "ok"}]}
module.tool_output("c", result, api="responses")
module.tool_output("c", result, api="chat")
steps.append(["calls", parts()])
mine = {sys.argv[2], "__main__"}
found = set(sys.modules) - mine - set(parts())
outside = sorted(n for n in found if n.split(".")[0] not in sys.stdlib_module_names)
print(json.dumps({"steps": steps, "outside": outside}))
"""


def code_lines(source: str) -> int:
    """The lines of `source` that hold code: not blank, not only a comment or a docstring."""
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
        first = node.body[0] if isinstance(node, kinds) and node.body else None
        value = first.value if isinstance(first, ast.Expr) else None
        if first is not None and isinstance(value, ast.Constant) and isinstance(value.value, str):
            docstrings.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    lines: set[int] = set()
    skipped = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in skipped or token.type == tokenize.ENDMARKER:
            continue
        for line in range(token.start[0], token.end[0] + 1):
            if line not in docstrings:
                lines.add(line)
    return len(lines)


def runtime_lines() -> dict[str, int]:
    """Code lines of every file of the runtime folder, by file name."""
    from mcp2openai.emit import runtime_files

    return {name: code_lines(text) for name, text in sorted(runtime_files().items())}


def file_of(module: str) -> str:
    """The runtime file of a module name: `_mcp2openai` -> `__init__.py`, `_mcp2openai.calls`
    -> `calls.py`."""
    parts = module.split(".")
    assert parts[0] == RUNTIME_PACKAGE and len(parts) <= 2, module
    return "__init__.py" if len(parts) == 1 else f"{parts[1]}.py"


def loaded(directory: Path, name: str) -> dict[str, Any]:
    """What a child interpreter loads of the runtime beside the toolset module `name` of
    `directory`, after each step (import; tools(); tool_calls() and tool_output()), as file
    names; and the modules it loads from outside the standard library."""
    command = [sys.executable, "-I", "-S", "-B", "-c", _LOADED_CHILD, str(directory), name]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the child that loads the core failed: {done.stderr[-2000:]}")
    found = json.loads(done.stdout)
    steps = {step: sorted(map(file_of, modules)) for step, modules in found["steps"]}
    return {"steps": steps, "outside": found["outside"]}


def measure_lines(directory: Path, name: str) -> dict[str, Any]:
    """The runtime's code lines per file and in total (Python files, stub, folder), and the
    core's, which the toolset module `name` of `directory` loads (see `loaded`)."""
    per_file = runtime_lines()
    found = loaded(directory, name)
    steps = found["steps"]
    python = {file: count for file, count in per_file.items() if file.endswith(".py")}
    row: dict[str, Any] = {
        "per_file": per_file,
        "python_lines": sum(python.values()),
        "stub_lines": per_file[STUB],
        "folder_lines": sum(per_file.values()),
        "core_files": steps["calls"],
        "core_lines": sum(per_file[file] for file in steps["calls"]),
        "steps": {step: sum(per_file[f] for f in files) for step, files in steps.items()},
        "step_files": steps,
        "outside_standard_library": found["outside"],
    }
    print(
        f"runtime: {row['folder_lines']:,} lines of code in the folder ({row['python_lines']:,}"
        f" in its Python files, {row['stub_lines']:,} in {STUB}); the core"
        f" ({', '.join(row['core_files'])}): {row['core_lines']:,}"
    )
    return row


def time_toolset(directory: Path, name: str = "adapter_time") -> str:
    """Build the `time` toolset (2 tools) from its committed snapshot into `directory` as
    the module `name`, with the runtime beside it; `name`."""
    from mcp2openai.options import ServerSpec, StrictMode
    from mcp2openai.pipeline import build, write_build

    built = build([ServerSpec("time", SNAPSHOTS / "time.json")], StrictMode.AUTO)
    write_build(directory / f"{name}.py", built)
    return name


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="m2o-lines-") as temporary:
        directory = Path(temporary)
        row = measure_lines(directory, time_toolset(directory))
    core = set(row["core_files"])
    for file, count in row["per_file"].items():
        print(f"{count:6} {file}{'  (core)' if file in core else ''}")
    print(f"{row['python_lines']:6} the Python files")
    print(f"{row['stub_lines']:6} the stub ({STUB})")
    print(f"{row['folder_lines']:6} the whole folder")
    print(f"{row['core_lines']:6} the core: what tools(), tool_calls() and tool_output() load")
    return 0


if __name__ == "__main__":
    sys.exit(main())
