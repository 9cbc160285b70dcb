"""Export never fails on what is stored, export -> import gives back everything a save accepts, and import
does not trust the file (issue 12 points 8, 9, 10)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import httpx2
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextlamp.app.export_format import ExportedEntry, parse_document
from contextlamp.app.service import Caller, MemoryService
from contextlamp.cli.main import cli
from contextlamp.domain.models import ENTRY_FIELDS, Entry, SessionDigest
from contextlamp.embedding import FakeEmbedder
from contextlamp.errors import InvalidArgumentError
from contextlamp.storage import Project, StoreRegistry, User
from contextlamp.text import content_key, new_id
from tests.conftest import Clock
from tests.servers import run_server
from tests.wiring import app_of

# values at and beyond every limit, and extreme counters, must survive each backend's column
# types (PostgreSQL holds no NUL, bigint counters): store behaviour per backend, so both backends.
pytestmark = pytest.mark.both_backends

BIG = 2**63 - 1  # the largest time both backends hold (64-bit signed)
SECRET = "postgresql://admin:hunter2@db.internal/x"


def _fresh(tmp_path: Path, name: str, clock: Clock) -> MemoryService:
    embedder = FakeEmbedder()
    return MemoryService(StoreRegistry(tmp_path / name, embedder.identity, embedder.dim), embedder, clock=clock)


def _entry(**fields: Any) -> Entry:
    values: dict[str, Any] = {
        "id": new_id("ctx"),
        "content": "A stored memory",
        "memory_type": "fact",
        "kind": "note",
        "topic": None,
        "tags": (),
        "source_surface": "cli",
        "created_at": 1_790_000_000_000,
        "expires_at": None,
        "superseded_by": None,
        "superseded_at": None,
        "reuse_count": 0,
        "last_used_surface": None,
        "last_used_at": None,
        "questions": (),
        "contributed_by": None,
        "trust": None,
    }
    values.update(fields)
    return Entry(content_key=content_key(values["content"]), **values)


def _put(service: MemoryService, store_id: str, entry: Entry) -> Entry:
    """Write an entry exactly as given, through the store API (no service checks)."""
    assert service.registry.store(store_id).restore(entry, service.entry_embedding([entry.content, *entry.questions]))
    return entry


def _as_file(document: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(document, ensure_ascii=False))


def test_export_lists_entry_fields_in_the_documented_order() -> None:
    assert tuple(ExportedEntry.model_fields) == ENTRY_FIELDS


def test_every_field_at_its_limit_and_extreme_counters_round_trip(
    service: MemoryService, backend: str, tmp_path: Path, clock: Clock
) -> None:
    limits = service.limits
    control = service.registry.control
    user = control.create_user("u" * 200, BIG)
    project = control.restore_project(Project(new_id("prj"), "p" * 64, user.id, "Ñ" * 200, BIG))
    team = control.create_team("t" * 64, "T" * 200, BIG)
    control.set_member(team.id, user.id, "admin", BIG)
    reuse = 2**31  # 64-bit on both backends (PostgreSQL migration 4)
    full: dict[str, Any] = {
        "content": "é" * (limits.max_content_bytes // 2),  # exactly the byte limit, two bytes a character
        "topic": "ü" * limits.max_topic_chars,
        "tags": tuple(f"{i:02d}" + "ß" * (limits.max_tag_chars - 2) for i in range(limits.max_tags)),
        "questions": tuple(f"{i:02d}" + "q" * 1998 for i in range(20)),
        "source_surface": "s" * limits.max_surface_chars,
        "created_at": BIG,
        "reuse_count": reuse,
        "last_used_surface": "l" * limits.max_surface_chars,
        "last_used_at": BIG,
    }
    current = _put(service, user.id, _entry(**full))
    old = _put(
        service,
        user.id,
        _entry(
            **{**full, "content": "ê" * (limits.max_content_bytes // 2), "superseded_by": current.id}, superseded_at=BIG
        ),
    )
    task = _put(service, user.id, _entry(content="Rotate the keys", memory_type="task", expires_at=BIG))
    in_project = _put(service, project.id, _entry(**{**full, "content": "x" * limits.max_content_bytes}))
    learning = _put(
        service, team.id, _entry(**{**full, "content": "y" * 100}, contributed_by=user.id, trust="unverified")
    )
    refs = ((user.id, current.id), (user.id, old.id), (user.id, task.id), (project.id, in_project.id))
    service.registry.store(user.id).put_session(
        SessionDigest(new_id("ses"), "L" * 1000, "S" * 10_000, "s" * limits.max_surface_chars, BIG, refs * 250)
    )
    first = app_of(service).porter.export_user(user)  # never fails on what is stored
    assert [len(s["entries"]) for s in first["stores"]] == [3, 1, 1]
    assert learning.id in json.dumps(first)
    other = _fresh(tmp_path, "other", clock)
    report = app_of(other).porter.import_document(parse_document(_as_file(first)))
    assert (report.entries_added, report.sessions_added, report.dropped) == (5, 1, ())
    restored = other.registry.control.find_user(user.id)
    assert restored is not None
    assert app_of(other).porter.export_user(restored) == first


def _out_of_limits(service: MemoryService, backend: str) -> tuple[User, list[str]]:
    """A user whose store holds values today's limits refuse (an older version wrote them)."""
    control = service.registry.control
    user = control.create_user("alice", 1)
    team = control.create_team("platform", "P" * 300, 1)
    control.set_member(team.id, user.id, "admin", 1)
    ids = [
        _put(service, user.id, _entry(content="Wide surface", source_surface="s" * 12_000, created_at=1)).id,
        _put(service, user.id, _entry(content="z" * 40_000, created_at=2)).id,
        _put(service, user.id, _entry(content="Many tags", tags=tuple(f"tag-{i}" for i in range(50)), created_at=3)).id,
        _put(service, user.id, _entry(content="Old topic", topic="Not A Kebab " * 30, created_at=4)).id,
        _put(service, team.id, _entry(content="Team rule", contributed_by=user.id, trust="unverified")).id,
    ]
    if backend == "sqlite":  # PostgreSQL cannot hold NUL at all
        ids.append(_put(service, user.id, _entry(content="nul \x00 inside", created_at=5)).id)
    service.registry.store(user.id).put_session(SessionDigest(new_id("ses"), "Label", "Sum", "x" * 5000, 2, ()))
    return user, ids


def test_export_never_fails_on_values_outside_the_limits(service: MemoryService, backend: str) -> None:
    user, ids = _out_of_limits(service, backend)
    document = app_of(service).porter.export_user(user)
    text = json.dumps(document, ensure_ascii=False)
    assert all(i in text for i in ids)
    surfaces = [e["source_surface"] for s in document["stores"] for e in s["entries"]]
    assert "s" * 12_000 in surfaces  # exported as stored, not cut
    with pytest.raises(InvalidArgumentError, match=r"Invalid argument 'stores\.\d+\.(team\.name|entries\.0)"):
        app_of(service).porter.import_document(parse_document(_as_file(document)))  # import names what it cannot take


@pytest.mark.sqlite_only  # the CLI runs over a SQLite data directory
def test_cli_export_and_doctor_with_values_outside_the_limits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTEXTLAMP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "fake")
    monkeypatch.setenv("CONTEXTLAMP_USER", "alice")
    embedder = FakeEmbedder()
    service = MemoryService(StoreRegistry(tmp_path / "home", embedder.identity, embedder.dim), embedder)
    _, ids = _out_of_limits(service, "sqlite")
    service.registry.close()
    runner = CliRunner()
    exported = runner.invoke(cli, ["export"])
    assert exported.exit_code == 0, exported.output
    assert all(i in exported.output for i in ids)
    doctor = runner.invoke(cli, ["doctor", "--json"])
    assert doctor.exit_code == 1
    report = json.loads(doctor.output)
    limits = [f for s in report["stores"] for f in s["findings"] if f["kind"] == "limits"]
    assert {f["entry_id"] for f in limits} >= set(ids) - {ids[4]}  # the team learning itself is fine
    details = " ".join(f["detail"] for f in limits)
    for expected in ("source_surface", "content", "tags", "topic", "NUL", "team.name", "session source_surface"):
        assert expected in details, (expected, details)
    assert "zzzz" not in details and "nul " not in details and "Not A Kebab" not in details  # never the value


def test_http_export_answers_with_values_outside_the_limits(tmp_path: Path) -> None:
    with run_server(tmp_path / "home") as server:
        accounts = server.accounts()
        accounts.create_user("alice")
        token = accounts.create_token("alice", "t", None).token
        user = accounts.user("alice")
        store = accounts.registry.store(user.id)
        entry = _entry(content="Saved by an older version", source_surface="s" * 12_000, reuse_count=2**31)
        assert store.restore(entry, FakeEmbedder().embed([entry.content]))
        exported = httpx2.get(f"{server.url}/export", headers={"Authorization": f"Bearer {token}"}, timeout=30)
        accounts.registry.close()
    assert exported.status_code == 200, exported.text[:500]
    assert exported.json()["stores"][0]["entries"][0]["reuse_count"] == 2**31


# -- point 10: what a save accepts, export -> import gives back unchanged ------------------------------------

TEXT = st.one_of(
    st.text(max_size=80),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=80),
    st.sampled_from(["\x00", "a\x00b", "C++", "C#", "ﷺ", "İstanbul", "ǅ", "ß", "\u200f", "x" * 65, "  padded  "]),
)
OPTIONAL = st.one_of(st.none(), TEXT)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    content=st.one_of(TEXT, st.text(min_size=1, max_size=400)),
    topic=OPTIONAL,
    tags=st.one_of(st.none(), st.lists(TEXT, max_size=34)),
    source_surface=OPTIONAL,
    project=st.one_of(st.none(), st.sampled_from(["web", "Web App", "ünï cödé", "C++ tools"]), TEXT),
    kind=st.sampled_from([None, "fact", "decision", "preference", "note"]),
    memory_type=st.sampled_from([None, "fact", "event", "instruction", "task"]),
)
def test_anything_save_context_accepts_round_trips_through_export_and_import(
    service: MemoryService,
    tmp_path: Path,
    clock: Clock,
    content: str,
    topic: str | None,
    tags: list[str] | None,
    source_surface: str | None,
    project: str | None,
    kind: str | None,
    memory_type: str | None,
) -> None:
    name = new_id("u")[2:14]
    caller = Caller(service.principal(name), "cli")
    try:
        service.save_context(caller, content, memory_type, kind, topic, source_surface, tags, project)
    except InvalidArgumentError:
        return  # refused: nothing to carry
    user = service.registry.control.find_user(name)
    assert user is not None
    document = app_of(service).porter.export_user(user)
    target = _fresh(tmp_path, f"target-{name}", clock)
    try:
        report = app_of(target).porter.import_document(parse_document(_as_file(document)))
        assert report.dropped == () and report.entries_added == 1
        restored = target.registry.control.find_user(user.id)
        assert restored is not None
        assert app_of(target).porter.export_user(restored) == document
    finally:
        target.registry.close()


# -- point 8: import does not trust the file -----------------------------------------------------------------


def _document(service: MemoryService, alice: Caller) -> dict[str, Any]:
    from contextlamp.app.accounts import Accounts

    Accounts(service.registry, service.clock).create_team("platform", "Platform", "alice")
    service.save_context(alice, "Deploys run on Thursdays", topic="deploy day")
    service.save_context(alice, "The web app uses Vite", project="web-app")
    service.save_context(alice, "The on-call handbook is in the wiki", team="platform")
    service.save_session(alice, "User: we decided to use pnpm in every repo\nAssistant: Noted.\n")
    user = service.registry.control.find_user("alice")
    assert user is not None
    return _as_file(app_of(service).porter.export_user(user))


def test_a_crafted_file_loses_its_secrets_and_its_claimed_trust(
    service: MemoryService, alice: Caller, tmp_path: Path, clock: Clock
) -> None:
    document = _document(service, alice)
    assert [s["scope"] for s in document["stores"]] == ["personal", "project", "team"]
    crafted = copy.deepcopy(document)
    clean_session = copy.deepcopy(crafted["sessions"][0])
    labelled = {**copy.deepcopy(clean_session), "id": new_id("ses"), "label": f"Deploy {SECRET}"}
    summarised = {**copy.deepcopy(clean_session), "id": new_id("ses"), "summary": "token ghp_" + "a1B2c3D4" * 5}
    crafted["sessions"] += [labelled, summarised]
    crafted["stores"][1]["project"]["name"] = SECRET  # the project store goes, with its entries
    learning = crafted["stores"][2]["entries"][0]
    learning["trust"] = "verified"  # claimed by the file, corroborated by nobody
    target = _fresh(tmp_path, "target", clock)
    report = app_of(target).porter.import_document(parse_document(crafted))
    where = {d.where: d.reason for d in report.dropped}
    assert set(where) >= {"sessions.1", "sessions.2", "stores.1", "stores.2"}
    assert "label" in where["sessions.1"] and "summary" in where["sessions.2"]
    assert "project" in where["stores.1"] and "name" in where["stores.1"]
    assert "unverified" in where["stores.2"] and report.trust_reset == 1
    assert report.sessions_with_secrets == 2 and report.sessions_added == 1
    assert all("hunter2" not in r and "a1B2c3D4" not in r for r in where.values())  # the reason never quotes it
    caller = Caller(target.principal("alice"), "cli")
    assert target.projects(caller) == []
    sessions = target.resume_session(caller, limit=50).sessions or []
    assert [s.session_id for s in sessions] == [clean_session["id"]]
    team_items = target.list_context(caller, team="platform").items
    assert [(i.id, i.trust) for i in team_items] == [(learning["id"], "unverified")]


def test_a_team_name_with_a_secret_drops_its_store(
    service: MemoryService, alice: Caller, tmp_path: Path, clock: Clock
) -> None:
    crafted = _document(service, alice)
    crafted["stores"][2]["team"]["name"] = f"Platform {SECRET}"
    target = _fresh(tmp_path, "target", clock)
    report = app_of(target).porter.import_document(parse_document(crafted))
    assert any(d.where == "stores.2" and "team" in d.reason and "name" in d.reason for d in report.dropped)
    assert target.registry.control.teams() == []


def test_a_user_name_with_a_secret_is_refused_unless_another_user_is_named(
    service: MemoryService, alice: Caller, tmp_path: Path, clock: Clock
) -> None:
    crafted = _document(service, alice)
    crafted["user"]["name"] = "ghp_" + "a1B2c3D4" * 5
    target = _fresh(tmp_path, "target", clock)
    with pytest.raises(InvalidArgumentError, match=r"'user\.name'.*secret") as err:
        app_of(target).porter.import_document(parse_document(crafted))
    assert "a1B2c3D4" not in str(err.value) and target.registry.control.users() == []
    report = app_of(target).porter.import_document(parse_document(crafted), "carol", create_user=True)
    assert report.user_name == "carol" and report.entries_added == 4


def test_trust_is_kept_when_the_target_holds_the_corroboration(
    service: MemoryService, alice: Caller, bob: Caller, tmp_path: Path, clock: Clock
) -> None:
    document = _document(service, alice)
    learning = document["stores"][2]["entries"][0]
    target = _fresh(tmp_path, "target", clock)
    team = target.registry.control.create_team("platform", "Platform", 1, document["stores"][2]["team"]["id"])
    restored = target.registry.control.create_user("alice", 1, document["user"]["id"])
    target.registry.control.set_member(team.id, restored.id, "member", 1)
    target.registry.store(team.id).restore_corroborations(learning["id"], [(new_id("usr"), 5, 1.0)])
    report = app_of(target).porter.import_document(parse_document(document))
    assert report.trust_reset == 0
    stored = target.registry.store(team.id).get(learning["id"])
    assert stored is not None and stored.trust == "verified"


def test_cli_import_lists_what_it_left_out(
    service: MemoryService, alice: Caller, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    crafted = _document(service, alice)
    crafted["sessions"][0]["label"] = f"Deploy {SECRET}"
    source = tmp_path / "crafted.json"
    source.write_text(json.dumps(crafted), encoding="utf-8")
    monkeypatch.setenv("CONTEXTLAMP_HOME", str(tmp_path / "cli-home"))
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "fake")
    runner = CliRunner()
    human = runner.invoke(cli, ["import", str(source)])
    assert human.exit_code == 0, human.output
    assert "sessions.0: holds a secret" in human.output and "hunter2" not in human.output
    again = runner.invoke(cli, ["import", str(source), "--json"])
    data = json.loads(again.output)
    assert data["sessions_with_secrets"] == 1
    assert {"where": "sessions.0", "reason": data["dropped"][0]["reason"]} in data["dropped"]


def test_a_stored_entry_with_a_secret_in_its_surface_is_left_out(
    service: MemoryService, alice: Caller, tmp_path: Path, clock: Clock
) -> None:
    document = _document(service, alice)
    entry = copy.deepcopy(document["stores"][0]["entries"][0])
    entry.update(id=new_id("ctx"), content="Another note", last_used_surface="akia-" + "x" * 10)
    index = len(document["stores"][0]["entries"])
    document["stores"][0]["entries"].append({**entry, "source_surface": "AKIAIOSFODNN7EXAMPLE"})
    target = _fresh(tmp_path, "target", clock)
    report = app_of(target).porter.import_document(parse_document(document))
    assert report.entries_with_secrets == 1
    assert any(d.where == f"stores.0.entries.{index}" and "source_surface" in d.reason for d in report.dropped)
