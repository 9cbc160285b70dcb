"""What capture keeps of blind9's classes (issue #27, stop 43, month11), in other words than blind9's: a spoken
opener is removed, never read as the subject ("for the record, the X ..." is no "record's X") nor rewritten into
the fact ("Mistake on my part:" is no "Mistake on the user's part"); relations said with verbs no rule knew; where
to look first when a part misbehaves; and corrections said as an order ("Make that V, not A, for the X"), a late
retraction ("Not A after all — ..."), a retirement by the team ("we retired A; ...") or an amendment naming an
attribute without a verb ("Revise what I said about the X: <attribute> <value>, ...").
"""

from __future__ import annotations

import pytest

from contextlamp.distill.offline import OfflineDistiller
from contextlamp.distill.transcript import Turn
from contextlamp.domain.corrections import correction_kind


def _items(*said: str) -> list[str]:
    turns: list[Turn] = [Turn("user", "morning, back on the ferry booking repo"), Turn("assistant", "Hello.")]
    for text in said:
        turns += [Turn("user", text), Turn("assistant", "Okay.")]
    return [i.content for i in OfflineDistiller().distill(turns)]


@pytest.mark.parametrize(
    "opener",
    [
        "for the record,",
        "Just for the record:",
        "TIL",
        "For the avoidance of doubt,",
        "For what it's worth,",
        "Mistake on my part:",
        "My error:",
        "Correction on my end:",
    ],
)
def test_a_spoken_opener_is_removed_not_kept_as_the_subject_or_rewritten(opener: str) -> None:
    assert _items(f"{opener} the ticket printer runs on ferry-gw-2.") == ["The ticket printer runs on ferry-gw-2."]


@pytest.mark.parametrize("said", ["For what it's worth, I think it's fine.", "To be clear, that was a joke."])
def test_an_opener_before_chatter_keeps_nothing(said: str) -> None:
    assert _items(said) == []


@pytest.mark.parametrize(
    "said",
    [
        "the fare engine leans on Gurobi for the routing.",
        "The fare engine relies on Stripe for refunds.",
        "the tide feed timestamps everything in UTC.",
        "When the berth planner misbehaves, the first place to check is the berth-sla dashboard.",
    ],
)
def test_a_relation_with_a_named_value_is_kept(said: str) -> None:
    assert _items(said) == [said[:1].upper() + said[1:]]


@pytest.mark.parametrize(
    "said",
    [
        "It leans on that a lot.",
        "When the build acts up, the first place to look is the log.",
    ],
)
def test_a_relation_without_its_part_or_value_is_no_memory(said: str) -> None:
    assert _items(said) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "Make that 7200, not 3600, for the fare engine's cache lifetime.",
            "The fare engine's cache lifetime: 7200, not 3600.",
        ),
        (
            "Not Postgres after all — the berth planner stores its plans in SQLite.",
            "The berth planner stores its plans in SQLite, not Postgres.",
        ),
        (
            "we retired pump_err; the ballast monitor's alert watches ballast_lag_seconds now.",
            "We retired pump_err; the ballast monitor's alert watches ballast_lag_seconds now.",
        ),
        (
            "Revise what I said about the ticket printer: queue depth 40, 25 was too few.",
            "The ticket printer: queue depth 40, 25 was too few.",
        ),
    ],
)
def test_a_correction_said_as_an_order_a_late_retraction_a_retirement_or_an_amendment_is_kept(
    said: str, kept: str
) -> None:
    assert _items(said) == [kept]


@pytest.mark.parametrize(
    "said",
    [
        "Make that two sandwiches, not one, for the crew lunch.",
        "Not Postgres after all, it was a typo.",
    ],
)
def test_an_order_or_retraction_without_a_new_value_is_no_memory(said: str) -> None:
    assert _items(said) == []


def test_a_late_retraction_names_the_old_value_at_save_time() -> None:
    older = "The berth planner stores its plans in Postgres."
    assert correction_kind("Not Postgres after all — the berth planner stores its plans in SQLite.", older) == "named"
    assert correction_kind("Not urgent after all — the berth planner stores its plans in SQLite too.", older) is None


def test_the_value_that_matters_for_a_part_is_kept_whole_with_what_it_leaves_out() -> None:
    said = "the metric that counts for the fare engine is refund_lag_seconds; the rest is noise."
    assert _items(said) == [said[:1].upper() + said[1:]]


def test_an_old_value_given_up_in_favour_of_a_new_one_is_kept() -> None:
    said = "the ticket printer dropped spool-v1 in favour of spool-v2 for boarding passes."
    assert _items(said) == [said[:1].upper() + said[1:]]
