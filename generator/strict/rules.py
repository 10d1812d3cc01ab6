"""What OpenAI's strict mode accepts: the keyword sets and limits the converter applies.

Sources: docs/spec.md, "Strict mode"; docs/design.md, "Strict conversion: what the spec leaves
open", and docs/openai-rules.md (sections cited beside each rule).
"""

from __future__ import annotations

from typing import Final

TYPE_NAMES: Final = frozenset({"string", "number", "integer", "boolean", "object", "array", "null"})

# docs/spec.md, "Strict mode": these make a schema unconvertible.
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
# Kept on strings for `--target openai`, as docs/spec.md says. OpenAI refused minLength/maxLength
# under strict in 2024-2025 but accepts and enforces them since: docs/strict-sources.md gives
# the dated evidence. `--target compatible` drops these four (endpoints that refuse them).
STRING_KEYWORDS: Final = ("pattern", "format", "minLength", "maxLength")
LENGTH_KEYWORDS: Final = ("minLength", "maxLength")

# Where the strict schemas go: OpenAI itself, or an OpenAI-compatible endpoint (DeepSeek,
# some Azure deployments, local servers) that refuses length, pattern and format keywords.
TARGETS: Final = ("openai", "compatible")

# docs/openai-rules.md §1.2: the nine formats strict mode accepts.
FORMATS: Final = frozenset(
    {"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}
)

# docs/openai-rules.md §1.6 and docs/spec.md, "Limits".
MAX_PROPERTIES: Final = 5000
MAX_OBJECT_DEPTH: Final = 10
MAX_CHARS: Final = 120_000
MAX_ENUM_VALUES: Final = 1000
LARGE_ENUM: Final = 250
MAX_LARGE_ENUM_CHARS: Final = 15_000
# docs/design.md, "Null paths": they expand through shared $refs; past this the tool is unsupported.
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

# ---- Reversible rewrites (docs/rewrites.md) ------------------------------------------------

# The kinds listed in REPORT.rewrites, one per rewritten place of an original schema.
JSON_STRING: Final = "json_string"  # a free-form value travels as a string holding JSON
ENTRIES: Final = "entries"  # a map travels as a list of {"key", "value"} entries
ONE_OF_AS_ANY_OF: Final = "oneOf_as_anyOf"  # provably disjoint oneOf branches, sent as anyOf
ALL_OF_MERGED: Final = "allOf_merged"  # allOf members merged into one schema
ROOT_WRAPPED: Final = "root_wrapped"  # a root that is not a plain object schema, made one
DYNAMIC_NULLS: Final = "dynamic_nulls"  # nulls removed by walking the schema at run time
REWRITE_KINDS: Final = (
    JSON_STRING,
    ENTRIES,
    ONE_OF_AS_ANY_OF,
    ALL_OF_MERGED,
    ROOT_WRAPPED,
    DYNAMIC_NULLS,
)

# Names the rewrites give to the properties they add. A generated name never equals a
# declared property of the same object: a numeric suffix makes it unique.
ENTRY_KEY: Final = "key"
ENTRY_VALUE: Final = "value"
EXTRA_PROPERTIES: Final = "extra_properties"  # the rest of an object with open properties
WRAPPED_ROOT: Final = "arguments"  # the one property a wrapped root becomes
WRAPPED_JSON: Final = "json"  # a JSON string told apart from a sibling string branch
WRAPPED_ENTRIES: Final = "entries"  # a map's entries told apart from a sibling array branch
