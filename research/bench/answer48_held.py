"""Stop 46's (engineer answer48) held-out set: a memory that answers a question against memories that restate it.

Issue #32: recall46 found a long reply on a question's own words ranked above the memory holding the answer (first in
43 of 44 of held46's cases). This set asks whether a ranking change tells the answer from the restatement on material
written for it: 32 hand-written questions, each with the fact that answers it in other words
(``data/answer48-held.json``, written and committed before any tuning of this stop, read once at the end). Each case is
one fresh store (the product's default embedder, inline indexing) holding, in an order drawn from the case's seed:

- the fact's memory: the fact alone (case ``n % 3 == 0``), or as one paragraph of a note of about 1,500 (``1``) or
  6,000 (``2``) characters of unrelated paragraphs;
- three restatements, from this file's own templates (not ``located_held.filler``): an open item of meeting notes
  naming the question unanswered, the user asking it again, and a long assistant reply (2,000-3,500 characters)
  talking around the question's content words without an answer;
- two notes on other subjects and five short memories.

Figures: how often the fact's memory is the top pack, among the top 3 and above every restatement, per ``--variant``.

``python -m research answer48_held [--variant NAME=JSON] [--records FILE]``
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
from vector_cache import cached_embedder, default_directory  # pyright: ignore[reportMissingImports]

DATA = Path(__file__).resolve().parent / "data" / "answer48-held.json"
SALT = "answer48-held"
FORMS = ("alone", "note", "long note")
SIZES = {"note": 1_500, "long note": 6_000}
PARAGRAPHS = [
    "We went over the action items from last time; most are done, two carry over to next week.",
    "The kitchen on the second floor is being repainted, so coffee is in the lobby until Friday.",
    "Reminder that the quarterly town hall moved to the big auditorium; bring questions for the panel.",
    "Someone left a blue umbrella and a charger in the small room, both are at the front desk now.",
    "The garden club meets on Thursdays and welcomes anyone who wants to help with the tomato beds.",
    "Parking permits for next year can be renewed online; the old paper stickers stop being valid in January.",
    "Lunch on Wednesday is the team's pick this month: the Thai place won the vote again.",
    "A short round of introductions for the two interns who started this week, both on the design side.",
    "The printer queue kept jamming; facilities replaced the tray and it seems fine for now.",
    "Holiday schedules should go into the shared calendar by the end of the month so cover can be planned.",
    "We talked about the charity run in May; about a dozen people signed up so far.",
    "The book club finished the novel and picked a short story collection for next time.",
]
OTHER_NOTES = [
    "Notes from the neighbourhood meeting: the street party is planned for late June and volunteers are needed.",
    "Trip diary: the hike up the ridge took most of the day, and the view from the top was worth the blisters.",
]
SHORT = [
    "Renew the car insurance before the end of the month",
    "The plumber comes on Tuesday morning",
    "Standup moved to 9:45 for the rest of the sprint",
    "Buy birthday candles and a card for Sam",
    "The recycling is collected every other Monday",
]
OPEN_ITEM = [
    "Notes from the weekly sync.\n\n{para}\n\nOpen items:\n- {question} Nobody had the answer at hand; someone will "
    "look it up before the next sync.\n- Follow up on last week's leftovers.\n\n{para2}",
    "Call with the team, short version.\n\n{para}\n\nStill unresolved: {question} We went around in circles on it "
    "and parked it.\n\n{para2}",
]
ASKED_AGAIN = [
    "User: {question} I know I noted this somewhere but I can't find it.",
    "User: Quick one, {lower} I keep forgetting.",
]
REPLY = [
    "You asked about {a} and {b}. That is a good thing to have written down somewhere you can find it again.",
    "When it comes to {a}, the details tend to get lost between conversations, so keeping one place for notes on "
    "{b} helps a lot.",
    "If you are unsure about {a}, it may be worth checking older messages, calendars or documents that mention {b}.",
    "People often ask about {a} more than once; a short checklist about {b} saves time the next time it comes up.",
    "I do not have a record of {a} in what you have told me so far, so I cannot say for certain what applies to {b}.",
    "One approach is to ask whoever dealt with {a} most recently; they will usually remember what was decided about "
    "{b}.",
    "It also helps to note the date whenever something about {a} changes, so you can tell which version of {b} is "
    "current.",
    "Would you like me to help you set up a simple note for {a}, with a line for {b} and anything related?",
]
STOP = {"which", "what", "when", "where", "why", "who", "how", "many", "much", "does", "did", "the", "for", "our",
        "are", "is", "do", "we", "my", "at", "to", "of", "on", "in", "a", "an", "go", "up"}  # fmt: skip


def _rng(*parts: str) -> random.Random:
    return random.Random(hashlib.sha256("\t".join((SALT, *parts)).encode()).digest())


def load(path: Path = DATA) -> dict[str, Any]:
    """The set: ``cases``, each ``[question, fact]``."""
    return json.loads(path.read_text(encoding="utf-8"))


def _note(rng: random.Random, size: int, fact: str) -> str:
    """A note of about ``size`` characters of ``PARAGRAPHS`` with ``fact`` as one paragraph at a drawn place."""
    parts: list[str] = []
    while sum(len(p) + 2 for p in parts) < size - len(fact):
        parts.append(rng.choice(PARAGRAPHS))
    parts.insert(rng.randrange(len(parts) + 1), fact)
    return "Notes.\n\n" + "\n\n".join(parts)


def _reply(question: str, rng: random.Random) -> str:
    """A long assistant reply (2,000-3,500 characters) on ``question``'s content words, answering nothing."""
    words = [w.strip("?.,!").lower() for w in question.split()]
    words = [w for w in dict.fromkeys(words) if w not in STOP and len(w) > 2] or ["this"]
    size = rng.randint(2_000, 3_500)
    parts = ["Assistant: Sure, let me think about that with you."]
    while sum(len(p) + 2 for p in parts) < size:
        parts.append(rng.choice(REPLY).format(a=rng.choice(words), b=rng.choice(words)))
    return "\n\n".join(parts)


ROLES = ("fact", "open item", "asked again", "reply")


def build_case(data: dict[str, Any], n: int) -> tuple[list[str], list[str], str]:
    """Case ``n``'s memories in save order, the role of each (``ROLES``, ``"other"`` or ``"short"``), the question."""
    question, fact = data["cases"][n]
    rng = _rng(str(n), question)
    form = FORMS[n % 3]
    fact_text = fact if form == "alone" else _note(rng, SIZES[form], fact)
    lower = question[0].lower() + question[1:]
    open_item = rng.choice(OPEN_ITEM).format(
        question=question, para=rng.choice(PARAGRAPHS), para2=rng.choice(PARAGRAPHS)
    )
    longs = [
        fact_text,
        open_item,
        rng.choice(ASKED_AGAIN).format(question=question, lower=lower),
        _reply(question, rng),
    ]
    order = rng.sample(range(len(longs)), len(longs))
    texts = [SHORT[0], OTHER_NOTES[0], *(longs[i] for i in order), OTHER_NOTES[1], *SHORT[1:]]
    roles = ["short", "other", *(ROLES[i] for i in order), "other", *["short"] * len(SHORT[1:])]
    return texts, roles, question


def run(variants: dict[str, dict[str, Any]], data: dict[str, Any]) -> list[dict[str, Any]]:
    """One record per case: its form and, per method (``hybrid`` and each variant), the fact memory's 1-based rank
    among the top 5 packs (0: not among them), whether it is above every restatement, and the top pack's role."""
    from contextlamp.app.indexing import Indexer
    from contextlamp.app.service import Caller, MemoryService
    from contextlamp.embedding import NEW_DATA_EMBEDDER
    from contextlamp.storage import StoreRegistry

    embedder = cached_embedder(NEW_DATA_EMBEDDER, default_directory())
    records: list[dict[str, Any]] = []
    for n in range(len(data["cases"])):
        texts, roles, question = build_case(data, n)
        record: dict[str, Any] = {"case": n, "form": FORMS[n % 3]}
        with tempfile.TemporaryDirectory(prefix="answer48-") as tmp:
            registry = StoreRegistry(Path(tmp), embedder.identity, embedder.dim)
            service = MemoryService(registry, embedder, indexer=Indexer(embedder.embed, inline=True))
            caller = Caller(service.principal("bench"), "bench")
            ids = [service.save_context(caller, text).id for text in texts]
            fact_id = ids[roles.index("fact")]
            restating = {ids[i] for i, role in enumerate(roles) if role in ROLES[1:]}
            for name, changes in {"hybrid": {}, **variants}.items():
                got = ids_with(service, caller, question, 5, **changes)
                rank = got.index(fact_id) + 1 if fact_id in got else 0
                record[name] = rank
                above = [i for i in got[: rank - 1] if i in restating] if rank else ["missing"]
                record[f"{name} above"] = not above
                record[f"{name} first"] = roles[ids.index(got[0])] if got else ""
            registry.close()
        records.append(record)
        print(f"case {n}: " + " ".join(f"{k}={v}" for k, v in record.items() if k != "case"), file=sys.stderr)
    return records


def report(records: list[dict[str, Any]], methods: Sequence[str]) -> str:
    """Top-pack, top-3 and above-every-restatement counts per method, overall and by form."""
    lines: list[str] = []
    n = len(records)
    for name in methods:
        top = sum(r[name] == 1 for r in records)
        three = sum(0 < r[name] <= 3 for r in records)
        above = sum(r[f"{name} above"] for r in records)
        lines.append(f"{name}: top pack {top}/{n}, top 3 {three}/{n}, above every restatement {above}/{n}")
        firsts = Counter(r[f"{name} first"] for r in records)
        lines.append("  top pack's role: " + ", ".join(f"{role} {count}" for role, count in firsts.most_common()))
        groups: dict[str, list[int]] = {}
        for r in records:
            groups.setdefault(r["form"], []).append(r[name])
        lines.append(
            "  by form (top pack): " + ", ".join(f"{g} {sum(v == 1 for v in vs)}/{len(vs)}" for g, vs in groups.items())
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the set; the table goes to stdout, one line a case to stderr."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--records", type=Path, default=None, help="every case's ranks as JSON lines")
    parser.add_argument("--build-only", action="store_true", help="print the first case's memories and stop")
    add_variant_argument(parser, ("hybrid",))
    args = parser.parse_args(argv)
    data = load()
    if args.build_only:
        texts, roles, question = build_case(data, 0)
        print(question)
        for role, text in zip(roles, texts, strict=True):
            print(f"--- {role}\n{text}")
        return 0
    variants: dict[str, dict[str, Any]] = dict(args.variant)
    records = run(variants, data)
    if args.records is not None:
        args.records.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    print(report(records, ["hybrid", *variants]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
