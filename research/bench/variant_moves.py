"""Per-question moves of each ranking variant of a LongMemEval run (issue #32): reads the ``--records`` JSON lines of
``retrieval_longmemeval.py`` (one record per question; the last record of a question wins, so a file appended by
several runs reads as its latest) and prints, per question type and overall, turn recall_any@5 / turn recall_all@10 /
session recall_all@10 of every method (hybrid, previous, keyword, semantic and each ``--variant``), then, for each
method, the questions whose figure differs from ``hybrid``'s (``+`` gained, ``-`` lost). Turn figures average over
the questions with answer turns, session figures over all. Optionally only a fold's questions::

    python research/bench/variant_moves.py RECORDS.jsonl [--fold rank52-tuning]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # research/bench/common.py, when run as a script
from common import fold_ids

FIGURES = (("turn", "recall_any@5"), ("turn", "recall_all@10"), ("session", "recall_all@10"))
BASE = "hybrid"


def read_records(path: Path, only: set[str] | None = None) -> dict[str, dict[str, Any]]:
    """Question id -> its last record in ``path`` (JSON lines), only the ids in ``only`` when given."""
    records: dict[str, dict[str, Any]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            if only is None or record["id"] in only:
                records[record["id"]] = record
    return records


def figures(records: list[dict[str, Any]], method: str) -> str:
    """``any@5 / all@10 / session all@10`` of ``method`` over ``records`` (3 decimals)."""
    out = []
    for level, key in FIGURES:
        rows = [r[level][method][key] for r in records if r.get(level) and method in r[level]]
        out.append(f"{sum(rows) / len(rows):.3f}" if rows else "-")
    return " / ".join(out)


def moves(records: dict[str, dict[str, Any]], method: str) -> list[str]:
    """The ``id:figure+/-`` of each question where ``method`` differs from ``BASE``."""
    out = []
    for question, record in records.items():
        for level, key in FIGURES:
            row = record.get(level) or {}
            if method in row and BASE in row and row[method][key] != row[BASE][key]:
                sign = "+" if row[method][key] > row[BASE][key] else "-"
                out.append(f"{question}:{level[0]}{key.removeprefix('recall_')}{sign}")
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the tables; 0, or 2 when the file holds no record."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path)
    parser.add_argument("--fold", help="only this LongMemEval fold's questions (retrieval_folds.json)")
    args = parser.parse_args(argv)
    records = read_records(args.records, set(fold_ids("longmemeval", args.fold)) if args.fold else None)
    if not records:
        print("no records", file=sys.stderr)
        return 2
    methods = list(next(iter(records.values()))["turn"] or next(iter(records.values()))["session"])
    print(f"{len(records)} questions; turn any@5 / turn all@10 / session all@10")
    print(" | ".join(["type", *methods]))
    for kind in [*sorted({r["type"] for r in records.values()}), None]:
        rows = [r for r in records.values() if kind is None or r["type"] == kind]
        print(" | ".join([f"{kind or 'overall'} ({len(rows)})", *(figures(rows, m) for m in methods)]))
    for method in methods:
        if method != BASE:
            print(method, " ".join(moves(records, method)) or "(no move)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
