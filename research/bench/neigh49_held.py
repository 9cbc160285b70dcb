"""Stop 46's (engineer neigh49) held-out set: questions that gather, their evidence in two conversations.

Issue #32: on LongMemEval-S multi-session questions the neighbour rule's lifted turns of one conversation pushed
another conversation's evidence out of the top 10 (answer48's trace of a3332713). ``data/neigh49-held.json`` holds 16
hand-written cases, written after the quota's form was fixed and before any run of it (not tuned on, read once): a
question asking for a count, a total or two things, a conversation ``a`` with several turns on the subject (one of
them evidence) and a shorter conversation ``b`` on the other part (one evidence turn). Each case is one fresh store
(the product's default embedder, inline indexing, a step clock): six filler days of two turns, then ``a`` and ``b``
(in an order drawn from the case's seed) three days apart, then two filler days.

Figures per method (``hybrid`` and each ``--variant``): every evidence turn in the top 5 / top 10, and ``b``'s
evidence in the top 10.

``python -m research neigh49_held [--data FILE] [--variant NAME=JSON] [--records FILE]``; ``--data`` runs another set of
the same shape (stop 47's ``data/plural50-held.json``: questions asking for several things by a plural noun).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from common import StepClock, add_variant_argument, fresh_service, ids_with  # pyright: ignore[reportMissingImports]
from vector_cache import cached_embedder, default_directory  # pyright: ignore[reportMissingImports]

DATA = Path(__file__).resolve().parent / "data" / "neigh49-held.json"
DAY_MS = 86_400_000
FILLER = [
    ("user: Rainy day, I stayed in and sorted the spice drawer.", "assistant: A tidy kitchen is a calm kitchen."),
    ("user: Called my grandmother, she told me about her new radio.", "assistant: She sounds well."),
    ("user: The bus was late again this morning.", "assistant: That is frustrating on a work day."),
    ("user: Tried a new recipe for lentil soup tonight.", "assistant: Lentils are easy and filling."),
    ("user: Spent the afternoon fixing the squeaky door hinge.", "assistant: A drop of oil usually does it."),
    ("user: Watched a documentary about deep sea fish.", "assistant: The anglerfish are always striking."),
    ("user: Cleaned the windows, finally.", "assistant: The light must be better now."),
    ("user: Met an old school friend for coffee.", "assistant: Nice to catch up."),
]


def load(path: Path = DATA) -> dict[str, Any]:
    """The set's cases (``{"cases": [{"q", "a", "b", "ev_a", "ev_b"}]}``)."""
    return json.loads(path.read_text(encoding="utf-8"))


def build_case(case: dict[str, Any], n: int) -> list[tuple[int, str, str]]:
    """The case's memories in save order: (day, role, text); role ``a``/``b``/``ev a``/``ev b``/``filler``."""
    rng = random.Random(int(hashlib.sha256(f"neigh49-held:{n}".encode()).hexdigest()[:8], 16))
    out: list[tuple[int, str, str]] = []
    day = 0
    for k in range(6):
        day += 1
        out += [(day, "filler", t) for t in FILLER[(n + k) % len(FILLER)]]
    first, second = ("a", "b") if rng.random() < 0.5 else ("b", "a")
    for side in (first, second):
        day += 3
        evidence = set(case[f"ev_{side}"])
        out += [(day, f"ev {side}" if i in evidence else side, t) for i, t in enumerate(case[side])]
    for k in range(2):
        day += 1
        out += [(day, "filler", t) for t in FILLER[(n + k + 6) % len(FILLER)]]
    return out


def run(variants: dict[str, dict[str, Any]], data: dict[str, Any]) -> list[dict[str, Any]]:
    """One record per case: per method, every evidence in the top 5 / top 10, and ``b``'s evidence in the top 10."""
    from contextlamp.embedding import NEW_DATA_EMBEDDER

    embedder = cached_embedder(NEW_DATA_EMBEDDER, default_directory())
    records: list[dict[str, Any]] = []
    for n, case in enumerate(data["cases"]):
        clock = StepClock()
        record: dict[str, Any] = {"case": n}
        with fresh_service("neigh49-", embedder, clock) as (service, caller):
            roles: dict[str, str] = {}
            start = 1_790_000_000_000
            for day, role, text in build_case(case, n):
                clock.base = start + day * DAY_MS
                roles[service.save_context(caller, text).id] = role
            service.indexer.wait()
            clock.base = start + 30 * DAY_MS
            evidence = {i for i, r in roles.items() if r.startswith("ev")}
            for name, changes in {"hybrid": {}, **variants}.items():
                got = ids_with(service, caller, case["q"], 10, **changes)
                record[f"{name} all@5"] = evidence <= set(got[:5])
                record[f"{name} all@10"] = evidence <= set(got)
                record[f"{name} b@10"] = any(roles[i] == "ev b" for i in got)
        records.append(record)
        print(f"case {n}: " + " ".join(f"{k}={v}" for k, v in record.items() if k != "case"), file=sys.stderr)
    return records


def report(records: list[dict[str, Any]], methods: Sequence[str]) -> str:
    """Counts per method."""
    n = len(records)
    return "\n".join(
        f"{m}: all evidence top 5 {sum(r[f'{m} all@5'] for r in records)}/{n}, top 10 "
        f"{sum(r[f'{m} all@10'] for r in records)}/{n}, b's evidence top 10 {sum(r[f'{m} b@10'] for r in records)}/{n}"
        for m in methods
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the set; the table goes to stdout, one line a case to stderr."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--records", type=Path, default=None, help="every case's figures as JSON lines")
    parser.add_argument("--data", type=Path, default=DATA, help="a set of the same shape (default neigh49-held.json)")
    add_variant_argument(parser, ("hybrid",))
    args = parser.parse_args(argv)
    variants: dict[str, dict[str, Any]] = dict(args.variant)
    records = run(variants, load(args.data))
    if args.records is not None:
        args.records.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    print(report(records, ["hybrid", *variants]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
