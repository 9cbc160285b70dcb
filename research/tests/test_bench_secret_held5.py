"""research/bench/secret_corpus_held5.py: round 7's held-out split alone meets #28's corpus numbers (300+
credentials of 80+ kinds, 12+ languages with the named ones, every evasion class, 500+ distinct ordinary sentences),
and every evaded form is recomputable from the secret (secret_paths.py checks the disk for it). No scores here."""

from __future__ import annotations

import sys

from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the split imports secret_rows beside it, as the benches do
    sys.path.insert(0, str(BENCH))
held5 = load_script("secret_corpus_held5.py", "bench_secret_corpus_held5")


def test_held5_is_large_and_varied_enough() -> None:
    rows = held5.rows()
    assert rows == held5.rows()  # deterministic
    credentials = [r for r in rows if r.group in ("format", "stated")]
    assert len(credentials) >= 300 and len({r.kind for r in credentials}) >= 80
    languages = {r.kind.rsplit("(", 1)[1].rstrip(")") for r in rows if r.group == "stated"}
    assert {"fa", "ur", "hi", "vi", "th", "id", "pl", "el"} <= languages and len(languages) >= 12
    assert len({r.kind for r in rows if r.group == "evasion"}) == len(held5.HELD5_EVASIONS) == 12
    prose = [r.text for r in rows if r.group == "prose"]
    assert len(prose) >= 500 and len(set(prose)) == len(prose) and all(not r.secret for r in rows if r.group == "prose")
    assert all(r.secret and r.secret in r.text for r in credentials)
    evade = dict(held5.HELD5_EVASIONS)
    for row in rows:
        if row.group == "evasion":
            assert evade[row.kind.removeprefix("evasion: ")](row.secret) in row.text
