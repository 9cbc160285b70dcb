"""The clients ``contextlamp connect`` knows: where each keeps its MCP servers and hooks, in which format, and
the entry it expects for a stdio server and for a remote (Streamable HTTP) one.

Every location and field comes from the client's own documentation, cited per client in docs/clients.md
(the ``docs`` URL of each ``Client``). Paths are computed from a ``Places`` (home, working directory,
environment, platform), never from the process, so tests run in a scratch HOME.
"""

from __future__ import annotations

import os
import shlex
import shutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

SERVER_NAME = "contextlamp"  # the entry's key in every client's server map
HOOK_TIMEOUT_S = 15  # what a client waits for one of our hooks at most (each returns well within 1 s)

Scope = Literal["user", "project"]
Format = Literal["json", "toml"]
HookStyle = Literal["claude", "gemini", "cursor", "codex"]


@dataclass(frozen=True)
class Places:
    """Where to look: the home directory, the working directory, the environment (``APPDATA``,
    ``XDG_CONFIG_HOME``, ``CODEX_HOME``, ``CLAUDE_CONFIG_DIR``, ``PATH``) and ``sys.platform``."""

    home: Path
    cwd: Path
    environ: Mapping[str, str] = field(default_factory=lambda: dict[str, str]())
    platform: str = "linux"

    def appdata(self) -> Path:
        """``%APPDATA%`` (Windows roaming profile), else ``~/AppData/Roaming``."""
        value = self.environ.get("APPDATA")
        return Path(value) if value else self.home / "AppData" / "Roaming"

    def xdg_config(self) -> Path:
        """``$XDG_CONFIG_HOME``, else ``~/.config`` (XDG Base Directory specification)."""
        value = self.environ.get("XDG_CONFIG_HOME")
        return Path(value) if value else self.home / ".config"

    def app_support(self) -> Path:
        """The per-user application data folder: macOS ``~/Library/Application Support``, Windows
        ``%APPDATA%``, elsewhere ``$XDG_CONFIG_HOME``."""
        if self.platform == "darwin":
            return self.home / "Library" / "Application Support"
        if self.platform == "win32":
            return self.appdata()
        return self.xdg_config()

    def project_root(self) -> Path:
        """The repository the working directory is in (the nearest parent holding ``.git``), else the working
        directory itself."""
        for folder in (self.cwd, *self.cwd.parents):
            if (folder / ".git").exists():
                return folder
        return self.cwd

    def which(self, name: str) -> str | None:
        """``shutil.which`` on this environment's ``PATH``."""
        return shutil.which(name, path=self.environ.get("PATH", ""))


@dataclass(frozen=True)
class HookPlan:
    """Where and how a client runs lifecycle hooks: the file, its format, the entry style, and the
    ``(client event, our event)`` pairs connect installs (our events: session-start, pre-compact,
    session-end), and ``pause``: the client's end-of-turn event, where ``stop`` (the agent's digest) goes."""

    path: Path
    style: HookStyle
    events: tuple[tuple[str, str], ...]
    trust: Path | None = None  # Codex: the config.toml that records which hooks the user trusts
    pause: str | None = None  # the client's end-of-turn event, for the agent's digest (hooks/digest.py)


@dataclass(frozen=True)
class Client:
    """One client: its id, display name, documentation URL, file format, the key path of its server map, the
    scopes it has, and how to find its files and build its entries."""

    id: str
    name: str
    docs: str
    format: Format
    servers_key: tuple[str, ...]
    scopes: tuple[Scope, ...]
    config: Callable[[Places, Scope], Path]
    detect: Callable[[Places], list[Path]]
    executables: tuple[str, ...]
    stdio: Callable[[str, dict[str, str]], dict[str, Any]]
    http: Callable[[str, str], dict[str, Any]] | None
    hooks: Callable[[Places, Scope], HookPlan] | None = None
    new_file: str = ""  # the text a new hooks file starts from (Cursor's needs "version": 1)

    def detected(self, places: Places) -> bool:
        """True when one of its configuration folders exists or one of its executables is on PATH."""
        return any(p.exists() for p in self.detect(places)) or any(places.which(e) for e in self.executables)


def hook_argv(exe: str, client: str, event: str, env_block: dict[str, str] | None = None) -> list[str]:
    """The argument vector of one hook: ``<exe> hook <client> <event>``, then ``--home DIR --user NAME`` from
    ``env_block`` (``CONTEXTLAMP_HOME`` / ``CONTEXTLAMP_USER``, the same values the MCP entry's ``env`` block
    holds): clients run hooks in their own environment, not the server entry's, so the hook names its store."""
    argv = [exe, "hook", client, event]
    for option, name in (("--home", "CONTEXTLAMP_HOME"), ("--user", "CONTEXTLAMP_USER")):
        value = (env_block or {}).get(name)
        if value:
            argv += [option, value]
    return argv


def hook_command(exe: str, client: str, event: str, platform: str, env_block: dict[str, str] | None = None) -> str:
    """The shell command line of one hook (``hook_argv``), each word quoted for the shell when it needs it
    (POSIX ``shlex.quote``; Windows double quotes when it holds a space)."""

    def quoted(word: str) -> str:
        if platform == "win32":
            return f'"{word}"' if " " in word else word
        return shlex.quote(word)

    return " ".join(quoted(word) for word in hook_argv(exe, client, event, env_block))


def is_our_hook(command: object, client: str) -> bool:
    """Whether a hook command is one connect wrote for ``client`` (it contains `` hook <client> ``)."""
    return isinstance(command, str) and f" hook {client} " in command + " "


def _stdio_plain(exe: str, env: dict[str, str]) -> dict[str, Any]:
    return {"command": exe, "args": ["serve"], "env": env}


def _stdio_typed(exe: str, env: dict[str, str]) -> dict[str, Any]:
    return {"type": "stdio", "command": exe, "args": ["serve"], "env": env}


def _claude_dir(places: Places) -> Path:
    value = places.environ.get("CLAUDE_CONFIG_DIR")
    return Path(value) if value else places.home / ".claude"


def _claude_code_config(places: Places, scope: Scope) -> Path:
    if scope == "project":
        return places.project_root() / ".mcp.json"
    value = places.environ.get("CLAUDE_CONFIG_DIR")
    return Path(value) / ".claude.json" if value else places.home / ".claude.json"


def _claude_code_hooks(places: Places, scope: Scope) -> HookPlan:
    path = (
        places.project_root() / ".claude" / "settings.json"
        if scope == "project"
        else _claude_dir(places) / "settings.json"
    )
    events = (("SessionStart", "session-start"), ("PreCompact", "pre-compact"), ("SessionEnd", "session-end"))
    return HookPlan(path, "claude", events, pause="Stop")


def _codex_dir(places: Places) -> Path:
    value = places.environ.get("CODEX_HOME")
    return Path(value) if value else places.home / ".codex"


def _codex_config(places: Places, scope: Scope) -> Path:
    return (
        places.project_root() / ".codex" / "config.toml" if scope == "project" else _codex_dir(places) / "config.toml"
    )


def _codex_hooks(places: Places, scope: Scope) -> HookPlan:
    folder = places.project_root() / ".codex" if scope == "project" else _codex_dir(places)
    events = (("SessionStart", "session-start"), ("PreCompact", "pre-compact"), ("SessionEnd", "session-end"))
    return HookPlan(folder / "hooks.json", "codex", events, trust=_codex_config(places, "user"), pause="Stop")


def _cursor_config(places: Places, scope: Scope) -> Path:
    base = places.project_root() if scope == "project" else places.home
    return base / ".cursor" / "mcp.json"


def _cursor_hooks(places: Places, scope: Scope) -> HookPlan:
    base = places.project_root() if scope == "project" else places.home
    events = (("sessionStart", "session-start"), ("preCompact", "pre-compact"), ("sessionEnd", "session-end"))
    return HookPlan(base / ".cursor" / "hooks.json", "cursor", events, pause="stop")


def _gemini_home(places: Places) -> Path:
    value = places.environ.get("GEMINI_CLI_HOME")  # Gemini CLI's configuration reference: moves ~/.gemini
    return Path(value) if value else places.home


def _gemini_config(places: Places, scope: Scope) -> Path:
    base = places.project_root() if scope == "project" else _gemini_home(places)
    return base / ".gemini" / "settings.json"


def _gemini_hooks(places: Places, scope: Scope) -> HookPlan:
    events = (("SessionStart", "session-start"), ("PreCompress", "pre-compact"), ("SessionEnd", "session-end"))
    return HookPlan(_gemini_config(places, scope), "gemini", events, pause="AfterAgent")


def _vscode_user(places: Places) -> Path:
    return places.app_support() / "Code" / "User"


def _vscode_config(places: Places, scope: Scope) -> Path:
    return places.project_root() / ".vscode" / "mcp.json" if scope == "project" else _vscode_user(places) / "mcp.json"


def _desktop_config(places: Places, _scope: Scope) -> Path:
    return places.app_support() / "Claude" / "claude_desktop_config.json"


def _windsurf_config(places: Places, _scope: Scope) -> Path:
    return places.home / ".codeium" / "windsurf" / "mcp_config.json"


def _bearer(reference: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {reference}"}


CLIENTS: tuple[Client, ...] = (
    Client(
        id="claude-code",
        name="Claude Code",
        docs="https://code.claude.com/docs/en/mcp",
        format="json",
        servers_key=("mcpServers",),
        scopes=("user", "project"),
        config=_claude_code_config,
        detect=lambda p: [_claude_dir(p), p.home / ".claude.json"],
        executables=("claude",),
        stdio=_stdio_typed,
        http=lambda url, var: {"type": "http", "url": url, "headers": _bearer("${" + var + "}")},
        hooks=_claude_code_hooks,
    ),
    Client(
        id="claude-desktop",
        name="Claude Desktop",
        docs="https://modelcontextprotocol.io/docs/develop/connect-local-servers",
        format="json",
        servers_key=("mcpServers",),
        scopes=("user",),
        config=_desktop_config,
        detect=lambda p: [_desktop_config(p, "user").parent],
        executables=(),
        stdio=_stdio_plain,
        http=None,  # remote servers are added under Settings > Connectors, not in this file
    ),
    Client(
        id="cursor",
        name="Cursor",
        docs="https://cursor.com/docs/context/mcp",
        format="json",
        servers_key=("mcpServers",),
        scopes=("user", "project"),
        config=_cursor_config,
        detect=lambda p: [p.home / ".cursor"],
        executables=("cursor", "cursor-agent"),
        stdio=_stdio_plain,
        http=lambda url, var: {"url": url, "headers": _bearer("${env:" + var + "}")},
        hooks=_cursor_hooks,
        new_file='{\n  "version": 1\n}\n',
    ),
    Client(
        id="codex",
        name="Codex",
        docs="https://developers.openai.com/codex/config-reference",
        format="toml",
        servers_key=("mcp_servers",),
        scopes=("user", "project"),
        config=_codex_config,
        detect=lambda p: [_codex_dir(p)],
        executables=("codex",),
        stdio=_stdio_plain,
        http=lambda url, var: {"url": url, "bearer_token_env_var": var},
        hooks=_codex_hooks,
    ),
    Client(
        id="vscode",
        name="VS Code (Copilot)",
        docs="https://code.visualstudio.com/docs/copilot/reference/mcp-configuration",
        format="json",
        servers_key=("servers",),
        scopes=("user", "project"),
        config=_vscode_config,
        detect=lambda p: [_vscode_user(p)],
        executables=("code",),
        stdio=_stdio_typed,
        http=lambda url, var: {"type": "http", "url": url, "headers": _bearer("${env:" + var + "}")},
    ),
    Client(
        id="gemini-cli",
        name="Gemini CLI",
        docs="https://geminicli.com/docs/tools/mcp-server/",
        format="json",
        servers_key=("mcpServers",),
        scopes=("user", "project"),
        config=_gemini_config,
        detect=lambda p: [_gemini_home(p) / ".gemini"],
        executables=("gemini",),
        stdio=_stdio_plain,
        http=lambda url, var: {"httpUrl": url, "headers": _bearer("${" + var + "}")},
        hooks=_gemini_hooks,
    ),
    Client(
        id="windsurf",
        name="Windsurf",
        docs="https://docs.windsurf.com/windsurf/cascade/mcp",
        format="json",
        servers_key=("mcpServers",),
        scopes=("user",),
        config=_windsurf_config,
        detect=lambda p: [p.home / ".codeium" / "windsurf"],
        executables=("windsurf",),
        stdio=_stdio_plain,
        http=lambda url, var: {"serverUrl": url, "headers": _bearer("${env:" + var + "}")},
    ),
)
CLIENT_IDS: tuple[str, ...] = tuple(c.id for c in CLIENTS)


def client(client_id: str) -> Client:
    """The client with this id. Raises ``KeyError`` for an unknown id (the CLI offers only known ids)."""
    return next(c for c in CLIENTS if c.id == client_id)


def default_places() -> Places:
    """The places of this process: ``Path.home()`` (``$HOME``; ``%USERPROFILE%`` on Windows), the working
    directory, ``os.environ`` and ``sys.platform``."""
    import sys

    return Places(Path.home(), Path.cwd(), dict(os.environ), sys.platform)
