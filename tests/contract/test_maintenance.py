"""Store contract: dump and restore (all_entries, restore, entry_vectors), count, check on a healthy store,
and dropping a store, on every backend."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from contextlamp.domain.folding import entry_vector
from contextlamp.domain.ports import Store
from contextlamp.embedding import FakeEmbedder
from contextlamp.storage import StoreRegistry
from contextlamp.text import new_id
from tests.contract import ops
from tests.contract.conftest import T0, Maker


def test_all_entries_is_every_entry_oldest_first(make: Maker, store: Store) -> None:
    b = make.save("second by time", at=T0 + 2)
    a = make.save("first by time", at=T0 + 1, topic="t")
    c = make.save("superseder", at=T0 + 3, topic="t")
    task = make.save("due task", at=T0 + 4, memory_type="task", expires_at=T0 + 5)
    everything = store.all_entries()
    assert [e.id for e in everything] == [a.id, b.id, c.id, task.id]  # superseded and expired included
    assert everything[0].superseded_by == c.id
    assert store.count() == 4


def test_restore_copies_an_entry_exactly_and_is_idempotent(
    make: Maker, store: Store, registry: StoreRegistry, embedder: FakeEmbedder
) -> None:
    old = make.save("The old rule.", topic="rule")
    new = make.save("The new rule.", topic="rule", questions=("what is the rule?",))
    ops.record_use(store, [new.id], "cursor", T0 + 50)
    vectors = store.entry_vectors([old.id, new.id])
    copy = registry.store(new_id("usr"))
    for entry in store.all_entries():
        assert copy.restore(entry, vectors[entry.id])
    assert copy.all_entries() == store.all_entries()  # ids, times, supersession, reuse as they were
    got = copy.entry_vectors([old.id, new.id])
    assert np.allclose(got[new.id], vectors[new.id]) and np.allclose(got[old.id], vectors[old.id])
    assert not copy.restore(make.get(new.id), vectors[new.id])  # same id
    clash = replace(make.get(old.id), id=new_id("ctx"))
    assert not copy.restore(clash, vectors[old.id])  # same content key
    assert copy.count() == 2


def test_entry_vectors_are_one_unit_row_an_entry(make: Maker, store: Store, embedder: FakeEmbedder) -> None:
    entry = make.save("Vectors fold content and questions.", questions=("what do vectors fold?",))
    got = store.entry_vectors([entry.id, "ctx_unknown"])
    assert list(got) == [entry.id]
    assert got[entry.id].shape == (1, embedder.dim) and got[entry.id].dtype == np.float32
    expected = entry_vector(embedder.embed([entry.content, *entry.questions]))
    assert np.allclose(got[entry.id], expected, atol=1e-5)
    assert store.entry_vectors([]) == {}


def test_check_finds_nothing_wrong_in_a_healthy_store(make: Maker, store: Store, team: Maker) -> None:
    make.save("one", topic="t")
    make.save("two", topic="t")
    gone = make.save("three", tags=("x",))
    ops.forget(store, gone.id)
    make.save("四五六 CJK", questions=("q?",))
    team.save("a learning", by="usr_ana")
    assert store.check(None, repair=False) == []
    assert store.check(lambda texts: entry_vector(make.embedder.embed(texts)), repair=True) == []
    assert team.store.check(None, repair=False) == []


def test_dropping_a_store_deletes_its_entries_and_sessions(registry: StoreRegistry, embedder: FakeEmbedder) -> None:
    store_id = new_id("prj")
    maker = Maker(registry.store(store_id), embedder)
    maker.save("something to drop")
    registry.drop(store_id)
    again = registry.store(store_id)
    assert again.count() == 0 and again.all_sessions() == [] and again.all_entries() == []
