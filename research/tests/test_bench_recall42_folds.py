"""recall42's folds (research/bench/recall42_folds.py): the rule the committed split was written with, and the
tables printed from ``--records`` files."""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

import pytest

from tests.scripts import load_script

folds = load_script("recall42_folds.py", "recall42_folds")
DEV = load_script("latency.py", "latency").LONGMEMEVAL  # the benches' one path of the shared dev file
FOLDS_FILE = Path(__file__).resolve().parents[1] / "bench" / "data" / "retrieval_folds.json"


@pytest.mark.skipif(not DEV.is_file(), reason="no ../shared/data")
def test_the_longmemeval_split_is_the_written_rule_and_matches_the_folds_file() -> None:
    split = json.loads(folds.SPLIT.read_text(encoding="utf-8"))["longmemeval"]
    committed = json.loads(FOLDS_FILE.read_text(encoding="utf-8"))["longmemeval"]
    assert committed["recall42-tuning"] == split["tuning"] and committed["recall42-held-out"] == split["held-out"]
    by_type: dict[str, list[str]] = {}
    for item in json.loads(gzip.decompress(DEV.read_bytes())):
        by_type.setdefault(item["question_type"], []).append(item["question_id"])
    held: list[str] = []
    for ids in by_type.values():  # the README's rule: by salted SHA-256 within each type, the first round(0.4 n)
        ordered = sorted(ids, key=lambda i: hashlib.sha256(f"recall42-stop42:{i}".encode()).hexdigest())
        held += ordered[: round(0.4 * len(ids))]
    assert sorted(held) == sorted(split["held-out"]) and len(held) == 20
    assert all(folds.longmemeval_fold(i) == "tuning" for i in split["tuning"])
    assert all(folds.longmemeval_fold(i) == "held-out" for i in held)


def test_the_locomo_fold_is_a_salted_digest_third() -> None:
    held = [q for q in (f"question {n}" for n in range(3000)) if folds.locomo_fold("conv-x", q) == "held-out"]
    assert 900 < len(held) < 1100  # about a third
    digest = hashlib.blake2b(b"recall42-stop42\tconv-x\tquestion 0", digest_size=8).digest()
    assert (folds.locomo_fold("conv-x", "question 0") == "held-out") == (int.from_bytes(digest, "big") % 3 == 0)


def test_tables_by_fold(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    records = tmp_path / "r.jsonl"
    rows = [
        {
            "conversation": "conv-x",
            "question": f"question {n}",
            "category": 1 + n % 2,
            "hybrid": {"5": 1.0, "10": 1.0},
            "keyword": {"5": 0.0, "10": 1.0},
        }
        for n in range(6)
    ]
    records.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert folds.main(["locomo", str(records), "--fold", "all"]) == 0
    out = capsys.readouterr().out
    assert "locomo all: 6 questions" in out
    assert "| hybrid | 1.000 / 1.000 | 1.000 / 1.000 | 1.000 / 1.000 |" in out
    assert "| keyword | 0.000 / 1.000 | 0.000 / 1.000 | 0.000 / 1.000 |" in out


def test_the_fresh_locomo_split_uses_its_own_salt(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    salt = folds.FRESH_SALTS["recall44"]
    questions = [f"question {n}" for n in range(3000)]
    fresh = {q for q in questions if folds.locomo_fold("conv-x", q, salt) == "held-out"}
    old = {q for q in questions if folds.locomo_fold("conv-x", q) == "held-out"}
    assert 900 < len(fresh) < 1100 and fresh != old  # about a third, and another third than stop 42's
    digest = hashlib.blake2b(f"{salt}\tconv-x\tquestion 0".encode(), digest_size=8).digest()
    assert ("question 0" in fresh) == (int.from_bytes(digest, "big") % 3 == 0)
    records = tmp_path / "r.jsonl"
    rows = [
        {"conversation": "conv-x", "question": q, "category": 1, "hybrid": {"5": 1.0, "10": 1.0}} for q in questions
    ]
    records.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert folds.main(["locomo", str(records), "--fold", "held-out", "--salt", "recall44"]) == 0
    assert f"locomo held-out: {len(fresh)} questions" in capsys.readouterr().out
