"""Weighted Reciprocal Rank Fusion over ranked id lists (pure functions, no I/O).

RRF: Cormack, Clarke & Buettcher, "Reciprocal Rank Fusion outperforms Condorcet and individual rank
learning methods", SIGIR 2009: score(d) = sum_i w_i / (k + rank_i(d)), ranks from 1 (the paper's k is 60;
ours, tuned on LoCoMo dev, has one home: ``retrieval.weights.FusionWeights.k``).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from contextlamp.retrieval.weights import FusionWeights

FUSION_FORMULA_VERSION = "wrrf-1"  # bump when the fused score's meaning changes


K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class Fused:
    """One fused item: raw weighted RRF sum and the score normalised to 0..1."""

    key: Hashable
    rrf: float
    score: float


def weighted_rrf(
    lists: Mapping[str, Sequence[K]], weights: Mapping[str, float], k: int = FusionWeights.k
) -> list[Fused]:
    """Fuse ranked lists by weighted RRF; best first, ties keep first-seen order.

    Args:
        lists: signal name -> ids best first (an id appears at most once per list). A list that was run
            but found nothing still counts toward the maximum; leave out a list that does not apply.
        weights: signal name -> weight; a list with no weight or weight 0 is ignored.
        k: RRF constant (> 0); by default the product's (``retrieval.weights.FusionWeights.k``).

    Returns:
        Fused items. ``score`` = rrf / max_possible, where max_possible = sum of w_i / (k + 1) over the
        weighted lists given: 1.0 means first in every list, so scores compare across queries
        (raw RRF sums all crowd near 1/61).
    """
    totals: dict[Hashable, float] = {}
    max_possible = 0.0
    for name, ranked in lists.items():
        weight = weights.get(name, 0.0)
        if weight <= 0:
            continue
        max_possible += weight / (k + 1)
        for rank, key in enumerate(ranked, start=1):
            totals[key] = totals.get(key, 0.0) + weight / (k + rank)
    if not totals:
        return []
    order = sorted(totals.items(), key=lambda item: -item[1])  # stable: ties keep first-seen order
    return [Fused(key=key, rrf=value, score=min(1.0, value / max_possible)) for key, value in order]
