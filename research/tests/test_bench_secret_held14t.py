"""research/bench/secret_corpus_held14t.py: stop 46 held-out split of credentials apart from their noun (tables,
parentheses, ``$``-led values, clauses, replies, wrapped tokens) meets its brief (150+ credentials in 10+
languages, 200+ distinct ordinary look-alikes, every secret in its text) and shares no sentence with the shipped
corpus or held13s. No scores here."""

from __future__ import annotations

import sys

from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the split imports secret_rows beside it, as the benches do
    sys.path.insert(0, str(BENCH))
held14t = load_script("secret_corpus_held14t.py", "bench_secret_corpus_held14t")
held13s = load_script("secret_corpus_held13s.py", "bench_secret_corpus_held13s_for_held14t")
corpus = load_script("secret_corpus.py", "bench_secret_corpus_for_held14t")


def test_held14t_is_large_varied_and_new() -> None:
    rows = held14t.rows()
    assert rows == held14t.rows()  # deterministic
    secrets = [r for r in rows if r.group != "prose"]
    prose = [r for r in rows if r.group == "prose"]
    languages = {r.kind.rsplit("(", 1)[1].rstrip(")") for r in secrets if "(" in r.kind}
    assert len(secrets) >= 150 and len(languages) >= 10
    assert len(prose) >= 200 and len({r.text for r in prose}) == len(prose) and not any(r.secret for r in prose)
    assert all(r.secret and r.secret in (r.text if r.group == "stated" else r.text.replace("\n", "")) for r in secrets)
    earlier = {r.text for r in corpus.corpus()} | {r.text for r in held13s.rows()}
    assert not {r.text for r in rows} & earlier
