"""Administration commands: ``user``, ``token``, ``export``, ``import``, ``migrate`` and ``reembed``.

They act on named users of the data directory (the shared server's accounts), so they never register the
local user the way the memory commands do. Every one takes ``--json``. Like every CLI module, this one
imports only click at module level; each command imports what it uses.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from contextlamp.cli.common import (
    LazyChoice,
    cli_errors,
    counted,
    finish_indexing,
    json_option,
    load_settings,
    print_table,
    progress_bar,
    table,
    when,
    with_app,
)

if TYPE_CHECKING:
    from contextlamp.app.compose import App
    from contextlamp.config import Settings
    from contextlamp.storage import AccessTokenRecord

DEFAULT_TOKEN_LIFETIME = "90d"
PROGRESS_MIN_ENTRIES = 200  # smaller imports finish before a bar would be worth drawing
# contextlamp import FILE restores an export only; point the user who meant something else at the right command
NOT_AN_EXPORT_HINT = (
    "Without --from, import restores a file made by contextlamp export. Another tool's memory or chat export: "
    "--from FORMAT (contextlamp import --help lists them); a conversation: contextlamp session save FILE."
)


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
    from rich.text import Text

    made = table("users", ("created", "name", "id"), ids=("id",), short=("created",))
    for item in found:
        made.add_row(when(item.created_at), Text(item.name), item.id)
    print_table(made if found else Text("No users yet.", style="dim"))


@user.command(name="delete")
@click.argument("name_or_id", metavar="USER")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@json_option
@with_app
def user_delete(app: App, _settings: Settings, name_or_id: str, yes: bool, as_json: bool) -> None:
    """Delete a user and ALL their data: memories, projects, sessions, tokens. Cannot be undone
    (export first: contextlamp export --user USER). The question asking to confirm goes to stderr.

    Example: contextlamp user delete alice --yes
    """
    target = app.accounts.user(name_or_id)
    if not yes:
        click.confirm(f"Delete user {target.name} ({target.id}) and all their memories?", abort=True, err=True)
    app.accounts.delete_user(target.id)
    if as_json:
        click.echo(json.dumps({"id": target.id, "name": target.name, "deleted": True}))
    else:
        click.echo(f"User {target.name} and all their data deleted.")


@user.command(name="set-password")
@click.argument("name_or_id", metavar="USER")
@click.option("--password-stdin", is_flag=True, help="Read the password from one line of stdin (for scripts).")
@click.option(
    "--keep-tokens", is_flag=True, help="On a reset, keep the user's personal access tokens (sessions still end)."
)
@json_option
@with_app
def user_set_password(
    app: App, _settings: Settings, name_or_id: str, password_stdin: bool, keep_tokens: bool, as_json: bool
) -> None:
    """Set the password a user signs in with in the browser (the OAuth sign-in of MCP clients). Asks twice on a
    terminal, never echoed; stored only as an argon2id hash. 8-1024 characters. Replacing a password ends every
    browser session and connected app of the user and revokes their personal tokens (--keep-tokens keeps those).

    Example: contextlamp user set-password alice
    """
    import sys

    target = app.accounts.user(name_or_id)
    if password_stdin:
        password = sys.stdin.readline().removesuffix("\n").removesuffix("\r")
    else:
        password = click.prompt(f"New password for {target.name}", hide_input=True, confirmation_prompt=True, err=True)
    _user, ended = app.oauth.reset_password(target.id, password, keep_personal_tokens=keep_tokens)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "id": target.id,
                    "name": target.name,
                    "password_set": True,
                    "ended": {"sessions": ended.sessions, "apps": ended.grants, "tokens": ended.tokens},
                }
            )
        )
    else:
        click.echo(f"Password of {target.name} set.")
        if ended.sessions or ended.grants or ended.tokens:
            click.echo(
                f"Ended {ended.sessions} browser session(s) and {ended.grants} connected app(s); "
                f"revoked {ended.tokens} personal token(s)."
            )


@user.command(name="apps")
@click.argument("name_or_id", metavar="USER")
@click.option("--revoke", "grant_id", metavar="ID", help="Disconnect this app (its tokens stop working at once).")
@json_option
@with_app
def user_apps(app: App, _settings: Settings, name_or_id: str, grant_id: str | None, as_json: bool) -> None:
    """List the apps a user connected through the OAuth sign-in, or disconnect one with --revoke.

    Example: contextlamp user apps alice --revoke grant_abc123
    """
    target = app.accounts.user(name_or_id)
    if grant_id is not None:
        revoked = app.oauth.revoke_app(target.id, grant_id)
        if as_json:
            click.echo(json.dumps({"id": revoked.id, "client_id": revoked.client_id, "revoked_at": revoked.revoked_at}))
        else:
            click.echo(f"App {revoked.id} disconnected; its tokens no longer work.")
        return
    found = app.oauth.connected_apps(target.id)
    if as_json:
        data = [
            {
                "id": a.grant.id,
                "client_id": a.grant.client_id,
                "client_name": a.client_name,
                "redirect_uris": a.redirect_uris,
                "created_at": a.grant.created_at,
                "last_used_at": a.grant.last_used_at,
            }
            for a in found
        ]
        click.echo(json.dumps(data, indent=2))
        return
    from rich.text import Text

    made = table("apps", ("app", "connected", "last used", "id"), ids=("id",), short=("connected", "last used"))
    for item in found:
        made.add_row(Text(item.client_name), when(item.grant.created_at), when(item.grant.last_used_at), item.grant.id)
    print_table(made if found else Text("No connected apps.", style="dim"))


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
    from contextlamp.app.accounts import parse_duration

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
    from rich.text import Text

    names = {u.id: u.name for u in app.accounts.users()}
    made = table(
        "tokens",
        ("user", "name", "created", "expires", "last used", "state", "id"),
        ids=("id",),
        short=("created", "expires", "last used", "state"),
    )
    now = app.accounts.clock()
    for item in found:
        expired = item.expires_at is not None and item.expires_at <= now
        state = "revoked" if item.revoked_at else "expired" if expired else "active"
        made.add_row(
            Text(names.get(item.user_id, item.user_id)),
            Text(item.name),
            when(item.created_at),
            when(item.expires_at) or "never",
            when(item.last_used_at),
            state,
            item.id,
        )
    print_table(made if found else Text("No tokens yet.", style="dim"))


@token.command(name="revoke")
@click.argument("token_id", metavar="ID")
@json_option
@with_app
def token_revoke(app: App, _settings: Settings, token_id: str, as_json: bool) -> None:
    """Revoke a token by id; it stops working at once.

    Example: contextlamp token revoke tok_abc123
    """
    record = app.accounts.revoke_token(token_id)
    if as_json:
        click.echo(json.dumps(_token_data(record)))
    else:
        click.echo(f"Token {record.id} ({record.name}) revoked.")


@click.command(name="export")
@click.option("--user", "user_ref", help="User name or id (default: $CONTEXTLAMP_USER).")
@click.option("--out", type=click.Path(dir_okay=False, writable=True, path_type=Path), help="File (default: stdout).")
@json_option
@with_app
def export_command(app: App, settings: Settings, user_ref: str | None, out: Path | None, as_json: bool) -> None:
    """Write all of a user's data as one JSON document (schema: docs/export.md). Without --out the document
    is the output (JSON either way); with --out and --json, a JSON line says what was written where.

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
    if as_json:
        click.echo(json.dumps({"user_id": owner.id, "user": owner.name, "out": str(out)}))
    else:
        click.echo(f"Exported {owner.name} to {out}.", err=True)


def _format_names() -> list[str]:
    from contextlamp.importers import format_names

    return format_names()


@click.command(name="import")
@click.argument("source", metavar="FILE|-|PATH")
@click.option(
    "--from",
    "format_name",
    type=LazyChoice(_format_names),
    help="Import another tool's memory: PATH in that format (docs/import.md). Without it FILE is a contextlamp export.",
)
@click.option("--project", help="With --from: import into this project (slug; created if new).")
@click.option("--dry-run", is_flag=True, help="With --from: print what would be written, write nothing.")
@click.option(
    "--user",
    "user_ref",
    help="Import into this existing user; default: the file's user (by name), with --from the local user "
    "($CONTEXTLAMP_USER).",
)
@click.option("--create-user", is_flag=True, help="With --user: create that user if it does not exist.")
@json_option
@with_app
def import_command(
    app: App,
    settings: Settings,
    source: str,
    format_name: str | None,
    project: str | None,
    dry_run: bool,
    user_ref: str | None,
    create_user: bool,
    as_json: bool,
) -> None:
    """Restore an export (idempotent: what is already there is skipped; same ids and times), or with --from
    import another memory tool's files (docs/import.md; default user: the local one).

    Example: contextlamp import alice.json; contextlamp import --from mcp-memory memory.jsonl --dry-run
    """
    if format_name is not None:
        from contextlamp.cli.importing import import_from

        import_from(app, settings, format_name, Path(source), project, dry_run, user_ref, create_user, as_json)
        return
    if project is not None or dry_run:
        raise click.UsageError("--project and --dry-run go with --from FORMAT (an export restores its own projects)")
    handle = click.File("r", encoding="utf-8").convert(source, None, click.get_current_context())
    try:
        data = json.loads(handle.read())
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise click.ClickException(f"{handle.name} is not a JSON export: {exc}. {NOT_AN_EXPORT_HINT}") from exc
    except RecursionError as exc:
        raise click.ClickException(f"{handle.name} is not a JSON export: nested too deeply") from exc
    from contextlamp.app.export_format import parse_document
    from contextlamp.errors import InvalidArgumentError

    try:
        document = parse_document(data)
    except InvalidArgumentError as exc:
        if exc.field != "format":  # an export with a bad field: the error names the field
            raise
        raise click.ClickException(f"{handle.name} is not a contextlamp export. {NOT_AN_EXPORT_HINT}") from exc
    total = sum(len(s.entries) for s in document.stores)
    with progress_bar("importing", disable=total < PROGRESS_MIN_ENTRIES or as_json) as bar:
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
        left_out.append(counted(report.entries_with_secrets, "entry", "entries"))
    if report.sessions_with_secrets:
        left_out.append(counted(report.sessions_with_secrets, "session", "sessions"))
    verb = "was" if report.entries_with_secrets + report.sessions_with_secrets == 1 else "were"
    click.echo(
        f"Imported into {report.user_name}: {counted(report.entries_added, 'entry', 'entries')} added, "
        f"{report.entries_skipped} already there, {counted(report.projects, 'project', 'projects')}, "
        f"{counted(report.sessions_added, 'session', 'sessions')} added, {report.sessions_skipped} already there."
        + (f" {' and '.join(left_out)} held a secret and {verb} left out." if left_out else "")
    )
    for item in report.dropped:  # where and why only: never the text itself
        click.echo(f"  {item.where}: {item.reason}")


@click.command(name="migrate")
@click.option("--from", "source", required=True, help="sqlite:DIRECTORY or postgresql://… to copy from.")
@click.option("--to", "target", required=True, help="postgresql://… (or sqlite:DIRECTORY) to copy into.")
@json_option
def migrate_command(source: str, target: str, as_json: bool) -> None:
    """Copy a whole server (users, tokens, projects, teams, every memory with its vectors) to another
    backend, then verify that every user's export is the same on both sides. Safe to run again.

    Example: contextlamp migrate --from sqlite:$HOME/.local/share/contextlamp --to postgresql://cl@db/contextlamp
    """
    from contextlamp.app.parts import configure_logging

    settings = load_settings()
    configure_logging(settings.log_level)
    with cli_errors():
        apps = [_app_at(settings, location) for location in (source, target)]
        try:
            with progress_bar("copying stores", disable=as_json) as bar:
                task = bar.add_task("stores", total=None)
                report = apps[0].migrator.copy_to(
                    apps[1].migrator, lambda done, total: bar.update(task, completed=done, total=total)
                )
        finally:  # the target's write-behind work, then both backends' connections (a PostgreSQL pool left to
            for app in apps:  # the garbage collector may be collected in its own worker thread, which fails)
                finish_indexing(app.service)
                app.service.registry.close()
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


def _embedder_names() -> tuple[str, ...]:
    from contextlamp.embedding import EMBEDDERS

    return EMBEDDERS


@click.command(name="reembed")
@click.option("--to", "name", required=True, type=LazyChoice(_embedder_names), help="The embedder to move to.")
@json_option
def reembed_command(name: str, as_json: bool) -> None:
    """Move every store of this server (the data directory, or CONTEXTLAMP_DATABASE_URL) to another embedding
    model: every memory is embedded again with it, then the stores record it. Stop the servers first. Safe to
    interrupt and run again: it continues where it stopped. Afterwards set CONTEXTLAMP_EMBEDDER to the same
    name wherever this data is served.

    Example: contextlamp reembed --to minilm-int8
    """
    from contextlamp.app.compose import create_reembed_app
    from contextlamp.app.parts import configure_logging

    settings = load_settings()
    configure_logging(settings.log_level)
    with cli_errors():
        app, identity = create_reembed_app(settings, name)
        registry = app.service.registry
        try:
            total = registry.entries_to_reembed(identity)
            with progress_bar("re-embedding", disable=as_json) as bar:
                task = bar.add_task("entries", total=total)
                done = registry.reembed(identity, app.service.entry_embedding, lambda n: bar.advance(task, n))
        finally:
            registry.close()
    if as_json:
        click.echo(json.dumps({"embedder": name, "identity": identity, "entries_embedded": done}))
    else:
        click.echo(
            f"Every store now holds vectors of {identity} ({done} entries embedded by this run). "
            f"Set CONTEXTLAMP_EMBEDDER={name} wherever this data is served."
        )


def _app_at(settings: Settings, location: str) -> App:
    from pydantic import SecretStr

    from contextlamp.app.compose import create_app
    from contextlamp.app.migration import parse_location

    kind, where = parse_location(location)
    if kind == "sqlite":
        changed = settings.model_copy(update={"home": Path(where).expanduser(), "database_url": None})
    else:
        changed = settings.model_copy(update={"database_url": SecretStr(where)})
    return create_app(changed)
