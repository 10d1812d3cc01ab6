"""mcp2openai: compile MCP servers' tool lists into self-contained OpenAI adapter modules."""

__version__ = "0.4.0"
