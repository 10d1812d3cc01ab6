"""Strict conversion: an MCP tool's input schema rewritten for OpenAI's "strict": true."""

from .convert import Conversion, convert, strict_schema
from .errors import Dropped, NullPath, SchemaPath, Unsupported, format_path

__all__ = [
    "Conversion",
    "Dropped",
    "NullPath",
    "SchemaPath",
    "Unsupported",
    "convert",
    "format_path",
    "strict_schema",
]
