"""``contextlamp ui``: the web dashboard on this machine: the HTTP server on loopback only, for the local user,
signed in by a one-time link printed on stdout (docs/dashboard.md "contextlamp ui").

``--open`` never puts the link on a command line (``ps`` shows every process's arguments to every local user):
the browser is handed a local file, readable by this user only, whose form posts the link's secret to the
server; and it is opened once the server listens, not before.
"""

from __future__ import annotations

import html
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import click

from contextlamp.cli.common import json_option, load_settings

if TYPE_CHECKING:
    from contextlamp.app.compose import App

LOOPBACK = "127.0.0.1"
OPENER_NAME = "contextlamp-sign-in.html"


def write_opener(folder: Path, action: str, secret: str) -> Path:
    """A page that posts ``secret`` to ``action`` as soon as the browser opens it (a form the page submits; a
    button when scripts are off), in ``folder`` (made by ``tempfile.mkdtemp``: mode 0700), mode 0600: its
    path, not the secret, is what the browser's command line shows."""
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<title>contextlamp: signing in</title></head>
<body><form method="post" action="{html.escape(action)}">
<input type="hidden" name="token" value="{html.escape(secret)}">
<p>Signing you in to your contextlamp dashboard&hellip; <button type="submit">Continue</button></p>
</form><script>document.forms[0].submit();</script></body></html>
"""
    path = folder / OPENER_NAME
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        out.write(page)
    return path


@click.command("ui")
@click.option("--port", default=0, type=click.IntRange(0, 65535), help="Loopback port (default: any free port).")
@click.option("--open", "open_browser", is_flag=True, help="Also sign in in this machine's web browser.")
@json_option
def ui_command(port: int, open_browser: bool, as_json: bool) -> None:
    """Open your memory in a browser: starts the dashboard on 127.0.0.1 for the local user ($CONTEXTLAMP_USER)
    and prints a sign-in link that works once, within five minutes (with --json: one JSON line). With --open,
    the browser is signed in with a second such link through a file only you can read (never on a command
    line). Nothing listens beyond this machine, and nothing is sent anywhere. Ctrl-C stops it.

    Example: contextlamp ui --open
    """
    from contextlamp.app.compose import configure_logging
    from contextlamp.app.oauth import SIGNIN_LINK_TTL_MS
    from contextlamp.cli.serve import run_http
    from contextlamp.web.pages import LINK_PATH

    settings = load_settings()
    # loopback only, whatever the environment says about a public URL; the dashboard on
    local = settings.model_copy(update={"public_url": None, "dashboard": True})
    configure_logging(settings.log_level)
    opener: list[Path] = []

    def announce(wired: App, base: str) -> str:
        wired.service.principal(settings.user)  # the local user, registered on first sight as the CLI does
        user = wired.accounts.user(settings.user)
        link = f"{base}{LINK_PATH}?token={wired.oauth.issue_signin_link(user)}"
        if open_browser:  # the browser's own link: in a private file, opened once the server listens
            folder = Path(tempfile.mkdtemp(prefix="contextlamp-ui-"))
            opener.append(write_opener(folder, f"{base}{LINK_PATH}", wired.oauth.issue_signin_link(user)))
        minutes = SIGNIN_LINK_TTL_MS // 60_000
        if as_json:  # one line: {"user", "url", "expires_in_s"}
            return json.dumps({"user": user.name, "url": link, "expires_in_s": SIGNIN_LINK_TTL_MS // 1000})
        return f"Dashboard for {user.name}: open this link (it signs you in once, within {minutes} minutes):\n{link}"

    def listening() -> None:
        if opener:  # in a thread: a browser command may run until the browser closes, the server must go on
            import threading
            import webbrowser

            threading.Thread(target=webbrowser.open, args=(opener[0].as_uri(),), daemon=True).start()

    try:
        run_http(local, LOOPBACK, port, announce, listening)
    finally:
        for path in opener:
            shutil.rmtree(path.parent, ignore_errors=True)
