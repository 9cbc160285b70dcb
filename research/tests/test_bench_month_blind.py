"""research/bench/month_blind6.py, month_blind7.py, month_blind8.py, month_blind9.py, month_blind10.py and
month_blind12.py to month_blind22.py (blind11 is agent44's, compared against): each blind month bank keeps the
plan's promises, shares no component, value or chatter with the banks written before it, and every planted secret
is pasted in a message that holds it (their scores are read only at the end)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.scripts import load_script

month = load_script("month.py", "bench_month")
# the banks in the order they were written (blind11 and blind12 at the same stop, apart: neither checks the other)
ORDER = (
    "dev",
    "held",
    "fresh",
    "blind4",
    "blind5",
    "blind6",
    "blind7",
    "blind8",
    "blind9",
    "blind10",
    "blind12",
    "blind11",
    "blind13",
    "blind14",
    "blind15",
    "blind16",
    "blind17",
    "blind18",
    "blind19",
    "blind20",
    "blind21",
    "blind22",
)


@pytest.mark.parametrize(
    ("bank", "corrected"),
    [
        ("blind6", 10),
        ("blind7", 9),
        ("blind8", 10),
        ("blind9", 10),
        ("blind10", 10),
        ("blind12", 10),
        ("blind13", 6),
        ("blind14", 6),
        ("blind15", 6),
        ("blind16", 6),
        ("blind17", 6),
        ("blind18", 6),
        ("blind19", 6),
        ("blind20", 6),
        ("blind21", 6),
        ("blind22", 6),
    ],
)
def test_a_blind_bank_plan(bank: str, corrected: int) -> None:
    sessions, facts = month.plan(bank, month.BANK_SEEDS[bank])
    assert sessions == month.plan(bank, month.BANK_SEEDS[bank])[0]  # deterministic
    assert Counter(s.client for s in sessions) == {"claude-code": 10, "gemini-cli": 6, "codex": 5}
    assert len(facts) == 45 and len({(f.component, f.attribute.name) for f in facts}) == 45
    assert sum(f.old is not None for f in facts) == corrected and all(f.old != f.value for f in facts if f.old)
    assert sum(bool(s.secret) for s in sessions) == 8
    taught = [f for s in sessions for f in (*s.teach, *s.tail)]
    assert sorted(map(id, taught)) == sorted(map(id, facts))
    mine = month.BANKS[bank]
    others = [month.BANKS[b] for b in ORDER[: ORDER.index(bank)]]
    assert not set(mine["components"]) & set().union(*(set(o["components"]) for o in others))
    assert len({c.split()[0] for c in mine["components"]}) == len(mine["components"])  # found_in keys on it
    chatter = {u for o in others for u, _ in o.get("chatter", month.CHATTER)}
    assert not {u for u, _ in mine["chatter"]} & chatter
    values = {v for o in others for a in o["attributes"](random.Random(0)) for v in a.values}
    assert not {v for a in mine["attributes"](random.Random(0)) for v in a.values if not v.isdigit()} & values
    message = mine["secret_message"]
    kinds: set[str] = set()
    for session in sessions:
        if session.secret:
            text = message(session.secret)
            assert all(part in text for part in session.secret)
            assert not month.is_echo(text)
            kinds.add(text.split()[0])
    assert len(kinds) == 8  # every secret kind planted once, each pasted its own way


@pytest.mark.parametrize("bank", ["blind17", "blind18", "blind19", "blind20", "blind21", "blind22"])
def test_every_fact_of_a_fresh_bank_is_reachable(bank: str) -> None:
    """Each wording that teaches or corrects a fact holds the component and the value it teaches (in the user's
    last turn, or in the agent's turn the user confirms), and each query names the component: no fact leans on a
    sentence of another bank."""
    assert bank in month.HELD_OUT  # tools that read every bank's wordings leave it out
    spec = month.BANKS[bank]
    component = spec["components"][0]
    for attribute in spec["attributes"](random.Random(0)):
        assert "{c}" in attribute.query
        value, old = attribute.values[0], attribute.values[1]
        for wording in (*attribute.states, *attribute.corrects):
            turns = wording.format(c=component, v=value, o=old).split(" || ")
            last = turns[-1]
            held = last if value in last else turns[-2] if len(turns) > 1 else ""
            assert value in held, (bank, attribute.name, wording)
            assert component in wording.format(c=component, v=value, o=old), (bank, attribute.name, wording)
        assert len(set(attribute.values)) == len(attribute.values) >= 8
