"""``contextlamp reembed`` while a server over the same data keeps running with the old model (issue 17 point 3):
once the stores record the new model, the old server's writes of vectors are refused with a clear error (nothing
written), the entries it left pending are final with the new model's vectors, and its indexer stops for those
stores instead of writing the old model's vectors; on both backends, as two processes' registries."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from contextlamp.app import writes
from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.embedding import FakeEmbedder
from contextlamp.errors import EmbeddingMismatchError
from contextlamp.storage import StoreRegistry
from tests.test_reembed import OtherFake
from tests.test_write_behind import TURN, _runbook  # pyright: ignore[reportPrivateUsage]


@pytest.fixture
def url(backend: str, request: pytest.FixtureRequest) -> Iterator[str | None]:
    """A database of its own on PostgreSQL (dropped afterwards); None on SQLite."""
    if backend == "sqlite":
        yield None
        return
    server = request.getfixturevalue("postgres")
    name = f"running_{abs(hash(request.node.nodeid)) % 10**8}"
    try:
        yield server.database(name)
    finally:
        server.drop(name)


@pytest.mark.both_backends
def test_a_server_left_running_during_reembed_writes_no_old_model_vectors(tmp_path: Path, url: str | None) -> None:
    home = tmp_path / "home"
    old, new = FakeEmbedder(), OtherFake()
    running = MemoryService(StoreRegistry(home, old.identity, old.dim, url, pool_size=2), old, write_behind=True)
    running.indexer.close()  # its indexer has not reached this entry yet when the move happens
    alice = Caller(running.principal("alice"), "cli")
    pending_id = running.save_context(alice, _runbook()).id
    kept_id = running.save_context(alice, "Deploys run on Thursdays after the standup", topic="deploys").id
    store = running.registry.store(alice.principal.user_id)
    assert store.pending_count() == 2  # both wait for their chunks or probes

    # another process: `contextlamp reembed --to <new>` (the registry opened under the model the data records)
    mover = MemoryService(StoreRegistry(home, old.identity, old.dim, url, pool_size=2), new)
    assert mover.registry.reembed(new.identity, mover.entry_embedding) == 2
    mover.registry.close()

    def new_vectors(entry_id: str) -> np.ndarray:
        entry = store.get(entry_id)
        assert entry is not None
        return mover.entry_embedding([entry.content, *entry.questions])

    # the entry the old server left pending is final, with the new model's vectors: nothing left to index
    assert store.pending_count() == 0
    assert running.wait_indexed()
    assert np.allclose(store.entry_vectors([pending_id])[pending_id], new_vectors(pending_id), atol=1e-6)

    # the old server's saves are refused, clearly, and write nothing
    with pytest.raises(EmbeddingMismatchError) as refused:
        running.save_context(alice, TURN)
    message = str(refused.value)
    assert old.identity in message and new.identity in message and "Restart" in message
    assert "reembed" in message
    assert store.count() == 2
    # a re-save that would make new vectors (its topic changes) is refused too; the entry keeps the new model's
    with pytest.raises(EmbeddingMismatchError):
        running.save_context(alice, "Deploys run on Thursdays after the standup", topic="release-days")
    assert np.allclose(store.entry_vectors([kept_id])[kept_id], new_vectors(kept_id), atol=1e-6)
    # an indexer write that raced the swap (entry read before it, vectors written after) is refused
    entry = store.get(pending_id)
    assert entry is not None
    with pytest.raises(EmbeddingMismatchError):
        writes.finish_index(store, entry, running.entry_embedding([entry.content, *entry.questions]))
    assert np.allclose(store.entry_vectors([pending_id])[pending_id], new_vectors(pending_id), atol=1e-6)
    # what needs no vectors still works (forget), and a server on the new model saves as usual
    assert running.forget_context(alice, kept_id).forgotten
    running.registry.close()
    restarted = MemoryService(StoreRegistry(home, new.identity, new.dim, url, pool_size=2), new, write_behind=True)
    try:
        assert not restarted.save_context(Caller(restarted.principal("alice"), "cli"), TURN).deduped
        assert restarted.wait_indexed()
    finally:
        restarted.registry.close()


class MovedStore:
    """A store another process moved to another model: every call of the indexer's finds that out."""

    store_id = "usr_moved"

    def pending_count(self) -> int:
        return 1

    def pending_ids(self, limit: int) -> list[str]:
        raise EmbeddingMismatchError("Store usr_moved now holds vectors of embedding model 'other'")


def test_the_indexer_leaves_a_moved_store_with_one_warning(caplog: pytest.LogCaptureFixture) -> None:
    indexer = Indexer(FakeEmbedder().embed)
    try:
        with caplog.at_level(logging.WARNING, logger="contextlamp.app.indexing"):
            indexer.notify(MovedStore())  # pyright: ignore[reportArgumentType]
            for _ in range(300):  # the background thread's work, polled (a bound, not a timing assertion)
                if indexer.pending() == 0:
                    break
                time.sleep(0.05)
        assert indexer.pending() == 0  # the store is no longer this indexer's
        assert indexer.failures == 0  # not a failure to retry forever
        warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
        assert len(warnings) == 1 and "usr_moved" in warnings[0]
    finally:
        indexer.close()
