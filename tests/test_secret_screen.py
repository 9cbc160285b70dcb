"""Stop 48 (#28): a rule's screen (Rule.screen) skips the slow search for a match's groups where the check cannot
pass, and must never change what the rule finds. The value-before-noun password rule ("X is the router password")
is the screened one: dense ``Password: X`` lines matched it on every line, and each match's group search cost
20-30 µs on its 100,000-instruction program."""

from __future__ import annotations

import dataclasses

import pytest

from contextlamp.domain import secret_scan
from contextlamp.domain.secret_re2 import Compiled, compile_rule, without_captures
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.domain.secret_window import accept_before_noun

STATED_BEFORE = [
    "Kq7!vR2mZx is the router password",
    "Kq7!vR2mZx — that is the wifi password",
    "Kq7!vR2mZx - the password for the NAS",
    "Kq7!vR2mZx ist das Passwort",
    "(Kq7!vR2mZx es la contraseña del wifi)",
]
NOT_STATED = ["Kq7!vR2mZx then password", "Xq000001!mP\nPassword: Xq000002!mP\nPassword: Xq000003!mP\n"]


def _screened_rule() -> Compiled:
    rules = [c for c in secret_scan._engine().rules if c.rule.screen is not None]
    assert [c.rule.check for c in rules] == [accept_before_noun]
    return rules[0]


def _found(compiled: Compiled, text: str) -> list[tuple[int, int]]:
    engine = secret_scan._engine()
    return list(secret_scan._spans(compiled, text.encode(), engine.tail, None, {}))


@pytest.mark.parametrize("text", STATED_BEFORE)
def test_a_value_stated_before_its_noun_is_refused(text: str) -> None:
    compiled = _screened_rule()
    assert _found(compiled, text), "the value-before-noun rule finds it"
    assert "Password" in SecretScanner().kinds(text)  # other views may name it too (secret_around)


def test_the_screen_changes_nothing_the_rule_finds() -> None:
    screened = _screened_rule()
    unscreened = Compiled(dataclasses.replace(screened.rule, screen=None))
    texts = [
        *STATED_BEFORE,
        *NOT_STATED,
        " ".join(STATED_BEFORE) + "\n" + "".join(f"Password: Xq{i:06d}!mP\n" for i in range(50)),
        "(Kq7!vR2mZx — password)\n\u00a0Kq7!vR2mZx is the password, Kq7!vR2mZx, — password",
        "é Kq7!vR2mZx = the Passwort. Zz9#kk21Lm es la contraseña",
    ]
    for text in texts:
        assert _found(screened, text) == _found(unscreened, text), text


def test_dense_labels_are_screened_out_without_a_group_search() -> None:
    screened = _screened_rule()
    text = "".join(f"Password: Xq{i:06d}!mP\n" for i in range(200))
    calls: list[int] = []

    class Counting:  # the grouped regex, counting its searches
        def __init__(self, regex: object) -> None:
            self.regex = regex
            self.groups = screened.regex.groups

        def match(self, data: bytes, pos: int) -> object:
            calls.append(pos)
            return screened.regex.match(data, pos)

    counted = Compiled(screened.rule)
    counted._cell.append((Counting(screened.regex), None))  # type: ignore[arg-type]
    assert _found(counted, text) == []
    assert calls == []


def test_a_pattern_without_captures_keeps_its_classes_and_matches() -> None:
    pattern = r"(?i)(?:^|[\s\"'(«])([^\s(),]{2,8}),?((?:\s+\w+){1,2})\s+pass\(word\)"
    bare = without_captures(pattern)
    assert bare == r"(?i)(?:^|[\s\"'(«])(?:[^\s(),]{2,8}),?(?:(?:\s+\w+){1,2})\s+pass\(word\)"
    text = b"x (ab12 is the pass(word) and cd34, it is pass(word)"
    grouped, plain = compile_rule(pattern), compile_rule(bare)
    assert plain.groups == 0 and grouped.groups == 2
    for pos in range(len(text)):
        one, two = grouped.search(text, pos), plain.search(text, pos)
        assert (one and one[0]) == (two and two[0])
