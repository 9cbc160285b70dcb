"""research/bench/freshness.py: false and missed supersession on a pairs file, by the rule and end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from contextlamp.embedding import FakeEmbedder
from tests.scripts import load_script

bench = load_script("freshness.py", "freshness_bench")


def test_the_bench_counts_false_and_missed_supersession(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pairs = [
        {"older": "The CI timeout is 30 minutes", "newer": "The CI timeout is now 45 minutes", "expect": "supersede"},
        {
            "older": "The main branch is protected",
            "newer": "The main branch now requires two approvals",
            "expect": "keep",
        },
        {"older": "Releases ship every two weeks", "newer": "Releases now ship every week", "expect": "supersede"},
    ]
    data = tmp_path / "pairs.json"
    data.write_text(json.dumps({"pairs": pairs}), encoding="utf-8")
    assert bench.main(["--data", str(data), "--embedder", "fake"]) == 0
    out = capsys.readouterr().out
    assert "3 pairs (2 updates, 1 different facts)" in out
    assert "0/1" in out  # no false supersession
    rows = bench.sweep(pairs, [1.0, 1.0, 1.0])
    assert all(row["false"] == [] and row["missed"] == [2] for row in rows)  # the number-word update is missed
    assert bench.end_to_end(pairs, FakeEmbedder()) == {
        "false": 0,
        "missed": 1,
        "newer_first": 1,
        "updates": 2,
    }
