"""research/bench/secret_corpus_held16s.py: stop 48's held-out split of stated recovery keys, security answers,
passphrases, alarm/safe codes and changed passwords (250+ in 14+ languages) and 300+ distinct ordinary sentences
about the same credentials, every secret in its text, no text shared with the earlier stated splits. No scores
here."""

from __future__ import annotations

import sys

from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the split imports secret_rows beside it, as the benches do
    sys.path.insert(0, str(BENCH))
held16s = load_script("secret_corpus_held16s.py", "bench_secret_corpus_held16s")
held15s = load_script("secret_corpus_held15s.py", "bench_secret_corpus_held15s_for_held16s")
corpus = load_script("secret_corpus.py", "bench_secret_corpus_for_held16s")


def _language(kind: str) -> str:
    return kind.rsplit("(", 1)[1].rstrip(")")


def test_held16s_is_large_varied_and_new() -> None:
    rows = held16s.rows()
    assert rows == held16s.rows()  # deterministic
    stated = [r for r in rows if r.group == "stated"]
    prose = [r for r in rows if r.group == "prose"]
    languages = {_language(r.kind) for r in stated}
    assert len(stated) >= 250 and len(languages) >= 14 and len({r.text for r in stated}) == len(stated)
    assert {"he", "ar", "fa", "th", "sv"} <= languages
    assert {_language(r.kind) for r in prose} == languages
    assert len(prose) >= 300 and len({r.text for r in prose}) == len(prose) and not any(r.secret for r in prose)
    assert all(r.secret and r.secret in r.text for r in stated)
    for cls in ("recovery key", "security answer", "passphrase", "alarm code", "safe code", "changed password"):
        assert sum(f"stated {cls} " in r.kind for r in stated) >= 40
    assert sum("native digits" in r.kind for r in stated) >= 8
    earlier = {r.text for r in corpus.corpus()} | {r.text for r in held15s.rows()}
    assert not {r.text for r in rows} & earlier
