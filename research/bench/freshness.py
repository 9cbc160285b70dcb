"""Freshness without a topic: false and missed automatic supersession on pairs of memories.

Data: ``research/bench/data/freshness-pairs.json`` (``supersede``: the newer states a new value of the same thing;
``keep``: a different fact about the same subject, which must stay). Two measurements:

1. the rule alone (``freshness.is_update``) per content-cosine threshold: false supersession (``keep`` pairs it
   would supersede; must be 0) and missed supersession (``supersede`` pairs it would not);
2. the hooks' rule for a statement captured in a later session (``hooks/judge.corrected``, which shares
   ``freshness.same_attribute`` and ``freshness.states_correction``): false and missed;
3. end to end at the default threshold: each pair saved older then newer through ``MemoryService`` into a
   fresh store, counting the saves whose result reports ``superseded``, and whether a query about the subject
   ranks the newer entry first.

Run: ``python -m research freshness [--embedder minilm|fake] [--data PATH]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from contextlamp.domain.freshness import DEFAULT_AUTO_SUPERSEDE_THRESHOLD, is_update
from contextlamp.embedding import EMBEDDERS, Embedder, create_embedder

sys.path.insert(0, str(Path(__file__).resolve().parent))  # research/bench/common.py, when run as a script
from common import StepClock, fresh_service

DEFAULT_DATA = Path(__file__).resolve().parent / "data" / "freshness-pairs.json"
THRESHOLDS = (0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7)


def load_pairs(path: Path) -> list[dict[str, str]]:
    """The pairs of the data file: ``{"older", "newer", "expect": "supersede" | "keep"}``."""
    pairs: list[dict[str, str]] = json.loads(path.read_text(encoding="utf-8"))["pairs"]
    return pairs


def cosines(pairs: Sequence[dict[str, str]], embedder: Embedder) -> list[float]:
    """Content cosine of each pair (unit vectors: a dot product)."""
    olds = embedder.embed([p["older"] for p in pairs])
    news = embedder.embed([p["newer"] for p in pairs])
    return [float(a @ b) for a, b in zip(olds, news, strict=True)]


def sweep(pairs: Sequence[dict[str, str]], cos: Sequence[float]) -> list[dict[str, Any]]:
    """Per threshold: false (keep pairs superseded) and missed (supersede pairs not superseded), with the ids."""
    rows: list[dict[str, Any]] = []
    for threshold in THRESHOLDS:
        decided = [is_update(p["newer"], p["older"], c, threshold) for p, c in zip(pairs, cos, strict=True)]
        false = [i for i, (p, d) in enumerate(zip(pairs, decided, strict=True)) if d and p["expect"] == "keep"]
        missed = [i for i, (p, d) in enumerate(zip(pairs, decided, strict=True)) if not d and p["expect"] != "keep"]
        rows.append({"threshold": threshold, "false": false, "missed": missed})
    return rows


def captured(pairs: Sequence[dict[str, str]]) -> dict[str, list[int]]:
    """The hooks' cross-session rule (``hooks/judge.corrected``: the newer captured statement against the older
    live memory): false (keep pairs it would correct) and missed (supersede pairs it would not), with the ids."""
    from contextlamp.hooks.judge import corrected

    decided = [corrected(p["newer"], [(p["older"], None, None)]) is not None for p in pairs]
    false = [i for i, (p, d) in enumerate(zip(pairs, decided, strict=True)) if d and p["expect"] == "keep"]
    missed = [i for i, (p, d) in enumerate(zip(pairs, decided, strict=True)) if not d and p["expect"] != "keep"]
    return {"false": false, "missed": missed}


def end_to_end(pairs: Sequence[dict[str, str]], embedder: Embedder) -> dict[str, Any]:
    """Each pair through the service (one fresh store per pair): superseded counts and newer-first ranking."""
    false, missed, newer_first, both = 0, 0, 0, 0
    for pair in pairs:
        clock = StepClock()
        with fresh_service("fresh-", embedder, clock) as (service, caller):
            old = service.save_context(caller, pair["older"])
            clock.base = clock.last + 60_000
            new = service.save_context(caller, pair["newer"])
            superseded = old.id in new.superseded
            if pair["expect"] == "keep":
                false += superseded
                continue
            missed += not superseded
            packs = service.get_context(caller, pair["older"], max_results=5).packs
            ids = [p.id for p in packs]
            if new.id in ids and (old.id not in ids or ids.index(new.id) < ids.index(old.id)):
                newer_first += 1
            both += 1
    return {"false": false, "missed": missed, "newer_first": newer_first, "updates": both}


def main(argv: Sequence[str] | None = None) -> int:
    """Print both tables to stdout."""
    parser = argparse.ArgumentParser(description="false and missed automatic supersession")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--embedder", choices=EMBEDDERS, default="minilm")
    args = parser.parse_args(argv)
    pairs = load_pairs(args.data)
    embedder = create_embedder(args.embedder)
    cos = cosines(pairs, embedder)
    n_keep = sum(1 for p in pairs if p["expect"] == "keep")
    n_update = len(pairs) - n_keep
    console = Console(file=sys.stdout, width=160)
    table = Table(title=f"freshness.is_update on {len(pairs)} pairs ({n_update} updates, {n_keep} different facts)")
    for name in ("threshold", "false supersession", "missed supersession", "false pair numbers"):
        table.add_column(name, justify="right")
    for row in sweep(pairs, cos):
        mark = " (default)" if row["threshold"] == DEFAULT_AUTO_SUPERSEDE_THRESHOLD else ""
        table.add_row(
            f"{row['threshold']:.2f}{mark}",
            f"{len(row['false'])}/{n_keep}",
            f"{len(row['missed'])}/{n_update}",
            ",".join(str(i) for i in row["false"]) or "-",
        )
    console.print(table)
    result = end_to_end(pairs, embedder)
    e2e = Table(title=f"end to end through save_context, threshold {DEFAULT_AUTO_SUPERSEDE_THRESHOLD}")
    for name in ("false supersession", "missed supersession", "update ranked first (query = older text)"):
        e2e.add_column(name, justify="right")
    e2e.add_row(
        f"{result['false']}/{n_keep}",
        f"{result['missed']}/{n_update}",
        f"{result['newer_first']}/{result['updates']}",
    )
    console.print(e2e)
    judged = captured(pairs)
    hooks = Table(title="hooks/judge.corrected (a captured statement against a live memory of an earlier session)")
    for name in ("false supersession", "missed supersession", "false pair numbers"):
        hooks.add_column(name, justify="right")
    hooks.add_row(
        f"{len(judged['false'])}/{n_keep}",
        f"{len(judged['missed'])}/{n_update}",
        ",".join(str(i) for i in judged["false"]) or "-",
    )
    console.print(hooks)
    return 0


if __name__ == "__main__":
    sys.exit(main())
