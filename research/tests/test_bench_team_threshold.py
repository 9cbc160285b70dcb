"""research/bench/team_threshold.py: the calibration data is well formed and the table's shares are right."""

from __future__ import annotations

import json

from tests.scripts import BENCH, load_script

bench = load_script("team_threshold.py", "bench_team_threshold")


def test_calibration_pairs_are_labelled_and_balanced() -> None:
    pairs = json.loads((BENCH / "data" / "team-paraphrases.json").read_text())["pairs"]
    labels = [p["label"] for p in pairs]
    assert set(labels) == {"same", "conflict", "distinct"}
    assert labels.count("same") >= 20 and labels.count("conflict") >= 20
    assert all(p["a"].strip() and p["b"].strip() and p["a"] != p["b"] for p in pairs)


def test_measure_counts_shares_with_and_without_the_claim_test() -> None:
    pairs = [
        {"a": "Deploys on Thursdays", "b": "We deploy on Thursdays", "label": "same"},
        {"a": "Deploys on Thursdays", "b": "Deploys on Tuesdays", "label": "conflict"},
        {"a": "Deploys on Thursdays", "b": "Lunch at noon", "label": "distinct"},
    ]
    rows = {r["threshold"]: r for r in bench.measure(pairs, [0.9, 0.93, 0.1])}
    assert rows[0.85]["same"] == (1.0, 1.0)
    assert rows[0.85]["conflict"] == (1.0, 0.0)  # the cosine alone accepts it, the claim test refuses
    assert rows[0.95]["same"] == (0.0, 0.0)
    assert rows[0.75]["distinct"] == (0.0, 0.0)
