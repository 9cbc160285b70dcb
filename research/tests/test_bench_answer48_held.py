"""research/bench/answer48_held.py, answer48's held-out set: at least 30 questions, each store holding its fact once
(alone or inside a note of the case's size) and three restatements of the question that do not hold the fact."""

from __future__ import annotations

import sys

from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the bench imports common and vector_cache beside it
    sys.path.insert(0, str(BENCH))

held = load_script("answer48_held.py", "answer48_held")


def test_every_case_holds_its_fact_once_and_three_restatements() -> None:
    data = held.load()
    assert len(data["cases"]) >= 30
    for n, (question, fact) in enumerate(data["cases"]):
        texts, roles, asked = held.build_case(data, n)
        assert asked == question
        assert sorted(r for r in roles if r in held.ROLES) == sorted(held.ROLES)
        holding = [role for role, text in zip(roles, texts, strict=True) if fact in text]
        assert holding == ["fact"], n
        fact_text = texts[roles.index("fact")]
        form = held.FORMS[n % 3]
        assert fact_text == fact if form == "alone" else len(fact_text) >= held.SIZES[form] - 200
        reply = texts[roles.index("reply")]
        assert 2_000 <= len(reply) <= 3_700
        lowered = question[0].lower() + question[1:]
        assert question in texts[roles.index("open item")]
        asked_again = texts[roles.index("asked again")]
        assert question in asked_again or lowered in asked_again
