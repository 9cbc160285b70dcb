"""``contextlamp hook CLIENT EVENT``: the lifecycle hooks' command (issue #15.2), and its detached worker.

Thin: the hooks' runtime is ``contextlamp.hooks``; the settings, the service and the command's body are in
``cli/hook_entry.py`` (no click: the console script runs a plain hook line there directly, ``cli/main.py``). It
always exits 0.
"""

from __future__ import annotations

import os
import sys

import click

from contextlamp.cli.hook_entry import DEFAULT_CAPTURE as DEFAULT_CAPTURE
from contextlamp.cli.hook_entry import DEFAULT_HOOK_CONTEXT_TOKENS as DEFAULT_HOOK_CONTEXT_TOKENS
from contextlamp.cli.hook_entry import DEFAULT_HOOK_TIMEOUT_S as DEFAULT_HOOK_TIMEOUT_S
from contextlamp.cli.hook_entry import MAX_HOOK_CONTEXT_TOKENS as MAX_HOOK_CONTEXT_TOKENS
from contextlamp.cli.hook_entry import open_service as open_service
from contextlamp.cli.hook_entry import quick_config, run_hook_command


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
    run_hook_command(client, event, payload, home, user)


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
