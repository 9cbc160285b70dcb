"""contextlamp doctor: finds what is broken in a store and repairs what can be repaired."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.cli.main import cli
from contextlamp.embedding import FakeEmbedder, Vectors, onnx
from contextlamp.embedding.onnx import MANIFEST_FILE, MODEL_FILE
from contextlamp.errors import EmbeddingError
from contextlamp.storage import StoreRegistry
from contextlamp.text import content_key, new_id
from tests.wiring import app_of


def test_a_healthy_store_has_no_findings(service: MemoryService, alice: Caller) -> None:
    service.save_context(alice, "Deploys run on Thursdays", topic="deploy day")
    service.save_context(alice, "The web app uses Vite", project="web")
    reports, unowned = app_of(service).doctor.examine(repair=False)
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
    findings = {f.kind for r in app_of(service).doctor.examine(repair=False)[0] for f in r.findings}
    assert {"vectors", "orphan-vectors", "superseded-by"} <= findings
    repaired = [f for r in app_of(service).doctor.examine(repair=True)[0] for f in r.findings]
    assert repaired and all(f.repaired for f in repaired)
    assert all(r.findings == [] for r in app_of(service).doctor.examine(repair=False)[0])
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


class BrokenEmbedder(FakeEmbedder):
    """An embedder whose model cannot load: every embed raises, as a missing or corrupt model does."""

    def embed(self, texts: list[str]) -> Vectors:
        raise EmbeddingError("Could not load the ONNX embedding model (InvalidProtobuf: corrupt file).")


class ShortEmbedder(FakeEmbedder):
    """An embedder that answers with vectors of the wrong dimension."""

    def embed(self, texts: list[str]) -> Vectors:
        return super().embed(texts)[:, :8]


def test_doctor_reports_a_model_that_cannot_embed(registry: StoreRegistry, embedder: FakeEmbedder) -> None:
    healthy = MemoryService(registry, embedder, indexer=Indexer(embedder.embed, inline=True))
    assert app_of(healthy).doctor.check_model() == []
    broken = MemoryService(registry, BrokenEmbedder())
    (finding,) = app_of(broken).doctor.check_model()
    assert finding.kind == "model" and "corrupt file" in finding.detail and not finding.repaired
    (wrong,) = app_of(MemoryService(registry, ShortEmbedder())).doctor.check_model()
    assert wrong.kind == "model" and "(1, 8)" in wrong.detail


@pytest.mark.sqlite_only  # damages SQLite's own tables behind the store's back
def test_repair_with_a_broken_model_reports_instead_of_failing(service: MemoryService, alice: Caller) -> None:
    kept = service.save_context(alice, "Deploys run on Thursdays after the standup")
    path = service.registry.home / "stores" / f"{alice.principal.user_id}.db"
    with sqlite3.connect(path) as raw:
        rowid = raw.execute("SELECT rowid FROM entries WHERE id = ?", (kept.id,)).fetchone()[0]
        raw.execute("DELETE FROM vectors WHERE entry_rowid = ?", (rowid,))
    broken = MemoryService(service.registry, BrokenEmbedder())
    reports, _ = app_of(broken).doctor.examine(repair=True, model_works=not app_of(broken).doctor.check_model())
    assert [(f.kind, f.repaired) for r in reports for f in r.findings] == [("vectors", False)]


@pytest.mark.sqlite_only  # the CLI runs over a SQLite data directory
def test_cli_doctor_fails_while_the_embedding_model_cannot_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model_dir = tmp_path / "model"
    shutil.copytree(onnx.MODEL_DIR, model_dir)
    model = model_dir / MODEL_FILE
    model.write_bytes(b"not an ONNX model")  # a corrupt model whose recorded digest still matches
    manifest = json.loads((model_dir / MANIFEST_FILE).read_text(encoding="utf-8"))
    manifest["sha256"] = hashlib.sha256(model.read_bytes()).hexdigest()
    (model_dir / MANIFEST_FILE).write_text(json.dumps(manifest), encoding="utf-8")
    monkeypatch.setattr(onnx, "MODEL_DIR", model_dir)  # the package's model, as a damaged install would have it
    monkeypatch.setenv("CONTEXTLAMP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "minilm")
    monkeypatch.setenv("CONTEXTLAMP_USER", "alice")
    runner = CliRunner()
    result = runner.invoke(cli, ["doctor", "--json"])
    assert result.exit_code == 1, result.output
    findings = json.loads(result.output)["model"]["findings"]
    assert findings[0]["kind"] == "model" and "Could not load" in findings[0]["detail"]
    human = runner.invoke(cli, ["doctor"])
    assert human.exit_code == 1 and "model" in human.output


@pytest.mark.sqlite_only  # the CLI runs over a SQLite data directory
def test_cli_doctor_names_a_damaged_model_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    model_dir = tmp_path / "model"
    shutil.copytree(onnx.MODEL_DIR, model_dir)
    with (model_dir / MODEL_FILE).open("r+b") as damaged:
        damaged.seek(4096)
        damaged.write(b"\xff" * 16)  # a flipped block: same size, the recorded SHA-256 no longer matches
    monkeypatch.setattr(onnx, "MODEL_DIR", model_dir)
    monkeypatch.setenv("CONTEXTLAMP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "minilm")
    monkeypatch.setenv("CONTEXTLAMP_USER", "alice")
    result = CliRunner().invoke(cli, ["doctor", "--json"])
    assert result.exit_code == 1, result.output
    detail = json.loads(result.output)["model"]["findings"][0]["detail"]
    assert str(model_dir / MODEL_FILE) in detail and "damaged" in detail and "SHA-256" in detail


def test_doctor_reports_stored_values_outside_the_limits_without_quoting_them(
    service: MemoryService, alice: Caller
) -> None:
    kept = service.save_context(alice, "A normal memory")
    store = service.registry.store(alice.principal.user_id)
    stored = store.get(kept.id)
    assert stored is not None
    wide = replace(stored, id=new_id("ctx"), content="Secretive wide one", source_surface="w" * 12_000)
    wide = replace(wide, content_key=content_key(wide.content))
    assert store.restore(wide, service.entry_embedding([wide.content]))
    reports, _ = app_of(service).doctor.examine(repair=True)
    (finding,) = [f for r in reports for f in r.findings]
    assert (finding.kind, finding.entry_id, finding.repaired) == ("limits", wide.id, False)
    assert "source_surface is 12000 characters; the limit is 64" in finding.detail
    assert "Secretive" not in finding.detail and "www" not in finding.detail


def test_cli_doctor_says_whose_each_store_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A store id (usr_…, prj_…) tells a person nothing: each row names its user, project or team."""
    monkeypatch.setenv("CONTEXTLAMP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "fake")
    monkeypatch.setenv("CONTEXTLAMP_USER", "alice")
    monkeypatch.setenv("COLUMNS", "200")
    runner = CliRunner()
    assert runner.invoke(cli, ["save", "We use pnpm", "--project", "web-app"]).exit_code == 0
    assert runner.invoke(cli, ["team", "create", "platform", "--owner", "alice"]).exit_code == 0
    stores = json.loads(runner.invoke(cli, ["doctor", "--json"]).output)["stores"]
    assert sorted(s["owner"] for s in stores) == ["project web-app of alice", "team platform", "user alice"]
    shown = runner.invoke(cli, ["doctor"]).output
    assert "user alice" in shown and "project web-app of alice" in shown and "team platform" in shown
