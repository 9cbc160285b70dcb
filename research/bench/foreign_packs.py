"""Precision of get_context's relevance floor on LoCoMo: packs returned for *foreign* questions.

Each conversation of a fold is saved into a store, one memory per turn, as research/bench/retrieval_locomo.py
does; every question of the *next* conversation of the fold (about people and events this store never held) is
asked of it, so every pack returned is noise. Printed per ranking (the default, then each ``--variant``): packs
per foreign question (of ``--k``) and the share of foreign questions answered with no pack at all; and, to show
whether a score means the same across queries (issue #27.4), the first pack's mean score for the store's *own*
answerable questions (categories 1-4) and for the foreign ones (no pack: 0), and the AUC of that score
separating the two (the chance that an own question's first score is above a foreign one's, ties half). Run beside a
recall change to the relevance floor (issue #27.4, #32 item 1)::

    nice -n 10 python -m research foreign_packs --data ../shared/data/locomo/locomo_dev.json --fold tuning \
        --embedder minilm-int8 --variant 'agree20={"agreement_depth": 20}'
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from contextlamp.embedding import EMBEDDERS
from contextlamp.errors import InvalidArgumentError, SecretDetectedError
from retrieval_locomo import load_conversations

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import StepClock, add_variant_argument, bench_embedder, fold_ids, fresh_service


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; the table goes to stdout."""
    parser = argparse.ArgumentParser(description="packs returned for foreign LoCoMo questions")
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--fold", default=None, help="research/bench/data/retrieval_folds.json fold")
    parser.add_argument("--embedder", choices=EMBEDDERS, default="minilm-int8")
    parser.add_argument("--prefixes", default=None, help="'PASSAGE|QUERY' (see retrieval_locomo.py)")
    parser.add_argument("--k", type=int, default=10, help="max_results of each get_context")
    add_variant_argument(parser, ("default",))
    args = parser.parse_args(argv)
    conversations = load_conversations(args.data)
    if args.fold is not None:
        wanted = fold_ids("locomo", args.fold)
        conversations = [c for c in conversations if c.sample_id in wanted]
    embedder = bench_embedder(args.embedder, args.prefixes)
    rankings: dict[str, dict[str, Any]] = {"default": {}, **dict(args.variant)}
    packs = dict.fromkeys(rankings, 0)
    empty = dict.fromkeys(rankings, 0)
    tops: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in rankings}  # own, foreign
    asked = 0
    for n, conv in enumerate(conversations):
        foreign = conversations[(n + 1) % len(conversations)]
        if foreign is conv:
            break
        clock = StepClock()
        with fresh_service("foreign-", embedder, clock) as (service, caller):
            for turn in conv.turns:
                clock.base = turn.session_ms or 0
                try:
                    service.save_context(caller, turn.content)
                except (InvalidArgumentError, SecretDetectedError):
                    continue
            service.indexer.wait()
            for question in foreign.questions:
                asked += 1
                for name, changes in rankings.items():
                    scores = scores_with(service, caller, question.text, args.k, **changes)
                    packs[name] += len(scores)
                    empty[name] += int(not scores)
                    tops[name][1].append(scores[0] if scores else 0.0)
            for question in conv.questions:
                if question.category != 5:  # answerable: its evidence is in this store
                    for name, changes in rankings.items():
                        scores = scores_with(service, caller, question.text, args.k, **changes)
                        tops[name][0].append(scores[0] if scores else 0.0)
        print(f"{foreign.sample_id} asked of {conv.sample_id}: {len(foreign.questions)} questions", file=sys.stderr)
    print(f"{asked} foreign questions, max_results {args.k}")
    for name in rankings:
        print(
            f"{name:>12}: packs per question {packs[name] / max(asked, 1):.2f}, "
            f"no pack {empty[name] / max(asked, 1):.1%}, first score own {mean(tops[name][0]):.3f} / "
            f"foreign {mean(tops[name][1]):.3f}, AUC {auc(*tops[name]):.3f}"
        )
    return 0


def scores_with(service: Any, caller: Any, query: str, max_results: int, **changes: Any) -> list[float]:
    """The pack scores ``get_context`` returns with ``changes`` to the service's ``FusionWeights``, best first."""
    weights = service.weights
    service.weights = replace(weights, **changes)
    try:
        return [p.score for p in service.get_context(caller, query, max_results=max_results).packs]
    finally:
        service.weights = weights


def mean(values: Sequence[float]) -> float:
    """The mean of ``values`` (0 when empty)."""
    return sum(values) / len(values) if values else 0.0


def auc(positive: Sequence[float], negative: Sequence[float]) -> float:
    """Mann-Whitney AUC: the chance that a ``positive`` value is above a ``negative`` one (ties count half)."""
    if not positive or not negative:
        return 0.0
    wins = sum((p > n) + 0.5 * (p == n) for p in positive for n in negative)
    return wins / (len(positive) * len(negative))


if __name__ == "__main__":
    sys.exit(main())
