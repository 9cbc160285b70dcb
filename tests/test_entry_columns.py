"""The SQLite store's in-memory copies (the entries' small columns, storage/sqlite/columns.py, and the vector
index) answer a search as the table would at that moment: a write through another connection (another server
process on the same data directory) is seen by the very next search, and a forgotten memory's vector is gone
from memory as from disk."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from contextlamp.app.compose import create_app
from contextlamp.app.service import Caller, MemoryService
from contextlamp.config import Settings
from contextlamp.storage.sqlite.store import SqliteStore

pytestmark = pytest.mark.sqlite_only

NOW = 1_900_000_000_000  # ms: after every save of these tests (their clock is the real one)


def _service(home: Path) -> tuple[MemoryService, Caller]:
    service = create_app(Settings(home=home, user="alice", embedder="fake")).service
    return service, Caller(service.principal("alice"), "test")


def _store(service: MemoryService, caller: Caller) -> SqliteStore:
    store = service.registry.store(caller.principal.user_id)
    assert isinstance(store, SqliteStore)
    return store


def _ids(service: MemoryService, caller: Caller, query: str) -> list[str]:
    return [p.id for p in service.get_context(caller, query).packs]


def test_a_write_of_another_connection_is_seen_by_the_next_search(tmp_path: Path) -> None:
    home = tmp_path / "home"
    first, alice = _service(home)
    other, alice_there = _service(home)  # a second server on the same files: its own connection
    kept = first.save_context(alice, "The billing service deploys on Fridays after the freeze.")
    first.wait_indexed()
    store = _store(first, alice)
    vector = first.embedder.embed(["billing service deploys"])[0]
    assert kept.id in _ids(first, alice, "when does the billing service deploy?")  # the copies are loaded now
    assert store.recent(5, NOW, None) == [kept.id]

    # another connection adds a memory: found at once, by meaning, by words, in the recency list, as a neighbour
    added = other.save_context(alice_there, "The billing service rollback needs the finance lead's approval.")
    other.wait_indexed()
    assert added.id in [i for i, _ in store.vector_search(vector, 5, NOW, None)]
    assert added.id in _ids(first, alice, "who approves a billing service rollback?")
    assert store.recent(5, NOW, None)[0] == added.id
    assert added.id in store.time_neighbours([kept.id], 10**9, NOW, None, 2)[kept.id]
    assert store.chars_and_times([added.id])[added.id][0] == len(
        "The billing service rollback needs the finance lead's approval."
    )

    # another connection supersedes it (same topic): it leaves every list at once
    newer = other.save_context(alice_there, "Billing rollbacks need the CFO's approval now.", topic="billing-rollback")
    other.save_context(alice_there, "Billing rollbacks need the CTO's approval now.", topic="billing-rollback")
    other.wait_indexed()
    assert newer.id not in store.live_ids([newer.id], NOW, None)
    assert newer.id not in [i for i, _ in store.vector_search(vector, 10, NOW, None)]
    assert newer.id not in store.recent(10, NOW, None)

    # another connection forgets: gone from the next search, the neighbours and the recency list
    other.forget_context(alice_there, added.id)
    assert added.id not in [i for i, _ in store.vector_search(vector, 10, NOW, None)]
    assert added.id not in _ids(first, alice, "who approves a billing service rollback?")
    assert added.id not in store.recent(10, NOW, None)
    assert added.id not in store.time_neighbours([kept.id], 10**9, NOW, None, 5)[kept.id]
    first.registry.close()
    other.registry.close()


def test_a_write_of_another_process_is_seen_by_the_next_search(tmp_path: Path) -> None:
    home = tmp_path / "home"
    service, alice = _service(home)
    service.save_context(alice, "The nightly export runs at two in the morning.")
    service.wait_indexed()
    assert _ids(service, alice, "when does the nightly export run?")  # the copies are loaded now
    script = textwrap.dedent(
        f"""
        from contextlamp.app.compose import create_app
        from contextlamp.app.service import Caller
        from contextlamp.config import Settings
        service = create_app(Settings(home={str(home)!r}, user="alice", embedder="fake")).service
        caller = Caller(service.principal("alice"), "test")
        print(service.save_context(caller, "The zebrafish aquarium pump is serviced on Mondays.").id)
        service.wait_indexed()
        service.registry.close()
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    added = done.stdout.strip()
    assert added.startswith("ctx")
    assert _ids(service, alice, "when is the zebrafish aquarium pump serviced?")[0] == added
    service.registry.close()


def test_forget_removes_the_vector_from_memory_and_from_disk(tmp_path: Path) -> None:
    service, alice = _service(tmp_path / "home")
    kept = [service.save_context(alice, f"Ordinary memory number {i} about the daily stand-up.").id for i in range(6)]
    gone = service.save_context(alice, "The vault recovery phrase is kept by Marisol in the red binder.").id
    service.wait_indexed()
    store = _store(service, alice)
    own = store.entry_vectors([gone])[gone]
    assert [i for i, _ in store.vector_search(own[0], 1, NOW, None)] == [gone]  # loaded in memory
    blob = np.ascontiguousarray(own[0], dtype=np.float32).tobytes()
    service.forget_context(alice, gone)
    index = store.vector_index()
    in_memory = b"".join(block[: min(len(block), index.size)].tobytes() for block in index.blocks)
    assert blob not in in_memory
    found = [i for i, _ in store.vector_search(own[0], 10, NOW, None)]
    assert gone not in found and sorted(found) == sorted(kept)  # the others stay searchable
    assert store.time_neighbours([gone], 10**9, NOW, None, 2) == {}
    on_disk = b"".join(p.read_bytes() for p in store.path.parent.glob(f"{store.path.name}*"))
    assert blob not in on_disk
    service.registry.close()
