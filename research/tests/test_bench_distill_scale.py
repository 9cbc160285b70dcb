"""research/bench/distill_scale.py: its seeded transcript and the table of every stage (the product's linear time is
tests/test_distill_scale.py)."""

from __future__ import annotations

import pytest

from tests.scripts import load_script


def test_the_scale_bench_runs_and_prints_every_stage(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_script("distill_scale.py", "bench_distill_scale")
    text = bench.transcript(40_000)
    assert len(text.encode("utf-8")) <= 40_000 and "```" in text and "Correction: " in text
    assert bench.transcript(40_000) == text  # seeded: the same transcript every run
    assert bench.main(["--sizes", "0.01,0.02", "--embedder", "fake"]) == 0
    out = capsys.readouterr().out
    for column in ("redact", "segment", "classify", "resolve", "embed", "s/MiB", "left out"):
        assert column in out
    assert "0.02" in out and "largest: 0.02 MiB" in out
