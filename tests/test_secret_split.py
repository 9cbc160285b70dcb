"""Stop 49 (#28): a large rule's value group is found by anchored DFA matches of its head, body and tail
(secret_re2.value_split, secret_re2.split_match) instead of RE2's search for groups, which cost ~1.6 ms a match of
the two-factor list window ("recovery key" + its own key shape repeated scanned at ~14x plain prose). The groups must
be the ones the search for groups finds, on every rule that takes the split, or a finding moves."""

from __future__ import annotations

import pytest

from contextlamp.domain import secret_scan
from contextlamp.domain.secret_re2 import next_match, split_match, value_split
from contextlamp.domain.secret_scan import SecretScanner
from tests.scripts import load_script

bench = load_script("secret_scanner.py", "bench_secrets_split")

TEXTS = [
    "backup codes: 1234-5678, 8765-4321, 1111-2222 and recovery key W0V2-LJOV-FAB8-Q9ZT-7H3K-PP2M",
    "Password: Xq000001!mP\nPasswort: Zk00002#vR\nmot de passe: Amoahcf6*\n",
    "Password: \nPassword: \nThe wifi password is hunter2x9, passphrase: tunnel candle lantern galaxy.",
    "DB_PASSWORD=s3cr3t-Value_42 api_key: sk_live_4eC39HqLyjWDarjtT1zdp7dc token=ghp_abcdefghijklmnopqrstuvwxyz012",
    "My mother's maiden name is Okafor. Security question answer: Lantern. PIN 8041, door code is 5521#.",
    "recovery keyaAAAA-AAAA-AAAA-AAAA recovery keyaAAAA-AAAA-AAAA-AAAA recovery key 0001-RD64, 0002-X0CI, 0003-K0LW",
    "パスワード：Marta2024に 密码：zhang9wei 비밀번호: Sofia!7 пароль: Медведь-42 şifre: kedi1234",
]


def _split_rules() -> list[secret_scan.Compiled]:
    engine = secret_scan._engine()  # pyright: ignore[reportPrivateUsage]
    return [c for c in (*engine.rules, *engine.formats) if c.split is not None]


def test_value_split_cuts_around_the_top_level_group() -> None:
    assert value_split("(?i)ab(c+)d$") == ("(?i)ab", "(?i)(?:c+)", "(?i)d$")
    assert value_split("x(?:y|z)([0-9]{2,8})") == ("x(?:y|z)", "(?:[0-9]{2,8})", "")
    assert value_split("a(b)|c") is None  # a top-level alternation: the head is no prefix of every match
    assert value_split("a(b)+") is None  # a repeated group
    assert value_split("a(?i)b(c)") is None  # flags set mid-pattern
    assert value_split("[(]a\\(b") is None  # no group: a class and an escape are no group


def test_the_large_password_and_list_rules_take_the_split() -> None:
    kinds = {c.rule.kind for c in _split_rules()}
    assert {"Password", "Two-Factor Backup Codes", "Password Assignment"} <= kinds


@pytest.mark.parametrize("text", TEXTS)
def test_split_groups_are_the_group_search_groups(text: str) -> None:
    rules = _split_rules()
    hostile = [t for c in rules[:: max(1, len(rules) // 6)] for t in bench.adversarial_inputs(c.rule.pattern, 256)[:1]]
    for data in [text.encode(), *(h.encode() for h in hostile)]:
        for compiled in _split_rules():
            split = compiled.split
            assert split is not None
            pos = 0
            while pos <= len(data):
                found = split_match(compiled, split, data, pos, None)
                whole = next_match(compiled.regex, data, pos, None)
                assert (found is None) == (whole is None), compiled.rule.pattern[:60]
                if found is None or whole is None:
                    break
                assert found[:2] == whole[:2], (compiled.rule.pattern[:60], data[whole[0][0] : whole[0][1]][:80])
                pos = whole[0][0] + 1


def test_stated_values_are_still_found_where_the_group_search_found_them() -> None:
    scanner = SecretScanner()
    text = "backup codes: 1234-5678, 8765-4321\nThe wifi password is hunter2x9."
    spans = {(f.kind, text[f.start : f.end]) for f in scanner.findings(text)}
    assert ("Two-Factor Backup Codes", "1234-5678, 8765-4321") in spans
    assert any(kind == "Password" and "hunter2x9" in value for kind, value in spans)
