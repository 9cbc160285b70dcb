"""The ``contextlamp`` command's click group: run the MCP server, or use the memory from a terminal.

Each command is thin: parse, call ``MemoryService``, print a rich table (or ``--json``). The console script's
module (``cli/main.py``) imports this one for every command line but a lifecycle hook's: it defines the commands
with click alone, and each command's body imports what it needs (the service, rich, the MCP SDK, the web stack),
so ``--help`` and ``--version`` load none of it and ``list`` loads no model library (``tests/test_architecture.py``
holds it).
"""

from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING, Any

import click

from contextlamp import __version__
from contextlamp.cli.admin import export_command, import_command, migrate_command, reembed_command, token, user
from contextlamp.cli.common import (
    LazyChoice,
    console,
    counted,
    in_folder,
    print_table,
    quick_location_lines,
    table,
    when,
    with_embedding_service,
    with_service,
)
from contextlamp.cli.common import json_option as _json_option
from contextlamp.cli.common import personal_option as _personal_option
from contextlamp.cli.common import print_json as _print_json
from contextlamp.cli.connect import connect_command
from contextlamp.cli.doctor import doctor_command
from contextlamp.cli.hook import hook
from contextlamp.cli.serve import serve
from contextlamp.cli.teams import team
from contextlamp.cli.ui import ui_command
from contextlamp.printed import (
    FORGOT,
    GET_COLUMNS,
    GET_TITLE,
    LEARNING_COLUMNS,
    LIST_COLUMNS,
    MORE,
    NAMESAKE_NOTE,
    PROJECT_COLUMNS,
    SAVED,
    SAVED_WHERE,
    SESSION_COLUMNS,
    SESSION_HEADING,
    SESSION_SAVED,
    VERSION_LINE,
    WOULD_FORGET,
)
from contextlamp.text import is_id, kebab

if TYPE_CHECKING:
    from contextlamp.app.service import Caller, MemoryService


def _memory_types() -> tuple[str, ...]:
    from contextlamp.domain.models import MEMORY_TYPES

    return MEMORY_TYPES


def _kinds() -> tuple[str, ...]:
    from contextlamp.domain.models import KINDS

    return KINDS


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``--version``: the version line, then where memory lives (three settings read: nothing is opened)."""
    if not value or ctx.resilient_parsing:
        return
    click.echo(VERSION_LINE.format(version=__version__))
    for line in quick_location_lines(os.environ):
        click.echo(line)
    ctx.exit()


@click.group()
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_print_version,
    help="Show the version, the data directory, the user and the backend, and exit.",
)
def cli() -> None:
    """contextlamp: one context memory for all your AI tools, over MCP.

    Data lives in $CONTEXTLAMP_HOME (default ~/.local/share/contextlamp); the local user is
    $CONTEXTLAMP_USER (default: your OS user name). contextlamp --version shows both.
    """


cli.add_command(serve)


@cli.command()
@click.argument("content")
@click.option("--topic", help="Stable key; a newer entry on the same topic supersedes older ones.")
@click.option("--kind", type=LazyChoice(_kinds), help="Display flavour (default note).")
@click.option("--type", "memory_type", type=LazyChoice(_memory_types), help="Memory type (default fact).")
@click.option("--tag", "tags", multiple=True, help="A tag (repeatable).")
@click.option("--project", help="Project id or slug (a new slug creates the project).")
@_personal_option
@_json_option
@with_embedding_service
def save(
    service: MemoryService,
    caller: Caller,
    content: str,
    topic: str | None,
    kind: str | None,
    memory_type: str | None,
    tags: tuple[str, ...],
    project: str | None,
    personal: bool,
    as_json: bool,
) -> None:
    """Remember one thing. Use - as CONTENT to read it from standard input. In a git repository it goes to the
    repository's project, as an agent's save there does (--personal: your personal memory).

    Example: contextlamp save "We use pnpm, not npm" --topic package-manager --kind decision
    """
    if content == "-":
        content = sys.stdin.read()
    caller = in_folder(caller, personal)
    result = service.save_context(caller, content, memory_type, kind, topic, None, list(tags) or None, project)
    home = service.repository_project_of(caller) if project is not None else None
    if home is not None and project not in (home.id, home.slug) and kebab(project or "") != home.slug:
        other = f"this folder's repository is project {home.slug}"  # one home: the folder's is another
        click.echo(f"Note: {other}; its agents do not read {project}.", err=True)
    mine = service.repository_project_of(caller) if project is None and not personal else None
    namesake = service.unread_namesake(caller, mine) if mine is not None else None
    if mine is not None and namesake is not None:  # saved here, while a project of this name is read nowhere
        click.echo(f"Note: {NAMESAKE_NOTE.format(slug=namesake.slug, home=mine.slug)}.", err=True)
    if as_json:
        _print_json(result)
    else:
        where = _project_named(service, caller, result.scope)
        line = SAVED.format(verb="Already known" if result.deduped else "Saved", where=where, id=result.id)
        if result.superseded:
            # An update recognised without a topic (freshness.is_update): say which entries it replaced, as the
            # JSON does, so the user is not left wondering where the old value went.
            line += f"; it replaces {', '.join(result.superseded)} (kept as history: contextlamp list --all)"
        click.echo(line)


@cli.command()
@click.argument("query")
@click.option("-n", "--max-results", default=8, show_default=True, help="1..50.")
@click.option("--type", "memory_types", multiple=True, type=LazyChoice(_memory_types), help="Only this type.")
@click.option("--project", help="Also search this project (id or slug).")
@click.option("--recency", is_flag=True, help="Strongly favour the newest entries.")
@_personal_option
@_json_option
@with_embedding_service
def get(
    service: MemoryService,
    caller: Caller,
    query: str,
    max_results: int,
    memory_types: tuple[str, ...],
    project: str | None,
    recency: bool,
    personal: bool,
    as_json: bool,
) -> None:
    """Retrieve what memory holds about QUERY, best first. In a git repository the repository's project is
    searched too, as an agent's get_context there does (--personal: your personal memory only).

    Example: contextlamp get "which package manager do we use?"
    """
    caller = in_folder(caller, personal)
    result = service.get_context(caller, query, max_results, list(memory_types) or None, "all", project, False, recency)
    if as_json:
        _print_json(result)
        return
    from rich.markup import escape
    from rich.text import Text

    made = table(
        GET_TITLE.format(query=escape(query)),
        GET_COLUMNS,
        ids=("id",),
        short=("score", "type", "scope", "saved"),
    )
    for pack in result.packs:
        made.add_row(f"{pack.score:.2f}", Text(pack.text), pack.memory_type, pack.scope, when(pack.ts), pack.id)
    print_table(made if result.packs else Text("Nothing found.", style="dim"))


@cli.command(name="list")
@click.option("-n", "--limit", default=50, show_default=True, help="1..200.")
@click.option("--project", help="List this project's store instead of the personal one.")
@click.option("--cursor", help="next_cursor from the previous page.")
@click.option("--type", "memory_types", multiple=True, type=LazyChoice(_memory_types), help="Only this type.")
@click.option("--all", "include_superseded", is_flag=True, help="Include superseded entries (history).")
@_personal_option
@_json_option
@with_service
def list_(
    service: MemoryService,
    caller: Caller,
    limit: int,
    project: str | None,
    cursor: str | None,
    memory_types: tuple[str, ...],
    include_superseded: bool,
    personal: bool,
    as_json: bool,
) -> None:
    """Browse memories, newest first. In a git repository: personal and the repository's project, merged
    (--personal: your personal memory only).

    Example: contextlamp list -n 20
    """
    caller = in_folder(caller, personal)
    result = service.list_context(caller, limit, project, cursor, list(memory_types) or None, include_superseded)
    if as_json:
        _print_json(result)
        return
    from rich.text import Text

    made = table("memories", LIST_COLUMNS, ids=("id",), short=("saved", "type", "used"))
    for item in result.items:
        title = Text(item.title)
        if item.superseded_by:
            title.append(" (superseded)", style="dim")
        made.add_row(when(item.ts), title, item.memory_type, Text(item.category), str(item.reuse_count), item.id)
    print_table(made if result.items else Text("No memories yet.", style="dim"))
    if result.next_cursor:
        click.echo(MORE.format(cursor=result.next_cursor))


@cli.command()
@click.argument("entry_id", metavar="ID")
@click.option("--dry-run", is_flag=True, help="Only show what would be deleted.")
@click.option("--project", help="The project the entry is in (optional).")
@_json_option
@with_service
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
        click.echo(WOULD_FORGET.format(id=result.preview.id, title=result.preview.title))
    elif result.forgotten:
        click.echo(FORGOT.format(id=entry_id))
    else:
        raise click.ClickException(f"No memory {_shown_id(entry_id)}.")


def _project_named(service: MemoryService, caller: Caller, scope: str | None) -> str:
    """`` to project <slug>`` for a save the folder's repository routed (``scope`` ``project:<id>``), else ``""``."""
    if not scope or not scope.startswith("project:"):
        return ""
    slug = next((p.slug for p in service.projects(caller) if p.id == scope.removeprefix("project:")), None)
    return SAVED_WHERE.format(slug=slug) if slug else ""


def _shown_id(entry_id: str) -> str:
    """An entry id as an error may repeat it: only when it has the shape of one (free text may be a secret)."""
    return entry_id if is_id(entry_id, "ctx") else "with that id"


@cli.command()
@_json_option
@with_service
def projects(service: MemoryService, caller: Caller, as_json: bool) -> None:
    """Your projects (created by saving with --project NEW-SLUG, or by a client's hooks for the repository a
    session ran in), with their ids, slugs and the repository folders that map to each.

    Example: contextlamp projects
    """
    found = service.projects(caller)
    paths = service.project_paths(caller)
    if as_json:
        rows = [
            {"id": p.id, "slug": p.slug, "created_at": p.created_at, "repositories": paths.get(p.id, [])} for p in found
        ]
        click.echo(json.dumps({"projects": rows}, indent=2))
        return
    from rich.text import Text

    made = table("projects", PROJECT_COLUMNS, ids=("id",), short=("created",))
    for project in found:
        made.add_row(
            when(project.created_at), Text(project.slug), Text("\n".join(paths.get(project.id, []))), project.id
        )
    print_table(made if found else Text("No projects yet.", style="dim"))


@cli.group()
def session() -> None:
    """Save a whole conversation as memories, and pick sessions up again.

    Example: contextlamp session save transcript.txt
    """


@session.command(name="save")
@click.argument("source", type=click.File("r", encoding="utf-8"), metavar="FILE|-")
@click.option("--project", help="Project id or slug to save the learnings into.")
@_personal_option
@_json_option
@with_service
def session_save(
    service: MemoryService, caller: Caller, source: Any, project: str | None, personal: bool, as_json: bool
) -> None:
    """Distil a transcript (a file, or - for standard input) into durable memories. In a git repository they go
    to the repository's project, as an agent's save_session there does (--personal: your personal memory).

    Example: contextlamp session save chat.txt --project web-app
    """
    try:
        transcript = source.read()
    except UnicodeDecodeError as exc:
        raise click.ClickException(f"{source.name} is not UTF-8 text ({exc.reason}); convert it first.") from exc
    result = service.save_session(in_folder(caller, personal), transcript, None, project)
    if as_json:
        _print_json(result)
    elif result.session_id is None:
        click.echo("Nothing worth keeping in that session.")
    else:
        learnings = counted(result.total, "learning", "learnings")
        click.echo(
            SESSION_SAVED.format(id=result.session_id, learnings=learnings, new=result.saved, known=result.deduped)
        )


@session.command(name="list")
@click.option("-n", "--limit", default=5, show_default=True, help="1..50.")
@_json_option
@with_service
def session_list(service: MemoryService, caller: Caller, limit: int, as_json: bool) -> None:
    """Recent sessions, newest first.

    Example: contextlamp session list -n 10
    """
    result = service.resume_session(caller, None, limit)
    if as_json:
        _print_json(result)
        return
    from rich.text import Text

    made = table(
        "sessions",
        SESSION_COLUMNS,
        ids=("id",),
        short=("saved", "surface", "learnings"),
    )
    for item in result.sessions or []:
        made.add_row(when(item.ts), Text(item.label), item.source_surface, str(item.learnings_count), item.session_id)
    print_table(made if result.sessions else Text("No sessions yet.", style="dim"))


@session.command(name="show")
@click.argument("session_id", metavar="ID")
@_json_option
@with_service
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
    from rich.text import Text

    out = console()
    heading = SESSION_HEADING.format(label=detail.label, surface=detail.source_surface, when=when(detail.ts))
    out.print(Text(heading[: len(detail.label)], style="bold") + Text(heading[len(detail.label) :]))
    out.print(Text(detail.summary))
    made = table(None, LEARNING_COLUMNS, ids=("id",), short=("type", "kind"))
    for learning in detail.learnings:
        made.add_row(learning.memory_type, learning.kind, Text(learning.text), learning.id)
    print_table(made)


@cli.command()
@click.argument("entry_id", metavar="ID")
@_json_option
@with_service
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
    from rich.table import Table
    from rich.text import Text

    made = Table(show_header=False)
    made.add_column("field", style="bold")
    made.add_column("value", overflow="fold", min_width=len(entry.id))  # the id row on one line
    for key, value in data.items():
        shown = when(value) if key in ("ts", "expires_at") and isinstance(value, int) else value  # as list shows
        made.add_row(key, Text("" if shown is None else str(shown)))
    print_table(made)


cli.add_command(user)
cli.add_command(token)
cli.add_command(team)
cli.add_command(migrate_command)
cli.add_command(reembed_command)
cli.add_command(doctor_command)
cli.add_command(export_command)
cli.add_command(import_command)
cli.add_command(connect_command)
cli.add_command(hook)
cli.add_command(ui_command)
