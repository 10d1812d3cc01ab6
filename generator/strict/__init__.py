"""Strict conversion: an MCP tool's input schema rewritten for OpenAI's "strict": true."""

from .convert import Conversion, Target, argument_schema, convert
from .errors import Dropped, NullPath, Rewrite, SchemaPath, Unsupported, format_path

__all__ = [
    "Conversion",
    "Dropped",
    "NullPath",
    "Rewrite",
    "SchemaPath",
    "Target",
    "Unsupported",
    "argument_schema",
    "convert",
    "format_path",
]
