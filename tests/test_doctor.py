"""contextlamp doctor: finds what is broken in a store and repairs what can be repaired."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from contextlamp.cli import cli
from contextlamp.doctor import examine
from contextlamp.service import Caller, MemoryService


def test_a_healthy_store_has_no_findings(service: MemoryService, alice: Caller) -> None:
    service.save_context(alice, "Deploys run on Thursdays", topic="deploy day")
    service.save_context(alice, "The web app uses Vite", project="web")
    reports, unowned = examine(service, repair=False)
    assert reports and all(r.findings == [] for r in reports) and unowned == []


@pytest.mark.sqlite_only  # damages SQLite's own tables behind the store's back
def test_missing_vectors_and_index_rows_are_found_and_repaired(service: MemoryService, alice: Caller) -> None:
    kept = service.save_context(alice, "Deploys run on Thursdays after the standup")
    other = service.save_context(alice, "Backups run nightly at 02:00")
    store = service.registry.store(alice.principal.user_id)
    path = service.registry.home / "stores" / f"{alice.principal.user_id}.db"
    with sqlite3.connect(path) as raw:  # another process damaged it
        rowid = raw.execute("SELECT rowid FROM entries WHERE id = ?", (kept.id,)).fetchone()[0]
        raw.execute("DELETE FROM vectors WHERE entry_rowid = ?", (rowid,))
        raw.execute("INSERT INTO vectors(entry_rowid, ord, vec) VALUES (9999, 0, zeroblob(256))")
        raw.execute("UPDATE entries SET superseded_by = 'ctx_" + "a" * 26 + "' WHERE id = ?", (other.id,))
    findings = {f.kind for r in examine(service, repair=False)[0] for f in r.findings}
    assert {"vectors", "orphan-vectors", "superseded-by"} <= findings
    repaired = [f for r in examine(service, repair=True)[0] for f in r.findings]
    assert repaired and all(f.repaired for f in repaired)
    assert all(r.findings == [] for r in examine(service, repair=False)[0])
    assert store.entry_vectors([kept.id])[kept.id].shape[0] >= 1
    packs = service.get_context(alice, "backups nightly")
    assert other.id in {p.id for p in packs.packs}  # revived: no longer superseded by nothing


@pytest.mark.sqlite_only
def test_cli_doctor_exits_nonzero_until_repaired(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTEXTLAMP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "fake")
    monkeypatch.setenv("CONTEXTLAMP_USER", "alice")
    runner = CliRunner()
    assert runner.invoke(cli, ["save", "We use pnpm in every repository"]).exit_code == 0
    assert runner.invoke(cli, ["doctor"]).exit_code == 0
    store = next((tmp_path / "home" / "stores").glob("usr_*.db"))
    with sqlite3.connect(store) as raw:
        raw.execute("INSERT INTO entries_fts(entries_fts) VALUES('delete-all')")
    broken = runner.invoke(cli, ["doctor", "--json"])
    assert broken.exit_code == 1
    assert json.loads(broken.output)["stores"][0]["findings"][0]["kind"] == "full-text"
    assert runner.invoke(cli, ["doctor", "--repair"]).exit_code == 0
    assert runner.invoke(cli, ["doctor"]).exit_code == 0
    found = runner.invoke(cli, ["get", "pnpm repository", "--json"])
    assert "pnpm" in found.output  # keyword search works again
