"""What `fetch` and `build` should do, from their command-line arguments and the config files.

Three sources of servers, in this order of precedence:
1. the command line alone (`fetch NAME --out FILE -- COMMAND...` / `--url URL`;
   `build --server NAME=SNAPSHOT ... --out FILE`);
2. an `mcpServers` file (`--mcp-config FILE`; snapshots in `--snapshots DIR/<name>.json`);
3. the `[tool.mcp2openai]` table of the nearest pyproject.toml (or `--config FILE`).
Any mistake is a `UsageError` (or a `ConfigError` naming file and key): exit 2, one line.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, replace
from pathlib import Path

from .config import (
    OLD_DEFAULT_SNAPSHOTS,
    TABLE,
    ConfigError,
    ProjectConfig,
    ServerConfig,
    default_snapshots,
    find_pyproject,
    load_mcp_servers,
    load_project,
    old_default_note,
    select,
)
from .flags import UsageError, name_values, split, with_options
from .naming import SERVER_NAME, SERVER_NAME_RULE
from .options import ServerSpec, StrictMode
from .paths import module_file_problem, shown
from .servers import DEFAULT_TIMEOUT, Http, Stdio, Transport
from .strict import Target
from .toolsets import Toolset, pick


@dataclass(frozen=True, slots=True, kw_only=True)
class FetchArgs:
    names: tuple[str, ...] = ()
    command: tuple[str, ...] = ()  # the words after `--`
    out: Path | None = None
    url: str | None = None
    headers: tuple[str, ...] = ()  # "KEY:VALUE"
    env: tuple[str, ...] = ()  # "KEY=VALUE"
    timeout: float | None = None
    config: Path | None = None
    mcp_config: Path | None = None
    snapshots: Path | None = None


@dataclass(frozen=True, slots=True)
class FetchTarget:
    name: str
    transport: Transport
    snapshot: Path
    origin: str = ""  # "FILE: KEY" of a configured server; "" on the command line
    # ${VAR} are filled in config files only: the shell already did it on the command line
    expand: bool = True
    timeout: float | None = None  # None: the plan's


@dataclass(frozen=True, slots=True)
class FetchPlan:
    targets: tuple[FetchTarget, ...]
    timeout: float
    skipped: tuple[str, ...] = ()  # configured servers with only a snapshot
    notes: tuple[str, ...] = ()  # for stderr: the old default snapshot folder in use
    warnings: tuple[str, ...] = ()  # for stderr, even with -q: mistyped keys of server entries


def plan_fetch(args: FetchArgs, cwd: Path) -> FetchPlan:
    if args.command or args.url is not None:
        return FetchPlan((_explicit_target(args),), args.timeout or DEFAULT_TIMEOUT)
    if args.env or args.headers:
        raise UsageError("--env goes with a command after --, --header with --url")
    if args.mcp_config is not None:
        if args.config is not None:
            raise UsageError("give --config or --mcp-config, not both")
        snapshots, notes = _mcp_config_snapshots(args.snapshots)
        chosen = load_mcp_servers(args.mcp_config, snapshots, args.names)
        timeout = args.timeout or DEFAULT_TIMEOUT
        skipped: tuple[str, ...] = ()
        origin = str(args.mcp_config)
    else:
        if args.snapshots is not None:
            raise UsageError("--snapshots goes with --mcp-config (pyproject.toml sets snapshot)")
        project = _project(args.config, cwd, "fetch", args.names)
        chosen = select(project.servers, args.names, str(project.file))
        for server in chosen:
            if server.transport is None and args.names:
                raise ConfigError(str(project.file), server.key, 'has no "command" or "url"')
        skipped = tuple(server.name for server in chosen if server.transport is None)
        chosen = tuple(server for server in chosen if server.transport is not None)
        timeout = args.timeout or project.timeout or DEFAULT_TIMEOUT
        origin = str(project.file)
        notes = _old_default_notes(project, chosen, cwd)
    targets = []
    for server in chosen:
        assert server.transport is not None
        where = f"{server.file or origin}: {server.key}"
        # --timeout beats everything; then the server's own timeout, then the table's
        timeout_of = None if args.timeout is not None else server.timeout
        targets.append(
            FetchTarget(server.name, server.transport, server.snapshot, where, timeout=timeout_of)
        )
    if args.out is not None:
        if len(targets) != 1:
            raise UsageError("--out needs exactly one server (name it)")
        targets = [dataclasses.replace(targets[0], snapshot=args.out)]
        notes = ()  # the snapshot is the one named
    return FetchPlan(tuple(targets), timeout, skipped, notes, _warnings(chosen, origin))


def _explicit_target(args: FetchArgs) -> FetchTarget:
    if len(args.names) != 1:
        raise UsageError("give one NAME before -- COMMAND or --url")
    name = args.names[0]
    _check_name(name)
    if args.out is None:
        raise UsageError("--out SNAPSHOT.json is needed with a command or --url")
    if args.config is not None or args.mcp_config is not None or args.snapshots is not None:
        raise UsageError("--config, --mcp-config and --snapshots do not go with a command or --url")
    transport: Transport
    if args.url is not None:
        if args.command:
            raise UsageError("give a command after -- or --url, not both")
        if args.env:
            raise UsageError("--env goes with a command after --, not with --url")
        if not args.url.lower().startswith(("http://", "https://")):
            raise UsageError(f"--url {args.url!r} is not an http(s) URL")
        transport = Http(args.url, dict(split(args.headers, ":", "--header", "KEY:VALUE")))
    else:
        if args.headers:
            raise UsageError("--header goes with --url, not with a command")
        env = dict(split(args.env, "=", "--env", "KEY=VALUE"))
        transport = Stdio(args.command[0], tuple(args.command[1:]), env)
    return FetchTarget(name, transport, args.out, expand=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class BuildArgs:
    servers: tuple[str, ...] = ()  # "NAME=SNAPSHOT"
    out: Path | None = None
    mode: StrictMode | None = None
    prefixes: tuple[str, ...] = ()
    includes: tuple[str, ...] = ()
    excludes: tuple[str, ...] = ()
    read_only: tuple[str, ...] = ()  # "NAME=GLOB"
    destructive: tuple[str, ...] = ()
    approve: tuple[str, ...] = ()  # "NAME=GLOB=always|never"
    config: Path | None = None
    mcp_config: Path | None = None
    snapshots: Path | None = None
    rewrites: bool | None = None
    target: Target | None = None
    toolsets: tuple[str, ...] = ()  # --toolset NAME: some of the config's toolsets


@dataclass(frozen=True, slots=True, kw_only=True)
class BuildPlan:
    servers: tuple[ServerSpec, ...]
    out: Path
    mode: StrictMode
    rewrites: bool = True
    target: Target = "openai"
    notes: tuple[str, ...] = ()  # for stderr: the old default snapshot folder in use
    warnings: tuple[str, ...] = ()  # for stderr, even with -q: mistyped keys of server entries
    toolset: str = ""  # the config's toolset it builds, if any


def plan_build(args: BuildArgs, cwd: Path) -> BuildPlan:
    """The plan of the one module to build (`plan_builds`: a config with several toolsets)."""
    plans = plan_builds(args, cwd)
    if len(plans) != 1:
        raise UsageError(f"{len(plans)} toolsets to build: pick one with --toolset NAME")
    return plans[0]


def plan_builds(args: BuildArgs, cwd: Path) -> tuple[BuildPlan, ...]:
    """One plan per module to build: the command line's module, the config's `out`, or each
    toolset of the config (those `--toolset` names, in the config's order)."""
    if args.servers or args.mcp_config is not None:
        if args.toolsets:
            raise UsageError("--toolset goes with [tool.mcp2openai.toolsets] in pyproject.toml")
        if args.servers and args.mcp_config is not None:
            raise UsageError("give --server or --mcp-config, not both")
        if args.config is not None:
            raise UsageError("--config does not go with --server or --mcp-config")
        if args.out is None:
            raise UsageError("--out is needed with --server or --mcp-config")
        _check_out(args.out)
        notes: tuple[str, ...] = ()
        warned: tuple[str, ...] = ()
        if args.servers:
            if args.snapshots is not None:
                raise UsageError("--snapshots goes with --mcp-config")
            named = [
                ServerSpec(name, Path(path)) for name, path in name_values(args.servers, "--server")
            ]
            for spec in named:
                fetch = f"{spec.name} --out {shown(spec.snapshot)} -- COMMAND [ARGS...]"
                _check_snapshot(spec.name, spec.snapshot, fetch)
        else:
            assert args.mcp_config is not None
            snapshots, notes = _mcp_config_snapshots(args.snapshots)
            loaded = load_mcp_servers(args.mcp_config, snapshots)
            named = [server.spec for server in loaded]
            warned = _warnings(loaded, str(args.mcp_config))
            where = f"--mcp-config {shown(args.mcp_config)}"
            if args.snapshots is not None:
                where += f" --snapshots {shown(args.snapshots)}"
            for spec in named:
                _check_snapshot(spec.name, spec.snapshot, f"{where} {spec.name}")
        plan = BuildPlan(
            servers=with_options(named, args),
            out=args.out,
            mode=args.mode or StrictMode.AUTO,
            rewrites=True if args.rewrites is None else args.rewrites,
            target=args.target or "openai",
            notes=notes,
            warnings=warned,
        )
        return (plan,)
    if (
        args.prefixes
        or args.includes
        or args.excludes
        or (args.read_only or args.destructive or args.approve)
    ):
        raise UsageError(
            "--prefix/--include/--exclude/--read-only/--destructive/--approve go with --server"
            " or --mcp-config; in pyproject.toml set them per server"
        )
    if args.snapshots is not None:
        raise UsageError("--snapshots goes with --mcp-config")
    project = _project(args.config, cwd, "build")
    file = str(project.file)
    if not project.toolsets:
        if args.toolsets:
            raise ConfigError(file, f"{TABLE}.toolsets", "not set: --toolset picks one of them")
        if args.out is not None:
            _check_out(args.out)
        elif project.out is None:
            raise ConfigError(file, f"{TABLE}.out", "not set (or give --out)")
        out = args.out or project.out
        assert out is not None
        return (_config_plan(args, cwd, project, project.servers, out, f"{TABLE}.out"),)
    if args.out is not None:
        raise UsageError(f"--out does not go with toolsets: each has its out in {file}")
    by_name = {server.name: server for server in project.servers}
    return tuple(
        _config_plan(
            args,
            cwd,
            project,
            tuple(by_name[name] for name in toolset.servers),
            toolset.out,
            f"{toolset.key}.out",
            toolset,
        )
        for toolset in pick(project.toolsets, args.toolsets, file)
    )


def _config_plan(
    args: BuildArgs,
    cwd: Path,
    project: ProjectConfig,
    servers: tuple[ServerConfig, ...],
    out: Path,
    key: str,
    toolset: Toolset | None = None,
) -> BuildPlan:
    """The plan of one module of the project config: `out` (from `key` unless --out), its
    servers, and the build options (the command line's, the toolset's, then the table's)."""
    problem = module_file_problem(out)
    if problem is not None and args.out is None:
        raise ConfigError(str(project.file), key, problem)
    config = f" --config {shown(args.config)}" if args.config is not None else ""
    for server in servers:
        if server.transport is None and not server.snapshot.exists():
            raise UsageError(
                f"{shown(server.snapshot, cwd)}: the snapshot of server {server.name} does not"
                f" exist, and {shown(project.file, cwd)} gives no command or url to fetch it from"
            )
        _check_snapshot(server.name, server.snapshot, f"{server.name}{config}", cwd)
    own = toolset or Toolset("", out, (), key)
    chosen = next(
        (r for r in (args.rewrites, own.rewrites, project.rewrites) if r is not None), None
    )
    return BuildPlan(
        servers=tuple(server.spec for server in servers),
        out=out,
        mode=args.mode or own.strict or project.strict or StrictMode.AUTO,
        rewrites=True if chosen is None else chosen,
        target=args.target or own.target or project.target or "openai",
        notes=_old_default_notes(project, servers, cwd),
        warnings=_warnings(servers, str(project.file)),
        toolset=own.name,
    )


def _warnings(servers: tuple[ServerConfig, ...], origin: str) -> tuple[str, ...]:
    """The servers' warnings, each after the file it is about (`origin` unless the server's)."""
    return tuple(
        f"{server.file or origin}: {line}" for server in servers for line in server.warnings
    )


def _mcp_config_snapshots(snapshots: Path | None) -> tuple[Path, tuple[str, ...]]:
    """The snapshot folder of `--mcp-config` (`--snapshots`, else the default in the current
    directory), and the note to print when it is the old default."""
    if snapshots is not None:
        return snapshots, ()
    folder, old = default_snapshots(Path())
    if not old:
        return folder, ()
    return folder, (old_default_note(shown(folder), f"pass --snapshots {shown(folder)}"),)


def _old_default_notes(
    project: ProjectConfig, servers: tuple[ServerConfig, ...], cwd: Path
) -> tuple[str, ...]:
    """The note to print when the project's snapshots are in the old default folder: only
    when one of `servers` has its snapshot there by default (not by its own `snapshot`)."""
    folder = project.old_snapshots
    if folder is None or not any(server.name in project.by_default for server in servers):
        return ()
    setting = f'set snapshots = "{OLD_DEFAULT_SNAPSHOTS}" in [tool.mcp2openai]'
    return (old_default_note(shown(folder, cwd), setting),)


def _check_out(out: Path) -> None:
    problem = module_file_problem(out)
    if problem is not None:
        raise UsageError(f"--out {shown(out)}: {problem}")


def _check_snapshot(name: str, snapshot: Path, fetch: str, cwd: Path | None = None) -> None:
    """A missing snapshot: say which, and the command that makes it (`fetch` the arguments)."""
    if not snapshot.exists():
        raise UsageError(
            f"{shown(snapshot, cwd)}: the snapshot of server {name} does not exist:"
            f" run `mcp2openai fetch {fetch}` to create it"
        )


def _project(
    config: Path | None, cwd: Path, command: str, names: tuple[str, ...] = ()
) -> ProjectConfig:
    path = config if config is not None else find_pyproject(cwd)
    if path is None:
        usage = (
            "`mcp2openai fetch NAME --out FILE -- COMMAND` (or `--url URL`)"
            if command == "fetch"
            else "`mcp2openai build --server NAME=SNAPSHOT --out FILE`"
        )
        raise UsageError(
            f"no pyproject.toml here or above with [tool.mcp2openai]: use {usage},"
            " --mcp-config FILE or --config FILE"
        )
    if config is not None:
        return load_project(path, names)
    # The file was found, not typed: messages name it, and the files it names, relative to
    # the current directory when below it, as the config writes them (docs/design.md,
    # "Decisions where the spec was silent": paths in messages). Only the names change: the
    # files are read by their absolute paths.
    try:
        project = load_project(path, names)
    except ConfigError as error:
        if not error.file:
            raise
        raise ConfigError(shown(Path(error.file), cwd), error.key, error.reason) from None
    servers = tuple(
        replace(server, file=shown(Path(server.file), cwd)) if server.file else server
        for server in project.servers
    )
    return replace(project, file=Path(shown(path, cwd)), servers=servers)


def _check_name(name: str) -> None:
    if not SERVER_NAME.fullmatch(name):
        raise UsageError(f"server name {name!r} must match {SERVER_NAME_RULE}")


__all__ = [
    "BuildArgs",
    "BuildPlan",
    "ConfigError",
    "FetchArgs",
    "FetchPlan",
    "FetchTarget",
    "ServerConfig",
    "UsageError",
    "plan_build",
    "plan_builds",
    "plan_fetch",
]
