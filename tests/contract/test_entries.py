"""Store contract: saving, reading and forgetting entries (ports.Store put/get/find_by_key/live_ids/entries/
delete/record_use), on every backend."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from contextlamp.domain.models import NewEntry, PutOutcome
from contextlamp.domain.ports import Store
from tests.contract import ops
from tests.contract.conftest import DAY, T0, Maker


def test_a_put_is_read_back_as_it_was_stored(make: Maker, store: Store) -> None:
    new = make.new("The staging database listens on port 5433.", topic="staging db", kind="fact", tags=("db", "ops"))
    outcome = ops.put(store, new, make.vector(new), make.now)
    assert outcome is not None and outcome.id == new.id and not outcome.deduped
    got = store.get(new.id)
    assert got is not None
    assert (got.content, got.content_key, got.memory_type, got.kind, got.topic, got.tags) == (
        new.content,
        new.content_key,
        "fact",
        "fact",
        "staging db",
        ("db", "ops"),
    )
    assert (got.source_surface, got.created_at, got.expires_at) == ("cli", new.created_at, None)
    assert (got.superseded_by, got.superseded_at, got.reuse_count, got.last_used_surface) == (None, None, 0, None)
    assert got.contributed_by is None and got.trust is None  # personal entries carry no trust
    assert store.find_by_key(new.content_key) == got
    assert store.get("ctx_unknown") is None and store.find_by_key("no such key") is None


def test_questions_and_unicode_survive_the_round_trip(make: Maker, store: Store) -> None:
    entry = make.save("Ünïcode ✓ and 数据库 in one memory", questions=("what is stored?", "何か?"), tags=("ü",))
    assert entry.content == "Ünïcode ✓ and 数据库 in one memory"
    assert entry.questions == ("what is stored?", "何か?") and entry.tags == ("ü",)


def test_put_without_vectors_only_dedupes(make: Maker, store: Store) -> None:
    new = make.new("Deploys happen on Thursdays.")
    assert ops.put(store, new, None, make.now) is None  # unknown content: nothing written, the caller embeds
    assert store.count() == 0 and store.get(new.id) is None
    first = make.save("Deploys happen on Thursdays.")
    again = make.new("Deploys   happen on Thursdays.")  # same content key (whitespace collapsed)
    outcome = ops.put(store, again, None, make.now)
    assert outcome is not None and outcome.id == first.id and outcome.deduped
    assert store.count() == 1


def test_the_same_content_twice_is_one_entry_that_keeps_its_id(make: Maker, store: Store) -> None:
    first = make.save("We use ruff for linting.")
    new = make.new("We use ruff for linting.")
    outcome = ops.put(store, new, make.vector(new), make.now)
    assert outcome is not None and outcome.id == first.id and outcome.deduped
    assert store.count() == 1 and store.get(new.id) is None


def test_a_save_supersedes_the_live_entries_of_its_topic_only(make: Maker, store: Store) -> None:
    old = make.save("The API runs on port 8000.", topic="api port")
    older = make.save("The API runs on port 7000.", topic="api port")
    other = make.save("The web app runs on port 3000.", topic="web port")
    untopical = make.save("Ports are configured in .env.")
    new = make.save("The API runs on port 9000.", topic="api port")
    assert make.get(old.id).superseded_by == older.id  # already superseded: history kept as it was
    got = make.get(older.id)
    assert got.superseded_by == new.id and got.superseded_at is not None
    for kept in (other, untopical, new):
        assert make.get(kept.id).superseded_by is None
    now = make.now
    assert store.live_ids([old.id, older.id, other.id, untopical.id, new.id], now, None) == {
        other.id,
        untopical.id,
        new.id,
    }


def test_saving_superseded_content_again_makes_it_current_with_its_id(make: Maker, store: Store) -> None:
    first = make.save("Releases are cut on Mondays.", topic="release day")
    second = make.save("Releases are cut on Fridays.", topic="release day")
    assert make.get(first.id).superseded_by == second.id
    back = make.save("Releases are cut on Mondays.", topic="release day")
    assert back.id == first.id and back.superseded_by is None
    assert make.get(second.id).superseded_by == first.id
    assert store.live_ids([first.id, second.id], make.now, None) == {first.id}


def test_a_resave_moves_topic_kind_type_and_merges_tags(make: Maker, store: Store) -> None:
    first = make.save("Use pnpm, not npm.", topic="package manager", tags=("js",))
    rival = make.save("Use yarn for the monorepo.", topic="tooling")
    again = make.save("Use pnpm, not npm.", topic="tooling", kind="preference", tags=("node", "js"))
    assert again.id == first.id and again.created_at == first.created_at
    assert (again.topic, again.kind, again.tags) == ("tooling", "preference", ("js", "node"))
    assert make.get(rival.id).superseded_by == first.id  # the new topic's supersession applies


def test_live_ids_filters_types_superseded_and_expired(make: Maker, store: Store) -> None:
    fact = make.save("The office is in Lisbon.")
    event = make.save("We met the client on Tuesday.", memory_type="event")
    task = make.save("Renew the TLS certificate.", memory_type="task", expires_at=T0 + DAY)
    instruction = make.save("Always answer in English.", memory_type="instruction")
    ids = [fact.id, event.id, task.id, instruction.id, "ctx_unknown"]
    assert store.live_ids(ids, make.now, None) == {fact.id, event.id, task.id, instruction.id}
    assert store.live_ids(ids, make.now, ["fact", "task"]) == {fact.id, task.id}
    assert store.live_ids(ids, T0 + DAY, None) == {fact.id, event.id, instruction.id}  # due at expires_at
    assert store.live_ids(ids, T0 + DAY - 1, ["task"]) == {task.id}
    assert store.live_ids([], make.now, None) == set()


def test_an_expired_task_is_readable_until_a_later_put_sweeps_it(make: Maker, store: Store) -> None:
    task = make.save("Rotate the API keys.", memory_type="task", expires_at=T0 + 10)
    assert store.get(task.id) is not None  # not yet swept
    new = make.new("Unrelated fact.", at=T0 + 20)
    assert ops.put(store, new, make.vector(new), T0 + 20) is not None
    assert store.get(task.id) is None and store.count() == 1


def test_entries_returns_the_known_ids_only(make: Maker, store: Store) -> None:
    a = make.save("Alpha is the first letter.", topic="first")
    b = make.save("Beta is the second letter.", topic="first")  # supersedes a: still returned
    got = store.entries([a.id, b.id, "ctx_missing"])
    assert set(got) == {a.id, b.id}
    assert got[a.id].superseded_by == b.id and got[b.id] == make.get(b.id)
    assert store.entries([]) == {}


def test_record_use_counts_each_use_and_remembers_the_last_surface(make: Maker, store: Store) -> None:
    a = make.save("Answer tersely.")
    b = make.save("Prefer tabs.")
    ops.record_use(store, [a.id, b.id], "cursor", T0 + 100)
    ops.record_use(store, [a.id], "claude-code", T0 + 200)
    ops.record_use(store, [], "cursor", T0 + 300)  # nothing to count
    got_a, got_b = make.get(a.id), make.get(b.id)
    assert (got_a.reuse_count, got_a.last_used_surface, got_a.last_used_at) == (2, "claude-code", T0 + 200)
    assert (got_b.reuse_count, got_b.last_used_surface, got_b.last_used_at) == (1, "cursor", T0 + 100)


def test_forget_deletes_everywhere_and_reports_unknown_ids(make: Maker, store: Store) -> None:
    gone = make.save("The password manager is 1Password.", topic="secrets tool")
    kept = make.save("The CI runs on GitHub Actions.")
    assert ops.forget(store, gone.id)
    assert not ops.forget(store, gone.id) and not ops.forget(store, "ctx_unknown")
    assert store.get(gone.id) is None and store.find_by_key(gone.content_key) is None
    assert store.count() == 1 and store.entry_vectors([gone.id]) == {}
    assert store.keyword_search(["1password"], "or", 10, make.now, None) == []
    assert [i for i, _ in store.vector_search(make.vector(make.new(gone.content))[0], 10, make.now, None)] == [kept.id]
    assert store.topics(make.now, None) == []


def test_forgetting_the_current_entry_revives_the_newest_it_superseded(make: Maker, store: Store) -> None:
    v1 = make.save("Version one of the rule.", topic="rule")
    v2 = make.save("Version two of the rule.", topic="rule")
    v3 = make.save("Version three of the rule.", topic="rule")
    assert ops.forget(store, v3.id)
    assert make.get(v2.id).superseded_by is None and make.get(v2.id).superseded_at is None
    assert make.get(v1.id).superseded_by == v2.id  # history re-linked to the new head


def test_forgetting_a_middle_version_relinks_the_history(make: Maker, store: Store) -> None:
    v1 = make.save("First take on caching.", topic="caching")
    v2 = make.save("Second take on caching.", topic="caching")
    v3 = make.save("Third take on caching.", topic="caching")
    assert ops.forget(store, v2.id)
    assert make.get(v1.id).superseded_by == v3.id
    assert make.get(v3.id).superseded_by is None


def test_concurrent_identical_puts_yield_one_entry(make: Maker, store: Store) -> None:
    news = [make.new("Concurrent writers save the same memory.") for _ in range(8)]
    barrier = threading.Barrier(len(news))

    def save(new: NewEntry) -> PutOutcome | None:
        barrier.wait()
        return ops.put(store, new, make.vector(new), make.now)

    with ThreadPoolExecutor(len(news)) as pool:
        outcomes = list(pool.map(save, news))
    ids = {o.id for o in outcomes if o is not None}
    assert len(ids) == 1 and store.count() == 1
    assert sum(1 for o in outcomes if o is not None and not o.deduped) == 1  # one insert, the rest dedupe
