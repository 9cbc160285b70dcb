"""Weighted RRF against hand-computed expectations (oracle tests)."""

from __future__ import annotations

import pytest

from contextlamp.retrieval.fusion import weighted_rrf


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
