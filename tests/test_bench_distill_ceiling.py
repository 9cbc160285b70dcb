"""bench/distill_ceiling.py: the oracle's arithmetic, the pools it picks from, and the per-half report."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from contextlamp.distill.offline import candidate_pool, stored_forms
from contextlamp.distill.transcript import Turn
from tests.scripts import load_script

ceiling = load_script("distill_ceiling.py", "bench_distill_ceiling")


def unit(*values: float) -> list[float]:
    v = np.asarray(values, dtype=np.float32)
    return list(v / np.linalg.norm(v))


def test_oracle_recall_is_the_greedy_one_to_one_share_at_the_threshold() -> None:
    # expected item 0 is the pool's row 0 exactly; expected 1 is nearest row 1 at cosine 0.72 (a near miss)
    expected = np.asarray([unit(1, 0, 0), unit(0, 1, 0)], dtype=np.float32)
    near = [0.0, 0.72, float(np.sqrt(1 - 0.72**2))]
    pool = np.asarray([unit(1, 0, 0), near, unit(0, 0, 1)], dtype=np.float32)
    o = ceiling.oracle(pool, expected, 0.75)
    assert [(p.distilled, p.expected) for p in o.pairs] == [(0, 0)]
    assert o.best == pytest.approx([1.0, 0.72], abs=1e-6)
    f = ceiling.figures([o])
    assert (f.expected, f.matched, f.recall, f.pool_per_file, f.maximum_recall) == (2, 1, 0.5, 3.0, 0.5)
    bins = dict(zip(ceiling.BINS, f.histogram, strict=True))
    assert bins[(0.7, 0.75)] == 1 and bins[(0.75, 1.01)] == 1 and sum(f.histogram) == 2
    # at a lower threshold the near miss counts
    assert len(ceiling.oracle(pool, expected, 0.7).pairs) == 2


def test_one_candidate_matches_one_expected_item_only() -> None:
    expected = np.asarray([unit(1, 0.01, 0), unit(1, 0, 0.01)], dtype=np.float32)  # two items, one meaning
    pool = np.asarray([unit(1, 0, 0)], dtype=np.float32)
    o = ceiling.oracle(pool, expected, 0.75)
    assert len(o.pairs) == 1 and min(o.best) > 0.99  # both would match, one-to-one keeps one
    assert ceiling.figures([o]).recall == 0.5


def test_maximum_matching_bounds_what_greedy_finds() -> None:
    # candidate 0 is best for item 0 (0.9) and also matches item 1 (0.8); candidate 1 matches item 0 only (0.8):
    # greedy takes 0-0 first and leaves item 1 alone; a maximum matching pairs 1-0 and 0-1
    scores = np.asarray([[0.9, 0.8], [0.8, 0.1]], dtype=np.float32)
    assert len(ceiling.bench.greedy_match(scores, 0.75)) == 1
    assert ceiling.maximum_matching(scores, 0.75) == 2
    assert ceiling.maximum_matching(scores, 0.85) == 1
    assert ceiling.maximum_matching(np.zeros((0, 3), dtype=np.float32), 0.75) == 0


def test_figures_micro_average_and_an_empty_pool_misses_everything() -> None:
    expected = np.asarray([unit(1, 0), unit(0, 1), unit(1, 1)], dtype=np.float32)
    empty = ceiling.oracle(np.zeros((0, 0), dtype=np.float32), expected, 0.75)
    assert empty.pairs == [] and empty.best == [0.0, 0.0, 0.0] and empty.pool_size == 0
    full = ceiling.oracle(np.asarray([unit(1, 0)], dtype=np.float32), expected[:1], 0.75)
    chatter = ceiling.oracle(np.asarray([unit(1, 0)], dtype=np.float32), np.zeros((0, 0), dtype=np.float32), 0.75)
    f = ceiling.figures([empty, full, chatter])
    assert (f.files, f.expected, f.matched) == (3, 4, 1) and f.recall == 0.25  # 1 of 4, not the mean of 0 and 1
    assert ceiling.figures([chatter]).recall is None


def test_pools_hold_every_sentence_pair_and_turn() -> None:
    turns = [
        Turn("user", "We deploy the billing service with ArgoCD. The staging cluster runs on Hetzner."),
        Turn("assistant", "Should the billing service move to Kubernetes?"),
        Turn("user", "Yes, billing moves to Kubernetes in March."),
    ]
    pools, kinds = ceiling.build_pools(turns)
    a, b = "We deploy the billing service with ArgoCD.", "The staging cluster runs on Hetzner."
    q, answer = "Should the billing service move to Kubernetes?", "Yes, billing moves to Kubernetes in March."
    assert pools["sentences"] == [a, b, q, answer]
    assert pools["pairs"] == [f"{a} {b}", f"{b} {q}", f"{q} {answer}"]  # inside a turn, then across turns
    assert pools["turns"] == [t.text for t in turns]
    assert pools["distiller"] == candidate_pool(turns)
    assert ceiling.session_terms(turns) == ["billing", "deploy", "service"]  # most frequent first, then first said
    assert pools["subject"][0] == f"billing: {pools['distiller'][0]}"
    assert set(pools["all"]) == {t for name in ceiling.BASE_POOLS for t in pools[name]}
    assert pools["distiller+pairs"] == list(dict.fromkeys([*pools["distiller"], *pools["pairs"]]))
    assert (
        kinds[q] == "sentence"
        and kinds[f"{b} {q}"] == "pair across turns"
        and kinds[f"{a} {b}"]
        in (
            "distiller",
            "pair in a turn",
        )
    )


def test_a_digest_turn_gives_its_items_to_the_distillers_pool() -> None:
    pools, _ = ceiling.build_pools(
        [Turn("digest", "- The ledger runs on PostgreSQL 16.\n- Deploys go out on Fridays.")]
    )
    assert pools["distiller"][:2] == ["The ledger runs on PostgreSQL 16.", "Deploys go out on Fridays."]


def test_candidate_pool_has_each_typed_form_of_a_candidate() -> None:
    assert stored_forms("The user will rotate the key.", "Task: ") == [
        "The user will rotate the key.",
        "Task: rotate the key.",
    ]
    assert stored_forms("Task: ship it.", "Task: ") == ["Task: ship it.", "Ship it."]
    assert candidate_pool([]) == []
    pool = candidate_pool([Turn("user", "I will rotate the deploy key tonight."), Turn("assistant", "Sure.")])
    assert "The user will rotate the deploy key tonight." in pool or "Task: rotate the deploy key tonight." in pool


def test_report_splits_halves_and_counts_the_kinds_the_union_matched() -> None:
    def case(name: str) -> Any:
        return ceiling.bench.Case(name, ceiling.Path(f"{name}.json"), "d", "en", "plain", "coding", "x", (), ())

    def oracles(matched: int, expected: int) -> dict[str, Any]:
        pairs = [ceiling.bench.Pair(i, i, 0.9) for i in range(matched)]
        return {p: ceiling.Oracle(pairs, [0.9] * expected, matched) for p in ceiling.POOLS}

    first = ceiling.CasePools(
        case("01-a"), "offline", 3, {"all": ["x", "y"]}, {"x": "distiller", "y": "pair in a turn"}
    )
    second = ceiling.CasePools(case("02-b"), "offline", 30, {"all": ["z"]}, {"z": "turn"})
    split = {"tuning": ["01-a.json"], "heldout": ["02-b.json"]}
    summary = ceiling.report([(first, oracles(2, 4)), (second, oracles(1, 1))], split, 0.75)
    assert list(summary["halves"]) == ["tuning", "heldout", "all"]
    assert summary["halves"]["tuning"]["groups"]["overall"]["distiller"]["recall"] == 0.5
    assert summary["halves"]["all"]["groups"]["overall"]["all"]["recall"] == 0.6  # 3 of 5
    assert summary["halves"]["heldout"]["groups"][f"long (>= {ceiling.LONG_TURNS} turns)"]["all"]["recall"] == 1.0
    assert summary["halves"]["all"]["matched_kinds"] == {"distiller": 1, "pair in a turn": 1, "turn": 1}
    only_tuning = ceiling.report([(first, oracles(2, 4))], split, 0.75)
    assert list(only_tuning["halves"]) == ["tuning"]
