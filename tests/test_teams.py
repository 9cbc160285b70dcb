"""Teams: shared learnings with trust, the scopes that read them, and who may do what."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from contextlamp.app.accounts import Accounts
from contextlamp.app.export_format import parse_document
from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.cli.main import cli
from contextlamp.domain.models import Pack
from contextlamp.domain.trust import same_claim
from contextlamp.errors import InvalidArgumentError
from tests.conftest import Clock
from tests.wiring import app_of


@pytest.fixture
def accounts(service: MemoryService, clock: Clock) -> Accounts:
    return Accounts(service.registry, clock)


@pytest.fixture
def carol(service: MemoryService) -> Caller:
    return Caller(principal=service.principal("carol"), surface="codex")


@pytest.fixture
def outsider(service: MemoryService) -> Caller:
    return Caller(principal=service.principal("mallory"), surface="cursor")


@pytest.fixture
def team(accounts: Accounts, alice: Caller, bob: Caller, carol: Caller) -> str:
    created = accounts.create_team("platform", "Platform team", "alice")
    accounts.add_member("platform", "bob", "member")
    accounts.add_member("platform", "carol", "member")
    return created.id


def _team_packs(service: MemoryService, caller: Caller, query: str, **kwargs: object) -> list[Pack]:
    return [
        p for p in service.get_context(caller, query, max_results=20, **kwargs).packs if p.scope.startswith("team:")
    ]


def _trust(service: MemoryService, caller: Caller, entry_id: str) -> str | None:
    items = service.list_context(caller, limit=200, team="platform", include_superseded=True).items
    return next(i.trust for i in items if i.id == entry_id)


# -- trust transitions ------------------------------------------------------------------------------


def test_first_contribution_is_unverified_and_attributed(
    service: MemoryService, alice: Caller, bob: Caller, team: str
) -> None:
    saved = service.save_context(alice, "Deploys happen on Thursdays after the standup", team="platform")
    assert not saved.deduped
    packs = _team_packs(service, bob, "when do deploys happen")
    assert [(p.id, p.trust, p.contributed_by, p.scope) for p in packs] == [
        (saved.id, "unverified", "alice", f"team:{team}")
    ]


def test_same_content_from_another_member_verifies(
    service: MemoryService, alice: Caller, bob: Caller, team: str, clock: Clock
) -> None:
    first = service.save_context(alice, "We use pnpm in every repository", team="platform")
    again = service.save_context(alice, "We use pnpm in every repository", team="platform")
    assert again.id == first.id and _trust(service, alice, first.id) == "unverified"  # self-confirmation is not
    second = service.save_context(bob, "We use pnpm in every repository", team="platform")
    assert second.id == first.id and second.deduped
    assert _trust(service, alice, first.id) == "verified"
    store = service.registry.store(team)
    corroborations = store.corroborations([first.id])[first.id]
    assert [(who, similarity) for who, _, similarity in corroborations] == [(bob.principal.user_id, 1.0)]
    assert corroborations[0][1] <= clock.now


def test_a_near_identical_restatement_verifies_but_a_contradiction_does_not(
    service: MemoryService, alice: Caller, bob: Caller, carol: Caller, team: str
) -> None:
    first = service.save_context(alice, "Deploys happen on Thursdays after the standup", team="platform")
    contradiction = service.save_context(bob, "Deploys happen on Tuesdays after the standup", team="platform")
    assert contradiction.id != first.id and not contradiction.deduped
    assert _trust(service, alice, first.id) == "unverified"
    restated = service.save_context(carol, "Deploys happen on Thursdays, after the standup", team="platform")
    assert restated.id == first.id and restated.deduped
    assert _trust(service, alice, first.id) == "verified"
    assert same_claim("5,000 EUR", "5000 EUR") and not same_claim("every two weeks", "every week")


def test_disagreeing_members_are_contested_until_settled_by_a_third(
    service: MemoryService, alice: Caller, bob: Caller, carol: Caller, team: str
) -> None:
    a = service.save_context(alice, "Staging runs PostgreSQL 16", topic="staging database", team="platform")
    b = service.save_context(bob, "Staging runs MySQL 8", topic="staging database", team="platform")
    assert _trust(service, alice, a.id) == _trust(service, alice, b.id) == "contested"
    both = {p.id for p in _team_packs(service, carol, "staging database")}
    assert {a.id, b.id} <= both  # both kept, both visible
    service.save_context(carol, "Staging runs PostgreSQL 16", team="platform")  # a third member corroborates
    assert _trust(service, alice, a.id) == "verified"
    current = {p.id for p in _team_packs(service, carol, "staging database")}
    assert a.id in current and b.id not in current  # settled: the rival is history now
    history = service.list_context(alice, team="platform", include_superseded=True).items
    assert any(i.id == b.id and i.superseded_by == a.id for i in history)


def test_a_contest_ends_when_one_side_is_forgotten(
    service: MemoryService, alice: Caller, bob: Caller, team: str
) -> None:
    a = service.save_context(alice, "The office closes at 18:00", topic="office hours", team="platform")
    b = service.save_context(bob, "The office closes at 20:00", topic="office hours", team="platform")
    assert _trust(service, alice, a.id) == "contested"
    assert service.forget_context(bob, b.id).forgotten
    assert _trust(service, alice, a.id) == "unverified"


def test_a_member_updating_their_own_learning_is_not_a_contest(
    service: MemoryService, alice: Caller, team: str
) -> None:
    old = service.save_context(alice, "Lunch is at 12:00", topic="lunch", team="platform")
    new = service.save_context(alice, "Lunch is at 12:30", topic="lunch", team="platform")
    assert _trust(service, alice, new.id) == "unverified"
    items = service.list_context(alice, team="platform", include_superseded=True).items
    assert next(i for i in items if i.id == old.id).superseded_by == new.id


# -- scopes and weighting ---------------------------------------------------------------------------


def test_every_scope_reads_what_it_names(
    service: MemoryService, accounts: Accounts, alice: Caller, bob: Caller, team: str
) -> None:
    accounts.create_team("mobile", None, "alice")
    personal = service.save_context(alice, "Alice keeps her release notes in Notion")
    shared = service.save_context(bob, "Release notes are published on Fridays", team="platform")
    mobile = service.save_context(alice, "Mobile release notes go to the app stores", team="mobile")
    query = "release notes"
    ids = lambda **kw: {p.id for p in service.get_context(alice, query, max_results=20, **kw).packs}  # noqa: E731
    assert ids() == {personal.id, shared.id, mobile.id}  # default scope all
    assert ids(scope="personal") == {personal.id}
    assert ids(scope="team") == {shared.id, mobile.id}
    assert ids(scope=f"team:{team}") == {shared.id}
    assert ids(scope="team:mobile") == {mobile.id}  # a slug works too
    assert ids(scope="all", verified_only=True) == {personal.id}  # personal always stays
    service.save_context(alice, "Release notes are published on Fridays", team="platform")
    assert ids(scope="all", verified_only=True) == {personal.id, shared.id}
    with pytest.raises(InvalidArgumentError, match="scope"):
        service.get_context(bob, query, scope="team:mobile")  # bob is not in mobile
    with pytest.raises(InvalidArgumentError, match="scope"):
        service.get_context(bob, query, scope="shared")


def test_trust_orders_team_packs_and_personal_wins_ties(
    service: MemoryService, alice: Caller, bob: Caller, carol: Caller, team: str
) -> None:
    text = "Code reviews need two approvals before merging"
    verified = service.save_context(bob, text, team="platform")
    service.save_context(carol, text, team="platform")
    personal = service.save_context(alice, text)  # same text, personal store: wins the tie with verified
    packs = service.get_context(alice, "code reviews approvals merging", max_results=5).packs
    assert [p.id for p in packs[:2]] == [personal.id, verified.id]
    unverified = service.save_context(bob, "Design reviews need two approvals before merging", team="platform")
    contested_a = service.save_context(bob, "Hotfixes need two approvals", topic="hotfix reviews", team="platform")
    contested_b = service.save_context(carol, "Hotfixes need one approval", topic="hotfix reviews", team="platform")
    scores = {p.id: p.score for p in _team_packs(service, alice, "reviews need two approvals")}
    assert scores[verified.id] > scores[unverified.id]
    assert scores[unverified.id] > max(scores.get(contested_a.id, 0), scores.get(contested_b.id, 0))


# -- who may do what --------------------------------------------------------------------------------


def test_a_non_member_gets_the_unknown_team_answer_from_every_tool(
    service: MemoryService, alice: Caller, outsider: Caller, team: str
) -> None:
    learning = service.save_context(alice, "The VPN endpoint is vpn.example.com", team="platform")

    def message(call: object) -> str:
        with pytest.raises(InvalidArgumentError) as caught:
            call()  # type: ignore[operator]
        return str(caught.value)

    for ref in ("platform", team):
        known = message(lambda: service.save_context(outsider, "x y z", team=ref))  # noqa: B023
        unknown = message(lambda: service.save_context(outsider, "x y z", team="no-such-team"))
        assert known.replace(ref, "T") == unknown.replace("no-such-team", "T")
        assert "platform" not in message(lambda: service.list_context(outsider, team=ref)).replace(ref, "")  # noqa: B023
        scoped = message(lambda: service.get_context(outsider, "vpn", scope=f"team:{ref}"))  # noqa: B023
        assert scoped.replace(ref, "T") == message(
            lambda: service.get_context(outsider, "vpn", scope="team:zz")
        ).replace("zz", "T")
    assert service.get_context(outsider, "vpn endpoint", scope="team").packs == []
    assert all(p.id != learning.id for p in service.get_context(outsider, "vpn endpoint").packs)
    unknown_forget = service.forget_context(outsider, "ctx_" + "a" * 26, confirm=False)
    assert service.forget_context(outsider, learning.id, confirm=False) == unknown_forget
    assert service.forget_context(outsider, learning.id) == service.forget_context(outsider, "ctx_" + "a" * 26)
    assert _team_packs(service, alice, "vpn endpoint")[0].id == learning.id  # still there


def test_only_the_contributor_or_an_admin_can_forget(
    service: MemoryService, alice: Caller, bob: Caller, carol: Caller, team: str
) -> None:
    by_bob = service.save_context(bob, "The staging cluster is k8s-stg-2", team="platform")
    by_carol = service.save_context(carol, "The prod cluster is k8s-prd-1", team="platform")
    with pytest.raises(InvalidArgumentError, match="contributor or a team admin"):
        service.forget_context(carol, by_bob.id)
    assert service.forget_context(bob, by_bob.id).forgotten  # the contributor
    assert service.forget_context(alice, by_carol.id).forgotten  # an admin
    assert _team_packs(service, carol, "cluster") == []


def test_team_and_project_together_are_refused(service: MemoryService, alice: Caller, team: str) -> None:
    with pytest.raises(InvalidArgumentError, match="'team'"):
        service.save_context(alice, "Something", team="platform", project="web")
    with pytest.raises(InvalidArgumentError, match="'team'"):
        service.list_context(alice, team="platform", project="web")


def test_a_removed_member_loses_access_at_once_and_keeps_attribution(
    service: MemoryService, accounts: Accounts, alice: Caller, bob: Caller, team: str
) -> None:
    learning = service.save_context(bob, "Terraform state lives in the tf-state bucket", team="platform")
    assert _team_packs(service, bob, "terraform state")
    accounts.remove_member("platform", "bob")
    assert _team_packs(service, bob, "terraform state") == []
    with pytest.raises(InvalidArgumentError, match="team"):
        service.save_context(bob, "Another learning", team="platform")
    with pytest.raises(InvalidArgumentError, match="team"):
        service.list_context(bob, team="platform")
    assert not service.forget_context(bob, learning.id).forgotten
    packs = _team_packs(service, alice, "terraform state")
    assert [(p.id, p.contributed_by) for p in packs] == [(learning.id, "bob")]


def test_deleting_a_user_removes_their_team_learnings(
    service: MemoryService, accounts: Accounts, alice: Caller, bob: Caller, team: str
) -> None:
    kept = service.save_context(alice, "Grafana dashboards live in the ops folder", team="platform")
    gone = service.save_context(bob, "Bob's rule: never deploy after 16:00", team="platform")
    accounts.delete_user("bob")
    ids = {i.id for i in service.list_context(alice, team="platform", include_superseded=True).items}
    assert kept.id in ids and gone.id not in ids


def test_export_carries_own_team_contributions(
    service: MemoryService, alice: Caller, bob: Caller, team: str, tmp_path: Path, clock: Clock
) -> None:
    mine = service.save_context(alice, "The platform on-call handbook is in the wiki", team="platform")
    theirs = service.save_context(bob, "Bob's learning stays Bob's", team="platform")
    user = service.registry.control.find_user("alice")
    assert user is not None
    document = app_of(service).porter.export_user(user)
    team_stores = [s for s in document["stores"] if s["scope"] == "team"]
    assert [s["team"]["slug"] for s in team_stores] == ["platform"]
    assert [e["id"] for e in team_stores[0]["entries"]] == [mine.id]
    assert theirs.id not in json.dumps(document)

    from contextlamp.embedding import FakeEmbedder
    from contextlamp.storage import StoreRegistry

    embedder = FakeEmbedder()
    other = MemoryService(
        StoreRegistry(tmp_path / "other", embedder.identity, embedder.dim),
        embedder,
        indexer=Indexer(embedder.embed, inline=True),
        clock=clock,
    )
    app_of(other).porter.import_document(parse_document(document))
    restored = other.registry.control.find_user("alice")
    assert restored is not None
    assert app_of(other).porter.export_user(restored) == document


def test_cli_team_commands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTEXTLAMP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "fake")
    runner = CliRunner()
    for name in ("alice", "bob"):
        assert runner.invoke(cli, ["user", "create", name]).exit_code == 0
    created = runner.invoke(cli, ["team", "create", "Platform", "--owner", "alice", "--json"])
    assert created.exit_code == 0, created.output
    assert json.loads(created.output)["slug"] == "platform"
    assert json.loads(created.output)["id"].startswith("team_")
    assert runner.invoke(cli, ["team", "add", "platform", "bob"]).exit_code == 0
    assert runner.invoke(cli, ["team", "add", "platform", "nobody"]).exit_code != 0
    assert runner.invoke(cli, ["team", "create", "platform"]).exit_code != 0  # taken
    listed = json.loads(runner.invoke(cli, ["team", "list", "--json"]).output)
    assert listed[0]["members"] == [{"user": "alice", "role": "admin"}, {"user": "bob", "role": "member"}]
    assert runner.invoke(cli, ["team", "remove", "platform", "bob"]).exit_code == 0
    assert runner.invoke(cli, ["team", "remove", "platform", "bob"]).exit_code != 0
    listed = json.loads(runner.invoke(cli, ["team", "list", "--json"]).output)
    assert listed[0]["members"] == [{"user": "alice", "role": "admin"}]
