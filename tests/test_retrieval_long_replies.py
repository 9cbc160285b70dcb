"""A long reply that repeats a question's words does not bury the short turn that states the fact (issue #32 item 1):
a memory of more than ``FusionWeights.long_chars`` characters keeps only ``long_keyword`` of its keyword rank's
weight, so the user's own sentence about their countertop comes before a 2,000-character list of cleaning tips."""

from __future__ import annotations

from dataclasses import replace

import pytest

from contextlamp.app.service import Caller, MemoryService
from tests.conftest import Clock

pytestmark = pytest.mark.both_backends

TIP = (
    "Tip {n}: to keep a granite countertop clean, wipe the countertop with warm water and a soft cloth, dry the "
    "granite right away, and never use vinegar on granite because acid dulls the sealed countertop surface. "
)
FACT = "I noticed some scratches on my granite countertop near the sink last week."


def _saved(service: MemoryService, caller: Caller, clock: Clock) -> tuple[str, str]:
    """Other days' chatter, a long reply of cleaning tips, and on another day the short fact; returns their ids."""
    for n in range(8):
        clock.advance_days(1)
        service.save_context(caller, f"I went to the market on day {n} and bought some bread and apples.")
    clock.advance_days(1)
    long = service.save_context(caller, "".join(TIP.format(n=n) for n in range(12)))
    clock.advance_days(1)
    short = service.save_context(caller, FACT)
    return long.id, short.id


def test_the_short_fact_ranks_before_a_long_reply_repeating_its_words(
    service: MemoryService, alice: Caller, clock: Clock
) -> None:
    long, short = _saved(service, alice, clock)
    query = "What happened to my granite countertop?"
    ids = [p.id for p in service.get_context(alice, query, max_results=5).packs]
    assert ids.index(short) < ids.index(long)  # both found, the user's own fact first
    weights = service.weights
    service.weights = replace(weights, long_chars=0)  # every memory alike: the long reply's keyword rank wins
    before = [p.id for p in service.get_context(alice, query, max_results=5).packs]
    service.weights = weights
    assert before.index(long) < before.index(short)
