"""Store contract: the team ledger (contributed learnings, trust, corroborations, removing a user's
contributions), on every backend."""

from __future__ import annotations

from contextlamp.domain.ports import Store
from tests.contract import ops
from tests.contract.conftest import T0, Maker

ANA, BEN, CAI = "usr_ana", "usr_ben", "usr_cai"


def test_a_team_learning_starts_unverified_and_personal_entries_carry_no_trust(team: Maker, make: Maker) -> None:
    learning = team.save("Build with make -j4.", topic="build", by=ANA)
    assert (learning.contributed_by, learning.trust) == (ANA, "unverified")
    assert make.save("Build with make -j4.", topic="build").trust is None


def test_a_learning_supersedes_only_its_own_contributors_entries_and_contests(team: Maker) -> None:
    ana_old = team.save("Deploy with Ansible.", topic="deploy", by=ANA)
    ben = team.save("Deploy with Terraform.", topic="deploy", by=BEN)
    assert team.get(ana_old.id).superseded_by is None  # another contributor's entry is not replaced
    assert {team.get(ana_old.id).trust, team.get(ben.id).trust} == {"contested"}
    ana_new = team.save("Deploy with Ansible 9.", topic="deploy", by=ANA)
    assert team.get(ana_old.id).superseded_by == ana_new.id
    assert team.get(ana_new.id).trust == "contested" and team.get(ben.id).trust == "contested"


def test_corroboration_verifies_and_settles_the_topic(team: Maker, team_store: Store) -> None:
    ana = team.save("Use Postgres 18.", topic="database", by=ANA)
    ben = team.save("Use MySQL 8.", topic="database", by=BEN)
    assert ops.corroborate(team_store, ana.id, CAI, 0.93, T0 + 100)
    won, lost = team.get(ana.id), team.get(ben.id)
    assert (won.trust, won.superseded_by) == ("verified", None)
    assert lost.superseded_by == ana.id
    assert team_store.corroborations([ana.id, ben.id]) == {ana.id: [(CAI, T0 + 100, 0.93)]}


def test_corroborating_an_old_version_makes_it_current(team: Maker, team_store: Store) -> None:
    old = team.save("Lint with flake8.", topic="lint", by=ANA)
    new = team.save("Lint with ruff.", topic="lint", by=ANA)
    assert team.get(old.id).superseded_by == new.id
    assert ops.corroborate(team_store, old.id, BEN, 1.0, T0 + 100)
    assert team.get(old.id).superseded_by is None and team.get(new.id).superseded_by == old.id


def test_corroborate_refuses_own_contributor_unknown_ids_and_personal_entries(
    team: Maker, team_store: Store, make: Maker, store: Store
) -> None:
    learning = team.save("Cache with Redis.", by=ANA)
    assert not ops.corroborate(team_store, learning.id, ANA, 1.0, T0 + 100)
    assert not ops.corroborate(team_store, "ctx_unknown", BEN, 1.0, T0 + 100)
    personal = make.save("Cache with Redis.")
    assert not ops.corroborate(store, personal.id, BEN, 1.0, T0 + 100)
    assert team_store.corroborations([learning.id]) == {} and store.corroborations([personal.id]) == {}
    assert team.get(learning.id).trust == "unverified"


def test_corroborations_are_listed_oldest_first_and_once_per_user(team: Maker, team_store: Store) -> None:
    learning = team.save("Tests run with pytest.", by=ANA)
    assert ops.corroborate(team_store, learning.id, CAI, 0.9, T0 + 200)
    assert ops.corroborate(team_store, learning.id, BEN, 1.0, T0 + 100)
    ops.corroborate(team_store, learning.id, BEN, 0.5, T0 + 300)  # already recorded: kept as it was
    assert team_store.corroborations([learning.id, "ctx_unknown"]) == {
        learning.id: [(BEN, T0 + 100, 1.0), (CAI, T0 + 200, 0.9)]
    }
    assert team_store.corroborations([]) == {}


def test_restore_corroborations_copies_rows_without_changing_trust(team: Maker, team_store: Store) -> None:
    learning = team.save("Docs live in docs/.", by=ANA)
    team_store.restore_corroborations(learning.id, [(BEN, T0 + 5, 0.97), (CAI, T0 + 6, 1.0)])
    team_store.restore_corroborations(learning.id, [(BEN, T0 + 9, 0.1)])  # existing one kept
    assert team_store.corroborations([learning.id]) == {learning.id: [(BEN, T0 + 5, 0.97), (CAI, T0 + 6, 1.0)]}
    assert team.get(learning.id).trust == "unverified"


def test_forgetting_a_rival_recomputes_trust(team: Maker, team_store: Store) -> None:
    ana = team.save("Format with black.", topic="format", by=ANA)
    ben = team.save("Format with ruff format.", topic="format", by=BEN)
    assert team.get(ana.id).trust == "contested"
    assert ops.forget(team_store, ben.id)
    assert team.get(ana.id).trust == "unverified"


def test_removing_a_users_contributions_deletes_them_and_their_corroborations(team: Maker, team_store: Store) -> None:
    ana1 = team.save("Ana's first learning.", topic="a", by=ANA)
    ana2 = team.save("Ana's second learning.", by=ANA)
    ben = team.save("Ben's learning.", topic="a", by=BEN)
    assert team.get(ben.id).trust == "contested"
    assert ops.remove_contributions(team_store, ANA) == 2
    assert team_store.get(ana1.id) is None and team_store.get(ana2.id) is None
    assert team_store.count() == 1 and team.get(ben.id).trust == "unverified"
    assert ops.remove_contributions(team_store, ANA) == 0
    assert ops.corroborate(team_store, ben.id, CAI, 1.0, T0 + 100)
    assert ops.remove_contributions(team_store, BEN) == 1
    assert team_store.corroborations([ben.id]) == {} and team_store.count() == 0
