"""``CONTEXTLAMP_EMBEDDER=auto``, the default: new data gets the int8 model, existing data keeps the model it
records, an explicit setting wins; and the distiller's fitted files, fitted on the fp16 model, are still used
on the int8 model (its family: ``embedding.onnx.SHIPPED``'s ``compatible_with``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from contextlamp.app.compose import create_app
from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.cli.main import cli
from contextlamp.config import Settings
from contextlamp.embedding import create_embedder, resolve_embedder
from contextlamp.embedding.onnx import SHIPPED
from contextlamp.errors import EmbeddingMismatchError
from contextlamp.storage import StoreRegistry
from tests.postgres import PostgresServer

MEMORIES = [
    ("We use pnpm, not npm, in every repository", "which package manager do we use?"),
    ("Deploys run on Thursdays after the standup", "when do we deploy?"),
    ("Production database is PostgreSQL 16 with pgvector", "which database runs in production?"),
    ("Die Android-App wurde auf Kotlin 2.0.21 aktualisiert", "Kotlin Android app"),
]
FP16 = SHIPPED["minilm"].identity
INT8 = SHIPPED["minilm-int8"].identity


@pytest.fixture
def location(
    tmp_path: Path, backend: str, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[Path, str | None]]:
    """A data directory (and a database of its own on PostgreSQL, dropped afterwards), named by the
    environment as a user would, with CONTEXTLAMP_EMBEDDER unset (its default)."""
    monkeypatch.delenv("CONTEXTLAMP_EMBEDDER", raising=False)
    monkeypatch.setenv("CONTEXTLAMP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CONTEXTLAMP_USER", "alice")
    if backend == "sqlite":
        yield tmp_path / "home", None
        return
    server: PostgresServer = request.getfixturevalue("postgres")
    name = f"auto_{abs(hash(request.node.nodeid)) % 10**8}"
    monkeypatch.setenv("CONTEXTLAMP_DATABASE_URL", server.database(name))
    try:
        yield tmp_path / "home", server.database(name)
    finally:
        server.drop(name)


def _fill(home: Path, url: str | None, setting: str) -> None:
    embedder = create_embedder(setting)
    service = MemoryService(
        StoreRegistry(home, embedder.identity, embedder.dim, url, pool_size=2),
        embedder,
        indexer=Indexer(embedder.embed, inline=True),
    )
    caller = Caller(service.principal("alice"), "cli")
    for text, _ in MEMORIES:
        service.save_context(caller, text)
    service.registry.close()


def _model_and_found(settings: Settings) -> tuple[str, list[bool]]:
    """The identity the app runs and, for each memory, whether its query finds it in the top 3."""
    app = create_app(settings)
    try:
        caller = Caller(app.service.principal("alice"), "cli")
        found = [
            text in [p.text for p in app.service.get_context(caller, query, max_results=3).packs]
            for text, query in MEMORIES
        ]
        return app.service.embedder.identity, found
    finally:
        app.service.registry.close()


@pytest.mark.both_backends
def test_a_new_data_directory_gets_the_int8_model_by_default(location: tuple[Path, str | None]) -> None:
    home, url = location
    settings = Settings()
    assert settings.embedder == "auto"
    assert resolve_embedder(settings.embedder, home, url) == "minilm-int8"
    app = create_app(settings)
    try:
        caller = Caller(app.service.principal("alice"), "cli")
        assert app.service.embedder.identity == INT8
        for text, _ in MEMORIES:
            app.service.save_context(caller, text)
    finally:
        app.service.registry.close()
    identity, found = _model_and_found(Settings())  # the next start: the data now records int8
    assert identity == INT8 and all(found), found


@pytest.mark.both_backends
def test_fp16_stores_keep_the_fp16_model_by_default_and_every_memory_is_found(
    location: tuple[Path, str | None],
) -> None:
    home, url = location
    _fill(home, url, "minilm")
    settings = Settings()
    assert resolve_embedder(settings.embedder, home, url) == "minilm"
    identity, found = _model_and_found(settings)
    assert identity == FP16 and all(found), found


@pytest.mark.both_backends
def test_an_explicit_setting_wins_over_auto(location: tuple[Path, str | None], monkeypatch: pytest.MonkeyPatch) -> None:
    del location  # a new data directory, named by the environment
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "minilm")
    identity, _ = _model_and_found(Settings())  # a new data directory, fp16 asked for
    assert identity == FP16
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "minilm-int8")  # fp16 data now, int8 asked for: refused
    with pytest.raises(EmbeddingMismatchError) as refused:
        _model_and_found(Settings())
    assert FP16 in str(refused.value) and INT8 in str(refused.value) and "contextlamp reembed" in str(refused.value)


@pytest.mark.both_backends
def test_reembed_moves_auto_to_the_int8_model(location: tuple[Path, str | None]) -> None:
    home, url = location
    _fill(home, url, "minilm")
    result = CliRunner().invoke(cli, ["reembed", "--to", "minilm-int8", "--json"])
    assert result.exit_code == 0, result.output
    identity, found = _model_and_found(Settings())
    assert identity == INT8 and all(found), found


@pytest.mark.sqlite_only  # the early embedder resolves over a SQLite data directory; PostgreSQL: create_app
def test_the_early_embedder_of_get_and_save_resolves_auto_over_the_data_directory(tmp_path: Path) -> None:
    from contextlamp.cli.common import _early_embedder  # pyright: ignore[reportPrivateUsage]

    home = tmp_path / "home"
    early = _early_embedder({"CONTEXTLAMP_HOME": str(home)})
    assert early is not None and early[0] == "auto" and early[1].identity == INT8
    _fill(home, None, "minilm")
    early = _early_embedder({"CONTEXTLAMP_HOME": str(home)})
    assert early is not None and early[0] == "auto" and early[1].identity == FP16
    early = _early_embedder({"CONTEXTLAMP_HOME": str(home), "CONTEXTLAMP_EMBEDDER": "minilm-int8"})
    assert early is not None and early[0] == "minilm-int8" and early[1].identity == INT8


@pytest.mark.sqlite_only  # the CLI runs over a SQLite data directory
def test_doctor_names_the_embedder_auto_chose(location: tuple[Path, str | None]) -> None:
    home, _ = location
    _fill(home, None, "minilm")
    result = CliRunner().invoke(cli, ["doctor", "--json"])
    model = json.loads(result.output)["model"]
    assert model["identity"] == FP16 and model["embedder"] == "minilm" and model["setting"] == "auto"
    human = CliRunner().invoke(cli, ["doctor"])
    assert "minilm, chosen by CONTEXTLAMP_EMBEDDER=auto" in human.output, human.output
