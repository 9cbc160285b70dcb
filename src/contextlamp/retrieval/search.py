"""Hybrid search over one or more stores: four signal lists, fused by weighted RRF.

Signals (spec/TOOLS.md get_context): semantic (cosine to the entry's vector, content and likely questions
folded, domain/folding.py), keyword (FTS5 BM25 over stemmed terms; entries with every content word first,
then the OR relaxation fills the list), fact-key (entries whose topic the query names) and recency (newest first;
fused only when the caller asks for recency, otherwise it only breaks ties). Every filter (memory type,
superseded, expiry) is applied inside the stores before each list's top-k cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from contextlamp.domain.freshness import may_pair, prefer_newer, states_change
from contextlamp.domain.models import Entry, MemoryType
from contextlamp.domain.ports import Store
from contextlamp.retrieval.answers import damp_restatements
from contextlamp.retrieval.chunks import STEM_CHARS
from contextlamp.retrieval.dates import named_window
from contextlamp.retrieval.evidence import agrees, keyword_held, names_nothing, on_match_scale, with_evidence
from contextlamp.retrieval.fusion import weighted_rrf
from contextlamp.retrieval.hits import Hit, ScopedStore, SignalLists
from contextlamp.retrieval.query import (
    asks_for_recent,
    content_terms,
    in_other_language,
    named_words,
    word_terms,
)
from contextlamp.retrieval.questions import subject
from contextlamp.retrieval.spread import gathers, give_back
from contextlamp.retrieval.weights import FRESHER_FIRST_THRESHOLD, FusionWeights, TrustWeights

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
    read: dict[str, Entry] | None = None,
    quota: int = 0,
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
    bonus to its own value, one ranked higher keeps it. Bonuses come from the values before any bonus. The bonus is
    ``weights.neighbour_reply`` times larger for the reply to a question (the first turn after one that asks, asking
    nothing itself and not by the asker: the answer; ``_exchange``). ``fused``: ``(id, rrf, score)`` best first, as
    ``fuse`` returns; ``owner`` gains each neighbour's store. One ``time_neighbours`` read per store holding an anchor,
    one read of lengths and save times (``Store.chars_and_times``) when the length limit is on, and one of the
    anchors' and neighbours' entries (``Store.entries``, at most 25 a store) when replies gain more. The weight, the
    anchor count, the radius and the length limit were chosen by leave-one-conversation-out on LoCoMo and checked on
    LongMemEval-S (docs/retrieval.md "Neighbour context", research/bench/neighbour_rules.py); the reply factor on
    LoCoMo's tuning questions (research/notes/retrieval.md "Replies"). ``lifted``, when given, gains each raised
    neighbour's anchor (the one whose bonus it kept); ``read``, when given, the entries read for the replies (``search``
    does not read them again). ``quota`` over 0 (a question that gathers, ``search``): a lifted neighbour above which
    that many entries of its anchor's conversation already rank gives its lift back (``spread.give_back``)."""
    anchors = fused[: weights.neighbour_anchors]
    if not anchors:
        return fused
    by_store: dict[int, list[str]] = {}
    for entry_id, _, _ in anchors:
        by_store.setdefault(id(owner[entry_id]), []).append(entry_id)
    stores = {id(owner[i]): owner[i] for i, _, _ in anchors}
    near: dict[str, list[str]] = {}
    factor: dict[tuple[str, str], float] = {}  # (anchor, reply) -> neighbour_reply (_exchange); any other pair 1
    by_exchange = weights.neighbour_reply != 1.0
    for key, ids in by_store.items():
        store = stores[key].store
        found = store.time_neighbours(ids, weights.neighbour_window_ms, now, memory_types, weights.neighbour_radius)
        found = _short(store, found, weights.neighbour_max_chars, weights.anchor_max_chars)
        if by_exchange:
            factor.update(_exchange(store, found, weights.neighbour_reply, read))
        for anchor_id, neighbour_ids in found.items():
            near[anchor_id] = neighbour_ids
            for neighbour_id in neighbour_ids:
                owner.setdefault(neighbour_id, stores[key])
    values: dict[str, tuple[float, float]] = {i: (rrf, score) for i, rrf, score in fused}
    raised = dict(values)
    kept_from: dict[str, str] = {}  # lifted neighbour -> the anchor whose bonus it kept
    for anchor_id, rrf, score in anchors:  # from the values before any bonus: anchors do not lift each other twice
        for neighbour_id in near.get(anchor_id, []):
            own_rrf, own_score = values.get(neighbour_id, (0.0, 0.0))
            if own_rrf >= rrf:
                continue  # ranked above this anchor on its own: nothing to add
            bonus = weights.neighbours * factor.get((anchor_id, neighbour_id), 1.0)
            lifted_to = (
                min(own_rrf + bonus * rrf, rrf * NEIGHBOUR_CAP),
                min(own_score + bonus * score, score * NEIGHBOUR_CAP),
            )
            if lifted_to > raised.get(neighbour_id, (0.0, 0.0)):
                raised[neighbour_id] = lifted_to
                kept_from[neighbour_id] = anchor_id
                if lifted is not None:
                    lifted[neighbour_id] = anchor_id
    if quota > 0 and kept_from:
        for given in give_back(owner, values, raised, kept_from, quota, weights):
            if lifted is not None:
                lifted.pop(given, None)  # no longer lifted: not its anchor's context
    return sorted(((i, rrf, score) for i, (rrf, score) in raised.items()), key=lambda f: -f[1])


# question marks: the ASCII one (Latin, Cyrillic... scripts; Spanish's opening "¿" comes with it), the full-width one
# of Chinese and Japanese, the Arabic one (Greek's ";" is also a semicolon, so it is not read as one)
QUESTION_MARKS = ("?", "\uff1f", "\u061f")


def asks(text: str) -> bool:
    """Whether ``text`` asks something: it holds a question mark (``QUESTION_MARKS``). Linear in ``len(text)``."""
    return any(mark in text for mark in QUESTION_MARKS)


def _exchange(
    store: Store, found: dict[str, list[str]], reply: float, read: dict[str, Entry] | None = None
) -> dict[tuple[str, str], float]:
    """The bonus factor ``reply`` of each ``(anchor, neighbour)`` of ``found`` (anchor -> neighbour ids, as ``_short``
    returns them) whose neighbour is the reply to a question, reading the anchor and its neighbours in save order: the
    first turn after one that asks something (``asks``) that asks nothing itself and, when both turns name their
    speaker (``questions.subject``), is not the asker's ("Take your time" from the one who asked is not the answer).
    Other pairs are left out (factor 1; the turn before the earliest one is not read). In a conversation the answer to
    a question is the turn after it: on LoCoMo's tuning questions that turn was the evidence 12 % of the time, any
    other neighbour 0.5-5 % (research/notes/retrieval.md "Replies"). One read of the anchors' and neighbours' entries
    (``Store.entries``), which ``read`` gains when given."""
    every = sorted({*found, *(n for ids in found.values() for n in ids)})
    if not every:
        return {}
    entries = store.entries(every)
    if read is not None:
        read.update(entries)
    out: dict[tuple[str, str], float] = {}
    for anchor, ids in found.items():
        turns = sorted((entries[i] for i in (anchor, *ids) if i in entries), key=lambda e: (e.created_at, e.id))
        asked = False  # a turn asked and nobody has answered it yet
        asker: str | None = None  # who asked, when turns name their speaker
        for turn in turns:
            speaker = subject(turn.content)
            if asks(turn.content):
                asked, asker = True, speaker
            elif asked and (asker is None or speaker is None or speaker != asker):
                asked = False  # answered
                if turn.id != anchor:
                    out[(anchor, turn.id)] = reply
    return out


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
    entries: dict[str, Entry] = {}  # read once: neighbour context's reply rule reads the best hits and their neighbours
    if weights.neighbours > 0:
        quota = weights.neighbour_quota if gathers(query) else 0  # a count, a total, several things: spread.py
        fused = with_neighbours(fused, owner, weights, now, memory_types, lifted, entries, quota)
    lead = None  # the best match when the restatement rule moved it down: it judges the match (below)
    if weights.restated < 1.0 and fused:
        before = fused[0]
        fused = damp_restatements(fused, owner, query, weights, entries)
        lead = before if fused[0][0] != before[0] else None
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
        if lead is not None and all(i != lead[0] for i, _, _ in fused):
            lead = None  # no evidence of its own: it judges nothing
    else:  # no floor: a lifted neighbour is context where no signal list holds it
        context = {i: anchor for i, anchor in lifted.items() if i not in places}
    if trust is not None or verified_only:
        fused = _by_trust(fused, owner, stores, trust or TrustWeights(1.0, 1.0, 1.0), verified_only)
    if len(fused) > max_results:  # only ties with the last place need their entries for tie-breaking
        cutoff = fused[max_results - 1][1]
        fused = [f for f in fused if f[1] >= cutoff - 1e-12]
    by_store: dict[int, list[str]] = {}
    for entry_id, _, _ in fused:
        if entry_id not in entries:
            by_store.setdefault(id(owner[entry_id]), []).append(entry_id)
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
        # how well the query matches is judged on the best match before the restatement rule moved it down
        # (answers.damp_restatements only orders): a near miss it lifted to the top must not say "nothing stored"
        judge = hits[0]
        if lead is not None and lead[0] != judge.entry.id and lead[0] in entries:
            judge = Hit(entries[lead[0]], owner[lead[0]], lead[2])
        asked = with_recency or judge.entry.id in lists.fact_key  # the asked-for signal: newest, or a named topic
        hits = on_match_scale(hits, lists.cosines, query, query_vector, evidence, floor, asked, judge)
        if hits[0].score < weights.least_match and not (
            # the relevance floor's own judgement stands where the match scale cannot read the match: a query in
            # another language the model serves by meaning (its words are not the memory's), or a best pack two
            # signals agree on (with_evidence's agreement rule: a long question's answer shares few of its words)
            (most_words and in_other_language(query))
            or agrees(
                judge.entry.id, judge.entry.content, lists, query, weights.agreement_depth, weights.agreement_terms
            )
        ):
            return []  # the best pack is a near miss at most: the query is about nothing stored (issue #27.4)
    return fresher_first(hits, FRESHER_FIRST_THRESHOLD if weights.fresher_first is None else weights.fresher_first)


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
    (``freshness.prefer_newer`` over the entries' stored vectors); the hits in between move down one place and the
    scores stay with the places, so they stay descending. Only when some hit words itself as a change.

    The stored vectors are read (one read per store) only for the hits of a pair that could be an update by
    the tests of each text alone (``freshness.states_change`` for the newer, ``freshness.may_pair`` for both; same
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
