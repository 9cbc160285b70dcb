"""The SQLite commit policy (``CONTEXTLAMP_SQLITE_SYNCHRONOUS``): ``full`` by default, ``normal`` when set, and
the reuse-count commit of get_context (never fsynced) puts the store back on the configured policy after it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from pydantic import ValidationError

from contextlamp.app.compose import create_app
from contextlamp.app.service import Caller
from contextlamp.config import Settings
from contextlamp.storage.sqlite.connection import connect
from contextlamp.storage.sqlite.store import SqliteStore

LEVELS = {0: "off", 1: "normal", 2: "full", 3: "extra"}  # PRAGMA synchronous answers (SQLite docs)


def _level(conn: sqlite3.Connection) -> str:
    return LEVELS[conn.execute("PRAGMA synchronous").fetchone()[0]]


@pytest.mark.sqlite_only
@pytest.mark.parametrize(("setting", "expected"), [(None, "full"), ("full", "full"), ("normal", "normal")])
def test_store_commits_follow_the_setting_before_and_after_a_search(
    tmp_path: Path, setting: str | None, expected: str
) -> None:
    extra = {} if setting is None else {"sqlite_synchronous": setting}
    app = create_app(Settings(home=tmp_path / "home", user="alice", embedder="fake", **extra))
    service = app.service
    caller = Caller(service.principal("alice"), "test")
    saved = service.save_context(caller, "We deploy the billing API on Fridays.")
    store = service.registry.store(caller.principal.user_id)
    assert isinstance(store, SqliteStore)
    assert _level(store._conn) == expected  # pyright: ignore[reportPrivateUsage]
    found = service.get_context(caller, "when do we deploy the billing API?")
    assert saved.id in [p.id for p in found.packs]  # its reuse count was written (durable=False)...
    assert _level(store._conn) == expected  # pyright: ignore[reportPrivateUsage]  ...and the policy is back
    service.save_context(caller, "Alice prefers pnpm over npm.")
    assert _level(store._conn) == expected  # pyright: ignore[reportPrivateUsage]
    service.registry.close()


def test_an_unknown_policy_is_refused_naming_the_setting(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="sqlite_synchronous"):
        Settings(home=tmp_path, sqlite_synchronous="off")  # pyright: ignore[reportArgumentType]
    with pytest.raises(ValueError, match="synchronous must be one of FULL, NORMAL"):
        connect(tmp_path / "x.db", "OFF")
