"""Calibrating get_context's relevance floor (issue #27.4) on LoCoMo, with held-out conversations.

For each conversation one store is built as in research/bench/retrieval_locomo.py (one memory per turn). Every
question is
asked twice: against its own conversation's store (an *own* question: categories 1-4 are answerable, 5 adversarial)
and against the store of another conversation (a *foreign* question: about people and events that store never held,
so every pack it gets is noise). For each query the fused ranking without a floor (top ``DEPTH``) is recorded
with each entry's evidence features: its cosine when in the semantic list, whether the keyword list holds it and
whether it matched every content word, whether a topic was named, and for a lifted neighbour its anchor.

A floor is then applied offline (``floored``) and scored: recall@5/@10 of own answerable questions (must not drop),
the share of them losing some evidence from their top 10 (``lost``), packs left per adversarial and per foreign
question (the noise removed). The cosine threshold is chosen on the calibration conversations (``--calibrate``, the
first N: the highest with mean recall@5 and @10 at least the unfloored ones and at most ``MAX_LOST`` of the questions
losing evidence) and reported on the others (held out)::

    nice -n 10 python -m research relevance_floor --data /work/shared/data/locomo/locomo_dev.json --json out.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from contextlamp.domain.embedding import embed_queries
from contextlamp.embedding import EMBEDDERS, create_embedder
from contextlamp.errors import InvalidArgumentError, SecretDetectedError
from contextlamp.retrieval.query import asks_for_recent
from contextlamp.retrieval.search import ScopedStore, collect_signals, fuse, with_neighbours

sys.path.insert(0, str(Path(__file__).resolve().parent))  # research/bench/common.py, when run as a script
from common import StepClock, fresh_service
from retrieval_locomo import Conversation, load_conversations, recall_at

DEPTH = 50
MAX_LOST = 0.01  # the threshold may cost at most this share of calibration questions some evidence at k = 10
CONTEXT_FLOOR = 0.2  # MiniLM's similarity floor (embedding/minilm.SIMILARITY_FLOOR): a neighbour must reach it
KS = (5, 10)
CATEGORIES_ANSWERABLE = (1, 2, 3, 4)


def record_queries(
    convs: Sequence[Conversation], embedder_name: str, foreign_per_store: int, semantic_floor: float | None = None
) -> list[dict[str, Any]]:
    """One record per (question, store) asked: ``{"conv", "store", "own", "category", "evidence", "ranked":
    [{"dias", "cos", "kw", "kw_all", "fact", "anchor"}]}``, ranked best first (top ``DEPTH``). ``semantic_floor``:
    the candidates' cosine floor (default the model's own; -1 records every candidate, to calibrate it)."""
    embedder = create_embedder(embedder_name)
    records: list[dict[str, Any]] = []
    for index, conv in enumerate(convs):
        others = [q for j, c in enumerate(convs) if j != index for q in c.questions]
        step = max(1, len(others) // foreign_per_store)
        foreign = others[::step][:foreign_per_store]
        clock = StepClock()
        with fresh_service("floor-", embedder, clock) as (service, caller):
            floor = (service.weights.semantic_floor or -1.0) if semantic_floor is None else semantic_floor
            dia_of: dict[str, list[str]] = {}
            for turn in conv.turns:
                clock.base = turn.session_ms or 0
                try:
                    saved = service.save_context(caller, turn.content)
                except (InvalidArgumentError, SecretDetectedError):
                    continue
                dia_of.setdefault(saved.id, []).append(turn.dia_id)
            stores = [ScopedStore(service.registry.store(caller.principal.user_id), "personal", 0)]
            asked = [(q, True) for q in conv.questions] + [(q, False) for q in foreign]
            started = time.perf_counter()
            for question, own in asked:
                now = clock()
                vector = embed_queries(embedder, [question.text])[0]
                lists, owner = collect_signals(stores, question.text, vector, DEPTH, now, None, floor)
                fused = fuse(lists, service.weights, asks_for_recent(question.text))
                lifted: dict[str, str] = {}
                fused = with_neighbours(fused, owner, service.weights, now, None, lifted)
                keyword = set(lists.keyword)
                fact = set(lists.fact_key)
                top = [i for i, _, _ in fused[:DEPTH]]
                cosines = {i: float((v @ vector).max()) for i, v in stores[0].store.entry_vectors(top).items()}
                ranked = [
                    {
                        "id": i,
                        "dias": dia_of.get(i, []),
                        "cos": cosines.get(i, lists.cosines.get(i)),
                        "kw": i in keyword,
                        "kw_all": i in lists.keyword_all,
                        "fact": i in fact,
                        "anchor": lifted.get(i),
                    }
                    for i, _, _ in fused[:DEPTH]
                ]
                records.append(
                    {
                        "conv": conv.sample_id,
                        "own": own,
                        "category": question.category,
                        "evidence": list(question.evidence),
                        "recent": asks_for_recent(question.text),
                        "ranked": ranked,
                    }
                )
            print(
                f"{conv.sample_id}: {len(asked)} queries in {time.perf_counter() - started:.1f} s",
                file=sys.stderr,
            )
    return records


def own_evidence(item: dict[str, Any], cosine: float, keyword: str, recent: bool) -> bool:
    """Whether an entry has evidence of its own under a floor: cosine at least ``cosine``, a keyword hit
    (``keyword``: ``any`` any word, ``all`` every content word, ``none`` keyword is no evidence), a named
    topic, or any rank when the query asks for the newest."""
    if item["cos"] is not None and item["cos"] >= cosine:
        return True
    if keyword == "any" and item["kw"]:
        return True
    if keyword == "all" and item["kw_all"]:
        return True
    return bool(item["fact"] or recent)


def floored(
    record: dict[str, Any], cosine: float, keyword: str, context: float = CONTEXT_FLOOR
) -> list[dict[str, Any]]:
    """The ranking kept under a floor: entries with evidence of their own, and neighbours whose anchor has it and
    whose own cosine is at least ``context`` (the model's similarity floor: not unrelated to the query)."""
    ranked = record["ranked"]
    by_id = {r["id"]: r for r in ranked}
    kept = []
    recent = record["recent"]
    for item in ranked:
        anchor = by_id.get(item["anchor"]) if item["anchor"] is not None else None
        related = item["cos"] is not None and item["cos"] >= context
        if own_evidence(item, cosine, keyword, recent) or (
            anchor and related and own_evidence(anchor, cosine, keyword, recent)
        ):
            kept.append(item)
    return kept


def score(
    records: Sequence[dict[str, Any]],
    cosine: float,
    keyword: str,
    max_results: int = 10,
    context: float = CONTEXT_FLOOR,
) -> dict[str, float]:
    """Recall@k of own answerable questions, and mean packs left (of ``max_results``) for own adversarial and
    foreign questions, under a floor (``cosine`` = -1 and ``keyword`` = ``any``: no floor at all)."""
    recall = {k: [] for k in KS}
    packs_adv: list[int] = []
    packs_foreign: list[int] = []
    packs_own: list[int] = []
    empty_foreign = 0
    for record in records:
        kept = floored(record, cosine, keyword, context)
        top = kept[:max_results]
        if not record["own"]:
            packs_foreign.append(len(top))
            empty_foreign += not top
        elif record["category"] == 5:
            packs_adv.append(len(top))
        else:
            packs_own.append(len(top))
            for k in KS:
                recall[k].append(recall_at(record["evidence"], [r["dias"] for r in kept], k))
    mean = lambda xs: sum(xs) / max(len(xs), 1)  # noqa: E731
    return {
        **{f"recall@{k}": mean(v) for k, v in recall.items()},
        "packs_answerable": mean(packs_own),
        "packs_adversarial": mean(packs_adv),
        "packs_foreign": mean(packs_foreign),
        "foreign_empty": empty_foreign / max(len(packs_foreign), 1),
    }


def lost(
    records: Sequence[dict[str, Any]], cosine: float, keyword: str, k: int = 10, context: float = CONTEXT_FLOOR
) -> float:
    """The share of answerable own questions whose recall@k is lower under the floor than without it."""
    answerable = [r for r in records if r["own"] and r["category"] in CATEGORIES_ANSWERABLE]
    worse = 0
    for record in answerable:
        before = recall_at(record["evidence"], [r["dias"] for r in record["ranked"]], k)
        after = recall_at(record["evidence"], [r["dias"] for r in floored(record, cosine, keyword, context)], k)
        worse += after < before - 1e-9
    return worse / max(len(answerable), 1)


def main(argv: Sequence[str] | None = None) -> int:
    """Record (or load) the queries, choose the threshold on the calibration conversations, report both."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--embedder", choices=EMBEDDERS, default="minilm")
    parser.add_argument("--foreign", type=int, default=150, help="foreign questions per store")
    parser.add_argument("--calibrate", type=int, default=2, help="the first N conversations choose the threshold")
    parser.add_argument("--records", type=Path, default=None, help="cache of the recorded queries (JSON)")
    parser.add_argument("--json", type=Path, default=None, help="write the report here")
    parser.add_argument("--semantic-floor", type=float, default=None, help="record with this candidate floor")
    parser.add_argument("--grid-from", type=float, default=0.20, help="the lowest cosine tried (e5: 0.70)")
    parser.add_argument("--context-floor", type=float, default=CONTEXT_FLOOR, help="the model's similarity floor")
    args = parser.parse_args(argv)
    convs = load_conversations(args.data)
    if args.records is not None and args.records.exists():
        records = json.loads(args.records.read_text(encoding="utf-8"))
    else:
        records = record_queries(convs, args.embedder, args.foreign, args.semantic_floor)
        if args.records is not None:
            args.records.write_text(json.dumps(records), encoding="utf-8")
    calibration = {c.sample_id for c in convs[: args.calibrate]}
    halves = {
        "calibration": [r for r in records if r["conv"] in calibration],
        "held_out": [r for r in records if r["conv"] not in calibration],
    }
    grid = [round(args.grid_from + 0.01 * i, 2) for i in range(31)]
    report: dict[str, Any] = {"calibration": sorted(calibration), "rules": {}}
    base = score(halves["calibration"], -1.0, "any", context=-1.0)
    chosen: dict[str, float] = {}
    for keyword in ("any", "all", "none"):
        best = None
        for cosine in grid:  # the highest threshold that keeps recall and loses evidence for at most 1% of questions
            got = score(halves["calibration"], cosine, keyword, context=args.context_floor)
            same = got["recall@10"] >= base["recall@10"] - 1e-9 and got["recall@5"] >= base["recall@5"] - 1e-9
            if same and lost(halves["calibration"], cosine, keyword, context=args.context_floor) <= MAX_LOST:
                best = cosine
        chosen[keyword] = best if best is not None else -1.0
    for keyword, cosine in chosen.items():
        report["rules"][f"keyword={keyword}"] = {
            "cosine": cosine,
            "lost": {half: lost(rs, cosine, keyword, context=args.context_floor) for half, rs in halves.items()},
            **{half: score(rs, cosine, keyword, context=args.context_floor) for half, rs in halves.items()},
        }
    report["no_floor"] = {half: score(rs, -1.0, "any", context=-1.0) for half, rs in halves.items()}
    report["chosen_any_neighbour"] = {  # the chosen rule, but every neighbour of an evidenced anchor kept
        half: score(rs, chosen["all"], "all", context=-1.0) for half, rs in halves.items()
    }
    report["sweep_held_out_keyword_all"] = {
        str(c): score(halves["held_out"], c, "all", context=args.context_floor) for c in grid[::3]
    }
    text = json.dumps(report, indent=2)
    print(text)
    if args.json is not None:
        args.json.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
