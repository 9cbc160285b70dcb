"""research/bench/latency.py: a tiny run through every transport prints its table and figures."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scripts import load_script

latency = load_script("latency.py", "bench_latency")


def test_percentiles_of_known_samples() -> None:
    p50, p95, p99 = latency.percentiles([float(i) for i in range(1, 101)])
    assert p50 == 50.5 and 95 <= p95 <= 96 and 99 <= p99 <= 100


def test_a_tiny_run_on_every_transport(capsys: pytest.CaptureFixture[str]) -> None:
    status = latency.main(
        ["--sizes", "40", "--queries", "5", "--embedder", "fake", "--transports", "in-process,stdio,http"]
    )
    out = capsys.readouterr().out
    assert status == 0
    for row in ("in-process get_context", "stdio get_context", "http save_context", "keyword-only"):
        assert row.split()[0] in out
    assert "peak RSS" in out and "data" in out


@pytest.mark.skipif(not (latency.LOCOMO.is_file() and latency.LONGMEMEVAL.is_file()), reason="no ../shared/data")
def test_the_ingest_rows_use_real_turns(capsys: pytest.CaptureFixture[str]) -> None:
    src = Path(latency.__file__).resolve().parents[2] / "src"  # this tree as its own baseline: both row sets
    args = ["--sizes", "30", "--queries", "5", "--embedder", "fake", "--transports", "in-process", "--ingest"]
    status = latency.main([*args, "--baseline-src", str(src)])
    out = capsys.readouterr().out
    assert status == 0
    turns = len(latency.haystack_turns(latency.LONGMEMEVAL))
    assert turns >= 450
    names = latency.ingest_row_names(turns, baseline=True)  # the bench's own list of what it prints
    for name in names:
        assert name in out
    # both save rows (a turn, 4 KB), each synchronous and write-behind (one commit policy: FULL), the
    # write-behind one also until its entry is indexed; the haystack write-behind and its saves for both trees
    assert len(names) == len(latency.SAVE_LABELS) * (3 + len(latency.EMBEDDING_ROWS)) + 1 + 2 * 2
    assert "LoCoMo questions" in out
