"""Side by side on the same real servers: each framework's own MCP client and this project's
compiled tools inside it, judged by the independent checker (tests/openai_checker.py).

The seven servers `make servers` installs that run offline (time, fetch, git, everything,
filesystem, memory, excel-mcp-server) are opened by each client in turn, and one agent turn is
run against the fake endpoint on 127.0.0.1; what is judged is what the endpoint received as
`tools`:

- openai-agents' `MCPServerStdio`, by default and with
  `mcp_config={"convert_schemas_to_strict": True}`;
- pydantic-ai's `MCPToolset` (a stdio transport) with its OpenAI Responses model (its own profile);
- this project's `agents_tools()` (the same definitions go out through `pydantic_ai_toolset()`
  with a profile without pydantic-ai's transformer: tests/test_e2e_frameworks.py).

Per tool: `strict` (sent with `"strict": true`), `refused` (strict and the checker finds a
reason OpenAI refuses it), `forced` (strict, and an optional property of the server's schema is
required in the sent one without accepting null: the model must invent a value the user never
gave), `faithful` (strict, not refused, nothing forced). docs/frameworks.md states the figures,
and so does the README; the test measures them again and checks both.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from buildutil import import_path
from live_support import EXAMPLES, NODE_BIN, REAL_SERVERS, REPO, require_real_servers, run_cli
from openai_checker import tool_violations

sys.path.insert(0, str(EXAMPLES))
from fake_openai import FakeOpenAI

pytestmark = pytest.mark.e2e  # starts MCP servers (CONTRIBUTING.md, "Tiers")

MEMORY = NODE_BIN / "mcp-server-memory"
CLIENTS = ("agents", "agents_strict", "pydantic_ai", "compiled")

# What the test measured (openai-agents 0.24.0, pydantic-ai-slim 2.68.0, the servers' pins).
FIGURES = {
    "tools": 97,
    "agents": {"strict": 0, "refused": 0, "forced": 0, "faithful": 0},
    "agents_strict": {"strict": 78, "refused": 48, "forced": 37, "faithful": 23},
    "pydantic_ai": {"strict": 39, "refused": 0, "forced": 0, "faithful": 39},
    "compiled": {"strict": 97, "refused": 0, "forced": 0, "faithful": 97},
}
# How docs/frameworks.md and the README state them.
README_LINE = (
    "On 97 tools of 7 real servers, openai-agents' own MCP client sends 0 strict (23 strict "
    "and faithful with `convert_schemas_to_strict`, 48 refused by OpenAI's rules, 37 with "
    "optional properties forced required), pydantic-ai's 39; these tools send 97 strict and "
    "faithful."
)
DOCS = REPO / "docs" / "frameworks.md"


def recipes(root: Path) -> dict[str, dict[str, Any]]:
    """server -> {"command", "args", "env"}: the same for every client."""
    repo = root / "repo"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    files = root / "files"
    files.mkdir()
    books = root / "books"
    books.mkdir()
    return {
        "time": {"command": str(REAL_SERVERS["time"]), "args": ["--local-timezone", "Etc/UTC"]},
        "fetch": {"command": str(REAL_SERVERS["fetch"]), "args": []},
        "git": {"command": str(REAL_SERVERS["git"]), "args": ["--repository", str(repo)]},
        "everything": {"command": str(REAL_SERVERS["everything"]), "args": ["stdio"]},
        "filesystem": {"command": str(REAL_SERVERS["filesystem"]), "args": [str(files)]},
        "memory": {
            "command": str(MEMORY),
            "args": [],
            "env": {"MEMORY_FILE_PATH": str(root / "memory.jsonl")},
        },
        "excel": {
            "command": str(REAL_SERVERS["excel"]),
            "args": ["stdio", "--allow-dir", str(books)],
        },
    }


def nullable(schema: object) -> bool:
    if not isinstance(schema, dict):
        return False
    kind = schema.get("type")
    if kind == "null" or (isinstance(kind, list) and "null" in kind):
        return True
    if None in (schema.get("enum") or ()):
        return True
    return any(nullable(member) for member in schema.get("anyOf") or ())


def forced(original: object, sent: object) -> int:
    """The optional properties of `original` that `sent` requires without accepting null,
    through properties, items and $defs."""
    if not (isinstance(original, dict) and isinstance(sent, dict)):
        return 0
    count = 0
    before, after = original.get("properties"), sent.get("properties")
    if isinstance(before, dict) and isinstance(after, dict):
        optional = set(before) - set(original.get("required") or ())
        required = set(sent.get("required") or ())
        for name, schema in before.items():
            if name not in after:
                continue
            if name in optional and name in required and not nullable(after[name]):
                count += 1
            count += forced(schema, after[name])
    count += forced(original.get("items"), sent.get("items"))
    defs, sent_defs = original.get("$defs"), sent.get("$defs")
    if isinstance(defs, dict) and isinstance(sent_defs, dict):
        count += sum(forced(defs[key], sent_defs.get(key)) for key in defs)
    return count


def judged(tools: list[dict[str, Any]], originals: dict[str, object]) -> dict[str, int]:
    """The counts for what one client sent; `originals`: name -> the server's input schema."""
    counts = {"strict": 0, "refused": 0, "forced": 0, "faithful": 0}
    for tool in tools:
        if tool.get("strict") is not True:
            continue
        counts["strict"] += 1
        refused = bool(tool_violations(tool, "responses"))
        pushed = forced(originals[tool["name"]], tool["parameters"]) > 0
        counts["refused"] += refused
        counts["forced"] += pushed
        counts["faithful"] += not refused and not pushed
    return counts


async def sent_once(model_for: Any, run: Any) -> list[dict[str, Any]]:
    """The tools one agent turn sends to the fake endpoint."""
    with FakeOpenAI(["Done."]) as fake:
        await run(model_for(fake.base_url))
        [body] = fake.bodies("/v1/responses")
        return list(body.get("tools", []))


async def agents_sent(recipe: dict[str, Any], strict: bool) -> list[dict[str, Any]]:
    from agents import Agent, OpenAIResponsesModel, RunConfig, Runner, set_tracing_disabled
    from agents.mcp import MCPServerStdio
    from openai import AsyncOpenAI

    set_tracing_disabled(True)
    params = {"command": recipe["command"], "args": recipe["args"], "env": recipe.get("env")}
    server = MCPServerStdio(
        params=params,  # type: ignore[arg-type]
        client_session_timeout_seconds=60,
    )

    def model(base_url: str) -> Any:
        client = AsyncOpenAI(base_url=base_url, api_key="sk-test", max_retries=0)
        return OpenAIResponsesModel(model="gpt-test", openai_client=client)

    async def run(model: Any) -> None:
        async with server:
            config = {"convert_schemas_to_strict": strict}
            agent = Agent(name="a", mcp_servers=[server], mcp_config=config, model=model)
            await Runner.run(agent, "Hello.", run_config=RunConfig(tracing_disabled=True))

    return await sent_once(model, run)


async def pydantic_ai_sent(recipe: dict[str, Any]) -> list[dict[str, Any]]:
    from fastmcp.client.transports import StdioTransport
    from openai import AsyncOpenAI
    from pydantic_ai import Agent
    from pydantic_ai.mcp import MCPToolset
    from pydantic_ai.models.openai import OpenAIResponsesModel
    from pydantic_ai.providers.openai import OpenAIProvider

    transport = StdioTransport(recipe["command"], recipe["args"], env=recipe.get("env"))
    server: Any = MCPToolset(transport)

    def model(base_url: str) -> Any:
        client = AsyncOpenAI(base_url=base_url, api_key="sk-test", max_retries=0)
        return OpenAIResponsesModel("gpt-test", provider=OpenAIProvider(openai_client=client))

    async def run(model: Any) -> None:
        async with server:
            await Agent(model, toolsets=[server]).run("Hello.")

    return await sent_once(model, run)


@pytest.fixture(scope="module")
def measured(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    require_real_servers()
    root = tmp_path_factory.mktemp("side_by_side")
    servers = recipes(root)
    lines = ["[tool.mcp2openai]", 'out = "compared.py"', ""]
    for name, recipe in servers.items():
        lines += [
            f"[tool.mcp2openai.servers.{name}]",
            f"command = {json.dumps(recipe['command'])}",
            f"args = {json.dumps(recipe['args'])}",
        ]
        for key, value in recipe.get("env", {}).items():
            lines.append(f"env = {{ {key} = {json.dumps(value)} }}")
        lines.append("")
    (root / "pyproject.toml").write_text("\n".join(lines), encoding="utf-8")
    fetched = run_cli("fetch", cwd=root)
    assert fetched.returncode == 0, fetched.stderr
    built = run_cli("build", cwd=root)
    assert built.returncode == 0, built.stderr
    module = import_path(root / "compared.py")
    originals_by_server: dict[str, dict[str, object]] = {}
    for name in servers:
        snapshot = json.loads((root / "mcp-snapshots" / f"{name}.json").read_text())
        originals_by_server[name] = {t["name"]: t["inputSchema"] for t in snapshot["tools"]}

    async def measure() -> dict[str, Any]:
        # server -> client -> tool name -> what the endpoint received
        received: dict[str, dict[str, dict[str, dict[str, Any]]]] = {}
        for name, recipe in servers.items():
            received[name] = {
                client: {tool["name"]: tool for tool in tools}
                for client, tools in (
                    ("agents", await agents_sent(recipe, False)),
                    ("agents_strict", await agents_sent(recipe, True)),
                    ("pydantic_ai", await pydantic_ai_sent(recipe)),
                )
            }
            received[name]["compiled"] = {}
        # this project's tools, as openai-agents sends them (every server through connect())
        from agents import Agent, OpenAIResponsesModel, RunConfig, Runner
        from openai import AsyncOpenAI

        async with module.connect() as call_tool:
            with FakeOpenAI(["Done."]) as fake:
                client = AsyncOpenAI(base_url=fake.base_url, api_key="sk-test", max_retries=0)
                model = OpenAIResponsesModel(model="gpt-test", openai_client=client)
                agent = Agent(name="a", tools=module.agents_tools(call_tool), model=model)
                await Runner.run(agent, "Hello.", run_config=RunConfig(tracing_disabled=True))
                [body] = fake.bodies("/v1/responses")
        assert len(body["tools"]) == len(module.NAMES)  # every tool, none left out
        for tool in body["tools"]:
            server, name = module.NAMES[tool["name"]]
            received[server]["compiled"][name] = dict(tool, name=name)
        # judged on the tools every client was given (server-everything lists some tools only
        # to a client that declares the capabilities they need)
        figures: dict[str, Any] = {"tools": 0}
        for client in CLIENTS:
            figures[client] = dict.fromkeys(("strict", "refused", "forced", "faithful"), 0)
        for server, clients in received.items():
            common = set.intersection(*(set(tools) for tools in clients.values()))
            figures["tools"] += len(common)
            for client, tools in clients.items():
                chosen = [tools[name] for name in sorted(common)]
                for key, value in judged(chosen, originals_by_server[server]).items():
                    figures[client][key] += value
        return figures

    return asyncio.run(measure())


def test_the_figures_are_measured(measured: dict[str, Any]) -> None:
    assert {key: measured[key] for key in FIGURES} == FIGURES, json.dumps(measured)


def test_the_docs_state_the_figures() -> None:
    docs = DOCS.read_text(encoding="utf-8")
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert README_LINE in " ".join(readme.split()), "README: the frameworks section's figures"
    assert README_LINE in " ".join(docs.split())
    rows = {
        "agents": "| openai-agents `MCPServerStdio` (default) | 0 | 0 | 0 | 0 |",
        "agents_strict": "| openai-agents, `convert_schemas_to_strict=True` | 78 | 48 | 37 | 23 |",
        "pydantic_ai": "| pydantic-ai `MCPToolset` (its OpenAI profile) | 39 | 0 | 0 | 39 |",
        "compiled": "| this project's `agents_tools()`, `pydantic_ai_toolset()` | 97 | 0 | 0 | 97 |",  # noqa: E501
    }
    for client, row in rows.items():
        figures = FIGURES[client]
        assert isinstance(figures, dict)
        cells = [str(figures[key]) for key in ("strict", "refused", "forced", "faithful")]
        assert row.endswith("| " + " | ".join(cells) + " |"), client
        assert row in docs, row
