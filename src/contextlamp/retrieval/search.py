"""Hybrid search over one or more stores: four signal lists, fused by weighted RRF.

Signals (spec/TOOLS.md get_context): semantic (cosine to the entry's vector, content and likely questions
folded, domain/folding.py), keyword (FTS5 BM25 over stemmed terms; entries with every content word first,
then the OR relaxation fills the list), fact-key (entries whose topic the query names) and recency (newest first;
fused only when the caller asks for recency, otherwise it only breaks ties). Every filter (memory type,
superseded, expiry) is applied inside the stores before each list's top-k cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from contextlamp.domain.language import OTHER
from contextlamp.domain.models import Entry, MemoryType
from contextlamp.domain.ports import Store
from contextlamp.domain.rules import may_pair, prefer_newer, states_change
from contextlamp.retrieval.chunks import STEM_CHARS
from contextlamp.retrieval.dates import named_window
from contextlamp.retrieval.fusion import weighted_rrf
from contextlamp.retrieval.query import (
    STOP_WORDS,
    asks_for_recent,
    content_terms,
    in_other_language,
    named_words,
    query_terms,
    word_terms,
)
from contextlamp.retrieval.weights import FRESHER_FIRST_THRESHOLD, FusionWeights, TrustWeights
from contextlamp.segmenting import WINDOW_CHARS

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Vectors

# a keyword hit of a query in another language holds at least this many of its content words (_most_words): as
# the agreement rule's two words (FusionWeights.agreement_terms); half of them (keyword_least) was measured too,
# and loses Chinese and Japanese matches, whose bigram terms are mostly spans across two words (docs/multilingual.md)
OTHER_LANGUAGE_TERMS = 2
CANDIDATE_DEPTH = 50  # per-list candidates before fusion; at least 5x the requested results
# A partial keyword hit (OR relaxation) scoring below this matched only words held by at least half the store's entries:
# SQLite FTS5 gives such a word an IDF of 1e-6 (fts5_aux.c, fts5Bm25Init: "the minimum allowable IDF is (1e-6)"), so
# the hit's BM25 is under 1e-5 a word, against at least ~4e-3 for any other word of a 1,000-entry store. In a
# conversation the speakers' names are such words ("Jon: Bye!" matched "Which cities has Jon visited?" second):
# ranks from them carry no evidence (_keyword; FusionWeights.keyword_noise; research/notes/retrieval.md)
KEYWORD_NOISE = 1e-3
NEIGHBOUR_CAP = 0.999  # a neighbour's lifted value stays below its anchor's (with_neighbours)


@dataclass(frozen=True)
class ScopedStore:
    """A store a call may read, its pack scope label and its tie priority (lower wins ties)."""

    store: Store
    scope: str
    priority: int


@dataclass(frozen=True)
class Hit:
    """A fused result: the entry, its store and its 0..1 score; ``ranks``: its 1-based place in each signal list
    fused for this query that holds it, as ``(signal, rank)`` pairs (``SIGNALS`` order), for explanations;
    ``context_of``: for a time neighbour returned only as the context of a match (no evidence of its own,
    ``with_evidence``), the id of that match."""

    entry: Entry
    source: ScopedStore
    score: float
    ranks: tuple[tuple[str, int], ...] = ()
    context_of: str | None = None  # a neighbour kept for its anchor's evidence (with_evidence): the anchor's id


SIGNALS = ("semantic", "keyword", "fact_key", "recency", "named_date")  # the signal lists, in explanations' order


@dataclass
class SignalLists:
    """The ranked id lists of one query (best first), kept for benchmarks and ablations."""

    semantic: list[str] = field(default_factory=list[str])
    keyword: list[str] = field(default_factory=list[str])
    fact_key: list[str] = field(default_factory=list[str])
    recency: list[str] = field(default_factory=list[str])
    named_date: list[str] = field(default_factory=list[str])  # candidates saved on the date the query names
    cosines: dict[str, float] = field(default_factory=dict[str, float])  # semantic list: each id's cosine
    keyword_all: set[str] = field(default_factory=set[str])  # keyword list: the ids matching every content word


def _singular(term: str) -> str:
    return term[:-1] if len(term) > 3 and term.endswith("s") and not term.endswith("ss") else term


def topic_named(topic: str, query_words: set[str]) -> int:
    """How many words of ``topic`` (kebab) the query names, if it names all of them, else 0.

    ``query_words``: the query's ``named_words``, plural ``s`` folded. A word of a spaceless script is named
    when all its bigrams are (``word_terms``)."""
    words = [w for w in topic.split("-") if w]
    if not words:
        return 0
    return len(words) if all(_singular(t) in query_words for w in words for t in word_terms(w)) else 0


def collect_signals(
    stores: Sequence[ScopedStore],
    query: str,
    query_vector: Vectors,
    depth: int,
    now: int,
    memory_types: Sequence[MemoryType] | None,
    semantic_floor: float = -1.0,
    recency: bool = True,
    most_words: bool = False,
    keyword_noise: bool = True,
) -> tuple[SignalLists, dict[str, ScopedStore]]:
    """Run every signal on every store and merge each signal across stores (ties: lower priority first).

    Semantic neighbours below ``semantic_floor`` (cosine) are left out. ``recency`` False leaves the recency
    list empty and unread (``search`` when it will not fuse it: the list then serves nothing). ``most_words``: a
    query in another language than English keeps only the keyword hits holding most of its words
    (``_most_words``). ``keyword_noise``: partial keyword hits on common words only are left out (``_keyword``).
    Returns the lists and, for each id seen, the store it came from.
    """
    owner: dict[str, ScopedStore] = {}
    semantic: list[tuple[float, int, str]] = []
    keyword: list[tuple[float, int, str]] = []
    cosines: dict[str, float] = {}
    keyword_all: set[str] = set()
    fact: list[tuple[int, int, int, str]] = []
    recent: list[tuple[int, int, str]] = []
    terms = content_terms(query)
    query_words = {_singular(t) for t in named_words(query)}
    other_language = most_words and in_other_language(query)
    for scoped in stores:
        store, prio = scoped.store, scoped.priority
        for entry_id, cosine in store.vector_search(query_vector, depth, now, memory_types):
            if cosine < semantic_floor:
                break  # best first: the rest are weaker still
            semantic.append((-cosine, prio, entry_id))
            cosines[entry_id] = cosine
            owner[entry_id] = scoped
        found = _keyword(store, terms, depth, now, memory_types, keyword_noise)
        for entry_id, bm25, every_word in _most_words(store, found, terms) if other_language else found:
            keyword.append((bm25, prio, entry_id))
            if every_word:
                keyword_all.add(entry_id)
            owner[entry_id] = scoped
        # a topic is named when each of its words is: its first word is, so it starts with a named word
        for topic, entry_id, created_at in store.topics(now, memory_types, query_words):
            named = topic_named(topic, query_words)
            if named:
                fact.append((-named, -created_at, prio, entry_id))
                owner[entry_id] = scoped
        for rank, entry_id in enumerate(store.recent(depth, now, memory_types) if recency else ()):
            recent.append((rank, prio, entry_id))
            owner.setdefault(entry_id, scoped)
    lists = SignalLists(
        semantic=[i for *_, i in sorted(semantic)][:depth],
        keyword=[i for *_, i in sorted(keyword)][:depth],
        fact_key=[i for *_, i in sorted(fact)][:depth],
        recency=[i for *_, i in sorted(recent)][:depth],
    )
    lists.cosines = {i: cosines[i] for i in lists.semantic}
    lists.keyword_all = keyword_all.intersection(lists.keyword)
    return lists, owner


def _keyword(
    store: Store,
    terms: list[str],
    depth: int,
    now: int,
    memory_types: Sequence[MemoryType] | None,
    drop_noise: bool = False,
) -> list[tuple[str, float, bool]]:
    """Entries matching every content word first (strict AND), then the OR relaxation fills the list, as
    ``(id, bm25, matches every word)``. ``drop_noise``: an OR hit scoring below ``KEYWORD_NOISE`` in magnitude (it
    matched only words in at least half the store's entries) is left out; PostgreSQL's ``ts_rank_cd`` has no IDF,
    so none is there.

    A natural question rarely has all its words in one memory, so the strict query alone often finds
    nothing or too little; ranking AND-matches ahead of OR-matches keeps exact hits on top either way.
    """
    if not terms:
        return []
    hits = [(i, bm25, True) for i, bm25 in store.keyword_search(terms, "and", depth, now, memory_types)]
    if len(hits) < depth and len(terms) > 1:
        seen = {entry_id for entry_id, _, _ in hits}
        hits += [
            (i, bm25, False)
            for i, bm25 in store.keyword_search(terms, "or", depth, now, memory_types)
            if i not in seen and not (drop_noise and abs(bm25) < KEYWORD_NOISE)
        ]
    return hits[:depth]


def _most_words(store: Store, hits: list[tuple[str, float, bool]], terms: list[str]) -> list[tuple[str, float, bool]]:
    """The keyword ``hits`` of a query in another language than English (``query.in_other_language``) that match
    every content word or at least ``OTHER_LANGUAGE_TERMS`` of them (compared on ``STEM_CHARS`` letters), so that
    one shared word ("equipo", "groupe", "团队") is no keyword match: without stemming in the index a question in
    another language shares few words with the memory it is about, and an OR match on one of them ranked first
    put an unrelated memory above the one the meaning signal ranked first (issue #32 item 4,
    research/bench/multilingual.py). English queries keep the OR relaxation tuned on LoCoMo. One
    ``Store.entries`` read of the partial hits."""
    stems = {t[:STEM_CHARS] for t in terms}
    partial = [entry_id for entry_id, _, every_word in hits if not every_word]
    if len(stems) < OTHER_LANGUAGE_TERMS or not partial:
        return hits
    texts = store.entries(partial)
    return [
        hit
        for hit in hits
        if hit[2] or (hit[0] in texts and keyword_held(texts[hit[0]].content, stems) >= OTHER_LANGUAGE_TERMS)
    ]


def fuse(
    lists: SignalLists, weights: FusionWeights, recency: bool, active: Sequence[str] | None = None
) -> list[tuple[str, float, float]]:
    """Weighted RRF over the signal lists as ``(id, rrf, score)``, best first by RRF.

    ``recency`` adds the recency list to the fusion; ``active`` limits the signals used (ablations).
    The fact-key list joins only when the query names a topic, so it does not dilute scores otherwise.
    """
    named = {
        "semantic": lists.semantic,
        "keyword": lists.keyword,
        "fact_key": lists.fact_key,
        "recency": lists.recency,
        "named_date": lists.named_date,
    }
    use = set(active) if active is not None else set(named)
    if not recency:
        use.discard("recency")
    if not lists.fact_key:
        use.discard("fact_key")
    if not lists.named_date:
        use.discard("named_date")
    weight_of = {
        "semantic": weights.semantic,
        "keyword": weights.keyword,
        "fact_key": weights.fact_key,
        "recency": weights.recency,
        "named_date": weights.named_date,
    }
    fused = weighted_rrf({name: named[name] for name in named if name in use}, weight_of, weights.k)
    return [(str(f.key), f.rrf, f.score) for f in fused]


def saved_within(
    fused: list[tuple[str, float, float]], owner: dict[str, ScopedStore], window: tuple[int, int]
) -> list[str]:
    """The ids of ``fused`` (best first, as ``fuse`` returns) saved inside ``window`` (``[start, end)``, ms since the
    epoch: the date a query names, ``dates.named_window``), in ``fused`` order: the named-date list that ``search``
    fuses with weight ``FusionWeights.named_date``. One read of save times per store (``Store.chars_and_times``)."""
    start, end = window
    by_store: dict[int, list[str]] = {}
    for entry_id, _, _ in fused:
        by_store.setdefault(id(owner[entry_id]), []).append(entry_id)
    inside: set[str] = set()
    for ids in by_store.values():
        times = owner[ids[0]].store.chars_and_times(ids)
        inside.update(i for i, (_, created_at) in times.items() if start <= created_at < end)
    return [i for i, _, _ in fused if i in inside]


def with_neighbours(
    fused: list[tuple[str, float, float]],
    owner: dict[str, ScopedStore],
    weights: FusionWeights,
    now: int,
    memory_types: Sequence[MemoryType] | None,
    lifted: dict[str, str] | None = None,
) -> list[tuple[str, float, float]]:
    """``fused`` with the time neighbours of its best ``weights.neighbour_anchors`` entries raised, best first.
    A neighbour is one of the ``weights.neighbour_radius`` live entries saved just before or just after an anchor in the
    anchor's store, from the same surface and within ``weights.neighbour_window_ms`` (``Store.time_neighbours``): in a
    conversation the answer is often a turn or two after the one naming the subject. Only a neighbour of at most
    ``weights.neighbour_max_chars`` characters (0: any) is lifted, and on each side only up to the first longer one: a
    short turn ("A sunset over the lake") cannot be found by its own words and needs the turn that names its subject,
    while a long memory has words enough to be found on its own if it is relevant and ends the exchange; lifting long
    replies, or the turns past them, pushes other conversations' matches out of the top results (LongMemEval-S). A
    neighbour's RRF (and score) gains ``weights.neighbours`` times its best anchor's, capped just below that anchor's
    (``NEIGHBOUR_CAP``): a neighbour is never lifted above the hit that brought it; one the lists ranked lower adds the
    bonus to its own value, one ranked higher keeps it. Bonuses come from the values before any bonus. ``fused``:
    ``(id, rrf, score)`` best first, as ``fuse`` returns; ``owner`` gains each neighbour's store. One
    ``time_neighbours`` read per store holding an anchor, and one read of lengths and save times
    (``Store.chars_and_times``) when the length limit is on. The weight, the anchor count, the radius and the length
    limit were chosen by leave-one-conversation-out on LoCoMo and checked on LongMemEval-S (docs/retrieval.md "Neighbour
    context", research/bench/neighbour_rules.py). ``lifted``, when given, gains each raised neighbour's anchor (the
    one whose bonus it kept)."""
    anchors = fused[: weights.neighbour_anchors]
    if not anchors:
        return fused
    by_store: dict[int, list[str]] = {}
    for entry_id, _, _ in anchors:
        by_store.setdefault(id(owner[entry_id]), []).append(entry_id)
    stores = {id(owner[i]): owner[i] for i, _, _ in anchors}
    near: dict[str, list[str]] = {}
    for key, ids in by_store.items():
        store = stores[key].store
        found = store.time_neighbours(ids, weights.neighbour_window_ms, now, memory_types, weights.neighbour_radius)
        found = _short(store, found, weights.neighbour_max_chars, weights.anchor_max_chars)
        for anchor_id, neighbour_ids in found.items():
            near[anchor_id] = neighbour_ids
            for neighbour_id in neighbour_ids:
                owner.setdefault(neighbour_id, stores[key])
    values: dict[str, tuple[float, float]] = {i: (rrf, score) for i, rrf, score in fused}
    raised = dict(values)
    for anchor_id, rrf, score in anchors:  # from the values before any bonus: anchors do not lift each other twice
        for neighbour_id in near.get(anchor_id, []):
            own_rrf, own_score = values.get(neighbour_id, (0.0, 0.0))
            if own_rrf >= rrf:
                continue  # ranked above this anchor on its own: nothing to add
            lifted_to = (
                min(own_rrf + weights.neighbours * rrf, rrf * NEIGHBOUR_CAP),
                min(own_score + weights.neighbours * score, score * NEIGHBOUR_CAP),
            )
            if lifted_to > raised.get(neighbour_id, (0.0, 0.0)):
                raised[neighbour_id] = lifted_to
                if lifted is not None:
                    lifted[neighbour_id] = anchor_id
    return sorted(((i, rrf, score) for i, (rrf, score) in raised.items()), key=lambda f: -f[1])


def _short(
    store: Store, found: dict[str, list[str]], max_chars: int, anchor_max_chars: int = 0
) -> dict[str, list[str]]:
    """``found`` (anchor -> neighbour ids, ``Store.time_neighbours`` order) keeping, on each side of each anchor,
    only the neighbours of at most ``max_chars`` characters saved nearer than the first longer one (0: no limit):
    a long memory ends the exchange, so the short turn beyond it is another one; and none at all for an anchor of
    more than ``anchor_max_chars`` characters (0: no limit). One read of the anchors' and neighbours' lengths and
    save times (``Store.chars_and_times``) when there is a limit."""
    if not (max_chars or anchor_max_chars) or not found:
        return found
    facts = store.chars_and_times(sorted({*found, *(n for ids in found.values() for n in ids)}))
    out: dict[str, list[str]] = {}
    for anchor, ids in found.items():
        if anchor_max_chars and anchor in facts and facts[anchor][0] > anchor_max_chars:
            out[anchor] = []
            continue
        if not max_chars:
            out[anchor] = ids
            continue
        place = (facts[anchor][1], anchor) if anchor in facts else None
        ended: set[bool] = set()  # the sides (earlier: True) a long memory has ended
        kept: list[str] = []
        for n in ids:  # nearest first on each side
            if n not in facts:
                continue  # gone since the neighbour read
            chars, created_at = facts[n]
            earlier = place is not None and (created_at, n) < place
            if earlier in ended:
                continue
            if chars > max_chars:
                ended.add(earlier)
                continue
            kept.append(n)
        out[anchor] = kept
    return out


def _by_trust(
    fused: list[tuple[str, float, float]],
    owner: dict[str, ScopedStore],
    stores: Sequence[ScopedStore],
    trust: TrustWeights,
    verified_only: bool,
) -> list[tuple[str, float, float]]:
    """Re-weight (and filter) the fused list by the trust of team learnings, best first again."""
    wanted: dict[int, list[str]] = {}
    for entry_id, _, _ in fused:
        wanted.setdefault(id(owner[entry_id]), []).append(entry_id)
    levels: dict[str, str | None] = {}
    for scoped in stores:
        ids = wanted.get(id(scoped))
        if ids:
            levels.update((i, e.trust) for i, e in scoped.store.entries(ids).items())
    out: list[tuple[str, float, float]] = []
    for entry_id, rrf, score in fused:
        level = levels.get(entry_id)
        if level is not None and verified_only and level != "verified":
            continue
        weight = trust.of(level)
        out.append((entry_id, rrf * weight, score * weight))
    return sorted(out, key=lambda f: -f[1])


def search(
    stores: Sequence[ScopedStore],
    query: str,
    query_vector: Vectors,
    max_results: int,
    now: int,
    memory_types: Sequence[MemoryType] | None,
    weights: FusionWeights,
    recency: bool,
    trust: TrustWeights | None = None,
    verified_only: bool = False,
) -> list[Hit]:
    """The top ``max_results`` hits across ``stores``, best first.

    Order: fused RRF descending; ties broken by newer ``created_at``, then lower store priority
    (personal before project before team), so recency only breaks ties unless ``recency`` is true or the
    query asks for the most recent memories (``query.asks_for_recent``).
    With ``trust``, a team learning's RRF and score are multiplied by its trust weight before the cut;
    ``verified_only`` drops team learnings that are not verified (entries without trust always stay).
    """
    evidence = weights.evidence_floor  # the relevance floor's cosine; None or -1: the floor is off
    evidence = evidence if evidence is not None and evidence > -1.0 else None
    if evidence is not None and names_nothing(query):
        return []  # function words only ("the", "what is the"): the query names nothing, so nothing is evidence
    depth = max(CANDIDATE_DEPTH, 5 * max_results)
    floor = -1.0 if weights.semantic_floor is None else weights.semantic_floor
    with_recency = recency or asks_for_recent(query)
    most_words = bool(weights.other_language_most_words)
    lists, owner = collect_signals(
        stores,
        query,
        query_vector,
        depth,
        now,
        memory_types,
        floor,
        with_recency,
        most_words,
        weights.keyword_noise,
    )
    fused = fuse(lists, weights, with_recency)
    window = named_window(query, now) if weights.named_date > 0 else None
    if window is not None and fused:
        lists.named_date = saved_within(fused, owner, window)
        if lists.named_date:
            fused = fuse(lists, weights, with_recency)
    lifted: dict[str, str] = {}
    if weights.neighbours > 0:
        fused = with_neighbours(fused, owner, weights, now, memory_types, lifted)
    places = signal_places(lists, with_recency)
    if evidence is not None:
        want = 0 if trust is not None or verified_only else max_results  # trust may reorder or drop: judge all
        fused, context = with_evidence(
            fused,
            lists,
            owner,
            lifted,
            query_vector,
            evidence,
            with_recency,
            floor,
            want,
            query if weights.keyword_evidence else "",
            weights.agreement_depth,
            weights.agreement_terms,
        )
    else:  # no floor: a lifted neighbour is context where no signal list holds it
        context = {i: anchor for i, anchor in lifted.items() if i not in places}
    if trust is not None or verified_only:
        fused = _by_trust(fused, owner, stores, trust or TrustWeights(1.0, 1.0, 1.0), verified_only)
    if len(fused) > max_results:  # only ties with the last place need their entries for tie-breaking
        cutoff = fused[max_results - 1][1]
        fused = [f for f in fused if f[1] >= cutoff - 1e-12]
    by_store: dict[int, list[str]] = {}
    for entry_id, _, _ in fused:
        by_store.setdefault(id(owner[entry_id]), []).append(entry_id)
    entries: dict[str, Entry] = {}
    for scoped in stores:
        wanted = by_store.get(id(scoped))
        if wanted:
            entries.update(scoped.store.entries(wanted))
    ranked = sorted(
        (f for f in fused if f[0] in entries),
        key=lambda f: (-f[1], -entries[f[0]].created_at, owner[f[0]].priority),
    )
    hits = [
        Hit(
            entry=entries[i],
            source=owner[i],
            score=round(score, 6),
            ranks=tuple(places.get(i, ())),
            context_of=context.get(i),
        )
        for i, _, score in ranked[:max_results]
    ]
    if evidence is not None and weights.match_scale and hits:
        asked = with_recency or hits[0].entry.id in lists.fact_key  # the asked-for signal: newest, or a named topic
        hits = on_match_scale(hits, lists.cosines, query, query_vector, evidence, floor, asked)
        if hits[0].score < weights.least_match:
            return []  # the best pack is a near miss at most: the query is about nothing stored (issue #27.4)
    return fresher_first(hits, FRESHER_FIRST_THRESHOLD if weights.fresher_first is None else weights.fresher_first)


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
) -> list[Hit]:
    """``hits`` (best first) with scores on the match scale (``match_strength``; docs/retrieval.md "Score"): the
    first hit scores its own match strength (1.0 when ``asked``: the query asked for the newest or named its topic),
    each other hit that times its fused value relative to the first's, so the order and the ratios between scores
    are the fused ones and the first score says how well the best pack matches: a near miss ("who owns the ledger
    API" for "The ledger API is versioned with a /v2 prefix") scores below an answer instead of 1.0 every time.
    The first hit's cosine is read from its stored vectors when the semantic list did not hold it (one read)."""
    top = hits[0]
    if top.score <= 0:
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
    scale = strength / top.score
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


def signal_places(lists: SignalLists, with_recency: bool) -> dict[str, list[tuple[str, int]]]:
    """For each id in a fused signal list, its ``(signal, 1-based rank)`` pairs in ``SIGNALS`` order; the
    recency list counts only when it was fused (``with_recency``), and the named-date list when the query named a
    date that some candidate was saved on, as in ``fuse``."""
    named = {"semantic": lists.semantic, "keyword": lists.keyword, "fact_key": lists.fact_key}
    if with_recency:
        named["recency"] = lists.recency
    if lists.named_date:
        named["named_date"] = lists.named_date
    places: dict[str, list[tuple[str, int]]] = {}
    for name, ids in named.items():
        for rank, entry_id in enumerate(ids, start=1):
            places.setdefault(entry_id, []).append((name, rank))
    return places


def fresher_first(hits: list[Hit], threshold: float) -> list[Hit]:
    """``hits`` with each update moved just ahead of the older entry of the same store it updates
    (``rules.prefer_newer`` over the entries' stored vectors); the hits in between move down one place and the
    scores stay with the places, so they stay descending. Only when some hit words itself as a change.

    The stored vectors are read (one read per store) only for the hits of a pair that could be an update by
    the tests of each text alone (``rules.states_change`` for the newer, ``rules.may_pair`` for both; same
    store, the newer saved later, in any order, as moves reorder the hits): any other pair fails
    ``prefer_newer`` at every cosine, so the answer is the one of reading every hit's vectors, and usually
    nothing is read."""
    changes = [h for h in hits if states_change(h.entry.content)]
    if not changes:
        return hits
    single = {h.entry.id for h in hits if may_pair(h.entry.content)}
    paired: set[str] = set()
    for newer in changes:
        if newer.entry.id in single:
            for older in hits:
                same = older.source is newer.source and older.entry.created_at < newer.entry.created_at
                if same and older.entry.id in single:
                    paired.update((newer.entry.id, older.entry.id))
    if not paired:
        return hits
    vectors: dict[str, Vectors] = {}
    for scoped in {id(h.source): h.source for h in hits}.values():
        wanted = [h.entry.id for h in hits if h.source is scoped and h.entry.id in paired]
        if wanted:
            vectors.update(scoped.store.entry_vectors(wanted))
    order = list(hits)
    for newer in changes:  # in rank order, as before
        new_vec = vectors.get(newer.entry.id)
        if new_vec is None:
            continue
        n = order.index(newer)
        for m in range(n):
            older = order[m]
            old_vec = vectors.get(older.entry.id)  # None: in no pair that could be an update
            if old_vec is None or older.source is not newer.source or older.entry.created_at >= newer.entry.created_at:
                continue
            if prefer_newer(newer.entry.content, older.entry.content, float(new_vec[0] @ old_vec[0]), threshold):
                order.insert(m, order.pop(n))
                break
    if all(a is b for a, b in zip(order, hits, strict=True)):
        return hits
    return [replace(h, score=place.score) for h, place in zip(order, hits, strict=True)]
