"""A question that names a time relative to its asking ("a month ago", "four weeks ago", "yesterday", "last week")
finds what was saved then ahead of the same subject at other times, and a memory saved then that matches the
question only weakly is still offered (issue #32, retrieval/relative_dates.py: LongMemEval's temporal questions)."""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.retrieval.dates import EAST_MS, WEST_MS
from contextlamp.retrieval.relative_dates import DAY_MS, asked_window, relative_window
from tests.conftest import Clock

pytestmark = pytest.mark.both_backends

NOW = int(datetime(2023, 4, 18, 18, 0, tzinfo=UTC).timestamp() * 1000)


def _events(service: MemoryService, caller: Caller, clock: Clock) -> str:
    """Charity events on four days before ``NOW``; the one 30 days before names the subject least. Returns its id."""
    for days, text in (
        (90, "user: I ran the charity 10k for the children's hospital event today, such a great charity event!"),
        (62, "user: Volunteered at the charity bake sale event at church today, a lovely charity event."),
        (12, "user: Helped at the animal shelter charity event this morning, my favourite charity event so far."),
    ):
        clock.now = NOW - days * DAY_MS
        service.save_context(caller, text)
    clock.now = NOW - 30 * DAY_MS
    target = service.save_context(caller, "user: Did the Walk for Hunger with colleagues today, 5 km for charity.").id
    clock.now = NOW
    return target


def test_the_memory_saved_a_month_ago_comes_first(service: MemoryService, alice: Caller, clock: Clock) -> None:
    target = _events(service, alice, clock)
    for question in (
        "What charity event did I participate in a month ago?",
        "Which charity event did I take part in four weeks ago?",
        "What charity event did I join 30 days ago?",
    ):
        packs = service.get_context(alice, question, max_results=5).packs
        assert packs and packs[0].id == target, question
    service.weights = replace(service.weights, relative_dates=False)  # the rule off: the words decide
    packs = service.get_context(alice, "What charity event did I participate in a month ago?", max_results=5).packs
    assert packs and packs[0].id != target


def test_without_a_relative_time_nothing_changes(service: MemoryService, alice: Caller, clock: Clock) -> None:
    _events(service, alice, clock)
    question = "What charity event did I participate in?"
    ranked = [p.id for p in service.get_context(alice, question, max_results=10).packs]
    service.weights = replace(service.weights, relative_dates=False)
    assert [p.id for p in service.get_context(alice, question, max_results=10).packs] == ranked


@pytest.mark.parametrize(
    ("text", "days", "half"),
    [
        ("a month ago", 30.436875, 15.2184375),
        ("four weeks ago", 28, 3.5),
        ("2 weeks ago", 14, 3.5),
        ("a couple of days ago", 2, 0.5),
        ("three years ago", 3 * 365.2425, 365.2425 / 2),
        ("what did I do last week?", 7, 3.5),
        ("last month", 30.436875, 15.2184375),
    ],
)
def test_units_ago_are_that_long_before_now_half_a_unit_either_side(text: str, days: float, half: float) -> None:
    window = relative_window(text, NOW)
    assert window is not None
    start, end = window
    assert start == pytest.approx(NOW - (days + half) * DAY_MS - EAST_MS, abs=1)
    assert end == pytest.approx(NOW - (days - half) * DAY_MS + WEST_MS, abs=1)


def test_yesterday_is_the_day_before_and_a_calendar_date_comes_first() -> None:
    start, end = relative_window("what did I cook yesterday?", NOW) or (0, 0)
    day = int(datetime(2023, 4, 17, tzinfo=UTC).timestamp() * 1000)
    assert (start, end) == (day - EAST_MS, day + DAY_MS + WEST_MS)
    named = asked_window("what did I say on 2023-01-05, a month ago?", NOW)
    assert named is not None and named[0] < int(datetime(2023, 1, 5, tzinfo=UTC).timestamp() * 1000) < named[1]
    assert asked_window("a month ago", NOW, relative=False) is None


def test_phrases_that_name_no_time_before_now() -> None:
    for text in ("for the last time", "in the last year", "the last month of the project", "ago", "0 days ago", ""):
        assert relative_window(text, NOW) is None, text


def test_linear_on_hostile_text() -> None:
    prose = ("We walked along the river and talked about the weather for a while. " * 3000)[:200_000]
    hostile = [("a couple of " * 20_000)[:200_000], ("last " * 40_000)[:200_000], ("12 weeks " * 25_000)[:200_000]]

    def took(text: str) -> float:
        start = time.perf_counter()
        for _ in range(3):
            relative_window(text + " nothing", NOW)
        return time.perf_counter() - start

    base = took(prose)
    for text in hostile:
        assert took(text) < 10 * base + 0.05, text[:20]
