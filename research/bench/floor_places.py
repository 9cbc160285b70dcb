"""Where the relevance floor leaves a LongMemEval-S question's evidence (issue #32): for each question of a fold with
answer turns, the packs ``get_context`` returns at k = 10, the question's best cosine, and each answer turn's place
(1-based; ``-`` = absent) in four lists of the same kept store: the floored packs, the fusion without the floor
(``evidence_floor=-1``, depth 50), the keyword list and the semantic list (``collect_signals``, depth 50). A turn
missing from the floored packs but placed in the unfloored list was dropped by the floor; one missing from both was
outranked or found by no signal. Reads the stores ``retrieval_longmemeval.py --keep-stores DIR`` built (the same
``--fold``; a question without a built store is skipped)::

    python research/bench/floor_places.py --data longmemeval_s_dev.json.gz --keep-stores DIR --fold rank51-tuning
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Collection, Sequence
from pathlib import Path

from contextlamp.domain.embedding import embed_queries
from contextlamp.retrieval.search import ScopedStore, collect_signals

sys.path.insert(0, str(Path(__file__).resolve().parent))  # research/bench/common.py, when run as a script
from common import fold_ids, ids_with
from retrieval_longmemeval import BUILD_FILE, load_questions, make_embedder, question_store, store_dir

DEPTH = 50  # the unfloored and signal lists' depth (search.CANDIDATE_DEPTH)
K = 10  # the packs asked for, as the bench's recall@10


def place(ids: Sequence[str], turns_of: dict[str, Collection[tuple[str, int]]], key: tuple[str, int]) -> int | None:
    """The 1-based place of the first id in ``ids`` whose memory holds the turn ``key``, or None."""
    for rank, entry_id in enumerate(ids, start=1):
        if key in turns_of.get(entry_id, ()):
            return rank
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Print one line per question (fold order); returns 0."""
    parser = argparse.ArgumentParser(description="where the relevance floor leaves LongMemEval-S evidence")
    parser.add_argument("--data", type=Path, required=True, help="LongMemEval-format JSON file (.json or .json.gz)")
    parser.add_argument("--keep-stores", type=Path, required=True, help="the stores retrieval_longmemeval.py kept")
    parser.add_argument("--fold", required=True, help="a LongMemEval fold of research/bench/data/retrieval_folds.json")
    parser.add_argument("--variant", default="{}", help="JSON changes to FusionWeights for the floored packs")
    args = parser.parse_args(argv)
    wanted = fold_ids("longmemeval", args.fold)
    changes = json.loads(args.variant)
    embedder = make_embedder("minilm-int8")
    for question in load_questions(args.data):
        built = (store_dir(args.keep_stores, question.question_id) / BUILD_FILE).is_file()
        if question.question_id not in wanted or not question.evidence_turns or not built:
            continue
        with question_store(question, embedder, Counter(), False, args.keep_stores) as (service, caller, clock, turns):
            clock.base = question.date_ms or 0
            text = question.text[: service.limits.max_query_chars]
            keys = {i: {t.key for t in ts} for i, ts in turns.items()}
            floored = ids_with(service, caller, text, K, **changes)
            unfloored = ids_with(service, caller, text, DEPTH, evidence_floor=-1.0)
            stores = [ScopedStore(service.registry.store(caller.principal.user_id), "personal", 0)]
            vector = embed_queries(embedder, [text])[0]
            lists, _ = collect_signals(stores, text, vector, DEPTH, clock(), None)
        best = max(lists.cosines.values(), default=0.0)
        places = [
            "/".join(str(place(ids, keys, key) or "-") for ids in (floored, unfloored, lists.keyword, lists.semantic))
            for key in question.evidence_turns
        ]
        missed = any(p.split("/")[0] == "-" for p in places)
        print(
            f"{question.question_id:16} {question.question_type:26} packs {len(floored):2} best {best:.2f} "
            f"{'MISS' if missed else 'ok  '} floored/unfloored/keyword/semantic: {' '.join(places)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
