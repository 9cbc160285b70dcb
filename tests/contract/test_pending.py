"""Store contract: the pending index of write-behind indexing (app/indexing.py) on every backend: a save marks
its entry pending in its own transaction, ``pending_ids`` lists them oldest first, finishing writes the final
vectors and clears the mark, a forget takes the mark with the entry, and ``check`` reports and repairs them."""

from __future__ import annotations

import numpy as np

from contextlamp.app import writes
from contextlamp.domain.ports import Store
from contextlamp.embedding import FakeEmbedder
from contextlamp.segmenting import chunk_count
from tests.contract.conftest import Maker


def _pending_save(make: Maker, store: Store, content: str, questions: tuple[str, ...] = ()) -> str:
    """Save ``content`` as write-behind does: one provisional vector (its own), marked pending."""
    new = make.new(content, questions=questions)
    provisional = make.embedder.embed([content[:300]])
    outcome = writes.put(store, new, provisional, make.now, pending=True)
    assert outcome is not None and not outcome.deduped
    return outcome.id


def test_pending_entries_are_listed_oldest_first_and_finished(make: Maker, store: Store) -> None:
    done = make.save("An entry indexed at once.")
    first = _pending_save(make, store, "The deploy runs on Fridays.", ("when does the deploy run?",))
    second = _pending_save(make, store, "The cache lives in Redis.", ("where is the cache?",))
    assert store.pending_ids(10) == [first, second]
    assert store.pending_ids(1) == [first]
    assert store.pending_count() == 2
    entry = store.get(first)
    assert entry is not None and entry.questions == ("when does the deploy run?",)
    final = make.vector(make.new(entry.content, questions=entry.questions))
    assert writes.finish_index(store, entry, final)
    assert store.pending_ids(10) == [second]
    assert np.allclose(store.entry_vectors([first])[first], final)
    assert done.id not in store.pending_ids(10)


def test_finishing_a_reframed_or_forgotten_entry_writes_nothing(make: Maker, store: Store) -> None:
    gone = _pending_save(make, store, "A memory forgotten before its indexing.", ("what was forgotten?",))
    entry = store.get(gone)
    assert entry is not None
    assert writes.forget(store, gone)
    assert store.pending_count() == 0  # the mark went with the row
    assert not writes.finish_index(store, entry, make.vector(make.new(entry.content)))
    assert store.get(gone) is None and store.entry_vectors([gone]) == {}


def test_check_reports_pending_entries_and_repair_finishes_them(
    make: Maker, store: Store, embedder: FakeEmbedder
) -> None:
    long_text = " ".join(f"Paragraph {i} says the value of setting {i} is {i * 7}." for i in range(60))
    pending = _pending_save(make, store, long_text)
    assert chunk_count(long_text) > 1
    findings = store.check(None, repair=False)
    assert [(f.kind, f.repaired) for f in findings] == [("pending-vectors", False)]  # not a damaged entry

    def embed(texts: list[str]) -> np.ndarray:
        return make.vector(make.new(texts[0], questions=tuple(texts[1:])))

    findings = store.check(embed, repair=True)
    assert [(f.kind, f.repaired) for f in findings] == [("pending-vectors", True)]
    assert store.pending_count() == 0
    assert len(store.entry_vectors([pending])[pending]) == chunk_count(long_text)
    assert store.check(embed, repair=False) == []


def test_finishing_an_entry_reframed_meanwhile_writes_nothing(make: Maker, store: Store) -> None:
    """The indexer read the entry, then a re-save moved it to a topic (and made its own vectors): the indexer's
    vectors, made for the old framing, must not replace them."""
    pending = _pending_save(make, store, "The deploy runs on Fridays.", ("when does the deploy run?",))
    read = store.get(pending)
    assert read is not None
    moved = make.new("The deploy runs on Fridays.", topic="deploy-day", questions=("What is our deploy day?",))
    reframed = make.vector(moved)
    assert writes.put(store, moved, reframed, make.now, {"topic"}) is not None
    stale = make.vector(make.new(read.content, questions=read.questions))
    assert not writes.finish_index(store, read, stale)
    assert np.allclose(store.entry_vectors([pending])[pending], reframed)
