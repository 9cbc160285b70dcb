"""Stop 47's (engineer lme50) held-out set: questions naming a time relative to the asking (issue #32).

``data/relative50-held.json`` holds 12 hand-written cases, written after the relative-date rule's form was fixed
(``retrieval/relative_dates.py``) and before any run of it on them (read once): a question naming "N units ago",
"yesterday" or "last week|month", the memory saved then (the target, naming the subject in few of the question's
words) and three memories of the same subject saved at other times that hold more of them. Each case is one fresh
store (the product's default embedder, a step clock); the question is asked at a fixed time ``NOW``.

Figures per method (``hybrid`` and each ``--variant``): the target first, the target in the top 3.

The rule was measured and reverted (research/notes/lme50-stop47.md: it lost three LoCoMo held-out questions whose
"last year" / "yesterday" is the conversation's, not the asker's); its code is commit ``8a40c7c``. The set, read
once, is tuning data for the next form of the rule.

``python -m research relative50_held [--variant NAME=JSON] [--records FILE]``
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from common import StepClock, add_variant_argument, fresh_service, ids_with  # pyright: ignore[reportMissingImports]
from vector_cache import cached_embedder, default_directory  # pyright: ignore[reportMissingImports]

DATA = Path(__file__).resolve().parent / "data" / "relative50-held.json"
DAY_MS = 86_400_000
NOW = 1_790_000_000_000 + 200 * DAY_MS  # the asking time; memories are saved whole days before it


def load(path: Path = DATA) -> dict[str, Any]:
    """The set's cases (``{"cases": [{"q", "target": [days, text], "others": [[days, text], ...]}]}``)."""
    return json.loads(path.read_text(encoding="utf-8"))


def run(variants: dict[str, dict[str, Any]], data: dict[str, Any]) -> list[dict[str, Any]]:
    """One record per case: per method, the target first and in the top 3."""
    from contextlamp.embedding import NEW_DATA_EMBEDDER

    embedder = cached_embedder(NEW_DATA_EMBEDDER, default_directory())
    records: list[dict[str, Any]] = []
    for n, case in enumerate(data["cases"]):
        clock = StepClock()
        record: dict[str, Any] = {"case": n}
        with fresh_service("relative50-", embedder, clock) as (service, caller):
            memories = [(case["target"][0], case["target"][1], True), *((d, t, False) for d, t in case["others"])]
            target = ""
            for days, text, is_target in sorted(memories, key=lambda m: -m[0]):  # oldest first
                clock.base = NOW - days * DAY_MS
                saved = service.save_context(caller, text).id
                target = saved if is_target else target
            service.indexer.wait()
            clock.base = NOW
            for name, changes in {"hybrid": {}, **variants}.items():
                got = ids_with(service, caller, case["q"], 5, **changes)
                record[f"{name} top1"] = bool(got) and got[0] == target
                record[f"{name} top3"] = target in got[:3]
        records.append(record)
        print(f"case {n}: " + " ".join(f"{k}={v}" for k, v in record.items() if k != "case"), file=sys.stderr)
    return records


def report(records: list[dict[str, Any]], methods: Sequence[str]) -> str:
    """Counts per method."""
    n = len(records)
    return "\n".join(
        f"{m}: target first {sum(r[f'{m} top1'] for r in records)}/{n}, "
        f"top 3 {sum(r[f'{m} top3'] for r in records)}/{n}"
        for m in methods
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the set; the table goes to stdout, one line a case to stderr."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--records", type=Path, default=None, help="every case's figures as JSON lines")
    add_variant_argument(parser, ("hybrid",))
    args = parser.parse_args(argv)
    variants: dict[str, dict[str, Any]] = dict(args.variant)
    records = run(variants, load())
    if args.records is not None:
        args.records.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    print(report(records, ["hybrid", *variants]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
