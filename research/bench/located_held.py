"""Stop 45's (engineer recall45) held-out check of long memories: crowding replies and located facts (issue #32).

Written and committed before any tuning of the located-match rule (research/notes/recall45-stop44.md), so that the
rule is judged on data no choice saw. Two parts:

- ``crowd``: LoCoMo dev conversations with a long assistant-style reply (2,200-4,000 characters of generic advice
  paragraphs that name the words of the turn before it, as LongMemEval-S's assistant replies expound the user's
  subject; no LoCoMo turn is over 444 characters) inserted after every fifth turn, asked the questions of one half of
  recall44's fresh question split (``recall42_folds.FRESH_SALTS["recall44"]``): R@5 / R@10 of the conversation's own
  evidence turns, the fillers never evidence. Every method of ``retrieval_locomo.run_conversation`` and each
  ``--variant``.
- ``paraphrase``: new long memories (a lab handbook, a warehouse manual, a clinic front-desk guide) with a fact in
  their last paragraph and a question sharing no content word with it, among short memories and other long memories
  of the same field (the setting of tests/test_retrieval_long_paraphrase.py, with texts written for this stop): how
  often the fact's memory is the top pack, at 4,000 / 12,000 / 24,000 characters, per ``--variant``.

``python -m research located_held crowd --data .../locomo_dev.json --half tuning|held-out [--variant N=JSON]``
``python -m research located_held paraphrase [--variant N=JSON]``
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from common import add_variant_argument, ids_with  # pyright: ignore[reportMissingImports]
from recall42_folds import FRESH_SALTS, locomo_fold  # pyright: ignore[reportMissingImports]
from retrieval_locomo import (  # pyright: ignore[reportMissingImports]
    DEFAULT_VECTORS,
    METHODS,
    Conversation,
    Turn,
    load_conversations,
    run_conversation,
)
from vector_cache import cached_embedder  # pyright: ignore[reportMissingImports]

SALT = "recall45-located"  # the fillers' own randomness (which words, which paragraphs)
EVERY = 5  # a filler reply after every fifth turn
ADVICE = [
    "That sounds like a lot to think about when it comes to {a}. A good first step is to write down what matters most "
    "to you about {a} and {b}, then decide which parts you can start on this week and which can wait until later.",
    "Many people find that {a} becomes easier once there is a routine around it. Try setting aside a fixed time each "
    "week, keep notes on what worked and what did not, and adjust the plan as you learn more about {b}.",
    "If you want to go deeper into {a}, local groups, libraries and online forums are good places to look. Talking "
    "with others who care about {b} often brings up ideas you would not find on your own.",
    "Budget is worth a thought too: {a} can cost more than expected, so compare a few options, read reviews, and "
    "leave some room for surprises before you commit to anything around {b}.",
    "Remember to look after yourself along the way. {a} can be rewarding, but it is easy to take on too much; short "
    "breaks, enough sleep and time with friends keep the energy up for {b}.",
    "Here are a few practical tips for {a}: 1. Start small and build up. 2. Keep a simple checklist. 3. Ask for "
    "feedback early. 4. Celebrate the small wins, especially with {b}.",
    "Safety matters as well. Before you try anything new with {a}, check the basic guidelines, have the right "
    "equipment, and let someone know your plans for {b}.",
    "It can also help to set a clear goal for {a}, something you can measure, like a date or a number, so you can see "
    "progress and stay motivated about {b}.",
    "Do not worry if things do not go perfectly at first with {a}. Every experience teaches something, and looking "
    "back in a few months you will likely see how far you have come with {b}.",
    "Some people like to keep a journal about {a}; writing a few lines each day about {b} helps to notice patterns "
    "and remember the details later.",
    "If other people are involved in {a}, talk openly about expectations early on. A short conversation about {b} "
    "now can save a lot of misunderstanding later.",
    "There are also plenty of books, podcasts and videos about {a}. Pick one or two trusted sources rather than "
    "trying to follow everything about {b} at once.",
    "Timing can make a difference with {a}. Some seasons or times of day suit it better than others, so plan around "
    "the weather, your schedule and the availability of {b}.",
    "Would you like me to put together a more detailed plan for {a}? I can suggest a week-by-week outline, a list of "
    "things to prepare, or resources about {b} that match your interests.",
]
OPENERS = ["Great question!", "That's wonderful to hear!", "I'm glad you shared that.", "Thanks for telling me."]
STOP = {"that", "this", "with", "have", "just", "really", "about", "what", "when", "your", "they", "been", "from",
        "there", "were", "would", "could", "some", "much", "like", "know", "also", "it's", "i'm", "that's", "those",
        "these", "them", "then", "than", "will", "into", "more", "very", "such", "thanks", "great", "glad"}  # fmt: skip


def _rng(*parts: str) -> random.Random:
    return random.Random(hashlib.sha256("\t".join((SALT, *parts)).encode()).digest())


def filler(turn_text: str, rng: random.Random) -> str:
    """A long assistant-style reply (2,200-4,000 characters) on the words of ``turn_text`` (``"<speaker>: text"``)."""
    text = turn_text.partition(": ")[2] or turn_text
    words = [w.strip(".,!?;:'\"()[]").lower() for w in text.split()]
    words = [w for w in dict.fromkeys(words) if len(w) > 3 and w.isalpha() and w not in STOP] or ["this", "that"]
    size = rng.randint(2200, 4000)
    parts = [rng.choice(OPENERS)]
    order = rng.sample(ADVICE, len(ADVICE))
    while sum(len(p) + 1 for p in parts) < size:
        template = order[len(parts) % len(order)]
        parts.append(template.format(a=rng.choice(words), b=rng.choice(words)))
    return "Assistant: " + "\n\n".join(parts)


def crowded(conv: Conversation, half: str) -> Conversation:
    """``conv`` with a filler reply after every ``EVERY``-th turn, and only the questions of ``half`` of recall44's
    fresh split."""
    turns: list[Turn] = []
    for n, turn in enumerate(conv.turns, start=1):
        turns.append(turn)
        if n % EVERY == 0:
            turns.append(Turn(f"F{n}", filler(turn.content, _rng(conv.sample_id, str(n))), turn.session_ms))
    salt = FRESH_SALTS["recall44"]
    questions = [q for q in conv.questions if locomo_fold(conv.sample_id, q.text, salt) == half]
    return Conversation(conv.sample_id, turns, questions)


# -- paraphrase: new long memories, a fact in the last paragraph ------------------------------------------------

FIELDS = {
    "lab": [
        "Samples in the {s} freezer are logged with the date, the initials of whoever stored them and the project "
        "code; anything without a label is discarded at the monthly clean-up.",
        "The {s} bench is booked through the shared calendar. Bookings longer than a day need the group leader's "
        "approval and a note of what will run overnight.",
        "Waste from the {s} area goes into the yellow bins; sharps go into the rigid containers, which are collected "
        "on Wednesdays by the facilities team.",
        "Calibration of the {s} pipettes happens every six months; a sticker on each one shows the next due date and "
        "out-of-date ones go back to the tray by the door.",
        "Gloves, goggles and lab coats are required at the {s} station at all times. Spare coats hang by the "
        "entrance; send dirty ones to the laundry on Fridays.",
        "Reagents for the {s} work are ordered through the purchasing system; large orders arrive on Tuesdays and "
        "are checked against the packing list before unpacking.",
        "The {s} data is copied every night to the group drive. Raw files stay for two years; processed results "
        "are archived with the notebook page that produced them.",
        "New members are shown the {s} procedures by a senior student in their first week, and sign the training "
        "sheet kept in the blue binder.",
    ],
    "warehouse": [
        "Pallets for the {s} aisle are stacked at most three high; heavier loads go on the bottom racks and every "
        "pallet carries its label on the side facing the walkway.",
        "Forklifts in the {s} zone are charged overnight in the bay by the loading door; a driver checks the horn, "
        "lights and brakes before the first lift of the shift.",
        "Incoming trucks for {s} are booked in slots of thirty minutes; a driver who misses the slot waits for the "
        "next free one after the scheduled arrivals.",
        "Stock counts in the {s} section run every quarter; discrepancies over two percent are recounted by a "
        "second person before the system is corrected.",
        "Returns to the {s} area are inspected within two days, sorted into resell, repair or scrap, and the "
        "customer's account is updated the same day.",
        "The {s} dock doors close at eight in the evening; late deliveries are parked in the yard and unloaded "
        "first thing the next morning.",
        "Packing tables in {s} are restocked with tape, boxes and filler at the start of each shift, and the "
        "shift lead signs the checklist by the printer.",
        "Temperature in the {s} store room is logged every hour; readings outside the range trigger a message to "
        "the shift lead's phone.",
    ],
    "clinic": [
        "Patients arriving for {s} appointments check in at the front desk, confirm their address and insurance, "
        "and wait in the area by the windows.",
        "Prescription refills for {s} are processed within two working days; urgent ones are marked in red and "
        "handed to the duty doctor directly.",
        "The {s} waiting room is cleaned at lunchtime and at closing; magazines older than three months are "
        "recycled and toys are wiped down daily.",
        "Phone lines for {s} open at eight; calls after six go to the answering service, which forwards urgent "
        "ones to the doctor on duty.",
        "Test results for {s} are sent by letter unless the patient asked for a call; abnormal results are always "
        "discussed in person.",
        "Appointment reminders for {s} go out by text two days before; patients who miss two visits in a row get a "
        "letter from the practice manager.",
        "Records for {s} are kept in the practice system; paper notes are scanned the same day and shredded after "
        "a month in the locked cabinet.",
        "Flu vaccinations for {s} patients run from October; staff book them in blocks on Saturday mornings to "
        "keep weekday clinics free.",
    ],
}
SUBJECTS = {
    "lab": ["microscopy", "cell culture", "chemistry", "sequencing", "imaging"],
    "warehouse": ["electronics", "garden", "apparel", "furniture", "toys"],
    "clinic": ["pediatrics", "dermatology", "physiotherapy", "nutrition", "dental"],
}
TITLES = {"lab": "Laboratory handbook", "warehouse": "Warehouse operations manual", "clinic": "Clinic front desk guide"}
# field -> (the last paragraph of the long memory, a question that shares none of its content words)
PARAPHRASE_FACTS = [
    (
        "lab",
        "When the liquid nitrogen tank drops below a quarter, ring Tobias Wenger in the cryo store; he refills "
        "it on the same afternoon.",
        "who do I contact if the supply for the deep-cold storage is running low?",
    ),
    (
        "lab",
        "Mercury spills are cleaned only by Dr. Annika Solberg, who keeps the spill kit locked in room 214.",
        "which person deals with a leak of toxic metal?",
    ),
    (
        "warehouse",
        "Damaged shipments from the ferry operator are photographed and reported to Ruairi Nolan in claims before "
        "the carrier leaves the yard.",
        "whom should I notify about broken goods arriving by boat?",
    ),
    (
        "warehouse",
        "During a power cut the backup generator is started by Fenna Dijkstra, the maintenance lead, using the key "
        "in the red box.",
        "who switches on emergency electricity when the grid fails?",
    ),
    (
        "clinic",
        "Interpreters for deaf visitors are arranged by Yusuf Demir at reception at least two days ahead.",
        "who books sign language help for someone who cannot hear?",
    ),
    (
        "clinic",
        "A needle-stick injury is reported straight away to Occupational Health, where Carmen Ruiz starts the "
        "exposure protocol.",
        "what happens if a staff member gets pricked by a used syringe?",
    ),
]
SIZES = (4_000, 12_000, 24_000)
SHORT = {
    "lab": [
        "The lab meeting is on Thursdays at ten in seminar room B",
        "Order pipette tips in bulk at the start of each month",
        "The autoclave needs twenty minutes to warm up",
        "Ask Priya for the key to the chemical store",
        "The centrifuge in room 210 makes a noise but works",
        "Keep the fume hood sash below the yellow line",
    ],
    "warehouse": [
        "The morning shift starts at six and ends at two",
        "Scanners are charged on the rack next to the office",
        "Overtime has to be approved by the shift lead",
        "The canteen closes at half past one",
        "High-visibility vests are compulsory on the floor",
        "Broken pallets go on the pile behind gate 3",
    ],
    "clinic": [
        "The practice opens at half past seven on Mondays",
        "Staff parking is behind the pharmacy",
        "The printer at reception jams with thick paper",
        "Team lunch is on the last Friday of the month",
        "New patients fill in the health questionnaire first",
        "The fridge temperature is checked every morning",
    ],
}


def manual(field: str, rng: random.Random, size: int, last: str) -> str:
    """A long memory of about ``size`` characters of ``field``'s paragraphs, then ``last``."""
    parts = [TITLES[field]]
    while sum(len(p) + 2 for p in parts) < size:
        parts.append(rng.choice(FIELDS[field]).format(s=rng.choice(SUBJECTS[field])))
    return "\n\n".join([*parts, last])


def paraphrase_run(variants: dict[str, dict[str, Any]]) -> dict[str, list[int]]:
    """Per method (``hybrid`` and each variant): 1 when the fact's memory is the top pack, per case."""
    from contextlamp.app.indexing import Indexer
    from contextlamp.app.service import Caller, MemoryService
    from contextlamp.embedding import create_embedder
    from contextlamp.retrieval.query import content_terms
    from contextlamp.storage import StoreRegistry

    embedder = create_embedder("minilm-int8")
    results: dict[str, list[int]] = {"hybrid": [], **{name: [] for name in variants}}
    for field, fact, question in PARAPHRASE_FACTS:
        assert not set(content_terms(question)) & set(content_terms(fact)), question
        for size in SIZES:
            with tempfile.TemporaryDirectory(prefix="located-") as tmp:
                registry = StoreRegistry(Path(tmp), embedder.identity, embedder.dim)
                service = MemoryService(registry, embedder, indexer=Indexer(embedder.embed, inline=True))
                caller = Caller(service.principal("bench"), "bench")
                rng = _rng(field, fact[:20], str(size))
                for text in SHORT[field][:3]:
                    service.save_context(caller, text)
                long_id = service.save_context(caller, manual(field, rng, size, fact)).id
                for i in range(3):
                    service.save_context(caller, manual(field, _rng(field, str(i)), size // 2, f"Last reviewed ({i})."))
                for text in SHORT[field][3:]:
                    service.save_context(caller, text)
                results["hybrid"].append(int(ids_with(service, caller, question, 5)[:1] == [long_id]))
                for name, changes in variants.items():
                    results[name].append(int(ids_with(service, caller, question, 5, **changes)[:1] == [long_id]))
                registry.close()
    return results


def main(argv: Sequence[str] | None = None) -> int:
    """Run one part; the table goes to stdout."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("part", choices=("crowd", "paraphrase"))
    parser.add_argument("--data", type=Path, default=None, help="LoCoMo-format JSON file (crowd)")
    parser.add_argument("--half", choices=("tuning", "held-out"), default="tuning")
    parser.add_argument("--records", type=Path, default=None, help="crowd: every question's recall as JSON lines")
    add_variant_argument(parser, METHODS)
    args = parser.parse_args(argv)
    variants: dict[str, dict[str, Any]] = dict(args.variant)
    if args.part == "paraphrase":
        results = paraphrase_run(variants)
        for name, hits in results.items():
            print(f"{name}: top pack {sum(hits)}/{len(hits)} {hits}")
        return 0
    if args.data is None:
        parser.error("crowd needs --data")
    import json

    embedder = cached_embedder("minilm", DEFAULT_VECTORS)
    records: list[dict[str, Any]] = []
    for conv in load_conversations(args.data):
        conv = crowded(conv, args.half)
        print(f"{conv.sample_id}: {len(conv.turns)} turns, {len(conv.questions)} questions", file=sys.stderr)
        conv_records, _ = run_conversation(conv, embedder, [5, 10], variants)
        records += [{"conversation": conv.sample_id, **r} for r in conv_records]
    if args.records is not None:
        args.records.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    methods = [m for m in records[0] if isinstance(records[0][m], dict)] if records else []
    for m in methods:
        r5 = sum(r[m]["5"] if "5" in r[m] else r[m][5] for r in records) / len(records)
        r10 = sum(r[m]["10"] if "10" in r[m] else r[m][10] for r in records) / len(records)
        print(f"{m}: R@5 {r5:.3f} / R@10 {r10:.3f} ({len(records)} questions, half {args.half})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
