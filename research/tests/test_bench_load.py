"""research/bench/load.py: a short run against a real server finishes with no error and no cross-user result."""

from __future__ import annotations

import json
from pathlib import Path

from tests.scripts import load_script

load = load_script("load.py", "bench_load")


def test_percentile_interpolates_like_numpy() -> None:
    assert load.percentile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.5
    assert load.percentile([5.0], 0.99) == 5.0
    assert load.percentile(list(map(float, range(101))), 0.95) == 95.0


def test_a_short_load_run_is_clean(tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    status = load.main(["--clients", "4", "--users", "2", "--seconds", "3", "--embedder", "fake", "--json", str(out)])
    figures = json.loads(out.read_text())
    assert status == 0, figures
    assert figures["errors"] == 0 and figures["cross_user_results"] == 0
    assert figures["tools"]["save_context"]["calls"] > 0 and figures["tools"]["get_context"]["calls"] > 0
