"""research/bench/month.py: the month's plan keeps its promises (sessions, clients, facts, corrections, secrets), the
held-out bank shares nothing with the dev bank, and the echo and secret checks it reports by are right."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from tests.scripts import load_script

month = load_script("month.py", "bench_month")


def test_the_plan_of_each_bank() -> None:
    for bank, seed in (("dev", 1), ("held", 7), ("fresh", 11), ("blind4", 23)):
        sessions, facts = month.plan(bank, seed)
        assert Counter(s.client for s in sessions) == {"claude-code": 10, "gemini-cli": 6, "codex": 5}
        assert len(facts) == 45 and len({(f.component, f.attribute.name) for f in facts}) == 45
        assert sum(f.old is not None for f in facts) == month.BANKS[bank].get("corrections", 5) and all(
            f.old != f.value for f in facts if f.old
        )
        assert sum(bool(s.secret) for s in sessions) == 8
        assert any(s.compacts for s in sessions) and any(s.tail for s in sessions)
        assert sessions[-1].day == month.DAYS - 1
        taught = [f for s in sessions for f in (*s.teach, *s.tail)]
        assert sorted(map(id, taught)) == sorted(map(id, facts))  # every fact taught once
        when = {id(f): n for n, s in enumerate(sessions) for f in s.teach}
        assert all(when[id(f)] < n for n, s in enumerate(sessions) for f in s.correct)  # corrected in a later one
    dev, held = month.BANKS["dev"], month.BANKS["held"]
    fresh = month.BANKS["fresh"]
    assert not set(dev["components"]) & set(held["components"])
    assert not set(fresh["components"]) & (set(dev["components"]) | set(held["components"]))
    blind4 = month.BANKS["blind4"]
    assert not set(blind4["components"]) & (set(dev["components"]) | set(held["components"]) | set(fresh["components"]))


def test_echoes_and_secrets_are_recognised(tmp_path: Path) -> None:
    assert month.is_echo("Continue the conversation from where we left off without asking the user any questions.")
    assert month.is_echo("- 2026-12-06 (claude-code): Local variable total referenced.")
    assert month.is_echo("[decision] Use kv for sessions.")
    assert not month.is_echo("The billing worker listens on port 4123 in staging.")
    (tmp_path / "store.db").write_bytes(b"\x00abc 4f9a2-c81d3 \x01")
    assert month.secrets_on_disk(tmp_path, ["4f9a2-c81d3", "7b2e0-19fa4"]) == 1


def test_the_month_clock_moves_the_wall_clock_of_the_processes_it_starts() -> None:
    import os
    import subprocess
    import sys
    import time

    probe = "import time; print(time.time(), time.time_ns() // 10**9)"
    env = {**os.environ, "PYTHONPATH": str(month.CLOCK_DIR), "CLP_MONTH_CLOCK_OFFSET_S": str(-20 * 86400)}
    shifted = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    seconds, whole = (float(x) for x in shifted.stdout.split())
    assert abs(seconds - (time.time() - 20 * 86400)) < 600 and abs(whole - seconds) < 2
    del env["CLP_MONTH_CLOCK_OFFSET_S"]
    plain = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert abs(float(plain.stdout.split()[0]) - time.time()) < 600
