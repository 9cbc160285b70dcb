"""``contextlamp team``: teams of the shared server and their members (every command takes ``--json``)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from contextlamp.cli.common import json_option, print_table, table, with_app

if TYPE_CHECKING:
    from contextlamp.app.compose import App
    from contextlamp.config import Settings


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
@json_option
@with_app
def team_add(app: App, _settings: Settings, team_ref: str, user_ref: str, role: str, as_json: bool) -> None:
    """Add a user to a team (or change their role). Admins may forget any learning of the team.

    Example: contextlamp team add platform bob --role admin
    """
    membership = app.accounts.add_member(team_ref, user_ref, role)
    slug = app.accounts.team(team_ref).slug
    if as_json:
        name = app.accounts.user(membership.user_id).name
        data = {"team_id": membership.team_id, "team": slug, "user_id": membership.user_id, "user": name}
        click.echo(json.dumps({**data, "role": membership.role}))
    else:
        click.echo(f"{user_ref} is now {'an admin' if membership.role == 'admin' else 'a member'} of team {slug}.")


@team.command(name="remove")
@click.argument("team_ref", metavar="TEAM")
@click.argument("user_ref", metavar="USER")
@json_option
@with_app
def team_remove(app: App, _settings: Settings, team_ref: str, user_ref: str, as_json: bool) -> None:
    """Remove a member: their access ends at once; their past learnings stay, attributed to them.

    Example: contextlamp team remove platform bob
    """
    found, member = app.accounts.team(team_ref), app.accounts.user(user_ref)
    app.accounts.remove_member(found.id, member.id)
    if as_json:
        data = {"team_id": found.id, "team": found.slug, "user_id": member.id, "user": member.name}
        click.echo(json.dumps({**data, "removed": True}))
    else:
        click.echo(f"{user_ref} removed from team {found.slug}.")


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
    from rich.text import Text

    made = table("teams", ("slug", "name", "members", "id"), ids=("id",))
    for item, members in found:
        who = ", ".join(f"{names.get(m.user_id, m.user_id)}{' (admin)' if m.role == 'admin' else ''}" for m in members)
        made.add_row(Text(item.slug), Text(item.name), Text(who), item.id)
    print_table(made if found else Text("No teams yet.", style="dim"))
