"""Which distilled items a session keeps when it taught more than ``MAX_ITEMS``.

A session's items are scored, the ``MAX_ITEMS`` best kept, and they are returned in conversation order. The
score of an item (``item_value``) is its kind's base plus three bonuses, in units where a plain fact is 1:

- base by kind: a correction 7 (it replaced a wrong statement; losing it leaves the wrong one believed),
  a decision or an instruction 4 (they change what to do), a preference or a task 3, a dated event 2,
  any other fact 1;
- lateness: 0 for the first item to 1 for the last (a later statement reflects where the session ended);
- content: up to 0.5, reached at 12 words (script.word_count), so a bare "Our team is small." ranks below
  a specific fact;
- repetition: 0.5 per restatement, at most 1 (what the user said again mattered to them).

The bonuses add up to at most 2.5, less than the gap between a correction and a decision (3) and between a
decision and a fact (3): a correction outranks every other item, and a decision or instruction every fact,
wherever they were said. Within a kind, and between neighbouring kinds, later, more specific and repeated
statements win: a late detailed fact outranks an early bare one, and can outrank an early preference. The
weights are this project's own choice, not taken from a publication; tests/test_distill_rank.py pins the
order they must produce.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from contextlamp.distill.base import DistilledItem
from contextlamp.distill.script import word_count

MAX_ITEMS = 40  # one session rarely teaches more; bounds what a huge transcript can write
CORRECTION_VALUE = 7.0
DECISION_VALUE = 4.0  # kind "decision" and memory type "instruction"
PREFERENCE_VALUE = 3.0  # kind "preference" and memory type "task"
EVENT_VALUE = 2.0
FACT_VALUE = 1.0
CONTENT_WORDS = 12  # words at which the content bonus is full
CONTENT_VALUE = 0.5
MENTION_VALUE = 0.5
MAX_MENTION_VALUE = 1.0


def item_value(item: DistilledItem, position: int, count: int) -> float:
    """How much ``item`` is worth keeping (see the module docstring), ``position`` its index among the
    ``count`` items of its session (0-based). Unitless; a plain first fact scores 1."""
    if item.correction:
        base = CORRECTION_VALUE
    elif item.kind == "decision" or item.memory_type == "instruction":
        base = DECISION_VALUE
    elif item.kind == "preference" or item.memory_type == "task":
        base = PREFERENCE_VALUE
    elif item.memory_type == "event":
        base = EVENT_VALUE
    else:
        base = FACT_VALUE
    lateness = position / (count - 1) if count > 1 else 1.0
    content = CONTENT_VALUE * min(word_count(item.content), CONTENT_WORDS) / CONTENT_WORDS
    repetition = min(MENTION_VALUE * (item.mentions - 1), MAX_MENTION_VALUE)
    return base + lateness + content + repetition


def keep_most_valuable(
    items: Sequence[DistilledItem],
    limit: int = MAX_ITEMS,
    admissible: Callable[[DistilledItem], bool] | None = None,
) -> tuple[list[DistilledItem], int]:
    """The at most ``limit`` most valuable of ``items`` in their original (conversation) order, and how many
    were left out for the cap. ``admissible`` (e.g. "holds no secret") is asked best item first, only until
    ``limit`` items are admitted, so an expensive check runs about ``limit`` times: an item it refuses takes
    no place and is not counted, while the items below the cap are counted left out unchecked. Equal values
    go to the later item. O(n log n) in the number of items.
    """
    count = len(items)
    order = sorted(range(count), key=lambda i: (item_value(items[i], i, count), i), reverse=True)
    chosen: list[int] = []
    for rank, index in enumerate(order):
        if len(chosen) == limit:
            return [items[i] for i in sorted(chosen)], count - rank
        if admissible is None or admissible(items[index]):
            chosen.append(index)
    return [items[i] for i in sorted(chosen)], 0
