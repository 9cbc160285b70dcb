"""``contextlamp connect [CLIENT]``: write (or remove) contextlamp's MCP entry and hooks in a client's own
configuration, or list the clients found and whether each is connected.

Thin: the files, formats and edits live in ``contextlamp.clients`` (imported in the command's body, so
``--help`` loads none of it). What the server entry carries: the absolute path of this install's
``contextlamp`` executable and an ``env`` block with the data directory and user this shell resolves
(``CONTEXTLAMP_HOME``, ``CONTEXTLAMP_USER``), since clients start servers with a stripped environment.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from contextlamp import printed
from contextlamp.cli.common import cli_errors, setting_from_env

if TYPE_CHECKING:
    from contextlamp.clients.catalog import Places
    from contextlamp.clients.plan import Status

CLIENT_CHOICES = ("claude-code", "claude-desktop", "cursor", "codex", "vscode", "gemini-cli", "windsurf")


def installed_executable() -> str:
    """The absolute path of the running install's ``contextlamp`` executable: the one beside
    ``sys.executable`` (a virtual environment's ``bin``/``Scripts``), else the first on ``PATH``. Symbolic
    links are kept as they are (a pipx link stays valid when the venv is rebuilt); only a relative path is
    made absolute. Raises ``click.ClickException`` when there is none."""
    name = "contextlamp.exe" if os.name == "nt" else "contextlamp"
    beside = Path(sys.executable).parent / name
    if beside.is_file():
        return os.path.abspath(beside)
    found = shutil.which("contextlamp")
    if found:
        return os.path.abspath(found)
    raise click.ClickException(
        "No contextlamp executable found beside this Python or on PATH; install contextlamp (pip install -e .)."
    )


def env_block(environ: dict[str, str], home: str | None = None) -> dict[str, str]:
    """``CONTEXTLAMP_HOME`` (absolute: ``home``, else the environment's) and ``CONTEXTLAMP_USER`` as this
    environment resolves them (their defaults from ``contextlamp.paths`` when unset), for the stdio server's
    ``env`` block."""
    from contextlamp.paths import data_home, default_user

    user = setting_from_env(environ, "user")
    return {
        "CONTEXTLAMP_HOME": str(data_home(home or setting_from_env(environ, "home"))),
        "CONTEXTLAMP_USER": user or default_user(),
    }


def check_home(path: Path, explicit: bool, create: bool, environ: dict[str, str]) -> str | None:
    """Refuse a data directory that holds no store when it was named explicitly (``--home`` or
    ``CONTEXTLAMP_HOME``: a typo would silently start a new, empty store) unless ``create``; the note to show
    when the default one has no store yet. Raises ``click.ClickException`` naming the path."""
    from contextlamp.clients.checks import holds_store

    if setting_from_env(environ, "database_url") or holds_store(path):
        return None
    if explicit and not create:
        state = "does not exist" if not path.exists() else "holds no contextlamp store"
        raise click.ClickException(
            f"The data directory {path} {state}: connecting would start a new, empty memory there. Check the "
            "path (--home or CONTEXTLAMP_HOME); to start a new store in that folder, add --create-home."
        )
    return printed.HOME_NOTE.format(path=path)


@click.command(name="connect")
@click.argument("client_id", metavar="[CLIENT]", required=False, type=click.Choice(CLIENT_CHOICES))
@click.option("--remove", is_flag=True, help="Take out what connect added (the entry and our hooks).")
@click.option(
    "--scope",
    type=click.Choice(("user", "project")),
    default="user",
    show_default=True,
    help="user: every project; project: this repository's own file (where the client has one).",
)
@click.option("--url", help="Use the shared HTTP server at this URL (e.g. https://mem.example.com/mcp).")
@click.option("--token-env", help="With --url: the environment variable holding your bearer token (never the token).")
@click.option("--no-hooks", is_flag=True, help="Do not install (or remove) lifecycle hooks.")
@click.option(
    "--home",
    "home",
    metavar="DIR",
    help="The data directory the entry and hooks use (default: CONTEXTLAMP_HOME, else ~/.local/share/contextlamp).",
)
@click.option("--create-home", is_flag=True, help="Accept a --home / CONTEXTLAMP_HOME that holds no store yet.")
@click.option(
    "--digest/--no-digest",
    default=True,
    show_default=True,
    help="At a pause after durable things were said, ask the agent once to save a digest (one extra agent turn).",
)
@click.option("--dry-run", is_flag=True, help="Print the diff of what would change; write nothing.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def connect_command(
    client_id: str | None,
    remove: bool,
    scope: str,
    url: str | None,
    token_env: str | None,
    no_hooks: bool,
    home: str | None,
    create_home: bool,
    digest: bool,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Connect an AI tool to contextlamp: its MCP entry (and lifecycle hooks) in the tool's own config file.

    Without CLIENT: list the tools found here and whether each is connected. Clients: claude-code,
    claude-desktop, cursor, codex, vscode, gemini-cli, windsurf. Every changed file is backed up first
    (<file>.contextlamp-backup-<time>); running it twice changes nothing.

    Example: contextlamp connect claude-code
    """
    from contextlamp.clients.catalog import client, default_places
    from contextlamp.clients.plan import apply, plan_connect, plan_remove, render_diff

    places = default_places()
    if client_id is None:
        _print_status(places, as_json)
        return
    target = client(client_id)
    with cli_errors():
        if remove:
            plan = plan_remove(target, places, scope, hooks=not no_hooks)  # type: ignore[arg-type]
        else:
            exe = installed_executable()
            environ = dict(os.environ)
            block = env_block(environ, home)
            explicit = bool(home or setting_from_env(environ, "home"))
            home_note = None if url else check_home(Path(block["CONTEXTLAMP_HOME"]), explicit, create_home, environ)
            plan = plan_connect(
                target,
                places,
                scope,  # type: ignore[arg-type]
                exe,
                block,
                url=url,
                token_env=token_env,
                hooks=not no_hooks,
                digest=digest,
            )
            if home_note:
                plan.notes.append(home_note)
            if target.id == "gemini-cli" and url is None:
                from contextlamp.clients.checks import gemini_trust_note

                trust = gemini_trust_note(places)
                if trust:
                    plan.notes.append(trust)
            if setting_from_env(environ, "database_url") and url is None:
                plan.notes.append(printed.DATABASE_URL_NOTE)
        changed = plan.changed
        written = [] if dry_run else apply(plan)
    if as_json:
        files = [
            {"file": str(c.path), "created": c.before is None, "backup": str(b) if b else None}
            for c, (_p, b) in zip(changed, written or [(c.path, None) for c in changed], strict=True)
        ]
        click.echo(
            json.dumps({"client": client_id, "dry_run": dry_run, "changed": files, "notes": plan.notes}, indent=2)
        )
        return
    if dry_run:
        diff = render_diff(plan)
        click.echo(diff if diff else printed.NOTHING_TO_CHANGE.format(name=target.name), nl=not diff)
    elif not changed:
        click.echo(printed.UNCHANGED.format(name=target.name, state="removed" if remove else "connected"))
    else:
        for path, backup in written:
            how = printed.WROTE_BACKUP.format(backup=backup) if backup else printed.WROTE_NEW
            click.echo(printed.WROTE.format(verb="Updated" if remove else "Wrote", path=path, how=how))
        click.echo(printed.CONNECTED.format(name=target.name, state="disconnected" if remove else "connected"))
    for note in plan.notes:
        click.echo(printed.NOTE.format(note=note), err=True)


def _print_status(places: Places, as_json: bool) -> None:
    from contextlamp.clients.plan import status

    rows = status(places)
    if as_json:
        payload = [
            {
                "client": r.id,
                "name": r.name,
                "detected": r.detected,
                "connected": r.connected,
                "command_valid": r.valid,
                "hooks": r.hooks,
                "files": r.files,
                "data_dirs_without_store": r.empty_homes,
            }
            for r in rows
        ]
        click.echo(json.dumps({"clients": payload}, indent=2))
        return
    from rich.text import Text

    from contextlamp.cli.common import print_table, table

    made = table("clients", printed.CLIENT_COLUMNS, ids=("client",))
    for row in rows:
        made.add_row(row.id, "yes" if row.detected else "no", _connected(row), _valid(row), row.hooks or "-")
    print_table(made)
    for row in rows:
        for home in row.empty_homes:
            note = printed.EMPTY_HOME_NOTE.format(client=row.id, home=home)
            click.echo(printed.NOTE.format(note=note), err=True)
        if row.hooks in ("broken", "untrusted"):
            why = "an executable is gone or does not answer" if row.hooks == "broken" else "Codex would skip them"
            note = printed.HOOKS_NOTE.format(client=row.id, state=row.hooks, why=why)
            click.echo(printed.NOTE.format(note=note), err=True)
    click.echo(Text(printed.CONNECT_ONE).plain)


def _connected(row: Status) -> str:
    scopes = [f"{scope} ({kind})" for scope, kind in row.connected.items() if kind]
    return ", ".join(scopes) if scopes else "no"


def _valid(row: Status) -> str:
    return "-" if row.valid is None else "ok" if row.valid else "missing"
