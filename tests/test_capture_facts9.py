"""Durable statements capture keeps whole (issue #27, stop 42, month9: blind8's misses, fixed as classes in other
words than the bank's): where a part's people hang out, a statement said in parentheses after its subject
("(for the X: ...)"), a change of person said with an auxiliary ("A no longer approves the X; B does"), a
correction that names the old value and says what was meant ("Scratch the A bit about the X, I meant B"), one
that corrects "myself about the X: <attribute> ...", a framing word before a dash ("Heads up — ..."), the old
value denied and the new one given ("The X isn't in A anymore, it's in B"), a move said with "We've since", and
a subject named before its attribute without a comma ("For the X the gate is `cmd`") or after a labelled value
("port: V (that's for the X)").
"""

from __future__ import annotations

import pytest

from contextlamp.distill.offline import OfflineDistiller
from contextlamp.distill.transcript import Turn


def _items(*said: str) -> list[str]:
    turns: list[Turn] = [Turn("user", "morning, more work on the ferry booking stack"), Turn("assistant", "Hi!")]
    for text in said:
        turns += [Turn("user", text), Turn("assistant", "Noted.")]
    return [i.content for i in OfflineDistiller().distill(turns)]


@pytest.mark.parametrize(
    ("said", "words"),
    [
        (
            "the timetable importer people hang out in #tides-dev if you need them.",
            ["timetable importer", "#tides-dev"],
        ),
        ("the berth planner folks hang around in #quay-side", ["berth planner", "#quay-side"]),
        ("(for the ticket printer: receipts are written to /srv/tickets/out)", ["ticket printer's receipts", "/srv"]),
        ("(as for the fare engine, output lands in the fares_v4 table)", ["fare engine's output", "fares_v4"]),
        ("The ticket printer isn't on kiosk-west anymore, it's on kiosk-east since May.", ["printer", "kiosk-east"]),
        ("We've since moved the fare engine to quay-blue; dock-grey is being emptied.", ["fare engine", "quay-blue"]),
        ("Heads up — from this week the berth planner keeps its snapshots 40 days.", ["berth planner", "40 days"]),
    ],
)
def test_a_statement_of_the_class_is_kept_with_its_subject(said: str, words: list[str]) -> None:
    items = _items(said)
    assert any(all(w in item for w in words) for item in items), items
    assert not any(item.startswith(("(", "—", "For the", "As for")) for item in items), items


def test_a_new_person_said_with_an_auxiliary_stays_with_what_they_took_over() -> None:
    items = _items("Oyelaran no longer approves the fare engine; Trinh does since the spring timetable.")
    assert items == ["Oyelaran no longer approves the fare engine; Trinh does since the spring timetable."], items


def test_scratch_the_old_bit_i_meant_the_new_one_keeps_subject_new_and_old_as_old() -> None:
    items = _items("Scratch the 0600 part about the timetable importer, I meant 0530.")
    assert items == ["The timetable importer: 0530, not 0600"], items


def test_correcting_myself_about_a_subject_gives_the_attribute_its_subject() -> None:
    items = _items("Let me correct myself about the berth planner: snapshots go to s3-quay, not s3-pier.")
    assert items == ["The berth planner's snapshots go to s3-quay, not s3-pier."], items


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "is it flaky? For the fare engine the release gate is `make fares-check`.",
            "The fare engine's release gate is `make",
        ),
        ("port: 7443 (that's for the berth planner, the rest use 443)", "The berth planner's port is 7443"),
    ],
)
def test_a_subject_named_before_or_after_its_attribute_owns_it(said: str, kept: str) -> None:
    items = _items(said)
    assert any(item.startswith(kept) for item in items), items


@pytest.mark.parametrize(
    "said",
    [
        "priority: we'll see (that's for the board to decide)",
        "For the demo, run the importer twice.",
        "the booking page hangs again",
        "Scratch that, I meant the other one.",
    ],
)
def test_nothing_is_kept_from_their_look_alikes(said: str) -> None:
    assert _items(said) == [], said


def test_a_typo_to_fix_now_is_no_memory() -> None:
    assert _items("typo in the timetable footer, can you fix it") == []


def test_a_dotted_command_in_backticks_is_not_cut_into_two_sentences() -> None:
    items = _items("For the fare engine the release gate is `./tools/fares-check.sh --strict`, no merge without it.")
    assert any("`./tools/fares-check.sh --strict`" in item for item in items), items
