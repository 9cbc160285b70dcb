"""A statement said again after an opener no rule lists, with only its value changed, retires the memory it restates;
the same opener before another attribute, another subject, a scope or an addition retires nothing; and without an
opener a restatement is no correction (issue #27.2; domain/restated.py, domain/corrections.correction_kind)."""

from __future__ import annotations

import time

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.domain.corrections import correction_kind
from contextlamp.domain.restated import may_restate, restates_with_new_value


def _live(service: MemoryService, caller: Caller) -> list[str]:
    return sorted(i.preview for i in service.list_context(caller, 200, None, None).items if not i.superseded_by)


@pytest.mark.parametrize(
    ("newer", "older"),
    [
        ("blah, got muddled: the kiln controller fires at 1240 C", "The kiln controller fires at 1180 C."),
        ("eh, sloppy of me - the tram depot opens at 05:10", "The tram depot opens at 04:50."),
        ("Tja, die Kühlkammer hält 40 Kisten.", "Die Kühlkammer hält 25 Kisten."),
        # the unit changes with the value ("every 3 minutes" -> "every 45 seconds")
        ("oof, wrong number: the buoy logger samples every 45 seconds", "The buoy logger samples every 3 minutes."),
        # word order and a possessive free; a name capitalised on one side only is a word
        (
            "ack, misread the sheet: the planer's blade supplier is Kessler",
            "The blade supplier of the planer is Marlow.",
        ),
        # a clause after it naming the old value and nothing else
        (
            "hm, got it mixed: the print queue drains to lp-east-4, not lp-east-2",
            "The print queue drains to lp-east-2.",
        ),
    ],
)
def test_an_unlisted_opener_before_the_same_statement_with_a_new_value_corrects(newer: str, older: str) -> None:
    assert restates_with_new_value(newer, older)
    assert correction_kind(newer, older) is not None


@pytest.mark.parametrize(
    ("newer", "older"),
    [
        # no opener: alike saves and series say the same thing with another value
        ("The kiln controller fires at 1240 C.", "The kiln controller fires at 1180 C."),
        # another attribute of the same thing
        ("eh, sloppy of me - the tram depot closes at 23:40", "The tram depot opens at 04:50."),
        # another subject ("Release-Build" / "Nightly-Build": two values changed apart)
        ("Tja, der Release-Build läuft auf ci-8.", "Der Nightly-Build läuft auf ci-3."),
        ("blah, got muddled: the glaze kiln fires at 1240 C", "The bisque kiln fires at 1180 C."),
        # a scope or a moment, not an opener; a label before a colon
        ("In the winter months, the tram depot opens at 05:10", "The tram depot opens at 04:50."),
        ("this week, the tram depot opens at 05:10", "The tram depot opens at 04:50."),
        ("Saturdays: the tram depot opens at 05:10", "The tram depot opens at 04:50."),
        # a number in the opener: a series ("Sprint 14 goal:")
        ("Sprint 14 goal: ship the export page, owner Dana.", "Sprint 13 goal: ship the export page, owner Dana."),
        # a clause after it that adds another fact
        (
            "oof, the buoy logger samples every 45 seconds, the cable was replaced",
            "The buoy logger samples every 3 minutes.",
        ),
        # a marked statement of another attribute whose value is the subject's name capitalised, and a value said
        # not to be it ("..., not in Teams"): no new value of the older's attribute
        (
            "Nope, the weekly depot meeting minutes go in the Depot Meeting doc, not in Teams.",
            "The weekly depot meeting is on Tuesdays at 08:30.",
        ),
        # an addition, a question
        ("eh, the tram depot also opens at 05:10", "The tram depot opens at 04:50."),
        ("eh, does the tram depot open at 05:10?", "The tram depot opens at 04:50."),
    ],
)
def test_an_opener_before_anything_else_corrects_nothing(newer: str, older: str) -> None:
    assert correction_kind(newer, older) is None


def test_a_restatement_after_an_unlisted_opener_retires_the_old_memory_on_save(
    service: MemoryService, alice: Caller
) -> None:
    old = service.save_context(alice, "The buoy logger samples every 3 minutes.")
    service.save_context(alice, "The buoy logger uploads to the harbour NAS.")
    new = service.save_context(alice, "oof, wrong number: the buoy logger samples every 45 seconds")
    assert new.superseded == [old.id]
    assert _live(service, alice) == [
        "The buoy logger uploads to the harbour NAS.",
        "oof, wrong number: the buoy logger samples every 45 seconds",
    ]
    history = service.list_context(alice, 200, None, None, include_superseded=True).items
    assert any(i.id == old.id and i.superseded_by for i in history)  # kept as history, not deleted


def test_the_save_gate_reads_an_opener_before_a_value_only() -> None:
    assert may_restate("oof, wrong number: the buoy logger samples every 45 seconds")
    assert not may_restate("the buoy logger samples every 45 seconds")
    assert not may_restate("In the winter months, the tram depot opens at 05:10")
    assert not may_restate("ok, sounds good, thanks")


def test_reading_a_restatement_takes_time_linear_in_the_text() -> None:
    """Clause breaks repeated where an opener may stand: four times the text, at most eight times the time."""

    def cpu(text: str) -> float:
        start = time.process_time()
        for _ in range(5):
            restates_with_new_value(text, "The tram depot opens at 04:50.")
            may_restate(text)
        return time.process_time() - start

    for shape in ["eh, ", "a - ", "x: 5 ", "the tram depot, "]:
        small, large = shape * 2_000, shape * 8_000
        assert cpu(large) < 8 * max(cpu(small), 0.005)


def test_an_agents_possessive_correction_names_a_subject_whose_other_words_are_values() -> None:
    """ "The GPS relay's interval is now ..." is about the GPS relay of "The GPS relay polls ...": the possessive
    names the subject (blind12's stale: "The ticket gate scanner's ..." found, "The AIS tracker's ..." not)."""
    newer = "The GPS relay's interval is now every 20 seconds (no longer every 2 minutes)."
    assert correction_kind(newer, "the GPS relay polls the base station every 2 minutes") == "named"
    assert correction_kind(newer, "The GPS beacon polls the base station every 2 minutes.") is None
