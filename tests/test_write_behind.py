"""Write-behind indexing (issue 17 point 3, app/indexing.py), as a user notices it, on both backends: a save
answers before a long entry's later chunks are embedded (the entry keyword-searchable at once), a store left
pending by a process that stopped is finished by the next one that opens it, forgetting a pending entry leaves
nothing, and the indexed vectors are the ones a synchronous save stores."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.embedding import FakeEmbedder, create_embedder
from contextlamp.segmenting import chunk_count
from contextlamp.storage import StoreRegistry
from tests.conftest import Clock
from tests.test_chunks import LAST, filler

TURN = "Alice: The billing service runs on Postgres. Its nightly backups are kept for thirty days."


def _runbook() -> str:
    body = filler(random.Random(7), 1000, "r")[:29_000]
    return body + "\n\n" + LAST


@pytest.fixture
def second_registry(
    tmp_path: Path, embedder: FakeEmbedder, backend: str, request: pytest.FixtureRequest
) -> Iterator[StoreRegistry]:
    """Another process's registry over the same data (the same directory, or the same database)."""
    if backend == "postgresql":
        url = request.getfixturevalue("postgres").database("contract")
        reg = StoreRegistry(tmp_path / "home", embedder.identity, embedder.dim, url, pool_size=2)
    else:
        reg = StoreRegistry(tmp_path / "home", embedder.identity, embedder.dim)
    yield reg
    reg.close()


def _stalled(registry: StoreRegistry, embedder: Any, clock: Clock) -> MemoryService:
    """A write-behind service whose indexer thread never runs: what a process that stops right after its saves
    leaves behind (the pending rows), and a save measured before any indexing."""
    service = MemoryService(registry, embedder, clock=clock, write_behind=True)
    service.indexer.close()
    return service


@pytest.mark.both_backends
def test_a_save_answers_before_the_later_chunks_and_the_last_paragraph_is_found_once_indexed(
    registry: StoreRegistry, embedder: FakeEmbedder, clock: Clock
) -> None:
    service = _stalled(registry, embedder, clock)
    alice = Caller(service.principal("alice"), "cli")
    runbook = _runbook()
    saved = service.save_context(alice, runbook, topic="ops-runbook")
    store = registry.store(alice.principal.user_id)
    assert store.pending_ids(10) == [saved.id]
    assert len(store.entry_vectors([saved.id])[saved.id]) == 1 < chunk_count(runbook)  # only its head so far
    # keyword-searchable at once: its last paragraph's words find it, and the pack shows that chunk
    packs = service.get_context(alice, "espresso descaling Giulia extension 4417", max_results=3).packs
    assert packs and packs[0].id == saved.id and LAST in packs[0].text
    last_chunk = embedder.embed([LAST])[0]
    before = dict(store.vector_search(last_chunk, 3, clock(), None)).get(saved.id, 0.0)
    assert service.wait_indexed()
    assert store.pending_count() == 0
    vectors = store.entry_vectors([saved.id])[saved.id]
    assert len(vectors) == chunk_count(runbook)
    hits = store.vector_search(last_chunk, 3, clock(), None)
    assert hits[0][0] == saved.id and hits[0][1] > before + 0.1  # its last chunk now has its own vector


@pytest.mark.both_backends
def test_a_store_left_pending_is_finished_by_the_next_process_that_opens_it(
    registry: StoreRegistry, second_registry: StoreRegistry, embedder: FakeEmbedder, clock: Clock
) -> None:
    crashed = _stalled(registry, embedder, clock)
    alice = Caller(crashed.principal("alice"), "cli")
    long_id = crashed.save_context(alice, _runbook()).id
    turn_id = crashed.save_context(alice, TURN).id
    store_id = alice.principal.user_id
    assert registry.store(store_id).pending_count() == 2
    # a new process: its service opens the store on the first call that reads it; the sweep finishes it
    later = MemoryService(second_registry, embedder, clock=clock)
    bob_view = Caller(later.principal("alice"), "cli")
    assert len(later.list_context(bob_view).items) == 2
    reopened = second_registry.store(store_id)
    for _ in range(600):  # the background thread's work, polled (a bound, not a timing assertion)
        if reopened.pending_count() == 0:
            break
        time.sleep(0.1)
    assert reopened.pending_count() == 0
    vectors = reopened.entry_vectors([long_id, turn_id])
    assert len(vectors[long_id]) == chunk_count(_runbook())
    turn = reopened.get(turn_id)
    assert turn is not None and turn.questions  # its probes were saved with it, folded in only now
    assert np.allclose(vectors[turn_id], later.entry_embedding([TURN, *turn.questions]), atol=1e-6)


@pytest.mark.both_backends
def test_forgetting_a_pending_entry_leaves_nothing(
    registry: StoreRegistry, embedder: FakeEmbedder, clock: Clock
) -> None:
    service = _stalled(registry, embedder, clock)
    alice = Caller(service.principal("alice"), "cli")
    saved = service.save_context(alice, _runbook())
    store = registry.store(alice.principal.user_id)
    assert store.pending_count() == 1
    assert service.forget_context(alice, saved.id).forgotten
    assert store.pending_count() == 0 and store.get(saved.id) is None and store.entry_vectors([saved.id]) == {}
    assert service.wait_indexed()  # nothing to do, nothing brought back
    assert store.count() == 0
    assert service.get_context(alice, "espresso descaling Giulia").packs == []


@pytest.mark.both_backends
def test_the_indexed_vectors_equal_a_synchronous_save(
    registry: StoreRegistry, second_registry: StoreRegistry, embedder: FakeEmbedder, clock: Clock
) -> None:
    behind = MemoryService(registry, embedder, clock=clock, write_behind=True)
    alice = Caller(behind.principal("alice"), "cli")
    texts = [TURN, _runbook()[:4096], "Bob: The standup moved to 9:30. Nobody liked 9:00. Carol agreed."]
    ids = [behind.save_context(alice, t).id for t in texts]
    assert behind.wait_indexed()
    store = registry.store(alice.principal.user_id)
    for entry_id, text in zip(ids, texts, strict=True):
        entry = store.get(entry_id)
        assert entry is not None
        sync = behind.entry_embedding([text, *entry.questions])  # what a synchronous save stores
        assert np.allclose(store.entry_vectors([entry_id])[entry_id], sync, atol=1e-6)


def test_with_the_real_model_the_indexed_vectors_equal_a_synchronous_save(tmp_path: Path) -> None:
    """The indexer embeds a batch of several entries' texts (and the save's own content comes from the
    embedding cache): the vectors must still be today's synchronous ones, within 1e-6."""
    minilm = create_embedder("minilm")
    texts = [TURN, _runbook()[:4096], "Bob: The standup moved to 9:30. Nobody liked 9:00. Carol agreed."]
    stored: list[list[np.ndarray]] = []
    for write_behind in (False, True):
        registry = StoreRegistry(tmp_path / f"home-{write_behind}", minilm.identity, minilm.dim)
        service = MemoryService(registry, minilm, write_behind=write_behind)
        if write_behind:
            service.indexer.close()  # every entry indexed in one batch by wait_indexed below
        alice = Caller(service.principal("alice"), "cli")
        ids = [service.save_context(alice, t).id for t in texts]
        assert service.wait_indexed()
        store = registry.store(alice.principal.user_id)
        stored.append([store.entry_vectors([i])[i] for i in ids])
        registry.close()
    for sync, behind in zip(*stored, strict=True):
        assert sync.shape == behind.shape
        assert np.abs(sync - behind).max() < 1e-6
