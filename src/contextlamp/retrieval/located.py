"""Long memories judged by where their match sits (issue #32 items 1 and 2).

A long memory holds many chunks and many words, so it ranks high in the semantic list (its best chunk) and in the
keyword list (its words) for many queries about its subject: on LongMemEval-S the top 10 fills with long assistant
replies that expound the user's subject, while no evidence turn is over 2,000 characters (research/notes
recall44-stop43.md). A long memory that holds the answer (a runbook's last paragraph: tests/test_retrieval_long_
paraphrase.py) matches in one place instead: most of its chunks are unrelated to the query while one matches. So a
long memory keeps its fused value when its match is located, and only a share of its semantic and keyword terms when
its typical part is related to the query (research/notes/recall45-stop44.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from contextlamp.retrieval.fusion import scaled
from contextlamp.retrieval.hits import ScopedStore, SignalLists
from contextlamp.retrieval.weights import FusionWeights

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Vectors


def located_by_meaning(vectors: Vectors, query_vector: Vectors, floor: float) -> bool:
    """Whether the median of a memory's chunk ``vectors`` (``(chunks, dim)`` float32) is below ``floor`` in cosine to
    ``query_vector`` (``(dim,)``): most of the memory is unrelated to the query (``floor``: the model's similarity
    floor), so what matches sits in a minority of its parts. A reply about the query's subject is related in most of
    its parts (LongMemEval-S dev tuning fold: median chunk cosine 0.21 of the long replies in the top 10, against
    0.04-0.10 for the handbooks of tests/test_retrieval_long_paraphrase.py; research/notes/recall45-stop44.md)."""
    import numpy as np

    return float(np.median(vectors @ query_vector)) < floor


def diffuse_long(
    fused: Sequence[tuple[str, float, float]],
    owner: Mapping[str, ScopedStore],
    query_vector: Vectors,
    weights: FusionWeights,
    floor: float,
) -> set[str]:
    """The ids among the first ``weights.located_depth`` of ``fused`` (``(id, rrf, score)`` best first) of memories
    longer than ``weights.located_chars`` characters whose match is not located (``located_by_meaning`` with
    ``floor``); a memory whose vectors are not stored yet is left alone. One read of lengths
    (``Store.chars_and_times``) per store, and of the long ones' stored vectors (``Store.entry_vectors``, in
    memory)."""
    by_store: dict[int, list[str]] = {}
    for entry_id, _, _ in fused[: weights.located_depth]:
        by_store.setdefault(id(owner[entry_id]), []).append(entry_id)
    out: set[str] = set()
    for ids in by_store.values():
        store = owner[ids[0]].store
        long = sorted(i for i, (n, _) in store.chars_and_times(ids).items() if n > weights.located_chars)
        if long:
            for entry_id, rows in store.entry_vectors(long).items():
                if len(rows) > 1 and not located_by_meaning(rows, query_vector, floor):
                    out.add(entry_id)
    return out


def damp_diffuse(
    fused: list[tuple[str, float, float]],
    lists: SignalLists,
    owner: Mapping[str, ScopedStore],
    query_vector: Vectors,
    weights: FusionWeights,
    floor: float,
) -> list[tuple[str, float, float]]:
    """``fused`` (best first) with each long memory that matches diffusely (``diffuse_long``) keeping only
    ``weights.diffuse_share`` of its semantic and keyword RRF terms (``fusion.scaled``); best first again.
    Unchanged when ``weights.located_chars`` is 0 (off)."""
    if not weights.located_chars or not fused:
        return fused
    diffuse = diffuse_long(fused, owner, query_vector, weights, floor)
    if not diffuse:
        return fused
    share = weights.diffuse_share
    return scaled(
        fused,
        diffuse,
        {"semantic": lists.semantic, "keyword": lists.keyword},
        {"semantic": share, "keyword": share},
        {"semantic": weights.semantic, "keyword": weights.keyword},
        weights.k,
    )
