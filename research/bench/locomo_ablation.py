"""LoCoMo ablation of the next recall steps (issue 17 point 6), every variant against the default of the same run.

Builds each conversation's store once through ``MemoryService`` (the protocol of research/bench/retrieval_locomo.py),
records every question's signal lists, then fuses variants offline:

- ``service``: the ranking ``get_context`` itself returns (this branch: freshness and recency intent included);
- ``default``: the service's fusion (semantic + keyword, weighted RRF k=5, keyword 1.25);
- ``probe``: a query-side probe, a second semantic list for the question with its question and stop words
  dropped (``content_terms`` joined), fused with weight ``w``;
- ``prf``: pseudo-relevance feedback for the keyword list (RM3-like: Lavrenko & Croft, SIGIR 2001; Abdul-Jaleel
  et al., TREC 2004): the 3 best fused entries' terms, weighted by tf x idf over the conversation, the best 5
  not in the question appended to its terms, the OR list fused as a third list with weight ``w``;
- ``neighbours``: the turn saved right before and right after each of the 5 best fused entries (chunk context:
  an answer often follows the question that names the subject), fused as a list with weight ``w``;
- ``weights``: RRF k and keyword weight tuned on the other conversations.

Each weight ``w`` is chosen by leave-one-conversation-out: tuned on 4 conversations, scored on the fifth, so
every figure is held out. Run: ``python -m research locomo_ablation --data PATH [--limit-conversations N]
[--cache FILE]`` (``--cache`` keeps the lists, so a second run fuses without rebuilding the stores).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from contextlamp.embedding import create_embedder
from contextlamp.retrieval.fusion import weighted_rrf
from contextlamp.retrieval.query import content_terms, query_terms
from contextlamp.retrieval.search import ScopedStore, collect_signals, with_neighbours
from contextlamp.retrieval.weights import FusionWeights

sys.path.insert(0, str(Path(__file__).resolve().parent))  # research/bench/common.py, when run as a script
from common import StepClock, fresh_service
from retrieval_locomo import CATEGORIES, load_conversations, recall_at

DEPTH = 50
WEIGHTS = (0.25, 0.5, 0.75, 1.0, 1.5)


def build(path: Path, limit: int | None) -> list[dict[str, Any]]:
    """Per conversation: its questions with their signal lists (entry ids) and the dia ids of each entry."""
    embedder = create_embedder("minilm")
    out: list[dict[str, Any]] = []
    for conv in load_conversations(path)[:limit]:
        print(f"{conv.sample_id}: {len(conv.turns)} turns", file=sys.stderr)
        clock = StepClock()
        with fresh_service("ablation-", embedder, clock) as (service, caller):
            dia_of: dict[str, list[str]] = {}
            session_ms: dict[str, int | None] = {}
            order: list[str] = []
            text_of: dict[str, str] = {}
            superseded = 0
            for turn in conv.turns:
                clock.base = turn.session_ms or 0
                saved = service.save_context(caller, turn.content)
                superseded += len(saved.superseded)
                if saved.id not in dia_of:
                    order.append(saved.id)
                    session_ms[saved.id] = turn.session_ms
                    text_of[saved.id] = turn.content
                dia_of.setdefault(saved.id, []).append(turn.dia_id)
            store = service.registry.store(caller.principal.user_id)
            stores = [ScopedStore(store, "personal", 0)]
            session_of = {i: dia_of[i][0].split(":")[0] for i in order}
            context = context_lists(embedder, store, order, session_of, text_of)
            df: Counter[str] = Counter()
            for text in text_of.values():
                df.update(set(query_terms(text)))
            questions: list[dict[str, Any]] = []
            weights = service.weights
            for q in conv.questions:
                served = [p.id for p in service.get_context(caller, q.text, max_results=10).packs]
                vector = embedder.embed([q.text])[0]
                lists, _ = collect_signals(stores, q.text, vector, DEPTH, clock(), None, weights.semantic_floor or -1)
                stripped = " ".join(content_terms(q.text))
                probe = [i for i, _ in store.vector_search(embedder.embed([stripped])[0], DEPTH, clock(), None)]
                base = fuse({"semantic": lists.semantic, "keyword": lists.keyword}, 1.25, 5)
                feedback: Counter[str] = Counter()
                for entry_id in base[:3]:
                    for term, tf in Counter(query_terms(text_of.get(entry_id, ""))).items():
                        feedback[term] += tf * math.log(len(text_of) / (1 + df[term]))
                asked = set(query_terms(q.text))
                extra = [t for t, _ in feedback.most_common() if t not in asked and len(t) > 2][:5]
                terms = content_terms(q.text) + extra
                prf = [i for i, _ in store.keyword_search(terms, "or", DEPTH, clock(), None)]
                position = {entry_id: n for n, entry_id in enumerate(order)}
                near: list[str] = []
                for entry_id in base[:5]:
                    n = position.get(entry_id)
                    if n is None:
                        continue
                    for m in (n - 1, n + 1):
                        if 0 <= m < len(order) and order[m] not in near:
                            near.append(order[m])
                ctx = {name: top_ids(matrix, ids, vector) for name, (matrix, ids) in context.items()}
                round2 = round2_lists(embedder, store, q.text, vector, served, clock())
                questions.append(
                    {
                        **ctx,
                        **round2,
                        "recency": lists.recency,
                        "text": q.text,
                        "category": q.category,
                        "evidence": list(q.evidence),
                        "service": served,
                        "semantic": lists.semantic,
                        "keyword": lists.keyword,
                        "probe": probe,
                        "prf": prf,
                        "neighbours": near,
                    }
                )
            out.append(
                {
                    "sample_id": conv.sample_id,
                    "dia_of": dia_of,
                    "questions": questions,
                    "superseded": superseded,
                    "order": order,
                    "session_of": session_of,
                    "text_of": text_of,
                    "session_ms": {i: session_ms[i] for i in order},
                }
            )
    return out


FOLD_ALPHAS = (0.15, 0.3, 0.5)
ROCCHIO_BETAS = (0.25, 0.5, 1.0)
_CLAUSE = re.compile(r",|;|\band\b|\bor\b|\bbut\b|\bwhile\b|\bafter\b|\bbefore\b", re.IGNORECASE)


def clauses(question: str) -> list[str]:
    """The question's clauses (split at commas, semicolons and a few conjunctions), those with at least two
    content words; none when the question has only one (query decomposition, round 2)."""
    parts = [p.strip() for p in _CLAUSE.split(question) if len(content_terms(p)) >= 2]
    return parts if len(parts) > 1 else []


def round2_lists(embedder: Any, store: Any, text: str, vector: Any, served: list[str], now: int) -> dict[str, Any]:
    """Issue 17 round 2's query-side lists of one question: keyword OR list alone (``kw_or``), Rocchio vector
    PRF from the 3 best served entries (``rocchio<b>``: q + b x their mean vector, Rocchio 1971 / Manning et
    al., IR book 9.1.1), and per clause its semantic and keyword lists (``parts``)."""
    import numpy as np

    out: dict[str, Any] = {
        "kw_or": [i for i, _ in store.keyword_search(content_terms(text), "or", DEPTH, now, None)],
    }
    stored = store.entry_vectors(served[:3])
    if stored:
        centroid = np.mean([v[0] / np.linalg.norm(v[0]) for v in stored.values()], axis=0)
        for beta in ROCCHIO_BETAS:
            moved = vector + beta * centroid
            moved = (moved / np.linalg.norm(moved)).astype(np.float32)
            out[f"rocchio{beta}"] = [i for i, _ in store.vector_search(moved, DEPTH, now, None)]
    parts = clauses(text)
    out["parts"] = []
    if parts:
        vectors = embedder.embed(parts)
        for part, part_vector in zip(parts, vectors, strict=True):
            sem = [i for i, _ in store.vector_search(part_vector, DEPTH, now, None)]
            kw = [i for i, _ in store.keyword_search(content_terms(part), "or", DEPTH, now, None)]
            out["parts"].append({"semantic": sem, "keyword": kw})
    return out


def context_lists(
    embedder: Any, store: Any, order: list[str], session_of: dict[str, str], text_of: dict[str, str]
) -> dict[str, tuple[Any, list[str]]]:
    """Chunk-context vectors of every live entry (save-time variants, computed offline from one build).

    ``fold<a>``: the entry's stored vector plus ``a`` x its previous and next turns' stored vectors (same
    session), normalised; ``ctxtext``: the embedding of the previous, own and next turns' text joined.
    Returns name -> (unit matrix, ids)."""
    import numpy as np

    stored = store.entry_vectors(order)
    ids = [i for i in order if i in stored]
    own = np.stack([stored[i][0] for i in ids])
    own /= np.linalg.norm(own, axis=1, keepdims=True)
    prev = np.zeros_like(own)
    nxt = np.zeros_like(own)
    texts: list[str] = []
    for n, i in enumerate(ids):
        parts = [text_of.get(i, "")]
        if n > 0 and session_of[ids[n - 1]] == session_of[i]:
            prev[n] = own[n - 1]
            parts.insert(0, text_of.get(ids[n - 1], ""))
        if n + 1 < len(ids) and session_of[ids[n + 1]] == session_of[i]:
            nxt[n] = own[n + 1]
            parts.append(text_of.get(ids[n + 1], ""))
        texts.append("\n".join(parts))
    out: dict[str, tuple[Any, list[str]]] = {}
    for alpha in FOLD_ALPHAS:
        m = own + alpha * (prev + nxt)
        out[f"fold{alpha}"] = (m / np.linalg.norm(m, axis=1, keepdims=True), ids)
        m = own + alpha * nxt
        out[f"foldnext{alpha}"] = (m / np.linalg.norm(m, axis=1, keepdims=True), ids)
    ctx = np.concatenate([embedder.embed(texts[s : s + 64]) for s in range(0, len(texts), 64)])
    out["ctxtext"] = (ctx / np.linalg.norm(ctx, axis=1, keepdims=True), ids)
    return out


def top_ids(matrix: Any, ids: list[str], vector: Any) -> list[str]:
    """The ``DEPTH`` ids of ``matrix`` rows nearest ``vector`` by cosine, best first."""
    import numpy as np

    sims = matrix @ vector
    best = np.argsort(-sims)[:DEPTH]
    return [ids[int(n)] for n in best]


def fuse(lists: dict[str, list[str]], keyword: float, k: int, extra: float = 0.0) -> list[str]:
    """Weighted RRF ids: semantic 1, keyword ``keyword``, any other list ``extra``."""
    weights = {"semantic": 1.0, "keyword": keyword, **{name: extra for name in lists if name not in WEIGHTED}}
    return [str(f.key) for f in weighted_rrf(lists, weights, k)]


WEIGHTED = ("semantic", "keyword")


class Neighbours:
    """``Store.time_neighbours`` over a cached conversation: the ``radius`` turns saved just before and after,
    same session, each side nearest first."""

    def __init__(self, order: list[str], session_of: dict[str, str]) -> None:
        self.order, self.session_of = order, session_of
        self.position = {entry_id: n for n, entry_id in enumerate(order)}

    def time_neighbours(
        self, ids: Sequence[str], window_ms: int, now: int, memory_types: Any, radius: int
    ) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for entry_id in ids:
            n = self.position[entry_id]
            spots = [*range(n - 1, n - radius - 1, -1), *range(n + 1, n + radius + 1)]
            out[entry_id] = [
                self.order[m]
                for m in spots
                if 0 <= m < len(self.order) and self.session_of[self.order[m]] == self.session_of[entry_id]
            ]
        return out


def raised(
    lists: dict[str, list[str]], nb: Neighbours, bonus: float, anchors: int, keyword: float = 1.25, k: int = 5
) -> list[str]:
    """The shipped read-time step (``search.with_neighbours``) over the default fusion of ``lists``."""
    fused = [(str(f.key), f.rrf, f.score) for f in weighted_rrf(lists, {"semantic": 1.0, "keyword": keyword}, k)]
    scoped = ScopedStore(nb, "personal", 0)  # pyright: ignore[reportArgumentType]
    owner = {i: scoped for i, _, _ in fused}
    weights = FusionWeights(  # round 2's form: one each side, any length
        neighbours=bonus, neighbour_anchors=anchors, neighbour_radius=1, neighbour_max_chars=0
    )
    return [i for i, _, _ in with_neighbours(fused, owner, weights, 0, None)]


def near_list(base: list[str], nb: Neighbours, anchors: int) -> list[str]:
    """The previous ablation's neighbour list: the neighbours of the ``anchors`` best of ``base``, in order."""
    out: list[str] = []
    for entry_id in base[:anchors]:
        for n in nb.time_neighbours([entry_id], 0, 0, None, 1)[entry_id]:
            if n not in out:
                out.append(n)
    return out


def scores(convs: Sequence[dict[str, Any]], rank: Callable[[dict[str, Any]], list[str]]) -> list[dict[str, Any]]:
    """One record per question: category and recall@5 / @10 of ``rank``'s order."""
    records: list[dict[str, Any]] = []
    for conv in convs:
        for q in conv["questions"]:
            dias = [conv["dia_of"].get(i, []) for i in rank(q)]
            records.append(
                {
                    "category": q["category"],
                    5: recall_at(q["evidence"], dias, 5),
                    10: recall_at(q["evidence"], dias, 10),
                }
            )
    return records


def mean(records: Sequence[dict[str, Any]], k: int) -> float:
    return sum(r[k] for r in records) / max(len(records), 1)


def held_out(
    convs: Sequence[dict[str, Any]],
    ranker: Callable[[float], Callable[[dict[str, Any]], list[str]]],
    grid: Sequence[Any],
) -> tuple[list[dict[str, Any]], list[Any]]:
    """Leave-one-conversation-out: per fold the grid value best on the others (R@5 + R@10), scored on the fold."""
    records: list[dict[str, Any]] = []
    chosen: list[Any] = []
    for n, conv in enumerate(convs):
        train = [c for m, c in enumerate(convs) if m != n]
        best = max(grid, key=lambda g: sum(mean(scores(train, ranker(g)), k) for k in (5, 10)))
        chosen.append(best)
        records += scores([conv], ranker(best))
    return records, chosen


def fmt(chosen: Sequence[Any]) -> str:
    return " ".join("/".join(str(x) for x in c) if isinstance(c, tuple) else str(c) for c in chosen)


_SPEAKER = re.compile(r"([^\W\d_][\w'.-]{0,39}(?: [^\W\d_][\w'.-]{0,39}){0,2}):\s")
SPEAKER_DEPTH = 50  # fused candidates whose speaker label is read


def speaker_of(content: str) -> str | None:
    """The speaker label opening a turn (``"Caroline: I went..."`` -> ``"caroline"``): 1-3 capitalised words,
    then ``": "``; None without one."""
    match = _SPEAKER.match(content)
    if match is None or not all(word[0].isupper() for word in match[1].split()):
        return None
    return match[1].lower()


_WHEN = re.compile(r"^\s*(?:when|how\s+long\s+ago|what\s+(?:date|day|month|year|time))\b", re.IGNORECASE)
_TIMED = re.compile(
    r"\b(?:yesterday|today|tonight|tomorrow|ago|last\s+(?:week|month|year|night|weekend|summer|winter|spring|fall)"
    r"|this\s+(?:week|month|year|morning|weekend)|next\s+(?:week|month|year)|recently|(?:19|20)\d\d|january|"
    r"february|march|april|june|july|august|september|october|november|december)\b",
    re.IGNORECASE,
)


def values_ranked(
    lists: dict[str, list[str]],
    weights: dict[str, float],
    nb: Neighbours,
    bonus: float = 0.5,
    anchors: int = 5,
    radius: int = 1,
) -> list[tuple[str, float, float]]:
    """Weighted RRF (k 5) of ``lists`` then the shipped neighbour step (round 2's radius 1 unless told):
    ``(id, rrf, score)`` best first."""
    fused = [(str(f.key), f.rrf, f.score) for f in weighted_rrf(lists, weights, 5)]
    scoped = ScopedStore(nb, "personal", 0)  # pyright: ignore[reportArgumentType]
    owner = {i: scoped for i, _, _ in fused}
    step = FusionWeights(neighbours=bonus, neighbour_anchors=anchors, neighbour_radius=radius)
    return with_neighbours(fused, owner, step, 0, None)


def interleave(lists: Sequence[Sequence[str]]) -> list[str]:
    """Round robin over ``lists`` (first of each, then second of each...), duplicates dropped."""
    out: dict[str, None] = {}
    for rank in range(max((len(x) for x in lists), default=0)):
        for ranked in lists:
            if rank < len(ranked):
                out.setdefault(ranked[rank], None)
    return list(out)


def diversified(ranked: list[tuple[str, float, float]], session_of: dict[str, str], keep: int, lam: float) -> list[str]:
    """MMR over sessions (Carbonell & Goldstein, SIGIR 1998, with session identity as the similarity): the first
    ``keep`` stay; each next place goes to the best of ``value x (1 - lam)`` when its session is already shown,
    else its value."""
    out = [i for i, _, _ in ranked[:keep]]
    seen = {session_of.get(i) for i in out}
    rest = list(ranked[keep : keep + 40])
    while rest and len(out) < 10:
        best = max(rest, key=lambda f: f[1] * ((1 - lam) if session_of.get(f[0]) in seen else 1.0))
        rest.remove(best)
        out.append(best[0])
        seen.add(session_of.get(best[0]))
    return out + [i for i, _, _ in rest]


def round2_rows(
    convs: Sequence[dict[str, Any]], nbs: dict[int, Neighbours]
) -> list[tuple[str, list[dict[str, Any]], str]]:
    """Issue 17 round 2: every lever against the shipped ranking (fusion + neighbour bonus 0.5 / 5 anchors),
    each weight chosen per held-out conversation."""
    base_w = {"semantic": 1.0, "keyword": 1.25}
    conv_of = {id(q): c for c in convs for q in c["questions"]}
    speakers_of = {id(c): {sp for t in c["text_of"].values() if (sp := speaker_of(t))} for c in convs}

    def lists_of(q: dict[str, Any]) -> dict[str, list[str]]:
        return {"semantic": q["semantic"], "keyword": q["keyword"]}

    def shipped(q: dict[str, Any]) -> list[str]:
        return [i for i, _, _ in values_ranked(lists_of(q), base_w, nbs[id(q)])]

    def named_speakers(q: dict[str, Any]) -> set[str]:
        words = set(query_terms(q["text"]))
        return {sp for sp in speakers_of[id(conv_of[id(q)])] if set(sp.split()) <= words}

    def speaker_ranker(g: tuple[float, bool]) -> Callable[[dict[str, Any]], list[str]]:
        def rank(q: dict[str, Any]) -> list[str]:
            named = named_speakers(q)
            if not named or (g[1] and len(named) > 1):
                return shipped(q)
            text_of = conv_of[id(q)]["text_of"]
            fused = [str(f.key) for f in weighted_rrf(lists_of(q), base_w, 5)]
            own = [i for i in fused[:SPEAKER_DEPTH] if speaker_of(text_of.get(i, "")) in named]
            return [
                i for i, _, _ in values_ranked({**lists_of(q), "speaker": own}, {**base_w, "speaker": g[0]}, nbs[id(q)])
            ]

        return rank

    def timed_ranker(w: float) -> Callable[[dict[str, Any]], list[str]]:
        def rank(q: dict[str, Any]) -> list[str]:
            if not _WHEN.search(q["text"]):
                return shipped(q)
            text_of = conv_of[id(q)]["text_of"]
            fused = [str(f.key) for f in weighted_rrf(lists_of(q), base_w, 5)]
            timed = [i for i in fused if _TIMED.search(text_of.get(i, ""))]
            return [i for i, _, _ in values_ranked({**lists_of(q), "timed": timed}, {**base_w, "timed": w}, nbs[id(q)])]

        return rank

    def parts_ranker(g: tuple[float, str]) -> Callable[[dict[str, Any]], list[str]]:
        def rank(q: dict[str, Any]) -> list[str]:
            if not q["parts"]:
                return shipped(q)
            extra = {f"p{g[1]}": interleave([p[g[1]] for p in q["parts"]])}
            return [i for i, _, _ in values_ranked({**lists_of(q), **extra}, {**base_w, f"p{g[1]}": g[0]}, nbs[id(q)])]

        return rank

    def mmr_ranker(g: tuple[int, float]) -> Callable[[dict[str, Any]], list[str]]:
        def rank(q: dict[str, Any]) -> list[str]:
            return diversified(values_ranked(lists_of(q), base_w, nbs[id(q)]), conv_of[id(q)]["session_of"], g[0], g[1])

        return rank

    def rocchio_ranker(g: tuple[float, str]) -> Callable[[dict[str, Any]], list[str]]:
        def rank(q: dict[str, Any]) -> list[str]:
            moved = q.get(f"rocchio{g[0]}")
            if moved is None:
                return shipped(q)
            if g[1] == "replace":
                return [
                    i for i, _, _ in values_ranked({"semantic": moved, "keyword": q["keyword"]}, base_w, nbs[id(q)])
                ]
            return [i for i, _, _ in values_ranked({**lists_of(q), "prf": moved}, {**base_w, "prf": 0.5}, nbs[id(q)])]

        return rank

    def or_ranker(g: tuple[str, float]) -> Callable[[dict[str, Any]], list[str]]:
        def rank(q: dict[str, Any]) -> list[str]:
            if g[0] == "or-only":
                return [
                    i
                    for i, _, _ in values_ranked({"semantic": q["semantic"], "keyword": q["kw_or"]}, base_w, nbs[id(q)])
                ]
            return [
                i for i, _, _ in values_ranked({**lists_of(q), "or": q["kw_or"]}, {**base_w, "or": g[1]}, nbs[id(q)])
            ]

        return rank

    def recency_ranker(w: float) -> Callable[[dict[str, Any]], list[str]]:
        def rank(q: dict[str, Any]) -> list[str]:
            if _WHEN.search(q["text"]):
                return shipped(q)
            return [
                i
                for i, _, _ in values_ranked(
                    {**lists_of(q), "recency": q["recency"]}, {**base_w, "recency": w}, nbs[id(q)]
                )
            ]

        return rank

    def radius_ranker(g: tuple[int, float, int]) -> Callable[[dict[str, Any]], list[str]]:
        def rank(q: dict[str, Any]) -> list[str]:
            return [i for i, _, _ in values_ranked(lists_of(q), base_w, nbs[id(q)], g[1], g[2], g[0])]

        return rank

    rows: list[tuple[str, list[dict[str, Any]], str]] = [
        ("round 2 baseline: shipped (neighbours 0.5 / 5)", scores(convs, shipped), "")
    ]
    levers: list[tuple[str, Callable[[Any], Callable[[dict[str, Any]], list[str]]], list[Any]]] = [
        ("speaker-match list (any named speaker)", speaker_ranker, [(w, False) for w in WEIGHTS]),
        ("speaker-match list (exactly one named)", speaker_ranker, [(w, True) for w in WEIGHTS]),
        ("when-questions: time-expression list", timed_ranker, list(WEIGHTS)),
        ("decomposition: clause semantic lists", parts_ranker, [(w, "semantic") for w in WEIGHTS]),
        ("decomposition: clause keyword lists", parts_ranker, [(w, "keyword") for w in WEIGHTS]),
        ("MMR over sessions (keep, lambda)", mmr_ranker, [(k, lam) for k in (3, 5, 7) for lam in (0.1, 0.2, 0.3, 0.5)]),
        ("Rocchio vector PRF: replaces semantic", rocchio_ranker, [(b, "replace") for b in ROCCHIO_BETAS]),
        ("Rocchio vector PRF: extra list 0.5", rocchio_ranker, [(b, "add") for b in ROCCHIO_BETAS]),
        ("keyword: OR list alone (no AND first)", or_ranker, [("or-only", 0.0)]),
        ("keyword: + OR list weighted", or_ranker, [("add", w) for w in WEIGHTS]),
        ("recency list for non-when questions", recency_ranker, [0.05, 0.1, 0.25, 0.5]),
        (
            "neighbours: radius, bonus, anchors",
            radius_ranker,
            [(r, b, a) for r in (1, 2) for b in (0.3, 0.5, 0.7) for a in (3, 5, 8, 10)],
        ),
    ]
    for label, ranker, grid in levers:
        records, chosen = held_out(convs, ranker, grid)
        rows.append((label, records, fmt(chosen)))
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="LoCoMo ablation of the next recall steps")
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--limit-conversations", type=int, default=None)
    parser.add_argument("--cache", type=Path, default=None)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.cache is not None and args.cache.exists():
        convs = json.loads(args.cache.read_text(encoding="utf-8"))
    else:
        convs = build(args.data, args.limit_conversations)
        if args.cache is not None:
            args.cache.write_text(json.dumps(convs), encoding="utf-8")
    defaults = FusionWeights()

    def base_ranker(_: Any) -> Callable[[dict[str, Any]], list[str]]:
        return lambda q: fuse({"semantic": q["semantic"], "keyword": q["keyword"]}, defaults.keyword, defaults.k)

    def with_list(name: str) -> Callable[[float], Callable[[dict[str, Any]], list[str]]]:
        def ranker(w: float) -> Callable[[dict[str, Any]], list[str]]:
            return lambda q: fuse(
                {"semantic": q["semantic"], "keyword": q["keyword"], name: q[name]}, defaults.keyword, defaults.k, w
            )

        return ranker

    def weights_ranker(g: tuple[int, float]) -> Callable[[dict[str, Any]], list[str]]:
        return lambda q: fuse({"semantic": q["semantic"], "keyword": q["keyword"]}, g[1], g[0])

    nbs = {id(q): Neighbours(c["order"], c["session_of"]) for c in convs for q in c["questions"]}

    def base_lists(q: dict[str, Any]) -> dict[str, list[str]]:
        return {"semantic": q["semantic"], "keyword": q["keyword"]}

    def bonus_ranker(g: tuple[float, int]) -> Callable[[dict[str, Any]], list[str]]:
        return lambda q: raised(base_lists(q), nbs[id(q)], g[0], g[1])

    def list_ranker(g: tuple[float, int]) -> Callable[[dict[str, Any]], list[str]]:
        def rank(q: dict[str, Any]) -> list[str]:
            base = fuse(base_lists(q), defaults.keyword, defaults.k)
            lists = {**base_lists(q), "near": near_list(base, nbs[id(q)], g[1])}
            return fuse(lists, defaults.keyword, defaults.k, g[0])

        return rank

    def replace_semantic(name: str) -> Callable[[Any], Callable[[dict[str, Any]], list[str]]]:
        return lambda _: lambda q: fuse({"semantic": q[name], "keyword": q["keyword"]}, defaults.keyword, defaults.k)

    def ctx_added(w: float) -> Callable[[dict[str, Any]], list[str]]:
        return lambda q: fuse({**base_lists(q), "ctx": q["ctxtext"]}, defaults.keyword, defaults.k, w)

    rows: list[tuple[str, list[dict[str, Any]], str]] = [
        ("service get_context (this branch)", scores(convs, lambda q: q["service"]), "freshness + intent"),
        ("default", scores(convs, base_ranker(None)), ""),
    ]
    for name in ("probe", "prf", "neighbours"):
        records, chosen = held_out(convs, with_list(name), WEIGHTS)
        rows.append((f"+ {name}", records, "w per fold " + ",".join(str(c) for c in chosen)))
    if "order" in convs[0]:
        anchors = (3, 5, 10)
        bonus_grid = [(b, a) for b in (0.3, 0.5, 0.7, 0.9, 1.0) for a in anchors]
        records, chosen = held_out(convs, bonus_ranker, bonus_grid)
        rows.append(("read time: neighbour bonus (shipped form)", records, "bonus/anchors " + fmt(chosen)))
        for b, a in ((0.5, 5), (0.7, 5), (0.9, 5)):
            rows.append((f"  bonus {b}, anchors {a} (fixed)", scores(convs, bonus_ranker((b, a))), ""))
        records, chosen = held_out(convs, list_ranker, [(w, a) for w in WEIGHTS for a in anchors])
        rows.append(("read time: neighbour RRF list", records, "w/anchors " + fmt(chosen)))
        for name in ("ctxtext", *(f"fold{a}" for a in FOLD_ALPHAS), *(f"foldnext{a}" for a in FOLD_ALPHAS)):
            rows.append((f"save time: semantic = {name}", scores(convs, replace_semantic(name)(None)), ""))
        for name in ("fold", "foldnext"):
            records, chosen = held_out(convs, lambda a, n=name: replace_semantic(f"{n}{a}")(None), FOLD_ALPHAS)
            rows.append((f"save time: semantic = {name} (alpha CV)", records, "alpha " + fmt(chosen)))
        records, chosen = held_out(convs, ctx_added, WEIGHTS)
        rows.append(("save time: + ctxtext list", records, "w " + fmt(chosen)))
    grid = [(k, w) for k in (2, 3, 5, 8, 10) for w in (0.8, 1.0, 1.25, 1.5, 2.0)]
    records, chosen = held_out(convs, weights_ranker, grid)
    rows.append(("weights (k, keyword) CV", records, "per fold " + " ".join(f"{k}/{w}" for k, w in chosen)))
    if "text_of" in convs[0]:
        rows += round2_rows(convs, nbs)
    table = Table(title=f"LoCoMo ablation, held-out by conversation ({len(convs)} conversations)")
    for name in ("variant", "R@5", "R@10", *(f"{c} {CATEGORIES[c]} R@5/R@10" for c in sorted(CATEGORIES)), "chosen"):
        table.add_column(name)
    for label, records, note in rows:
        cells = []
        for c in sorted(CATEGORIES):
            group = [r for r in records if r["category"] == c]
            cells.append(f"{mean(group, 5):.3f} / {mean(group, 10):.3f}" if group else "-")
        table.add_row(label, f"{mean(records, 5):.3f}", f"{mean(records, 10):.3f}", *cells, note)
    superseded = sum(c.get("superseded", 0) for c in convs)
    table.caption = f"{time.perf_counter() - started:.0f} s; entries auto-superseded while saving: {superseded}"
    Console(file=sys.stdout, width=220).print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
