"""research/bench/month_oracle.py and month_bank.said: the paraphrasing agent writes every fact's value as taught in
wordings other than the template, the same for a seed; a wording spread over turns becomes those turns."""

from __future__ import annotations

import random

from tests.scripts import load_script

month = load_script("month.py", "bench_month")
oracle = load_script("month_oracle.py", "bench_month_oracle")


def _slices(bank: str) -> list[tuple[str, list[tuple[object, bool]]]]:
    sessions, _ = month.plan(bank, month.BANK_SEEDS[bank])
    rng = random.Random(1)
    return [(ex.user, list(ex.facts)) for s in sessions for ex in month.exchanges(s, rng) if ex.facts]


def test_the_paraphrase_keeps_each_value_and_leaves_the_template() -> None:
    for bank in ("blind10", "blind12", "blind13"):
        writer = oracle.Paraphraser(5, "ledger-svc")
        template = paraphrased = 0
        for user, facts in _slices(bank):
            lines = writer.lines(facts, user)
            assert len(lines) == len(facts)
            for line, (fact, corrected) in zip(lines, facts, strict=True):
                value = fact.value if corrected or fact.old is None else fact.old
                assert value.lower() in line.lower()
            template += lines == oracle.template_lines(facts)
            paraphrased += 1
        assert template <= paraphrased // 10  # the template's wording is (almost) never the paraphrase's


def test_the_paraphrase_is_seeded_and_varied() -> None:
    slices = _slices("blind12")

    def digest(seed: int) -> list[list[str]]:
        writer = oracle.Paraphraser(seed, "ferry")
        return [writer.lines(f, u) for u, f in slices]

    first = digest(5)
    assert first == digest(5) and first != digest(6)
    assert len({line.split()[0] for lines in first for line in lines}) >= 8


def test_own_words_restate_the_clause_holding_the_value() -> None:
    said = "any idea why the AIS tracker hammers the API? it refreshes every 7 minutes, if that helps"
    assert oracle.own_words(said, "every 7 minutes", "AIS tracker") == (
        "The AIS tracker refreshes every 7 minutes, if that helps."
    )
    assert oracle.own_words(said, "every 7 minutes", "AIS tracker", trim=True) == (
        "The AIS tracker refreshes every 7 minutes."
    )
    assert oracle.own_words("Battery Board, the rest are stale", "Battery Board", "dock monitor", trim=True) == (
        "Dock monitor: Battery Board."
    )
    assert oracle.own_words("nothing here", "V", "x") == ""


def test_a_wording_over_turns_is_played_as_those_turns_and_the_last_teaches() -> None:
    fact = object()
    turns = month.said("can you add a handler? || Which topic? || rides.v3", "Noted.", ((fact, False),))
    assert [(t.user, t.reply) for t in turns] == [("can you add a handler?", "Which topic?"), ("rides.v3", "Noted.")]
    assert [t.facts for t in turns] == [(), ((fact, False),)]
    assert [(t.user, t.reply) for t in month.said("one turn", "Ok.", ())] == [("one turn", "Ok.")]
