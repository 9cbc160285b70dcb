"""Stop 42's (engineer recall42) fresh folds of the retrieval benches' dev files, and their tables from ``--records``.

Every earlier fold of LoCoMo dev and LongMemEval-S dev had been read by stops 36-41, so this stop fixed new ones
before any result (research/bench/data/recall42-held/README.md):

- LoCoMo: a question is held out when the 64-bit big-endian BLAKE2b digest of
  ``"recall42-stop42\\t<sample_id>\\t<question text>"`` is divisible by 3 (``locomo_fold``), else tuning.
- LongMemEval-S: ``retrieval_folds.json`` ``recall42-tuning`` / ``recall42-held-out`` (within each question type,
  ordered by SHA-256 of ``"recall42-stop42:<question id>"``, the first round(0.4 n) held out).

``python research/bench/recall42_folds.py locomo RECORDS [--fold tuning|held-out|all]`` prints R@5 / R@10 of every
method by category for the fold; ``... longmemeval RECORDS`` prints turn recall_any@5, turn recall_all@10 and session
recall_all@10 by question type. Records: the ``--records`` JSON lines of retrieval_locomo.py / retrieval_longmemeval.py.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

SPLIT = Path(__file__).resolve().parent / "data" / "recall42-held" / "split.json"
SALT = "recall42-stop42"
# Stop 44 (recall44): a fresh LoCoMo question split, salt drawn with secrets.token_hex(4) at 03:31 UTC on 2026-12-07
# and committed before any bench run of that stop (research/bench/data/recall42-held/README.md).
FRESH_SALTS = {"recall44": "recall44-stop44-bcda2cc1"}
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}


def locomo_fold(sample_id: str, text: str, salt: str = SALT) -> str:
    """``"held-out"`` or ``"tuning"`` for a LoCoMo question (the rule above; about a third held out).

    ``salt`` defaults to stop 42's; ``FRESH_SALTS`` lists later stops' salts (drawn and committed before any run).
    """
    digest = hashlib.blake2b(f"{salt}\t{sample_id}\t{text}".encode(), digest_size=8).digest()
    return "held-out" if int.from_bytes(digest, "big") % 3 == 0 else "tuning"


def longmemeval_fold(question_id: str) -> str:
    """``"held-out"`` or ``"tuning"`` for a LongMemEval-S dev question id (split.json)."""
    split = json.loads(SPLIT.read_text(encoding="utf-8"))["longmemeval"]
    return "held-out" if question_id in split["held-out"] else "tuning"


def _read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _methods(records: list[dict[str, Any]], skip: set[str]) -> list[str]:
    seen: dict[str, None] = {}
    for r in records:
        for key, value in r.items():
            if isinstance(value, dict) and key not in skip:
                seen.setdefault(key)
    return list(seen)


def locomo_table(records: list[dict[str, Any]]) -> list[str]:
    """Lines of R@5 / R@10 per method (rows) by category and overall (columns)."""
    methods = _methods(records, set())
    cats = sorted({r["category"] for r in records})
    head = ["method", *(f"{CATEGORIES.get(c, c)} ({sum(r['category'] == c for r in records)})" for c in cats)]
    lines = ["| " + " | ".join([*head, f"overall ({len(records)})"]) + " |"]
    for m in methods:
        cells = []
        for group in [[r for r in records if r["category"] == c] for c in cats] + [records]:
            r5 = sum(r[m]["5"] for r in group) / len(group)
            r10 = sum(r[m]["10"] for r in group) / len(group)
            cells.append(f"{r5:.3f} / {r10:.3f}")
        lines.append("| " + " | ".join([m, *cells]) + " |")
    return lines


def longmemeval_table(records: list[dict[str, Any]]) -> list[str]:
    """Lines of turn any@5 / turn all@10 / session all@10 per method by question type and overall."""
    methods = _methods([r["turn"] or r["session"] for r in records], set())
    types = sorted({r["type"] for r in records})
    head = [*(f"{t} ({sum(r['type'] == t for r in records)})" for t in types), f"all ({len(records)})"]
    lines = ["| method | " + " | ".join(head) + " |"]

    def mean(group: list[dict[str, Any]], level: str, m: str, key: str) -> str:
        vals = [r[level][m][key] for r in group if r[level] is not None]
        return f"{sum(vals) / len(vals):.3f}" if vals else "-"

    for m in methods:
        cells = []
        for group in [[r for r in records if r["type"] == t] for t in types] + [records]:
            cells.append(
                f"{mean(group, 'turn', m, 'recall_any@5')} / {mean(group, 'turn', m, 'recall_all@10')} / "
                f"{mean(group, 'session', m, 'recall_all@10')}"
            )
        lines.append("| " + " | ".join([m, *cells]) + " |")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Print the fold's table (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bench", choices=("locomo", "longmemeval"))
    parser.add_argument("records", type=Path)
    parser.add_argument("--fold", choices=("tuning", "held-out", "all"), default="tuning")
    parser.add_argument("--salt", choices=sorted(FRESH_SALTS), help="LoCoMo only: a later stop's fresh split")
    args = parser.parse_args(argv)
    records = _read(args.records)
    if args.bench == "locomo":
        salt = FRESH_SALTS[args.salt] if args.salt else SALT
        fold_of = [locomo_fold(r["conversation"], r["question"], salt) for r in records]
        chosen = [r for r, f in zip(records, fold_of, strict=True) if args.fold in ("all", f)]
        lines = locomo_table(chosen)
    else:
        chosen = [r for r in records if args.fold == "all" or longmemeval_fold(r["id"]) == args.fold]
        lines = longmemeval_table(chosen)
    print(f"{args.bench} {args.fold}: {len(chosen)} questions")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
