"""``contextlamp serve``: the MCP server over stdio, or with ``--http`` the shared server.

At start it logs where memory lives (data directory or database, user, backend) on stderr, never stdout
(stdout is the MCP wire in stdio mode). Over HTTP it binds the port first, so a port in use is a clear
error before any work, and prints its banner only once the server accepts connections.
"""

from __future__ import annotations

import errno
import logging
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from contextlamp import __version__
from contextlamp.cli.common import cli_errors, load_settings, location

if TYPE_CHECKING:
    from collections.abc import Callable

    from contextlamp.app.compose import App
    from contextlamp.config import Settings
    from contextlamp.mcp.ready import EarlyAnswers

    Announce = Callable[[App, str], str]

WAITING_FOR_CLIENT = (
    "contextlamp: waiting for an MCP client on stdin (Claude Code, Cursor and other MCP clients start this "
    "command themselves); Ctrl-C stops"
)
START_LOGGER = "contextlamp.serve"
STDIO_DRAIN_S = 30.0  # at most this long finishing pending indexing when a stdio client goes away


@click.command()
@click.option("--http", "use_http", is_flag=True, help="Serve MCP over Streamable HTTP at /mcp (shared server).")
@click.option("--host", default=None, help="HTTP interface (default $CONTEXTLAMP_HTTP_HOST or 127.0.0.1).")
@click.option("--port", default=None, type=click.IntRange(1, 65535), help="HTTP port (default 8765).")
def serve(use_http: bool, host: str | None, port: int | None) -> None:
    """Run the MCP server: over stdio (what Claude Code, Cursor, Codex and Claude Desktop spawn), or with
    --http as the shared server for many users, each signing in with a bearer token. It logs the data
    directory, the user and the backend on stderr at start.

    Example: contextlamp serve --http --host 0.0.0.0 --port 8765
    """
    settings = load_settings()
    if not use_http and (host is not None or port is not None):
        raise click.UsageError("--host and --port need --http.")
    if use_http:
        from contextlamp.app.parts import configure_logging

        configure_logging(settings.log_level)
        run_http(settings, host or settings.http_host, port or settings.http_port)
        return
    try:
        terminal = _stdin_is_terminal()  # before the wire is claimed (mcp.ready points fd 0 elsewhere)
        from contextlamp.mcp import ready

        # first of all (the SDK and the app's imports take most of a second): the opening requests are answered
        # from the SDK's captured answers while the rest loads (mcp.ready)
        early = ready.start(settings.limits().model_dump(mode="json"), settings.task_ttl_ms, _ready_cache(settings))
        from contextlamp.app.parts import configure_logging

        configure_logging(settings.log_level)
        if terminal:  # a person ran it by hand: say what it is doing (stderr; stdout is the MCP wire)
            click.echo(WAITING_FOR_CLIENT, err=True)
        log_start(settings)
        _serve_stdio(settings, early)
    except KeyboardInterrupt:  # Ctrl-C: stop at once, quietly (128 + SIGINT, as a shell reports it)
        sys.exit(130)


def log_start(settings: Settings, users_from_tokens: bool = False) -> None:
    """Log, at INFO on stderr, where this server's memory lives: ``contextlamp 0.1.0: data /home/me/.local/
    share/contextlamp, user me, backend sqlite``. Shown at the default log level (WARNING) too, since it is
    the line to look for when a client's memory seems missing (an MCP client starts the server with a
    stripped environment); only ``CONTEXTLAMP_LOG_LEVEL=ERROR`` hides it. ``users_from_tokens`` (the shared
    server, where each request's user is its token's): ``users from tokens`` instead of the local user."""
    logger = logging.getLogger(START_LOGGER)
    if logging.getLogger().getEffectiveLevel() <= logging.WARNING:
        logger.setLevel(logging.INFO)
    where = location(settings)
    who = "users from tokens" if users_from_tokens else f"user {where['user']}"
    logger.info("contextlamp %s: data %s, %s, backend %s", __version__, where["data"], who, where["backend"])


def _stdin_is_terminal() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (ValueError, OSError):  # a closed or detached stdin
        return False


def _serve_stdio(settings: Settings, early: EarlyAnswers | None) -> None:
    import anyio

    from contextlamp.app.compose import create_app
    from contextlamp.mcp.roots import Workspace
    from contextlamp.mcp.tools import build_server, run_stdio

    with cli_errors():
        service = create_app(settings, preload_model=True).service
        principal = service.principal(settings.user)
    try:  # the client starts its server in the project it works in, or names it by its roots (mcp/roots.py)
        cwd: Path | None = Path.cwd()
    except OSError:  # a working directory removed since
        cwd = None
    server = build_server(service, lambda _ctx: principal, log_level=settings.log_level, workspace=Workspace(cwd))
    try:
        anyio.run(run_stdio, server, early)
    finally:  # the client went away: finish what its last saves left pending (bounded; the rest stays durable)
        if early is not None:  # settings the shipped snapshot does not match: this data directory's own, next time
            from contextlamp.mcp.capture import remember

            remember(early, server, _ready_cache(settings))
        try:
            service.wait_indexed(timeout=STDIO_DRAIN_S)
        except Exception as exc:  # never a traceback on the wire's way out; the next process finishes it
            logging.getLogger(__name__).warning("indexing at exit failed: %s", type(exc).__name__)


def _ready_cache(settings: Settings) -> Path:
    """Where ``mcp.ready`` keeps this data directory's capture of the opening answers (settings the shipped
    snapshot does not match)."""
    return settings.home / "mcp-ready.json"


def bind_port(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host``:``port`` (IPv6 when the host has a colon, as uvicorn decides), with
    SO_REUSEADDR as uvicorn sets it (a port in TIME_WAIT is reusable; one another server listens on is not).

    Raises:
        click.ClickException: the port is in use, or the address cannot be bound (the message names both and
            what to do).
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise click.ClickException(
                f"Port {port} on {host} is already in use (another contextlamp serve --http, or another program). "
                "Stop that server, or choose another port with --port or CONTEXTLAMP_HTTP_PORT."
            ) from exc
        raise click.ClickException(f"Cannot listen on {host}:{port}: {exc.strerror or exc}.") from exc
    return sock


LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")


def public_url_warning(public_url: str | None, host: str, port: int) -> str | None:
    """What to tell the person who starts the shared server on a non-loopback ``host`` without
    ``CONTEXTLAMP_PUBLIC_URL``: the OAuth and RFC 9728 metadata, the 401 challenge and the sign-in pages then
    name ``http://localhost:PORT`` (or the bind address), which no other machine reaches. None when nothing
    is wrong (loopback, or the public URL set)."""
    if public_url or host in LOOPBACK_HOSTS:
        return None
    return (
        f"Warning: listening on {host}:{port} without CONTEXTLAMP_PUBLIC_URL, so the OAuth metadata and the 401 "
        f"challenge name http://localhost:{port}, which other machines cannot reach. Set CONTEXTLAMP_PUBLIC_URL "
        "to the URL clients use (https://… behind your TLS proxy)."
        if host in ("0.0.0.0", "::", "")
        else f"Warning: listening on {host}:{port} without CONTEXTLAMP_PUBLIC_URL; set it to the URL clients use "
        "(https://… behind your TLS proxy) so the OAuth metadata and sign-in links name it."
    )


def run_http(
    settings: Settings,
    host: str,
    port: int,
    announce: Announce | None = None,
    listening: Callable[[], None] | None = None,
) -> None:
    """Run the shared server until Ctrl-C. ``port`` 0: any free port. ``announce(app, base_url)``: a line for
    stdout once the server accepts connections (``contextlamp ui``'s sign-in link); ``listening()``: called once
    it does (``contextlamp ui --open`` opens the browser then, not before)."""
    import uvicorn

    from contextlamp.app.compose import create_app
    from contextlamp.web.app import base_url, build_http_app, proxy_options, uvicorn_log_config
    from contextlamp.web.dashboard import Dashboard
    from contextlamp.web.quotas import SWITCH_INTERVAL_S

    sock = bind_port(host, port)  # before any work: a port in use fails at once
    port = int(sock.getsockname()[1])  # port 0: the one the system chose
    try:
        log_start(settings, users_from_tokens=announce is None)  # contextlamp ui serves the local user only
        with cli_errors():
            wired = create_app(settings, preload_model=True)
            app = build_http_app(wired, settings, host, port, Dashboard)
            wired.doctor.embedder.embed(["warm-up"])  # a shared server loads its model before the first request
            said = announce(wired, base_url(settings, host, port)) if announce else None
        banner = f"contextlamp {__version__}: MCP at {base_url(settings, host, port)}/mcp (Ctrl-C stops)"
        warning = public_url_warning(settings.public_url, host, port)
        if warning:
            click.echo(warning, err=True)
        config = uvicorn.Config(  # log_config: the access log without query strings (a token may be in one)
            app,
            host=host,
            port=port,
            log_level=settings.log_level.lower(),
            **proxy_options(settings),
            log_config=uvicorn_log_config(),
        )

        class AnnouncingServer(uvicorn.Server):
            """Prints the banner once the server accepts connections (after uvicorn's startup)."""

            async def startup(self, sockets: list[socket.socket] | None = None) -> None:
                await super().startup(sockets=sockets)
                if self.started:  # listening: connections are accepted from here on
                    click.echo(banner, err=True)
                    if said:
                        click.echo(said)
                    if listening is not None:
                        listening()

        sys.setswitchinterval(SWITCH_INTERVAL_S)  # other users' requests are not held behind a heavy call's Python
        AnnouncingServer(config).run(sockets=[sock])
    finally:
        sock.close()
