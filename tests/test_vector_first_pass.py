"""The vector search's int8 first pass (storage/sqlite/first_pass.py, issue #32 item 5): its integer products are
exact, its bounds hold, and a search through it answers what scoring every row exactly answers: the same entries
in the same order with the same cosines, ties, dead rows, filtered rows and an entry's many chunks included."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from contextlamp.storage.sqlite import first_pass, vectors
from contextlamp.storage.sqlite import store as sqlite_store
from contextlamp.storage.sqlite.store import best_entries, pruned_best_entries
from contextlamp.storage.sqlite.vectors import VectorIndex
from tests.test_vector_index import (  # pyright: ignore[reportPrivateUsage]
    WORDS,
    _brute_force,  # pyright: ignore[reportPrivateUsage]
    _same_ranking,  # pyright: ignore[reportPrivateUsage]
    _search,  # pyright: ignore[reportPrivateUsage]
    _service,  # pyright: ignore[reportPrivateUsage]
)

DIM = 384


def _unit(rng: np.random.Generator, n: int) -> np.ndarray:
    rows = rng.standard_normal((n, DIM)).astype(np.float32)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def _index(rows: np.ndarray, rowids: list[int]) -> VectorIndex:
    index = VectorIndex(DIM)
    rows_read = [  # what VectorIndex.follow reads from the vectors table
        {"seq": i + 1, "entry_rowid": r, "vec": v.tobytes()} for i, (v, r) in enumerate(zip(rows, rowids, strict=True))
    ]
    index.append(rows_read)  # pyright: ignore[reportArgumentType]
    return index


def test_the_graph_is_a_valid_model_and_its_products_are_exact() -> None:
    onnx = pytest.importorskip("onnx")  # the export extra; the products below are checked either way
    onnx.checker.check_model(onnx.load_from_string(first_pass._graph()), full_check=True)  # pyright: ignore[reportPrivateUsage]


def test_int8_products_are_the_integer_dot_products() -> None:
    rng = np.random.default_rng(3)
    codes = rng.integers(1, 256, size=(1000, DIM), dtype=np.uint8)  # int8 codes plus the zero point
    query = rng.integers(-127, 128, size=(DIM, 1), dtype=np.int8)
    expected = (codes.astype(np.int64) - first_pass.ZERO_POINT) @ query.astype(np.int64)
    assert np.array_equal(first_pass.int8_products(codes, query), expected.reshape(-1))
    assert np.array_equal(first_pass.int8_products(codes[:37], query), expected.reshape(-1)[:37])  # rows in use


def test_every_exact_score_lies_within_its_bound() -> None:
    rng = np.random.default_rng(5)
    rows = _unit(rng, 3000)
    rows[:50] = rows[50:100] + 0.01 * _unit(rng, 50)  # near-duplicates: the dense top of real stores
    rows[:50] /= np.linalg.norm(rows[:50], axis=1, keepdims=True)
    index = _index(rows, list(range(1, 3001)))
    for query in [rows[7], rows[60], *_unit(rng, 20)]:
        approx, bound = index.first_pass(query)
        exact = index.exact_scores(np.arange(index.size), query)
        assert np.all(np.abs(exact - approx) <= bound)
        assert np.all(np.abs(rows @ query - approx) <= bound)


def _equivalent(
    found: list[tuple[int, float]], expected: list[tuple[int, float]] | None, scores: np.ndarray, keep: np.ndarray
) -> bool:
    """The same cosines in the same order, each the best of its entry's rows; the same entries but where
    cosines tie exactly (``best_first`` picks among rows tied at its cut as ``argpartition`` does)."""
    assert expected is not None
    if [c for _, c in found] != [c for _, c in expected]:
        return False
    tied = {c for c in [c for _, c in expected] if np.count_nonzero(scores == c) > 1}
    best = all(float(scores[keep == position].max()) == c for position, c in found)
    return best and [p for p, c in found if c not in tied] == [p for p, c in expected if c not in tied]


@pytest.mark.parametrize("seed", range(6))
def test_the_pruned_answer_is_the_exact_answer(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    monkeypatch.setattr(vectors, "VECTOR_BLOCK_ROWS", 512)  # several blocks, the last partly filled
    rng = np.random.default_rng(seed)
    n = 2000 + 37 * seed
    rows = _unit(rng, n)
    copies = rng.integers(0, n, size=200)
    rows[rng.integers(0, n, size=200)] = rows[copies]  # exact ties between rows
    cluster = rows[0] + 0.05 * _unit(rng, 150)  # a dense top: cosines to rows[0] a few 1e-4 apart
    rows[:150] = cluster / np.linalg.norm(cluster, axis=1, keepdims=True)
    keep = rng.integers(0, n // 3, size=n).astype(np.int64)  # entries of several chunks each
    index = _index(rows, list(range(1, n + 1)))
    allowed = rng.random(n) > 0.2  # superseded, expired, other types
    for limit in (1, 5, 20, 60):
        # vector_search's count, and the tightest one (only the first `limit` rows trusted): the bound decides
        for count in (min(n, max(16 * limit, 256)), limit):
            for query in [rows[0], rows[int(copies[0])], *_unit(rng, 8)]:
                scores = index.exact_scores(np.arange(n), query)
                scores[~allowed] = -np.inf
                expected = best_entries(scores, keep, count, limit, trusted=n)
                found = pruned_best_entries(index, query, index.first_pass(query), allowed, keep, count, limit)
                assert found is None or _equivalent(found, expected, scores, keep)
                assert found is not None or count == limit  # crowded by an entry's chunks: the caller scores all


@pytest.mark.sqlite_only
def test_a_search_through_the_first_pass_finds_the_brute_force_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(vectors, "VECTOR_BLOCK_ROWS", 4)
    monkeypatch.setattr(sqlite_store, "FIRST_PASS_MIN_ROWS", 1)
    service, caller = _service(tmp_path / "home")
    for n in range(40):
        service.save_context(caller, f"{WORDS[n % 15]} {WORDS[(n * 3) % 15]} {WORDS[(n * 7) % 15]} note {n}")
    for i in range(15):
        query = f"{WORDS[i]} {WORDS[(i + 4) % 15]}"
        assert _same_ranking(_search(service, caller, query, 6), _brute_force(service, caller, query, 6))


@pytest.mark.sqlite_only
def test_a_runtime_that_cannot_run_the_first_pass_leaves_the_exact_search(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_: object) -> None:
        raise RuntimeError("no MatMulInteger kernel")

    monkeypatch.setattr(sqlite_store, "FIRST_PASS_MIN_ROWS", 1)
    monkeypatch.setattr(sqlite_store, "_first_pass_failed", False)
    monkeypatch.setattr(vectors, "int8_products", broken)
    service, caller = _service(tmp_path / "home")
    for n in range(12):
        service.save_context(caller, f"{WORDS[n % 15]} {WORDS[(n * 7) % 15]} note {n}")
    for i in range(5):
        query = f"{WORDS[i]} {WORDS[(i + 4) % 15]}"
        assert _same_ranking(_search(service, caller, query, 4), _brute_force(service, caller, query, 4))
    assert sqlite_store._first_pass_failed  # pyright: ignore[reportPrivateUsage]
