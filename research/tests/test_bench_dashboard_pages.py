"""research/bench/dashboard_pages.py: a small run signs in, gets every page over the seeded store and prints a row
for each beside the empty store's."""

from __future__ import annotations

import pytest

from tests.scripts import load_script

bench = load_script("dashboard_pages.py", "bench_dashboard_pages")


def test_a_small_run_prints_every_page(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--memories", "40", "--runs", "1"]) == 0
    out = capsys.readouterr().out
    for name, _path in bench.PAGES:
        assert name in out
    assert "40 memories" in out and "empty" in out
