"""research/bench/secret_corpus_held12s.py: stop 45's held-out split of verb-joined and value-first stated
credentials meets its brief (150+ stated credentials in 12 languages, 400+ distinct ordinary sentences in the same
languages, every secret in its text) and shares no sentence with the earlier stated splits. No scores here."""

from __future__ import annotations

import sys

from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the split imports secret_rows beside it, as the benches do
    sys.path.insert(0, str(BENCH))
held12s = load_script("secret_corpus_held12s.py", "bench_secret_corpus_held12s")
held11s = load_script("secret_corpus_held11s.py", "bench_secret_corpus_held11s_for_held12s")
corpus = load_script("secret_corpus.py", "bench_secret_corpus_for_held12s")


def _language(kind: str) -> str:
    return kind.rsplit("(", 1)[1].rstrip(")")


def test_held12s_is_large_varied_and_new() -> None:
    rows = held12s.rows()
    assert rows == held12s.rows()  # deterministic
    stated = [r for r in rows if r.group == "stated"]
    prose = [r for r in rows if r.group == "prose"]
    assert len(stated) >= 150 and len({_language(r.kind) for r in stated}) >= 12
    assert {_language(r.kind) for r in prose} == {_language(r.kind) for r in stated}
    assert len(prose) >= 400 and len({r.text for r in prose}) == len(prose) and not any(r.secret for r in prose)
    assert all(r.secret and r.secret in r.text for r in stated)
    earlier = {r.text for r in corpus.corpus()} | {r.text for r in held11s.rows()}
    assert not {r.text for r in rows} & earlier
