"""The checked values of the project config's keys: a path, a strict mode, an on/off switch, a
target, a timeout. Each returns the value or None when absent, or raises a `ConfigError` naming
the file and the key."""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .entries import ConfigError, string
from .options import StrictMode
from .strict import Target


def path_of(table: Mapping[str, Any], name: str, base: Path, file: str, key: str) -> Path:
    value = string(table[name], file, f"{key}.{name}")
    if not value:
        raise ConfigError(file, f"{key}.{name}", "must not be empty")
    return base / value


def strict_of(value: Any, file: str, key: str) -> StrictMode | None:
    if value is None:
        return None
    if value is True:
        return StrictMode.TRUE
    if value is False:
        return StrictMode.FALSE
    if isinstance(value, str) and value in {mode.value for mode in StrictMode}:
        return StrictMode(value)
    raise ConfigError(file, key, f'must be "auto", "true" or "false", not {value!r}')


def switch_of(value: Any, file: str, key: str) -> bool | None:
    if value is None:
        return None
    if value is True or value == "on":
        return True
    if value is False or value == "off":
        return False
    raise ConfigError(file, key, f'must be "on" or "off", not {value!r}')


def target_of(value: Any, file: str, key: str) -> Target | None:
    if value is None:
        return None
    if value == "openai":
        return "openai"
    if value == "compatible":
        return "compatible"
    raise ConfigError(file, key, f'must be "openai" or "compatible", not {value!r}')


def timeout_of(value: Any, file: str, key: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < math.inf:
        raise ConfigError(file, key, f"must be a positive number of seconds, not {value!r}")
    return float(value)
