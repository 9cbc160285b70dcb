"""research/bench/native.py: the synthetic session is a Claude Code file the parser reads, streaming it keeps memory
near the kept text, its time stays within a small factor of decoding the lines, and the report prints its table."""

from __future__ import annotations

from pathlib import Path

import pytest

from contextlamp.distill.native import parse_native
from tests.scripts import load_script

bench = load_script("native.py", "bench_native")
MIB = 1024 * 1024


def test_streaming_a_large_file_stays_near_the_json_decoding_baseline_in_bounded_memory(tmp_path: Path) -> None:
    row = bench.measure(4.0, 15, tmp_path)
    assert row["mib"] >= 4.0 and row["turns"] == 2 * row["user_turns"]  # one user and one assistant turn each
    assert row["peak_mib"] < row["mib"] / 4  # the tool output is never held
    assert row["streamed"] < 5 * row["baseline"] + 0.5  # generous: the machine is shared


def test_the_synthetic_session_leaves_out_its_tool_output_and_sidechain(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    bench.write_session(path, MIB // 2, 3)
    turns = parse_native(path.read_text(encoding="utf-8"))
    assert turns and all(t.role in ("user", "assistant") for t in turns)
    joined = "\n".join(t.text for t in turns)
    assert "assert settlement" not in joined and "Sub-agent" not in joined and "system-reminder" not in joined


def test_the_report_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--sizes", "0.25,0.5"]) == 0
    out = capsys.readouterr().out
    assert "Native transcript parsing" in out and "x baseline" in out and "peak MiB" in out
