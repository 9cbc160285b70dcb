"""Long memories kept by their margin over the short ones (issue #32 items 1-2).

A long memory is stored as many chunks and the semantic list ranks it by its best chunk's cosine: the maximum of
many draws. A long reply on the user's subject reaches the cosine of the short turn that answers without any part of
it standing out, and fills the top results in both lists (LongMemEval-S). A long memory that holds the asked fact in
one place has one chunk well above every other memory, short ones included. So a long memory whose best chunk does
not stand ``FusionWeights.located_margin`` above the best short memory's cosine keeps only a share of its semantic
and keyword terms (research/notes/recall46-stop45.md; recall45's forms judged a memory by its own chunks and could
not tell a reply from a handbook on the question's subject, research/notes/recall45-stop44.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from contextlamp.retrieval.fusion import scaled
from contextlamp.retrieval.hits import ScopedStore, SignalLists
from contextlamp.retrieval.weights import FusionWeights


def below_margin(
    fused: Sequence[tuple[str, float, float]],
    lists: SignalLists,
    owner: Mapping[str, ScopedStore],
    weights: FusionWeights,
) -> set[str]:
    """The ids among the first ``weights.located_depth`` of ``fused`` (``(id, rrf, score)`` best first) of memories
    longer than ``weights.located_chars`` characters, held by the semantic list, whose cosine (``lists.cosines``) is
    below the best cosine of a memory of at most that length in the semantic list plus ``weights.located_margin``.
    Empty when the semantic list holds no short memory. One read of the semantic list's lengths
    (``Store.chars_and_times``) per store."""
    cosines = lists.cosines
    judged = [i for i, _, _ in fused[: weights.located_depth] if i in cosines]
    if not judged:
        return set()
    by_store: dict[int, list[str]] = {}
    for entry_id in lists.semantic:  # the judged memories are in it too
        by_store.setdefault(id(owner[entry_id]), []).append(entry_id)
    chars: dict[str, int] = {}
    for ids in by_store.values():
        chars.update((i, n) for i, (n, _) in owner[ids[0]].store.chars_and_times(ids).items())
    limit = weights.located_chars
    short = [cosines[i] for i in lists.semantic if i in chars and chars[i] <= limit]
    if not short:
        return set()
    bar = max(short) + weights.located_margin
    return {i for i in judged if chars.get(i, 0) > limit and cosines[i] < bar}


def damp_long(
    fused: list[tuple[str, float, float]],
    lists: SignalLists,
    owner: Mapping[str, ScopedStore],
    weights: FusionWeights,
) -> list[tuple[str, float, float]]:
    """``fused`` (best first) with each long memory that does not stand out (``below_margin``) keeping only
    ``weights.located_share`` of its semantic and keyword RRF terms (``fusion.scaled``); best first again.
    Unchanged when ``weights.located_chars`` is 0 (off)."""
    if not weights.located_chars or not fused:
        return fused
    damped = below_margin(fused, lists, owner, weights)
    if not damped:
        return fused
    share = weights.located_share
    return scaled(
        fused,
        damped,
        {"semantic": lists.semantic, "keyword": lists.keyword},
        {"semantic": share, "keyword": share},
        {"semantic": weights.semantic, "keyword": weights.keyword},
        weights.k,
    )
