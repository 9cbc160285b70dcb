"""``contextlamp ui``: the web dashboard on this machine: the HTTP server on loopback only, for the local user,
signed in by a one-time link printed on stdout (docs/dashboard.md "contextlamp ui")."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from contextlamp.cli.common import json_option, load_settings

if TYPE_CHECKING:
    from contextlamp.app.compose import App

LOOPBACK = "127.0.0.1"


@click.command("ui")
@click.option("--port", default=0, type=click.IntRange(0, 65535), help="Loopback port (default: any free port).")
@click.option("--open", "open_browser", is_flag=True, help="Also open the link in this machine's web browser.")
@json_option
def ui_command(port: int, open_browser: bool, as_json: bool) -> None:
    """Open your memory in a browser: starts the dashboard on 127.0.0.1 for the local user ($CONTEXTLAMP_USER)
    and prints a sign-in link that works once, within five minutes (with --json: one JSON line). Nothing
    listens beyond this machine, and nothing is sent anywhere. Ctrl-C stops it.

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

    def announce(wired: App, base: str) -> str:
        wired.service.principal(settings.user)  # the local user, registered on first sight as the CLI does
        user = wired.accounts.user(settings.user)
        link = f"{base}{LINK_PATH}?token={wired.oauth.issue_signin_link(user)}"
        if open_browser:
            import webbrowser

            webbrowser.open(link)
        minutes = SIGNIN_LINK_TTL_MS // 60_000
        if as_json:  # one line: {"user", "url", "expires_in_s"}
            return json.dumps({"user": user.name, "url": link, "expires_in_s": SIGNIN_LINK_TTL_MS // 1000})
        return f"Dashboard for {user.name}: open this link (it signs you in once, within {minutes} minutes):\n{link}"

    run_http(local, LOOPBACK, port, announce)
