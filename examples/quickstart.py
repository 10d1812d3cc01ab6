"""The whole loop, offline: fetch -> build -> import -> the openai SDK -> MCP tool calls -> reply.

    .venv/bin/python examples/quickstart.py [--api responses|chat] [--workdir DIR]

1. `mcp2openai fetch` reads the tool list of a live MCP server (examples/demo_server.py, named
   in an `mcpServers` file as MCP clients name it) into a snapshot; 2. `mcp2openai build`
   compiles it into a module, which keeps how to start the server; 3. the app imports the
   module, opens the server with `connect()` and hands the tools to the real `openai` client,
   pointed at a fake OpenAI endpoint (examples/fake_openai.py) that answers with scripted tool
   calls; 4. `execute_tool_calls` runs them on the server and the outputs go into the next
   request. In a real app, steps 1-2 run at build time (and in CI with `mcp2openai build
   --check`).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from fake_openai import FakeOpenAI
from openai import AsyncOpenAI

HERE = Path(__file__).resolve().parent
SERVER = [sys.executable, str(HERE / "demo_server.py")]

# What the "model" will do: call three tools at once, then answer.
SCRIPT: list[Any] = [
    [
        ("call_add", "demo__add", {"a": 2, "b": 3}),
        # strict mode makes optional arguments nullable; the module drops the null, so the
        # server applies its default ("!")
        ("call_greet", "demo__greet", {"name": "Ada", "punctuation": None}),
        ("call_divide", "demo__divide", {"a": 1, "b": 0}),  # the server answers isError
    ],
    "2 + 3 = 5, Ada is greeted, and 1 / 0 is undefined.",
]


def mcp2openai(*args: str) -> None:
    """Run the mcp2openai command line (from this Python's environment)."""
    local = Path(sys.executable).parent / "mcp2openai"
    command = str(local) if local.exists() else shutil.which("mcp2openai") or "mcp2openai"
    print("$ mcp2openai", " ".join(args))
    subprocess.run([command, *args], check=True)


def build_adapter(workdir: Path) -> ModuleType:
    config, module = workdir / "mcp.json", workdir / "demo_tools.py"
    # not "mcp": workdir goes on sys.path below, and a folder `mcp` there could shadow the SDK
    snapshots = workdir / "mcp-snapshots"
    server = {"command": SERVER[0], "args": SERVER[1:]}
    config.write_text(json.dumps({"mcpServers": {"demo": server}}, indent=2), encoding="utf-8")
    mcp2openai("fetch", "--mcp-config", str(config), "--snapshots", str(snapshots))
    mcp2openai(
        "build", "--mcp-config", str(config), "--snapshots", str(snapshots), "--out", str(module)
    )
    # An app imports the module as it imports its own code: here, from the folder on sys.path
    # (the runtime it shares with other toolsets, _mcp2openai/, is beside it).
    sys.path.insert(0, str(workdir))
    return importlib.import_module("demo_tools")


async def run(adapter: ModuleType, api: str, base_url: str) -> str:
    client = AsyncOpenAI(base_url=base_url, api_key="sk-fake", max_retries=0)
    # connect() starts the server as the mcpServers file says (the module keeps the recipe)
    async with adapter.connect() as call_tool:
        question = "What is 2 + 3? Greet Ada. What is 1 / 0?"
        if api == "responses":
            items: list[Any] = [{"role": "user", "content": question}]
            while True:
                response = await client.responses.create(
                    model="gpt-fake", input=items, tools=adapter.tools("responses")
                )
                outputs = await adapter.execute_tool_calls(response, call_tool)
                if not outputs:
                    return response.output_text
                items += [item.model_dump(exclude_none=True) for item in response.output]
                items += outputs
                for output in outputs:
                    print(f"  tool {output['call_id']}: {output['output']}")
        messages: list[Any] = [{"role": "user", "content": question}]
        while True:
            chat = await client.chat.completions.create(
                model="gpt-fake", messages=messages, tools=adapter.tools("chat")
            )
            outputs = await adapter.execute_tool_calls(chat, call_tool)
            if not outputs:
                return chat.choices[0].message.content or ""
            messages.append(chat.choices[0].message.model_dump(exclude_none=True))
            messages += outputs
            for output in outputs:
                print(f"  tool {output['tool_call_id']}: {output['content']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--api", choices=["responses", "chat"], default="responses")
    parser.add_argument("--workdir", type=Path, help="keep the snapshot and module here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        workdir = args.workdir or Path(scratch)
        workdir.mkdir(parents=True, exist_ok=True)
        adapter = build_adapter(workdir)
        print(f"tools for the {args.api} API:", ", ".join(adapter.NAMES))
        with FakeOpenAI(SCRIPT) as fake:
            answer = asyncio.run(run(adapter, args.api, fake.base_url))
        print("model:", answer)
    return 0


if __name__ == "__main__":
    sys.exit(main())
