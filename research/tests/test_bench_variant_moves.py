"""research/bench/variant_moves.py: a variant's per-question moves against hybrid, and the last record of a question
winning in a records file appended by several runs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.scripts import load_script

moves_script = load_script("variant_moves.py", "variant_moves")


def _figures(any5: float, all10: float) -> dict[str, float]:
    return {"recall_any@5": any5, "recall_all@10": all10}


def _record(qid: str, hybrid: tuple[float, float], variant: tuple[float, float]) -> dict[str, Any]:
    turn = {"hybrid": _figures(*hybrid), "v": _figures(*variant)}
    return {"id": qid, "type": "multi-session", "turn": turn, "session": turn}


def test_a_variant_names_the_questions_it_gains_and_loses_and_a_later_record_wins(tmp_path: Path, capsys) -> None:
    path = tmp_path / "records.jsonl"
    rows = [
        _record("q1", (1.0, 1.0), (1.0, 1.0)),  # an earlier run's record of q2, replaced below
        _record("q2", (1.0, 1.0), (0.0, 1.0)),
        _record("q2", (0.0, 1.0), (1.0, 0.0)),
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    records = moves_script.read_records(path)
    assert sorted(records) == ["q1", "q2"]
    assert moves_script.moves(records, "v") == ["q2:tany@5+", "q2:tall@10-", "q2:sall@10-"]
    assert moves_script.main([str(path)]) == 0
    out = capsys.readouterr().out
    assert "overall (2) | 0.500 / 1.000 / 1.000 | 1.000 / 0.500 / 0.500" in out
    assert "v q2:tany@5+ q2:tall@10- q2:sall@10-" in out
