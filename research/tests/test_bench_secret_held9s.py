"""research/bench/secret_corpus_held9s.py: stop 43's held-out stated split meets its brief (150+ stated credentials
in 14+ languages, 500+ distinct ordinary sentences in the same languages, every secret in its text) and shares no
sentence with the earlier splits. No scores here."""

from __future__ import annotations

import sys

from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the split imports secret_rows beside it, as the benches do
    sys.path.insert(0, str(BENCH))
held9s = load_script("secret_corpus_held9s.py", "bench_secret_corpus_held9s")
corpus = load_script("secret_corpus.py", "bench_secret_corpus_for_held9s")


def _language(kind: str) -> str:
    return kind.rsplit("(", 1)[1].rstrip(")")


def test_held9s_is_large_varied_and_new() -> None:
    rows = held9s.rows()
    assert rows == held9s.rows()  # deterministic
    stated = [r for r in rows if r.group == "stated"]
    prose = [r for r in rows if r.group == "prose"]
    assert len(stated) >= 150 and len({_language(r.kind) for r in stated}) >= 14
    assert {_language(r.kind) for r in prose} == {_language(r.kind) for r in stated}
    assert len(prose) >= 500 and len({r.text for r in prose}) == len(prose) and not any(r.secret for r in prose)
    assert all(r.secret and r.secret in r.text for r in stated)
    earlier = {r.text for r in corpus.corpus()}
    assert not {r.text for r in rows} & earlier
