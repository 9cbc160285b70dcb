"""research/bench/secret_corpus_held15f.py: fp50's held-out split is large enough (300+ distinct ordinary lines
naming public ids of 25+ vendors in several languages, 150+ secret counterparts) and deterministic. No scores
here."""

from __future__ import annotations

import sys

from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the split imports secret_rows beside it, as the benches do
    sys.path.insert(0, str(BENCH))
held15f = load_script("secret_corpus_held15f.py", "bench_secret_corpus_held15f")


def test_held15f_is_large_varied_and_deterministic() -> None:
    rows = held15f.rows()
    assert rows == held15f.rows()
    prose = [r for r in rows if r.group == "prose"]
    assert len(prose) >= 300 and len({r.text for r in prose}) == len(prose)
    assert len({r.kind.split()[2] for r in prose}) >= 25  # "public id: <vendor> ..."
    secrets = [r for r in rows if r.group == "format"]
    assert len(secrets) >= 150
    assert all(r.secret and r.secret in r.text for r in secrets)
