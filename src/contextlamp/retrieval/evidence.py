"""The relevance floor and the match scale of get_context (spec/TOOLS.md get_context, issue #27.4): which fused
candidates have evidence of their own (``with_evidence``), which query names nothing (``names_nothing``), and the
packs' scores on a scale that means the same for every query (``match_strength``, ``on_match_scale``). Moved out of
``retrieval/search.py`` (stop 39, no module over 600 lines); ``search`` calls them after fusion.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from contextlamp.domain.language import OTHER
from contextlamp.retrieval.chunks import STEM_CHARS
from contextlamp.retrieval.query import STOP_WORDS, content_terms, query_terms
from contextlamp.segmenting import WINDOW_CHARS

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Vectors
    from contextlamp.retrieval.hits import Hit, ScopedStore, SignalLists


def match_strength(content: str, cosine: float | None, stems: set[str], evidence: float, similarity: float) -> float:
    """How well one memory matches a query, 0..1 on a scale that means the same for every query (issue #27.4): the
    larger of the share of the query's content words (``stems``, cut to ``STEM_CHARS`` letters) that ``content``
    holds and its ``cosine`` to the query mapped through the embedding model's own calibrated points, piecewise
    linearly: the similarity floor (``similarity``, MiniLM 0.2: unrelated pairs lie below) -> 0, the relevance
    floor (``evidence``, MiniLM 0.36) -> 0.5, an identical text (1.0) -> 1.0. ``cosine`` None (not measured) counts
    0. So 1.0 is every word of the query (or its text), 0.5 is half its words or meaning at the relevance floor. A
    ``content`` longer than one embedding window (``WINDOW_CHARS``) has its meaning mapped from the similarity floor
    (-> 0.5) instead, as ``with_evidence`` judges it: its vectors are of windows that mix a paragraph with the rest."""
    words = keyword_held(content, stems) / len(stems) if stems else 0.0
    meaning = 0.0
    if len(content) > WINDOW_CHARS:
        evidence = similarity  # a long entry's window vectors dilute a paragraph's meaning, as in with_evidence
    if cosine is not None and evidence < 1.0:
        if cosine >= evidence:
            meaning = 0.5 + 0.5 * (cosine - evidence) / (1.0 - evidence)
        elif similarity < evidence:
            meaning = max(0.0, 0.5 * (cosine - similarity) / (evidence - similarity))
    return min(1.0, max(words, meaning))


def on_match_scale(
    hits: list[Hit],
    cosines: dict[str, float],
    query: str,
    query_vector: Vectors,
    evidence: float,
    similarity: float,
    asked: bool = False,
    judge: Hit | None = None,
) -> list[Hit]:
    """``hits`` (best first) with scores on the match scale (``match_strength``; docs/retrieval.md "Score"): the
    first hit scores its own match strength (1.0 when ``asked``: the query asked for the newest or named its topic),
    each other hit that times its fused value relative to the first's, so the order and the ratios between scores
    are the fused ones and the first score says how well the best pack matches: a near miss ("who owns the ledger
    API" for "The ledger API is versioned with a /v2 prefix") scores below an answer instead of 1.0 every time.
    ``judge``, when given, is the hit whose strength the first hit scores: the best match before
    ``answers.damp_restatements`` moved it down, so the scale reads the match, not the rule's order. The judged
    hit's cosine is read from its stored vectors when the semantic list did not hold it (one read)."""
    top = judge if judge is not None else hits[0]
    first = hits[0].score
    if first <= 0:
        return hits
    if asked:
        strength = 1.0
    else:
        cosine = cosines.get(top.entry.id)
        if cosine is None:
            found = top.source.store.entry_vectors([top.entry.id]).get(top.entry.id)
            cosine = float((found @ query_vector).max()) if found is not None and len(found) else None
        stems = {t[:STEM_CHARS] for t in content_terms(query)}
        strength = match_strength(top.entry.content, cosine, stems, evidence, similarity)
    scale = strength / first  # the first hit scores the strength judged
    return [replace(h, score=round(min(1.0, h.score * scale), 6)) for h in hits]


# The best match by meaning is evidence at this share of the evidence floor (with_evidence). Chosen on the LoCoMo
# records of research/bench/relevance_floor.py (int8): recall@5/@10 of answerable questions unchanged (0.654 / 0.756),
# packs per foreign question 4.58 -> 4.90 of 10 (no floor: 10), foreign questions with no pack 42 % -> 10 %; on the
# engineering memories of tests/test_relevance_floor.py the never-saved questions' best cosine is at most 0.26.
BEST_MATCH_RATIO = 0.78


def with_evidence(
    fused: list[tuple[str, float, float]],
    lists: SignalLists,
    owner: dict[str, ScopedStore],
    lifted: dict[str, str],
    query_vector: Vectors,
    floor: float,
    with_recency: bool,
    context_floor: float = -1.0,
    want: int = 0,
    query: str = "",
    agreement: int = 0,
    agreement_terms: int = 1,
) -> tuple[list[tuple[str, float, float]], dict[str, str]]:
    """The relevance floor (spec/TOOLS.md get_context, issue #27.4): ``fused`` (best first) keeping only the
    entries with evidence, and ``lifted`` (neighbour -> anchor) keeping only the neighbours kept for their anchor.

    An entry has evidence of its own when a signal really matched it: its cosine to the query is at least
    ``floor`` (the model's calibrated ``Embedder.evidence_similarity``), it matched every content word of the
    query (``SignalLists.keyword_all``), the query names its topic (fact-key), or the query asks for the newest
    (``with_recency``: then its recency rank is the asked-for signal), or, for a keyword hit of ``query``, its
    text holds most of the query's content words (``keyword_least``: a long question's every word is rarely in
    the turn that answers it; issue #32 item 1), or both the keyword and the semantic list rank it within their
    first ``agreement`` (0: off) and its text holds ``agreement_terms`` of a query of three or more content words:
    two independent signals agree on it (issue #32 item 1: LongMemEval-S answer turns with cosines 0.27-0.32
    and two of a long question's words). The one best match by meaning (the highest
    cosine of the semantic list) needs only ``BEST_MATCH_RATIO * floor``: a short question and a short memory that
    answers it in other words ("which frontend build tool?" for "The web app is built with Vite and Vue 3", cosine
    0.29) sit below the floor, and offering the nearest one keeps the floor's point (one pack, not
    ``max_results``). A keyword hit on some of the query's words only is no evidence, and neither is a place in
    the recency list otherwise. A time neighbour without evidence of
    its own is kept when the anchor that lifted it has some and it is not unrelated to the query itself (cosine at
    least ``context_floor``, the model's similarity floor): it is that match's context (``Hit.context_of``). An
    entry longer than one embedding window (``WINDOW_CHARS``) needs only ``context_floor`` by meaning: its vectors
    are of windows that mix a paragraph with its neighbours and the entry's title, so a paragraph that answers the
    query measures far below its own cosine (a runbook's last paragraph: 0.23 for its window, 0.44 alone); the
    floor was calibrated on short memories only (LoCoMo has none longer than a window).
    The floor and the rule were chosen on LoCoMo conversations held apart from those reported (research/bench/
    relevance_floor.py, docs/retrieval.md "Relevance floor"). The cosine of an entry outside the semantic list
    (a keyword hit or a neighbour beyond its depth) is read from its stored vectors, and the lengths of the related
    entries without evidence yet (``Store.chars_and_times``): ``fused`` is judged in windows of ``2 * want`` (at
    least 16), one read of each kind per store and window, and judging stops once ``want`` entries are kept
    (0: judge all), so a call reads about as many entries as it returns."""
    fact = set(lists.fact_key)
    cosines = dict(lists.cosines)
    stems = {t[:STEM_CHARS] for t in content_terms(query)}
    least = keyword_least(len(stems))
    keyword = set(lists.keyword) if least else set[str]()
    covered: set[str] = set()  # keyword hits holding at least `least` of the query's content words
    chunked: set[str] = set()  # long entries related to the query (cosine at least context_floor): see above
    best = max(lists.cosines.items(), key=lambda pair: pair[1], default=None)
    best_match = best[0] if best is not None and floor > 0 and best[1] >= BEST_MATCH_RATIO * floor else None
    # in the first `agreement` of both lists: evidence once its text holds `agreement_terms` of the query's words
    agreed = set(lists.keyword[:agreement]).intersection(lists.semantic[:agreement]) if least else set[str]()
    corroborated: set[str] = set()

    def own(entry_id: str) -> bool:
        return (
            with_recency
            or entry_id == best_match
            or cosines.get(entry_id, -1.0) >= floor
            or entry_id in lists.keyword_all
            or entry_id in fact
            or entry_id in chunked
            or entry_id in covered
            or entry_id in corroborated
        )

    kept: list[tuple[str, float, float]] = []
    context: dict[str, str] = {}
    step = max(2 * want, 16)
    for start in range(0, len(fused), step):
        if want and len(kept) >= want:
            break  # enough: what is past the cut is never read
        window = fused[start : start + step]
        ids = [i for i, _, _ in window]
        partial = [i for i in ids if i in keyword and not own(i)]
        for scoped in {id(owner[i]): owner[i] for i in partial}.values():
            texts = scoped.store.entries([i for i in partial if owner[i] is scoped])
            for i, e in texts.items():
                held = keyword_held(e.content, stems)
                if held >= least:
                    covered.add(i)
                elif held >= agreement_terms and i in agreed:
                    corroborated.add(i)
        unknown = [i for i in ids if i not in cosines and not own(i)]
        for scoped in {id(owner[i]): owner[i] for i in unknown}.values():
            found = scoped.store.entry_vectors([i for i in unknown if owner[i] is scoped])
            cosines.update((i, float((vectors @ query_vector).max())) for i, vectors in found.items())
        related = [i for i in ids if not own(i) and cosines.get(i, -1.0) >= context_floor]
        for scoped in {id(owner[i]): owner[i] for i in related}.values():
            lengths = scoped.store.chars_and_times([i for i in related if owner[i] is scoped])
            chunked.update(i for i, (chars, _) in lengths.items() if chars > WINDOW_CHARS)
        for item in window:
            entry_id = item[0]
            anchor = lifted.get(entry_id)
            if own(entry_id):
                kept.append(item)
            elif anchor is not None and own(anchor) and cosines.get(entry_id, -1.0) >= context_floor:
                kept.append(item)
                context[entry_id] = anchor
    return kept, context


def names_nothing(query: str) -> bool:
    """Whether ``query`` is made of function words only ("the", "what is the", "who are you"; English's
    ``query.STOP_WORDS`` and the Latin-script languages' ``domain.language.OTHER``) or of no word at all: it names
    nothing, so no match of it is evidence and ``search`` returns no hit when the relevance floor is on (issue
    #27.4: "the" returned every memory holding "the", each a keyword match of every content word since
    ``query.content_terms`` falls back to all words). Linear in ``len(query)``."""
    return all(t in STOP_WORDS or t in OTHER for t in content_terms(query))


def keyword_least(terms: int) -> int:
    """How many of a query's ``terms`` content words a keyword hit must hold to be evidence on that alone
    (``with_evidence``): at least two and at least half (a "minimum should match", as Lucene's ``mm``); 0 (the
    rule is off) for a query of fewer than three words, where only a match of every word counts. Measured on
    LoCoMo (two tuning conversations, research/notes/retrieval.md "Keyword evidence"): R@5/R@10 0.632/0.765 ->
    0.654/0.789, all of it in the adversarial category; no floor at all gave 0.649/0.781."""
    return max(2, (terms + 1) // 2) if terms >= 3 else 0


def keyword_covers(content: str, stems: set[str], least: int) -> bool:
    """Whether ``content`` holds at least ``least`` of ``stems`` (content words cut to ``STEM_CHARS`` letters,
    as ``retrieval/chunks.py`` compares them). Linear in ``len(content)``."""
    return keyword_held(content, stems) >= least


def keyword_held(content: str, stems: set[str]) -> int:
    """How many of ``stems`` (content words cut to ``STEM_CHARS`` letters) ``content`` holds. Linear in
    ``len(content)``."""
    return len(stems & {t[:STEM_CHARS] for t in query_terms(content)})


def agrees(entry_id: str, content: str, lists: SignalLists, query: str, depth: int, terms: int) -> bool:
    """Whether ``with_evidence``'s agreement rule holds for one entry: the query has three or more content words,
    the keyword and the semantic list both rank the entry within their first ``depth`` (0: the rule is off), and
    ``content`` holds ``terms`` of the query's content words (issue #32 item 1). Linear in ``len(content)``."""
    stems = {t[:STEM_CHARS] for t in content_terms(query)}
    if depth <= 0 or not keyword_least(len(stems)):
        return False
    if entry_id not in lists.keyword[:depth] or entry_id not in lists.semantic[:depth]:
        return False
    return keyword_held(content, stems) >= terms
