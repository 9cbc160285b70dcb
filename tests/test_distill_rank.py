"""rank.py: which items a capped session keeps (issue 12, point 13)."""

from __future__ import annotations

from contextlamp.distill.base import DistilledItem
from contextlamp.distill.rank import MAX_ITEMS, item_value, keep_most_valuable


def _fact(n: int) -> DistilledItem:
    return DistilledItem(f"Our team has {n} people.", "fact", "fact")


DECISION = DistilledItem("We decided to move the ledger to PostgreSQL 16 in March.", "event", "decision")
INSTRUCTION = DistilledItem("Always run the migrations before deploying the ledger.", "instruction", "note")
PREFERENCE = DistilledItem("The user prefers squash merges.", "fact", "preference")
CORRECTION = DistilledItem("The ledger database is PostgreSQL 16, not MySQL.", "fact", "fact", correction=True)


def test_kinds_rank_correction_then_decision_and_instruction_then_preference_then_fact() -> None:
    first, last, count = 0, 9, 10
    late_long_repeated_fact = DistilledItem(
        "Our ledger service runs in Frankfurt on three dedicated nodes with forty gigabytes of memory each.",
        "fact",
        "fact",
        mentions=5,
    )
    assert item_value(CORRECTION, first, count) > item_value(DECISION, last, count)
    assert item_value(DECISION, first, count) > item_value(late_long_repeated_fact, last, count)
    assert item_value(INSTRUCTION, first, count) > item_value(late_long_repeated_fact, last, count)
    assert item_value(PREFERENCE, first, count) > item_value(_fact(1), last, count)
    assert item_value(_fact(1), last, count) > item_value(_fact(1), first, count)  # later wins within a kind
    repeated = DistilledItem("Our team has 1 people.", "fact", "fact", mentions=2)
    assert item_value(repeated, 3, count) > item_value(_fact(1), 3, count)  # said again: worth more


def test_the_most_valuable_are_kept_in_conversation_order_and_the_rest_counted() -> None:
    items = [_fact(n) for n in range(45)] + [DECISION, CORRECTION, INSTRUCTION]
    kept, left_out = keep_most_valuable(items)
    assert len(kept) == MAX_ITEMS and left_out == len(items) - MAX_ITEMS
    assert kept[-3:] == [DECISION, CORRECTION, INSTRUCTION]
    assert kept[:-3] == [_fact(n) for n in range(8, 45)]  # the earliest facts are the ones left out
    assert keep_most_valuable(items[:10]) == (items[:10], 0)


def test_an_inadmissible_item_takes_no_place_and_the_check_runs_about_limit_times() -> None:
    items = [_fact(n) for n in range(100)] + [CORRECTION]
    asked: list[DistilledItem] = []

    def admissible(item: DistilledItem) -> bool:
        asked.append(item)
        return item is not CORRECTION  # say the correction held a secret

    kept, left_out = keep_most_valuable(items, 10, admissible)
    assert CORRECTION not in kept and kept == [_fact(n) for n in range(90, 100)]
    assert left_out == 90 and len(asked) == 11
