"""Neighbour-context rules measured on LoCoMo and LongMemEval from the same recorded candidates (issue 17 points 6-7).

Neighbour context (``retrieval/search.with_neighbours``) lifts the time neighbours of the best fused hits. It helps
LoCoMo (short chat turns, the answer often the next turn) and hurt LongMemEval-S (long turns, evidence spread over
sessions). This script records, per question, what every rule needs: the fused list before neighbours (``fuse``
over ``collect_signals``, as ``search`` does), the time neighbours of the 10 best (``Store.time_neighbours``,
radius 3, the service's window) and each candidate's content length and save time; then it re-ranks offline with
each rule and scores both benches from one recording, against the previous rule (any anchor lifts) and neighbours
off in the same run.

- LoCoMo (``--locomo FILE``): every conversation built by ``save_context`` as in ``research/bench/retrieval_locomo.py``;
  R@5 / R@10 (fraction of evidence dia ids in the top k), per category; parameters of a rule are chosen by
  leave-one-conversation-out (tuned on four conversations, scored on the fifth), so its LoCoMo row is held out.
- LongMemEval (``--longmemeval FILE --keep-stores DIR``): the stores ``research/bench/retrieval_longmemeval.py
  --keep-stores DIR`` built (only those finished); turn-level recall_any@5 and recall_all@10 and the session-level
  ones, per question type.

The offline re-ranking leaves out what comes after neighbours in ``search`` (trust weights, which these stores do not
have, the created_at tie-break and ``fresher_first``), so its "shipped" row can differ from ``get_context`` by a
tie; a rule is confirmed end to end with ``--variant`` in the two benches. ``--cache FILE`` keeps the
recording (JSON), so a second run re-ranks without rebuilding.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from contextlamp.domain.embedding import embed_queries
from contextlamp.embedding import EMBEDDERS, create_embedder
from contextlamp.errors import InvalidArgumentError, SecretDetectedError
from contextlamp.retrieval.query import asks_for_recent
from contextlamp.retrieval.search import CANDIDATE_DEPTH, NEIGHBOUR_CAP, ScopedStore, collect_signals, fuse

sys.path.insert(0, str(Path(__file__).resolve().parent))  # research/bench/common.py, when run as a script
import retrieval_locomo as locomo
import retrieval_longmemeval as lme
from common import StepClock, fresh_service

ANCHORS_RECORDED = 10
RADIUS_RECORDED = 3


def record_question(service: Any, caller: Any, text: str, now: int) -> dict[str, Any]:
    """One question's candidates: ``fused`` [(id, rrf, score)] before neighbours, best first; ``near`` anchor ->
    neighbour ids (before nearest first, then after nearest first); ``info`` id -> [content chars, created_at]."""
    store = service.registry.store(caller.principal.user_id)
    stores = [ScopedStore(store, "personal", 0)]
    weights = service.weights
    floor = -1.0 if weights.semantic_floor is None else weights.semantic_floor
    vector = embed_queries(service.embedder, [text])[0]
    lists, _ = collect_signals(stores, text, vector, CANDIDATE_DEPTH, now, None, floor)
    fused = fuse(lists, weights, asks_for_recent(text))
    anchors = [i for i, _, _ in fused[:ANCHORS_RECORDED]]
    near = store.time_neighbours(anchors, weights.neighbour_window_ms, now, None, RADIUS_RECORDED) if anchors else {}
    ids = {i for i, _, _ in fused} | {n for ns in near.values() for n in ns}
    info = {i: [len(e.content), e.created_at] for i, e in store.entries(sorted(ids)).items()}
    return {"fused": [list(f) for f in fused], "near": near, "info": info}


def record_locomo(path: Path, embedder_name: str, limit: int | None = None) -> list[dict[str, Any]]:
    """Per conversation: its questions (category, evidence dia ids, candidates) and each memory's dia ids."""
    embedder = create_embedder(embedder_name)
    out: list[dict[str, Any]] = []
    for conv in locomo.load_conversations(path)[:limit]:
        print(f"LoCoMo {conv.sample_id}: {len(conv.turns)} turns", file=sys.stderr)
        clock = StepClock()
        with fresh_service("nbr-locomo-", embedder, clock) as (service, caller):
            dia_of: dict[str, list[str]] = {}
            for turn in conv.turns:
                clock.base = turn.session_ms or 0
                try:
                    saved = service.save_context(caller, turn.content)
                except (InvalidArgumentError, SecretDetectedError):
                    continue
                dia_of.setdefault(saved.id, []).append(turn.dia_id)
            questions = [
                {
                    "category": q.category,
                    "evidence": list(q.evidence),
                    **record_question(service, caller, q.text, clock()),
                }
                for q in conv.questions
            ]
        out.append({"sample_id": conv.sample_id, "dia_of": dia_of, "questions": questions})
    return out


def record_longmemeval(path: Path, keep: Path, embedder_name: str) -> list[dict[str, Any]]:
    """Per question whose kept store is built: type, evidence turns and sessions, candidates, and each memory's turn
    keys and session ids."""
    embedder = create_embedder(embedder_name)
    out: list[dict[str, Any]] = []
    from collections import Counter

    for question in lme.load_questions(path):
        if not (lme.store_dir(keep, question.question_id) / lme.BUILD_FILE).is_file():
            continue
        with lme.question_store(question, embedder, Counter(), False, keep) as (service, caller, clock, turns_of):
            clock.base = question.date_ms or 0
            text = question.text[: service.limits.max_query_chars]
            out.append(
                {
                    "id": question.question_id,
                    "type": question.question_type,
                    "evidence_turns": [list(k) for k in question.evidence_turns],
                    "evidence_sessions": list(question.evidence_sessions),
                    "turns_of": {i: [list(t.key) for t in ts] for i, ts in turns_of.items()},
                    "sessions_of": {i: [t.session_id for t in ts] for i, ts in turns_of.items()},
                    **record_question(service, caller, text, clock()),
                }
            )
    print(f"LongMemEval: {len(out)} built stores recorded", file=sys.stderr)
    return out


@dataclass(frozen=True)
class Rule:
    """One neighbour rule (all the candidates measured; ``Rule()`` is the rule before this round, any anchor).

    ``bonus`` x the anchor's value, capped at ``NEIGHBOUR_CAP`` x it, for neighbours of the ``anchors`` best within
    ``radius``. ``max_chars``: only neighbours at most that long are lifted; ``anchor_max_chars``: only anchors at
    most that long lift; ``need_signal``: only neighbours some signal list holds; ``per_anchor``: at most that many
    neighbours per anchor (earlier side first, as ``time_neighbours`` orders them); ``places``: at most that many
    lifted neighbours (best lifted value first) keep their lift; ``below``: a lifted neighbour stays below the
    ``below`` best direct hits; ``decay``: the bonus x ``decay`` per turn beyond the nearest on its side;
    ``stack``: False raises a neighbour to the bonus instead of adding it to its own value; ``chain``: on each side
    only the short neighbours nearer than the first one over ``max_chars``; ``off``: no lift."""

    bonus: float = 0.5
    anchors: int = 5
    radius: int = 2
    max_chars: int | None = None
    anchor_max_chars: int | None = None
    need_signal: bool = False
    per_anchor: int | None = None
    places: int | None = None
    below: int | None = None
    decay: float = 1.0
    stack: bool = True
    chain: bool = False
    off: bool = False


def label(rule: Rule) -> str:
    """The rule's fields that differ from ``Rule()`` (the shipped rule), ``name=value`` joined; "shipped" for none."""
    base = Rule()
    changed = [
        f"{f.name}={getattr(rule, f.name)}" for f in fields(Rule) if getattr(rule, f.name) != getattr(base, f.name)
    ]
    return ", ".join(changed) or "before (any anchor)"


def side_split(anchor: str, ids: list[str], info: dict[str, list[int]], radius: int) -> list[str]:
    """The neighbours of ``anchor`` within ``radius`` each side, as ``Store.time_neighbours`` orders them: the
    earlier ones nearest first, then the later ones nearest first."""
    at = (info[anchor][1], anchor)
    earlier = [i for i in ids if (info[i][1], i) < at]
    return earlier[:radius] + [i for i in ids if i not in earlier][:radius]


def _distance(anchor: str, n: str, near: list[str], info: dict[str, list[int]]) -> int:
    """1 for the nearest neighbour on its side of the anchor, 2 for the next, ..."""
    place = (info[anchor][1], anchor)
    side = [m for m in near if ((info[m][1], m) < place) == ((info[n][1], n) < place)]
    return side.index(n) + 1


def rerank(q: dict[str, Any], rule: Rule) -> list[str]:
    """``q``'s fused ids re-ranked by ``rule`` (``with_neighbours``'s arithmetic, the rule's limits applied)."""
    fused = [(str(i), float(r), float(s)) for i, r, s in q["fused"]]
    if rule.off or not fused:
        return [i for i, _, _ in fused]
    info: dict[str, list[int]] = q["info"]
    values = {i: r for i, r, _ in fused}
    raised = dict(values)
    lifted_from: dict[str, float] = {}
    for anchor, rrf, _ in fused[: rule.anchors]:
        if rule.anchor_max_chars is not None and info[anchor][0] > rule.anchor_max_chars:
            continue
        near = side_split(anchor, [n for n in q["near"].get(anchor, []) if n in info], info, rule.radius)
        taken = 0
        broken: set[bool] = set()  # sides (earlier?) where a long memory ended the run of short turns
        for n in near:
            if rule.per_anchor is not None and taken >= rule.per_anchor:
                break
            earlier = (info[n][1], n) < (info[anchor][1], anchor)
            if rule.chain and earlier in broken:
                continue
            if rule.max_chars is not None and info[n][0] > rule.max_chars:
                broken.add(earlier)
                continue
            own = values.get(n, 0.0)
            if rule.need_signal and own <= 0:
                continue
            if own >= rrf:
                continue
            taken += 1
            distance = _distance(anchor, n, near, info)
            gain = rule.bonus * rule.decay ** (distance - 1) * rrf
            value = min(own + gain if rule.stack else max(own, gain), rrf * NEIGHBOUR_CAP)
            if value > raised.get(n, 0.0):
                raised[n] = value
                lifted_from[n] = own
    if rule.below is not None:
        direct = sorted(values.values(), reverse=True)
        if len(direct) >= rule.below:
            ceiling = direct[rule.below - 1] * NEIGHBOUR_CAP
            for n in lifted_from:
                raised[n] = max(lifted_from[n], min(raised[n], ceiling))
    if rule.places is not None:
        gains = sorted(lifted_from, key=lambda n: -raised[n])
        for n in gains[rule.places :]:
            raised[n] = lifted_from[n]
    return [i for i, _ in sorted(raised.items(), key=lambda kv: -kv[1])]


def locomo_scores(convs: Sequence[dict[str, Any]], rule: Rule) -> list[dict[str, Any]]:
    """Per LoCoMo question: category, R@5, R@10 under ``rule``."""
    out: list[dict[str, Any]] = []
    for conv in convs:
        for q in conv["questions"]:
            dias = [conv["dia_of"].get(i, []) for i in rerank(q, rule)]
            out.append(
                {
                    "category": q["category"],
                    5: locomo.recall_at(q["evidence"], dias, 5),
                    10: locomo.recall_at(q["evidence"], dias, 10),
                }
            )
    return out


def lme_scores(questions: Sequence[dict[str, Any]], rule: Rule) -> list[dict[str, Any]]:
    """Per LongMemEval question: type and turn/session recall_any@5, recall_all@10 under ``rule``."""
    out: list[dict[str, Any]] = []
    for q in questions:
        ranked = rerank(q, rule)
        row: dict[str, Any] = {"type": q["type"]}
        for level, evidence, of in (
            ("turn", [tuple(k) for k in q["evidence_turns"]], q["turns_of"]),
            ("session", q["evidence_sessions"], q["sessions_of"]),
        ):
            if not evidence:
                row[level] = None
                continue
            items = [{tuple(x) if isinstance(x, list) else x for x in of.get(i, [])} for i in ranked]
            row[level] = (lme.hits(evidence, items, 5)[0], lme.hits(evidence, items, 10)[1])
        out.append(row)
    return out


def mean(values: Iterable[float]) -> float:
    got = list(values)
    return sum(got) / len(got) if got else float("nan")


def held_out(convs: Sequence[dict[str, Any]], grid: Sequence[Rule]) -> tuple[list[dict[str, Any]], list[int]]:
    """Leave-one-conversation-out over ``grid``: per fold the rule best on the others (mean R@5 + R@10 over their
    questions), scored on the fold. Each rule is scored on each conversation once."""
    per = [[locomo_scores([conv], rule) for conv in convs] for rule in grid]
    records: list[dict[str, Any]] = []
    chosen: list[int] = []
    for n in range(len(convs)):

        def fit(g: int, n: int = n) -> float:
            train = [r for m, recs in enumerate(per[g]) if m != n for r in recs]
            return sum(mean(r[k] for r in train) for k in (5, 10))

        best = max(range(len(grid)), key=fit)
        chosen.append(best)
        records += per[best][n]
    return records, chosen


def candidates() -> dict[str, list[Rule]]:
    """Each candidate family: its grid (a family of one is a fixed rule)."""
    return {
        "neighbours off": [Rule(off=True)],
        "before: any anchor (0.5, 5 anchors, radius 2)": [Rule()],
        "shipped: anchor at most 200 chars": [Rule(anchor_max_chars=200)],
        "neighbour at most N chars": [Rule(max_chars=c) for c in (200, 300, 400, 600, 800, 1200)],
        "anchor at most N chars": [Rule(anchor_max_chars=c) for c in (200, 300, 400, 600, 800, 1200)],
        "anchor and neighbour at most N chars": [
            Rule(max_chars=c, anchor_max_chars=c) for c in (200, 300, 400, 600, 800, 1200)
        ],
        "neighbour in some signal list": [Rule(need_signal=True)],
        "short neighbours up to the first long one": [Rule(max_chars=c, chain=True) for c in (300, 400, 600, 800)],
        "at most N neighbours per anchor": [Rule(per_anchor=p) for p in (1, 2)],
        "at most N lifted neighbours": [Rule(places=p) for p in (1, 2, 3, 4, 6)],
        "below the N best direct hits": [Rule(below=b) for b in (2, 3, 5)],
        "fewer anchors": [Rule(anchors=a) for a in (1, 2, 3)],
        "smaller bonus": [Rule(bonus=b) for b in (0.2, 0.3, 0.4)],
        "bonus x decay^(distance - 1)": [Rule(decay=d) for d in (0.25, 0.5, 0.75)],
        "raised to the bonus, not added (max)": [Rule(stack=False, bonus=b) for b in (0.5, 0.6, 0.7, 0.8, 0.9)],
        "max, and decay": [Rule(stack=False, bonus=b, decay=d) for b in (0.5, 0.7, 0.9) for d in (0.5, 0.75)],
        "anchor at most N chars, decay 0.75": [Rule(anchor_max_chars=c, decay=0.75) for c in (200, 300, 400)],
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Record (or read ``--cache``) and print one table: each rule on LoCoMo (held out) and LongMemEval."""
    parser = argparse.ArgumentParser(description="neighbour-context rules on LoCoMo and LongMemEval")
    parser.add_argument("--locomo", type=Path, default=None, help="LoCoMo-format JSON file")
    parser.add_argument("--longmemeval", type=Path, default=None, help="LongMemEval-format file (.json or .json.gz)")
    parser.add_argument("--keep-stores", type=Path, default=None, help="the kept LongMemEval stores (built ones only)")
    parser.add_argument("--embedder", choices=EMBEDDERS, default="minilm-int8")
    parser.add_argument("--limit-conversations", type=int, default=None, help="LoCoMo: only the first N")
    parser.add_argument("--cache", type=Path, default=None, help="JSON recording: read if present, else written")
    parser.add_argument("--refresh", choices=("locomo", "longmemeval", "both"), default=None, help="re-record these")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    cached: dict[str, Any] = {}
    if args.cache is not None and args.cache.is_file():
        cached = json.loads(args.cache.read_text(encoding="utf-8"))
    if args.locomo is not None and ("locomo" not in cached or args.refresh in ("locomo", "both")):
        cached["locomo"] = record_locomo(args.locomo, args.embedder, args.limit_conversations)
    if (
        args.longmemeval is not None
        and args.keep_stores is not None
        and ("longmemeval" not in cached or args.refresh in ("longmemeval", "both"))
    ):
        cached["longmemeval"] = record_longmemeval(args.longmemeval, args.keep_stores, args.embedder)
    if args.cache is not None:
        args.cache.write_text(json.dumps(cached), encoding="utf-8")
    convs: list[dict[str, Any]] = cached.get("locomo", [])
    lmq: list[dict[str, Any]] = cached.get("longmemeval", [])
    table = Table(
        title=f"Neighbour rules: LoCoMo held out by conversation ({len(convs)}), LongMemEval ({len(lmq)} questions)"
    )
    for col in (
        "rule",
        "LoCoMo R@5",
        "R@10",
        "multi-hop",
        "single-hop",
        "adversarial",
        "LME turn any@5",
        "all@10",
        "multi-session all@10",
        "session any@5",
        "all@10",
        "chosen",
    ):
        table.add_column(col, justify="left" if col in ("rule", "chosen") else "right")
    for name, grid in candidates().items():
        cells: list[str] = []
        if convs:
            records, chosen = held_out(convs, grid) if len(grid) > 1 else (locomo_scores(convs, grid[0]), [0])
            by = {c: [r for r in records if r["category"] == c] for c in (1, 4, 5)}
            cells += [f"{mean(r[5] for r in records):.3f}", f"{mean(r[10] for r in records):.3f}"]
            cells += [f"{mean(r[5] for r in by[c]):.3f} / {mean(r[10] for r in by[c]):.3f}" for c in (1, 4, 5)]
        else:
            chosen = [0]
            cells += ["-"] * 5
        if lmq:
            rule = grid[max(set(chosen), key=chosen.count)]
            rows = lme_scores(lmq, rule)
            turn = [r["turn"] for r in rows if r["turn"] is not None]
            multi = [r["turn"] for r in rows if r["turn"] is not None and r["type"] == "multi-session"]
            sess = [r["session"] for r in rows if r["session"] is not None]
            cells += [
                f"{mean(t[0] for t in turn):.3f}",
                f"{mean(t[1] for t in turn):.3f}",
                f"{mean(t[1] for t in multi):.3f}",
            ]
            cells += [f"{mean(t[0] for t in sess):.3f}", f"{mean(t[1] for t in sess):.3f}"]
        else:
            cells += ["-"] * 5
        table.add_row(name, *cells, " ".join(str(c) for c in chosen) if len(grid) > 1 else "")
    table.caption = f"{time.perf_counter() - started:.1f} s; LME columns use the LoCoMo folds' most chosen value"
    console = Console(file=sys.stdout, width=260)
    console.print(table)
    grid_table = Table(title="Every grid point (LoCoMo: all conversations, not held out)")
    for col in ("rule", "LoCoMo R@5", "R@10", "LME turn any@5", "all@10", "session any@5", "all@10"):
        grid_table.add_column(col, justify="left" if col == "rule" else "right")
    for grid in candidates().values():
        for rule in grid:
            cells = ["-", "-"]
            if convs:
                records = locomo_scores(convs, rule)
                cells = [f"{mean(r[5] for r in records):.3f}", f"{mean(r[10] for r in records):.3f}"]
            if lmq:
                rows = lme_scores(lmq, rule)
                turn = [r["turn"] for r in rows if r["turn"] is not None]
                sess = [r["session"] for r in rows if r["session"] is not None]
                cells += [f"{mean(t[i] for t in turn):.3f}" for i in (0, 1)] + [
                    f"{mean(t[i] for t in sess):.3f}" for i in (0, 1)
                ]
            else:
                cells += ["-"] * 4
            grid_table.add_row(label(rule), *cells)
    console.print(grid_table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
