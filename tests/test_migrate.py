"""contextlamp migrate: a whole SQLite server into PostgreSQL, verified by comparing every user's export."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from contextlamp.app.accounts import Accounts
from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.app.state import RepositoryRef
from contextlamp.cli.main import cli
from contextlamp.domain.folding import entry_vector
from contextlamp.embedding import FakeEmbedder
from contextlamp.storage import StoreRegistry
from contextlamp.text import now_ms
from tests.postgres import PostgresServer
from tests.wiring import app_of

TRANSCRIPT = (
    "User: we decided to use pnpm everywhere\nAssistant: Noted.\nUser: and Prettier width is 100\nAssistant: ok\n"
)


def _sqlite_server(home: Path) -> tuple[MemoryService, str]:
    embedder = FakeEmbedder()
    service = MemoryService(
        StoreRegistry(home, embedder.identity, embedder.dim), embedder, indexer=Indexer(embedder.embed, inline=True)
    )
    accounts = Accounts(service.registry, now_ms)
    for name in ("ann", "ben", "cat"):
        accounts.create_user(name)
    token = accounts.create_token("ann", "laptop", None).token
    accounts.create_team("ops", None, "ann")
    accounts.add_member("ops", "ben", "member")
    ann, ben = (Caller(service.principal(n), "cli") for n in ("ann", "ben"))
    service.save_context(ann, "Deploys run on Fridays", topic="deploy day")
    service.save_context(ann, "Deploys run on Thursdays", topic="deploy day")
    service.save_context(ann, "Rotate the staging keys", memory_type="task")
    service.save_context(ann, "The web app uses Vite", project="web")
    service.project_for_repository(ann, RepositoryRef("git:github.com/acme/web", "/src/web", "web", "acme"), "web")
    service.save_session(ann, TRANSCRIPT, None, None)
    service.save_context(ann, "Alerts go to #ops-alerts", team="ops")
    service.save_context(ben, "Alerts go to #ops-alerts", team="ops")  # corroborated: verified
    service.save_context(ann, "Backups run at 02:00", topic="backup time", team="ops")
    service.save_context(ben, "Backups run at 04:00", topic="backup time", team="ops")  # contested
    service.get_context(ann, "deploy day")
    service.registry.close()
    return service, token


def test_migrate_sqlite_to_postgresql_moves_everything(
    tmp_path: Path, postgres: PostgresServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    _, token = _sqlite_server(home)
    url = postgres.database("migrated")
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "fake")
    try:
        runner = CliRunner()
        result = runner.invoke(cli, ["migrate", "--from", f"sqlite:{home}", "--to", url, "--json"])
        assert result.exit_code == 0, result.output
        report = json.loads(result.output)
        assert report["users"] == 3 and report["verified_users"] == 3 and report["entries_copied"] >= 8
        again = json.loads(runner.invoke(cli, ["migrate", "--from", f"sqlite:{home}", "--to", url, "--json"]).output)
        assert again["entries_copied"] == 0 and again["entries_skipped"] == report["entries_copied"]

        embedder = FakeEmbedder()
        source = MemoryService(
            StoreRegistry(home, embedder.identity, embedder.dim), embedder, indexer=Indexer(embedder.embed, inline=True)
        )
        target = MemoryService(
            StoreRegistry(tmp_path / "x", embedder.identity, embedder.dim, url),
            embedder,
            indexer=Indexer(embedder.embed, inline=True),
        )
        try:
            found = Accounts(target.registry, now_ms).authenticate(token)  # the same token signs in
            assert found is not None and found[0].name == "ann"
            for name in ("ann", "ben", "cat"):
                user = source.registry.control.find_user(name)
                assert user is not None
                assert app_of(target).porter.export_user(user) == app_of(source).porter.export_user(user)
            ann = Caller(target.principal("ann"), "cli")
            ben = Caller(target.principal("ben"), "cli")
            packs = target.get_context(ann, "deploy day", max_results=3).packs
            assert packs[0].text == "Deploys run on Thursdays"
            trust = {p.text: p.trust for p in target.get_context(ben, "alerts backups", scope="team").packs}
            assert trust["Alerts go to #ops-alerts"] == "verified"
            assert trust["Backups run at 02:00"] == trust["Backups run at 04:00"] == "contested"
            assert target.resume_session(ann).sessions
            mapped = target.registry.control.project_for_repository(ann.principal.user_id, "git:github.com/acme/web")
            assert mapped is not None and mapped.slug == "web"  # the repository keeps its project
            assert target.project_paths(ann) == {mapped.id: ["/src/web"]}
        finally:
            source.registry.close()
            target.registry.close()
    finally:
        postgres.drop("migrated")


def test_migrate_refuses_unknown_locations(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "fake")
    result = CliRunner().invoke(cli, ["migrate", "--from", "mysql://x", "--to", f"sqlite:{tmp_path}"])
    assert result.exit_code != 0 and "sqlite:DIRECTORY or postgresql://" in result.output


def test_migrate_embeds_a_missing_vector_and_folds_an_old_writers_vectors(
    tmp_path: Path, postgres: PostgresServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    embedder = FakeEmbedder()
    source = MemoryService(
        StoreRegistry(home, embedder.identity, embedder.dim), embedder, indexer=Indexer(embedder.embed, inline=True)
    )
    ann = Caller(source.principal("ann"), "cli")
    lost = source.save_context(ann, "The VPN gateway is vpn-2", topic="vpn gateway").id
    old = source.save_context(ann, "Payroll runs on the 25th", topic="payroll day").id
    store = source.registry.store(ann.principal.user_id)
    entries = {e.id: e for e in store.all_entries()}
    separate = embedder.embed([entries[old].content, *entries[old].questions])
    path = store.path  # pyright: ignore[reportAttributeAccessIssue]
    source.registry.close()
    with sqlite3.connect(path) as conn:  # one entry lost its vector; an older version wrote 1 + q for another
        conn.execute("DELETE FROM vectors WHERE entry_rowid = (SELECT rowid FROM entries WHERE id = ?)", (lost,))
        (rowid,) = conn.execute("SELECT rowid FROM entries WHERE id = ?", (old,)).fetchone()
        conn.execute("DELETE FROM vectors WHERE entry_rowid = ?", (rowid,))
        conn.executemany(
            "INSERT INTO vectors(entry_rowid, ord, vec) VALUES (?, ?, ?)",
            [(rowid, i, v.astype(np.float32).tobytes()) for i, v in enumerate(separate)],
        )
    url = postgres.database("migrated_vectors")
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "fake")
    try:
        result = CliRunner().invoke(cli, ["migrate", "--from", f"sqlite:{home}", "--to", url, "--json"])
        assert result.exit_code == 0, result.output
        target = MemoryService(
            StoreRegistry(tmp_path / "x", embedder.identity, embedder.dim, url),
            embedder,
            indexer=Indexer(embedder.embed, inline=True),
        )
        try:
            copied = target.registry.store(ann.principal.user_id).entry_vectors([lost, old])
            assert np.allclose(copied[lost], target.entry_embedding([entries[lost].content, *entries[lost].questions]))
            assert np.allclose(copied[old], entry_vector(separate), atol=1e-6)
        finally:
            target.registry.close()
    finally:
        postgres.drop("migrated_vectors")


def test_migrate_makes_the_final_vectors_of_an_entry_still_pending(tmp_path: Path) -> None:
    """A source process stopped before its write-behind indexing (app/indexing.py): the copy gets the final
    vectors (chunks, questions folded in), never the provisional one. The copy runs over bare registries, where
    no service's open sweep indexes the source first."""
    from contextlamp.app.migration import _copy_store  # pyright: ignore[reportPrivateUsage]

    embedder = FakeEmbedder()
    source = MemoryService(StoreRegistry(tmp_path / "a", embedder.identity, embedder.dim), embedder, write_behind=True)
    source.indexer.close()  # stopped before indexing anything
    ann = Caller(source.principal("ann"), "cli")
    turn = source.save_context(ann, "The gateway is vpn-2. Its backup gateway is vpn-3.").id
    store = source.registry.store(ann.principal.user_id)
    assert store.pending_ids(10) == [turn]
    entry = store.get(turn)
    assert entry is not None and entry.questions
    source.registry.close()
    bare_source = StoreRegistry(tmp_path / "a", embedder.identity, embedder.dim)
    target = StoreRegistry(tmp_path / "b", embedder.identity, embedder.dim)
    try:
        assert _copy_store(bare_source, target, ann.principal.user_id, source.entry_embedding) == (1, 0)
        copied = target.store(ann.principal.user_id)
        assert copied.pending_count() == 0
        final = source.entry_embedding([entry.content, *entry.questions])
        assert np.allclose(copied.entry_vectors([turn])[turn], final, atol=1e-6)
    finally:
        bare_source.close()
        target.close()
