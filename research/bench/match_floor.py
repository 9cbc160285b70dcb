"""Calibrate a query-level floor on the match scale (issue #27.4): return nothing when the first pack's match
strength (``retrieval/search.match_strength``, the first pack's ``score``) is below a threshold.

Each LoCoMo conversation of ``--data`` is saved into a store, one memory per turn (as
research/bench/retrieval_locomo.py does); its own questions (every category: each has evidence in the store, and
LoCoMo recall counts them all) and every question of the next conversation (*foreign*: about people and events the
store never held) are asked with ``get_context`` (``--k`` packs). Per question it records the first pack's score
and, for an own question, whether any evidence turn is in the packs. ``--records FILE`` writes them as JSON lines;
``--from FILE`` reads such a file instead of building. The threshold is chosen on the ``--choose`` conversations by
a rule fixed before looking at the others (the highest threshold, 0.30-0.90 in steps of 0.01, at which no own
question that finds evidence loses it by returning nothing: LoCoMo recall must not drop) and reported on every
other conversation: own questions that lose their evidence, foreign questions answered with nothing, packs per
foreign question::

    python -m research match_floor --data ../shared/data/locomo/locomo_dev.json --records /tmp/match.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import replace
from itertools import product
from pathlib import Path
from typing import Any

from contextlamp.embedding import EMBEDDERS
from contextlamp.errors import InvalidArgumentError, SecretDetectedError
from retrieval_locomo import load_conversations

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import StepClock, add_variant_argument, bench_embedder, fresh_service

CHOOSE = ("conv-26", "conv-30")  # the calibration conversations of the relevance floor (docs/retrieval.md)
LOSS = 0.0  # the share of own questions that find evidence allowed to lose it (none: LoCoMo recall must not drop)


def record_conversations(
    data: Path, embedder_name: str, k: int, variants: dict[str, dict[str, Any]] | None = None
) -> list[dict[str, Any]]:
    """One record per asked question and ranking (the default, then each of ``variants``: name -> changes to
    ``FusionWeights``): ``{"ranking", "store", "own", "category", "score", "packs", "found"}``."""
    conversations = load_conversations(data)
    embedder = bench_embedder(embedder_name)
    records: list[dict[str, Any]] = []
    for n, conv in enumerate(conversations):
        foreign = conversations[(n + 1) % len(conversations)]
        clock = StepClock()
        with fresh_service("match-floor-", embedder, clock) as (service, caller):
            dia_of: dict[str, list[str]] = {}
            for turn in conv.turns:
                clock.base = turn.session_ms or 0
                try:
                    saved = service.save_context(caller, turn.content)
                except (InvalidArgumentError, SecretDetectedError):
                    continue
                dia_of.setdefault(saved.id, []).append(turn.dia_id)
            service.indexer.wait()
            asked = [(q, True) for q in conv.questions]  # adversarial too: its evidence is in the store
            asked += [(q, False) for q in foreign.questions if foreign is not conv]
            base = service.weights
            for (question, own), (name, changes) in product(asked, {"default": {}, **(variants or {})}.items()):
                service.weights = replace(base, **changes)
                packs = service.get_context(caller, question.text, max_results=k).packs
                service.weights = base
                found = {d for p in packs for d in dia_of.get(p.id, [])}
                records.append(
                    {
                        "ranking": name,
                        "store": conv.sample_id,
                        "own": own,
                        "category": question.category,
                        "score": packs[0].score if packs else 0.0,
                        "packs": len(packs),
                        "found": own and bool(found & set(question.evidence)),
                    }
                )
        print(f"{conv.sample_id}: {len(asked)} questions", file=sys.stderr)
    return records


def outcome(records: Sequence[dict[str, Any]], threshold: float) -> dict[str, float]:
    """With the floor at ``threshold``: own questions that find evidence and lose it (share), foreign questions
    answered with nothing (share), packs per foreign question."""
    finding = [r for r in records if r["own"] and r["found"]]
    foreign = [r for r in records if not r["own"]]
    lost = sum(r["score"] < threshold for r in finding)
    emptied = sum(r["score"] < threshold or r["packs"] == 0 for r in foreign)
    packs = sum(r["packs"] for r in foreign if r["score"] >= threshold)
    return {
        "own_lost": lost / max(len(finding), 1),
        "foreign_empty": emptied / max(len(foreign), 1),
        "foreign_packs": packs / max(len(foreign), 1),
        "own": len(finding),
        "foreign": len(foreign),
    }


def choose(records: Sequence[dict[str, Any]]) -> float:
    """The highest threshold (0.30-0.90, step 0.01) losing at most ``LOSS`` of the own questions' evidence."""
    best = 0.0
    for step in range(30, 91):
        threshold = step / 100
        if outcome(records, threshold)["own_lost"] <= LOSS:
            best = threshold
    return best


def main(argv: Sequence[str] | None = None) -> int:
    """Run the calibration; the table goes to stdout."""
    parser = argparse.ArgumentParser(description="query-level floor on the match scale, calibrated on LoCoMo")
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedder", choices=EMBEDDERS, default="minilm-int8")
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--records", type=Path, default=None, help="write the per-question records here")
    parser.add_argument("--from", dest="source", type=Path, default=None, help="read records instead of building")
    parser.add_argument("--choose", default=",".join(CHOOSE), help="comma-separated calibration conversations")
    add_variant_argument(parser, ("default",))
    args = parser.parse_args(argv)
    if args.source is not None:
        records = [json.loads(line) for line in args.source.read_text(encoding="utf-8").splitlines() if line]
    elif args.data is not None:
        records = record_conversations(args.data, args.embedder, args.k, dict(args.variant))
        if args.records is not None:
            args.records.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    else:
        parser.error("--data or --from")
    calibration = set(args.choose.split(","))
    for ranking in dict.fromkeys(r.get("ranking", "default") for r in records):
        mine = [r for r in records if r.get("ranking", "default") == ranking]
        chosen = choose([r for r in mine if r["store"] in calibration])
        print(f"{ranking}: threshold chosen on {', '.join(sorted(calibration))}: {chosen:.2f}")
        report(mine, calibration, chosen)
    return 0


def report(records: Sequence[dict[str, Any]], calibration: set[str], chosen: float) -> None:
    """Print the outcome without the floor and at ``chosen``, on the calibration and the other conversations."""
    for name, part in (
        ("calibration", [r for r in records if r["store"] in calibration]),
        ("reported", [r for r in records if r["store"] not in calibration]),
    ):
        for threshold in (0.0, chosen):
            o = outcome(part, threshold)
            print(
                f"{name:>11} floor {threshold:.2f}: own questions finding evidence {o['own']:.0f}, lose it "
                f"{o['own_lost']:.1%}; foreign {o['foreign']:.0f}, with no pack {o['foreign_empty']:.1%}, "
                f"packs per foreign question {o['foreign_packs']:.2f}"
            )


if __name__ == "__main__":
    sys.exit(main())
