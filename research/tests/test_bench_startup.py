"""research/bench/startup.py: a quick run with the fake embedder prints every row of its table beside the baseline."""

from __future__ import annotations

import pytest

from tests.scripts import load_script

startup = load_script("startup.py", "bench_startup")


def test_summary_of_known_samples() -> None:
    assert startup.summary([float(i) for i in range(1, 11)]) == (5.5, pytest.approx(9.1))
    assert startup.summary([7.0]) == (7.0, 7.0)


def test_a_quick_run_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert startup.main(["--quick", "--embedder", "fake"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| ")]
    labels = [row.split("|")[1].strip() for row in rows]
    assert labels == [
        "command",
        "python -c pass",
        "contextlamp --help",
        "contextlamp --version",
        "contextlamp list",
        "contextlamp get",
        "contextlamp save (fresh home)",
        "contextlamp doctor",
        "contextlamp serve: first response",
        "contextlamp serve: tools/list answered",
        "serve: tools/list, other limits (SDK only)",
    ]
    for row in rows[1:]:
        median, p90 = (float(cell) for cell in row.split("|")[2:4])
        assert 0 < median <= p90
