"""What OpenAI's strict mode accepts: the keyword sets and limits the converter applies.

Sources: the seed's "Strict mode" section, DESIGN.md "Strict conversion: what the seed leaves
open", and research/openai-rules.md (sections cited beside each rule).
"""

from __future__ import annotations

from typing import Final

TYPE_NAMES: Final = frozenset({"string", "number", "integer", "boolean", "object", "array", "null"})

# Seed "Strict mode": these make a schema unconvertible.
UNSUPPORTED_KEYWORDS: Final = frozenset(
    {
        "allOf",
        "not",
        "oneOf",
        "if",
        "then",
        "else",
        "dependentRequired",
        "dependentSchemas",
        "dependencies",
        "patternProperties",
        "unevaluatedProperties",
        "unevaluatedItems",
        "propertyNames",
        "prefixItems",
        "contains",
        "minContains",
        "maxContains",
        "$dynamicRef",
        "$recursiveRef",
    }
)

# Kept when valid on a node of the matching type; everything else is dropped and reported.
ANNOTATIONS: Final = ("description", "title")
NUMBER_KEYWORDS: Final = (
    "multipleOf",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
)
ARRAY_KEYWORDS: Final = ("minItems", "maxItems")
STRING_KEYWORDS: Final = ("pattern", "format")

# The seed keeps minLength/maxLength, but OpenAI refused them under strict as late as 2025-12
# (openai-rules.md 1.4) and the current guide lists neither. One refused keyword fails the
# whole request, while dropping a length bound only widens what the model may send (the
# server still validates), so they are dropped. README "Decisions" records this deviation.
DROPPED_DESPITE_SEED: Final = frozenset({"minLength", "maxLength"})

# openai-rules.md 1.2: the nine formats strict mode accepts.
FORMATS: Final = frozenset(
    {"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}
)

# openai-rules.md 1.6 and the seed's "Limits".
MAX_PROPERTIES: Final = 5000
MAX_OBJECT_DEPTH: Final = 10
MAX_CHARS: Final = 120_000
MAX_ENUM_VALUES: Final = 1000
LARGE_ENUM: Final = 250
MAX_LARGE_ENUM_CHARS: Final = 15_000
# DESIGN.md: null paths expand through shared $refs; past this the tool is unsupported.
MAX_NULL_PATHS: Final = 10_000
# ...and their total length in segments: a chain of definitions can keep the count low while
# making each path long (N definitions deep: N paths, N**2/2 segments).
MAX_NULL_PATH_SEGMENTS: Final = 100_000
# The limit names an Unsupported error may carry as its keyword (errors.Unsupported).
LIMITS: Final = frozenset(
    {
        "max_properties",
        "max_depth",
        "max_chars",
        "max_enum_values",
        "max_enum_chars",
        "max_null_paths",
    }
)
# Not an OpenAI rule: a bound on schema nesting of any kind (arrays of arrays, anyOf in anyOf)
# so that hostile input can never exhaust the stack. Object nesting is capped at 10 anyway.
MAX_NODE_DEPTH: Final = 64
