"""What capture keeps of the classes month12 fixed (issue #27, stop 43), in other words than the banks': a library
named in lower case after a verb of building on something; the team's standing practice with a part and a named
value; a part and its value behind a dash; a correction opener that also names the old value, kept when nothing
earlier in the session is corrected; "Error on my part:" is a person talking, not a pasted log line; "records ...
in" relates a part to a value. And the look-alikes that must stay out: a mass noun, a plural, an -ing word or a
pronoun after the same verbs, a narration by the team, a dash before no value.
"""

from __future__ import annotations

import pytest

from contextlamp.distill.offline import OfflineDistiller
from contextlamp.distill.pastes import is_log_line
from contextlamp.distill.transcript import Turn


def _items(*said: str) -> list[str]:
    turns: list[Turn] = [Turn("user", "hi, on the greenhouse controller repo today"), Turn("assistant", "Hello.")]
    for text in said:
        turns += [Turn("user", text), Turn("assistant", "Okay.")]
    return [i.content for i in OfflineDistiller().distill(turns)]


@pytest.mark.parametrize(
    "said",
    [
        "the irrigation planner relies on pyomo to solve the watering schedule.",
        "the humidity logger depends on tinydb for its local buffer.",
        "the vent actuator is written in rust, the rest is python.",
        "the sensor hub serialises its frames with bincode.",
        "the seed catalogue uses sqlalchemy everywhere.",
    ],
)
def test_a_lower_case_library_after_a_verb_of_building_on_is_kept(said: str) -> None:
    assert _items(said) == [said[:1].upper() + said[1:]]


@pytest.mark.parametrize(
    "said",
    [
        "the humidity logger depends on retries.",
        "the vent actuator uses it for that.",
        "the sensor hub leans on luck, honestly.",
    ],
)
def test_a_mass_noun_plural_or_pronoun_after_the_same_verbs_is_no_fact(said: str) -> None:
    assert _items(said) == []


def test_the_teams_standing_practice_with_a_named_value_is_kept() -> None:
    said = "we tag the vent actuator off harvest-lts and the runner takes it from there."
    assert _items(said) == [said[:1].upper() + said[1:]]


@pytest.mark.parametrize(
    "said",
    ["we built the vent actuator from harvest-lts last spring.", "we tried the vent actuator on harvest-lts once."],
)
def test_a_narration_of_the_team_is_no_practice(said: str) -> None:
    assert _items(said) == []


def test_a_part_and_its_value_behind_a_dash_is_kept() -> None:
    assert _items("the climate bus — CANopen, nothing else talks to the fans.") == [
        "The climate bus — CANopen, nothing else talks to the fans."
    ]


def test_a_dash_before_no_value_is_nothing() -> None:
    assert _items("the climate bus — honestly no idea what it does.") == []


@pytest.mark.parametrize("opener", ["My bad:", "Error on my part:", "My mistake,"])
def test_a_correction_that_names_its_old_value_is_kept_with_nothing_earlier(opener: str) -> None:
    assert _items(f"{opener} the frost alarm pages through Pushover, not email.") == [
        "The frost alarm pages through Pushover, not email."
    ]


def test_a_correction_opener_before_a_plain_statement_of_nothing_earlier_stays_out() -> None:
    assert _items("My bad: it was the other laptop.") == []


def test_error_on_my_part_is_a_person_not_a_log_line() -> None:
    assert not is_log_line("Error on my part: the soil probe writes to the probe_readings table.")
    assert is_log_line("ERROR probe timeout after 30s")
    assert is_log_line("error: could not open /dev/ttyUSB0")
    assert _items("Error on my part: the soil probe writes to the probe_readings table.") == [
        "The soil probe writes to the probe_readings table."
    ]


def test_records_relates_a_part_to_a_value() -> None:
    assert _items("the weather mast records all its readings in UTC.") == [
        "The weather mast records all its readings in UTC."
    ]


def test_where_to_send_people_who_ask_about_a_part_is_a_rule() -> None:
    said = "if somebody asks how the frost alarm decides, send them to wiki/greenhouse/frost."
    assert _items(said) == [said[:1].upper() + said[1:]]


@pytest.mark.parametrize(
    "said", ["if anyone asks why the test fails, point them at ci/run.log.", "if anyone asks, send them to me."]
)
def test_a_referral_about_a_thing_of_the_moment_or_to_no_place_is_nothing(said: str) -> None:
    assert _items(said) == []


def test_an_opener_removed_before_a_possessive_attribute_keeps_the_statement() -> None:
    # removing the opener capitalises "the": the possessive attribute must still be read
    assert _items("to set the record straight, the frost alarm's siren vendor is Klaxon") == [
        "The frost alarm's siren vendor is Klaxon"
    ]
