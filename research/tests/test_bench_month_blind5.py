"""research/bench/month_blind5.py: the fifth month bank keeps the plan's promises, shares no component with the
other banks, and every planted secret is pasted in a message that holds it (its scores are read only at the end)."""

from __future__ import annotations

from collections import Counter

from tests.scripts import load_script

month = load_script("month.py", "bench_month")


def test_the_blind5_plan() -> None:
    sessions, facts = month.plan("blind5", month.BANK_SEEDS["blind5"])
    assert Counter(s.client for s in sessions) == {"claude-code": 10, "gemini-cli": 6, "codex": 5}
    assert len(facts) == 45 and len({(f.component, f.attribute.name) for f in facts}) == 45
    assert sum(f.old is not None for f in facts) == 10 and all(f.old != f.value for f in facts if f.old)
    assert sum(bool(s.secret) for s in sessions) == 8
    taught = [f for s in sessions for f in (*s.teach, *s.tail)]
    assert sorted(map(id, taught)) == sorted(map(id, facts))
    others = set().union(*(set(month.BANKS[b]["components"]) for b in ("dev", "held", "fresh", "blind4")))
    assert not set(month.BANKS["blind5"]["components"]) & others
    message = month.BANKS["blind5"]["secret_message"]
    for session in sessions:
        if session.secret:
            text = message(session.secret)
            assert all(part in text for part in session.secret)
            assert not month.is_echo(text)
