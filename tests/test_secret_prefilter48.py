"""The secret scanner's prefilter in a short process (domain/secret_prefilter.py, #27 stop hook,
research/notes/hookcpu48-stop46.md): after ``few_scans`` the first texts are gated by the rules' leads and only the
sets of the rules a text leaves live are compiled; every rule that matches a text is still a candidate, and a scan
finds exactly what the whole sets let it find. Any other process compiles the whole sets, as before."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from contextlamp.domain import secret_prefilter, secret_scan
from contextlamp.domain.secret_prefilter import Prefilter
from contextlamp.domain.secret_re2 import SET_SIZE, RawSet, compile_rule, compile_set, relaxed
from contextlamp.domain.secret_scan import SecretScanner

TEXTS = [
    "The api listens on port 7311 behind nginx.",
    "Remember the wifi password is hunter2 for the guest network.",
    "FYI our deploy token is ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5 for the release bot.",
    "DATABASE_URL=postgres://fares:Q8vz!kPe2wLm@quay-db-03:5432/fares",
    "Das Passwort für den Buchungsserver ist Moewe#2027-Kiel, bitte merken.",
    "la contraseña del router es Zorro-Azul-88",
    "パスワード：kT9#mQ2vL8",
    "The door code is 4921 and the alarm PIN is 7730.",
    "my 2FA backup codes:\n4829-1177\n9034-5521\n6612-0048\n7730-2291",
    "Mother's maiden name: Okonkwo-Bright",
    "abandon ability able about above absent absorb abstract absurd abuse access accident",
    "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n"
    "-----END OPENSSH PRIVATE KEY-----",
    "mysql -u root -pS3cr3tPass! -h db.internal",
    "The quarterly report is due on Friday; we use Postgres 16 on eu-west-1.",
    "Heslo k wifi je Kocka123 a hasło do routera to Pies456.",
    "curl -H 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlc2lnbmF0dXJl' https://x.io",
    "We rotate the SNMP community string every quarter; it is now Public-Tide-77.",
]


def _patterns() -> list[str]:
    return [compiled.rule.pattern for compiled in secret_scan._engine().rules]  # pyright: ignore[reportPrivateUsage]


def test_every_rule_that_matches_a_text_is_a_candidate_of_a_short_process() -> None:
    patterns = _patterns()
    gated = Prefilter(patterns, gated=len(TEXTS))
    alone = [compile_rule(relaxed(pattern)) for pattern in patterns]
    for text in TEXTS:
        data = text.encode()
        matching = {i for i, regex in enumerate(alone) if regex.search(data, 0) is not None}
        candidates = gated.candidates(data)
        assert candidates == sorted(set(candidates))  # rule order, once each
        assert matching <= set(candidates), text


def test_a_short_process_finds_what_the_whole_sets_find(monkeypatch: pytest.MonkeyPatch) -> None:
    secret_scan._engine.cache_clear()  # pyright: ignore[reportPrivateUsage]
    whole = [SecretScanner().findings(text) for text in TEXTS]
    monkeypatch.setattr(secret_prefilter, "GATED_SCANS", len(TEXTS))
    monkeypatch.setattr(secret_prefilter, "_short", [])
    secret_prefilter.few_scans()  # what the stop hook says before its first scan
    secret_scan._engine.cache_clear()  # pyright: ignore[reportPrivateUsage]
    gated = [SecretScanner().findings(text) for text in TEXTS]
    assert gated == whole
    assert sum(1 for found in whole if found) >= 12  # the set holds secrets, not only prose
    secret_scan._engine.cache_clear()  # pyright: ignore[reportPrivateUsage]


def test_a_long_process_compiles_the_whole_sets_as_before() -> None:
    compiled: list[int] = []

    def counting(patterns: Sequence[str]) -> RawSet:
        compiled.append(len(patterns))
        return compile_set(patterns)

    patterns = _patterns()
    server = Prefilter(patterns, counting)  # not gated: a server, an import, a test
    server.candidates(TEXTS[0].encode())
    server.candidates(TEXTS[1].encode())
    assert compiled == [min(SET_SIZE, len(patterns) - first) for first in range(0, len(patterns), SET_SIZE)]
