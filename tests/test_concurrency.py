"""Concurrent writers: atomic dedupe and one current entry per topic, across connections and processes."""

from __future__ import annotations

import multiprocessing
import sqlite3
import threading
from pathlib import Path

import pytest

from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.embedding import FakeEmbedder
from contextlamp.errors import StorageError
from contextlamp.storage import StoreRegistry
from contextlamp.storage.sqlite import connection as sqlite_backend
from contextlamp.storage.sqlite.control import SqliteExecutor

WORKERS = 20


def _service(home: Path) -> tuple[MemoryService, Caller]:
    embedder = FakeEmbedder()
    service = MemoryService(
        StoreRegistry(home, embedder.identity, embedder.dim), embedder, indexer=Indexer(embedder.embed, inline=True)
    )
    return service, Caller(principal=service.principal("alice"), surface="test")


def _race(home: Path, content: str, topic: str | None, results: list[str], barrier: threading.Barrier) -> None:
    service, caller = _service(home)  # own registry = own SQLite connections, like another process
    barrier.wait()
    results.append(service.save_context(caller, content, topic=topic).id)
    service.registry.close()


def test_twenty_concurrent_identical_saves_give_one_entry(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _service(home)[0].registry.close()
    results: list[str] = []
    barrier = threading.Barrier(WORKERS)
    threads = [
        threading.Thread(target=_race, args=(home, "The build server is ci-7", None, results, barrier))
        for _ in range(WORKERS)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    service, caller = _service(home)
    assert len(results) == WORKERS and len(set(results)) == 1
    assert [i.id for i in service.list_context(caller, include_superseded=True).items] == results[:1]


def test_concurrent_saves_on_one_topic_leave_one_current_entry(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _service(home)[0].registry.close()
    results: list[str] = []
    barrier = threading.Barrier(10)
    threads = [
        threading.Thread(target=_race, args=(home, f"The port is {8000 + i}", "port", results, barrier))
        for i in range(10)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    service, caller = _service(home)
    current = service.list_context(caller).items
    assert len(current) == 1 and current[0].id in results
    assert len(service.list_context(caller, include_superseded=True).items) == 10


def _process_save(home: str, content: str, queue: multiprocessing.Queue[str]) -> None:
    service, caller = _service(Path(home))
    queue.put(service.save_context(caller, content).id)


def test_identical_saves_from_separate_processes_give_one_entry(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _service(home)[0].registry.close()
    ctx = multiprocessing.get_context("spawn")
    queue: multiprocessing.Queue[str] = ctx.Queue()
    procs = [ctx.Process(target=_process_save, args=(str(home), "Shared across processes", queue)) for _ in range(4)]
    for p in procs:
        p.start()
    ids = [queue.get(timeout=60) for _ in procs]
    for p in procs:
        p.join(timeout=60)
    assert len(set(ids)) == 1


def test_a_write_by_another_process_is_seen_by_vector_search(tmp_path: Path) -> None:
    home = tmp_path / "home"
    reader, caller = _service(home)
    assert reader.get_context(caller, "kangaroo habitat").packs == []
    reader.save_context(caller, "unrelated warmup entry")
    reader.get_context(caller, "warmup")  # loads the vector matrix
    writer, writer_caller = _service(home)
    saved = writer.save_context(writer_caller, "kangaroo habitat is Australia")
    assert reader.get_context(caller, "kangaroo habitat").packs[0].id == saved.id
    assert writer.forget_context(writer_caller, saved.id).forgotten
    assert saved.id not in [p.id for p in reader.get_context(caller, "kangaroo habitat").packs]


def _open_and_close(path: str, queue: multiprocessing.Queue[str]) -> None:
    try:
        SqliteExecutor(Path(path)).close()
        queue.put("")
    except StorageError as exc:
        queue.put(str(exc))


def test_processes_opening_one_new_data_directory_at_once_all_succeed(tmp_path: Path) -> None:
    # Two stdio servers started together (CI saw "database is locked" from one of them): the last connection
    # closing holds an exclusive lock SQLite does not wait on, so opening must retry.
    # forkserver, not fork: pytest's process holds threads (onnxruntime's, the scoring pool's), and a child forked
    # while one of them held a lock can hang forever; a hung child once kept CI's output open past its deadline.
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload([__name__])
    failures: list[str] = []
    procs: list[multiprocessing.process.BaseProcess] = []
    try:
        for round_ in range(100):
            path = tmp_path / f"round{round_}" / "control.db"
            queue: multiprocessing.Queue[str] = ctx.Queue()
            procs = [ctx.Process(target=_open_and_close, args=(str(path), queue)) for _ in range(6)]
            for p in procs:
                p.start()
            failures += [e for e in (queue.get(timeout=60) for _ in procs) if e]
            for p in procs:
                p.join(timeout=60)
    finally:
        for p in procs:
            if p.is_alive():
                p.kill()
    assert failures == []


def test_opening_waits_out_a_lock_sqlite_does_not_wait_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_open = sqlite_backend._open
    attempts: list[int] = []

    def busy_twice(path: Path) -> sqlite3.Connection:
        attempts.append(1)
        if len(attempts) <= 2:
            raise sqlite3.OperationalError("database is locked")
        return real_open(path)

    monkeypatch.setattr(sqlite_backend, "_open", busy_twice)
    conn = sqlite_backend.connect(tmp_path / "x.db")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal" and len(attempts) == 3


def test_a_lock_that_never_clears_ends_in_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def always_busy(path: Path) -> sqlite3.Connection:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(sqlite_backend, "_open", always_busy)
    monkeypatch.setattr(sqlite_backend, "BUSY_TIMEOUT_MS", 100)
    with pytest.raises(StorageError, match=r"Cannot open database .*x\.db: database is locked"):
        sqlite_backend.connect(tmp_path / "x.db")


def test_a_file_that_is_not_a_database_fails_at_once(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    path.write_bytes(b"not a database " * 100)
    with pytest.raises(StorageError, match="Cannot open database"):
        sqlite_backend.connect(path)
