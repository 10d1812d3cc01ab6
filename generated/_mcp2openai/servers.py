"""The servers ``connect()`` opens: the recipes of ``SERVERS`` (or the app's), checked,
with their ``${...}`` variables filled in. ``mcp2openai fetch`` fills the config's recipes
with the same ``expand_text`` (generator/servers.py).
"""

from .clock import positive
from .reading import is_mapping

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any


class ExpansionError(ValueError):
    """A ``${...}`` of a recipe that cannot be filled: ``key`` says where (for example
    ``headers.Authorization``), ``reason`` what is wrong."""

    def __init__(self, key: str, reason: str, where: str = "") -> None:
        super().__init__(f"{where}{key}: {reason}")
        self.key = key
        self.reason = reason


def plan(
    known: "Mapping[str, Mapping[str, object] | None]",
    servers: object,
    env: "Mapping[str, str] | None",
    signed: "Iterable[str]" = (),
) -> "dict[str, dict[str, Any]]":
    """Server -> recipe with its variables filled in, for each server to open, from the
    toolset's recipes ``known``. A server ``signed`` (``connect(auth=...)``) leaves out
    its recipe's ``Authorization`` header, which the auth sets: its variable, kept for
    ``mcp2openai fetch``, need not be set."""
    chosen: list[tuple[str, object]]
    if servers is None:
        chosen = list(known.items())
    elif isinstance(servers, str):
        raise TypeError(
            "servers must be a list of server names or a dict of recipes, not a str"
        )
    elif is_mapping(servers):
        chosen = [(str(name), servers[name]) for name in servers]
        chosen = [(name, known.get(name) if r is None else r) for name, r in chosen]
    else:
        chosen = [(name, known.get(name)) for name in servers]  # type: ignore[attr-defined]
    if env is None:
        import os

        env = os.environ
    plan: dict[str, dict[str, Any]] = {}
    for name, recipe in chosen:
        if name not in known:
            import difflib

            close = difflib.get_close_matches(str(name), list(known), n=3, cutoff=0.5)
            hint = f"; closest: {', '.join(close)}" if close else ""
            listed = ", ".join(map(str, known)) or "none"
            raise ValueError(
                f"no server {name!r} in this toolset{hint} (servers: {listed})"
            )
        if recipe is None:
            raise ValueError(
                f"server {name!r} has no recipe: it was built from a bare snapshot "
                "(mcp2openai build --server NAME=SNAPSHOT); give one, e.g. "
                f'connect(servers={{{name!r}: {{"command": ..., "args": [...]}}}})'
            )
        if name in signed and is_mapping(recipe) and is_mapping(recipe.get("headers")):
            headers = dict(recipe["headers"])  # type: ignore[call-overload]
            kept = {
                k: v for k, v in headers.items() if str(k).lower() != "authorization"
            }
            recipe = {**recipe, "headers": kept}
        plan[name] = expanded(name, recipe, env)
    return plan


def expanded(server: str, recipe: object, env: "Mapping[str, str]") -> "dict[str, Any]":
    """The recipe checked, with every ``${...}`` filled in from ``env``."""
    where = f"server {server!r}: "
    if not is_mapping(recipe):
        raise ValueError(where + f"a recipe is a dict, not {type(recipe).__name__}")
    done: dict[str, Any] = {}
    keys: tuple[str, ...]
    if "url" in recipe and "command" in recipe:
        raise ValueError(where + 'give "command" (stdio) or "url" (HTTP), not both')
    if "url" in recipe:
        keys = ("url", "headers", "timeout")
    elif "command" in recipe:
        keys = ("command", "args", "env", "cwd", "timeout")
    else:
        raise ValueError(where + 'a recipe needs "command" (stdio) or "url" (HTTP)')
    for key, value in recipe.items():
        if key not in keys or type(key) is not str:
            raise ValueError(where + f"{key!r} does not go in this recipe")
        # timeout: seconds to start and initialize (connect()'s default: 30)
        if key == "timeout":
            done[key] = positive(value, where + "timeout")
        elif key in ("url", "command", "cwd"):
            if not isinstance(value, str):
                raise ValueError(where + f"{key} must be a string")
            done[key] = expand_text(value, key, env, where)
        elif key == "args":
            if not (
                isinstance(value, (list, tuple))
                and all(isinstance(a, str) for a in value)
            ):
                raise ValueError(where + "args must be a list of strings")
            done[key] = [
                expand_text(arg, f"args[{i}]", env, where)
                for i, arg in enumerate(value)
            ]
        else:
            if not (
                is_mapping(value) and all(isinstance(v, str) for v in value.values())
            ):
                raise ValueError(where + f"{key} must be a table of strings")
            done[key] = {
                str(k): expand_text(str(v), f"{key}.{k}", env, where)
                for k, v in value.items()
            }
    return done


def expand_text(text: str, key: str, env: "Mapping[str, str]", where: str = "") -> str:
    """``text`` with every ``${VAR}``, ``${VAR:-default}`` and ``${env:VAR}`` filled in
    from ``env``, for the recipe key ``key`` (``where`` starts the error's message). A
    default stands for a variable that is unset or empty; ``${VAR}`` of an empty one is
    empty. ``mcp2openai fetch`` fills the config's recipes with this same function
    (generator/servers.py)."""
    if "${" not in text:
        return text
    import re

    def fill(match: "re.Match[str]") -> str:
        spec = re.fullmatch(
            r"(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?", match[1], re.DOTALL
        )
        if spec is None:
            raise ExpansionError(
                key,
                f"cannot expand {match[0]}: only ${{VAR}}, ${{VAR:-default}} and "
                "${env:VAR} are supported",
                where,
            )
        value = env.get(spec[1])
        if value is None or (value == "" and spec[2] is not None):
            if spec[2] is not None:
                return spec[2]
            reason = f"environment variable {spec[1]} is not set"
            raise ExpansionError(key, reason, where)
        return value

    return re.sub(r"\$\{([^}]*)\}", fill, text)
