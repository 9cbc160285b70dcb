"""bench/latency.py: a tiny run through every transport prints its table and figures."""

from __future__ import annotations

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
    status = latency.main(
        ["--sizes", "30", "--queries", "5", "--embedder", "fake", "--transports", "in-process", "--ingest"]
    )
    out = capsys.readouterr().out
    assert status == 0
    for row in ("save_context LoCoMo turn", "save_context 4 KB text", "LongMemEval-S haystack", "LoCoMo questions"):
        assert row in out
    # both save rows (a turn, 4 KB), each write-behind with the other commit policy, timed interleaved with the
    # default, and each also until its entry is indexed
    assert out.count("sqlite_synchronous=normal") == 4
    assert out.count("write-behind: until indexed") == 2
    for kind in ("LoCoMo turn", "4 KB text"):
        assert f"save_context {kind}, synchronous" in out
        assert f"save_context {kind}, write-behind, sqlite_synchronous=normal: until indexed" in out
    assert "the synchronous save's texts" in out  # the embedding floor of each save row
    assert "what a write-behind save embeds" in out
    assert len(latency.haystack_turns(latency.LONGMEMEVAL)) >= 450
