"""neigh49_held's cases (research/bench/neigh49_held.py): each question gathers, and its two evidence turns sit in
two conversations saved days apart, the first conversation holding more turns on the subject."""

from __future__ import annotations

import sys

from contextlamp.retrieval.spread import gathers
from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the bench imports common and vector_cache beside it
    sys.path.insert(0, str(BENCH))

neigh49_held = load_script("neigh49_held.py", "neigh49_held")


def test_every_case_spreads_its_evidence_over_two_conversations() -> None:
    data = neigh49_held.load()
    assert len(data["cases"]) == 16
    for n, case in enumerate(data["cases"]):
        assert gathers(case["q"]), case["q"]
        memories = neigh49_held.build_case(case, n)
        days = {role: day for day, role, _ in memories if role in ("ev a", "ev b")}
        assert set(days) == {"ev a", "ev b"} and days["ev a"] != days["ev b"]
        assert sum(role in ("a", "ev a") for _, role, _ in memories) > sum(
            role in ("b", "ev b") for _, role, _ in memories
        )
