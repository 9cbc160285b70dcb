"""``contextlamp reembed --to NAME``: every store of a server moved to another shipped embedding model, on
both backends; resumable (an interrupted run finishes on rerun) and idempotent; stores built with the fp16
model keep working with default settings."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

import contextlamp.storage.postgres.maintenance as pg_maintenance
import contextlamp.storage.sqlite.maintenance as sqlite_maintenance
from contextlamp.app.compose import create_app
from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.cli.main import cli
from contextlamp.config import Settings
from contextlamp.domain.embedding import Vectors
from contextlamp.embedding import FakeEmbedder, create_embedder
from contextlamp.errors import EmbeddingError, EmbeddingMismatchError
from contextlamp.storage import StoreRegistry
from tests.postgres import PostgresServer

MEMORIES = [
    "We use pnpm, not npm, in every repository",
    "Deploys run on Thursdays after the standup",
    "The team's favourite lunch spot is the Thai restaurant on Main Street",
    "Production database is PostgreSQL 16 with pgvector",
    "Die Android-App wurde auf Kotlin 2.0.21 aktualisiert",
]


@pytest.fixture
def location(tmp_path: Path, backend: str, request: pytest.FixtureRequest) -> Iterator[tuple[Path, str | None]]:
    """A data directory, and a database URL of its own on PostgreSQL (dropped afterwards)."""
    if backend == "sqlite":
        yield tmp_path / "home", None
        return
    server: PostgresServer = request.getfixturevalue("postgres")
    name = f"reembed_{abs(hash(request.node.nodeid)) % 10**8}"
    try:
        yield tmp_path / "home", server.database(name)
    finally:
        server.drop(name)


def _environ(monkeypatch: pytest.MonkeyPatch, home: Path, url: str | None) -> None:
    monkeypatch.setenv("CONTEXTLAMP_HOME", str(home))
    monkeypatch.setenv("CONTEXTLAMP_USER", "alice")
    if url:
        monkeypatch.setenv("CONTEXTLAMP_DATABASE_URL", url)


def _fill(home: Path, url: str | None, embedder: Any, project: bool = True) -> None:
    service = MemoryService(
        StoreRegistry(home, embedder.identity, embedder.dim, url, pool_size=2),
        embedder,
        indexer=Indexer(embedder.embed, inline=True),
    )
    caller = Caller(service.principal("alice"), "cli")
    for text in MEMORIES:
        service.save_context(caller, text)
    if project:
        service.save_context(caller, "The web app is built with Vite and Vue 3", project="web")
    service.registry.close()


def _search(settings: Settings, query: str) -> list[str]:
    app = create_app(settings)
    try:
        caller = Caller(app.service.principal("alice"), "cli")
        return [pack.text for pack in app.service.get_context(caller, query, max_results=3).packs]
    finally:
        app.service.registry.close()


@pytest.mark.both_backends
def test_an_fp16_store_keeps_working_with_default_settings(
    location: tuple[Path, str | None], monkeypatch: pytest.MonkeyPatch
) -> None:
    home, url = location
    _fill(home, url, create_embedder("minilm"), project=False)
    _environ(monkeypatch, home, url)
    settings = Settings()
    assert settings.embedder == "auto"  # the default resolves to the model the stores record
    assert "We use pnpm, not npm, in every repository" in _search(settings, "which package manager do we use?")


@pytest.mark.both_backends
def test_reembed_moves_every_store_and_search_still_finds_its_entries(
    location: tuple[Path, str | None], monkeypatch: pytest.MonkeyPatch
) -> None:
    home, url = location
    _fill(home, url, create_embedder("minilm"))
    _environ(monkeypatch, home, url)
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "minilm-int8")
    with pytest.raises(EmbeddingMismatchError) as refused:  # before the move: a clear refusal naming both
        _search(Settings(), "which package manager do we use?")
    fp16, int8 = create_embedder("minilm").identity, create_embedder("minilm-int8").identity
    assert fp16 in str(refused.value) and int8 in str(refused.value) and "contextlamp reembed" in str(refused.value)

    result = CliRunner().invoke(cli, ["reembed", "--to", "minilm-int8", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report == {"embedder": "minilm-int8", "identity": int8, "entries_embedded": len(MEMORIES) + 1}

    assert "We use pnpm, not npm, in every repository" in _search(Settings(), "which package manager do we use?")
    assert "Die Android-App wurde auf Kotlin 2.0.21 aktualisiert" in _search(Settings(), "Kotlin Android app")
    app = create_app(Settings())
    try:  # the project store moved too
        caller = Caller(app.service.principal("alice"), "cli")
        packs = app.service.get_context(caller, "which frontend build tool?", project="web", max_results=3).packs
        assert any("Vite" in pack.text for pack in packs)
    finally:
        app.service.registry.close()
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "minilm")
    with pytest.raises(EmbeddingMismatchError):  # the stores now record the int8 model
        _search(Settings(), "which package manager do we use?")

    again = CliRunner().invoke(cli, ["reembed", "--to", "minilm-int8", "--json"])  # idempotent: nothing to do
    assert again.exit_code == 0 and json.loads(again.output)["entries_embedded"] == 0


class OtherFake(FakeEmbedder):
    """A fake of another 'model': other identity, other vectors (the hashing fake's, negated)."""

    @property
    def identity(self) -> str:
        return "other-fake:" + str(self.dim)

    def embed(self, texts: list[str]) -> Vectors:
        return -super().embed(texts)


@pytest.mark.both_backends
def test_an_interrupted_reembed_finishes_on_rerun(
    location: tuple[Path, str | None], monkeypatch: pytest.MonkeyPatch, backend: str
) -> None:
    home, url = location
    source, target = FakeEmbedder(), OtherFake()
    _fill(home, url, source)
    monkeypatch.setattr(sqlite_maintenance, "REEMBED_BATCH", 2)
    monkeypatch.setattr(pg_maintenance, "REEMBED_BATCH", 2)
    target_service = MemoryService(
        StoreRegistry(home, source.identity, source.dim, url, pool_size=2),
        target,
        indexer=Indexer(target.embed, inline=True),
    )
    calls = {"n": 0}

    def failing(texts: list[str]) -> Vectors:
        calls["n"] += 1
        if calls["n"] == 4:
            raise EmbeddingError("the model went away")
        return target_service.entry_embedding(texts)

    registry = target_service.registry
    total = registry.entries_to_reembed(target.identity)
    assert total == len(MEMORIES) + 1
    with pytest.raises(EmbeddingError):
        registry.reembed(target.identity, failing)
    registry.close()

    # Interrupted: the stores still record the old model and still answer under it.
    service = MemoryService(
        StoreRegistry(home, source.identity, source.dim, url, pool_size=2),
        source,
        indexer=Indexer(source.embed, inline=True),
    )
    caller = Caller(service.principal("alice"), "cli")
    assert service.get_context(caller, "pnpm", max_results=3).packs
    service.registry.close()

    embedded: list[int] = []
    rerun = StoreRegistry(home, source.identity, source.dim, url, pool_size=2)
    done = rerun.reembed(target.identity, target_service.entry_embedding, embedded.append)
    rerun.close()
    # Only what the first run had not committed. SQLite, store by store: the project store (1 entry, call 1)
    # was finished, then one batch of 2 of the personal store (calls 2-3). PostgreSQL, the whole database in
    # batches of 2: calls 1-2. The batch of call 4 failed and is done again.
    assert done == total - (3 if backend == "sqlite" else 2)
    assert sum(embedded) == done

    moved = MemoryService(
        StoreRegistry(home, target.identity, target.dim, url, pool_size=2),
        target,
        indexer=Indexer(target.embed, inline=True),
    )
    caller = Caller(moved.principal("alice"), "cli")
    store = moved.registry.store(caller.principal.user_id)
    stored = store.entry_vectors([e.id for e in store.all_entries()])
    assert len(stored) == len(MEMORIES)
    for entry in store.all_entries():  # every vector is the new model's
        assert np.allclose(stored[entry.id], target_service.entry_embedding([entry.content, *entry.questions]))
    assert "We use pnpm, not npm, in every repository" in [
        p.text for p in moved.get_context(caller, "We use pnpm, not npm, in every repository").packs
    ]
    assert moved.registry.entries_to_reembed(target.identity) == 0
    moved.registry.close()
    with pytest.raises(EmbeddingMismatchError):
        StoreRegistry(home, source.identity, source.dim, url, pool_size=2).store(caller.principal.user_id)
