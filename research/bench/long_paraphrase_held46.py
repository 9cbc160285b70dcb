"""Stop 45's (engineer recall46) held-out set of long memories found by a paraphrase (issue #32 items 1-2).

Written and committed before any tuning of this stop, read once at the end (research/notes/recall46-stop45.md).
The data is hand-written (``data/long-paraphrase-held46.json``): 44 facts, each in a long memory of one of four
kinds (a design document, meeting notes, an operations runbook, a long assistant reply) and asked by a question
that shares no content word with the fact (compared on ``chunks.STEM_CHARS`` letters). Case ``n`` places its
fact at the start, middle or end (``n % 3``) of a memory of about 5,000, 12,000 or 28,000 characters
(``n // 3 % 3``). Each case is one fresh store (the product's default embedder, inline indexing) holding, in an
order drawn from the case's seed: the fact's memory; two long memories of the same kind without the fact (one on
the same subject, one on another; the same size); a long assistant-style reply on the question's own words
(``located_held.filler``, 2,200-4,000 characters, as LongMemEval-S's replies crowd the top results); and six
short memories of the kind. Figures: how often the fact's memory is the top pack and among the top 5, per
``--variant`` (changes to ``FusionWeights``), by kind, place and size.

``python -m research long_paraphrase_held46 [--variant NAME=JSON] [--records FILE]``
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from common import add_variant_argument, ids_with  # pyright: ignore[reportMissingImports]
from located_held import filler  # pyright: ignore[reportMissingImports]
from vector_cache import cached_embedder, default_directory  # pyright: ignore[reportMissingImports]

DATA = Path(__file__).resolve().parent / "data" / "long-paraphrase-held46.json"
SALT = "recall46-held"
PLACES = ("start", "middle", "end")
SIZES = (5_000, 12_000, 28_000)


def _rng(*parts: str) -> random.Random:
    return random.Random(hashlib.sha256("\t".join((SALT, *parts)).encode()).digest())


def load(path: Path = DATA) -> dict[str, Any]:
    """The set: ``kinds`` (title, subjects, paragraphs, short memories) and ``cases`` ([kind, subject, fact, q])."""
    return json.loads(path.read_text(encoding="utf-8"))


def document(kind: dict[str, Any], subject: str, size: int, rng: random.Random, fact: str = "", place: str = "") -> str:
    """A long memory of ``kind`` on ``subject`` of about ``size`` characters: its title, then paragraphs drawn
    from the kind's, with ``fact`` (when given) as the first, middle or last paragraph (``place``)."""
    parts: list[str] = []
    while sum(len(p) + 2 for p in parts) < size - len(fact):
        parts.append(rng.choice(kind["paragraphs"]).format(s=subject))
    if fact:
        at = {"start": 0, "middle": len(parts) // 2, "end": len(parts)}[place]
        parts.insert(at, fact)
    return "\n\n".join([kind["title"].format(s=subject), *parts])


ROLES = ("fact", "same subject", "other subject", "reply")  # the long memories of a case, as build_case draws them


def build_case(data: dict[str, Any], n: int) -> tuple[list[str], list[str], str]:
    """Case ``n``'s memories in save order, the role of each (``ROLES`` or ``"short"``) and the question."""
    kind_name, subject_at, fact, question = data["cases"][n]
    kind = data["kinds"][kind_name]
    subjects = kind["subjects"]
    place, size = PLACES[n % 3], SIZES[n // 3 % 3]
    rng = _rng(str(n), fact[:30])
    subject = subjects[subject_at]
    other = subjects[(subject_at + 1 + rng.randrange(len(subjects) - 1)) % len(subjects)]
    longs = [
        document(kind, subject, size, rng, fact, place),
        document(kind, subject, size, rng),
        document(kind, other, size, rng),
        filler(f"User: {question}", rng),
    ]
    order = rng.sample(range(len(longs)), len(longs))
    shorts = list(kind["short"])
    texts = [*shorts[:3], *(longs[i] for i in order), *shorts[3:]]
    roles = ["short"] * 3 + [ROLES[i] for i in order] + ["short"] * len(shorts[3:])
    return texts, roles, question


def run(variants: dict[str, dict[str, Any]], data: dict[str, Any]) -> list[dict[str, Any]]:
    """One record per case: kind, place, size and, per method (``hybrid`` and each variant), the fact memory's
    1-based rank among the top 5 packs (0: not among them) and the role of the top pack (``<method> first``)."""
    from contextlamp.app.indexing import Indexer
    from contextlamp.app.service import Caller, MemoryService
    from contextlamp.embedding import NEW_DATA_EMBEDDER
    from contextlamp.storage import StoreRegistry

    embedder = cached_embedder(NEW_DATA_EMBEDDER, default_directory())
    records: list[dict[str, Any]] = []
    for n in range(len(data["cases"])):
        texts, roles, question = build_case(data, n)
        fact_at = roles.index("fact")
        record: dict[str, Any] = {"case": n, "kind": data["cases"][n][0], "place": PLACES[n % 3]}
        record["size"] = SIZES[n // 3 % 3]
        with tempfile.TemporaryDirectory(prefix="held46-") as tmp:
            registry = StoreRegistry(Path(tmp), embedder.identity, embedder.dim)
            service = MemoryService(registry, embedder, indexer=Indexer(embedder.embed, inline=True))
            caller = Caller(service.principal("bench"), "bench")
            ids = [service.save_context(caller, text).id for text in texts]
            for name, changes in {"hybrid": {}, **variants}.items():
                got = ids_with(service, caller, question, 5, **changes)
                record[name] = got.index(ids[fact_at]) + 1 if ids[fact_at] in got else 0
                record[f"{name} first"] = roles[ids.index(got[0])] if got else ""
            registry.close()
        records.append(record)
        print(f"case {n}: " + " ".join(f"{k}={v}" for k, v in record.items() if k != "case"), file=sys.stderr)
    return records


def report(records: list[dict[str, Any]], methods: Sequence[str]) -> str:
    """Top-pack and top-5 counts per method, overall and by kind, place and size."""
    lines: list[str] = []
    for name in methods:
        top = sum(r[name] == 1 for r in records)
        five = sum(r[name] > 0 for r in records)
        lines.append(f"{name}: top pack {top}/{len(records)}, top 5 {five}/{len(records)}")
        firsts = Counter(r[f"{name} first"] for r in records)
        lines.append("  top pack's role: " + ", ".join(f"{role} {count}" for role, count in firsts.most_common()))
        for key in ("kind", "place", "size"):
            groups: dict[str, list[int]] = {}
            for r in records:
                groups.setdefault(str(r[key]), []).append(r[name])
            parts = [f"{g} {sum(v == 1 for v in vs)}/{len(vs)}" for g, vs in groups.items()]
            lines.append(f"  by {key} (top pack): " + ", ".join(parts))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the set; the table goes to stdout, one line a case to stderr."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--records", type=Path, default=None, help="every case's ranks as JSON lines")
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
