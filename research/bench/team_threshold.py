"""Calibrate the team paraphrase threshold: which cosine lets a restatement verify a learning, and what the
``same_claim`` guard adds.

Data: ``research/bench/data/team-paraphrases.json`` ('same' restatements, 'conflict' near-duplicates that change one
fact, 'distinct' same-domain learnings). For each threshold the table shows the share of 'same' pairs that
would corroborate (want high) and of 'conflict' and 'distinct' pairs that would (want 0), with the cosine
alone and with cosine + ``same_claim``. Run: ``python -m research team_threshold [--embedder minilm|fake]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

from contextlamp.domain.trust import same_claim
from contextlamp.embedding import EMBEDDERS, create_embedder

DEFAULT_DATA = Path(__file__).resolve().parent / "data" / "team-paraphrases.json"
THRESHOLDS = (0.75, 0.8, 0.85, 0.9, 0.95)
LABELS = ("same", "conflict", "distinct")


def measure(pairs: list[dict[str, Any]], cosines: list[float]) -> list[dict[str, Any]]:
    """Per threshold: accepted share of each label, by cosine alone and with the guard."""
    rows: list[dict[str, Any]] = []
    for threshold in THRESHOLDS:
        row: dict[str, Any] = {"threshold": threshold}
        for label in LABELS:
            chosen = [(p, c) for p, c in zip(pairs, cosines, strict=True) if p["label"] == label]
            alone = sum(1 for _, c in chosen if c >= threshold)
            guarded = sum(1 for p, c in chosen if c >= threshold and same_claim(p["a"], p["b"]))
            row[label] = (alone / len(chosen), guarded / len(chosen))
        rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    """Entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--embedder", choices=EMBEDDERS, default="minilm")
    parser.add_argument("--pairs", action="store_true", help="print every pair's cosine")
    args = parser.parse_args(argv)
    pairs: list[dict[str, Any]] = json.loads(args.data.read_text(encoding="utf-8"))["pairs"]
    embedder = create_embedder(args.embedder)
    a = embedder.embed([p["a"] for p in pairs])
    b = embedder.embed([p["b"] for p in pairs])
    cosines = [float(x) for x in np.sum(a * b, axis=1)]
    console = Console()
    if args.pairs:
        for pair, cosine in sorted(zip(pairs, cosines, strict=True), key=lambda t: -t[1]):
            guard = "same-claim" if same_claim(pair["a"], pair["b"]) else "differs"
            console.print(f"{cosine:.3f} {pair['label']:8} {guard:10} {pair['a']!r} ~ {pair['b']!r}")
    counts = {label: sum(1 for p in pairs if p["label"] == label) for label in LABELS}
    table = Table(title=f"team corroboration on {len(pairs)} pairs ({args.embedder}); accepted share, cosine / +guard")
    table.add_column("threshold", justify="right")
    for label in LABELS:
        table.add_column(f"{label} (n={counts[label]})", justify="right")
    for row in measure(pairs, cosines):
        table.add_row(f"{row['threshold']:.2f}", *(f"{row[label][0]:.2f} / {row[label][1]:.2f}" for label in LABELS))
    console.print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
