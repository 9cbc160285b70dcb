"""Freshness without a topic (issue 17 point 4): an update saved without a topic supersedes the older entry it
updates (history kept, reported as ``superseded``), a different fact about the same subject stays, and a
near-duplicate update that is not superseded still ranks first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from contextlamp.app.accounts import Accounts
from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.domain.freshness import DEFAULT_AUTO_SUPERSEDE_THRESHOLD, is_update, states_change
from contextlamp.embedding import FakeEmbedder
from contextlamp.storage import StoreRegistry
from tests.conftest import Clock

PAIRS = json.loads((Path(__file__).parent.parent / "research" / "bench" / "data" / "freshness-pairs.json").read_text())[
    "pairs"
]
OLD = "The CI timeout is 30 minutes"
NEW = "The CI timeout is now 45 minutes"


def _live_ids(service: MemoryService, caller: Caller) -> list[str]:
    return [item.id for item in service.list_context(caller).items]


@pytest.mark.both_backends
def test_an_update_without_a_topic_supersedes_the_older_entry_and_says_so(
    service: MemoryService, alice: Caller
) -> None:
    old = service.save_context(alice, OLD)
    new = service.save_context(alice, NEW)
    assert new.superseded == [old.id]
    assert "superseded" in new.model_dump(mode="json", exclude_unset=True)
    packs = service.get_context(alice, "what is the CI timeout?").packs
    assert [p.id for p in packs] == [new.id]
    assert _live_ids(service, alice) == [new.id]
    history = {i.id: i for i in service.list_context(alice, include_superseded=True).items}
    assert history[old.id].superseded_by == new.id  # kept as history, as topic supersession keeps it
    service.forget_context(alice, new.id)
    assert _live_ids(service, alice) == [old.id]  # forgetting the update revives what it replaced


@pytest.mark.both_backends
def test_a_different_fact_about_the_same_subject_stays(service: MemoryService, alice: Caller) -> None:
    first = service.save_context(alice, "The main branch is protected")
    second = service.save_context(alice, "The main branch now requires two approvals")
    assert "superseded" not in second.model_dump(mode="json", exclude_unset=True)
    assert set(_live_ids(service, alice)) == {first.id, second.id}


def test_a_save_that_supersedes_nothing_reports_no_superseded_field(service: MemoryService, alice: Caller) -> None:
    saved = service.save_context(alice, OLD)
    assert saved.model_dump(mode="json", exclude_unset=True) == {"id": saved.id, "deduped": False}


@pytest.mark.parametrize("n", [n for n, p in enumerate(PAIRS) if p["expect"] == "keep"])
def test_no_different_fact_of_the_pairs_is_superseded_even_at_cosine_one(n: int) -> None:
    """The wording tests alone keep every 'keep' pair (losing a fact is worse than a stale one)."""
    pair = PAIRS[n]
    if pair["expect"] == "keep":
        assert not is_update(pair["newer"], pair["older"], 1.0, DEFAULT_AUTO_SUPERSEDE_THRESHOLD)


def test_most_updates_of_the_pairs_are_recognised_by_their_wording() -> None:
    updates = [p for p in PAIRS if p["expect"] == "supersede"]
    found = [p for p in updates if is_update(p["newer"], p["older"], 1.0, DEFAULT_AUTO_SUPERSEDE_THRESHOLD)]
    assert len(found) >= 0.8 * len(updates)
    assert is_update("My editor is now Helix", "I use VS Code as my editor", 0.43, DEFAULT_AUTO_SUPERSEDE_THRESHOLD)


@pytest.mark.parametrize(
    ("newer", "older"),
    [
        ("Is the CI timeout now 45 minutes?", OLD),  # a question states nothing
        ("The CI timeout is not 45 minutes now", OLD),  # a negation qualifies
        ("The CI timeout is also 45 minutes for forks now", OLD),  # an addition
        ("The deploy timeout is now 45 minutes", OLD),  # another subject
        # the subject follows the change word: another fact about the same service is not updated by it
        ("We changed the search proxy port to 7311", "Marta owns the search proxy, ask her first"),
        ("We moved the search proxy config to deploy/proxy.toml", "The search proxy listens on port 7311"),
        (NEW, OLD + ". " + " ".join(["The runners use Ubuntu and cache pip between jobs."] * 5)),  # many facts
    ],
)
def test_what_is_not_an_update(newer: str, older: str) -> None:
    assert not is_update(newer, older, 1.0, DEFAULT_AUTO_SUPERSEDE_THRESHOLD)


def test_the_rule_is_linear_in_the_text() -> None:
    text = "now " * 50_000 + "x" * 100_000
    assert states_change(text)
    assert not is_update(text, OLD, 1.0, 0.4)  # too long to be one statement: vetoed before any split


def test_a_topic_entry_and_a_team_learning_are_not_superseded_by_meaning(
    service: MemoryService, alice: Caller, clock: Clock
) -> None:
    Accounts(service.registry, clock).create_team("platform", "Platform team", "alice")
    topical = service.save_context(alice, OLD, topic="ci")
    assert service.save_context(alice, NEW).model_dump(exclude_unset=True).get("superseded") is None
    assert topical.id in _live_ids(service, alice)
    service.save_context(alice, OLD, team="platform")
    assert service.save_context(alice, NEW, team="platform").model_dump(exclude_unset=True).get("superseded") is None


def test_the_threshold_setting_turns_it_off(registry: StoreRegistry, embedder: FakeEmbedder, clock: Clock) -> None:
    service = MemoryService(
        registry, embedder, indexer=Indexer(embedder.embed, inline=True), clock=clock, auto_supersede_threshold=1.01
    )
    caller = Caller(service.principal("alice"), "cli")
    service.save_context(caller, OLD)
    assert service.save_context(caller, NEW).superseded == []


@pytest.mark.both_backends
def test_an_update_that_is_not_superseded_still_ranks_ahead_of_the_older_entry(
    service: MemoryService, alice: Caller
) -> None:
    old = service.save_context(alice, OLD)
    new = service.save_context(alice, "The CI timeout is now 45 minutes for every main job")
    assert new.superseded == []  # too many new words to supersede with confidence
    packs = service.get_context(alice, "the CI timeout is 30 minutes").packs  # the older matches best
    ids = [p.id for p in packs]
    assert ids.index(new.id) < ids.index(old.id)
    assert [p.score for p in packs] == sorted((p.score for p in packs), reverse=True)


def test_an_unrelated_or_merely_chatty_newer_entry_does_not_jump_ahead(service: MemoryService, alice: Caller) -> None:
    old = service.save_context(alice, "Releases ship every two weeks")
    service.save_context(alice, "The cafeteria now serves ramen")
    service.save_context(alice, "Releases now feel great, I love how every two weeks we ship new things")
    assert service.get_context(alice, "releases ship every two weeks").packs[0].id == old.id


@pytest.mark.both_backends
def test_fresher_first_reads_vectors_only_for_a_pair_its_wording_allows(
    service: MemoryService, alice: Caller, monkeypatch: pytest.MonkeyPatch
) -> None:
    # issue 17.3: a hit that merely says "now" used to cost a read of every hit's vectors on every query
    service.save_context(alice, "Releases ship every two weeks")
    chatty = "Releases now feel great, and here is a long story about the cafeteria, the weather, the team " * 3
    long_id = service.save_context(alice, chatty).id  # past FRESH_MAX_WORDS: never an update
    store = service.registry.store(alice.principal.user_id)
    reads: list[list[str]] = []
    real = type(store).entry_vectors

    def counted(self: object, ids: list[str]) -> object:
        reads.append(list(ids))
        return real(self, ids)  # type: ignore[arg-type]

    monkeypatch.setattr(type(store), "entry_vectors", counted)
    packs = service.get_context(alice, "releases ship every two weeks").packs
    assert len(packs) == 2 and reads == []  # no pair can be an update by its wording: nothing to read
    old = service.save_context(alice, OLD)
    new = service.save_context(alice, "The CI timeout is now 45 minutes for every main job")
    ids = [p.id for p in service.get_context(alice, "the CI timeout is 30 minutes").packs]
    assert ids.index(new.id) < ids.index(old.id)  # the update still ranks ahead of what it updates
    assert len(reads) == 1 and {old.id, new.id} <= set(reads[0]) and long_id not in reads[0]
