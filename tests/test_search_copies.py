"""The SQLite store's derived copies that a write of this process patches instead of making again (stop 42,
issue #32 item 5): the numpy copies of the entries' small columns (``EntryColumns._patched``) and each vector
row's entry position (``SqliteStore._row_entries``). After every kind of write of the same connection (saves,
supersession by topic, a re-save, forgetting, write-behind vectors replacing provisional ones) each patched copy
equals the one made whole from the lists and the index, and a superseded or forgotten memory is never returned;
and the entries and full-text rankings a store remembers between writes (``SqliteStore._remembered``) are the
table's, in its order, also after a transaction that wrote only reuse counts."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from contextlamp.app.compose import create_app
from contextlamp.app.service import Caller
from contextlamp.config import Settings
from contextlamp.domain.models import Entry
from contextlamp.storage.sqlite.rows import ENTRY_COLUMNS, SQLITE_MAX_VARS, entry_from_row, marks
from contextlamp.storage.sqlite.store import SqliteStore

pytestmark = pytest.mark.sqlite_only

NOW = 1_900_000_000_000  # ms: after every save of these tests (their clock is the real one)


def _whole_rows(store: SqliteStore) -> np.ndarray:
    """``_row_entries``' answer made whole, as before the patching."""
    index, columns = store.vector_index(), store.columns()
    rowids = index.rowids[: index.size]
    held = np.asarray(columns.rowids, dtype=np.int64)
    if len(held) == 0:
        return np.full(len(rowids), -1, dtype=np.int64)
    at = np.minimum(np.searchsorted(held, rowids), len(held) - 1)
    return np.where((rowids >= 0) & (held[at] == rowids), at, -1).astype(np.int64)


def _check(store: SqliteStore) -> None:
    with store._lock:  # pyright: ignore[reportPrivateUsage]
        columns = store.columns()
        made = columns.arrays()
        lists = (columns.rowids, columns.expires, columns.superseded, columns.codes)
        for array, values in zip(made, lists, strict=True):
            assert array.tolist() == np.asarray(values, dtype=array.dtype).tolist()
        rows = store._row_entries(store.vector_index(), columns)  # pyright: ignore[reportPrivateUsage]
        assert rows.tolist() == _whole_rows(store).tolist()


def test_patched_copies_equal_whole_ones_after_every_write(tmp_path: Path) -> None:
    service = create_app(Settings(home=tmp_path / "home", user="alice", embedder="fake")).service
    alice = Caller(service.principal("alice"), "test")
    store = service.registry.store(alice.principal.user_id)
    assert isinstance(store, SqliteStore)

    def ids(query: str) -> list[str]:
        found = [p.id for p in service.get_context(alice, query).packs]
        _check(store)
        return found

    saved = [
        service.save_context(alice, f"The billing service number {i} deploys on Fridays after the freeze {i}.").id
        for i in range(12)
    ]
    assert ids("when does the billing service deploy?")  # the copies are made now
    for i in range(12, 20):  # saves, each followed by a search: the copies are patched, not made again
        saved.append(service.save_context(alice, f"The ledger job {i} pages the on-call lead when it stalls.").id)
        assert ids("who gets paged when the ledger job stalls?")
    service.wait_indexed()  # write-behind vectors replace the provisional rows (the old ones die in place)
    assert ids("who gets paged when the ledger job stalls?")
    first = service.save_context(alice, "Invoices are archived monthly.", topic="invoice-archive").id
    for text in ("Invoices are archived weekly.", "The ledger job 41 pages the on-call lead when it stalls."):
        service.save_context(alice, text, topic="invoice-archive" if "Invoices" in text else None)
    assert first not in ids("how often are invoices archived?")  # several writes, then one patch of them all

    old = service.save_context(alice, "Releases need the CFO's approval.", topic="release-approval").id
    assert old in ids("who approves a release?")
    new = service.save_context(alice, "Releases need the CTO's approval now.", topic="release-approval").id
    found = ids("who approves a release?")
    assert new in found and old not in found  # superseded: never returned

    service.forget_context(alice, saved[15])
    assert saved[15] not in ids("who gets paged when the ledger job stalls?")  # forgotten: never returned
    service.save_context(alice, "The ledger job 99 pages the on-call lead when it stalls.")
    service.wait_indexed()
    assert saved[15] not in ids("who gets paged when the ledger job stalls?")
    service.registry.close()


def _table(store: SqliteStore, ids: list[str]) -> list[tuple[str, Entry]]:
    """``Store.entries`` as it was before entries were remembered: one statement per ``SQLITE_MAX_VARS`` ids,
    the rows in the order SQLite returns them, each with its pending reuse count."""
    found: dict[str, Entry] = {}
    for start in range(0, len(ids), SQLITE_MAX_VARS):
        chunk = ids[start : start + SQLITE_MAX_VARS]
        rows = store._read(f"SELECT {ENTRY_COLUMNS} FROM entries WHERE id IN ({marks(len(chunk))})", chunk)  # pyright: ignore[reportPrivateUsage]
        found.update((row["id"], store.with_uses(entry_from_row(row))) for row in rows)
    return list(found.items())


def test_remembered_entries_are_the_table_s_after_every_write(tmp_path: Path) -> None:
    home = tmp_path / "home"
    service = create_app(Settings(home=home, user="alice", embedder="fake")).service
    other = create_app(Settings(home=home, user="alice", embedder="fake")).service  # a second server, same files
    alice = Caller(service.principal("alice"), "test")
    alice_there = Caller(other.principal("alice"), "test")
    store = service.registry.store(alice.principal.user_id)
    assert isinstance(store, SqliteStore)
    saved = [service.save_context(alice, f"Deploy note {i}: the API ships on Fridays ({i}).").id for i in range(30)]
    rng = random.Random(3)

    def same() -> None:
        every = [*saved, "ctx_not_stored"]
        for sample in (every, rng.sample(every, 7), rng.sample(every, 7) * 2, list(reversed(every))):
            assert list(store.entries(sample).items()) == _table(store, sample)  # read, then remembered
            assert list(store.entries(sample).items()) == _table(store, sample)

    same()
    old = service.save_context(alice, "Releases need the CFO's approval.", topic="release-approval").id
    saved.append(old)
    same()
    saved.append(service.save_context(alice, "Releases need the CTO's approval now.", topic="release-approval").id)
    same()  # the older one is superseded: read again, not remembered
    assert store.entries([old])[old].superseded_by is not None
    service.get_context(alice, "when does the API ship?")  # reuse counts: pending, then written
    same()
    store.flush_uses()
    same()
    service.wait_indexed()  # write-behind: the likely questions written beside the final vectors
    same()
    service.forget_context(alice, saved[3])
    same()
    assert saved[3] not in store.entries(saved)  # forgotten: never answered from memory
    gone = saved[4]
    other.forget_context(alice_there, gone)  # another connection forgets, supersedes and saves
    saved.append(other.save_context(alice_there, "Releases need the CEO's approval.", topic="release-approval").id)
    assert gone not in store.entries(saved)
    same()
    service.registry.close()
    other.registry.close()


def test_remembered_keyword_ranks_are_fts5_s_after_every_write(tmp_path: Path) -> None:
    home = tmp_path / "home"
    service = create_app(Settings(home=home, user="alice", embedder="fake")).service
    other = create_app(Settings(home=home, user="alice", embedder="fake")).service  # a second server, same files
    alice = Caller(service.principal("alice"), "test")
    alice_there = Caller(other.principal("alice"), "test")
    store = service.registry.store(alice.principal.user_id)
    assert isinstance(store, SqliteStore)
    for i in range(40):
        service.save_context(alice, f"The billing API {i} deploys with Terraform on Fridays, note {i}.")
    asks = [(["billing", "terraform"], "and"), (["billing", "friday", "kubernetes"], "or"), (["deploy"], "or")]

    def same() -> list[list[tuple[str, float]]]:
        found = [store.keyword_search(terms, mode, 10, NOW, None) for terms, mode in asks]  # remembered if read
        store._ranked_cache.clear()  # pyright: ignore[reportPrivateUsage]
        assert found == [store.keyword_search(terms, mode, 10, NOW, None) for terms, mode in asks]  # FTS5's own
        return found

    same()
    first = same()[0]
    newest = service.save_context(alice, "Billing moved off Terraform: billing Terraform Terraform.").id
    assert newest in [i for i, _ in same()[0]] and same()[0] != first  # a save of this process: ranked again
    service.forget_context(alice, newest)
    assert newest not in [i for i, _ in same()[0]]  # forgotten: never returned
    there = other.save_context(alice_there, "Billing on Terraform again: billing Terraform Terraform Terraform.").id
    assert there in [i for i, _ in same()[0]]  # another connection's save: ranked again
    other.save_context(alice_there, "Billing is on Pulumi now.", topic="billing-iac")
    other.save_context(alice_there, "Billing is on Terraform now, billing Terraform.", topic="billing-iac")
    same()
    service.registry.close()
    other.registry.close()


def test_a_flush_of_reuse_counts_keeps_nothing_another_connection_changed(tmp_path: Path) -> None:
    home = tmp_path / "home"
    service = create_app(Settings(home=home, user="alice", embedder="fake")).service
    other = create_app(Settings(home=home, user="alice", embedder="fake")).service  # a second server, same files
    alice = Caller(service.principal("alice"), "test")
    alice_there = Caller(other.principal("alice"), "test")
    store = service.registry.store(alice.principal.user_id)
    assert isinstance(store, SqliteStore)
    old = service.save_context(alice, "Releases need the CFO's approval.", topic="release-approval").id
    kept = service.save_context(alice, "The API ships on Fridays.").id
    assert store.entries([old, kept])[old].superseded_by is None  # remembered now
    assert store.keyword_search(["releases"], "or", 10, NOW, None)
    newer = other.save_context(alice_there, "Releases need the CTO's approval now.", topic="release-approval").id
    store.count_use([kept], "test", NOW)  # a reuse count, then its flush: a transaction writing counts only
    store.flush_uses()
    assert store.entries([old, kept])[old].superseded_by == newer  # the other connection's write is seen
    assert store.entries([kept])[kept].reuse_count == 1
    assert newer in [i for i, _ in store.keyword_search(["releases"], "or", 10, NOW, None)]
    assert list(store.entries([old, kept]).items()) == _table(store, [old, kept])
    service.registry.close()
    other.registry.close()
