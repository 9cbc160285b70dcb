"""Weighted RRF against hand-computed expectations (oracle tests)."""

from __future__ import annotations

import pytest

from contextlamp.retrieval.fusion import weighted_rrf
from contextlamp.retrieval.sessions import context_capped, long_sessions


def test_rrf_sums_weighted_reciprocal_ranks() -> None:
    fused = weighted_rrf({"a": ["x", "y"], "b": ["y", "z"]}, {"a": 1.0, "b": 2.0}, k=60)
    scores = {f.key: f.rrf for f in fused}
    assert scores["x"] == pytest.approx(1 / 61)
    assert scores["y"] == pytest.approx(1 / 62 + 2 / 61)
    assert scores["z"] == pytest.approx(2 / 62)
    assert [f.key for f in fused] == ["y", "z", "x"]


def test_score_is_one_only_when_first_in_every_list() -> None:
    fused = weighted_rrf({"a": ["x", "y"], "b": ["x"]}, {"a": 1.0, "b": 1.0}, k=60)
    assert fused[0].key == "x" and fused[0].score == pytest.approx(1.0)
    assert fused[1].score == pytest.approx((1 / 62) / (2 / 61))


def test_empty_list_that_ran_still_counts_toward_the_maximum() -> None:
    fused = weighted_rrf({"a": ["x"], "b": []}, {"a": 1.0, "b": 1.0}, k=60)
    assert fused[0].score == pytest.approx(0.5)


def test_zero_weight_list_is_ignored_and_ties_keep_first_seen_order() -> None:
    fused = weighted_rrf({"a": ["p", "q"], "b": ["q", "p"], "c": ["q"]}, {"a": 1.0, "b": 1.0, "c": 0.0}, k=60)
    assert [f.key for f in fused] == ["p", "q"]
    assert fused[0].rrf == pytest.approx(fused[1].rrf)


def test_nothing_to_fuse_gives_nothing() -> None:
    assert weighted_rrf({}, {}, k=60) == []
    assert weighted_rrf({"a": []}, {"a": 1.0}) == []


def test_long_sessions_chain_by_gap_and_keep_only_sessions_holding_a_long_entry() -> None:
    # (characters, created_at ms): a short session at 0-20 ms, a session with a long entry 1 s later, one more later
    facts = {"a": (10, 0), "b": (20, 20), "c": (50, 1_000), "d": (900, 1_010), "e": (10, 1_050), "f": (900, 9_000)}
    assert long_sessions(facts, 100, 600) == {"c": 1, "d": 1, "e": 1, "f": 2}
    assert long_sessions(facts, 10_000, 600) == {i: 0 for i in facts}  # one gap-free chain
    assert long_sessions(facts, 100, 1_000) == {}  # nothing long


def test_lifted_neighbours_past_a_sessions_cap_keep_only_their_own_value() -> None:
    fused = [("a1", 0.9, 0.9), ("a2", 0.8, 0.8), ("n1", 0.7, 0.7), ("n2", 0.6, 0.6), ("b", 0.5, 0.5), ("n3", 0.4, 0.4)]
    group = {"a1": "A", "a2": "A", "n1": "A", "n2": "A", "n3": "A", "b": "B"}
    own = {"n1": (0.0, 0.0), "n2": (0.3, 0.3), "n3": (0.0, 0.0)}  # the lifted neighbours' values before the lift
    out, back = context_capped(fused, group, own, 3)
    assert back == {"n2", "n3"}  # n1 is A's third place; a1 and a2 were found by the lists, never put back
    assert [key for key, _, _ in out] == ["a1", "a2", "n1", "b", "n2", "n3"]
    assert dict((k, (r, s)) for k, r, s in out)["n2"] == (0.3, 0.3)
    assert context_capped(fused, group, own, 0) == (fused, set())  # off
    assert context_capped(fused, {}, own, 1) == (fused, set())  # no session is capped
