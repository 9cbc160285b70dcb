"""research/bench/secret_corpus_held16v.py: stop 48's held-out split of credentials laid out around their value
(value before its noun, quoted, JSON/YAML/table labels in the language's own noun, English keypad codes with a
joining word, tokens split over two lines; 200+ in 12 languages) and 250+ ordinary lines of the same layouts. The
committed JSON lines are the generator's output. No scores here."""

from __future__ import annotations

import sys

from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the split imports secret_rows beside it, as the benches do
    sys.path.insert(0, str(BENCH))
held16v = load_script("secret_corpus_held16v.py", "bench_secret_corpus_held16v")


def test_held16v_is_large_varied_and_committed() -> None:
    rows = held16v.rows()
    assert rows == held16v.generate()  # the committed file is the generator's output
    secrets = [r for r in rows if r.group != "prose"]
    prose = [r for r in rows if r.group == "prose"]
    languages = {r.kind.rsplit("_", 1)[1] for r in secrets if r.group == "stated"}
    assert len(secrets) >= 200 and len(languages) >= 10
    assert len(prose) >= 250 and len({r.text for r in prose}) == len(prose) and not any(r.secret for r in prose)
    assert all(r.secret in r.text for r in secrets if r.group == "stated")
    assert all(r.secret not in r.text and "\n" in r.text for r in secrets if r.group == "evasion")
