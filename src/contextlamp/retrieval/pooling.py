"""Two measured ranking steps after the first fusion (issue #32, stop 49): session pooling and keyword feedback.

*Session pooling* (``session_pooled``): among the fused first ``FusionWeights.session_depth`` candidates, the ones of
one session (same store, saved within ``FusionWeights.neighbour_window_ms`` of the previous candidate of that store in
save order) lend each other ``FusionWeights.session_pool`` times the sum of the others' RRF: a session holding
several matches is more likely the one the question is about (max-plus-sum pooling of passage scores into a
document's, as in passage-level document retrieval, Callan, SIGIR 1994; Dai & Callan, SIGIR 2019 "MaxP/SumP"),
and the lift reaches its members that rank low on their own.

*Keyword feedback* (``feedback_terms``): pseudo-relevance feedback on the keyword signal (RM3-like: Lavrenko & Croft,
SIGIR 2001; Abdul-Jaleel et al., TREC 2004): the words the first pass's best ``FusionWeights.prf_docs`` entries share
(in at least two of them, weighted by each entry's RRF and its length-normalised term frequency) that the query does
not hold, the first ``FusionWeights.prf_terms`` of them, are added to the query's content words for one more keyword
list, fused with weight ``FusionWeights.prf``. The index's own BM25 weighs each added word by its IDF.
"""

from __future__ import annotations

from collections import Counter

from contextlamp.retrieval.hits import ScopedStore
from contextlamp.retrieval.query import _TOKEN, STOP_WORDS
from contextlamp.retrieval.weights import FusionWeights

FEEDBACK_MIN_CHARS = 3  # an added word has at least 3 characters (no "ok", "im" from chat)


def session_pooled(
    fused: list[tuple[str, float, float]], owner: dict[str, ScopedStore], weights: FusionWeights
) -> list[tuple[str, float, float]]:
    """``fused`` (``(id, rrf, score)`` best first) with each of its first ``weights.session_depth`` entries raised by
    ``weights.session_pool`` x the RRF sum of the other candidates of its session among them (module docstring),
    best first again; the score moves in proportion. One ``Store.chars_and_times`` read per store."""
    top = fused[: weights.session_depth]
    if weights.session_pool <= 0 or len(top) < 2:
        return fused
    by_store: dict[int, list[str]] = {}
    for entry_id, _, _ in top:
        by_store.setdefault(id(owner[entry_id]), []).append(entry_id)
    rrf_of = {i: rrf for i, rrf, _ in top}
    bonus: dict[str, float] = {}
    for ids in by_store.values():
        if len(ids) < 2:
            continue
        times = owner[ids[0]].store.chars_and_times(ids)
        order = sorted((times[i][1], i) for i in ids if i in times)
        sessions: list[list[str]] = []
        last = None
        for created_at, entry_id in order:
            if last is None or created_at - last > weights.neighbour_window_ms:
                sessions.append([])
            sessions[-1].append(entry_id)
            last = created_at
        for members in sessions:
            total = sum(rrf_of[i] for i in members)
            best = max(rrf_of[i] for i in members)
            for i in members:
                gain = weights.session_pool * (total - rrf_of[i])
                if weights.session_cap:  # the session's best keeps its value; the others stay below it
                    gain = 0.0 if rrf_of[i] >= best else min(gain, best * 0.999 - rrf_of[i])
                bonus[i] = gain
    if not any(bonus.values()):
        return fused
    out = []
    for entry_id, rrf, score in fused:
        gain = bonus.get(entry_id, 0.0)
        out.append((entry_id, rrf + gain, score * (rrf + gain) / rrf if rrf > 0 else score))
    return sorted(out, key=lambda f: -f[1])


def feedback_terms(
    fused: list[tuple[str, float, float]],
    owner: dict[str, ScopedStore],
    query_words: list[str],
    weights: FusionWeights,
    feedback_from: list[str] | None = None,
) -> list[str]:
    """The words to add to the query (module docstring), best first, at most ``weights.prf_terms``; [] when off or
    fewer than two feedback entries. One ``Store.entries`` read per store of the best ``weights.prf_docs``."""
    top = fused[: weights.prf_docs]
    if feedback_from is not None:  # the first pass of the keyword signal itself
        rrf_of = {i: rrf for i, rrf, _ in fused}
        top = [(i, rrf_of.get(i, 0.0) or 1.0 / (1 + n), 0.0) for n, i in enumerate(feedback_from[: weights.prf_docs])]
    if weights.prf <= 0 or weights.prf_terms <= 0 or len(top) < 2:
        return []
    by_store: dict[int, list[str]] = {}
    for entry_id, _, _ in top:
        by_store.setdefault(id(owner[entry_id]), []).append(entry_id)
    texts: dict[str, str] = {}
    for ids in by_store.values():
        texts.update((i, e.content) for i, e in owner[ids[0]].store.entries(ids).items())
    asked = set(query_words)
    weight: Counter[str] = Counter()
    seen_in: Counter[str] = Counter()
    for entry_id, rrf, _ in top:
        if entry_id not in texts:
            continue
        counts = Counter(
            w
            for w in _TOKEN.findall(texts[entry_id].lower())
            if len(w) >= FEEDBACK_MIN_CHARS and w not in STOP_WORDS and w not in asked and not w.isdigit()
        )
        size = sum(counts.values()) or 1
        for w, n in counts.items():
            weight[w] += rrf * n / size
            seen_in[w] += 1
    shared = [(w, v) for w, v in weight.items() if seen_in[w] >= 2]
    return [w for w, _ in sorted(shared, key=lambda p: (-p[1], p[0]))[: weights.prf_terms]]
