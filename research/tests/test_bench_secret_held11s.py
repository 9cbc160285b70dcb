"""research/bench/secret_corpus_held11s.py: stop 44's held-out stated split meets its brief (150+ stated credentials
in 16 languages, 500+ distinct ordinary sentences in the same languages, every secret in its text) and shares no
sentence with the earlier splits. No scores here."""

from __future__ import annotations

import sys

from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the split imports secret_rows beside it, as the benches do
    sys.path.insert(0, str(BENCH))
held11s = load_script("secret_corpus_held11s.py", "bench_secret_corpus_held11s")
corpus = load_script("secret_corpus.py", "bench_secret_corpus_for_held11s")
held9s = load_script("secret_corpus_held9s.py", "bench_secret_corpus_held9s_for_held11s")


def _language(kind: str) -> str:
    return kind.rsplit("(", 1)[1].rstrip(")")


def test_held11s_is_large_varied_and_new() -> None:
    rows = held11s.rows()
    assert rows == held11s.rows()  # deterministic
    stated = [r for r in rows if r.group == "stated"]
    prose = [r for r in rows if r.group == "prose"]
    assert len(stated) >= 150 and len({_language(r.kind) for r in stated}) >= 16
    assert {_language(r.kind) for r in prose} == {_language(r.kind) for r in stated}
    assert len(prose) >= 500 and len({r.text for r in prose}) == len(prose) and not any(r.secret for r in prose)
    assert all(r.secret and r.secret in r.text for r in stated)
    earlier = {r.text for r in corpus.corpus()} | {r.text for r in held9s.rows()}
    assert not {r.text for r in rows} & earlier
