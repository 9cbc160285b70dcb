"""The SQLite commit policy: every store commits with ``synchronous=FULL`` (an acknowledged memory survives a
power loss), and the reuse-count commit of get_context (never fsynced) puts the store back on it. There is no
setting (issue #31.4): an old ``CONTEXTLAMP_SQLITE_SYNCHRONOUS`` is warned about and changes nothing."""

from __future__ import annotations

import sqlite3
import warnings
from pathlib import Path

import pytest

from contextlamp.app.compose import create_app
from contextlamp.app.service import Caller
from contextlamp.config import RemovedSettingWarning, Settings
from contextlamp.storage.sqlite.store import SqliteStore

LEVELS = {0: "off", 1: "normal", 2: "full", 3: "extra"}  # PRAGMA synchronous answers (SQLite docs)


def _level(conn: sqlite3.Connection) -> str:
    return LEVELS[conn.execute("PRAGMA synchronous").fetchone()[0]]


@pytest.mark.sqlite_only
@pytest.mark.parametrize("old_setting", [None, "normal"])
def test_store_commits_are_full_before_and_after_a_search(
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
    assert _level(store._conn) == "full"  # pyright: ignore[reportPrivateUsage]
    found = service.get_context(caller, "when do we deploy the billing API?")
    assert saved.id in [p.id for p in found.packs]  # its reuse count was written (durable=False)...
    assert _level(store._conn) == "full"  # pyright: ignore[reportPrivateUsage]  ...and the policy is back
    service.save_context(caller, "Alice prefers pnpm over npm.")
    assert _level(store._conn) == "full"  # pyright: ignore[reportPrivateUsage]
    service.registry.close()
