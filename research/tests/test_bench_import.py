"""research/bench/import_speed.py: an import against the same memories saved one by one, a rerun and a dry run."""

from __future__ import annotations

import pytest

from tests.scripts import load_script

bench = load_script("import_speed.py", "import_speed_bench")


def test_the_bench_times_every_row_and_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert len({m["memory"] for m in bench.memories(40)}) == 40  # distinct texts: nothing deduped by accident
    assert bench.main(["--n", "12", "--embedder", "fake"]) == 0
    out = capsys.readouterr().out
    for row in ("save_context loop (baseline)", "import", "second import", "dry run", "save_context loop, again"):
        assert row in out
