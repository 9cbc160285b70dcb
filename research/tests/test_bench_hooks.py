"""research/bench/hooks.py: a quick run with the fake embedder prints every row of its table beside the baseline."""

from __future__ import annotations

import pytest

from tests.scripts import load_script

hooks = load_script("hooks.py", "bench_hooks")


def test_summary_of_known_samples() -> None:
    assert hooks.summary([float(i) for i in range(1, 21)]) == (10.5, pytest.approx(19.05))
    assert hooks.summary([7.0]) == (7.0, 7.0)


def test_a_quick_run_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert hooks.main(["--quick", "--embedder", "fake"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| ")]
    labels = [row.split("|")[1].strip() for row in rows]
    assert labels == [
        "command",
        "python -c pass",
        "contextlamp --version (baseline)",
        "contextlamp list --project web-app (reference)",
        "hook claude-code session-start",
        "hook claude-code session-end (detached save)",
        "hook claude-code session-end, garbage stdin",
    ]
    for row in rows[1:]:
        median, p95 = (float(cell) for cell in row.split("|")[2:4])
        assert 0 < median <= p95
