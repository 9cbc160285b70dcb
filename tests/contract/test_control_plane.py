"""Control-plane contract (control_plane.ControlPlane): users, access tokens, external identities, projects, teams
and memberships, on every backend."""

from __future__ import annotations

import pytest

from contextlamp.domain.control_plane import AccessTokenRecord, ControlPlane, Project
from contextlamp.errors import InvalidArgumentError, NotFoundError
from contextlamp.storage import StoreRegistry
from tests.contract.conftest import DAY, T0


@pytest.fixture
def control(registry: StoreRegistry) -> ControlPlane:
    return registry.control


def test_ensure_user_creates_once_and_find_user_takes_id_or_name(control: ControlPlane) -> None:
    ana = control.ensure_user("ana", T0)
    assert ana.startswith("usr_") and control.ensure_user("ana", T0 + 5) == ana
    ben = control.create_user("ben", T0 + 1)
    assert (ben.name, ben.created_at) == ("ben", T0 + 1)
    by_id, by_name = control.find_user(ana), control.find_user("ana")
    assert by_id is not None and by_id == by_name and (by_id.id, by_id.created_at) == (ana, T0)
    assert control.find_user("nobody") is None
    assert [u.name for u in control.users()] == ["ana", "ben"]  # oldest first


def test_create_user_refuses_a_taken_name_or_id(control: ControlPlane) -> None:
    fixed = control.create_user("cai", T0, user_id="usr_fixed0000000000000000000")
    assert fixed.id == "usr_fixed0000000000000000000"
    with pytest.raises(InvalidArgumentError):
        control.create_user("cai", T0 + 1)
    with pytest.raises(InvalidArgumentError):
        control.create_user("dee", T0 + 1, user_id=fixed.id)
    assert [u.name for u in control.users()] == ["cai"]


def test_delete_user_removes_tokens_identities_projects_and_returns_their_stores(control: ControlPlane) -> None:
    ana = control.ensure_user("ana", T0)
    ben = control.ensure_user("ben", T0)
    p1 = control.create_project(ana, "alpha", T0 + 1)
    p2 = control.create_project(ana, "beta", T0 + 2)
    control.add_token(ana, "laptop", "hash-ana", T0, None)
    control.add_token(ben, "laptop", "hash-ben", T0, None)
    control.user_for_identity("https://idp", "sub-ana", "ana", T0)
    assert control.delete_user(ana) == [ana, p1.id, p2.id]  # personal first, then projects
    assert control.find_user(ana) is None and control.projects(ana) == []
    assert control.token_by_hash("hash-ana") is None and [t.user_id for t in control.tokens(None)] == [ben]
    assert control.identities() == []
    with pytest.raises(NotFoundError):
        control.delete_user(ana)


def test_user_for_identity_links_on_first_sight_to_the_named_user(control: ControlPlane) -> None:
    pre = control.create_user("ana", T0)  # an admin pre-created her
    linked = control.user_for_identity("https://idp", "sub-1", "ana", T0 + 1)
    assert linked == pre
    assert control.user_for_identity("https://idp", "sub-1", "renamed", T0 + 2) == pre  # by iss+sub from now on
    fresh = control.user_for_identity("https://other", "sub-1", "ben", T0 + 3)
    assert fresh.name == "ben" and fresh.id != pre.id
    assert sorted(control.identities()) == sorted(
        [("https://idp", "sub-1", pre.id, T0 + 1), ("https://other", "sub-1", fresh.id, T0 + 3)]
    )
    control.restore_identity("https://idp", "sub-1", fresh.id, T0 + 9)  # exists: no-op
    control.restore_identity("https://third", "s", fresh.id, T0 + 9)
    assert ("https://idp", "sub-1", pre.id, T0 + 1) in control.identities()
    assert ("https://third", "s", fresh.id, T0 + 9) in control.identities()


def test_tokens_add_find_touch_revoke(control: ControlPlane) -> None:
    ana = control.ensure_user("ana", T0)
    ben = control.ensure_user("ben", T0)
    first = control.add_token(ana, "laptop", "h1", T0 + 1, T0 + DAY)
    second = control.add_token(ben, "ci", "h2", T0 + 2, None)
    assert first.id.startswith("tok_") and (first.user_id, first.name, first.created_at) == (ana, "laptop", T0 + 1)
    assert (first.expires_at, first.last_used_at, first.revoked_at) == (T0 + DAY, None, None)
    assert control.token_by_hash("h1") == first and control.token_by_hash("nope") is None
    assert control.tokens(ana) == [first] and control.tokens(None) == [first, second]
    control.touch_token(first.id, T0 + 10)
    touched = control.token_by_hash("h1")
    assert touched is not None and touched.last_used_at == T0 + 10
    assert control.revoke_token(first.id, T0 + 20)
    assert not control.revoke_token(first.id, T0 + 30) and not control.revoke_token("tok_unknown", T0)
    revoked = control.token_by_hash("h1")  # revoked tokens are still found (the caller refuses them)
    assert revoked is not None and revoked.revoked_at == T0 + 20
    assert [(r.id, h) for r, h in control.token_hashes()] == [(first.id, "h1"), (second.id, "h2")]


def test_restore_token_inserts_as_it_was_once(control: ControlPlane) -> None:
    ana = control.ensure_user("ana", T0)
    record = AccessTokenRecord("tok_restored00000000000000000", ana, "old", T0, T0 + DAY, T0 + 5, T0 + 6)
    control.restore_token(record, "hash-r")
    control.restore_token(AccessTokenRecord(record.id, ana, "again", T0 + 1, None, None, None), "hash-x")
    assert control.token_hashes() == [(record, "hash-r")]


def test_projects_create_find_list_restore(control: ControlPlane) -> None:
    ana = control.ensure_user("ana", T0)
    ben = control.ensure_user("ben", T0)
    web = control.create_project(ana, "web", T0 + 1)
    assert web.id.startswith("prj_") and (web.slug, web.owner_id, web.created_at) == ("web", ana, T0 + 1)
    assert control.create_project(ana, "web", T0 + 9) == web  # exists: returned as it is
    api = control.create_project(ana, "api", T0 + 2)
    assert control.find_project(ana, "web") == web and control.find_project(ana, web.id) == web
    assert control.find_project(ben, "web") is None and control.find_project(ben, web.id) is None
    assert control.projects(ana) == [web, api] and control.projects(ben) == []
    restored = control.restore_project(Project("prj_imported000000000000000000", "docs", ben, "docs", T0 + 3))
    assert restored == Project("prj_imported000000000000000000", "docs", ben, "docs", T0 + 3)
    assert control.restore_project(Project("prj_other00000000000000000000", "docs", ben, "docs", T0 + 4)) == restored
    moved = control.restore_project(Project(web.id, "web", ben, "web", T0 + 5))  # id taken by ana's project
    assert moved.owner_id == ben and moved.slug == "web" and moved.id != web.id
    assert control.find_project(ana, web.id) == web


def test_teams_and_memberships(control: ControlPlane) -> None:
    ana = control.ensure_user("ana", T0)
    ben = control.ensure_user("ben", T0)
    core = control.create_team("core", "Core team", T0 + 1)
    ops = control.create_team("ops", "Ops", T0 + 2, team_id="team_fixed00000000000000000")
    assert core.id.startswith("team_") and (core.slug, core.name, core.created_at) == ("core", "Core team", T0 + 1)
    assert ops.id == "team_fixed00000000000000000"
    with pytest.raises(InvalidArgumentError):
        control.create_team("core", "again", T0 + 3)
    with pytest.raises(InvalidArgumentError):
        control.create_team("other", "same id", T0 + 3, team_id=ops.id)
    assert control.find_team("core") == core and control.find_team(core.id) == core and control.find_team("x") is None
    assert control.teams() == [core, ops]
    control.set_member(core.id, ana, "admin", T0 + 10)
    control.set_member(core.id, ben, "member", T0 + 11)
    control.set_member(ops.id, ana, "member", T0 + 12)
    control.set_member(core.id, ben, "admin", T0 + 20)  # a role change keeps the join time
    assert [(m.user_id, m.role, m.added_at) for m in control.members(core.id)] == [
        (ana, "admin", T0 + 10),
        (ben, "admin", T0 + 11),
    ]
    assert control.memberships(ana) == [(core, "admin"), (ops, "member")]  # oldest team first
    assert control.remove_member(core.id, ben) and not control.remove_member(core.id, ben)
    assert control.memberships(ben) == [] and [m.user_id for m in control.members(core.id)] == [ana]


def test_repository_paths_map_to_projects_and_follow_their_deletion(control: ControlPlane) -> None:
    # issue #15.4: a hook's repository folder maps to one project; a project may have several folders (clones)
    ana = control.ensure_user("ana", T0)
    ben = control.ensure_user("ben", T0)
    web = control.create_project(ana, "web-app", T0)
    api = control.create_project(ana, "api", T0 + 1)
    assert control.project_for_path(ana, "/src/web-app") is None
    control.map_path(ana, "/src/web-app", web.id, T0 + 2)
    control.map_path(ana, "/tmp/web-app-clone", web.id, T0 + 3)
    control.map_path(ana, "/src/api", api.id, T0 + 4)
    assert control.project_for_path(ana, "/src/web-app") == web
    assert control.project_for_path(ben, "/src/web-app") is None  # another user's mapping is not theirs
    assert control.project_paths(ana) == [
        (web.id, "/src/web-app"),
        (web.id, "/tmp/web-app-clone"),
        (api.id, "/src/api"),
    ]
    control.map_path(ana, "/src/api", web.id, T0 + 5)  # remapped, not duplicated
    assert control.project_for_path(ana, "/src/api") == web and len(control.project_paths(ana)) == 3
    control.delete_user(ana)
    assert control.project_paths(ana) == []


def test_repository_identities_map_to_projects_first_mapping_wins_and_follow_deletion(control: ControlPlane) -> None:
    # issue #27.3: a repository's identity (full normalised remote, or path) maps to one project per user
    ana = control.ensure_user("ana", T0)
    ben = control.ensure_user("ben", T0)
    web = control.create_project(ana, "web-app", T0)
    other = control.create_project(ana, "attacker-web-app", T0 + 1)
    assert control.project_for_repository(ana, "git:github.com/acme/web-app") is None
    assert control.map_repository(ana, "git:github.com/acme/web-app", web.id, T0 + 2) == web
    assert control.map_repository(ana, "git:github.com/attacker/web-app", other.id, T0 + 3) == other
    assert control.map_repository(ana, "git:github.com/acme/web-app", other.id, T0 + 4) == web  # the first stays
    assert control.project_for_repository(ana, "git:github.com/acme/web-app") == web
    assert control.project_for_repository(ben, "git:github.com/acme/web-app") is None  # not another user's
    control.map_repository(ana, "path:/src/web-app", web.id, T0 + 5)
    assert control.repository_identities(web.id) == ["git:github.com/acme/web-app", "path:/src/web-app"]
    assert control.repository_identities(other.id) == ["git:github.com/attacker/web-app"]
    control.delete_user(ana)
    assert control.project_for_repository(ana, "git:github.com/acme/web-app") is None
    assert control.repository_identities(web.id) == []


def test_imported_keys_are_recorded_per_user_and_store_and_go_with_the_user(control: ControlPlane) -> None:
    ana, ben = control.ensure_user("ana", T0), control.ensure_user("ben", T0)
    web = control.create_project(ana, "web", T0)
    keys = [f"{n:064x}" for n in range(1200)]  # more than one look-up batch
    assert control.imported_keys(ana, ana, keys) == set()
    for key in keys[:700]:
        control.record_imported(ana, ana, key, "ctx_x", T0 + 1)
    control.record_imported(ana, ana, keys[0], "ctx_other", T0 + 2)  # a second record of a key changes nothing
    control.record_imported(ana, web.id, keys[900], None, T0 + 3)  # a conversation that became nothing
    assert control.imported_keys(ana, ana, keys) == set(keys[:700])
    assert control.imported_keys(ana, web.id, keys) == {keys[900]}  # per store: another project is not it
    assert control.imported_keys(ben, ana, keys) == set()  # per user
    control.delete_user(ana)
    assert control.imported_keys(ana, ana, keys) == set()  # the records went with their user
