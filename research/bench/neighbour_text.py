"""What the neighbour rule lifts into the top 10, by the lifted turn's own text (stop 43, issue #32 item 1).

Stop 42 (research/notes/recall42-stop42.md) found that the neighbour rule's losses and gains are told apart by the
neighbour itself: its gains are short turns that state a fact, its crowding short acknowledgements and questions.
This script records, for each question of one fold of stop 42's fixed split (``recall42_folds.py``), the top 10 of
``get_context`` and, for each place, the memory's text, whether the neighbour rule lifted it (and from which
anchor) and whether it is evidence, plus where each evidence turn sits in a top-30 ask (its own, deeper, candidate
lists). LoCoMo (``--locomo FILE``, every conversation built as ``retrieval_locomo.py`` builds it) and LongMemEval-S
(``--longmemeval FILE --keep-stores DIR``: only the stores ``retrieval_longmemeval.py --keep-stores DIR``
finished). ``--variant NAME=JSON`` asks with those ``FusionWeights`` changes instead of the shipped ones. Writes
JSON lines (``--out``), one a question: ``fold``, ``category`` or ``type``, ``top`` [{``items``, ``text``,
``lifted``, ``evidence``}], ``places`` evidence item -> 1-based place in the top 30 or null.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import contextlamp.retrieval.search as search_module
from contextlamp.errors import InvalidArgumentError, SecretDetectedError

sys.path.insert(0, str(Path(__file__).resolve().parent))  # research/bench/common.py, when run as a script
import retrieval_locomo as locomo
import retrieval_longmemeval as lme
from common import StepClock, fresh_service, parse_variant
from recall42_folds import locomo_fold, longmemeval_fold
from vector_cache import cached_embedder, default_directory

DEPTH = 30


@contextmanager
def lifted_capture() -> Iterator[dict[str, str]]:
    """While open, every ``with_neighbours`` call of ``search`` also fills the yielded dict (neighbour -> anchor)."""
    original = search_module.with_neighbours
    seen: dict[str, str] = {}

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        seen.clear()
        out = original(*args, **kwargs)
        lifted = args[5] if len(args) > 5 else kwargs.get("lifted")
        if lifted is not None:
            seen.update(lifted)
        return out

    search_module.with_neighbours = wrapped
    try:
        yield seen
    finally:
        search_module.with_neighbours = original


def ask(service: Any, caller: Any, text: str, items_of: dict[str, list[Any]], evidence: set[Any]) -> dict[str, Any]:
    """The top 10 and the evidence places of one question (see the module docstring)."""
    with lifted_capture() as seen:
        packs = service.get_context(caller, text, max_results=10).packs  # as the benches ask
        lifted = dict(seen)
    top = []
    for p in packs:
        items = items_of.get(p.id, [])
        anchor = lifted.get(p.id)
        top.append(
            {
                "items": [str(i) for i in items],
                "text": p.text[:600],
                "lifted": None if anchor is None else [str(i) for i in items_of.get(anchor, [])],
                "evidence": bool(set(items) & evidence),
            }
        )
    places: dict[str, int | None] = {str(e): None for e in evidence}
    deeper = service.get_context(caller, text, max_results=DEPTH).packs  # a deeper ask: its own candidate depth
    for n, p in enumerate(deeper, start=1):
        for item in items_of.get(p.id, []):
            if item in evidence and places[str(item)] is None:
                places[str(item)] = n
    return {"top": top, "places": places}


def run_locomo(path: Path, fold: str, changes: dict[str, Any], out: Any) -> None:
    """Every LoCoMo conversation built into a fresh store; each question of ``fold`` asked (``ask``)."""
    embedder = cached_embedder("minilm", default_directory())
    for conv in locomo.load_conversations(path):
        clock = StepClock()
        with fresh_service("locomo-", embedder, clock) as (service, caller):
            items_of: dict[str, list[Any]] = {}
            for turn in conv.turns:
                clock.base = turn.session_ms or 0
                try:
                    saved = service.save_context(caller, turn.content)
                except (InvalidArgumentError, SecretDetectedError) as exc:
                    print(f"{conv.sample_id} {turn.dia_id}: not saved ({exc})", file=sys.stderr)
                    continue
                items_of.setdefault(saved.id, []).append(turn.dia_id)
            service.indexer.wait()
            service.weights = replace(service.weights, **changes)
            for q in conv.questions:
                f = locomo_fold(conv.sample_id, q.text)
                if fold not in ("all", f):
                    continue
                record = ask(service, caller, q.text, items_of, set(q.evidence))
                line = {"id": conv.sample_id, "question": q.text, "fold": f, "category": q.category, **record}
                out.write(json.dumps(line) + "\n")
        print(f"{conv.sample_id} done", file=sys.stderr)


def run_longmemeval(path: Path, keep: Path, fold: str, changes: dict[str, Any], out: Any) -> None:
    """Each finished kept store of a question of ``fold`` reopened and asked (``ask``), turn-level evidence."""
    embedder = lme.make_embedder("minilm-int8", None, default_directory())
    skips: Counter[str] = Counter()
    for q in lme.load_questions(path):
        f = longmemeval_fold(q.question_id)
        if fold not in ("all", f) or not (lme.store_dir(keep, q.question_id) / lme.BUILD_FILE).is_file():
            continue
        with lme.question_store(q, embedder, skips, False, keep) as (service, caller, clock, turns_of):
            clock.base = q.date_ms or 0
            service.weights = replace(service.weights, **changes)
            items_of = {i: [f"{t.key[0]}:{t.key[1]}" for t in ts] for i, ts in turns_of.items()}
            evidence = {f"{s}:{t}" for s, t in q.evidence_turns}
            text = q.text[: service.limits.max_query_chars]
            record = ask(service, caller, text, items_of, evidence)
            line = {"id": q.question_id, "question": q.text, "fold": f, "type": q.question_type, **record}
            out.write(json.dumps(line) + "\n")


def main(argv: list[str] | None = None) -> int:
    """Write the records (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--locomo", type=Path)
    parser.add_argument("--longmemeval", type=Path)
    parser.add_argument("--keep-stores", type=Path)
    parser.add_argument("--fold", choices=("tuning", "held-out", "all"), default="tuning")
    parser.add_argument("--variant", default=None, help="NAME=JSON changes to FusionWeights")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    changes = parse_variant(args.variant)[1] if args.variant else {}
    with args.out.open("w", encoding="utf-8") as out:
        if args.locomo:
            run_locomo(args.locomo, args.fold, changes, out)
        if args.longmemeval:
            run_longmemeval(args.longmemeval, args.keep_stores, args.fold, changes, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
