"""Independent checker of what OpenAI accepts for function tools.

Written from docs/openai-rules.md (§1.1-§1.7 and §3) and the project's
conservative reading of it, without looking at the converter under ``generator/``; where newer
dated evidence differs (string length bounds), docs/strict-sources.md gives it. The test suite
uses it to audit the converter's output.

Public API:

- :func:`strict_violations` lists every reason OpenAI would refuse a schema as a function's
  ``parameters`` under ``"strict": true``. An empty list means accepted.
- :func:`tool_violations` checks a whole tool definition for the Chat Completions (``"chat"``) or
  Responses (``"responses"``) API.

Every message starts with the path of the offending node, e.g.
``properties.a.items: array schema missing items``; the root of a bare schema is ``<root>``.
"""

from __future__ import annotations

import json
import math
import re
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

__all__ = ["strict_violations", "tool_violations"]

JSON_TYPES: Final = frozenset({"string", "number", "integer", "boolean", "object", "array", "null"})

ALLOWED_KEYWORDS: Final = frozenset(
    {
        "type",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "enum",
        "const",
        "anyOf",
        "$ref",
        "description",
        "title",
        "pattern",
        "format",
        "multipleOf",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "minItems",
        "maxItems",
        # Strings' length bounds: refused under strict until 2025-12, accepted and enforced by
        # 2026-08 (a live probe, pydantic-ai PR #7400); docs/strict-sources.md has the dates.
        "minLength",
        "maxLength",
    }
)

# Keywords refused at the root of `parameters` (docs/openai-rules.md §1.3 item 1).
ROOT_FORBIDDEN: Final = ("anyOf", "oneOf", "allOf", "enum", "not", "const", "$ref")

FORMATS: Final = frozenset(
    {"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}
)

NUMERIC_KEYWORDS: Final = (
    "multipleOf",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
)
ARRAY_COUNT_KEYWORDS: Final = ("minItems", "maxItems")
STRING_LENGTH_KEYWORDS: Final = ("minLength", "maxLength")
OBJECT_KEYWORDS: Final = ("properties", "required", "additionalProperties")

LOOKAROUND_OPENERS: Final = ("(?=", "(?!", "(?<=", "(?<!")

MAX_WALK_DEPTH: Final = 64
MAX_PROPERTIES: Final = 5000
MAX_OBJECT_LEVELS: Final = 10
MAX_TOTAL_STRING_LENGTH: Final = 120_000
MAX_ENUM_VALUES: Final = 1000
LARGE_ENUM_THRESHOLD: Final = 250
LARGE_ENUM_MAX_CHARS: Final = 15_000

TOOL_NAME_RE: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
APIS: Final = ("chat", "responses")

# Keywords whose value is one schema / a map of schemas / a list of schemas, for the layer-1 walk
# (which must find every `pattern` in a non-strict schema, whatever keywords it uses).
_SUBSCHEMA_KEYWORDS: Final = frozenset(
    {
        "items",
        "additionalItems",
        "additionalProperties",
        "unevaluatedItems",
        "unevaluatedProperties",
        "contains",
        "propertyNames",
        "not",
        "if",
        "then",
        "else",
    }
)
_SUBSCHEMA_MAP_KEYWORDS: Final = frozenset(
    {"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}
)
_SUBSCHEMA_LIST_KEYWORDS: Final = frozenset({"anyOf", "allOf", "oneOf", "prefixItems", "items"})

Path = tuple[str, ...]


# --------------------------------------------------------------------------------------------
# Small helpers


def _describe(value: object) -> str:
    """A short, bounded rendering of a value for messages."""
    try:
        text = repr(value)
    except RecursionError:
        return f"<deeply nested {type(value).__name__}>"
    return text if len(text) <= 80 else text[:77] + "..."


def _is_json_scalar(value: object) -> bool:
    if value is None or isinstance(value, (str, bool, int)):
        return True
    return isinstance(value, float) and math.isfinite(value)


def _is_finite_number(value: object) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return isinstance(value, float) and math.isfinite(value)


def _scalar_key(value: object) -> tuple[str, object]:
    """Equality key for JSON scalars: 1 and 1.0 are equal, True and 1 are not."""
    if isinstance(value, bool):
        return ("boolean", value)
    if value is None:
        return ("null", None)
    if isinstance(value, str):
        return ("string", value)
    return ("number", value)


def _fits(value: object, types: frozenset[str]) -> bool:
    """Whether a JSON scalar is an instance of one of `types`."""
    if isinstance(value, bool):
        return "boolean" in types
    if value is None:
        return "null" in types
    if isinstance(value, str):
        return "string" in types
    if isinstance(value, int):
        return "integer" in types or "number" in types
    if isinstance(value, float):
        return "number" in types or ("integer" in types and value.is_integer())
    return False


def _regex_problem(pattern: str) -> str | None:
    """Why Python `re` refuses `pattern`, or None when it compiles."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            re.compile(pattern)
    except re.error as exc:
        return str(exc)
    except (OverflowError, RecursionError, ValueError) as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def _has_lookaround(pattern: str) -> bool:
    """Whether `pattern` opens a lookahead or lookbehind group.

    Escaped characters and character classes are skipped, so ``\\(?=`` and ``[(?=]`` (literal
    parentheses) do not count.
    """
    i = 0
    n = len(pattern)
    while i < n:
        char = pattern[i]
        if char == "\\":
            i += 2
            continue
        if char == "[":
            i += 1
            if i < n and pattern[i] == "^":
                i += 1
            if i < n and pattern[i] == "]":  # a leading ']' is literal
                i += 1
            while i < n and pattern[i] != "]":
                i += 2 if pattern[i] == "\\" else 1
            i += 1
            continue
        if pattern.startswith(LOOKAROUND_OPENERS, i):
            return True
        i += 1
    return False


def _unescape_pointer_token(token: str) -> str | None:
    """Decode a JSON-pointer reference token (``~1`` is ``/``, ``~0`` is ``~``); None if invalid."""
    if re.search(r"~(?![01])", token):
        return None
    return token.replace("~1", "/").replace("~0", "~")


def _parse_type(value: object) -> tuple[frozenset[str], list[str]]:
    """The valid type names in a `type` value, and what is wrong with it."""
    problems: list[str] = []
    if isinstance(value, str):
        if value in JSON_TYPES:
            return frozenset({value}), problems
        return frozenset(), [f"'type' {value!r} is not a valid type"]
    if isinstance(value, list):
        if not value:
            return frozenset(), ["'type' must not be an empty list"]
        names: set[str] = set()
        for item in value:
            if not isinstance(item, str) or item not in JSON_TYPES:
                problems.append(f"'type' list entry {_describe(item)} is not a valid type")
            elif item in names:
                problems.append(f"'type' list names {item!r} more than once")
            else:
                names.add(item)
        return frozenset(names), problems
    return frozenset(), [f"'type' must be a type name or a list of them, got {_describe(value)}"]


# --------------------------------------------------------------------------------------------
# Strict-mode walk


@dataclass
class _StrictWalk:
    prefix: str
    def_names: frozenset[str]
    violations: list[str] = field(default_factory=list)
    property_count: int = 0
    string_length: int = 0
    enum_value_count: int = 0
    deepest_level: int = 0
    deepest_path: Path = ()

    def where(self, path: Path) -> str:
        parts = (self.prefix, *path) if self.prefix else path
        return ".".join(parts) if parts else "<root>"

    def report(self, path: Path, message: str) -> None:
        self.violations.append(f"{self.where(path)}: {message}")

    # ---- root ---------------------------------------------------------------------------

    def check_root(self, schema: object) -> None:
        if not isinstance(schema, dict):
            self.report(
                (), f"schema must be a JSON object with 'type': 'object', got {_describe(schema)}"
            )
            return
        root_type = schema.get("type")
        if root_type != "object" or not isinstance(root_type, str):
            got = "none" if "type" not in schema else _describe(root_type)
            self.report((), f"root schema must have 'type': 'object' (a string), got {got}")
        for keyword in ROOT_FORBIDDEN:
            if keyword in schema:
                self.report((), f"'{keyword}' is not permitted at the root of the schema")
        if "$defs" in schema:
            defs = schema["$defs"]
            if not isinstance(defs, dict):
                self.report(("$defs",), "'$defs' must be an object mapping names to schemas")
            else:
                for name, definition in defs.items():
                    if not isinstance(name, str):
                        self.report(
                            ("$defs",), f"definition name {_describe(name)} is not a string"
                        )
                        continue
                    self.string_length += len(name)
                    self.check_node(definition, ("$defs", name), depth=1, level=1, root=False)
        self.check_node(schema, (), depth=0, level=1, root=True)

    # ---- any node -----------------------------------------------------------------------

    def check_node(self, node: object, path: Path, *, depth: int, level: int, root: bool) -> None:
        """Check one schema node.

        `depth` counts walk steps from the root (or the `$defs` entry) for the 64-level bound.
        `level` is the object-nesting level this node has if it is an object.
        """
        if depth > MAX_WALK_DEPTH:
            self.report(
                path, f"nesting deeper than {MAX_WALK_DEPTH} levels; not checked any further"
            )
            return
        if not isinstance(node, dict):
            self.report(path, f"schema must be a JSON object, got {_describe(node)}")
            return

        types: frozenset[str] = frozenset()
        if "type" in node:
            types, problems = _parse_type(node["type"])
            if not root:  # the root's type has its own message in check_root
                for problem in problems:
                    self.report(path, problem)
        elif not root and "anyOf" not in node and "$ref" not in node:
            self.report(path, "schema must have a 'type' key")

        self.check_keywords(node, path, root)

        is_object = "object" in types
        if is_object and level > self.deepest_level:
            self.deepest_level = level
            self.deepest_path = path
        child_level = level + 1 if is_object else level

        self.check_object_keywords(node, path, is_object, depth, child_level)
        self.check_array_keywords(node, path, "array" in types, depth, child_level)
        self.check_enum_const(node, path, types)
        self.check_type_specific(node, path, types)
        for keyword in ("description", "title"):
            if keyword in node and not isinstance(node[keyword], str):
                self.report(path, f"'{keyword}' must be a string")
        if not root:
            if "anyOf" in node:
                self.check_any_of(node["anyOf"], path, depth, level)
            if "$ref" in node:
                self.check_ref(node, path)

    def check_keywords(self, node: dict[object, object], path: Path, root: bool) -> None:
        for key in node:
            if not isinstance(key, str):
                self.report(path, f"keyword {_describe(key)} is not a string")
            elif key == "$defs":
                if not root:
                    self.report(path, "'$defs' is only permitted at the root of the schema")
            elif key == "definitions":
                self.report(path, "'definitions' is not permitted (use '$defs' at the root)")
            elif root and key in ROOT_FORBIDDEN:
                continue  # reported by check_root
            elif key not in ALLOWED_KEYWORDS:
                self.report(path, f"'{key}' is not permitted")

    def check_object_keywords(
        self, node: dict[object, object], path: Path, is_object: bool, depth: int, child_level: int
    ) -> None:
        if not is_object:
            for keyword in OBJECT_KEYWORDS:
                if keyword in node:
                    self.report(path, f"'{keyword}' is only permitted on object schemas")

        names: list[str] = []
        if "properties" not in node:
            if is_object:
                self.report(path, "object schema missing properties")
        elif not isinstance(node["properties"], dict):
            self.report(path, "'properties' must be an object mapping names to schemas")
        else:
            for name, subschema in node["properties"].items():
                if not isinstance(name, str):
                    self.report(path, f"property name {_describe(name)} is not a string")
                    continue
                names.append(name)
                self.property_count += 1
                self.string_length += len(name)
                self.check_node(
                    subschema,
                    (*path, "properties", name),
                    depth=depth + 1,
                    level=child_level,
                    root=False,
                )

        if not is_object:
            return
        required = node.get("required")
        if not isinstance(required, list):
            self.report(
                path,
                "'required' is required to be supplied and to be an array including every key "
                "in properties",
            )
        else:
            seen: set[str] = set()
            for entry in required:
                if not isinstance(entry, str):
                    self.report(path, f"'required' entry {_describe(entry)} is not a string")
                elif entry in seen:
                    self.report(path, f"'required' lists {entry!r} more than once")
                else:
                    seen.add(entry)
                    if entry not in names:
                        self.report(
                            path,
                            "'required' must be an array that includes every key in "
                            f"properties. Extra required key {entry!r} supplied",
                        )
            for name in names:
                if name not in seen:
                    self.report(
                        path,
                        "'required' is required to be supplied and to be an array including "
                        f"every key in properties. Missing {name!r}",
                    )
        if node.get("additionalProperties") is not False:
            self.report(path, "'additionalProperties' is required to be supplied and to be false")

    def check_array_keywords(
        self, node: dict[object, object], path: Path, is_array: bool, depth: int, child_level: int
    ) -> None:
        if "items" not in node:
            if is_array:
                self.report(path, "array schema missing items")
        else:
            if not is_array:
                self.report(path, "'items' is only permitted on array schemas")
            items = node["items"]
            if isinstance(items, dict):
                self.check_node(
                    items, (*path, "items"), depth=depth + 1, level=child_level, root=False
                )
            else:
                self.report(path, "'items' must be a single schema (a JSON object)")
        for keyword in ARRAY_COUNT_KEYWORDS:
            if keyword not in node:
                continue
            if not is_array:
                self.report(path, f"'{keyword}' is only permitted on array schemas")
            value = node[keyword]
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                self.report(path, f"'{keyword}' must be a non-negative integer")

    def check_enum_const(
        self, node: dict[object, object], path: Path, types: frozenset[str]
    ) -> None:
        if "enum" in node:
            self.check_enum(node["enum"], path, types, "type" in node)
        if "const" in node:
            value = node["const"]
            if "type" not in node:
                self.report(path, "'const' requires a 'type' beside it")
            if not _is_json_scalar(value):
                self.report(path, f"'const' must be a JSON scalar, got {_describe(value)}")
            elif types and not _fits(value, types):
                self.report(
                    path, f"'const' value {_describe(value)} does not match type {sorted(types)}"
                )
            if isinstance(value, str):
                self.string_length += len(value)

    def check_enum(self, values: object, path: Path, types: frozenset[str], has_type: bool) -> None:
        if not has_type:
            self.report(path, "'enum' requires a 'type' beside it")
        if not isinstance(values, list) or not values:
            self.report(path, "'enum' must be a non-empty array")
            return
        self.enum_value_count += len(values)
        seen: set[tuple[str, object]] = set()
        string_chars = 0
        for value in values:
            if not _is_json_scalar(value):
                self.report(path, f"'enum' value {_describe(value)} is not a JSON scalar")
                continue
            if isinstance(value, str):
                string_chars += len(value)
                self.string_length += len(value)
            else:
                self.string_length += len(str(value))
            key = _scalar_key(value)
            if key in seen:
                self.report(path, f"'enum' lists {_describe(value)} more than once")
            seen.add(key)
            if types and not _fits(value, types):
                self.report(
                    path, f"'enum' value {_describe(value)} does not match type {sorted(types)}"
                )
        if len(values) > LARGE_ENUM_THRESHOLD and string_chars > LARGE_ENUM_MAX_CHARS:
            self.report(
                path,
                f"enum of {len(values)} values has {string_chars} characters of string values, "
                f"more than the {LARGE_ENUM_MAX_CHARS} allowed for an enum of more than "
                f"{LARGE_ENUM_THRESHOLD} values",
            )

    def check_type_specific(
        self, node: dict[object, object], path: Path, types: frozenset[str]
    ) -> None:
        is_string = "string" in types
        if "format" in node:
            value = node["format"]
            if not is_string:
                self.report(path, "'format' is only permitted on string schemas")
            if not isinstance(value, str):
                self.report(path, "'format' must be a string")
            elif value not in FORMATS:
                self.report(path, f"{value!r} is not a valid format")
        if "pattern" in node:
            value = node["pattern"]
            if not is_string:
                self.report(path, "'pattern' is only permitted on string schemas")
            if not isinstance(value, str):
                self.report(path, "'pattern' must be a string")
            else:
                problem = _regex_problem(value)
                if problem is not None:
                    self.report(path, f"{_describe(value)} is not a 'regex' ({problem})")
                elif _has_lookaround(value):
                    self.report(path, "regex lookaround is not supported in 'pattern'")
        for keyword in STRING_LENGTH_KEYWORDS:
            if keyword not in node:
                continue
            if not is_string:
                self.report(path, f"'{keyword}' is only permitted on string schemas")
            value = node[keyword]
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                self.report(path, f"'{keyword}' must be a non-negative integer")
        is_numeric = "number" in types or "integer" in types
        for keyword in NUMERIC_KEYWORDS:
            if keyword not in node:
                continue
            value = node[keyword]
            if not is_numeric:
                self.report(path, f"'{keyword}' is only permitted on number and integer schemas")
            if not _is_finite_number(value):
                self.report(path, f"'{keyword}' must be a finite number, got {_describe(value)}")
            elif keyword == "multipleOf" and not (isinstance(value, (int, float)) and value > 0):
                self.report(path, "'multipleOf' must be greater than 0")

    def check_any_of(self, branches: object, path: Path, depth: int, level: int) -> None:
        if not isinstance(branches, list) or not branches:
            self.report(path, "'anyOf' must be a non-empty array of schemas")
            return
        for index, branch in enumerate(branches):
            # anyOf is transparent for object nesting: a branch sits at the holder's level.
            self.check_node(
                branch, (*path, "anyOf", str(index)), depth=depth + 1, level=level, root=False
            )

    def check_ref(self, node: dict[object, object], path: Path) -> None:
        others = sorted(str(key) for key in node if key != "$ref")
        if others:
            listed = ", ".join(repr(key) for key in others)
            self.report(path, f"$ref cannot have keywords {{{listed}}}")
        ref = node["$ref"]
        if not isinstance(ref, str):
            self.report(path, "'$ref' must be a string")
            return
        if ref == "#":
            return
        prefix = "#/$defs/"
        if not ref.startswith(prefix) or "/" in ref[len(prefix) :]:
            self.report(
                path,
                f"$ref {ref!r}: reference can only point to '#' or to definitions defined "
                "at the top level of the schema ('#/$defs/<name>')",
            )
            return
        name = _unescape_pointer_token(ref[len(prefix) :])
        if name is None:
            self.report(path, f"$ref {ref!r} is not a valid JSON pointer")
        elif name not in self.def_names:
            self.report(path, f"$ref {ref!r} points to a definition missing from the root '$defs'")

    # ---- limits -------------------------------------------------------------------------

    def check_limits(self) -> None:
        if self.property_count > MAX_PROPERTIES:
            self.report((), f"{self.property_count} properties exceeds limit of {MAX_PROPERTIES}")
        if self.deepest_level > MAX_OBJECT_LEVELS:
            self.report(
                self.deepest_path,
                f"{self.deepest_level} levels of nesting exceeds limit of {MAX_OBJECT_LEVELS}",
            )
        if self.string_length > MAX_TOTAL_STRING_LENGTH:
            self.report(
                (),
                f"total string length of property names, definition names, enum values and "
                f"const values is {self.string_length}, exceeding limit of "
                f"{MAX_TOTAL_STRING_LENGTH}",
            )
        if self.enum_value_count > MAX_ENUM_VALUES:
            self.report(
                (),
                f"{self.enum_value_count} enum values in total exceeds limit of {MAX_ENUM_VALUES}",
            )


def _def_names(schema: object) -> frozenset[str]:
    if isinstance(schema, dict):
        defs = schema.get("$defs")
        if isinstance(defs, dict):
            return frozenset(name for name in defs if isinstance(name, str))
    return frozenset()


def _strict_violations(schema: object, prefix: str) -> list[str]:
    walk = _StrictWalk(prefix=prefix, def_names=_def_names(schema))
    walk.check_root(schema)
    walk.check_limits()
    return walk.violations


def strict_violations(schema: object) -> list[str]:
    """Every reason OpenAI would refuse `schema` as function `parameters` under strict mode.

    An empty list means the schema is accepted. Each message names the path of the node.
    """
    return _strict_violations(schema, "")


# --------------------------------------------------------------------------------------------
# Layer 1 (checks that apply to any tool schema, strict or not)


def _join(prefix: str, path: Path) -> str:
    return ".".join((prefix, *path)) if prefix else (".".join(path) or "<root>")


def _layer1_violations(schema: dict[object, object], prefix: str) -> list[str]:
    violations: list[str] = []
    root_type = schema.get("type")
    if root_type != "object" or not isinstance(root_type, str):
        got = "none" if "type" not in schema else _describe(root_type)
        violations.append(
            f"{_join(prefix, ())}: root schema must have 'type': 'object' (a string), got {got}"
        )

    def check_regex(value: object, path: Path, what: str) -> None:
        if not isinstance(value, str):
            violations.append(f"{_join(prefix, path)}: {what} must be a string")
            return
        problem = _regex_problem(value)
        if problem is not None:
            violations.append(
                f"{_join(prefix, path)}: {_describe(value)} is not a 'regex' ({problem})"
            )

    def walk(node: object, path: Path, depth: int) -> None:
        if depth > MAX_WALK_DEPTH:
            violations.append(
                f"{_join(prefix, path)}: nesting deeper than {MAX_WALK_DEPTH} levels; "
                "not checked any further"
            )
            return
        if not isinstance(node, dict):
            return
        if "pattern" in node:
            check_regex(node["pattern"], path, "'pattern'")
        for key, value in node.items():
            if not isinstance(key, str):
                continue
            children: Iterable[tuple[str, object]] = ()
            if key in _SUBSCHEMA_MAP_KEYWORDS and isinstance(value, dict):
                children = [(str(name), sub) for name, sub in value.items()]
                if key == "patternProperties":
                    for name in value:
                        check_regex(name, (*path, key), "a 'patternProperties' key")
            elif key in _SUBSCHEMA_LIST_KEYWORDS and isinstance(value, list):
                children = [(str(index), sub) for index, sub in enumerate(value)]
            elif key in _SUBSCHEMA_KEYWORDS and isinstance(value, dict):
                walk(value, (*path, key), depth + 1)
            for name, sub in children:
                walk(sub, (*path, key, name), depth + 1)

    walk(schema, (), 0)
    return violations


# --------------------------------------------------------------------------------------------
# Whole tool definitions


_CHAT_TOP_KEYS: Final = frozenset({"type", "function"})
_FUNCTION_KEYS: Final = frozenset({"name", "description", "parameters", "strict"})
# `output_schema`: Responses only ([sdk] FunctionToolParam; Chat's FunctionDefinition has none)
_RESPONSES_KEYS: Final = frozenset(
    {"type", "name", "description", "parameters", "strict", "output_schema"}
)


def _function_body_violations(body: dict[object, object], base: str) -> list[str]:
    """Checks of name, description, strict and parameters; `base` prefixes every path."""
    violations: list[str] = []
    name = body.get("name")
    if "name" not in body:
        violations.append(f"{base}name: missing")
    elif not isinstance(name, str) or TOOL_NAME_RE.fullmatch(name) is None:
        violations.append(f"{base}name: {_describe(name)} does not match ^[A-Za-z0-9_-]{{1,64}}$")

    if "description" not in body:
        violations.append(f"{base}description: missing")
    elif not isinstance(body["description"], str):
        violations.append(f"{base}description: must be a string")

    strict = body.get("strict")
    if "strict" not in body:
        violations.append(f"{base}strict: missing (send it explicitly)")
    elif not isinstance(strict, bool):
        violations.append(f"{base}strict: must be a boolean, got {_describe(strict)}")

    parameters = body.get("parameters")
    where = f"{base}parameters"
    if "parameters" not in body:
        violations.append(f"{where}: missing")
    elif not isinstance(parameters, dict):
        violations.append(f"{where}: must be a JSON object, got {_describe(parameters)}")
    elif strict is True:
        violations.extend(_strict_violations(parameters, where))
    else:
        violations.extend(_layer1_violations(parameters, where))
    return violations


def tool_violations(tool: object, api: str) -> list[str]:
    """Every reason OpenAI would refuse `tool` as a function tool definition.

    `api` is ``"chat"`` (``{"type": "function", "function": {...}}``) or ``"responses"``
    (``{"type": "function", "name": ..., ...}``). Raises ValueError for any other `api`.
    """
    if api not in APIS:
        raise ValueError(f"api must be one of {APIS}, got {api!r}")
    if not isinstance(tool, dict):
        return [f"<tool>: tool definition must be a JSON object, got {_describe(tool)}"]
    violations: list[str] = []

    if tool.get("type") != "function":
        violations.append(f"type: must be 'function', got {_describe(tool.get('type'))}")

    body: dict[object, object] | None
    if api == "chat":
        unexpected = [key for key in tool if key not in _CHAT_TOP_KEYS]
        function = tool.get("function")
        if isinstance(function, dict):
            body = function
            unexpected += [f"function.{key}" for key in function if key not in _FUNCTION_KEYS]
        else:
            violations.append("function: must be present and a JSON object")
            body = None
        base = "function."
    else:
        unexpected = [key for key in tool if key not in _RESPONSES_KEYS]
        body = tool
        base = ""
        if "output_schema" in tool and not isinstance(tool["output_schema"], dict):
            violations.append(
                f"output_schema: must be a JSON object, got {_describe(tool['output_schema'])}"
            )
    violations.extend(f"{key}: unexpected key in a {api} function tool" for key in unexpected)
    if body is not None:
        violations.extend(_function_body_violations(body, base))

    try:
        json.dumps(tool, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        violations.append(f"<tool>: not JSON-serialisable: {exc}")
    return violations
