"""``contextlamp hook CLIENT EVENT`` without click (issue #15.2, #27): the settings a hook reads, the service it
opens when it must, and the command's body, which ``cli/hook.py``'s click command and the console script's plain
path (``cli/main.py``) both run.

Reads the settings (the only place the hooks get them: the quick ones as ``--version`` does, without pydantic,
for the events that only start a save; the whole ``Settings`` for a session start, which opens the memory) and
builds the service. Imports nothing heavy at module level: a stop hook runs at the end of every agent turn.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from contextlamp.paths import setting_from_env

if TYPE_CHECKING:
    from contextlamp.app.service import Caller, MemoryService
    from contextlamp.hooks.runtime import HookConfig

# the defaults of the settings read here without pydantic; config.Settings holds the same (tests/test_hooks.py)
DEFAULT_CAPTURE = "on"
# a hook answers its client within this many seconds, even when the store is locked (then without context):
# well inside the 15 s the clients are told to wait (clients/catalog.HOOK_TIMEOUT_S); not a setting (#31.4)
DEFAULT_HOOK_TIMEOUT_S = 5.0
DEFAULT_HOOK_CONTEXT_TOKENS = 1500
MAX_HOOK_CONTEXT_TOKENS = 100_000
_OPTIONS = ("--home", "--user")  # the hook command's options (cli/hook.py); connect writes both


def quick_config(environ: dict[str, str]) -> HookConfig:
    """The hooks' settings read as pydantic-settings reads them (``CONTEXTLAMP_`` + name, case-insensitively),
    without importing it: the data directory, ``capture`` (lower-cased), ``capture_ignore`` and ``log_level``
    (the deadline is ``DEFAULT_HOOK_TIMEOUT_S``); and for a session start that reads
    the stores without the service, ``user``, ``hook_context_tokens`` (None unless a whole number in
    ``Settings``' range: the service then judges it) and whether ``database_url`` is set."""
    from contextlamp.hooks.capture import ignored_paths
    from contextlamp.hooks.runtime import HookConfig
    from contextlamp.paths import data_home, default_user

    home = setting_from_env(environ, "home")
    user = setting_from_env(environ, "user")
    return HookConfig(
        home=data_home(home),
        capture=(setting_from_env(environ, "capture") or DEFAULT_CAPTURE).strip().lower(),
        ignored=ignored_paths(setting_from_env(environ, "capture_ignore")),
        log_level=(setting_from_env(environ, "log_level") or "INFO").upper(),
        timeout_s=DEFAULT_HOOK_TIMEOUT_S,
        user=default_user() if user is None else user,
        context_tokens=_context_tokens(setting_from_env(environ, "hook_context_tokens")),
        database=setting_from_env(environ, "database_url") is not None,
    )


def _context_tokens(text: str | None) -> int | None:
    """``hook_context_tokens`` from its raw value: the default when unset, the number when it is plain digits
    within ``Settings``' range, else None (only ``Settings`` may judge it)."""
    if text is None:
        return DEFAULT_HOOK_CONTEXT_TOKENS
    if text.isascii() and text.isdigit() and int(text) <= MAX_HOOK_CONTEXT_TOKENS:
        return int(text)
    return None


def open_service(client: str) -> tuple[MemoryService, Caller, int]:
    """The service over the settings, a caller whose surface is the client, and the context budget."""
    from contextlamp.app.compose import create_app
    from contextlamp.app.service import Caller
    from contextlamp.cli.common import load_settings

    settings = load_settings()
    service = create_app(settings).service
    return service, Caller(principal=service.principal(settings.user), surface=client), settings.hook_context_tokens


def plain_hook_args(args: list[str]) -> tuple[str, str, str | None, str | None, str | None] | None:
    """``(client, event, payload, home, user)`` of the hook command's arguments after ``hook`` when they are a
    plain line, the one ``connect`` writes: up to three words that do not start with "-" (CLIENT, EVENT, PAYLOAD)
    and ``--home``/``--user`` each at most once, as ``--home DIR`` or ``--home=DIR``, with a value that does not
    start with "-". None for anything else (``--help``, another option, a repeated option, a fourth word, an
    option without its value): click parses that line (``cli/hook.py``), as it always has. For a plain line the
    result is what click gives the command (missing words are ``""``, a missing payload is None)."""
    words: list[str] = []
    options: dict[str, str] = {}
    at = 0
    while at < len(args):
        arg = args[at]
        name, equals, value = arg.partition("=")
        if name in _OPTIONS and name not in options:
            if not equals:
                if at + 1 >= len(args):
                    return None
                at += 1
                value = args[at]
            if value.startswith("-"):
                return None
            options[name] = value
        elif arg.startswith("-") or len(words) == 3:
            return None
        else:
            words.append(arg)
        at += 1
    while len(words) < 2:
        words.append("")
    payload = words[2] if len(words) == 3 else None
    return words[0], words[1], payload, options.get("--home"), options.get("--user")


def run_hook_command(client: str, event: str, payload: str | None, home: str | None, user: str | None) -> NoReturn:
    """Run one hook (``hooks.runtime.run_hook``), print its answer and end the process with status 0: a thread
    past its deadline (a locked store) must not hold the client's hook open. ``home``/``user``: the store
    ``connect`` named on the command line (clients run hooks in their own environment); set in the environment,
    so the detached save worker and ``Settings`` use that store too."""
    from contextlamp.hooks.runtime import run_hook

    for name, value in (("CONTEXTLAMP_HOME", home), ("CONTEXTLAMP_USER", user)):
        if value:
            os.environ[name] = value
    config = quick_config(dict(os.environ))
    try:
        cwd = Path.cwd()
    except OSError:
        cwd = Path("/")
    out = run_hook(client, event, payload, config, open_service, sys.stdin, cwd)
    try:
        if out:
            sys.stdout.write(out + "\n")
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
    os._exit(0)
