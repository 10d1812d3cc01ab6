"""Whether a tool's input schema is JSON Schema at all (docs/design.md, "Policy").

OpenAI validates every function's `parameters` as a JSON Schema and refuses the whole request
when one is not (docs/openai-rules.md §0): a tool whose schema is not valid JSON Schema would
fail every request it is sent with, in any strict mode, so the build leaves it out and says why.
The judge is the meta-schema of the schema's dialect (its `$schema`: 2020-12, 2019-09, draft-07,
draft-06 or draft-04; any other, or none, is read as 2020-12, the dialect MCP tools default
to), checked by `jsonschema-rs`: offline (it carries the meta-schemas) and fast (about 10 µs
a schema, where the `jsonschema` package takes 10 ms).
"""

from __future__ import annotations

from typing import Any, Final

import jsonschema_rs

from .strict import Unsupported

_DIALECTS: Final = frozenset(
    {
        "https://json-schema.org/draft/2020-12/schema",
        "https://json-schema.org/draft/2019-09/schema",
        "http://json-schema.org/draft-07/schema",
        "http://json-schema.org/draft-06/schema",
        "http://json-schema.org/draft-04/schema",
    }
)
_REASON_LENGTH: Final = 200


def invalid_schema(schema: dict[str, Any]) -> Unsupported | None:
    """Why `schema` is not valid JSON Schema (its place, and the meta-schema's complaint), or
    None when it is."""
    dialect = schema.get("$schema")
    known = isinstance(dialect, str) and dialect.rstrip("#") in _DIALECTS
    # An unknown $schema would make the validator fetch it: read such a schema as 2020-12.
    checked = schema if known else {k: v for k, v in schema.items() if k != "$schema"}
    try:
        jsonschema_rs.meta.validate(checked)
    except jsonschema_rs.ValidationError as error:
        message = " ".join(str(error.message).split())
        if len(message) > _REASON_LENGTH:
            message = message[: _REASON_LENGTH - 3] + "..."
        path = tuple(error.instance_path)
        return Unsupported(path, "schema", f"not valid JSON Schema: {message}")
    return None
