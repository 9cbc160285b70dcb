"""research/bench/secret_corpus_held15s.py: stop 47's held-out split of codes and passwords stated with words
between the noun and the value (200+ in 14+ languages, the untuned th/id/uk/fa/he/ko among them) and 300+ distinct
ordinary sentences about such codes, every secret in its text, no text shared with the earlier stated splits.
No scores here."""

from __future__ import annotations

import sys

from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the split imports secret_rows beside it, as the benches do
    sys.path.insert(0, str(BENCH))
held15s = load_script("secret_corpus_held15s.py", "bench_secret_corpus_held15s")
held14w = load_script("secret_corpus_held14w.py", "bench_secret_corpus_held14w_for_held15s")
held14t = load_script("secret_corpus_held14t.py", "bench_secret_corpus_held14t_for_held15s")
corpus = load_script("secret_corpus.py", "bench_secret_corpus_for_held15s")


def _language(kind: str) -> str:
    return kind.rsplit("(", 1)[1].rstrip(")")


def test_held15s_is_large_varied_and_new() -> None:
    rows = held15s.rows()
    assert rows == held15s.rows()  # deterministic
    stated = [r for r in rows if r.group == "stated"]
    prose = [r for r in rows if r.group == "prose"]
    languages = {_language(r.kind) for r in stated}
    assert len(stated) >= 200 and len(languages) >= 14
    assert {"th", "id", "uk", "fa", "he", "ko"} <= languages
    assert {_language(r.kind) for r in prose} == languages
    assert len(prose) >= 300 and len({r.text for r in prose}) == len(prose) and not any(r.secret for r in prose)
    assert all(r.secret and r.secret in r.text for r in stated)
    assert sum("native digits" in r.kind for r in stated) >= 16
    earlier = {r.text for r in corpus.corpus()} | {r.text for r in held14w.rows()} | {r.text for r in held14t.rows()}
    assert not {r.text for r in rows} & earlier
