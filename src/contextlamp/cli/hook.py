"""``contextlamp hook CLIENT EVENT``: the lifecycle hooks' command (issue #15.2), and its detached worker.

Thin: the hooks' runtime is ``contextlamp.hooks``; this module reads the settings (the only place the hooks
get them: the quick ones as ``--version`` does, without pydantic, for the events that only start a save; the
whole ``Settings`` for a session start, which opens the memory) and builds the service. It always exits 0.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from contextlamp.cli.common import setting_from_env

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


def _open_service(client: str) -> tuple[MemoryService, Caller, int]:
    """The service over the settings, a caller whose surface is the client, and the context budget."""
    from contextlamp.app.compose import create_app
    from contextlamp.app.service import Caller
    from contextlamp.cli.common import load_settings

    settings = load_settings()
    service = create_app(settings).service
    return service, Caller(principal=service.principal(settings.user), surface=client), settings.hook_context_tokens


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("client", required=False, default="")
@click.argument("event", required=False, default="")
@click.argument("payload", required=False)
@click.option("--home", "home", default=None, help="The data directory (connect writes it; else CONTEXTLAMP_HOME).")
@click.option("--user", "user", default=None, help="The local user (connect writes it; else CONTEXTLAMP_USER).")
def hook(client: str, event: str, payload: str | None, home: str | None, user: str | None) -> None:
    """Run a client's lifecycle hook (installed by contextlamp connect): CLIENT is claude-code, cursor,
    gemini-cli or codex; EVENT is session-start (prints the context to add), pre-compact or session-end
    (saves the session's transcript in the background), stop (the end of an agent turn: may ask the agent
    once for a save_session digest, docs/hooks.md), or notify (an earlier install's Codex notify program:
    PAYLOAD is its JSON argument). Reads the client's JSON on standard input; always exits 0; errors go to
    <data dir>/logs/hooks.log.

    Example: echo '{"session_id": "s1", "cwd": "."}' | contextlamp hook claude-code session-start
    """
    from contextlamp.hooks.runtime import run_hook

    # connect names the store on the command line, since clients run hooks in their own environment; the
    # detached save worker inherits these (and Settings reads them), so every step uses that store
    for name, value in (("CONTEXTLAMP_HOME", home), ("CONTEXTLAMP_USER", user)):
        if value:
            os.environ[name] = value
    config = quick_config(dict(os.environ))
    try:
        cwd = Path.cwd()
    except OSError:
        cwd = Path("/")
    out = run_hook(client, event, payload, config, _open_service, sys.stdin, cwd)
    try:
        if out:
            sys.stdout.write(out + "\n")
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
    os._exit(0)  # a thread past its deadline (a locked store) must not hold the client's hook open


def worker_main() -> None:
    """The detached save (``hooks/saver.spawn`` runs it): the job is ``sys.argv[1]``; a late session start's
    job (``LATE_START``) records the repository's project instead. Logs to the hooks' log and exits 0 whatever
    happens."""
    from contextlamp.hooks.log import hook_logger
    from contextlamp.hooks.saver import LATE_START, SaveJob, capture_slot, record_project, save_transcript

    config = quick_config(dict(os.environ))
    log = hook_logger(config.home, config.log_level, root=True)
    try:
        job = SaveJob.from_json(sys.argv[1])
    except (IndexError, ValueError, KeyError, TypeError):
        log.error("the save worker was started without a valid job")
        os._exit(0)
    try:
        with capture_slot(config.home):  # one save at a time per data directory, taken before the heavy imports
            from contextlamp.app.compose import create_app
            from contextlamp.app.service import Caller
            from contextlamp.cli.common import finish_indexing, load_settings

            settings = load_settings()
            service = create_app(settings).service
            caller = Caller(principal=service.principal(settings.user), surface=job.client)
            if job.event == LATE_START:  # a session start past its deadline: its project, nothing to save
                record_project(service, caller, job, log)
            else:
                save_transcript(service, caller, job, settings.home, settings.max_transcript_bytes, log)
            finish_indexing(service)  # the worker exits with os._exit: finish the indexing its save left behind
    except BaseException as exc:  # the worker's whole point is to never surface anything: log the type
        log.error("%s %s %s: save failed: %s", job.client, job.event, job.key, type(exc).__name__)
        log.debug("save failure detail: %r", exc)
    os._exit(0)
