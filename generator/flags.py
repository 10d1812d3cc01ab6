"""The `NAME=VALUE` options of the command line (`--server`, `--prefix`, `--include`, ...,
`--header`, `--env`): split, checked, and applied to the servers they name. A mistake is a
`UsageError`: exit 2, one line."""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from .errors import GeneratorError
from .options import APPROVE_POLICIES, ServerSpec


class UsageError(GeneratorError):
    """Arguments that do not make sense together."""


class Flags(Protocol):
    """What `with_options` reads of the build's arguments (generator/plan.py, `BuildArgs`)."""

    @property
    def prefixes(self) -> tuple[str, ...]: ...
    @property
    def includes(self) -> tuple[str, ...]: ...
    @property
    def excludes(self) -> tuple[str, ...]: ...
    @property
    def read_only(self) -> tuple[str, ...]: ...
    @property
    def destructive(self) -> tuple[str, ...]: ...
    @property
    def approve(self) -> tuple[str, ...]: ...


def with_options(named: list[ServerSpec], args: Flags) -> tuple[ServerSpec, ...]:
    """The servers with `--prefix`, `--include`, `--exclude`, `--read-only`, `--destructive`
    and `--approve NAME=...` applied."""
    prefix = dict(name_values(args.prefixes, "--prefix", empty=True))
    includes = name_values(args.includes, "--include")
    excludes = name_values(args.excludes, "--exclude")
    read_only = name_values(args.read_only, "--read-only")
    destructive = name_values(args.destructive, "--destructive")
    approve = [
        (name, *_approval(rest, value))
        for value in args.approve
        for name, rest in split((value,), "=", "--approve", "NAME=GLOB=always|never")
    ]
    known = {spec.name for spec in named}
    pairs = includes + excludes + read_only + destructive
    unknown = (set(prefix) | {name for name, _ in pairs} | {a[0] for a in approve}) - known
    if unknown:
        names = ", ".join(sorted(unknown))
        raise UsageError(f"--prefix/--include/--exclude/... name no server: {names}")

    def globs(pairs: list[tuple[str, str]], server: str) -> tuple[str, ...]:
        return tuple(glob for name, glob in pairs if name == server)

    return tuple(
        replace(
            spec,
            prefix=prefix.get(spec.name),
            include=globs(includes, spec.name),
            exclude=globs(excludes, spec.name),
            read_only=globs(read_only, spec.name),
            destructive=globs(destructive, spec.name),
            approve=tuple((glob, policy) for name, glob, policy in approve if name == spec.name),
        )
        for spec in named
    )


def _approval(rest: str, value: str) -> tuple[str, str]:
    """`GLOB=always|never` of an `--approve NAME=GLOB=POLICY`."""
    glob, found, policy = rest.rpartition("=")
    if not found or not glob or policy not in APPROVE_POLICIES:
        raise UsageError(f"--approve: expected NAME=GLOB=always|never, got {value!r}")
    return glob, policy


def name_values(values: tuple[str, ...], option: str, empty: bool = False) -> list[tuple[str, str]]:
    return split(values, "=", option, "NAME=VALUE", empty)


def split(
    values: tuple[str, ...], separator: str, option: str, shape: str, empty: bool = False
) -> list[tuple[str, str]]:
    pairs = []
    for value in values:
        name, found, rest = value.partition(separator)
        name, rest = name.strip(), rest.strip() if separator == ":" else rest
        if not found or not name or (not rest and not empty):
            raise UsageError(f"{option}: expected {shape}, got {value!r}")
        pairs.append((name, rest))
    return pairs
