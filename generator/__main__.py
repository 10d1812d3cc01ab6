"""`python -m mcp2openai` runs the `mcp2openai` command."""

from .cli import main

main(prog_name="mcp2openai")
