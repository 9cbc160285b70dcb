"""research/bench/secret_corpus_held13f.py: vendor16's held-out split is large enough (60+ vendor kinds at a
sentence's end, 150+ distinct ordinary lines) and deterministic. No scores here."""

from __future__ import annotations

import sys

from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the split imports secret_rows beside it, as the benches do
    sys.path.insert(0, str(BENCH))
held13f = load_script("secret_corpus_held13f.py", "bench_secret_corpus_held13f")


def test_held13f_is_large_varied_and_deterministic() -> None:
    rows = held13f.rows()
    assert rows == held13f.rows()
    credentials = [r for r in rows if r.group == "format"]
    assert len({r.kind for r in credentials}) >= 60
    assert all(r.secret and r.secret in r.text and not r.text.endswith(r.secret) for r in credentials)
    prose = [r.text for r in rows if r.group == "prose"]
    assert len(prose) >= 150 and len(set(prose)) == len(prose)
