"""The stop hook asks for the agent's digest when a fact about the setup is said before a clause of ordinary talk
("..., it was every 3 minutes before the upgrade"), and still not for ordinary talk, a request or a question
(issue #27 item 5; hooks/digest.cues_of, ``_leading``)."""

from __future__ import annotations

import time

import pytest

from contextlamp.hooks.digest import cues_of


@pytest.mark.parametrize(
    "turn",
    [
        "got that backwards: the kiln controller fires at 1240 C, it was 1180 C before the refit",
        "the buoy logger samples every 45 seconds, that was a typo earlier",
    ],
)
def test_a_fact_before_a_clause_of_ordinary_talk_asks(turn: str) -> None:
    assert cues_of(turn)


@pytest.mark.parametrize(
    "turn",
    [
        "for now, the buoy logger samples every 45 seconds",  # a moment opening the sentence
        "the buoy logger returns 500 when the queue is empty, look into it",  # a request: about the moment
        "does the buoy logger sample every 45 seconds, it was 3 minutes?",  # a question
        "lol it was fine, the buoy logger is ok",
    ],
)
def test_ordinary_talk_requests_and_questions_still_do_not_ask(turn: str) -> None:
    assert cues_of(turn) == []


def test_reading_clauses_takes_time_linear_in_the_turn() -> None:
    """Clause breaks and ordinary words repeated: four times the turn, at most eight times the time."""

    def cpu(text: str) -> float:
        start = time.process_time()
        for _ in range(3):
            cues_of(text)
        return time.process_time() - start

    for shape in ["it was, ", "x polls 5: ", "the kiln fires at 1240 C - "]:
        small, large = shape * 1_000, shape * 4_000
        assert cpu(large) < 8 * max(cpu(small), 0.005)
