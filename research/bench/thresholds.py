"""Calibrate an embedder's write-side cosine thresholds (supersede, paraphrase, fresher-first) by one rule each.

    python -m research thresholds --embedder multilingual-e5 [--home DIR]
    python -m research thresholds --embedder minilm-int8     # the same rules on MiniLM, beside its shipped values

Each rule is the criterion the MiniLM value was chosen by, made explicit so it can be applied to another model's
scale (docs/multilingual.md "Thresholds"); grid 0.30..0.99 by 0.01:

- ``paraphrase`` (``trust.corroborates``; research/bench/data/team-paraphrases.json): the lowest cosine at which,
  with the ``same_claim`` guard, no ``conflict`` and no ``distinct`` pair corroborates (a one-detail contradiction
  must never verify a learning); reported with the share of restatements (``same``) still accepted.
- ``supersede`` (``freshness.is_update``, a save without a topic; research/bench/data/freshness-pairs.json): the
  highest cosine with no false supersession (a ``keep`` pair) and no more missed updates than the lowest cosine
  of the grid (the guard as strict as it can be without losing an update the wording rules accept).
- ``fresher_first`` (``freshness.prefer_newer``): MiniLM's 0.5 was chosen on LoCoMo rankings (docs/retrieval.md), not
  by a rule on pairs (the rule above gives 0.74 on MiniLM), so it is carried over by rank: the cosine at the same
  quantile of the freshness pairs' cosines under this model as 0.5 is under all-MiniLM-L6-v2 (int8).

The vectors are the product's: stored texts through ``embed`` (the model's passage prefix). The relevance floors
(``similarity_floor``, ``evidence``) come from research/bench/relevance_floor.py on LoCoMo.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

import numpy as np

from contextlamp.domain.freshness import is_update, prefer_newer
from contextlamp.domain.trust import same_claim
from contextlamp.embedding import EMBEDDERS, create_embedder
from contextlamp.paths import data_home

DATA = Path(__file__).resolve().parent / "data"
GRID = [round(0.30 + 0.01 * i, 2) for i in range(70)]


def cosines(embedder: Any, pairs: list[tuple[str, str]]) -> list[float]:
    """Content cosine of each (a, b) pair, through ``embedder.embed``."""
    texts = sorted({t for pair in pairs for t in pair})
    vectors = dict(zip(texts, embedder.embed(texts), strict=True))
    return [float(np.dot(vectors[a], vectors[b])) for a, b in pairs]


def paraphrase(embedder: Any) -> dict[str, Any]:
    """The lowest grid cosine accepting no conflict or distinct pair (with ``same_claim``), and its ``same`` share."""
    data = json.loads((DATA / "team-paraphrases.json").read_text(encoding="utf-8"))
    pairs: list[dict[str, Any]] = data["pairs"] if isinstance(data, dict) else data
    cos = cosines(embedder, [(p["a"], p["b"]) for p in pairs])
    chosen = None
    for t in GRID:
        bad = sum(
            c >= t and same_claim(p["a"], p["b"]) for p, c in zip(pairs, cos, strict=True) if p["label"] != "same"
        )
        if bad == 0:
            chosen = t
            break
    same = [c for p, c in zip(pairs, cos, strict=True) if p["label"] == "same"]
    accepted = (
        sum(c >= chosen and same_claim(p["a"], p["b"]) for p, c in zip(pairs, cos, strict=True) if p["label"] == "same")
        if chosen is not None
        else 0
    )
    return {"threshold": chosen, "same_accepted": accepted / max(len(same), 1), "pairs": len(pairs)}


def freshness(embedder: Any, rule: Any) -> dict[str, Any]:
    """The highest grid cosine with no false and the fewest missed updates under ``rule`` (is_update or
    prefer_newer)."""
    data = json.loads((DATA / "freshness-pairs.json").read_text(encoding="utf-8"))
    pairs: list[dict[str, Any]] = data["pairs"] if isinstance(data, dict) else data
    cos = cosines(embedder, [(p["newer"], p["older"]) for p in pairs])
    rows = []
    for t in GRID:
        false = sum(
            rule(p["newer"], p["older"], c, t) for p, c in zip(pairs, cos, strict=True) if p["expect"] == "keep"
        )
        missed = sum(
            not rule(p["newer"], p["older"], c, t) for p, c in zip(pairs, cos, strict=True) if p["expect"] != "keep"
        )
        rows.append((t, false, missed))
    fewest = min(m for _, f, m in rows if f == 0)
    chosen = max(t for t, f, m in rows if f == 0 and m == fewest)
    updates = [c for p, c in zip(pairs, cos, strict=True) if p["expect"] != "keep"]
    return {"threshold": chosen, "missed": fewest, "updates": len(updates), "min_update_cosine": round(min(updates), 3)}


def fresher_first(embedder: Any) -> dict[str, Any]:
    """MiniLM's fresher-first threshold moved to ``embedder``'s scale by quantile over the freshness pairs."""
    from contextlamp.embedding.minilm import THRESHOLDS as MINILM

    data = json.loads((DATA / "freshness-pairs.json").read_text(encoding="utf-8"))
    pairs = [(p["newer"], p["older"]) for p in data["pairs"]]
    reference = np.asarray(cosines(create_embedder("minilm-int8"), pairs))
    share = float(np.mean(reference < MINILM.fresher_first))
    mapped = float(np.quantile(np.asarray(cosines(embedder, pairs)), share))
    return {"threshold": round(mapped, 2), "minilm": MINILM.fresher_first, "quantile": round(share, 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--embedder", choices=EMBEDDERS, default="multilingual-e5")
    parser.add_argument("--home", type=Path, default=data_home(os.environ.get("CONTEXTLAMP_HOME")))
    args = parser.parse_args(argv)
    embedder = create_embedder(args.embedder, home=args.home)
    report = {
        "embedder": args.embedder,
        "shipped": getattr(embedder, "thresholds", None).__repr__(),
        "paraphrase": paraphrase(embedder),
        "supersede": freshness(embedder, is_update),
        "fresher_first": fresher_first(embedder),
        "fresher_first_pair_rule": freshness(embedder, prefer_newer),
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
