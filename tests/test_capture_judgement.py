"""What automatic capture keeps, class by class (issue #27, stop 39: the blind5 month bank's miss classes and the
stop-38 breaker's capture findings, research/notes/breaker-stop38.md sections 7-10b), in other words than either:

- a one-fact English session whose sentence holds a word another language also uses ("per") is English;
- a part named with a possessive ("the shop's checkout service") is a part of the setup;
- a part that pages someone itself ("The exporter pages #oncall after ...") states a standing rule, and so does
  a runbook step ("If the X acts up, flip <flag> off");
- how long a part's data is kept ("We retain X for 400 days", "X is wiped after 48 hours") is a value;
- a part "fed by" / "gated behind" a value is a value statement; "upstream for the X is V" too;
- spoken wrapping of a restatement or a hedge ("As I mentioned before,", "as far as I know") is removed whole;
- a line that only leads in ("Here are my notes:") and another person's health are never memories;
- a correction that names its subject in one sentence and its value in the next is one statement;
- a correction saying "went from O to V", or "V; O was ..." retires the memory holding O.
"""

from __future__ import annotations

import pytest

from contextlamp.distill.offline import OfflineDistiller, session_language
from contextlamp.distill.statements import states_value
from contextlamp.distill.transcript import Turn
from contextlamp.hooks.judge import corrected, restates


def _items(*said: str) -> list[str]:
    turns: list[Turn] = []
    for text in said:
        turns += [Turn("user", text), Turn("assistant", "Noted.")]
    return [i.content for i in OfflineDistiller().distill(turns)]


def test_a_one_fact_english_session_with_per_is_english() -> None:
    # read as Italian, the session was judged by the chatter model of a language without cues and kept nothing
    said = "The upload proxy accepts 40 files per minute per user."
    assert session_language([Turn("user", said), Turn("assistant", "Noted.")]) == "en"
    assert _items(said) == [said]


def test_a_part_named_with_a_possessive_is_kept() -> None:
    # a value statement anchors the session against the chatter model (offline.OfflineDistiller.distill)
    said = "The shop's checkout service calls the Adyen sandbox at checkout-test.adyen.example."
    assert states_value(said)
    assert _items(said) == [said]


@pytest.mark.parametrize(
    "said",
    [
        "The invoice mailer pages #billing-oncall after the second bounce.",
        "Failures of the nightly importer page the duty engineer.",
        "If the search cluster acts up, flip search.fallback_mode on.",
    ],
)
def test_standing_rules_said_of_the_part_are_kept(said: str) -> None:
    assert _items(said) == [said]


def test_who_made_a_part_and_still_looks_after_it_is_kept() -> None:
    said = "Marguerite wrote the label printer service and still reviews every change to it."
    assert states_value(said)
    assert _items(said) == [said]


def test_a_one_off_fix_after_a_condition_stays_a_request() -> None:
    assert _items("If the tests fail, rerun them.") == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "We retain audit events for 400 days, compliance was strict about it.",
            "We retain audit events for 400 days, compliance was strict about it.",
        ),
        ("Session recordings are wiped after 30 days.", "Session recordings are wiped after 30 days."),
        ("The tile cache is fed by tiles.raw.v2.", "The tile cache is fed by tiles.raw.v2."),
        (
            "Upstream for the tile cache is https://tiles.example/feed.",
            "Upstream for the tile cache is https://tiles.example/feed.",
        ),
    ],
)
def test_retention_and_sources_are_kept(said: str, kept: str) -> None:
    assert _items(said) == [kept]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("As I mentioned before, the mailer runs on Python 3.12.", "The mailer runs on Python 3.12."),
        ("The mailer uses Postmark as far as I know.", "The mailer uses Postmark."),
        ("Just to reiterate, the mailer retries 5 times, I think I told you already.", "The mailer retries 5 times."),
    ],
)
def test_restatement_wrapping_and_hedges_are_removed(said: str, kept: str) -> None:
    assert _items(said) == [kept]


def test_a_lead_in_line_is_no_memory() -> None:
    assert _items("Some context from the migration doc:", "The importer reads from the raw-events queue.") == [
        "The importer reads from the raw-events queue."
    ]


def test_another_persons_health_is_dropped_and_the_fact_beside_it_kept() -> None:
    kept = _items(
        "The importer reads from the raw-events queue.",
        "My colleague Ilka is on medical leave until March after her surgery.",
    )
    assert kept == ["The importer reads from the raw-events queue."]


def test_a_correction_split_over_two_sentences_is_one_statement() -> None:
    kept = _items("I was wrong about the importer host. It's actually on batch-node-4.")
    assert kept == ["The importer host is actually on batch-node-4."]


def test_a_negated_old_value_and_the_new_one_stay_one_statement() -> None:
    said = "No longer Mon 01:00-02:00 for the importer; the new window is Thu 03:00-04:00."
    assert _items(said) == [said]


@pytest.mark.parametrize(
    ("newer", "older"),
    [
        ("Retention on the audit store went from 90 to 400 days.", "Audit store data gets purged after 90 days."),
        (
            "We loosened the importer lag alert to 900 ms; 400 was paging all night.",
            "Page us when importer lag goes over 400 ms.",
        ),
    ],
)
def test_a_correction_naming_its_old_value_retires_it(newer: str, older: str) -> None:
    assert corrected(newer, [(older, None, None)]) is not None


def test_a_sentence_gluing_two_live_memories_is_a_dedupe() -> None:
    live = ["The label printer uses CUPS 2.4.", "The user prefers Avery labels for every shipment."]
    glued = "The user prefers Avery labels for every shipment, and the label printer uses CUPS 2.4."
    assert restates(glued, live)
    assert not restates(glued.replace("2.4", "2.5"), live)  # one clause says something new: not a dedupe


@pytest.mark.parametrize(
    "said",
    [
        "Please don't merge the schema branch today.",
        "Do not restart the broker until I get back.",
        "The on-call phone rang twice at 4am again.",
        "The nightly backup failed at 2am again.",
    ],
)
def test_a_prohibition_for_now_and_an_event_again_are_no_memories(said: str) -> None:
    assert _items(said) == []


def test_a_lasting_prohibition_is_kept() -> None:
    assert _items("Never touch the prod database by hand.") == ["Never touch the prod database by hand."]
