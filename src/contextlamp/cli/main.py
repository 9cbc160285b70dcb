"""The ``contextlamp`` command: run the MCP server, or use the memory from a terminal.

Each command is thin: parse, call ``MemoryService``, print a rich table (or ``--json``).
"""

from __future__ import annotations

import json
import sys
from typing import Any

import anyio
import click
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from contextlamp import __version__
from contextlamp.app.compose import configure_logging, create_app
from contextlamp.app.service import Caller, MemoryService
from contextlamp.cli.admin import doctor_command, export_command, import_command, migrate_command, team, token, user
from contextlamp.cli.common import cli_errors
from contextlamp.cli.common import console as _console
from contextlamp.cli.common import json_option as _json_option
from contextlamp.cli.common import load_settings as _settings
from contextlamp.cli.common import print_json as _print_json
from contextlamp.cli.common import when as _when
from contextlamp.cli.common import with_service as _with_service
from contextlamp.config import Settings
from contextlamp.domain.models import KINDS, MEMORY_TYPES
from contextlamp.mcp.tools import build_server, run_stdio
from contextlamp.text import is_id


@click.group()
@click.version_option(__version__, prog_name="contextlamp")
def cli() -> None:
    """contextlamp: one context memory for all your AI tools, over MCP.

    Data lives in $CONTEXTLAMP_HOME (default ~/.local/share/contextlamp); the local user is
    $CONTEXTLAMP_USER (default: your OS user name).
    """


@cli.command()
@click.option("--http", "use_http", is_flag=True, help="Serve MCP over Streamable HTTP at /mcp (shared server).")
@click.option("--host", default=None, help="HTTP interface (default $CONTEXTLAMP_HTTP_HOST or 127.0.0.1).")
@click.option("--port", default=None, type=click.IntRange(1, 65535), help="HTTP port (default 8765).")
def serve(use_http: bool, host: str | None, port: int | None) -> None:
    """Run the MCP server: over stdio (what Claude Code, Cursor, Codex and Claude Desktop spawn), or with
    --http as the shared server for many users, each signing in with a bearer token.

    Example: contextlamp serve --http --host 0.0.0.0 --port 8765
    """
    settings = _settings()
    configure_logging(settings.log_level)
    if use_http:
        _serve_http(settings, host or settings.http_host, port or settings.http_port)
        return
    if host is not None or port is not None:
        raise click.UsageError("--host and --port need --http.")
    try:
        if _stdin_is_terminal():  # a person ran it by hand: say what it is doing (stderr; stdout is the MCP wire)
            click.echo(WAITING_FOR_CLIENT, err=True)
        with cli_errors():
            service = create_app(settings).service
            principal = service.principal(settings.user)
        server = build_server(service, lambda _ctx: principal, log_level=settings.log_level)
        anyio.run(run_stdio, server)
    except KeyboardInterrupt:  # Ctrl-C: stop at once, quietly (128 + SIGINT, as a shell reports it)
        sys.exit(130)


WAITING_FOR_CLIENT = (
    "contextlamp: waiting for an MCP client on stdin (Claude Code, Cursor and other MCP clients start this "
    "command themselves); Ctrl-C stops"
)


def _stdin_is_terminal() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (ValueError, OSError):  # a closed or detached stdin
        return False


def _serve_http(settings: Settings, host: str, port: int) -> None:
    import uvicorn

    from contextlamp.web.app import base_url, build_http_app, uvicorn_log_config

    with cli_errors():
        wired = create_app(settings)
        app = build_http_app(wired, settings, host, port)
        wired.doctor.embedder.embed(["warm-up"])  # a shared server loads its model before the first request
    click.echo(f"contextlamp {__version__}: MCP at {base_url(settings, host, port)}/mcp (Ctrl-C stops)", err=True)
    uvicorn.run(  # log_config: the access log without query strings (a token may be in one)
        app,
        host=host,
        port=port,
        log_level=settings.log_level.lower(),
        proxy_headers=True,
        log_config=uvicorn_log_config(),
    )


@cli.command()
@click.argument("content")
@click.option("--topic", help="Stable key; a newer entry on the same topic supersedes older ones.")
@click.option("--kind", type=click.Choice(KINDS), help="Display flavour (default note).")
@click.option("--type", "memory_type", type=click.Choice(MEMORY_TYPES), help="Memory type (default fact).")
@click.option("--tag", "tags", multiple=True, help="A tag (repeatable).")
@click.option("--project", help="Project id or slug (a new slug creates the project).")
@_json_option
@_with_service
def save(
    service: MemoryService,
    caller: Caller,
    content: str,
    topic: str | None,
    kind: str | None,
    memory_type: str | None,
    tags: tuple[str, ...],
    project: str | None,
    as_json: bool,
) -> None:
    """Remember one thing. Use - as CONTENT to read it from standard input.

    Example: contextlamp save "We use pnpm, not npm" --topic package-manager --kind decision
    """
    if content == "-":
        content = sys.stdin.read()
    result = service.save_context(caller, content, memory_type, kind, topic, None, list(tags) or None, project)
    if as_json:
        _print_json(result)
    else:
        click.echo(f"{'Already known' if result.deduped else 'Saved'}: {result.id}")


@cli.command()
@click.argument("query")
@click.option("-n", "--max-results", default=8, show_default=True, help="1..50.")
@click.option("--type", "memory_types", multiple=True, type=click.Choice(MEMORY_TYPES), help="Only this type.")
@click.option("--project", help="Also search this project (id or slug).")
@click.option("--recency", is_flag=True, help="Strongly favour the newest entries.")
@_json_option
@_with_service
def get(
    service: MemoryService,
    caller: Caller,
    query: str,
    max_results: int,
    memory_types: tuple[str, ...],
    project: str | None,
    recency: bool,
    as_json: bool,
) -> None:
    """Retrieve what memory holds about QUERY, best first.

    Example: contextlamp get "which package manager do we use?"
    """
    result = service.get_context(caller, query, max_results, list(memory_types) or None, "all", project, False, recency)
    if as_json:
        _print_json(result)
        return
    table = Table(title=f"get: {escape(query)}", show_lines=False)
    for column in ("score", "text", "type", "scope", "saved", "id"):
        table.add_column(column, overflow="fold")
    for pack in result.packs:
        table.add_row(f"{pack.score:.2f}", Text(pack.text), pack.memory_type, pack.scope, _when(pack.ts), pack.id)
    _console().print(table if result.packs else "[dim]Nothing found.[/dim]")


@cli.command(name="list")
@click.option("-n", "--limit", default=50, show_default=True, help="1..200.")
@click.option("--project", help="List this project's store instead of the personal one.")
@click.option("--cursor", help="next_cursor from the previous page.")
@click.option("--type", "memory_types", multiple=True, type=click.Choice(MEMORY_TYPES), help="Only this type.")
@click.option("--all", "include_superseded", is_flag=True, help="Include superseded entries (history).")
@_json_option
@_with_service
def list_(
    service: MemoryService,
    caller: Caller,
    limit: int,
    project: str | None,
    cursor: str | None,
    memory_types: tuple[str, ...],
    include_superseded: bool,
    as_json: bool,
) -> None:
    """Browse memories, newest first.

    Example: contextlamp list -n 20
    """
    result = service.list_context(caller, limit, project, cursor, list(memory_types) or None, include_superseded)
    if as_json:
        _print_json(result)
        return
    table = Table(title="memories")
    for column in ("saved", "title", "type", "category", "used", "id"):
        table.add_column(column, overflow="fold")
    for item in result.items:
        title = Text(item.title)
        if item.superseded_by:
            title.append(" (superseded)", style="dim")
        table.add_row(_when(item.ts), title, item.memory_type, Text(item.category), str(item.reuse_count), item.id)
    console = _console()
    console.print(table if result.items else Text("No memories yet.", style="dim"))
    if result.next_cursor:
        console.print(f"More: contextlamp list --cursor {result.next_cursor}")


@cli.command()
@click.argument("entry_id", metavar="ID")
@click.option("--dry-run", is_flag=True, help="Only show what would be deleted.")
@click.option("--project", help="The project the entry is in (optional).")
@_json_option
@_with_service
def forget(
    service: MemoryService, caller: Caller, entry_id: str, dry_run: bool, project: str | None, as_json: bool
) -> None:
    """Delete one memory completely (row, full-text index, vectors; its bytes are scrubbed).

    Example: contextlamp forget ctx_abc123 --dry-run
    """
    result = service.forget_context(caller, entry_id, not dry_run, project)
    if as_json:
        _print_json(result)
    elif dry_run:
        if result.preview is None:
            raise click.ClickException(f"No memory {_shown_id(entry_id)}.")
        click.echo(f"Would forget {result.preview.id}: {result.preview.title}")
    elif result.forgotten:
        click.echo(f"Forgot {entry_id}.")
    else:
        raise click.ClickException(f"No memory {_shown_id(entry_id)}.")


def _shown_id(entry_id: str) -> str:
    """An entry id as an error may repeat it: only when it has the shape of one (free text may be a secret)."""
    return entry_id if is_id(entry_id, "ctx") else "with that id"


@cli.command()
@_json_option
@_with_service
def projects(service: MemoryService, caller: Caller, as_json: bool) -> None:
    """Your projects (created by saving with --project NEW-SLUG), with their ids and slugs.

    Example: contextlamp projects
    """
    found = service.projects(caller)
    if as_json:
        rows = [{"id": p.id, "slug": p.slug, "created_at": p.created_at} for p in found]
        click.echo(json.dumps({"projects": rows}, indent=2))
        return
    table = Table(title="projects")
    for column in ("created", "slug", "id"):
        table.add_column(column)
    for project in found:
        table.add_row(_when(project.created_at), Text(project.slug), project.id)
    _console().print(table if found else "[dim]No projects yet.[/dim]")


@cli.group()
def session() -> None:
    """Save a whole conversation as memories, and pick sessions up again.

    Example: contextlamp session save transcript.txt
    """


@session.command(name="save")
@click.argument("source", type=click.File("r", encoding="utf-8"), metavar="FILE|-")
@click.option("--project", help="Project id or slug to save the learnings into.")
@_json_option
@_with_service
def session_save(service: MemoryService, caller: Caller, source: Any, project: str | None, as_json: bool) -> None:
    """Distil a transcript (a file, or - for standard input) into durable memories.

    Example: contextlamp session save chat.txt --project web-app
    """
    try:
        transcript = source.read()
    except UnicodeDecodeError as exc:
        raise click.ClickException(f"{source.name} is not UTF-8 text ({exc.reason}); convert it first.") from exc
    result = service.save_session(caller, transcript, None, project)
    if as_json:
        _print_json(result)
    elif result.session_id is None:
        click.echo("Nothing worth keeping in that session.")
    else:
        click.echo(
            f"Session {result.session_id}: {result.total} learnings ({result.saved} new, {result.deduped} known)."
        )


@session.command(name="list")
@click.option("-n", "--limit", default=5, show_default=True, help="1..50.")
@_json_option
@_with_service
def session_list(service: MemoryService, caller: Caller, limit: int, as_json: bool) -> None:
    """Recent sessions, newest first.

    Example: contextlamp session list -n 10
    """
    result = service.resume_session(caller, None, limit)
    if as_json:
        _print_json(result)
        return
    table = Table(title="sessions")
    for column in ("saved", "label", "surface", "learnings", "id"):
        table.add_column(column, overflow="fold")
    for item in result.sessions or []:
        table.add_row(_when(item.ts), Text(item.label), item.source_surface, str(item.learnings_count), item.session_id)
    _console().print(table if result.sessions else "[dim]No sessions yet.[/dim]")


@session.command(name="show")
@click.argument("session_id", metavar="ID")
@_json_option
@_with_service
def session_show(service: MemoryService, caller: Caller, session_id: str, as_json: bool) -> None:
    """One session with its summary and the memories it taught.

    Example: contextlamp session show ses_abc123
    """
    result = service.resume_session(caller, session_id)
    if as_json:
        _print_json(result)
        return
    detail = result.session
    assert detail is not None
    console = _console()
    console.print(Text(detail.label, style="bold"), Text(f"  ({detail.source_surface}, {_when(detail.ts)})"))
    console.print(Text(detail.summary))
    table = Table()
    for column in ("type", "kind", "text", "id"):
        table.add_column(column, overflow="fold")
    for learning in detail.learnings:
        table.add_row(learning.memory_type, learning.kind, Text(learning.text), learning.id)
    console.print(table)


@cli.command()
@click.argument("entry_id", metavar="ID")
@_json_option
@_with_service
def show(service: MemoryService, caller: Caller, entry_id: str, as_json: bool) -> None:
    """Show one memory in full.

    Example: contextlamp show ctx_abc123
    """
    entry = service.get_entry(caller, entry_id)
    data = {
        "id": entry.id,
        "content": entry.content,
        "memory_type": entry.memory_type,
        "kind": entry.kind,
        "topic": entry.topic,
        "tags": list(entry.tags),
        "source_surface": entry.source_surface,
        "ts": entry.created_at,
        "expires_at": entry.expires_at,
        "superseded_by": entry.superseded_by,
        "reuse_count": entry.reuse_count,
        "last_used_surface": entry.last_used_surface,
    }
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    table = Table(show_header=False)
    table.add_column("field", style="bold")
    table.add_column("value", overflow="fold")
    for key, value in data.items():
        table.add_row(key, Text("" if value is None else str(value)))
    _console().print(table)


cli.add_command(user)
cli.add_command(token)
cli.add_command(team)
cli.add_command(migrate_command)
cli.add_command(doctor_command)
cli.add_command(export_command)
cli.add_command(import_command)


def main() -> None:
    """Console entry point."""
    cli()
