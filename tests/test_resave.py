"""Re-saving known content (issue 12 point 18; spec/TOOLS.md save_context, "Re-saving live content with a
different topic ..."): the entry keeps its id, answers deduped, takes the new topic, kind and memory_type, merges
the tags, and the new topic's supersession applies. Both backends (the ``service`` fixture)."""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import pytest

from contextlamp.app.accounts import Accounts
from contextlamp.app.service import Caller, MemoryService
from contextlamp.domain.models import ListItem
from contextlamp.retrieval.query import content_terms
from tests.conftest import Clock

# re-saving is Store.put(restate=True), written once per backend (full-text row follows topic and tags,
# concurrent re-saves, CJK bigrams kept): its cases are store behaviour beyond the contract suite's, so both backends.
pytestmark = pytest.mark.both_backends


def _items(service: MemoryService, caller: Caller, **kwargs: Any) -> dict[str, ListItem]:
    return {i.id: i for i in service.list_context(caller, 200, **kwargs).items}


def _keyword_ids(service: MemoryService, caller: Caller, clock: Clock, word: str) -> set[str]:
    store = service.registry.store(caller.principal.user_id)
    return {entry_id for entry_id, _ in store.keyword_search(content_terms(word), "or", 20, clock.now, None)}


def test_a_new_topic_moves_the_entry_and_supersedes_the_old_one_of_that_topic(
    service: MemoryService, alice: Caller
) -> None:
    old = service.save_context(alice, "We use npm", topic="package-manager")
    new = service.save_context(alice, "We use pnpm")
    again = service.save_context(alice, "We use pnpm", topic="Package Manager")
    assert again.id == new.id and again.deduped
    current = _items(service, alice)
    assert list(current) == [new.id]  # the old entry on that topic is no longer current
    assert current[new.id].topic == "package-manager" and current[new.id].category == "package-manager"
    history = _items(service, alice, include_superseded=True)
    assert history[old.id].superseded_by == new.id
    packs = [p.id for p in service.get_context(alice, "which package manager do we use?").packs]
    assert packs == [new.id]


def test_a_moved_entry_leaves_its_old_topic_to_the_others(service: MemoryService, alice: Caller) -> None:
    first = service.save_context(alice, "Staging runs PostgreSQL 16", topic="staging-db")
    second = service.save_context(alice, "Staging runs PostgreSQL 17", topic="staging-db")
    service.save_context(alice, "Staging runs PostgreSQL 17", topic="production-db")
    history = _items(service, alice, include_superseded=True)
    assert history[second.id].topic == "production-db" and history[second.id].superseded_by is None
    assert history[first.id].superseded_by == second.id  # history stays: the newer statement replaced it
    other = service.save_context(alice, "Staging runs PostgreSQL 18", topic="staging-db")
    assert set(_items(service, alice)) == {second.id, other.id}  # the moved entry is not on staging-db any more


def test_a_superseded_entry_resaved_with_another_topic_is_current_there(service: MemoryService, alice: Caller) -> None:
    old = service.save_context(alice, "Builds run on Jenkins", topic="ci")
    new = service.save_context(alice, "Builds run on GitHub Actions", topic="ci")
    rival = service.save_context(alice, "Nightly builds run on Buildkite", topic="nightly")
    back = service.save_context(alice, "Builds run on Jenkins", topic="nightly")
    assert back.id == old.id and back.deduped
    current = _items(service, alice)
    assert set(current) == {new.id, old.id}  # ci keeps its own current entry; nightly is taken over
    assert current[old.id].topic == "nightly"
    assert _items(service, alice, include_superseded=True)[rival.id].superseded_by == old.id


def test_resaving_the_same_topic_still_revives_a_superseded_entry(service: MemoryService, alice: Caller) -> None:
    old = service.save_context(alice, "We use npm", topic="package-manager", tags=["js"])
    new = service.save_context(alice, "We use pnpm", topic="package-manager")
    back = service.save_context(alice, "We use npm", topic="package-manager")
    assert back.id == old.id and back.deduped
    assert list(_items(service, alice)) == [old.id]
    assert _items(service, alice, include_superseded=True)[new.id].superseded_by == old.id


def test_tags_merge_and_the_full_text_index_follows_topic_and_tags(
    service: MemoryService, alice: Caller, clock: Clock
) -> None:
    saved = service.save_context(alice, "Invoices are sent on the first workday", topic="aardvark", tags=["Billing"])
    assert _keyword_ids(service, alice, clock, "aardvark") == {saved.id}
    again = service.save_context(
        alice, "Invoices are sent on the first workday", topic="zebrafish", tags=["Kestrel", "billing"]
    )
    assert again.id == saved.id and again.deduped
    item = _items(service, alice)[saved.id]
    assert item.tags == ["billing", "kestrel"] and item.topic == "zebrafish"
    assert _keyword_ids(service, alice, clock, "zebrafish") == {saved.id}  # found by its new topic
    assert _keyword_ids(service, alice, clock, "kestrel") == {saved.id}  # and its new tag
    assert _keyword_ids(service, alice, clock, "billing") == {saved.id}  # old tags stay: tags merge
    assert _keyword_ids(service, alice, clock, "aardvark") == set()  # the old topic is gone from the index
    assert _keyword_ids(service, alice, clock, "invoices") == {saved.id}  # the content still indexed, once
    store = service.registry.store(alice.principal.user_id)
    assert [c.kind for c in store.check(None, repair=False)] == []  # the full-text rows are consistent


def test_kind_and_memory_type_change_and_what_is_left_out_stays(service: MemoryService, alice: Caller) -> None:
    saved = service.save_context(alice, "Use tabs in Makefiles", kind="fact", topic="makefiles", tags=["build"])
    service.save_context(alice, "Use tabs in Makefiles", kind="preference")
    item = _items(service, alice)[saved.id]
    assert (item.kind, item.memory_type, item.topic, item.tags) == ("preference", "fact", "makefiles", ["build"])
    service.save_context(alice, "Use tabs in Makefiles", memory_type="instruction")
    item = _items(service, alice)[saved.id]
    assert (item.kind, item.memory_type, item.topic) == ("preference", "instruction", "makefiles")
    service.save_context(alice, "Use tabs in Makefiles")  # nothing stated: nothing changes
    item = _items(service, alice)[saved.id]
    assert (item.kind, item.memory_type, item.topic, item.tags) == ("preference", "instruction", "makefiles", ["build"])
    pack = service.get_context(alice, "tabs in Makefiles").packs[0]
    assert (pack.id, pack.kind, pack.memory_type) == (saved.id, "preference", "instruction")


def test_becoming_a_task_starts_its_ttl_and_leaving_task_clears_it(
    service: MemoryService, alice: Caller, clock: Clock
) -> None:
    fact = service.save_context(alice, "Rotate the staging certificates")
    kept = service.save_context(alice, "Book the team offsite", memory_type="task")  # due on day 7
    clock.advance_days(1)
    service.save_context(alice, "Rotate the staging certificates", memory_type="task")  # due on day 8
    task = service.save_context(alice, "Review the release notes", memory_type="task")
    clock.advance_days(0.5)
    service.save_context(alice, "Review the release notes", memory_type="fact")  # never due
    clock.advance_days(3.5)
    service.save_context(alice, "Book the team offsite", memory_type="task", tags=["events"])  # still due on day 7
    clock.advance_days(2.5)  # day 7.5
    live = _items(service, alice)
    assert fact.id in live and task.id in live and kept.id not in live
    clock.advance_days(1)  # day 8.5
    live = _items(service, alice)
    assert fact.id not in live and task.id in live


def test_a_changed_topic_remakes_the_likely_questions_and_the_vector(
    service: MemoryService, alice: Caller, embedder: Any
) -> None:
    saved = service.save_context(alice, "Ledger entries are immutable")
    store = service.registry.store(alice.principal.user_id)
    before = store.entry_vectors([saved.id])[saved.id][0]
    assert store.vector_search(before, 5, 2**62, None)[0] == (saved.id, pytest.approx(1.0, abs=1e-5))  # loaded
    calls = embedder.calls
    service.save_context(alice, "Ledger entries are immutable", tags=["ledger"])  # tags alone: no new embedding
    assert embedder.calls == calls
    service.save_context(alice, "Ledger entries are immutable", topic="accounting rules", kind="decision")
    entry = store.get(saved.id)
    assert entry is not None
    expected = tuple(service.questions.generate(entry.content, "accounting-rules", "decision", "fact"))
    assert entry.questions == expected and any("accounting rules" in q for q in expected)
    stored = store.entry_vectors([saved.id])[saved.id]
    assert np.allclose(stored, service.entry_embedding([entry.content, *expected]), atol=1e-6)
    hits = dict(store.vector_search(before, 5, 2**62, None))  # the old vector is gone, from memory too
    assert hits[saved.id] == pytest.approx(float(stored[0] @ before), abs=1e-5) and hits[saved.id] < 0.999


def test_concurrent_resaves_yield_one_entry_with_every_tag(service: MemoryService, alice: Caller) -> None:
    saved = service.save_context(alice, "The API gateway is Envoy")
    errors: list[BaseException] = []

    def resave(n: int) -> None:
        try:
            result = service.save_context(alice, "The API gateway is Envoy", tags=[f"t{n}"], topic="gateway")
            assert result.id == saved.id and result.deduped
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)

    threads = [threading.Thread(target=resave, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert errors == []
    items = service.list_context(alice, 200, include_superseded=True).items
    assert [i.id for i in items] == [saved.id]
    assert sorted(items[0].tags) == sorted(f"t{n}" for n in range(8)) and items[0].topic == "gateway"


def test_a_session_repeating_known_content_changes_nothing(service: MemoryService, alice: Caller) -> None:
    saved = service.save_context(alice, "Our design system lives in the ui-kit repository.", kind="fact", topic="ui")
    result = service.save_session(alice, "User: Our design system lives in the ui-kit repository.")
    assert result.deduped == 1
    item = _items(service, alice)[saved.id]
    assert (item.kind, item.memory_type, item.topic) == ("fact", "fact", "ui")  # a distiller's guess is not stated


@pytest.fixture
def team(service: MemoryService, clock: Clock, alice: Caller, bob: Caller) -> str:
    accounts = Accounts(service.registry, clock)
    created = accounts.create_team("platform", "Platform team", "alice")
    accounts.add_member("platform", "bob", "member")
    return created.id


def test_a_contributor_resaving_moves_their_team_learning(service: MemoryService, alice: Caller, team: str) -> None:
    old = service.save_context(alice, "Deploys use Argo CD", topic="deploy tool", team="platform")
    new = service.save_context(alice, "Deploys use Flux")
    del new
    moved = service.save_context(alice, "Deploys use Flux", team="platform")
    again = service.save_context(alice, "Deploys use Flux", topic="deploy tool", tags=["gitops"], team="platform")
    assert again.id == moved.id and again.deduped
    items = _items(service, alice, team="platform", include_superseded=True)
    assert items[moved.id].topic == "deploy-tool" and items[moved.id].tags == ["gitops"]
    assert items[old.id].superseded_by == moved.id
    assert items[moved.id].trust == "unverified"  # saving again oneself is no corroboration


def test_another_member_resaving_corroborates_and_changes_nothing(
    service: MemoryService, alice: Caller, bob: Caller, team: str
) -> None:
    saved = service.save_context(alice, "Staging runs PostgreSQL 16", topic="staging db", team="platform")
    again = service.save_context(
        bob, "Staging runs PostgreSQL 16", topic="other topic", kind="decision", tags=["bob"], team="platform"
    )
    assert again.id == saved.id and again.deduped
    item = _items(service, alice, team="platform")[saved.id]
    assert (item.topic, item.kind, item.tags, item.trust) == ("staging-db", "note", [], "verified")


def test_a_resave_of_cjk_content_keeps_its_bigram_index(service: MemoryService, alice: Caller, clock: Clock) -> None:
    content = "我们的发票在每个月的第一个工作日发送"  # "our invoices are sent on the first workday of each month"
    saved = service.save_context(alice, content, topic="billing")
    again = service.save_context(alice, content, topic="invoices", tags=["财务"])
    assert again.id == saved.id and again.deduped
    assert _keyword_ids(service, alice, clock, "发票") == {saved.id}  # a word inside the run, as bigrams
    assert _keyword_ids(service, alice, clock, "财务") == {saved.id}  # the new CJK tag
    store = service.registry.store(alice.principal.user_id)
    assert [c.kind for c in store.check(None, repair=False)] == []  # indexed as a fresh save would index it
