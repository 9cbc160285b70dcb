"""Reuse counts are held in memory and written in batches (storage/shared/usage.py, issue 17 point 3): this
process shows them at once, and they reach the store (so another process, a replica or the next start sees them)
with the next write, within ``USE_FLUSH_SECONDS`` and at close; on both backends."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.embedding import FakeEmbedder
from contextlamp.storage import StoreRegistry
from contextlamp.storage.shared import usage

pytestmark = pytest.mark.both_backends


@pytest.fixture
def other(
    tmp_path: Path, embedder: FakeEmbedder, backend: str, request: pytest.FixtureRequest
) -> Iterator[StoreRegistry]:
    """A second registry on the same data: another process (SQLite: the same files; PostgreSQL: the same
    database, as another replica)."""
    url = request.getfixturevalue("postgres").database("contract") if backend == "postgresql" else None
    reg = StoreRegistry(tmp_path / "home", embedder.identity, embedder.dim, url, pool_size=2)
    yield reg
    reg.close()


def _stored_count(other: StoreRegistry, caller: Caller, entry_id: str) -> int:
    entry = other.store(caller.principal.user_id).get(entry_id)
    assert entry is not None
    return entry.reuse_count


def test_this_process_shows_reuse_counts_at_once(service: MemoryService, alice: Caller) -> None:
    saved = service.save_context(alice, "The deploy runs on Fridays")
    for _ in range(3):
        assert service.get_context(alice, "when does the deploy run").packs[0].id == saved.id
    item = service.list_context(alice).items[0]
    assert (item.id, item.reuse_count, item.last_used_surface) == (saved.id, 3, "claude-code")
    assert service.get_entry(alice, saved.id).reuse_count == 3
    store = service.registry.store(alice.principal.user_id)
    assert [e.reuse_count for e in store.all_entries()] == [3]  # export shows them too


def test_reuse_counts_reach_the_store_with_the_next_save(
    service: MemoryService, alice: Caller, other: StoreRegistry
) -> None:
    saved = service.save_context(alice, "The deploy runs on Fridays")
    service.get_context(alice, "when does the deploy run")
    service.get_context(alice, "deploy Fridays")
    service.save_context(alice, "An unrelated note about lunch")  # the pending counts go in its transaction
    assert _stored_count(other, alice, saved.id) == 2


def test_reuse_counts_reach_the_store_at_close(
    registry: StoreRegistry, embedder: FakeEmbedder, alice: Caller, other: StoreRegistry
) -> None:
    service = MemoryService(registry, embedder, indexer=Indexer(embedder.embed, inline=True))
    saved = service.save_context(alice, "The deploy runs on Fridays")
    service.get_context(alice, "when does the deploy run")
    registry.store(alice.principal.user_id).close()  # as registry.close() does for each store at shutdown
    assert _stored_count(other, alice, saved.id) == 1


def test_reuse_counts_reach_the_store_within_the_flush_interval(
    service: MemoryService, alice: Caller, other: StoreRegistry, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(usage, "USE_FLUSH_SECONDS", 0.05)
    saved = service.save_context(alice, "The deploy runs on Fridays")
    service.get_context(alice, "when does the deploy run")
    deadline = time.monotonic() + 30  # a generous bound for a loaded machine; the timer fires after 0.05 s
    while _stored_count(other, alice, saved.id) == 0 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert _stored_count(other, alice, saved.id) == 1


def test_many_pending_counts_are_written_at_once(
    service: MemoryService, alice: Caller, other: StoreRegistry, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(usage, "USE_FLUSH_IDS", 2)
    monkeypatch.setattr(usage, "USE_FLUSH_SECONDS", 3600.0)
    first = service.save_context(alice, "The deploy runs on Fridays")
    second = service.save_context(alice, "The deploy target is Fly.io")
    packs = service.get_context(alice, "deploy").packs
    assert {p.id for p in packs} == {first.id, second.id}
    assert _stored_count(other, alice, first.id) == 1 and _stored_count(other, alice, second.id) == 1


def test_a_failed_write_keeps_the_pending_counts(service: MemoryService, alice: Caller, other: StoreRegistry) -> None:
    saved = service.save_context(alice, "The deploy runs on Fridays")
    service.get_context(alice, "when does the deploy run")
    store = service.registry.store(alice.principal.user_id)
    with pytest.raises(RuntimeError), store.writer():
        raise RuntimeError("the save failed")  # rolled back: the counts taken into it come back
    assert service.get_entry(alice, saved.id).reuse_count == 1
    store.flush_uses()
    assert _stored_count(other, alice, saved.id) == 1


@pytest.mark.sqlite_only
def test_a_process_that_exits_without_closing_still_writes_its_counts(tmp_path: Path, embedder: FakeEmbedder) -> None:
    """A CLI command or hook runs one get_context and exits without closing the registry (and well before the
    flush interval): its counts are written at interpreter exit."""
    home = tmp_path / "home"
    registry = StoreRegistry(home, embedder.identity, embedder.dim)
    service = MemoryService(registry, embedder, indexer=Indexer(embedder.embed, inline=True))
    alice = Caller(service.principal("alice"), "claude-code")
    saved = service.save_context(alice, "The deploy runs on Fridays")
    script = (
        "from contextlamp.app.service import Caller, MemoryService\n"
        "from contextlamp.embedding import FakeEmbedder\n"
        "from contextlamp.storage import StoreRegistry\n"
        "from contextlamp.storage.shared import usage\n"
        "usage.USE_FLUSH_SECONDS = 3600.0\n"
        "e = FakeEmbedder()\n"
        f"s = MemoryService(StoreRegistry(__import__('pathlib').Path({str(home)!r}), e.identity, e.dim), e)\n"
        "c = Caller(s.principal('alice'), 'cursor')\n"
        "assert s.get_context(c, 'when does the deploy run').packs\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, timeout=120)
    entry = registry.store(alice.principal.user_id).get(saved.id)
    assert entry is not None and (entry.reuse_count, entry.last_used_surface) == (1, "cursor")
    registry.close()


@pytest.mark.sqlite_only
def test_a_forked_child_does_not_write_its_parents_counts_again(tmp_path: Path, embedder: FakeEmbedder) -> None:
    """A process that forks while counts are pending: the child leaves through the interpreter's exit (atexit
    runs there too) and the parent writes the counts once."""
    home = tmp_path / "home"
    registry = StoreRegistry(home, embedder.identity, embedder.dim)
    service = MemoryService(registry, embedder, indexer=Indexer(embedder.embed, inline=True))
    alice = Caller(service.principal("alice"), "claude-code")
    saved = service.save_context(alice, "The deploy runs on Fridays")
    script = (
        "import os, sys\n"
        "from contextlamp.app.service import Caller, MemoryService\n"
        "from contextlamp.embedding import FakeEmbedder\n"
        "from contextlamp.storage import StoreRegistry\n"
        "e = FakeEmbedder()\n"
        f"s = MemoryService(StoreRegistry(__import__('pathlib').Path({str(home)!r}), e.identity, e.dim), e)\n"
        "c = Caller(s.principal('alice'), 'cursor')\n"
        "assert s.get_context(c, 'when does the deploy run').packs\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    sys.exit(0)\n"
        "os.waitpid(pid, 0)\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, timeout=120)
    entry = registry.store(alice.principal.user_id).get(saved.id)
    assert entry is not None and entry.reuse_count == 1
    registry.close()
