"""A question that names a calendar date ("on October 13, 2023", "in March 2023", "2023-10-13") finds what was saved
that day ahead of the same subject on other days (issue #32, retrieval/dates.py)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.domain.models import ExplainedResult
from contextlamp.retrieval.dates import named_window
from tests.conftest import Clock

pytestmark = pytest.mark.both_backends


def _at(year: int, month: int, day: int, hour: int = 12) -> int:
    return int(datetime(year, month, day, hour, tzinfo=UTC).timestamp() * 1000)


SUBJECTS = [
    "the harbour at night",
    "two foxes in the snow",
    "my grandmother's garden",
    "a storm over the bay",
    "a bowl of lemons",
]


def _paintings(service: MemoryService, caller: Caller, clock: Clock) -> str:
    """Melanie shows a painting on six days; the 13 October 2023 turn names it least. Returns its id."""
    days = [(2023, 8, 2), (2023, 8, 20), (2023, 9, 9), (2023, 10, 29), (2023, 11, 17)]
    for (year, month, day), subject in zip(days, SUBJECTS, strict=True):
        clock.now = _at(year, month, day)
        text = f"Melanie: I want to show you, Caroline, my painting of {subject}: the painting I love, painting!"
        service.save_context(caller, text)
    clock.now = _at(2023, 10, 13)
    target = service.save_context(
        caller, "Melanie: Let me show you, Caroline: a painting I did, inspired by sunsets."
    ).id
    clock.now = _at(2023, 12, 1)
    return target


def test_the_memory_saved_on_the_named_day_comes_first(service: MemoryService, alice: Caller, clock: Clock) -> None:
    target = _paintings(service, alice, clock)
    for question in (
        "What painting did Melanie show to Caroline on October 13, 2023?",
        "What painting did Melanie show on 13 October 2023?",
        "What painting did Melanie show on the 13th of October?",
        "Which painting did Melanie show on 2023-10-13?",
    ):
        packs = service.get_context(alice, question, max_results=5).packs
        assert packs and packs[0].id == target, question
    explained = service.get_context(alice, "Which painting did Melanie show on 2023-10-13?", explain=True)
    assert isinstance(explained, ExplainedResult)
    assert explained.signals[0]["named_date"] == 1  # the dashboard says why: saved on the date asked


def test_without_a_date_nothing_changes(service: MemoryService, alice: Caller, clock: Clock) -> None:
    _paintings(service, alice, clock)
    question = "What painting did Melanie show to Caroline?"
    ranked = [p.id for p in service.get_context(alice, question, max_results=10).packs]
    service.weights = replace(service.weights, named_date=0.0)
    assert [p.id for p in service.get_context(alice, question, max_results=10).packs] == ranked


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("on October 13, 2023", (2023, 10, 13)),
        ("on 13 October, 2023", (2023, 10, 13)),
        ("on 8th December, 2023", (2023, 12, 8)),
        ("the 1st of Feb 2023", (2023, 2, 1)),
        ("deployed on 2023-10-13 at noon", (2023, 10, 13)),
        ("on Sept. 3rd 2022", (2022, 9, 3)),
    ],
)
def test_a_named_day_is_that_day_in_every_time_zone(text: str, day: tuple[int, int, int]) -> None:
    window = named_window(text, _at(2024, 1, 1))
    assert window is not None
    assert window[0] == _at(*day, hour=0) - 14 * 3_600_000  # midnight at UTC+14
    assert window[1] == _at(*day, hour=0) + 36 * 3_600_000  # the day's end at UTC-12


def test_a_month_a_yearless_day_and_no_date() -> None:
    now = _at(2023, 3, 1)
    assert named_window("what did John attend in March 2023?", now) == (
        _at(2023, 3, 1, hour=0) - 14 * 3_600_000,
        _at(2023, 4, 1, hour=0) + 12 * 3_600_000,
    )
    # a day without its year: the latest one at or before now (last year's, as this year's is still ahead)
    assert named_window("on October 13", now) == named_window("on October 13, 2022", now)
    for text in ("what did you do in May?", "on 31 February 2023", "I may need 2 days", "version 2023.10", ""):
        assert named_window(text, now) is None, text
