"""Precision of get_context's relevance floor on LoCoMo: packs returned for *foreign* questions.

Each conversation of a fold is saved into a store, one memory per turn, as research/bench/retrieval_locomo.py
does; every question of the *next* conversation of the fold (about people and events this store never held) is
asked of it, so every pack returned is noise. Printed per ranking (the default, then each ``--variant``): packs
per foreign question (of ``--k``) and the share of foreign questions answered with no pack at all. Run beside a
recall change to the relevance floor (issue #27.4, #32 item 1)::

    nice -n 10 python -m research foreign_packs --data ../shared/data/locomo/locomo_dev.json --fold tuning \
        --embedder minilm-int8 --variant 'agree20={"agreement_depth": 20}'
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from contextlamp.embedding import EMBEDDERS
from contextlamp.errors import InvalidArgumentError, SecretDetectedError
from retrieval_locomo import load_conversations

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import StepClock, add_variant_argument, bench_embedder, fold_ids, fresh_service, ids_with


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
                    got = len(ids_with(service, caller, question.text, args.k, **changes))
                    packs[name] += got
                    empty[name] += int(got == 0)
        print(f"{foreign.sample_id} asked of {conv.sample_id}: {len(foreign.questions)} questions", file=sys.stderr)
    print(f"{asked} foreign questions, max_results {args.k}")
    for name in rankings:
        print(
            f"{name:>12}: packs per question {packs[name] / max(asked, 1):.2f}, "
            f"no pack {empty[name] / max(asked, 1):.1%}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
