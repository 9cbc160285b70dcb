"""The contract of ``Store.writer()`` (domain/ports.py ``EntryWriter``): the ledger's algorithms
(domain/ledger.py) run over each backend's writer leave exactly the rows and corroborations they leave over
the in-memory oracle of tests/test_rules.py (``MemoryWriter``). Both backends (the ``registry`` fixture)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from contextlamp.domain import ledger
from contextlamp.domain.models import NewEntry, stored_form
from contextlamp.domain.ports import EntryWriter, Store
from contextlamp.embedding import FakeEmbedder
from contextlamp.storage import StoreRegistry
from contextlamp.text import content_key
from tests.test_rules import MemoryWriter

Op = Callable[[EntryWriter], Any]


def _new(
    i: str, topic: str | None = None, at: int = 0, by: str | None = None, text: str | None = None, **more: Any
) -> NewEntry:
    body = text or f"text {i}"
    entry = NewEntry(i, body, content_key(body), "fact", "note", topic, (), "cli", at, None, (), by)
    return replace(entry, **more)


def _run(store: Store, oracle: MemoryWriter, ops: list[Op]) -> None:
    """Run each op in its own transaction on the backend and on the oracle; same answers, same rows."""
    for n, op in enumerate(ops):
        with store.writer() as tx:
            got = op(tx)
        assert got == op(oracle), f"op {n}"
    rows = {e.id: e for e in store.all_entries()}
    assert rows == oracle.rows
    corroborations = {
        (entry_id, user): (at, similarity)
        for entry_id, given in store.corroborations(list(rows)).items()
        for user, at, similarity in given
    }
    assert corroborations == oracle.corroborations


@pytest.fixture
def store(registry: StoreRegistry) -> Store:
    return registry.store("team_qow4xoakcqcf4vkfi5ny4t3vxa")


@pytest.fixture
def vector(embedder: FakeEmbedder) -> Any:
    v = np.zeros((1, embedder.dim), dtype=np.float32)
    v[0, 0] = 1.0
    return v


def test_saves_dedupe_supersede_and_revive(store: Store, vector: Any) -> None:
    _run(
        store,
        MemoryWriter(),
        [
            lambda tx: ledger.put(tx, _new("a", "db", 1), None, 1),  # unknown content, no vector: nothing
            lambda tx: ledger.put(tx, _new("a", "db", 1), vector, 1),
            lambda tx: ledger.put(tx, _new("b", "db", 2), vector, 2),
            lambda tx: ledger.put(tx, _new("c", None, 3), vector, 3),
            lambda tx: ledger.put(tx, _new("x", "db", 4, text="text a"), None, 4),  # old content again: revived
            lambda tx: ledger.put(tx, _new("y", "db", 5, text="text b"), vector, 5),  # known even with a vector
        ],
    )


def test_a_resave_takes_the_stated_fields_merges_tags_and_replaces_the_vector(store: Store, vector: Any) -> None:
    moved = _new("m", "other", 5, text="text a", kind="decision", tags=("t2", "t1"), questions=("why?",))
    _run(
        store,
        MemoryWriter(),
        [
            lambda tx: ledger.put(tx, _new("a", "db", 1, tags=("t1",)), vector, 1),
            lambda tx: ledger.put(tx, _new("b", "other", 2), vector, 2),
            lambda tx: ledger.put(tx, _new("z", "db", 3, text="text a", kind="decision"), None, 3, {"tags"}),
            lambda tx: ledger.put(tx, moved, vector, 5, {"topic", "kind"}),  # moves topic: supersedes b there
            lambda tx: ledger.put(tx, _new("t", None, 6, text="text b", memory_type="task", expires_at=99), None, 6),
            lambda tx: ledger.sweep(tx, 99),  # b became a task due at 99 and is swept
        ],
    )


def test_forget_heals_history_and_a_sweep_removes_expired_tasks(store: Store, vector: Any) -> None:
    task = replace(stored_form(_new("t", at=4)), memory_type="task", expires_at=10)
    _run(
        store,
        MemoryWriter(),
        [
            *[lambda tx, i=i, at=at: ledger.put(tx, _new(i, "db", at), vector, at) for i, at in (("v1", 1), ("v2", 2))],
            lambda tx: ledger.put(tx, _new("v3", "db", 3), vector, 3),
            lambda tx: ledger.put(tx, _new("v4", "db", 4), vector, 4),
            lambda tx: ledger.forget(tx, "v2"),  # a middle link: v1 now points at v3
            lambda tx: ledger.forget(tx, "v4"),  # the head: v3 is current again
            lambda tx: ledger.forget(tx, "v4"),  # unknown now
            lambda tx: tx.insert(task, vector),
            lambda tx: ledger.sweep(tx, 9),
            lambda tx: ledger.record_use(tx, ["v3", "t", "nope"], "cursor", 9),
            lambda tx: ledger.sweep(tx, 10),
        ],
    )


def test_team_learnings_contest_a_corroboration_settles_and_a_user_leaves(store: Store, vector: Any) -> None:
    _run(
        store,
        MemoryWriter(),
        [
            lambda tx: ledger.put(tx, _new("a", "deploy", 1, by="usr_a"), vector, 1),
            lambda tx: ledger.put(tx, _new("b", "deploy", 2, by="usr_b"), vector, 2),
            lambda tx: ledger.put(tx, _new("a2", "deploy", 3, by="usr_a"), vector, 3),  # supersedes only a
            lambda tx: ledger.put(tx, _new("x", "deploy", 4, by="usr_b", text="text a"), None, 4),  # another member
            lambda tx: ledger.corroborate(tx, "a2", "usr_a", 1.0, 5),  # its own contributor cannot
            lambda tx: ledger.corroborate(tx, "a2", "usr_c", 0.9, 5),
            lambda tx: ledger.corroborate(tx, "a2", "usr_c", 0.5, 6),  # the first corroboration is kept
            lambda tx: ledger.corroborate(tx, "nope", "usr_c", 1.0, 6),
            lambda tx: ledger.put(tx, _new("n", None, 7, by="usr_c"), vector, 7),
            lambda tx: ledger.corroborate(tx, "n", "usr_a", 1.0, 8),  # no topic: verified, nothing settled
            lambda tx: ledger.remove_contributions(tx, "usr_a"),
        ],
    )


def test_an_exception_inside_the_writer_rolls_everything_back(store: Store, vector: Any) -> None:
    with pytest.raises(RuntimeError), store.writer() as tx:
        ledger.put(tx, _new("a", "db", 1), vector, 1)
        raise RuntimeError("boom")
    assert store.all_entries() == []
    assert store.find_by_key(content_key("text a")) is None
