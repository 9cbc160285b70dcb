"""What capture keeps and drops, class by class (issue #27, stop 43, month10: the capture misses of capture9-held,
blind7 and blind8, in other words than theirs): a pronoun as a verb's object pointing at another sentence, an old
value holding a colon, an irregular past after "I", places and people said as plain words in a "not anymore"
change, a possessive attribute given a named value, a standing how-to with its identifier, a condition left alone
when its request is cut, and a closing aside that narrates when something changed.
"""

from __future__ import annotations

import pytest

from contextlamp.distill.offline import OfflineDistiller
from contextlamp.distill.perspective import to_user_perspective
from contextlamp.distill.transcript import Turn


def _items(*said: str) -> list[str]:
    turns: list[Turn] = [Turn("user", "hi, back on the ski-lift telemetry repo"), Turn("assistant", "Hello.")]
    for text in said:
        turns += [Turn("user", text), Turn("assistant", "Okay.")]
    return [i.content for i in OfflineDistiller().distill(turns)]


@pytest.mark.parametrize(
    "said",
    [
        "The lift maintenance contract requires it explicitly.",
        "The insurance policy covers that too.",
        "The chairlift manual spells that out.",
    ],
)
def test_a_pronoun_object_pointing_at_another_sentence_is_no_memory_alone(said: str) -> None:
    assert _items(said) == []


def test_a_pronoun_object_with_its_antecedent_in_the_sentence_is_kept() -> None:
    said = "The gondola counter is written in Elixir and Piotr maintains it."
    assert _items(said) == [said]


def test_an_old_value_holding_a_colon_is_named_as_old() -> None:
    items = _items("Scratch the 08:45 bit about the lift opener, I meant 08:15.")
    assert items == ["The lift opener: 08:15, not 08:45"], items


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("I meant 08:15", "The user meant 08:15"),
        ("I told Ragna about the lift opener", "The user told Ragna about the lift opener"),
        ("I wrote the pass scanner in Go", "The user wrote the pass scanner in Go"),
        ("I set the alarm at six", "The user sets the alarm at six"),  # "set" is a present too
    ],
)
def test_an_irregular_past_after_i_keeps_its_tense(said: str, stored: str) -> None:
    assert to_user_perspective(said) == stored


@pytest.mark.parametrize(
    "said",
    [
        "The pass scanner isn't on granite anymore, it's on basalt.",
        "lift tickets aren't in mongo any more; they're in postgres.",
        "Ulrike doesn't sign off the avalanche feed anymore, Thabo does.",
    ],
)
def test_a_not_anymore_change_with_plain_word_values_is_kept(said: str) -> None:
    items = _items(said)
    assert len(items) == 1 and said.split()[-1].rstrip(".") in items[0], items


@pytest.mark.parametrize(
    "said", ["The snow cannon isn't loud anymore, it's quiet.", "Ragna doesn't like the new lift app anymore, Bo does."]
)
def test_a_not_anymore_remark_without_a_place_or_a_role_is_not(said: str) -> None:
    assert _items(said) == []


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("transport: CAN FD (that's for the snow cannon bus)", "The snow cannon bus's transport is CAN FD"),
        ("protocol: PROFINET/IO (that's for the chairlift drive)", "The chairlift drive's protocol is PROFINET/IO"),
    ],
)
def test_a_labelled_named_value_for_a_part_is_kept_as_its_attribute(said: str, stored: str) -> None:
    assert _items(said) == [stored]


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("if you want to follow the pass scanner live, tail scans.raw on the bus.", "scans.raw"),
        ("if you need the avalanche feed's history, query avalanche_obs in the warehouse.", "avalanche_obs"),
    ],
)
def test_a_standing_how_to_with_its_identifier_is_kept(said: str, value: str) -> None:
    items = _items(said)
    assert len(items) == 1 and value in items[0], items


@pytest.mark.parametrize(
    "said", ["if you want to fix the test, run pytest -k test_lifts.", "if you want to help the team, read the wiki."]
)
def test_a_request_under_a_condition_keeps_nothing(said: str) -> None:
    assert _items(said) == []


def test_a_closing_aside_narrating_the_change_is_not_stored() -> None:
    assert _items("the pass scanner keeps its queue in nats-west (we moved it on Monday).") == [
        "The pass scanner keeps its queue in nats-west."
    ]
    kept = "The pass scanner runs in alp-2 (the on-prem one, not the cloud)."
    assert _items(kept) == [kept]


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("the lift opener is guarded by the ops.liftstop flag, default off.", "ops.liftstop"),
        ("the pass scanner flag got merged into ff.scan.pause; ff_scan_off does nothing now.", "ff.scan.pause"),
        ("#lift-old was archived, the pass scanner announcements go to #lift-news now.", "#lift-news"),
        ("easiest way to check the gondola counter is up: curl /healthz.txt on it.", "/healthz.txt"),
        ("the avalanche feed stopped reading from snow.obs_v1 last winter, it reads snow.obs_v2.", "snow.obs_v2"),
    ],
)
def test_a_value_said_in_these_shapes_is_kept(said: str, value: str) -> None:
    items = _items(said)
    assert len(items) == 1 and value in items[0], items


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("GX-40 is what the piste groomer runs on, so leave it.", "The piste groomer runs on GX-40"),
        (
            "Forget what I said about the lift opener hardware. K80 is what it actually gets.",
            "The lift opener hardware actually gets K80",
        ),
    ],
)
def test_a_value_said_first_is_stored_after_its_subject(said: str, stored: str) -> None:
    assert _items(said) == [stored]


@pytest.mark.parametrize("said", ["That is what it does.", "#lift-old was archived, sadly."])
def test_look_alikes_of_those_shapes_keep_nothing(said: str) -> None:
    assert _items(said) == []


@pytest.mark.parametrize(
    "pasted",
    [
        "lift-api-6f7d9c8b4-zx1qq   1/1     Running   0          3d",
        "chair     up 2-00:00:00      8    idle c[01-08]",
        "| GPU 0   RTX A4000   On | 00000000:01:00.0 Off |",
        'gondola/12/up {"wind_ms":14.2,"load":0.61}',
    ],
)
def test_a_pasted_row_of_tool_output_is_no_memory(pasted: str) -> None:
    assert _items(pasted) == []


def test_a_sentence_typed_with_double_spaces_is_still_read() -> None:
    said = "The gondola counter publishes to lift.counts.  Piotr maintains it."
    assert any("lift.counts" in item for item in _items(said))


@pytest.mark.parametrize(
    "said",
    [
        "don't restart the pass scanner before the afternoon rush, the tills are busy",
        "please don't touch the lift opener until the storm is over",
    ],
)
def test_a_dont_for_a_while_is_no_standing_rule(said: str) -> None:
    assert _items(said) == []


def test_a_dont_with_a_standing_condition_is_kept() -> None:
    said = "Never restart the pass scanner before the morning checks pass."
    assert _items(said) == [said]


@pytest.mark.parametrize(
    "said",
    [
        "rsync refuses my key, ~/.ssh/config is",
        "helm says 401 pulling the pass scanner chart.",
        "gcloud said 'PERMISSION_DENIED' on the lift opener bucket.",
        "from the spare laptop, in case the lift vault locks me out again —",
    ],
)
def test_a_lead_in_to_a_paste_or_a_tools_answer_is_no_memory(said: str) -> None:
    assert _items(said) == []


def test_a_standing_status_of_a_part_is_kept() -> None:
    said = "The old lift opener endpoint returns 410 since the v3 cut-over."
    assert _items(said) == [said]
