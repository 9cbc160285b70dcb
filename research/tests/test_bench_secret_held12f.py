"""research/bench/secret_corpus_held12f.py: formats15's held-out split is large (250+ credentials of 120+ kinds, 300+
distinct ordinary sentences), deterministic, and every evaded form is recomputable from its secret. No scores here."""

from __future__ import annotations

import sys

from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the split imports secret_rows beside it, as the benches do
    sys.path.insert(0, str(BENCH))
held12f = load_script("secret_corpus_held12f.py", "bench_secret_corpus_held12f")


def test_held12f_is_large_varied_and_recomputable() -> None:
    rows = held12f.rows()
    assert rows == held12f.rows()
    credentials = [r for r in rows if r.group == "format"]
    assert len(credentials) >= 250 and len({r.kind for r in credentials}) >= 120
    assert all(r.secret and r.secret in r.text for r in credentials)
    assert len({r.kind for r in rows if r.group == "evasion"}) == len(held12f.HELD12F_EVASIONS)
    evade = dict(held12f.HELD12F_EVASIONS)
    for row in rows:
        if row.group == "evasion":
            assert evade[row.kind.removeprefix("evasion: ")](row.secret) in row.text
    prose = [r.text for r in rows if r.group == "prose"]
    assert len(prose) >= 300 and len(set(prose)) == len(prose)
