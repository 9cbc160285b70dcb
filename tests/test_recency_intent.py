"""Recency intent (issue 17 point 5): a query asking for the newest memories favours recency without the flag;
a query calling an event recent, or naming a time, does not."""

from __future__ import annotations

import time

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.retrieval.query import asks_for_recent
from tests.conftest import Clock


@pytest.mark.parametrize(
    "query",
    [
        "what was I just working on",
        "What did we just decide?",
        "latest decision about the cache",
        "What did I save most recently?",
        "show me the newest notes",
        "what is the last thing I saved",
        "the most recent change to the deploy",
        "quelle est la décision la plus récente",
        "¿cuál es la nota más reciente?",
        "Was habe ich zuletzt gespeichert?",
        "最新的决定是什么",
        "さっき何をしていた?",
    ],
)
def test_queries_that_ask_for_the_newest_memories(query: str) -> None:
    assert asks_for_recent(query)


@pytest.mark.parametrize(
    "query",
    [
        "what did Melanie paint recently",  # an event called recent (LoCoMo asks these)
        "What book is Jon currently reading?",
        "What did Mel and her kids paint in their latest project in July 2023?",  # names the time asked about
        "what did I decide last week",
        "which editor do I use",
        "the last name of our landlord",
        "",
    ],
)
def test_queries_that_do_not(query: str) -> None:
    assert not asks_for_recent(query)


def test_the_newest_memory_comes_first_without_the_flag(service: MemoryService, alice: Caller, clock: Clock) -> None:
    older = service.save_context(alice, "I was working on the billing export and its CSV writer")
    for n in range(6):
        clock.advance_days(1)
        service.save_context(alice, f"Note {n}: the staging cluster runs {n + 2} replicas")
    clock.advance_days(1)
    newest = service.save_context(alice, "Reviewed the onboarding doc")
    plain = service.get_context(alice, "the billing export I was working on").packs
    assert plain[0].id == older.id  # a topical query is unchanged
    asked = service.get_context(alice, "what was I just working on").packs
    assert asked[0].id == newest.id
    assert asked[0].id == service.get_context(alice, "what was I just working on", recency=True).packs[0].id


def test_the_intent_check_is_linear() -> None:
    text = "just " * 40_000 + "most " * 40_000
    start = time.perf_counter()
    asks_for_recent(text)
    baseline = time.perf_counter()
    asks_for_recent(text * 4)
    took = time.perf_counter() - baseline
    assert took < 40 * max(baseline - start, 1e-4)  # 4x the text, far less than quadratic growth (16x)
