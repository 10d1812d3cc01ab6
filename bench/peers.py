"""What peers do on every run: convert MCP tools to OpenAI function tools (bench venv only).

Run as `python -m bench.peers PEER SNAPSHOT_DIR REPEAT` in a fresh interpreter per peer and size;
prints one JSON object: `{"peer", "version", "tools", "strict", "seconds", "cpu_seconds"}`. Each run
converts the whole list the way the library does it at run time, on inputs prepared outside
the timer (as the library holds them after `tools/list`), from fresh deep copies so no run sees
another run's in-place changes. One untimed run first warms the library's caches.

- openai-agents: `MCPUtil.to_function_tool(tool, server, convert_schemas_to_strict=True)` on
  `mcp.types.Tool` objects (it calls `ensure_strict_json_schema` and falls back per tool).
- pydantic-ai: `OpenAIJsonSchemaTransformer(schema, strict=None).walk()` per tool, what its
  OpenAI model applies to each MCP tool definition on every request (`strict=None` is the
  default for MCP tools: strict when the schema allows it).
- langchain-core: `convert_to_openai_tool(tool, strict=True)` on the `StructuredTool` that
  langchain-mcp-adapters makes of each MCP tool (`args_schema` = the input schema), as
  `ChatOpenAI.bind_tools(tools, strict=True)` does.
"""

from __future__ import annotations

import copy
import json
import sys
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

Tool = dict[str, Any]
Converter = Callable[[list[Any]], list[Any]]

DISTRIBUTIONS = {
    "openai-agents": "openai-agents",
    "pydantic-ai": "pydantic-ai-slim",
    "langchain-core": "langchain-core",
}


def load_tools(directory: Path) -> list[Tool]:
    tools: list[Tool] = []
    for path in sorted(directory.glob("*.json")):
        tools.extend(json.loads(path.read_text(encoding="utf-8"))["tools"])
    return tools


def openai_agents() -> tuple[Callable[[list[Tool]], list[Any]], Converter, Callable[[Any], bool]]:
    from agents.mcp import MCPUtil
    from agents.mcp.server import MCPServer
    from mcp.types import Tool as MCPTool

    class Server(MCPServer):
        """Only what `to_function_tool` reads: no connection is ever made."""

        @property
        def name(self) -> str:
            return "bench"

        async def connect(self) -> None: ...
        async def cleanup(self) -> None: ...
        async def list_tools(self, *args: Any, **kwargs: Any) -> list[Any]:
            return []

        async def call_tool(self, *args: Any, **kwargs: Any) -> Any: ...
        async def list_prompts(self, *args: Any, **kwargs: Any) -> Any: ...
        async def get_prompt(self, *args: Any, **kwargs: Any) -> Any: ...

    server = Server()

    def prepare(tools: list[Tool]) -> list[Any]:
        return [MCPTool.model_validate(tool) for tool in tools]

    def convert(tools: list[Any]) -> list[Any]:
        return [MCPUtil.to_function_tool(tool, server, True) for tool in tools]

    return prepare, convert, lambda tool: bool(tool.strict_json_schema)


def pydantic_ai() -> tuple[Callable[[list[Tool]], list[Any]], Converter, Callable[[Any], bool]]:
    from pydantic_ai.profiles.openai import OpenAIJsonSchemaTransformer

    def prepare(tools: list[Tool]) -> list[Any]:
        return [(tool["name"], tool.get("description", ""), tool["inputSchema"]) for tool in tools]

    def convert(tools: list[Any]) -> list[Any]:
        converted = []
        for name, description, schema in tools:
            transformer = OpenAIJsonSchemaTransformer(schema, strict=None)
            parameters = transformer.walk()
            strict = transformer.is_strict_compatible
            converted.append(
                {
                    "type": "function",
                    "name": name,
                    "description": description,
                    "parameters": parameters,
                    "strict": strict,
                }
            )
        return converted

    return prepare, convert, lambda tool: bool(tool["strict"])


def langchain_core() -> tuple[Callable[[list[Tool]], list[Any]], Converter, Callable[[Any], bool]]:
    from langchain_core.tools import StructuredTool
    from langchain_core.utils.function_calling import convert_to_openai_tool

    async def call(**arguments: Any) -> str:
        return ""

    def prepare(tools: list[Tool]) -> list[Any]:
        return [
            StructuredTool(
                name=tool["name"],
                description=tool.get("description") or "",
                args_schema=tool["inputSchema"],
                coroutine=call,
                response_format="content_and_artifact",
            )
            for tool in tools
        ]

    def convert(tools: list[Any]) -> list[Any]:
        return [convert_to_openai_tool(tool, strict=True) for tool in tools]

    return prepare, convert, lambda tool: bool(tool["function"].get("strict"))


PEERS = {
    "openai-agents": openai_agents,
    "pydantic-ai": pydantic_ai,
    "langchain-core": langchain_core,
}


def main(peer: str, directory: Path, repeat: int) -> dict[str, Any]:
    tools = load_tools(directory)
    prepare, convert, is_strict = PEERS[peer]()
    inputs = [prepare(copy.deepcopy(tools)) for _ in range(repeat + 1)]
    converted = convert(inputs.pop())  # warm-up, untimed
    seconds, cpu_seconds = [], []
    for batch in inputs:
        cpu, start = time.process_time(), time.perf_counter()
        convert(batch)
        seconds.append(time.perf_counter() - start)
        cpu_seconds.append(time.process_time() - cpu)
    return {
        "peer": peer,
        "version": metadata.version(DISTRIBUTIONS[peer]),
        "tools": len(converted),
        "strict": sum(1 for tool in converted if is_strict(tool)),
        "seconds": seconds,
        "cpu_seconds": cpu_seconds,
    }


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]))))
