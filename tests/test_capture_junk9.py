"""What capture never keeps from a user's turn (issue #27, stop 42, month9: blind7's junk, fixed as classes in other
words than the bank's): a pasted stack-trace frame named only by its source location or an Elixir error header, one
line of a pasted config file, a bare symptom ("the X never fires"), and a sentence whose closing pronoun points at
what an earlier sentence named. The statements beside them that are durable are still kept.
"""

from __future__ import annotations

import pytest

from contextlamp.distill.offline import OfflineDistiller
from contextlamp.distill.transcript import Turn


def _items(*said: str) -> list[str]:
    turns: list[Turn] = [Turn("user", "hi, back on the tram depot tooling"), Turn("assistant", "Hello!")]
    for text in said:
        turns += [Turn("user", text), Turn("assistant", "Looking.")]
    return [i.content for i in OfflineDistiller().distill(turns)]


@pytest.mark.parametrize(
    "pasted",
    [
        "crashes on launch:\nFatal error: Index out of range\nDepotKit/RosterStore.swift:88: in RosterStore.load()",
        "** (KeyError) key :depot not found\n    (roster 1.2.0) lib/roster/shift.ex:17: Roster.Shift.plan/1",
        "this again\n\tat depot.sched.Planner.run(Planner.java:301)\n/srv/depot/planner/queue.go:90 +0x3c",
        "3   DepotKit  0x00000001a4c2e0f0 closure #1 in Roster.sync()",
        "the build breaks, my .npmrc:\n@depot:registry=https://npm.depot.example/\nprefer-offline=true",
        "[roster]\nshift_hours = 9",
        'the nightly load died:\nORA-01403: no data found\nORA-06512: at "DEPOT.ROSTER_PKG", line 77',
        "always-strict-peer=true",
        "sync_interval_ms: 1500",
        "pullSecretName: depot-regcred",
        'colour_scheme = "amber"',
    ],
)
def test_a_pasted_frame_or_config_line_is_no_memory(pasted: str) -> None:
    assert _items(pasted) == []


@pytest.mark.parametrize("said", ["The roster export never finishes", "the shift banner never shows."])
def test_a_bare_symptom_is_no_memory(said: str) -> None:
    assert _items(said) == []


def test_a_pronoun_pointing_at_another_sentence_is_not_kept_alone() -> None:
    assert _items("The union's approval rests on that.") == []
    items = _items("The night roster has to be published by the 20th; the union's approval rests on it.")
    assert items == ["The night roster has to be published by the 20th; the union's approval rests on it."], items


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("The depot planner never retries after a timeout.", "never retries after a timeout"),
        ("The shift planner's code lives in src/planner.py.", "src/planner.py"),
        ("The tram registry listens on registry.depot:7000.", "registry.depot:7000"),
        ("We plan shifts in Go and the union portal depends on it.", "union portal"),
        ("The kill switch for the roster sync: ROSTER_SYNC_OFF=1", "ROSTER_SYNC_OFF=1"),
    ],
)
def test_a_durable_statement_near_those_shapes_is_kept(said: str, value: str) -> None:
    items = _items(said)
    assert any(value in item for item in items), items
