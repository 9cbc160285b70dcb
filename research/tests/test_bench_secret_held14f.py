"""research/bench/secret_corpus_held14f.py: evade17's held-out split is large enough (30+ prefixless vendor kinds
in 2-3 frames, evasions of stated passwords and tokens, 200+ distinct ordinary look-alikes) and deterministic.
No scores here."""

from __future__ import annotations

import sys

from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the split imports secret_rows beside it, as the benches do
    sys.path.insert(0, str(BENCH))
held14f = load_script("secret_corpus_held14f.py", "bench_secret_corpus_held14f")


def test_held14f_is_large_varied_and_deterministic() -> None:
    rows = held14f.rows()
    assert rows == held14f.rows()
    formats = [r for r in rows if r.group == "format"]
    assert len({r.kind for r in formats}) >= 30
    assert all(r.secret and r.secret in r.text for r in formats)
    evasions = [r for r in rows if r.group == "evasion"]
    assert len({r.kind for r in evasions}) >= 12
    assert all(r.secret and r.secret not in r.text for r in evasions)
    prose = [r.text for r in rows if r.group == "prose"]
    assert len(prose) >= 200 and len(set(prose)) == len(prose)
