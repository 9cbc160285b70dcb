"""research/bench/secret_corpus_held9f.py: stop 43's held-out split of formats and evasions is large (150+
credentials of 60+ kinds, 300+ distinct ordinary sentences with credential-like values), shares no kind, evasion or
sentence with the earlier splits, and every evaded form is recomputable from the secret. No scores here."""

from __future__ import annotations

import sys

from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the split imports secret_rows beside it, as the benches do
    sys.path.insert(0, str(BENCH))
held9f = load_script("secret_corpus_held9f.py", "bench_secret_corpus_held9f")
corpus = load_script("secret_corpus.py", "bench_secret_corpus_for_held9f")


def test_held9f_is_large_varied_and_new() -> None:
    rows = held9f.rows()
    assert rows == held9f.rows()  # deterministic
    credentials = [r for r in rows if r.group == "format"]
    assert len(credentials) >= 150 and len({r.kind for r in credentials}) >= 60
    assert len({r.kind for r in rows if r.group == "evasion"}) == len(held9f.HELD9F_EVASIONS)
    prose = [r.text for r in rows if r.group == "prose"]
    assert len(prose) >= 300 and len(set(prose)) == len(prose) and all(not r.secret for r in rows if r.group == "prose")
    assert all(r.secret and r.secret in r.text for r in credentials)
    evade = dict(held9f.HELD9F_EVASIONS)
    for row in rows:
        if row.group == "evasion":
            assert evade[row.kind.removeprefix("evasion: ")](row.secret) in row.text
    earlier = corpus.corpus()
    named = ("format", "evasion")
    assert not {r.kind for r in rows if r.group in named} & {r.kind for r in earlier if r.group in named}
    assert not set(prose) & {r.text for r in earlier if r.group == "prose"}
