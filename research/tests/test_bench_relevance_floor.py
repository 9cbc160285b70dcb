"""research/bench/relevance_floor.py: its offline floor keeps what the service's ``with_evidence`` keeps, and its
scores."""

from __future__ import annotations

from typing import Any

from tests.scripts import load_script

rf = load_script("relevance_floor.py", "relevance_floor")


def _item(i: str, cos: float | None, kw_all: bool = False, anchor: str | None = None, dias: Any = ()) -> dict[str, Any]:
    return {"id": i, "dias": list(dias), "cos": cos, "kw": kw_all, "kw_all": kw_all, "fact": False, "anchor": anchor}


def _record(ranked: list[dict[str, Any]], own: bool = True, category: int = 4, evidence: Any = ("D1:2",)) -> Any:
    return {
        "conv": "c",
        "own": own,
        "category": category,
        "evidence": list(evidence),
        "recent": False,
        "ranked": ranked,
    }


def test_the_floor_keeps_evidence_and_the_related_context_of_an_evidenced_match() -> None:
    record = _record(
        [
            _item("a", 0.5, dias=["D1:1"]),  # meaning
            _item("b", 0.1, kw_all=True),  # every word
            _item("n1", 0.25, anchor="a", dias=["D1:2"]),  # context of a, related
            _item("n2", 0.1, anchor="a"),  # context of a, unrelated
            _item("n3", 0.3, anchor="w"),  # context of a weak hit
            _item("w", 0.3),  # no evidence
        ]
    )
    assert [r["id"] for r in rf.floored(record, 0.36, "all")] == ["a", "b", "n1"]
    assert [r["id"] for r in rf.floored(record, 0.36, "all", context=-1.0)] == ["a", "b", "n1", "n2"]
    assert [r["id"] for r in rf.floored(record, -1.0, "any", context=-1.0)] == ["a", "b", "n1", "n2", "n3", "w"]


def test_scores_count_recall_packs_and_lost_questions() -> None:
    kept = _record([_item("a", 0.5, dias=["D1:2"])])
    dropped = _record([_item("w", 0.3, dias=["D1:2"])])
    foreign = _record([_item("w", 0.3)], own=False)
    got = rf.score([kept, dropped, foreign], 0.36, "all")
    assert got["recall@5"] == 0.5 and got["packs_foreign"] == 0 and got["foreign_empty"] == 1.0
    assert rf.lost([kept, dropped], 0.36, "all") == 0.5
    assert rf.lost([kept, dropped], -1.0, "any") == 0.0
