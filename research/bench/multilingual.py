"""Multilingual retrieval: top-1 by language, same-language and cross-language, MiniLM against multilingual-e5.

    python -m research multilingual                       # dev half, both embedders
    python -m research multilingual --half held           # the held-out half (read once, at the end)
    python -m research multilingual --half held2          # the second held-out half (10 languages, stop 38)
    python -m research multilingual --embedders multilingual-e5 --home DIR   # DIR: where e5's files are cached

Data: research/bench/data/multilingual-{dev,held}.json: 10 facts a half, each written in English, German, Spanish,
French, Russian, Chinese and Japanese, each with a question in the same seven languages that paraphrases it
(few shared words); multilingual-held2.json: 10 other facts in those seven languages and Korean, Arabic and
Portuguese (written before the language handling of stop 38 was tuned). Facts are saved one a day (a memory, not
one conversation: no time neighbours). For each
embedder and each language L, three runs, each on a fresh data directory through the product
(``MemoryService.save_context`` then ``get_context``, default settings, so the embedder's own thresholds and
prefixes apply):

- ``same``: the 10 facts saved in L, each asked in L;
- ``to-en``: the 10 facts saved in English, each asked in L (a question in any language finds the English fact);
- ``from-en``: the 10 facts saved in L, each asked in English.

top-1 is the share of questions whose first pack is the fact asked about (no pack counts as a miss). ``cos``
is the same share by cosine alone (question vector against the 10 stored content vectors, the model's
prefixes applied), the model without the keyword signal or the floors.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

import numpy as np

from common import StepClock, fresh_service
from contextlamp.domain.embedding import Embedder, embed_queries
from contextlamp.embedding import create_embedder
from contextlamp.paths import data_home

DATA = Path(__file__).resolve().parent / "data"
MODES = ("same", "to-en", "from-en")
START_MS = 1_767_225_600_000  # 2026-01-01
DAY_MS = 86_400_000


def load(half: str) -> tuple[list[str], list[dict[str, Any]]]:
    """The languages and facts of ``half`` (dev or held)."""
    data = json.loads((DATA / f"multilingual-{half}.json").read_text(encoding="utf-8"))
    return list(data["languages"]), list(data["facts"])


def run(embedder: Embedder, facts: list[dict[str, Any]], stored: str, asked: str) -> tuple[float, float]:
    """(top-1 through get_context, top-1 by cosine alone) with the facts saved in ``stored`` and asked in
    ``asked``."""
    contents = [f[stored][0] for f in facts]
    questions = [f[asked][1] for f in facts]
    clock = StepClock()
    with fresh_service("mling-bench-", embedder, clock) as (service, caller):
        ids: list[str] = []
        for day, text in enumerate(contents):  # facts saved on different days: no two are time neighbours
            clock.base = START_MS + day * DAY_MS
            ids.append(service.save_context(caller, text).id)
        clock.base = START_MS + (len(contents) + 1) * DAY_MS
        service.indexer.wait()  # the write-behind vectors, as a later session would find them
        hits = 0
        for i, question in enumerate(questions):
            packs = service.get_context(caller, question, max_results=5).packs
            hits += bool(packs) and packs[0].id == ids[i]
    stored_vectors = embedder.embed(contents)
    query_vectors = embed_queries(embedder, questions)
    best = np.argmax(query_vectors @ stored_vectors.T, axis=1)
    return hits / len(facts), float(np.mean(best == np.arange(len(facts))))


def table(names: list[str], half: str, home: Path) -> dict[str, dict[str, dict[str, tuple[float, float]]]]:
    """embedder -> language -> mode -> (top-1, cosine top-1), printed as it goes."""
    languages, facts = load(half)
    results: dict[str, dict[str, dict[str, tuple[float, float]]]] = {}
    for name in names:
        embedder = create_embedder(name, home=home)
        results[name] = {}
        for language in languages:
            row: dict[str, tuple[float, float]] = {"same": run(embedder, facts, language, language)}
            if language != "en":
                row["to-en"] = run(embedder, facts, "en", language)
                row["from-en"] = run(embedder, facts, language, "en")
            results[name][language] = row
            shown = "  ".join(f"{m} {row[m][0]:.1f} (cos {row[m][1]:.1f})" for m in MODES if m in row)
            print(f"{half:<4} {name:<16} {language}  {shown}", flush=True)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--half", choices=("dev", "held", "held2"), default="dev")
    parser.add_argument("--embedders", default="minilm-int8,multilingual-e5")
    parser.add_argument(
        "--home", type=Path, default=data_home(os.environ.get("CONTEXTLAMP_HOME")), help="where e5's files are cached"
    )
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    results = table(args.embedders.split(","), args.half, args.home)
    print("\nworst top-1 over languages and modes:")
    for name, by_language in results.items():
        worst = min(v[0] for row in by_language.values() for v in row.values())
        print(f"  {name:<16} {worst:.1f}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
