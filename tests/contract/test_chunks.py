"""Long entries as chunks on both backends (issue 17 point 1): one vector a chunk, in order; an entry is found
by its best chunk; check counts a chunk's vector, repairs an entry stored before chunks; forget removes them
all; restore takes an entry's chunk vectors."""

from __future__ import annotations

import numpy as np
import pytest

from contextlamp.domain.folding import chunk_vectors, embedding_texts
from contextlamp.domain.ports import Store
from contextlamp.segmenting import chunk_count, chunk_spans
from contextlamp.storage import StoreRegistry
from contextlamp.text import new_id
from tests.contract import ops
from tests.contract.conftest import T0, Maker

LONG = "\n\n".join(
    f"Paragraph {p}: " + " ".join(f"Item {p}-{s} names the {w} of part {p}." for s, w in enumerate("abcdefgh"))
    for p in range(40)
)


def _embed(make: Maker):
    def embed(texts: list[str]) -> np.ndarray:
        own, (chunks, _) = embedding_texts(texts[0], texts[1:])
        return chunk_vectors(make.embedder.embed(own), chunks)

    return embed


def test_a_long_entry_keeps_one_vector_a_chunk_in_order(make: Maker, store: Store) -> None:
    entry = make.save(LONG, questions=("what are the parts?",))
    spans = chunk_spans(LONG)
    assert len(spans) == chunk_count(LONG) > 5
    got = store.entry_vectors([entry.id])[entry.id]
    assert got.shape == (len(spans), make.embedder.dim)
    for i, (a, b) in enumerate(spans):  # row i: chunk i with the question folded in
        own = make.embedder.embed([LONG[a:b], "what are the parts?"])
        expected = own.sum(axis=0) / np.linalg.norm(own.sum(axis=0))
        assert np.allclose(got[i], expected, atol=1e-5)


def test_an_entry_is_found_by_its_last_chunk(make: Maker, store: Store) -> None:
    entry = make.save(LONG)
    for i in range(30):
        make.save(f"Short note {i} about something else entirely.")
    a, b = chunk_spans(LONG)[-1]
    query = make.embedder.embed([LONG[a:b]])[0]
    hits = store.vector_search(query, 5, T0 + 10_000, None)
    assert hits[0][0] == entry.id and hits[0][1] > 0.99
    assert len({i for i, _ in hits}) == len(hits)  # one hit an entry, however many chunks match


def test_check_counts_chunks_and_repairs_an_entry_stored_as_one_vector(make: Maker, store: Store) -> None:
    make.save(LONG)
    assert store.check(None, repair=False) == []
    old = make.new(LONG.replace("Paragraph", "Section"))
    ops.put(store, old, make.embedder.embed([old.content])[:1], make.now)  # as before chunks: one vector
    found = store.check(None, repair=False)
    assert [(f.kind, f.entry_id) for f in found] == [("vectors", old.id)]
    assert f"1 vectors, expected {chunk_count(old.content)}" in found[0].detail
    repaired = store.check(_embed(make), repair=True)
    assert [f.repaired for f in repaired] == [True]
    assert store.check(None, repair=False) == []
    assert len(store.entry_vectors([old.id])[old.id]) == chunk_count(old.content)


def test_forget_removes_every_chunk_vector(make: Maker, store: Store) -> None:
    entry = make.save(LONG)
    assert ops.forget(store, entry.id)
    assert store.entry_vectors([entry.id]) == {}
    a, b = chunk_spans(LONG)[3]
    assert store.vector_search(make.embedder.embed([LONG[a:b]])[0], 5, T0 + 10_000, None) == []
    assert store.check(None, repair=False) == []


def test_restore_takes_the_chunk_vectors_of_an_entry(make: Maker, store: Store, registry: StoreRegistry) -> None:
    entry = make.save(LONG)
    vectors = store.entry_vectors([entry.id])[entry.id]
    fresh = registry.store(new_id("usr"))  # a copy into another store of the same backend
    with pytest.raises(ValueError, match="vectors must be"):
        fresh.restore(entry, vectors[:1])  # a long entry is restored with all its chunks' vectors
    assert fresh.restore(entry, vectors)
    assert np.allclose(fresh.entry_vectors([entry.id])[entry.id], vectors)
