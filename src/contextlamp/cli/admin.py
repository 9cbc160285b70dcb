"""Administration commands: ``user``, ``token``, ``export`` and ``import``.

They act on named users of the data directory (the shared server's accounts), so they never register the
local user the way the memory commands do.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import click
from pydantic import SecretStr
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from contextlamp.app.accounts import parse_duration
from contextlamp.app.compose import App, configure_logging, create_app
from contextlamp.app.export_format import parse_document
from contextlamp.app.migration import parse_location
from contextlamp.cli.common import cli_errors, console, json_option, load_settings, when, with_app
from contextlamp.config import Settings
from contextlamp.storage import AccessTokenRecord, Finding

DEFAULT_TOKEN_LIFETIME = "90d"
PROGRESS_MIN_ENTRIES = 200  # smaller imports finish before a bar would be worth drawing


@click.group()
def user() -> None:
    """Users of the shared server (each has a private store).

    Example: contextlamp user create alice
    """


@user.command(name="create")
@click.argument("name")
@json_option
@with_app
def user_create(app: App, _settings: Settings, name: str, as_json: bool) -> None:
    """Create a user.

    Example: contextlamp user create alice
    """
    created = app.accounts.create_user(name)
    if as_json:
        click.echo(json.dumps({"id": created.id, "name": created.name, "created_at": created.created_at}))
    else:
        click.echo(f"User {created.name} ({created.id}) created. Give them a token: contextlamp token create {name}")


@user.command(name="list")
@json_option
@with_app
def user_list(app: App, _settings: Settings, as_json: bool) -> None:
    """List users, oldest first.

    Example: contextlamp user list --json
    """
    found = app.accounts.users()
    if as_json:
        click.echo(json.dumps([{"id": u.id, "name": u.name, "created_at": u.created_at} for u in found], indent=2))
        return
    table = Table(title="users")
    for column in ("created", "name", "id"):
        table.add_column(column, overflow="fold")
    for item in found:
        table.add_row(when(item.created_at), Text(item.name), item.id)
    console().print(table if found else Text("No users yet.", style="dim"))


@user.command(name="delete")
@click.argument("name_or_id", metavar="USER")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@with_app
def user_delete(app: App, _settings: Settings, name_or_id: str, yes: bool) -> None:
    """Delete a user and ALL their data: memories, projects, sessions, tokens. Cannot be undone
    (export first: contextlamp export --user USER).

    Example: contextlamp user delete alice --yes
    """
    target = app.accounts.user(name_or_id)
    if not yes:
        click.confirm(f"Delete user {target.name} ({target.id}) and all their memories?", abort=True)
    app.accounts.delete_user(target.id)
    click.echo(f"User {target.name} and all their data deleted.")


@click.group()
def token() -> None:
    """Personal access tokens for the shared server (shown once, stored only as a hash).

    Example: contextlamp token create alice --name laptop
    """


def _token_data(record: AccessTokenRecord) -> dict[str, Any]:
    return {
        "id": record.id,
        "user_id": record.user_id,
        "name": record.name,
        "created_at": record.created_at,
        "expires_at": record.expires_at,
        "last_used_at": record.last_used_at,
        "revoked_at": record.revoked_at,
    }


@token.command(name="create")
@click.argument("user_ref", metavar="USER")
@click.option("--name", default="default", show_default=True, help="A label to recognise the token by.")
@click.option(
    "--expires-in",
    default=DEFAULT_TOKEN_LIFETIME,
    show_default=True,
    help="Lifetime: a number and s, m, h, d or w (e.g. 30d), or 'never'.",
)
@json_option
@with_app
def token_create(
    app: App,
    _settings: Settings,
    user_ref: str,
    name: str,
    expires_in: str,
    as_json: bool,
) -> None:
    """Create a token for USER and print it once.

    Example: contextlamp token create alice --name laptop --expires-in 30d --json
    """
    issued = app.accounts.create_token(user_ref, name, parse_duration(expires_in, "--expires-in"))
    if as_json:
        data = {"token": issued.token, "id": issued.record.id, "expires_at": issued.record.expires_at}
        click.echo(json.dumps(data))
        return
    click.echo(issued.token)
    expiry = when(issued.record.expires_at) or "never"
    click.echo(f"Token {issued.record.id} (expires {expiry}). It is shown only now: store it safely.", err=True)


@token.command(name="list")
@click.option("--user", "user_ref", help="Only this user's tokens.")
@json_option
@with_app
def token_list(app: App, _settings: Settings, user_ref: str | None, as_json: bool) -> None:
    """List tokens with their state and last use (never the tokens themselves).

    Example: contextlamp token list --user alice
    """
    found = app.accounts.tokens(user_ref)
    if as_json:
        click.echo(json.dumps([_token_data(t) for t in found], indent=2))
        return
    names = {u.id: u.name for u in app.accounts.users()}
    table = Table(title="tokens")
    for column in ("user", "name", "created", "expires", "last used", "state", "id"):
        table.add_column(column, overflow="fold")
    now = app.accounts.clock()
    for item in found:
        expired = item.expires_at is not None and item.expires_at <= now
        state = "revoked" if item.revoked_at else "expired" if expired else "active"
        table.add_row(
            Text(names.get(item.user_id, item.user_id)),
            Text(item.name),
            when(item.created_at),
            when(item.expires_at) or "never",
            when(item.last_used_at),
            state,
            item.id,
        )
    console().print(table if found else Text("No tokens yet.", style="dim"))


@token.command(name="revoke")
@click.argument("token_id", metavar="ID")
@with_app
def token_revoke(app: App, _settings: Settings, token_id: str) -> None:
    """Revoke a token by id; it stops working at once.

    Example: contextlamp token revoke tok_abc123
    """
    record = app.accounts.revoke_token(token_id)
    click.echo(f"Token {record.id} ({record.name}) revoked.")


@click.command(name="export")
@click.option("--user", "user_ref", help="User name or id (default: $CONTEXTLAMP_USER).")
@click.option("--out", type=click.Path(dir_okay=False, writable=True, path_type=Path), help="File (default: stdout).")
@with_app
def export_command(app: App, settings: Settings, user_ref: str | None, out: Path | None) -> None:
    """Write all of a user's data as one JSON document (schema: docs/export.md).

    Example: contextlamp export --user alice --out alice.json
    """
    owner = app.accounts.user(user_ref or settings.user)
    text = json.dumps(app.porter.export_user(owner), ensure_ascii=False, indent=1)
    if out is None:
        click.echo(text)
        return
    try:  # created owner-only before a byte is written: the file is private data
        fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as sink:
            sink.write(text + "\n")
        out.chmod(0o600)  # an existing file keeps its old mode through O_CREAT
    except OSError as exc:
        raise click.ClickException(f"Cannot write {out}: {exc.strerror or exc}") from exc
    click.echo(f"Exported {owner.name} to {out}.", err=True)


@click.command(name="import")
@click.argument("source", type=click.File("r", encoding="utf-8"), metavar="FILE|-")
@click.option("--user", "user_ref", help="Import into this existing user; default: the file's user (by name).")
@click.option("--create-user", is_flag=True, help="With --user: create that user if it does not exist.")
@json_option
@with_app
def import_command(
    app: App,
    _settings: Settings,
    source: Any,
    user_ref: str | None,
    create_user: bool,
    as_json: bool,
) -> None:
    """Restore an export (idempotent: what is already there is skipped; same ids and times).

    Example: contextlamp import alice.json
    """
    try:
        data = json.loads(source.read())
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise click.ClickException(f"{source.name} is not a JSON export: {exc}") from exc
    except RecursionError as exc:
        raise click.ClickException(f"{source.name} is not a JSON export: nested too deeply") from exc
    document = parse_document(data)
    total = sum(len(s.entries) for s in document.stores)
    with Progress(
        TextColumn("importing"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=total < PROGRESS_MIN_ENTRIES or as_json,
        transient=True,
    ) as bar:
        task = bar.add_task("entries", total=total)
        report = app.porter.import_document(
            document, user_ref, lambda done, _total: bar.update(task, completed=done), create_user
        )
    data_out = {
        "user_id": report.user_id,
        "user": report.user_name,
        "entries_added": report.entries_added,
        "entries_skipped": report.entries_skipped,
        "entries_with_secrets": report.entries_with_secrets,
        "sessions_added": report.sessions_added,
        "sessions_skipped": report.sessions_skipped,
        "projects": report.projects,
        "team_entries_skipped": report.team_entries_skipped,
        "sessions_with_secrets": report.sessions_with_secrets,
        "trust_reset": report.trust_reset,
        "dropped": [{"where": d.where, "reason": d.reason} for d in report.dropped],
    }
    if as_json:
        click.echo(json.dumps(data_out))
        return
    left_out: list[str] = []
    if report.entries_with_secrets:
        left_out.append(f"{report.entries_with_secrets} entries")
    if report.sessions_with_secrets:
        left_out.append(f"{report.sessions_with_secrets} sessions")
    click.echo(
        f"Imported into {report.user_name}: {report.entries_added} entries added, {report.entries_skipped} already "
        f"there, {report.projects} projects, {report.sessions_added} sessions added, {report.sessions_skipped} "
        "already there." + (f" {' and '.join(left_out)} held a secret and were left out." if left_out else "")
    )
    for item in report.dropped:  # where and why only: never the text itself
        click.echo(f"  {item.where}: {item.reason}")


@click.group()
def team() -> None:
    """Teams: members share learnings, which gain trust when another member confirms them.

    Example: contextlamp team create platform --owner alice
    """


@team.command(name="create")
@click.argument("slug")
@click.option("--name", help="Display name (default: the slug).")
@click.option("--owner", help="User who becomes the team's first admin.")
@json_option
@with_app
def team_create(
    app: App,
    _settings: Settings,
    slug: str,
    name: str | None,
    owner: str | None,
    as_json: bool,
) -> None:
    """Create a team.

    Example: contextlamp team create platform --name "Platform team" --owner alice
    """
    created = app.accounts.create_team(slug, name, owner)
    if as_json:
        click.echo(json.dumps({"id": created.id, "slug": created.slug, "name": created.name}))
    else:
        click.echo(f"Team {created.slug} ({created.id}) created. Add members: contextlamp team add {created.slug} USER")


@team.command(name="add")
@click.argument("team_ref", metavar="TEAM")
@click.argument("user_ref", metavar="USER")
@click.option("--role", type=click.Choice(("member", "admin")), default="member", show_default=True)
@with_app
def team_add(app: App, _settings: Settings, team_ref: str, user_ref: str, role: str) -> None:
    """Add a user to a team (or change their role). Admins may forget any learning of the team.

    Example: contextlamp team add platform bob --role admin
    """
    membership = app.accounts.add_member(team_ref, user_ref, role)
    click.echo(f"{user_ref} is now {membership.role} of team {app.accounts.team(team_ref).slug}.")


@team.command(name="remove")
@click.argument("team_ref", metavar="TEAM")
@click.argument("user_ref", metavar="USER")
@with_app
def team_remove(app: App, _settings: Settings, team_ref: str, user_ref: str) -> None:
    """Remove a member: their access ends at once; their past learnings stay, attributed to them.

    Example: contextlamp team remove platform bob
    """
    app.accounts.remove_member(team_ref, user_ref)
    click.echo(f"{user_ref} removed from team {app.accounts.team(team_ref).slug}.")


@team.command(name="list")
@json_option
@with_app
def team_list(app: App, _settings: Settings, as_json: bool) -> None:
    """List teams with their members and roles.

    Example: contextlamp team list --json
    """
    found = app.accounts.teams()
    names = {u.id: u.name for u in app.accounts.users()}
    if as_json:
        data = [
            {
                "id": t.id,
                "slug": t.slug,
                "name": t.name,
                "created_at": t.created_at,
                "members": [{"user": names.get(m.user_id, m.user_id), "role": m.role} for m in members],
            }
            for t, members in found
        ]
        click.echo(json.dumps(data, indent=2))
        return
    table = Table(title="teams")
    for column in ("slug", "name", "members", "id"):
        table.add_column(column, overflow="fold")
    for item, members in found:
        who = ", ".join(f"{names.get(m.user_id, m.user_id)}{' (admin)' if m.role == 'admin' else ''}" for m in members)
        table.add_row(Text(item.slug), Text(item.name), Text(who), item.id)
    console().print(table if found else Text("No teams yet.", style="dim"))


@click.command(name="migrate")
@click.option("--from", "source", required=True, help="sqlite:DIRECTORY or postgresql://… to copy from.")
@click.option("--to", "target", required=True, help="postgresql://… (or sqlite:DIRECTORY) to copy into.")
@json_option
def migrate_command(source: str, target: str, as_json: bool) -> None:
    """Copy a whole server (users, tokens, projects, teams, every memory with its vectors) to another
    backend, then verify that every user's export is the same on both sides. Safe to run again.

    Example: contextlamp migrate --from sqlite:$HOME/.local/share/contextlamp --to postgresql://cl@db/contextlamp
    """
    settings = load_settings()
    configure_logging(settings.log_level)
    with cli_errors():
        apps = [_app_at(settings, location) for location in (source, target)]
        with Progress(
            TextColumn("copying stores"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            disable=as_json,
            transient=True,
        ) as bar:
            task = bar.add_task("stores", total=None)
            report = apps[0].migrator.copy_to(
                apps[1].migrator, lambda done, total: bar.update(task, completed=done, total=total)
            )
    data = {
        "users": report.users,
        "stores": report.stores,
        "entries_copied": report.entries_copied,
        "entries_skipped": report.entries_skipped,
        "verified_users": report.verified_users,
    }
    if as_json:
        click.echo(json.dumps(data))
    else:
        click.echo(
            f"Copied {report.entries_copied} entries ({report.entries_skipped} already there) in {report.stores} "
            f"stores of {report.users} users; every user's export matches."
        )


def _app_at(settings: Settings, location: str) -> App:
    kind, where = parse_location(location)
    if kind == "sqlite":
        changed = settings.model_copy(update={"home": Path(where).expanduser(), "database_url": None})
    else:
        changed = settings.model_copy(update={"database_url": SecretStr(where)})
    return create_app(changed)


@click.command(name="doctor")
@click.option("--repair", is_flag=True, help="Fix what can be fixed (re-embed, rebuild the full-text index, ...).")
@json_option
@with_app
def doctor_command(app: App, _settings: Settings, repair: bool, as_json: bool) -> None:
    """Verify the embedding model (it must load and embed) and every store (integrity, model, full-text rows,
    vectors, orphans, values outside the limits) and, with --repair, fix what can be fixed. Exits 1 while a
    problem remains.

    Example: contextlamp doctor --repair
    """
    model = app.doctor.check_model()
    reports, unowned = app.doctor.examine(repair, model_works=not model)
    remaining = len(model) + sum(1 for r in reports for f in r.findings if not f.repaired) + len(unowned)
    if as_json:
        data = {
            "model": {"identity": app.doctor.embedder.identity, "findings": [_finding(f) for f in model]},
            "stores": [
                {"store_id": r.store_id, "entries": r.entries, "findings": [_finding(f) for f in r.findings]}
                for r in reports
            ],
            "unowned_files": unowned,
            "problems_remaining": remaining,
        }
        click.echo(json.dumps(data, indent=2))
    else:
        table = Table(title=f"doctor: embedding model and {len(reports)} stores")
        for column in ("store", "entries", "finding", "entry", "detail", "repaired"):
            table.add_column(column, overflow="fold")
        if not model:
            table.add_row("embedding model", "", "ok", "", Text(app.doctor.embedder.identity), "")
        for f in model:
            table.add_row("embedding model", "", f.kind, "", Text(f.detail), "no")
        for report in reports:
            if not report.findings:
                table.add_row(report.store_id, str(report.entries), "ok", "", "", "")
            for f in report.findings:
                table.add_row(
                    report.store_id,
                    str(report.entries),
                    f.kind,
                    f.entry_id or "",
                    Text(f.detail),
                    "yes" if f.repaired else "no",
                )
        for name in unowned:
            table.add_row(name, "", "unowned file", "", "no user, project or team owns it", "no")
        console().print(table)
    if remaining:
        raise SystemExit(1)


def _finding(f: Finding) -> dict[str, Any]:
    return {"kind": f.kind, "entry_id": f.entry_id, "detail": f.detail, "repaired": f.repaired}
