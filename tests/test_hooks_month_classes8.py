"""What capture keeps and what a later correction retires, class by class (issue #27, stop 42: the blind7 month
bank's misses diagnosed in research/notes/month8-stop42.md and fixed as classes, in other words than the bank's):

- a hyphenated spoken wrapper ("heads-up,", "side-note:") is framing like its spaced spelling;
- a part's attribute qualified by where it shows ("the X's id in the registry is V"), a supplier ("support for the
  X comes from V"), a move said of the part itself ("the X went from A to B"), a change written as an arrow
  followed by an aside in the past, and a gate of the team's process ("before merging anything that touches the
  X, run `cmd`") are statements worth keeping;
- a correction that names its subject apart ("Re the X, I had that wrong. It's V", "forget what I said about the
  X. It's V", "Erratum re the X: I wrote A earlier. It's V", "fix about the X: the check is V now") keeps its
  new statement with the subject, and not the old value it narrates;
- a correction whose marker the distiller removed still supersedes, a correction naming the old value as old in
  a parenthesis ("(the A one ...)") supersedes, and two statements opening on the same name or word share that
  subject ("Ines owns X" / "Ines no longer owns X, Bruno does").
"""

from __future__ import annotations

import pytest

from contextlamp.distill.offline import OfflineDistiller
from contextlamp.distill.transcript import Turn
from contextlamp.domain.freshness import same_attribute
from contextlamp.hooks.judge import corrected


def _items(*said: str) -> list[str]:
    turns: list[Turn] = [Turn("user", "hi, picking up the warehouse work again"), Turn("assistant", "Hello!")]
    for text in said:
        turns += [Turn("user", text), Turn("assistant", "Noted.")]
    return [i.content for i in OfflineDistiller().distill(turns)]


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("heads-up, the label printer service was renamed to lbl-print-2.", "lbl-print-2"),
        ("side-note: the pick router keeps its state in the pick_state database.", "pick_state"),
        ("heads-up if you deploy on a Friday: the pick router reads from picks.v3.", "picks.v3"),
        ("the pallet scanner's id in the device registry is DEV_PS_44.", "DEV_PS_44"),
        ("Support for the conveyor controller comes from Garrick Automation; quote the asset tag.", "Garrick"),
        ("The dock scheduler went from RabbitMQ to NATS JetStream when the cluster was rebuilt.", "NATS"),
        ("The pallet scanner went from v2.3 to v3.1 when the firmware was pushed.", "v3.1"),
        ("the freezer monitor alarm: -18 C -> -22 C, it was tripping on every door opening.", "-22 C"),
        ("before merging anything that touches the pick router, run `make replay-picks` locally.", "make replay-picks"),
    ],
)
def test_a_statement_of_the_class_is_kept(said: str, value: str) -> None:
    items = _items(said)
    assert any(value in item for item in items), items


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "Re the label printer queue, I had that wrong. It's lp-zebra-3, the old one was retired.",
            "The label printer queue is lp-zebra-3",
        ),
        ("forget what I told you about the dock scheduler owner. It's Wanjiru.", "The dock scheduler owner is Wanjiru"),
        (
            "Erratum re the pick router: I wrote 4 replicas earlier. It actually runs 6 replicas now.",
            "The pick router actually runs 6 replicas",
        ),
        (
            "quick fix to what I said about the dock scheduler: the cutoff is 17:30 now, not 18:00.",
            "The dock scheduler's cutoff is 17:30",
        ),
    ],
)
def test_a_correction_that_names_its_subject_apart_keeps_the_subject(said: str, kept: str) -> None:
    items = _items(said)
    assert any(item.startswith(kept) for item in items), items
    assert not any("I wrote" in item or "had that wrong" in item for item in items), items


@pytest.mark.parametrize(
    "said",
    [
        "ignore what I said about the deploy. It's fine.",  # no value: nothing to keep
        "before you push this, run `make fmt`?",  # a request of the moment
        "heads-up, I'm out tomorrow.",
        "the error in the log is ERR_42.",  # the moment's error
        "The build went from green to red after your change.",  # what happened, no value of the setup
    ],
)
def test_what_the_classes_do_not_take(said: str) -> None:
    assert _items(said) == [], _items(said)


@pytest.mark.parametrize(
    ("older", "newer", "marked"),
    [
        (
            "The returns portal has to ship by 2027-04-02.",
            "New date for the returns portal: 2027-05-20 (the 2027-04-02 one slipped with the audit).",
            False,
        ),
        ("Ines owns the pick router.", "Ines no longer owns the pick router, Bruno does.", False),
        ("The dock scheduler publishes to dock.events.v1.", "The dock scheduler publishes to dock.events.v2.", True),
    ],
)
def test_a_correction_of_the_class_supersedes(older: str, newer: str, marked: bool) -> None:
    assert corrected(newer, [(older, None, None)], marked) is not None


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("Ines owns the pick router.", "Ines owns the dock scheduler now."),  # one more thing she owns
        ("The dock scheduler publishes to dock.events.v1.", "The dock scheduler now also publishes to audit.v1."),
        ("The returns portal has to ship by 2027-04-02.", "New owner for the returns portal: Bruno."),
    ],
)
def test_what_is_no_correction_retires_nothing(older: str, newer: str) -> None:
    assert corrected(newer, [(older, None, None)]) is None


def test_a_subject_one_side_reads_as_a_value_is_the_shared_subject() -> None:
    assert same_attribute("Ines no longer owns the pick router, Bruno does.", "Ines owns the pick router.")
