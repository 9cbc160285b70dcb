"""research/bench/secret_scanner.py: the shipped corpora are well formed, score 0 false positives and 100 % recall,
and the report prints its three tables on a small slice."""

from __future__ import annotations

import sys

import pytest

from contextlamp.domain.secret_scan import SecretScanner
from tests.scripts import BENCH, load_script

bench = load_script("secret_scanner.py", "bench_secrets")


def test_the_secret_corpus_covers_every_kind_of_our_own_rules() -> None:
    """The hand-written corpus covers every kind of the core and slot rules; the format layer's ~400 vendor
    kinds are the generated corpus's (next test)."""
    from contextlamp.domain.secret_labels import LABELLED_RULES
    from contextlamp.domain.secret_rules import RULES
    from contextlamp.domain.secret_slots import slot_rules

    secrets = bench.load_secrets()
    assert len(secrets) >= 100 and all(s.secret in s.text for s in secrets)
    claimed = {rule.kind for rule in (*RULES, *LABELLED_RULES, *slot_rules()) if not rule.redact_only}
    per_kind = {kind: sum(1 for s in secrets if s.kind == kind) for kind in claimed}
    assert set(per_kind) == claimed and min(per_kind.values()) >= 1
    assert {s.kind for s in secrets} <= claimed


def test_the_generated_corpus_is_large_enough_to_show_a_miss() -> None:
    rows = bench.secret_corpus.corpus()
    credentials = [r for r in rows if r.group in ("format", "stated")]
    languages = {r.kind.rsplit("(", 1)[1] for r in rows if r.group == "stated"}
    evasions = {r.kind for r in rows if r.group == "evasion"}
    prose = [r.text for r in rows if r.group == "prose"]
    assert len(credentials) >= 300 and len({r.kind for r in credentials}) >= 80
    assert len(languages) >= 12 and len(evasions) >= 8
    assert len(prose) >= 500 and len(set(prose)) == len(prose)
    halves = {"tuning", "held-out", "fresh", "held3", "held4", "held5", "held6", "s9", "held7", "held8"}  # to stop 42
    assert {r.half for r in rows} == halves
    assert all(r.secret and r.secret in r.text for r in rows if r.group in ("format", "stated"))


def test_engineering_notes_are_several_hundred_sentences() -> None:
    notes = bench.load_notes()
    assert len(notes) >= 400 and len(set(notes)) == len(notes)


def test_shipped_corpora_score_zero_false_positives_and_full_recall() -> None:
    scanner = SecretScanner()
    notes = bench.load_notes()
    for per_text in (1, 5):
        assert bench.false_positives(scanner, "notes", notes, per_text).flagged == []
    for row in bench.recall(scanner, bench.load_secrets()):
        assert (row.found, row.removed) == (row.total, row.total), f"{row.kind}: {len(row.misses)} missed"


def test_locomo_sentences_score_zero_false_positives() -> None:
    path = bench.default_locomo()
    if path is None:
        pytest.skip("LoCoMo dev data not available")
    sentences = bench.locomo_sentences(path)
    assert len(sentences) > 5_000
    assert bench.false_positives(SecretScanner(), "locomo", sentences).flagged == []


def test_false_positive_rate_is_per_ten_thousand_sentences() -> None:
    class Flags:
        def kinds(self, text: str) -> list[str]:
            return ["PIN"] if "PIN" in text else []

    row = bench.false_positives(Flags(), "x", ["my PIN 1", "ok", "fine", "fine too"])
    assert (row.sentences, len(row.flagged), row.per_10k) == (4, 1, 2_500.0)
    paragraphs = bench.false_positives(Flags(), "x", ["my PIN 1", "ok", "fine", "fine too"], per_text=3)
    assert (paragraphs.sentences, len(paragraphs.flagged)) == (4, 1)


def test_the_report_prints_its_tables_on_a_small_slice(capsys: pytest.CaptureFixture[str]) -> None:
    status = bench.main(["--quick", "--limit", "200", "--size", "4096", "--show", "3"])
    out = capsys.readouterr().out
    assert status == 0
    for title in ("false positives on ordinary text", "recall on the secret corpus", "throughput"):
        assert title in out
    assert "engineering notes" in out and "all kinds" in out and "hostile (" in out and "ordinary prose" in out


def test_no_bench_script_shadows_a_standard_module() -> None:
    # bench scripts put research/bench/ on sys.path (and spawned processes inherit it): a research/bench/secrets.py
    # broke
    # "import secrets" in every child process of the test suite
    assert not {p.stem for p in BENCH.glob("*.py")} & set(sys.stdlib_module_names)
