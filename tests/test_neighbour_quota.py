"""Neighbour context and questions that gather (issue #32): when a question asks for a count, a total or several
things at once, its evidence lies in several conversations; the turns one conversation's best hits lift do not take
the places of another conversation's matches (LongMemEval-S multi-session questions,
research/notes/neigh49-stop46.md)."""

from __future__ import annotations

import time
from dataclasses import replace

from contextlamp.app.service import Caller, MemoryService
from contextlamp.retrieval.spread import gathers
from tests.conftest import Clock

BROTHER = [
    "user: I am looking for a birthday gift for my brother, he loves hiking in the mountains.",
    "assistant: A light daypack would be a lovely present for someone who hikes.",
    "user: My brother already has one. What else could I give my brother as a gift?",
    "assistant: Trekking poles, a headlamp, or a good map of his favourite range.",
    "user: I bought the headlamp as the gift for my brother, it cost $45.",
    "assistant: Lovely, it is useful on every trip.",
    "user: I still have to wrap the gift for my brother before Sunday.",
    "assistant: Brown paper and string look nice for that.",
]
COWORKER = [
    "user: My coworker Dana is moving to another team next week.",
    "assistant: A small farewell is always appreciated.",
    "user: I picked a gift for my coworker, a ceramic mug with her initials for $18.",
    "assistant: That is a thoughtful choice.",
]
TOTAL = "What is the total amount I spent on gifts for my coworker and brother?"


def _two_conversations(service: MemoryService, caller: Caller, clock: Clock) -> tuple[str, str]:
    """Filler days, the brother's conversation, more days, the coworker's; returns the two price turns' ids."""
    for n in range(6):
        clock.advance_days(1)
        service.save_context(caller, f"user: day {n}, I cleaned the flat and called my parents.")
    clock.advance_days(1)
    brother = [service.save_context(caller, text).id for text in BROTHER]
    clock.advance_days(4)
    coworker = [service.save_context(caller, text).id for text in COWORKER]
    clock.advance_days(1)
    return brother[4], coworker[2]


def _ids(service: MemoryService, caller: Caller, query: str, quota: int | None = None) -> list[str]:
    """The top five packs' ids for ``query``, with ``neighbour_quota`` set to ``quota`` when given."""
    weights = service.weights
    if quota is not None:
        service.weights = replace(weights, neighbour_quota=quota)
    try:
        return [p.id for p in service.get_context(caller, query, max_results=5).packs]
    finally:
        service.weights = weights


def test_a_total_over_two_conversations_finds_both(service: MemoryService, alice: Caller, clock: Clock) -> None:
    brother, coworker = _two_conversations(service, alice, clock)
    assert service.weights.neighbour_quota > 0
    ids = _ids(service, alice, TOTAL)
    assert brother in ids and coworker in ids
    # without the quota the brother's conversation lifts its other turns over the coworker's price
    crowded = _ids(service, alice, TOTAL, quota=0)
    assert brother in crowded and coworker not in crowded


def test_a_question_that_does_not_gather_is_ranked_as_before(
    service: MemoryService, alice: Caller, clock: Clock
) -> None:
    _two_conversations(service, alice, clock)
    query = "What gift did I choose for my brother?"
    assert not gathers(query)
    assert _ids(service, alice, query) == _ids(service, alice, query, quota=0)


def test_questions_that_gather() -> None:
    for text in (
        "How many online courses have I completed in total?",
        "What is the total amount I spent on gifts for my coworker and brother?",
        "What are the two hobbies that led me to join online communities?",
        "How much did I spend on car wash and parking ticket?",
    ):
        assert gathers(text), text
    for text in ("Where did I buy my new tennis racket?", "When did Caroline go to the support group?", "totally"):
        assert not gathers(text), text


def test_gathers_is_linear_on_hostile_text() -> None:
    prose = ("We walked along the river and talked about the weather for a while. " * 3000)[:200_000]
    hostile = [("how " * 50_000)[:200_000], ("tota" * 50_000)[:200_000], ("all " * 50_000)[:200_000]]

    def took(text: str) -> float:
        start = time.perf_counter()
        for _ in range(3):
            gathers(text + " nothing")
        return time.perf_counter() - start

    base = took(prose)
    for text in hostile:
        assert took(text) < 10 * base + 0.05
