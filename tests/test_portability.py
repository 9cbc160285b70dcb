"""Export and import: the user's data leaves whole and comes back the same, any number of times."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from contextlamp.app.export_format import parse_document
from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.cli.main import cli
from contextlamp.embedding import FakeEmbedder
from contextlamp.errors import InvalidArgumentError
from contextlamp.storage import StoreRegistry
from contextlamp.text import new_id
from tests.conftest import Clock
from tests.wiring import app_of

TRANSCRIPT = """User: we decided to use pnpm in every repo from now on
Assistant: Noted.
User: and our Prettier line length is 100, not 80
Assistant: Got it.
"""


def _fill(service: MemoryService, caller: Caller, clock: Clock) -> None:
    service.save_context(caller, "Deploys run on Fridays", topic="deploy day")
    service.save_context(caller, "Deploys run on Thursdays", topic="deploy day")  # supersedes
    service.save_context(caller, "Alice prefers tabs", kind="preference", tags=["style", "editor"])
    service.save_context(caller, "Rotate the staging keys", memory_type="task")
    service.save_context(caller, "The web app uses Vite", project="web-app")
    service.save_session(caller, TRANSCRIPT, None, None)
    got = service.get_context(caller, "deploy day")
    assert got.packs  # bumps reuse counts, so they must survive the trip


def _fresh(tmp_path: Path, name: str, clock: Clock) -> MemoryService:
    embedder = FakeEmbedder()
    return MemoryService(
        StoreRegistry(tmp_path / name, embedder.identity, embedder.dim),
        embedder,
        indexer=Indexer(embedder.embed, inline=True),
        clock=clock,
    )


def test_round_trip_into_an_empty_directory_gives_the_same_document(
    service: MemoryService, alice: Caller, clock: Clock, tmp_path: Path
) -> None:
    _fill(service, alice, clock)
    user = service.registry.control.find_user("alice")
    assert user is not None
    first = app_of(service).porter.export_user(user)
    entries = [e for s in first["stores"] for e in s["entries"]]
    assert any(e["superseded_by"] for e in entries)  # history is in it
    assert any(e["questions"] for e in entries)
    assert any(e["reuse_count"] > 0 for e in entries)
    assert first["sessions"] and first["sessions"][0]["learnings"]
    assert [s["scope"] for s in first["stores"]] == ["personal", "project"]

    other = _fresh(tmp_path, "other", clock)
    report = app_of(other).porter.import_document(parse_document(json.loads(json.dumps(first))))
    assert report.entries_added == len(entries) and report.entries_skipped == 0
    restored = other.registry.control.find_user("alice")
    assert restored is not None and restored.id == user.id
    assert app_of(other).porter.export_user(restored) == first

    again = app_of(other).porter.import_document(parse_document(first))  # idempotent
    assert (again.entries_added, again.sessions_added) == (0, 0)
    assert again.entries_skipped == len(entries)
    assert app_of(other).porter.export_user(restored) == first

    # what was restored behaves like memory: current topic entry wins, history stays, search works
    caller = Caller(principal=other.principal("alice"), surface="cli")
    packs = other.get_context(caller, "deploy day").packs
    assert packs[0].text == "Deploys run on Thursdays"
    assert other.save_context(caller, "Alice prefers tabs").deduped


def test_import_dedupes_by_content_into_an_existing_user(
    service: MemoryService, alice: Caller, clock: Clock, tmp_path: Path
) -> None:
    _fill(service, alice, clock)
    user = service.registry.control.find_user("alice")
    assert user is not None
    document = app_of(service).porter.export_user(user)
    other = _fresh(tmp_path, "other", clock)
    existing = Caller(principal=other.principal("alice"), surface="cli")  # same name, different id
    kept = other.save_context(existing, "Alice prefers tabs")
    report = app_of(other).porter.import_document(parse_document(document))
    assert report.user_id == existing.principal.user_id
    assert report.entries_skipped == 1
    assert other.get_entry(existing, kept.id).content == "Alice prefers tabs"
    listed = other.list_context(existing, limit=50)
    assert sum(1 for i in listed.items if i.title.startswith("Alice prefers tabs")) == 1


def test_bad_documents_are_refused_naming_the_field(service: MemoryService, alice: Caller, clock: Clock) -> None:
    _fill(service, alice, clock)
    user = service.registry.control.find_user("alice")
    assert user is not None
    document = app_of(service).porter.export_user(user)
    with pytest.raises(InvalidArgumentError, match="format"):
        parse_document({"hello": "world"})
    with pytest.raises(InvalidArgumentError, match="version"):
        parse_document({**document, "version": 99})
    broken = copy.deepcopy(document)
    broken["stores"][0]["entries"][0]["memory_type"] = "rumour"
    with pytest.raises(InvalidArgumentError, match=r"stores\.0\.entries\.0\.memory_type"):
        parse_document(broken)
    extra = copy.deepcopy(document)
    extra["stores"][0]["entries"][0]["owner"] = "mallory"
    with pytest.raises(InvalidArgumentError, match="owner"):
        parse_document(extra)


def test_a_crafted_file_cannot_smuggle_a_secret_in(service: MemoryService, alice: Caller, clock: Clock) -> None:
    _fill(service, alice, clock)
    user = service.registry.control.find_user("alice")
    assert user is not None
    document = app_of(service).porter.export_user(user)
    entry = copy.deepcopy(document["stores"][0]["entries"][0])
    entry.update(id=new_id("ctx"), content="prod key AKIAIOSFODNN7EXAMPLE here", superseded_by=None, superseded_at=None)
    tagged = copy.deepcopy(entry)
    tagged.update(id=new_id("ctx"), content="An ordinary note", tags=["ghp_" + "a1b2" * 9])
    document["stores"][0]["entries"] += [entry, tagged]
    with pytest.raises(InvalidArgumentError, match="user"):
        app_of(service).porter.import_document(parse_document(document), "eve")  # a mistyped --user creates nobody
    report = app_of(service).porter.import_document(parse_document(document), "eve", create_user=True)
    assert report.entries_with_secrets == 2
    eve = Caller(principal=service.principal("eve"), surface="cli")
    assert all("AKIA" not in i.title for i in service.list_context(eve, limit=50).items)


def test_cli_export_and_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTEXTLAMP_HOME", str(tmp_path / "a"))
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "fake")
    monkeypatch.setenv("CONTEXTLAMP_USER", "alice")
    runner = CliRunner()
    assert runner.invoke(cli, ["save", "We use pnpm", "--topic", "package manager"]).exit_code == 0
    out = tmp_path / "alice.json"
    result = runner.invoke(cli, ["export", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.stat().st_mode & 0o077 == 0  # private file
    monkeypatch.setenv("CONTEXTLAMP_HOME", str(tmp_path / "b"))
    result = runner.invoke(cli, ["import", str(out), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["entries_added"] == 1
    second = runner.invoke(cli, ["export"])
    assert json.loads(second.output) == json.loads(out.read_text())
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = runner.invoke(cli, ["import", str(bad)])
    assert result.exit_code != 0 and "not a JSON export" in result.output


def _doc(service: MemoryService, alice: Caller, clock: Clock) -> dict:
    _fill(service, alice, clock)
    user = service.registry.control.find_user("alice")
    assert user is not None
    return app_of(service).porter.export_user(user)


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("user", "id"), "../../../tmp/evil", "user.id"),
        (("user", "id"), "prj_" + "a" * 26, "user.id"),  # another kind of id: cannot name a personal store
        (("user", "name"), "usr_" + "b" * 26, "user.name"),  # a name shaped like an id
        (("user", "name"), "two words", "user.name"),
        (("stores", 1, "project", "id"), "usr_" + "c" * 26, "stores.1.project.id"),
        (("stores", 1, "project", "slug"), "../../Evil Slug", "stores.1.project.slug"),
        (("stores", 0, "entries", 0, "created_at"), 2**70, "created_at"),
        (("stores", 0, "entries", 0, "reuse_count"), "3", "reuse_count"),
        (("stores", 0, "entries", 0, "topic"), "NOT A KEBAB Topic!!", "topic"),
        (("stores", 0, "entries", 0, "tags"), ["x" * 100], "tags"),
        (("stores", 0, "entries", 0, "content"), " ", "content"),
        (("stores", 0, "entries", 0, "content"), "x" * 40_000, "content"),
        (("stores", 0, "entries", 0, "superseded_by"), "ctx_" + "d" * 26, "superseded_by"),
        (("sessions", 0, "learnings", 0, "store_id"), "usr_" + "e" * 26, "store_id"),
    ],
)
def test_a_crafted_document_is_refused_before_anything_is_written(
    service: MemoryService, alice: Caller, clock: Clock, tmp_path: Path, path: tuple, value: object, field: str
) -> None:
    document = copy.deepcopy(_doc(service, alice, clock))
    target = document
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    other = _fresh(tmp_path, "other", clock)
    with pytest.raises(InvalidArgumentError, match=field.replace(".", r"\.")):
        app_of(other).porter.import_document(parse_document(document))
    assert other.registry.control.users() == []
    assert not list((tmp_path / "other" / "stores").glob("*")) if (tmp_path / "other" / "stores").exists() else True
    assert not (tmp_path / "tmp").exists()


def test_only_tasks_expire_in_an_import(service: MemoryService, alice: Caller, clock: Clock) -> None:
    document = copy.deepcopy(_doc(service, alice, clock))
    fact = next(e for e in document["stores"][0]["entries"] if e["memory_type"] != "task")
    fact["expires_at"] = 1
    with pytest.raises(InvalidArgumentError, match="expires_at"):
        app_of(service).porter.check_document(parse_document(document))


def test_store_ids_never_reach_a_path_and_names_never_look_like_ids(service: MemoryService) -> None:
    from contextlamp.app.accounts import Accounts
    from contextlamp.errors import StorageError

    for bad in ("../control", "usr_../../x", "prj_short", ""):
        with pytest.raises(StorageError):
            service.registry.store(bad)
    accounts = Accounts(service.registry, service.clock)
    with pytest.raises(InvalidArgumentError, match="like an id"):
        accounts.create_user("usr_" + "a" * 26)
    real = accounts.create_user("zed")
    assert service.registry.control.find_user(real.id) == real
    assert service.registry.control.find_user("zed") == real
