"""save_context semantics of spec/TOOLS.md, at the service level."""

from __future__ import annotations

from typing import Any

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.errors import InvalidArgumentError, SecretDetectedError
from tests.conftest import Clock


def _ids(service: MemoryService, caller: Caller, **kwargs: Any) -> list[str]:
    return [item.id for item in service.list_context(caller, 200, **kwargs).items]


def test_same_content_returns_the_same_id_marked_deduped(service: MemoryService, alice: Caller) -> None:
    first = service.save_context(alice, "We deploy on Fridays")
    again = service.save_context(alice, "  We   deploy\non Fridays ")
    assert not first.deduped
    assert again.deduped and again.id == first.id
    assert _ids(service, alice) == [first.id]


def test_dedupe_key_keeps_case_and_uses_nfc(service: MemoryService, alice: Caller) -> None:
    lower = service.save_context(alice, "use pnpm")
    upper = service.save_context(alice, "Use pnpm")
    assert upper.id != lower.id
    composed = service.save_context(alice, "caf\u00e9 opens at 8")
    decomposed = service.save_context(alice, "cafe\u0301 opens at 8")
    assert decomposed.deduped and decomposed.id == composed.id


def test_dedupe_does_not_embed_again(service: MemoryService, alice: Caller, embedder: Any) -> None:
    service.save_context(alice, "We deploy on Fridays")
    calls = embedder.calls
    service.save_context(alice, "We deploy on Fridays")
    assert embedder.calls == calls


def test_new_entry_on_a_topic_supersedes_and_keeps_history(service: MemoryService, alice: Caller) -> None:
    old = service.save_context(alice, "We use npm", topic="Package Manager")
    new = service.save_context(alice, "We use pnpm", topic="package-manager")
    assert _ids(service, alice) == [new.id]
    history = service.list_context(alice, 50, include_superseded=True).items
    assert {i.id: i.superseded_by for i in history} == {new.id: None, old.id: new.id}
    packs = service.get_context(alice, "npm").packs
    assert old.id not in [p.id for p in packs]


def test_resaving_superseded_content_revives_it_under_its_old_id(service: MemoryService, alice: Caller) -> None:
    old = service.save_context(alice, "We use npm", topic="package-manager")
    new = service.save_context(alice, "We use pnpm", topic="package-manager")
    back = service.save_context(alice, "We use npm", topic="package-manager")
    assert back.id == old.id and back.deduped
    assert _ids(service, alice) == [old.id]
    assert _ids(service, alice, include_superseded=True) == [new.id, old.id]


def test_topics_are_per_store(service: MemoryService, alice: Caller) -> None:
    personal = service.save_context(alice, "Personal editor is vim", topic="editor")
    project = service.save_context(alice, "Project editor is vscode", topic="editor", project="webapp")
    assert _ids(service, alice) == [personal.id]
    assert _ids(service, alice, project="webapp") == [project.id]


def test_memory_type_defaults_fact_or_event_for_decisions(service: MemoryService, alice: Caller) -> None:
    service.save_context(alice, "A plain note")
    service.save_context(alice, "We chose Postgres", kind="decision")
    service.save_context(alice, "Always write tests first", memory_type="instruction", kind="preference")
    items = {i.title: (i.memory_type, i.kind) for i in service.list_context(alice).items}
    assert items == {
        "A plain note": ("fact", "note"),
        "We chose Postgres": ("event", "decision"),
        "Always write tests first": ("instruction", "preference"),
    }


def test_tasks_expire_after_seven_days_and_are_swept_on_next_write(
    service: MemoryService, alice: Caller, clock: Clock
) -> None:
    task = service.save_context(alice, "Finish the migration script", memory_type="task")
    clock.advance_days(6.9)
    assert _ids(service, alice) == [task.id]
    clock.advance_days(0.2)
    assert _ids(service, alice) == []
    assert service.get_context(alice, "migration script").packs == []
    store = service.registry.store(alice.principal.user_id)
    assert store.count() == 1  # expired but not yet swept: reads hide it
    service.save_context(alice, "Something else")
    assert store.count() == 1 and store.get(task.id) is None
    again = service.save_context(alice, "Finish the migration script", memory_type="task")
    assert not again.deduped and again.id != task.id


def test_tags_are_lower_cased_and_deduplicated(service: MemoryService, alice: Caller) -> None:
    service.save_context(alice, "Tagged", tags=["Infra", "infra", " CI  cd "])
    item = service.list_context(alice).items[0]
    assert item.tags == ["infra", "ci cd"]
    assert item.category == "infra"


def test_surface_defaults_to_client_and_can_be_given(service: MemoryService, alice: Caller) -> None:
    service.save_context(alice, "From the client")
    service.save_context(alice, "From elsewhere", source_surface="My Script")
    packs = {p.text: p.source_surface for p in service.get_context(alice, "from").packs}
    assert packs == {"From the client": "claude-code", "From elsewhere": "my-script"}


def test_project_by_slug_is_created_then_found_by_id_or_slug(service: MemoryService, alice: Caller) -> None:
    saved = service.save_context(alice, "Uses Django", project="Web App")
    (project,) = service.registry.control.projects(alice.principal.user_id)
    assert project.slug == "web-app" and project.id.startswith("prj_")
    assert _ids(service, alice, project=project.id) == [saved.id]
    assert _ids(service, alice, project="web-app") == [saved.id]
    assert _ids(service, alice) == []


def test_secret_is_refused_naming_its_kind_never_echoing_it(service: MemoryService, alice: Caller) -> None:
    secret = "AKIAIOSFODNN7EXAMPLE"
    with pytest.raises(SecretDetectedError) as err:
        service.save_context(alice, f"the deploy key is {secret}")
    assert "AWS Access Key" in str(err.value) and secret not in str(err.value)
    with pytest.raises(SecretDetectedError, match="Password"):
        service.save_context(alice, "db password = hunter2hunter2")
    assert _ids(service, alice) == []


BAD_SAVES: list[tuple[dict[str, Any], str]] = [
    ({"content": ""}, "content"),
    ({"content": "   \n"}, "content"),
    ({"content": 42}, "content"),
    ({"content": "x" * (32 * 1024 + 1)}, "content"),
    ({"content": "bad \ud800 unicode"}, "content"),
    ({"content": "ok", "memory_type": "memo"}, "memory_type"),
    ({"content": "ok", "kind": "rumour"}, "kind"),
    ({"content": "ok", "topic": "t" * 201}, "topic"),
    ({"content": "ok", "topic": "!!!"}, "topic"),
    ({"content": "ok", "tags": "single"}, "tags"),
    ({"content": "ok", "tags": ["x" * 65]}, "tags"),
    ({"content": "ok", "tags": [f"t{i}" for i in range(33)]}, "tags"),
    ({"content": "ok", "tags": [""]}, "tags"),
    ({"content": "ok", "project": ""}, "project"),
    ({"content": "ok", "project": "prj_doesnotexist"}, "project"),
    ({"content": "ok", "team": "team_x"}, "team"),
]


@pytest.mark.parametrize(("kwargs", "field"), BAD_SAVES)
def test_bad_argument_names_the_field_and_stores_nothing(
    service: MemoryService, alice: Caller, kwargs: dict[str, Any], field: str
) -> None:
    kept = service.save_context(alice, "Already stored")
    with pytest.raises(InvalidArgumentError) as err:
        service.save_context(alice, **kwargs)
    assert err.value.field == field and f"'{field}'" in str(err.value)
    assert _ids(service, alice) == [kept.id]


def test_allowed_values_are_listed_in_the_error(service: MemoryService, alice: Caller) -> None:
    with pytest.raises(InvalidArgumentError, match="fact, event, instruction, task"):
        service.save_context(alice, "ok", memory_type="memo")


def test_topic_case_never_splits_a_topic(service: MemoryService, alice: Caller) -> None:
    service.save_context(alice, "Our GitHub org is acme-old", topic="github-org")
    new = service.save_context(alice, "Our GitHub org is acme-new", topic="GitHub org")
    service.save_context(alice, "PostgreSQL 15 in staging", topic="PostgreSQL version")
    newest_pg = service.save_context(alice, "PostgreSQL 16 in staging", topic="postgresql_version")
    assert set(_ids(service, alice)) == {new.id, newest_pg.id}


def test_forgetting_the_current_entry_brings_back_the_one_before(service: MemoryService, alice: Caller) -> None:
    first = service.save_context(alice, "Staging runs Postgres 15", topic="staging-db")
    second = service.save_context(alice, "Staging runs Postgres 16 (typo)", topic="staging-db")
    assert service.forget_context(alice, second.id).forgotten
    assert _ids(service, alice) == [first.id]
    assert service.get_context(alice, "staging postgres").packs[0].id == first.id


def test_an_expired_task_on_a_topic_hands_the_topic_back(service: MemoryService, alice: Caller, clock: Clock) -> None:
    fact = service.save_context(alice, "Release notes live in docs/releases", topic="release-notes")
    service.save_context(alice, "Move the release notes to the wiki", topic="release-notes", memory_type="task")
    clock.advance_days(8)
    service.save_context(alice, "An unrelated write sweeps expired tasks")
    assert fact.id in _ids(service, alice)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"topic": "ghp_abcdefghijklmnopqrstuvwxyz0123456789"}, "topic"),
        ({"tags": ["ghp_abcdefghijklmnopqrstuvwxyz0123456789"]}, "tags"),
        ({"tags": ["AKIAIOSFODNN7EXAMPLE"]}, "tags"),
        ({"project": "sk-proj-abcdefghijklmnopqrstuvwx"}, "project"),
        ({"source_surface": "AKIAIOSFODNN7EXAMPLE"}, "source_surface"),
    ],
)
def test_secrets_are_refused_in_every_stored_field(
    service: MemoryService, alice: Caller, kwargs: dict[str, Any], field: str
) -> None:
    with pytest.raises(SecretDetectedError) as err:
        service.save_context(alice, "Harmless content", **kwargs)
    assert err.value.field == field
    assert _ids(service, alice) == [] and service.registry.control.projects(alice.principal.user_id) == []
