"""``contextlamp ui``: the web dashboard on this machine: the HTTP server on loopback only, for the local user,
signed in by a one-time link printed on stdout (docs/dashboard.md "contextlamp ui").

``--open`` never puts the link on a command line (``ps`` shows every process's arguments to every local user):
the browser is handed a local file, readable by this user only, whose form posts the link's secret to the
server; and it is opened once the server listens, not before.

A fresh link without a restart (issue #33.5): the running ``contextlamp ui`` listens on a Unix socket of its data
directory (``LinkDesk``: ``<home>/ui.sock``, mode 0600, answering only a peer of the same uid), and a second
``contextlamp ui`` on the same data directory asks it for a new link (and, with ``--open``, one for the browser)
instead of starting a second server: it prints it the same way and exits. A socket nobody answers (a server
that died) is removed and a new server starts. Nothing of this listens on the network.
"""

from __future__ import annotations

import contextlib
import hashlib
import html
import json
import os
import shutil
import socket
import struct
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import click

from contextlamp.cli.common import json_option, load_settings

if TYPE_CHECKING:
    from contextlamp.app.compose import App

LOOPBACK = "127.0.0.1"
OPENER_NAME = "contextlamp-sign-in.html"
SOCKET_NAME = "ui.sock"
MAX_SOCKET_PATH = 100  # bytes: sockaddr_un holds 108 on Linux, 104 on macOS
DESK_TIMEOUT_S = 10.0  # a link request over the socket, either side
MAX_REQUEST_BYTES = 1024
OPENER_LINGER_S = 30.0  # a second contextlamp ui --open keeps the browser's sign-in file this long, then removes it


def desk_path(home: Path) -> Path:
    """Where a running ``contextlamp ui`` for data directory ``home`` answers link requests: ``<home>/ui.sock``,
    or, when that path is too long for a Unix socket, a 0700 folder of this user's in the temporary directory
    named after ``home``."""
    path = home / SOCKET_NAME
    if len(os.fsencode(path)) <= MAX_SOCKET_PATH:
        return path
    digest = hashlib.sha256(os.fsencode(home.resolve())).hexdigest()[:16]
    folder = Path(tempfile.gettempdir()) / f"contextlamp-{getattr(os, 'getuid', lambda: 0)()}-{digest}"
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder / SOCKET_NAME


class LinkDesk:
    """The running ``contextlamp ui``'s answer to a second one (module docstring): a Unix socket at ``path``
    (mode 0600) served by a daemon thread; each connection sends one JSON line ``{"open": bool}`` and gets one
    JSON line back, ``issue(open)``'s answer (the printed line and, with ``open``, the browser's link secret and
    form action). A peer of another uid is closed unanswered (``SO_PEERCRED`` where the system has it).

    Args:
        path: the socket's path (``desk_path``).
        issue: makes the answer for one request (called in the desk's thread).
    """

    def __init__(self, path: Path, issue: Callable[[bool], dict[str, str]]) -> None:
        self.path = path
        self.issue = issue
        self.sock: socket.socket | None = None

    def start(self) -> None:
        """Bind and serve (an old socket file is replaced: the caller found no server answering on it)."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old = os.umask(0o177)  # the socket is created 0600: no moment where another user may connect
        try:
            sock.bind(str(self.path))
        finally:
            os.umask(old)
        sock.listen(8)
        self.sock = sock
        threading.Thread(target=self._serve, name="contextlamp-ui-links", daemon=True).start()

    def _serve(self) -> None:
        sock = self.sock
        assert sock is not None
        while True:
            try:
                conn, _ = sock.accept()
            except OSError:  # closed: the server is stopping
                return
            with conn:
                conn.settimeout(DESK_TIMEOUT_S)
                try:
                    if not _same_user(conn):
                        continue
                    request: Any = json.loads(_read_line(conn) or "{}")
                    wanted = isinstance(request, dict) and cast(dict[str, Any], request).get("open") is True
                    answer = self.issue(wanted)
                    conn.sendall((json.dumps(answer) + "\n").encode())
                except (OSError, ValueError):
                    continue

    def close(self) -> None:
        """Stop answering and remove the socket file."""
        if self.sock is not None:
            self.sock.close()
            self.sock = None
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()


def ask_running(path: Path, open_browser: bool) -> dict[str, str] | None:
    """A new link from the ``contextlamp ui`` already running on this data directory, or None when none answers
    on ``path`` (the file of a dead one is then removed)."""
    if not path.exists():
        return None
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(DESK_TIMEOUT_S)
    try:
        sock.connect(str(path))
        sock.sendall((json.dumps({"open": open_browser}) + "\n").encode())
        line = _read_line(sock)
    except (ConnectionRefusedError, FileNotFoundError):
        with contextlib.suppress(FileNotFoundError):
            path.unlink()  # nobody listens: a server that died left it
        return None
    except OSError:
        return None
    finally:
        sock.close()
    try:
        answer: Any = json.loads(line) if line else None
    except ValueError:
        return None
    if not isinstance(answer, dict):
        return None
    return {str(k): str(v) for k, v in cast(dict[Any, Any], answer).items()}


def _read_line(conn: socket.socket) -> str:
    """One line (without its end) of at most ``MAX_REQUEST_BYTES`` bytes from ``conn`` ("" if none came)."""
    data = b""
    while b"\n" not in data and len(data) < MAX_REQUEST_BYTES * 4:
        chunk = conn.recv(4096)
        if not chunk:
            break
        data += chunk
    return data.split(b"\n", 1)[0].decode("utf-8", "replace")


def _same_user(conn: socket.socket) -> bool:
    """Whether the peer of a Unix socket runs as this process's uid (``SO_PEERCRED``, Linux); True where the
    system cannot say (the socket's 0600 mode already keeps other users out)."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return True
    creds = conn.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i"))
    _pid, uid, _gid = struct.unpack("3i", creds)
    return uid == os.getuid()


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
    line). Nothing listens beyond this machine, and nothing is sent anywhere. Ctrl-C stops it. Run it again
    while it runs for a fresh link from the same server (no restart).

    Example: contextlamp ui --open
    """
    from contextlamp.app.oauth import SIGNIN_LINK_TTL_MS
    from contextlamp.app.parts import configure_logging
    from contextlamp.cli.serve import run_http
    from contextlamp.web.pages import LINK_PATH

    settings = load_settings()
    # loopback only, whatever the environment says about a public URL; the dashboard on
    local = settings.model_copy(update={"public_url": None, "dashboard": True})
    configure_logging(settings.log_level)
    minutes = SIGNIN_LINK_TTL_MS // 60_000
    opener: list[Path] = []

    def said(user: str, link: str) -> str:
        if as_json:  # one line: {"user", "url", "expires_in_s"}
            return json.dumps({"user": user, "url": link, "expires_in_s": SIGNIN_LINK_TTL_MS // 1000})
        return f"Dashboard for {user}: open this link (it signs you in once, within {minutes} minutes):\n{link}"

    desk = desk_path(settings.home) if hasattr(socket, "AF_UNIX") else None  # no Unix sockets: no reuse
    running = ask_running(desk, open_browser) if desk is not None else None
    if running is not None:  # a dashboard already runs on this data directory: a fresh link of it, no second server
        click.echo(f"contextlamp ui already runs at {running['base']}: a new sign-in link from it.", err=True)
        click.echo(said(running["user"], running["url"]))
        if open_browser and running.get("browser"):
            folder = Path(tempfile.mkdtemp(prefix="contextlamp-ui-"))
            try:
                page = write_opener(folder, running["action"], running["browser"])
                import webbrowser

                webbrowser.open(page.as_uri())
                threading.Event().wait(OPENER_LINGER_S)  # the browser reads the file before it goes
            finally:
                shutil.rmtree(folder, ignore_errors=True)
        return

    links: list[LinkDesk] = []

    def announce(wired: App, base: str) -> str:
        wired.service.principal(settings.user)  # the local user, registered on first sight as the CLI does
        user = wired.accounts.user(settings.user)
        link = f"{base}{LINK_PATH}?token={wired.oauth.issue_signin_link(user)}"
        if open_browser:  # the browser's own link: in a private file, opened once the server listens
            folder = Path(tempfile.mkdtemp(prefix="contextlamp-ui-"))
            opener.append(write_opener(folder, f"{base}{LINK_PATH}", wired.oauth.issue_signin_link(user)))

        def issue(for_browser: bool) -> dict[str, str]:  # a second contextlamp ui's request (LinkDesk)
            fresh = f"{base}{LINK_PATH}?token={wired.oauth.issue_signin_link(user)}"
            answer = {"user": user.name, "url": fresh, "base": base}
            if for_browser:
                answer |= {"browser": wired.oauth.issue_signin_link(user), "action": f"{base}{LINK_PATH}"}
            return answer

        if desk is not None:
            links.append(LinkDesk(desk, issue))
        return said(user.name, link)

    def listening() -> None:
        for served in links:  # answers a second contextlamp ui from now on
            served.start()
        if opener:  # in a thread: a browser command may run until the browser closes, the server must go on
            import webbrowser

            threading.Thread(target=webbrowser.open, args=(opener[0].as_uri(),), daemon=True).start()

    try:
        run_http(local, LOOPBACK, port, announce, listening)
    finally:
        for served in links:
            served.close()
        for path in opener:
            shutil.rmtree(path.parent, ignore_errors=True)
