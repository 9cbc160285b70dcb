"""research/bench/secret_corpus_held13s.py: stop 45 round 2 held-out split of listed, seed, value-first and hex
credentials meets its brief (80+ stated credentials in 12 languages, 200+ distinct ordinary sentences in the same
languages, every secret in its text) and shares no sentence with the earlier stated splits. No scores here."""

from __future__ import annotations

import sys

from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the split imports secret_rows beside it, as the benches do
    sys.path.insert(0, str(BENCH))
held13s = load_script("secret_corpus_held13s.py", "bench_secret_corpus_held13s")
held12s = load_script("secret_corpus_held12s.py", "bench_secret_corpus_held12s_for_held13s")
corpus = load_script("secret_corpus.py", "bench_secret_corpus_for_held13s")


def _language(kind: str) -> str:
    return kind.rsplit("(", 1)[1].rstrip(")")


def test_held13s_is_large_varied_and_new() -> None:
    rows = held13s.rows()
    assert rows == held13s.rows()  # deterministic
    stated = [r for r in rows if r.group == "stated"]
    prose = [r for r in rows if r.group == "prose"]
    assert len(stated) >= 80 and len({_language(r.kind) for r in stated}) >= 12
    assert {_language(r.kind) for r in prose} == {_language(r.kind) for r in stated}
    assert len(prose) >= 200 and len({r.text for r in prose}) == len(prose) and not any(r.secret for r in prose)
    assert all(r.secret and r.secret in r.text for r in stated)
    earlier = {r.text for r in corpus.corpus()} | {r.text for r in held12s.rows()}
    assert not {r.text for r in rows} & earlier
