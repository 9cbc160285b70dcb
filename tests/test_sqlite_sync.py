"""The SQLite commit policy (storage/sqlite/file.py, docs/configuration.md "Durability"): every store commits with
``synchronous=NORMAL`` (in WAL mode an acknowledged memory survives a crash of the process at once), a write's WAL
is fsynced by a timer at most ``WAL_FLUSH_DELAY_S`` later (a power loss takes at most that moment), and a
deletion's WAL is fsynced before forget_context returns. There is no setting (issue #31.4): an old
``CONTEXTLAMP_SQLITE_SYNCHRONOUS`` is warned about and changes nothing."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import pytest

from contextlamp.app.compose import create_app
from contextlamp.app.service import Caller
from contextlamp.config import RemovedSettingWarning, Settings
from contextlamp.storage.sqlite import file as store_file
from contextlamp.storage.sqlite.store import SqliteStore

LEVELS = {0: "off", 1: "normal", 2: "full", 3: "extra"}  # PRAGMA synchronous answers (SQLite docs)


def _level(conn: sqlite3.Connection) -> str:
    return LEVELS[conn.execute("PRAGMA synchronous").fetchone()[0]]


@pytest.mark.sqlite_only
@pytest.mark.parametrize("old_setting", [None, "full"])
def test_store_commits_are_normal_before_and_after_a_search(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, old_setting: str | None
) -> None:
    if old_setting is not None:
        monkeypatch.setenv("CONTEXTLAMP_SQLITE_SYNCHRONOUS", old_setting)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        settings = Settings(home=tmp_path / "home", user="alice", embedder="fake")
    assert [w.category for w in caught] == ([RemovedSettingWarning] if old_setting else [])
    app = create_app(settings)
    service = app.service
    caller = Caller(service.principal("alice"), "test")
    saved = service.save_context(caller, "We deploy the billing API on Fridays.")
    store = service.registry.store(caller.principal.user_id)
    assert isinstance(store, SqliteStore)
    assert _level(store._conn) == "normal"  # pyright: ignore[reportPrivateUsage]
    found = service.get_context(caller, "when do we deploy the billing API?")
    assert saved.id in [p.id for p in found.packs]
    service.save_context(caller, "Alice prefers pnpm over npm.")
    assert _level(store._conn) == "normal"  # pyright: ignore[reportPrivateUsage]
    service.registry.close()


@pytest.mark.sqlite_only
def test_a_save_is_fsynced_by_the_flush_thread_and_a_forget_before_it_returns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[str] = []
    real = store_file.fsync_file

    def recording(path: Path) -> bool:
        synced.append(path.name)
        return real(path)

    monkeypatch.setattr(store_file, "fsync_file", recording)
    monkeypatch.setattr(store_file, "WAL_FLUSH_DELAY_S", 3600.0)  # the flush is due only when the test says so
    clock = [0.0]
    monkeypatch.setattr(store_file.WAL_FLUSHER, "clock", lambda: clock[0])
    service = create_app(Settings(home=tmp_path / "home", user="alice", embedder="fake")).service
    caller = Caller(service.principal("alice"), "test")
    saved = service.save_context(caller, "The staging database is called ledger-stg.")
    service.wait_indexed()
    store = service.registry.store(caller.principal.user_id)
    assert isinstance(store, SqliteStore)
    flusher = store_file.WAL_FLUSHER
    assert flusher.pending(store) and not synced  # the save answered before its fsync, which waits its time
    clock[0] = 3599.0
    assert flusher.run_due() == pytest.approx(1.0) and not synced
    clock[0] = 3600.0  # its time has come: what the flush thread does then
    assert flusher.run_due() is None
    assert synced == [store.path.name + "-wal"]
    assert not flusher.pending(store)
    synced.clear()
    service.forget_context(caller, saved.id)
    assert store.path.name + "-wal" in synced  # fsynced inside the call, not by a timer
    service.registry.close()


@pytest.mark.sqlite_only
def test_an_acknowledged_save_survives_a_killed_process(tmp_path: Path) -> None:
    home = tmp_path / "home"
    script = textwrap.dedent(
        f"""
        import os, signal
        from contextlamp.app.compose import create_app
        from contextlamp.app.service import Caller
        from contextlamp.config import Settings
        service = create_app(Settings(home={str(home)!r}, user="alice", embedder="fake")).service
        caller = Caller(service.principal("alice"), "test")
        service.save_context(caller, "Payments retry three times before paging on-call.")
        print("saved", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)  # no close, no checkpoint, no flush timer
        """
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert done.stdout.strip() == "saved" and done.returncode == -9
    service = create_app(Settings(home=home, user="alice", embedder="fake")).service
    caller = Caller(service.principal("alice"), "test")
    texts = [item.preview for item in service.list_context(caller).items]
    assert texts == ["Payments retry three times before paging on-call."]
    service.registry.close()
