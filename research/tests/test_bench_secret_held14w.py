"""research/bench/secret_corpus_held14w.py: stop 46's held-out split of credential nouns followed by where they are
kept, who has them or a rule (ordinary), and stated credentials of four value types, meets its brief (300+ distinct
ordinary sentences and 200+ stated credentials in the same 12+ languages, every secret in its text) and shares no
sentence with the earlier stated splits. No scores here."""

from __future__ import annotations

import sys

from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the split imports secret_rows beside it, as the benches do
    sys.path.insert(0, str(BENCH))
held14w = load_script("secret_corpus_held14w.py", "bench_secret_corpus_held14w")
held13s = load_script("secret_corpus_held13s.py", "bench_secret_corpus_held13s_for_held14w")
held12s = load_script("secret_corpus_held12s.py", "bench_secret_corpus_held12s_for_held14w")
corpus = load_script("secret_corpus.py", "bench_secret_corpus_for_held14w")


def _language(kind: str) -> str:
    return kind.rsplit("(", 1)[1].rstrip(")")


def test_held14w_is_large_varied_and_new() -> None:
    rows = held14w.rows()
    assert rows == held14w.rows()  # deterministic
    stated = [r for r in rows if r.group == "stated"]
    prose = [r for r in rows if r.group == "prose"]
    assert len(stated) >= 200 and len({_language(r.kind) for r in stated}) >= 12
    assert {_language(r.kind) for r in prose} == {_language(r.kind) for r in stated}
    assert len(prose) >= 300 and len({r.text for r in prose}) == len(prose) and not any(r.secret for r in prose)
    assert all(r.secret and r.secret in r.text for r in stated)
    for value_type in ("word", "digits", "random", "passphrase"):
        assert sum(r.kind.startswith(f"stated {value_type} value then clause") for r in stated) >= 20
    earlier = {r.text for r in corpus.corpus()} | {r.text for r in held12s.rows()} | {r.text for r in held13s.rows()}
    assert not {r.text for r in rows} & earlier
