"""One ``connect`` or ``connect --remove`` as file changes, and applying them safely.

``plan_connect`` / ``plan_remove`` read the client's files and compute their new text (nothing is written);
``render_diff`` shows a plan as a unified diff (``--dry-run``); ``apply`` backs each changed file up to
``<file>.contextlamp-backup-<UTC timestamp>`` and replaces it atomically (a temporary file in the same folder,
flushed, given the original's permission bits, then ``os.replace``), following a symbolic link to the file it
names so a dotfiles link stays a link. ``status`` says per client whether it is detected, connected and
hooked. A file that does not parse, or whose shape is not what the client documents, raises
``ConnectError`` naming the file (and the line and column) and nothing is written.
"""

from __future__ import annotations

import difflib
import os
import re
import shlex
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar, cast

from contextlamp.clients import codex_trust, jsonc, tomledit
from contextlamp.clients.catalog import (
    CLIENTS,
    HOOK_TIMEOUT_S,
    SERVER_NAME,
    Client,
    HookPlan,
    Places,
    Scope,
    hook_command,
    is_our_hook,
)
from contextlamp.clients.checks import holds_store
from contextlamp.errors import ConfigError

_T = TypeVar("_T")
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # POSIX portable environment variable names


class ConnectError(ConfigError):
    """connect cannot do what was asked; the message names the file or the option and what is allowed."""


@dataclass
class FileChange:
    """One file's text before (None: the file does not exist) and after the plan."""

    path: Path
    before: str | None
    after: str

    @property
    def changed(self) -> bool:
        """True when the file's text would change (or a missing file would be created)."""
        return self.before != self.after and not (self.before is None and self.after == "")


@dataclass
class Plan:
    """The file changes of one connect/remove and the notes to show the user (skipped steps, advice)."""

    changes: list[FileChange] = field(default_factory=lambda: list[FileChange]())
    notes: list[str] = field(default_factory=lambda: list[str]())

    def file(self, path: Path) -> FileChange:
        """The change of ``path``, read from disk the first time it is asked for."""
        for change in self.changes:
            if change.path == path:
                return change
        text = _read(path)
        change = FileChange(path, text, text if text is not None else "")
        self.changes.append(change)
        return change

    @property
    def changed(self) -> list[FileChange]:
        """The changes that alter a file."""
        return [c for c in self.changes if c.changed]


def _read(path: Path) -> str | None:
    try:
        with open(path, encoding="utf-8", newline="") as handle:  # newline="": CRLF files stay CRLF
            return handle.read()
    except FileNotFoundError:
        return None
    except UnicodeDecodeError as exc:
        raise ConnectError(f"{path} is not UTF-8 text ({exc.reason}); nothing was written.") from None
    except OSError as exc:
        raise ConnectError(f"Cannot read {path}: {exc.strerror}; nothing was written.") from None


def _edit(path: Path, edit: Callable[[], _T]) -> _T:
    try:
        return edit()
    except (jsonc.JsoncError, tomledit.TomlError) as exc:
        raise ConnectError(f"{path}: {exc}. Fix the file (or move it away); nothing was written.") from None


def check_http(url: str | None, token_env: str | None) -> None:
    """Validate ``--url``/``--token-env``: both or neither, an http(s) URL, a portable variable name."""
    if url is None and token_env is None:
        return
    if url is None or token_env is None:
        raise ConnectError("Give --url and --token-env together (the server URL and the variable holding the token).")
    if not re.match(r"https?://[^\s/]+", url):
        raise ConnectError(f"--url must be an http:// or https:// URL, got {url!r}.")
    if not _ENV_NAME.fullmatch(token_env):
        raise ConnectError("--token-env must be an environment variable name (letters, digits, _), not the token.")


def _entry(
    target: Client, exe: str, env_block: dict[str, str], url: str | None, token_env: str | None
) -> dict[str, Any]:
    if url is None or token_env is None:
        return target.stdio(exe, env_block)
    if target.http is None:
        raise ConnectError(
            f"{target.name} reads only local (stdio) servers from its configuration file; add a remote server in "
            "its Settings > Connectors, or connect it without --url."
        )
    return target.http(url, token_env)


def _check_scope(target: Client, scope: Scope) -> None:
    if scope not in target.scopes:
        raise ConnectError(f"{target.name} has no {scope} scope; use --scope {' or '.join(target.scopes)}.")


def plan_connect(
    target: Client,
    places: Places,
    scope: Scope,
    exe: str,
    env_block: dict[str, str],
    *,
    url: str | None = None,
    token_env: str | None = None,
    hooks: bool = True,
    digest: bool = True,
) -> Plan:
    """The changes that put our server entry (and, for clients with hooks, our hook entries) in place.

    ``exe`` is the absolute path of the contextlamp executable; ``env_block`` the ``CONTEXTLAMP_*`` settings
    the stdio server gets; ``digest`` adds the end-of-turn hook that asks the agent for its digest at natural
    pauses (``hooks/digest.py``; False takes an earlier one out). Raises ``ConnectError`` for an unparseable
    file, a wrong shape, an unsupported scope or transport."""
    _check_scope(target, scope)
    check_http(url, token_env)
    plan = Plan()
    entry = _entry(target, exe, env_block, url, token_env)
    path = target.config(places, scope)
    change = plan.file(path)
    if target.hooks is not None and hooks and url is not None:
        # Hooks read and capture the local store, which this client no longer uses: none are installed, and
        # ours from an earlier stdio connect are taken out (they would inject and save the wrong memory).
        spec = target.hooks(places, scope)
        hook_change = plan.file(spec.path)
        before = hook_change.after
        _remove_hooks(plan, target, spec)
        plan.notes.append(
            "Hooks removed (an earlier connect installed them): they capture into the local store, and this client "
            "now uses the shared server. Connect without --url to put them back."
            if hook_change.after != before
            else "Hooks not installed: they capture into the local store, and this client now uses the shared server."
        )
    elif target.hooks is not None and hooks:
        _install_hooks(plan, target, target.hooks(places, scope), exe, places.platform, env_block, digest)
    if target.format == "toml":
        change.after = _edit(path, lambda: tomledit.set_table(change.after, (*target.servers_key, SERVER_NAME), entry))
    else:
        change.after = _edit(path, lambda: jsonc.set_member(change.after, target.servers_key, SERVER_NAME, entry))
    return plan


def _group(style: str, command: str, event: str, client_event: str) -> dict[str, Any]:
    if style == "claude":
        return {"hooks": [{"type": "command", "command": command, "timeout": HOOK_TIMEOUT_S}]}
    if style == "codex":  # Codex caps a SessionEnd hook at 3 s (codex_trust.SESSION_END_TIMEOUT_S)
        timeout = codex_trust.normalised_timeout(client_event, HOOK_TIMEOUT_S)
        return {"hooks": [{"type": "command", "command": command, "timeout": timeout}]}
    if style == "gemini":
        hook = {"name": f"contextlamp-{event}", "type": "command", "command": command}
        return {"hooks": [{**hook, "timeout": HOOK_TIMEOUT_S * 1000}]}  # Gemini CLI: milliseconds
    return {"command": command}  # cursor


def _commands(element: Any) -> list[Any]:
    """The hook commands of one event entry (a matcher group of Claude Code / Gemini CLI, or Cursor's entry)."""
    if not isinstance(element, dict):
        return []
    if "hooks" in element and isinstance(element["hooks"], list):
        return [h.get("command") if isinstance(h, dict) else None for h in element["hooks"]]  # pyright: ignore
    return [element.get("command")]  # pyright: ignore[reportUnknownMemberType]


def _ours(client_id: str) -> Callable[[Any], bool]:
    return lambda element: any(is_our_hook(c, client_id) for c in _commands(element))


def _install_hooks(
    plan: Plan, target: Client, hooks: HookPlan, exe: str, platform: str, env_block: dict[str, str], digest: bool
) -> None:
    change = plan.file(hooks.path)
    if not change.after.strip() and target.new_file:
        change.after = target.new_file
    events = hooks.events
    if hooks.pause is not None and digest:
        events = (*events, (hooks.pause, "stop"))
    elif hooks.pause is not None and change.before is not None:  # --no-digest: an earlier stop hook of ours goes
        pause_path = ("hooks", hooks.pause)
        change.after = _edit(hooks.path, lambda: _drop_our_hooks(change.after, pause_path, target.id))
    for event, ours in events:
        command = hook_command(exe, target.id, ours, platform, env_block)
        wanted = _group(hooks.style, command, ours, event)
        path = ("hooks", event)
        present: Any = _edit(hooks.path, lambda path=path: jsonc.get(change.after, path))
        if isinstance(present, list) and wanted in present:
            continue
        stale = isinstance(present, list) and any(_ours(target.id)(e) for e in present)  # pyright: ignore[reportUnknownVariableType]
        if stale:  # ours, but another command line: replace it
            change.after = _edit(hooks.path, lambda path=path: _drop_our_hooks(change.after, path, target.id))
        change.after = _edit(
            hooks.path, lambda path=path, wanted=wanted: jsonc.append_element(change.after, path, wanted)
        )
    if hooks.trust is not None:
        _trust_codex_hooks(plan, target, hooks)


def _trust_codex_hooks(plan: Plan, target: Client, hooks: HookPlan) -> None:
    """Record Codex's trust of our hooks (``codex_trust``) in its config.toml, and take out the ``notify``
    program an earlier connect installed (the Stop/SessionEnd hooks capture instead)."""
    assert hooks.trust is not None
    text = plan.file(hooks.path).after
    config = plan.file(hooks.trust)
    for key, digest in codex_trust.trust_entries(text, hooks.path, lambda c: is_our_hook(c, target.id)).items():
        entry = {"enabled": True, "trusted_hash": digest}
        config.after = _edit(
            hooks.trust, lambda key=key, entry=entry: tomledit.set_table(config.after, ("hooks", "state", key), entry)
        )
    if _is_our_notify(_edit(hooks.trust, lambda: tomledit.get(config.after, ("notify",))), target.id):
        config.after = _edit(hooks.trust, lambda: tomledit.remove_top(config.after, "notify"))


def _untrust_codex_hooks(plan: Plan, target: Client, hooks: HookPlan, text: str) -> None:
    """Take the trust entries of our hooks in ``text`` (the hooks file before removal) out of config.toml."""
    assert hooks.trust is not None
    config = plan.file(hooks.trust)
    if config.before is None:
        return
    for key in codex_trust.trust_entries(text, hooks.path, lambda c: is_our_hook(c, target.id)):
        config.after = _edit(hooks.trust, lambda key=key: tomledit.remove_table(config.after, ("hooks", "state", key)))
    if _is_our_notify(_edit(hooks.trust, lambda: tomledit.get(config.after, ("notify",))), target.id):
        config.after = _edit(hooks.trust, lambda: tomledit.remove_top(config.after, "notify"))


def _is_our_notify(value: Any, client_id: str) -> bool:
    return isinstance(value, list) and value[1:4] == ["hook", client_id, "notify"]


def _drop_our_hooks(text: str, path: tuple[str, ...], client_id: str) -> str:
    ours = _ours(client_id)

    def only_ours(element: Any) -> bool:
        return bool(_commands(element)) and all(is_our_hook(c, client_id) for c in _commands(element))

    text = jsonc.remove_elements(text, path, only_ours)

    def without_ours(element: dict[str, Any]) -> dict[str, Any]:
        kept = [h for h in element["hooks"] if not (isinstance(h, dict) and is_our_hook(h.get("command"), client_id))]  # pyright: ignore
        return {**element, "hooks": kept}

    return jsonc.replace_element(text, path, lambda e: ours(e) and "hooks" in e, without_ours)


def plan_remove(target: Client, places: Places, scope: Scope, *, hooks: bool = True) -> Plan:
    """The changes that take out exactly what connect added: the ``contextlamp`` server entry, and hook
    entries whose command contains `` hook <client> `` (a Codex ``notify`` only when it is ours)."""
    _check_scope(target, scope)
    plan = Plan()
    path = target.config(places, scope)
    change = plan.file(path)
    if change.before is not None:
        if target.format == "toml":
            change.after = _edit(path, lambda: tomledit.remove_table(change.after, (*target.servers_key, SERVER_NAME)))
        else:
            change.after = _edit(path, lambda: jsonc.remove_member(change.after, target.servers_key, SERVER_NAME))
    if target.hooks is None or not hooks:
        return plan
    spec = target.hooks(places, scope)
    _remove_hooks(plan, target, spec)
    return plan


def _remove_hooks(plan: Plan, target: Client, spec: HookPlan) -> None:
    """Take our hook entries (and, for Codex, their trust entries and an old ``notify`` of ours) out."""
    hook_change = plan.file(spec.path)
    if spec.trust is not None:
        _untrust_codex_hooks(plan, target, spec, hook_change.after)
    if hook_change.before is None:
        return
    pause = () if spec.pause is None else ((spec.pause, "stop"),)
    for event, _ours_event in (*spec.events, *pause):
        event_path = ("hooks", event)
        hook_change.after = _edit(
            spec.path, lambda event_path=event_path: _drop_our_hooks(hook_change.after, event_path, target.id)
        )


def render_diff(plan: Plan) -> str:
    """The plan as a unified diff, one section per changed file (``/dev/null`` for a new file)."""
    out: list[str] = []
    for change in plan.changed:
        before = [] if change.before is None else change.before.splitlines(keepends=True)
        after = change.after.splitlines(keepends=True)
        source = "/dev/null" if change.before is None else str(change.path)
        lines = difflib.unified_diff(before, after, source, str(change.path))
        out.extend(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)
    return "".join(out)


def backup_path(path: Path, now: float) -> Path:
    """``<file>.contextlamp-backup-<YYYYmmddTHHMMSSZ>`` (UTC), with ``-2``, ``-3``... when that name is taken."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(now))
    candidate = path.with_name(f"{path.name}.contextlamp-backup-{stamp}")
    count = 2
    while candidate.exists():
        candidate = path.with_name(f"{path.name}.contextlamp-backup-{stamp}-{count}")
        count += 1
    return candidate


def apply(plan: Plan, now: float | None = None) -> list[tuple[Path, Path | None]]:
    """Write every changed file: back it up (when it exists), then replace it atomically keeping its mode
    (a new file gets 0600: client configurations may hold settings of yours). Returns ``(file, backup)``
    pairs. Raises ``ConnectError`` when a file cannot be written (files written before it stay written)."""
    when = time.time() if now is None else now
    done: list[tuple[Path, Path | None]] = []
    for change in plan.changed:
        target = Path(os.path.realpath(change.path)) if change.path.is_symlink() else change.path
        if _read(target) != change.before:  # the client (or you) saved it since it was read: never clobber that
            raise ConnectError(f"{change.path} changed while connecting; nothing was written to it. Run it again.")
        try:
            backup = None
            mode = 0o600
            if change.before is not None:
                backup = backup_path(target, when)
                with open(backup, "w", encoding="utf-8", newline="") as handle:
                    handle.write(change.before)
                mode = target.stat().st_mode & 0o7777
                os.chmod(backup, mode)
            target.parent.mkdir(parents=True, exist_ok=True)
            _atomic_write(target, change.after, mode)
        except OSError as exc:
            raise ConnectError(f"Cannot write {target}: {exc.strerror}.") from None
        done.append((change.path, backup))
    return done


def _atomic_write(path: Path, text: str, mode: int) -> None:
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


@dataclass(frozen=True)
class Status:
    """One client as ``contextlamp connect`` lists it: detected, connected per scope (``stdio``/``http`` or
    None), whether a stdio entry's command still exists, and hooks (``yes``/``partial``/``no``, None when
    the client has none)."""

    id: str
    name: str
    detected: bool
    connected: dict[str, str | None]
    valid: bool | None
    hooks: str | None
    files: dict[str, str]
    empty_homes: list[str] = field(default_factory=lambda: list[str]())  # entries' data directories with no store


def _entry_at(target: Client, path: Path) -> Any:
    text = _read(path)
    if text is None:
        return None
    try:
        if target.format == "toml":
            return tomledit.get(text, (*target.servers_key, SERVER_NAME))
        return jsonc.get(text, (*target.servers_key, SERVER_NAME))
    except (jsonc.JsoncError, tomledit.TomlError):
        return None


def _hooks_state(target: Client, places: Places, scope: Scope, answers: Callable[[str], bool]) -> str | None:
    """``yes``/``partial``/``no`` for our hooks of ``scope``; ``broken`` when a hook's executable is gone or
    does not answer (``answers``), ``untrusted`` when Codex would skip them (their trust entries are missing
    or stale: the hooks file was edited since connect)."""
    if target.hooks is None:
        return None
    spec = target.hooks(places, scope)
    text = _read(spec.path)
    if text is None:
        return "no"
    commands: list[str] = []
    found = 0
    try:
        for event, _ours_event in spec.events:
            present: Any = jsonc.get(text, ("hooks", event))
            elements: list[Any] = cast(list[Any], present) if isinstance(present, list) else []
            ours = [c for e in elements for c in _commands(e) if isinstance(c, str) and is_our_hook(c, target.id)]
            found += bool(ours)
            commands.extend(ours)
    except jsonc.JsoncError:
        return "no"
    if not found:
        return "no"
    if not all(answers(command) for command in dict.fromkeys(commands)):
        return "broken"
    if spec.trust is not None and not _codex_trusted(target, spec, text):
        return "untrusted"
    return "yes" if found == len(spec.events) else "partial"


def _codex_trusted(target: Client, spec: HookPlan, text: str) -> bool:
    assert spec.trust is not None
    wanted = codex_trust.trust_entries(text, spec.path, lambda c: is_our_hook(c, target.id))
    config = _read(spec.trust) or ""
    try:
        return all(tomledit.get(config, ("hooks", "state", key, "trusted_hash")) == h for key, h in wanted.items())
    except tomledit.TomlError:
        return False


HOOK_PROBE_TIMEOUT_S = (
    20  # how long `contextlamp --version` may take on a loaded machine before a hook counts as broken
)


def hook_answers(command: str) -> bool:
    """Whether a hook command line's executable exists, is executable, and answers ``--version`` with exit 0
    within ``HOOK_PROBE_TIMEOUT_S`` (the words are split as a POSIX shell would, ``shlex``)."""
    try:
        words = shlex.split(command)
    except ValueError:
        return False
    if not words or not os.path.isfile(words[0]) or not os.access(words[0], os.X_OK):
        return False
    try:
        done = subprocess.run(
            [words[0], "--version"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=HOOK_PROBE_TIMEOUT_S,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def status(places: Places, answers: Callable[[str], bool] = hook_answers) -> list[Status]:
    """Every known client's state in these places (files are read, never written; a broken file counts as
    not connected). ``answers`` tells whether a hook command still runs (``hook_answers``: its executable
    answers ``--version``), asked once per distinct command line."""
    asked: dict[str, bool] = {}

    def cached(command: str) -> bool:
        if command not in asked:
            asked[command] = answers(command)
        return asked[command]

    rows: list[Status] = []
    for target in CLIENTS:
        connected: dict[str, str | None] = {}
        files: dict[str, str] = {}
        valid: bool | None = None
        hooks: str | None = None
        empty_homes: list[str] = []
        for scope in target.scopes:
            path = target.config(places, scope)
            files[scope] = str(path)
            entry = _entry_at(target, path)
            if not isinstance(entry, dict):
                connected[scope] = None
                continue
            command = entry.get("command")  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
            connected[scope] = "stdio" if command else "http"
            if isinstance(command, str):
                ok = os.path.isfile(command) and os.access(command, os.X_OK)
                valid = ok if valid is None else valid and ok
                env: Any = cast(dict[str, Any], entry).get("env")
                home: Any = cast(dict[str, Any], env).get("CONTEXTLAMP_HOME") if isinstance(env, dict) else None
                if isinstance(home, str) and home and not holds_store(Path(os.path.expanduser(home))):
                    empty_homes.append(home)
            state = _hooks_state(target, places, scope, cached)
            hooks = state if hooks in (None, "no") else hooks
        if hooks is None and target.hooks is not None:
            hooks = "no"
        rows.append(
            Status(target.id, target.name, target.detected(places), connected, valid, hooks, files, empty_homes)
        )
    return rows
