"""research/bench/neighbour_rules.py: its offline re-ranking is the service's ``with_neighbours`` arithmetic."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from contextlamp.retrieval.search import ScopedStore, with_neighbours
from contextlamp.retrieval.weights import FusionWeights
from tests.scripts import load_script

nr = load_script("neighbour_rules.py", "neighbour_rules")


@dataclass(frozen=True)
class _Entry:
    content: str
    created_at: int


class _Store:
    """Ten turns saved 1 ms apart; ``time_neighbours`` and ``chars_and_times`` as ``Store`` answers them."""

    def __init__(self, lengths: Sequence[int]) -> None:
        self.order = [f"e{n}" for n in range(len(lengths))]
        self.rows = {
            i: _Entry("x" * length, 1000 + n) for n, (i, length) in enumerate(zip(self.order, lengths, strict=True))
        }

    def time_neighbours(
        self, ids: Sequence[str], window: int, now: int, types: Any, radius: int
    ) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for i in ids:
            n = self.order.index(i)
            before = [self.order[m] for m in range(n - 1, max(-1, n - radius - 1), -1)]
            out[i] = before + self.order[n + 1 : n + 1 + radius]
        return out

    def chars_and_times(self, ids: Sequence[str]) -> dict[str, tuple[int, int]]:
        return {i: (len(self.rows[i].content), self.rows[i].created_at) for i in ids if i in self.rows}


@pytest.mark.parametrize("limit", [0, 100, 200, 1000])
def test_rerank_orders_as_with_neighbours(limit: int) -> None:
    lengths = [120, 900, 80, 150, 60, 3000, 90, 110, 250, 70]
    store = _Store(lengths)
    fused = [("e5", 0.3, 0.8), ("e2", 0.25, 0.66), ("e8", 0.2, 0.5), ("e0", 0.1, 0.3), ("e9", 0.05, 0.1)]
    scoped = ScopedStore(store, "personal", 0)  # pyright: ignore[reportArgumentType]
    owner = {i: scoped for i, _, _ in fused}
    weights = FusionWeights(neighbour_max_chars=limit, neighbour_reply=1.0)  # the offline rule has no reply factor
    served = [i for i, _, _ in with_neighbours(fused, owner, weights, 0, None)]
    near = store.time_neighbours([i for i, _, _ in fused], 0, 0, None, 3)
    info = {i: [len(e.content), e.created_at] for i, e in store.rows.items()}
    offline = nr.rerank(
        {"fused": fused, "near": near, "info": info},
        nr.Rule(bonus=weights.neighbours, anchors=weights.neighbour_anchors, max_chars=limit or None, chain=True),
    )
    assert offline == served
