"""research/bench/secret_corpus_held8.py: stop 42's held-out split alone meets #28's corpus numbers (300+
credentials of 80+ kinds, 12+ languages, languages no earlier split used, every evasion class, 500+ distinct
ordinary sentences), shares no kind, evasion, language or sentence with the earlier splits, and every evaded form is
recomputable from the secret (secret_paths.py checks the disk for it). No scores here."""

from __future__ import annotations

import sys

from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the split imports secret_rows beside it, as the benches do
    sys.path.insert(0, str(BENCH))
held8 = load_script("secret_corpus_held8.py", "bench_secret_corpus_held8")
corpus = load_script("secret_corpus.py", "bench_secret_corpus_for_held8")


def test_held8_is_large_varied_and_new() -> None:
    rows = held8.rows()
    assert rows == held8.rows()  # deterministic
    credentials = [r for r in rows if r.group in ("format", "stated")]
    assert len(credentials) >= 300 and len({r.kind for r in credentials}) >= 80
    assert len({r.kind for r in rows if r.group == "format"}) >= 80
    languages = {r.kind.rsplit("(", 1)[1].rstrip(")") for r in rows if r.group == "stated"}
    assert len(languages) >= 12
    assert len({r.kind for r in rows if r.group == "evasion"}) == len(held8.HELD8_EVASIONS) == 18
    prose = [r.text for r in rows if r.group == "prose"]
    assert len(prose) >= 500 and len(set(prose)) == len(prose) and all(not r.secret for r in rows if r.group == "prose")
    assert all(r.secret and r.secret in r.text for r in credentials)
    evade = dict(held8.HELD8_EVASIONS)
    for row in rows:
        if row.group == "evasion":
            assert evade[row.kind.removeprefix("evasion: ")](row.secret) in row.text
    earlier = [r for r in corpus.corpus() if r.half != "held8"]
    named = ("format", "evasion")
    assert not {r.kind for r in rows if r.group in named} & {r.kind for r in earlier if r.group in named}
    old_languages = {r.kind.rsplit("(", 1)[1].rstrip(")") for r in earlier if r.group == "stated"}
    assert len(languages - old_languages) >= 12  # twelve languages no earlier split states a credential in
    assert not set(prose) & {r.text for r in earlier if r.group == "prose"}
    assert corpus.half("held8") == rows
