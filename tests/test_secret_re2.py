"""The scanner's RE2 plumbing (secret_re2.py): a rule run anchored at the starts of its lead finds exactly what an
unanchored search of it finds, on prose, on credentials and on each rule's own hostile inputs; leads are only
ever heads that every match starts with."""

from __future__ import annotations

import pytest

from contextlamp.domain import secret_scan
from contextlamp.domain.secret_re2 import Compiled, compile_rule, lead_of
from contextlamp.domain.secret_scan import SecretScanner
from tests.scripts import load_script

bench = load_script("secret_scanner.py", "bench_secrets_re2")

CREDENTIALS = [
    "The wifi password is Kestrel-Morning-4471, the router password: 8fQ2!zLw.",
    "Das Passwort lautet Fjord-Glacier-2291. Mein Kennwort ist hunter2x9!",
    "backup codes: 4821-1937 5520-8841 0042-7718 9913-2250",
    "api key sk_live_51HxQ2eZvKYlo2C0aB3cD4eF5gH6iJ7kL8mN9oP and the PIN is 80417",
    "password password password: Zq8!mW2x then pwd = 'Larch!2026'",
]


def _spans(rule_index: int, compiled: Compiled, data: bytes, starts: list[int] | None) -> list[tuple[int, int]]:
    tail = secret_scan._engine().tail  # pyright: ignore[reportPrivateUsage]
    return list(secret_scan._spans(compiled, data, tail, starts, {}))  # pyright: ignore[reportPrivateUsage]


def test_a_lead_is_the_head_of_a_rule_that_names_words() -> None:
    boundary = r"(?i)(?:^|[^\p{L}\p{N}_])"
    assert lead_of(boundary + r"(?:pass(?:word)?|pwd)[\s:]+(\S{4,64})") == boundary + r"(?:pass(?:word)?|pwd)"
    assert lead_of(r"(?i)\b(?:api[\s]key|token)\s*(\S+)") == r"(?i)\b(?:api[\s]key|token)"
    assert lead_of(r"(?:twitter)(?:[ \t\w.-]{0,20})(\w{40})") == r"(?:twitter)"
    assert lead_of(r"(?i)(?:^|\s)(\S{4,64}) is the password") is None  # a value first: no words lead it
    assert lead_of(r"(?:pass)?word (\S+)") is None  # an optional head does not start every match
    assert lead_of(r"(?:secret)\S+|(?:token)\S+") is None  # an alternation at the top: no common head
    assert lead_of(r"(?i)(?:^|\s)(?:[0-9]{4})(?:pin)") is None  # the group after the boundary names no word
    assert lead_of(r"AKIA[0-9A-Z]{16}") is None


@pytest.mark.parametrize("size", [4096])
def test_anchored_at_its_lead_a_rule_finds_what_an_unanchored_search_finds(size: int) -> None:
    prose = bench.prose_of_size([bench.load_notes()], size)
    checked = 0
    for index, rule in enumerate(SecretScanner.patterns()):
        lead = lead_of(rule.pattern)
        if lead is None:
            continue
        leader = compile_rule(lead)
        texts = [prose, *CREDENTIALS, *bench.adversarial_inputs(rule.pattern, 1024)[:6]]
        for text in texts:
            data = text.encode()
            compiled = Compiled(rule)
            assert _spans(index, compiled, data, leader.starts(data)) == _spans(index, compiled, data, None), (
                rule.kind,
                text[:40],
            )
        checked += 1
    assert checked >= 40  # the password, PIN, token and code rules of every language are led by their words


def test_the_password_rules_run_anchored_and_find_the_credentials() -> None:
    scanner = SecretScanner()
    led = [c for c in secret_scan._engine().rules if c.lead is not None]  # pyright: ignore[reportPrivateUsage]
    assert any(c.rule.kind == "Password" for c in led)  # the large multilingual programs take the anchored path
    for sentence in CREDENTIALS:
        assert scanner.kinds(sentence), sentence
    assert scanner.kinds(bench.prose_of_size([bench.load_notes()], 8192)) == []
