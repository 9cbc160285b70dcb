"""research/bench/month_forms.py: every fact of a bank gets its teaching form from the month's own draws, and a
report's misses are counted by form, never printed as text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.scripts import load_script

month = load_script("month.py", "bench_month")
forms = load_script("month_forms.py", "bench_month_forms")


@pytest.mark.parametrize(
    "bank", ["blind12", "blind15", "blind16", "blind17", "blind18", "blind19", "blind20", "blind21", "blind22"]
)
def test_every_fact_has_its_form(bank: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, facts = month.plan(bank, month.BANK_SEEDS[bank])
    fact = facts[0]
    miss = {"query": fact.query(), "value": fact.value, "old": fact.old, "miss": True, "stale": False, "top5": []}
    report = tmp_path / "r.json"
    report.write_text(json.dumps({"misses": [miss]}), encoding="utf-8")
    result = forms.main(["--bank", bank, str(report)])
    assert sum(result["taught"].values()) == 45 and "unknown" not in result["taught"]
    assert sum(result["corrections"].values()) == sum(f.old is not None for f in facts)
    assert sum(result["reports"]["r.json"]["missed"].values()) == 1
    assert fact.value not in capsys.readouterr().out  # counts and forms only


def test_the_forms_of_the_new_teaching_ways() -> None:
    assert forms.form("add retries to the {c} || Which gateway does the {c} use? || {v}").startswith("bare answer")
    assert forms.form("deploy || The file says {v} for the {c} — right? || yes").startswith("value only in the agent")
    assert forms.form("the {c} runs {v}; this week only it runs B, back to {v} after").startswith("standing value")
    assert forms.form("de {c} draait op {v}") == "Dutch" and forms.form("{c} jest na {v}") == "Polish"


def test_the_languages_of_the_fresh_banks() -> None:
    assert (
        forms.form("el {c} usa {v} ahora") == "Spanish" and forms.form("le {c} tourne sur {v}, c'est tout") == "French"
    )
    assert forms.form("der {c} läuft über {v}") == "German" and forms.form("{c}の担当は{v}です") == "Japanese"


def test_the_languages_and_frames_of_blind19_and_blind20() -> None:
    assert (
        forms.form("o {c} consome da fila {v}") == "Portuguese" and forms.form("il {c} ha {v}, non altro") == "Italian"
    )
    assert (
        forms.form("{c} 서버는 {v}에 있어요") == "Korean" and forms.form("zadanie nocne {c} startuje o {v}") == "Polish"
    )
    assert forms.form("przy okazji: {c} chodzi na {v}").startswith("aside")
    assert forms.form("here's the config:\n```yaml\nevery: {v}\n```").endswith("code fence")


def test_the_languages_and_frames_of_blind21_and_blind22() -> None:
    assert forms.form("düzeltme: {c} artık {v} dalını kullanıyor, {o} değil") == "Turkish"
    assert forms.form("{c} được triển khai từ nhánh {v}") == "Vietnamese"
    assert forms.form("oprava: {c} je teď ve {v}, ne ve {o}") == "Czech"
    assert forms.form("תיקון: {c} עבר ל-{v}, לא {o}") == "Hebrew"
    assert forms.form("> **Review comment:** why?\n\nReplying to the review: {v} for the {c}") == (
        "reply to a code review comment"
    )
    assert forms.form("| service | bucket |\n|---|---|\n| {c} | {v} |") == "pasted markdown table"
    assert forms.form("from the policy doc:\n- {c}: {v}\n- backups: kept") == "list of bullets"
    assert forms.form("the {c} keeps its records {v} ngày") == "value with units in the other language"
    assert forms.form("changed it:\n```diff\n- x: {o}\n+ x: {v}\n```") == "correction as a diff"
