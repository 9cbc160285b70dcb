"""forget_context while another connection holds a read transaction on the store (a CLI command, a backup,
a second server): forget answers at once, and the forgotten bytes leave the database and its write-ahead
log as soon as the reader ends, with no further action of the user (SQLite files, so SQLite only)."""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.embedding import FakeEmbedder
from contextlamp.storage import StoreRegistry
from contextlamp.storage.sqlite import SCRUB_WAIT_MS

pytestmark = pytest.mark.sqlite_only

MARKER = "Quixotic-Marmalade-Xylophone-4711"
NEEDLES = (MARKER, "Quixotic", "marmalad", "privatetagzz", "鲸鱼橘子酱")
POLL_S = 30.0  # a bound on the wait for the background scrub, far above its first retries (0.2 s, 0.4 s, ...)


def _files(home: Path, caller: Caller) -> list[Path]:
    return sorted((home / "stores").glob(f"{caller.principal.user_id}.db*"))


def _left(home: Path, caller: Caller) -> list[str]:
    """The needles still found in the store's files (case-insensitive bytes)."""
    found: list[str] = []
    for path in _files(home, caller):
        try:
            data = path.read_bytes().lower()
        except FileNotFoundError:  # the WAL may be removed between the listing and the read
            continue
        found += [f"{n} in {path.name}" for n in NEEDLES if n.lower().encode() in data]
    return found


def _eventually_clean(home: Path, caller: Caller) -> list[str]:
    deadline = time.monotonic() + POLL_S
    while (left := _left(home, caller)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


@contextmanager
def _reader(path: Path) -> Iterator[sqlite3.Connection]:
    """Another connection inside a read transaction: its snapshot keeps the WAL from being reset."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    assert conn.execute("SELECT count(*) FROM entries").fetchone()[0] > 0
    try:
        yield conn
    finally:
        conn.execute("COMMIT")
        conn.close()


def _fill(service: MemoryService, caller: Caller) -> tuple[str, str]:
    """Ordinary memories and one to forget; returns the id of a plain one (for the baseline) and the secret."""
    plain = [service.save_context(caller, f"ordinary memory {i} about daily work").id for i in range(20)]
    secret = service.save_context(
        caller, f"My private note: {MARKER} is the codename, 鲸鱼橘子酱计划", tags=["privatetagzz"]
    )
    service.get_context(caller, "codename")
    return plain[0], secret.id


def _service(home: Path) -> MemoryService:
    embedder = FakeEmbedder()
    return MemoryService(
        StoreRegistry(home, embedder.identity, embedder.dim), embedder, indexer=Indexer(embedder.embed, inline=True)
    )


def test_forget_does_not_wait_for_a_reader_and_the_bytes_go_when_it_ends(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    home = tmp_path / "home"
    service = _service(home)
    try:
        alice = Caller(service.principal("alice"), "test")
        plain, secret = _fill(service, alice)
        start = time.monotonic()
        assert service.forget_context(alice, plain).forgotten
        baseline = time.monotonic() - start  # the same operation with nobody reading
        path = home / "stores" / f"{alice.principal.user_id}.db"
        with caplog.at_level(logging.INFO), _reader(path):
            start = time.monotonic()
            assert service.forget_context(alice, secret).forgotten
            took = time.monotonic() - start
            # the deletion may wait SCRUB_WAIT_MS for the reader (twice: entry, then nothing else), never the
            # 30 s busy timeout it waited before
            assert took < 10 * baseline + 4 * SCRUB_WAIT_MS / 1000, (took, baseline)
            assert _left(home, alice), "the reader did not keep the text (the test proves nothing)"
            assert all(p.id != secret for p in service.get_context(alice, "codename").packs)
        deferred = [r for r in caplog.records if r.levelno == logging.WARNING and "scrubbed" in r.getMessage()]
        assert deferred, "the deferral is logged at WARNING"
        assert all(n.lower() not in r.getMessage().lower() for r in caplog.records for n in NEEDLES)
        assert _eventually_clean(home, alice) == []  # no save, no forget, no restart: the store did it
    finally:
        service.registry.close()


def test_a_scrub_left_pending_is_completed_by_the_next_write_of_another_process(tmp_path: Path) -> None:
    home = tmp_path / "home"
    first, second = _service(home), _service(home)  # two servers on one data directory
    try:
        alice = Caller(first.principal("alice"), "test")
        _, secret = _fill(first, alice)
        path = home / "stores" / f"{alice.principal.user_id}.db"
        other = Caller(second.principal("alice"), "test")
        second.list_context(other)  # the second server has the store open
        with _reader(path):
            assert first.forget_context(alice, secret).forgotten
            first.registry.close()  # the first server stops before the reader ends: its timer with it
        assert _left(home, alice), "nothing scrubbed yet: the second server's files still hold the text"
        second.save_context(other, "an unrelated later memory")  # any write
        assert _left(home, alice) == []
    finally:
        first.registry.close()
        second.registry.close()


def test_a_scrub_left_pending_is_completed_when_the_store_is_opened_again(tmp_path: Path) -> None:
    home = tmp_path / "home"
    service = _service(home)
    alice = Caller(service.principal("alice"), "test")
    _, secret = _fill(service, alice)
    path = home / "stores" / f"{alice.principal.user_id}.db"
    holder = sqlite3.connect(path, isolation_level=None)  # another connection, idle: the reader's close is not
    holder.execute("SELECT count(*) FROM entries").fetchone()  # the last one (the last one checkpoints)
    try:
        with _reader(path):
            assert service.forget_context(alice, secret).forgotten
            service.registry.close()
        assert _left(home, alice), "nothing scrubbed yet"
        reopened = _service(home)
        try:
            reopened.registry.store(alice.principal.user_id)  # a start of the server opens the store
            assert _left(home, alice) == []
        finally:
            reopened.registry.close()
    finally:
        holder.close()
