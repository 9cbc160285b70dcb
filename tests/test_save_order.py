"""Entries saved in one millisecond keep the order they were saved in (#27, stop 42): a session's statements are
saved in one batch, in the order they were said; before, they tied on their save time and every read ordered by it
(listings, recency, the time neighbours of a hit) fell back on their random ids, so the same session gave other
neighbours, and other rankings, from one run to the next (the month bench's stale column moved between runs)."""

from __future__ import annotations

import pytest

from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.embedding import FakeEmbedder
from contextlamp.storage import StoreRegistry

SAID = [f"The relay number {n} forwards to queue-{n}.internal." for n in range(8)]
NOW = 1_790_000_000_000


class Frozen:
    """A wall clock that does not move unless told (a batch saved within one millisecond)."""

    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> int:
        return self.now


@pytest.fixture
def frozen() -> Frozen:
    return Frozen()


@pytest.fixture
def still(registry: StoreRegistry, embedder: FakeEmbedder, frozen: Frozen) -> MemoryService:
    return MemoryService(registry, embedder, clock=frozen, indexer=Indexer(embedder.embed, inline=True))


def test_one_batch_keeps_the_order_it_was_said_in(still: MemoryService) -> None:
    alice = Caller(principal=still.principal("alice"), surface="claude-code")
    ids = [still.save_context(alice, text).id for text in SAID]  # the clock does not move: one millisecond
    listed = [item.id for item in still.list_context(alice, 50).items]
    assert listed == ids[::-1]  # newest first, in save order, every run


def test_the_clock_is_followed_again_once_it_moves_on(still: MemoryService, frozen: Frozen) -> None:
    alice = Caller(principal=still.principal("alice"), surface="claude-code")
    for text in SAID:
        still.save_context(alice, text)
    frozen.now += 60_000
    later = still.save_context(alice, "The relay number 9 forwards to queue-9.internal.").id
    assert still.list_context(alice, 1).items[0].id == later
