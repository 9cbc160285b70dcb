"""The dashboard's curation (issue #33.2): edit a memory, move it between stores, forget several at once, and the
store and type badges, through the real app (Starlette's TestClient) and ``app/curation.Curation``. Every action
is checked for what must be refused: another user's memory, a store that is not theirs, no CSRF token."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from contextlamp.app.accounts import Accounts
from contextlamp.app.compose import App
from contextlamp.app.curation import BULK_MAX, Curation
from contextlamp.app.service import Caller, MemoryService
from contextlamp.config import Settings
from contextlamp.errors import InvalidArgumentError, NotFoundError, SecretDetectedError
from contextlamp.web.app import build_http_app
from contextlamp.web.dashboard import Dashboard
from tests.conftest import Clock
from tests.dashboard_forms import BASE, ORIGIN, PASSWORDS, form_field, like_a_browser


@pytest.fixture
def browser(wired: App, tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(home=tmp_path / "home", embedder="fake", signin_rate_limit="1000/minute")
    app = build_http_app(wired, settings, "127.0.0.1", 8765, Dashboard)
    with TestClient(app, base_url=BASE, follow_redirects=False) as client:
        like_a_browser(client.cookies)
        yield client


def sign_in(client: TestClient, user: str = "alice") -> str:
    form = client.get("/signin")
    answer = client.post(
        "/signin",
        data={"csrf": form_field(form.text, "csrf"), "next": "", "username": user, "password": PASSWORDS[user]},
        headers=ORIGIN,
    )
    assert answer.status_code == 303, answer.text
    return form_field(client.get("/search").text, "csrf")


def _live(service: MemoryService, caller: Caller, project: str | None = None) -> list[str]:
    return [i.title for i in service.list_context(caller, 50, project=project).items]


# -- Curation, the application side ------------------------------------------------------------------------


def test_an_edit_keeps_the_old_text_in_history(service: MemoryService, alice: Caller, clock: Clock) -> None:
    saved = service.save_context(alice, "The staging database is on port 5432", tags=["db", "staging"])
    clock.now += 1000
    result = Curation(service).edit(alice, saved.id, "The staging database is on port 6432", "fact", "fact", "", ["db"])
    assert result.id != saved.id and not result.deduped
    assert _live(service, alice) == ["The staging database is on port 6432"]
    history = service.entry_history(alice, result.id)
    assert [e.content for e in history] == ["The staging database is on port 5432"]
    edited = service.get_entry(alice, result.id)
    assert edited.tags == ("db",) and edited.kind == "fact" and edited.source_surface == "claude-code"
    service.forget_context(alice, result.id)  # forgetting the new version brings the old text back
    assert _live(service, alice) == ["The staging database is on port 5432"]


def test_an_edit_of_labels_only_keeps_the_id_and_sets_tags_exactly(service: MemoryService, alice: Caller) -> None:
    saved = service.save_context(alice, "We deploy with Argo CD", tags=["deploy", "ci"], topic="deploys")
    result = Curation(service).edit(alice, saved.id, "We deploy with Argo CD", "instruction", "decision", "", ["ci"])
    assert result.id == saved.id and result.deduped
    entry = service.get_entry(alice, saved.id)
    assert (entry.memory_type, entry.kind, entry.tags, entry.topic) == ("instruction", "decision", ("ci",), None)


def test_an_edit_to_a_stored_text_dedupes_and_a_secret_is_refused(service: MemoryService, alice: Caller) -> None:
    first = service.save_context(alice, "Lint with ruff")
    second = service.save_context(alice, "Lint with flake8")
    curation = Curation(service)
    with pytest.raises(SecretDetectedError):
        curation.edit(
            alice,
            second.id,
            "Lint with ruff; token ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",
            "fact",
            "note",
            "",
            [],
        )
    assert sorted(_live(service, alice)) == ["Lint with flake8", "Lint with ruff"]  # nothing changed
    result = curation.edit(alice, second.id, "Lint with ruff", "fact", "note", "", [])
    assert result.id == first.id and result.deduped
    assert _live(service, alice) == ["Lint with ruff"]
    assert [e.id for e in service.entry_history(alice, first.id)] == [second.id]


def test_an_edit_with_a_topic_applies_the_topics_supersession(
    service: MemoryService, alice: Caller, clock: Clock
) -> None:
    service.save_context(alice, "Theme is dark", topic="theme")
    clock.now += 1000
    other = service.save_context(alice, "Editor font is Fira Code")
    clock.now += 1000
    Curation(service).edit(alice, other.id, "Theme is light", "fact", "preference", "theme", [])
    assert _live(service, alice) == ["Theme is light"]


def test_nobody_edits_moves_or_forgets_another_users_memory(service: MemoryService, alice: Caller, bob: Caller) -> None:
    secret_of_bob = service.save_context(bob, "Bob's salary review is in March")
    curation = Curation(service)
    with pytest.raises(NotFoundError):
        curation.edit(alice, secret_of_bob.id, "changed", "fact", "note", "", [])
    with pytest.raises(NotFoundError):
        curation.move(alice, secret_of_bob.id, "personal")
    assert curation.preview_many(alice, [secret_of_bob.id]) == []
    assert curation.forget_many(alice, [secret_of_bob.id]) == []
    assert _live(service, bob) == ["Bob's salary review is in March"]


def test_a_move_goes_to_the_callers_own_stores_only(
    service: MemoryService, alice: Caller, bob: Caller, clock: Clock
) -> None:
    accounts = Accounts(service.registry, clock)
    accounts.create_team("platform", "Platform", "bob")  # alice is no member
    service.save_context(bob, "Bob's project note", project="bobs")
    saved = service.save_context(alice, "The API uses gRPC", tags=["api"])
    curation = Curation(service)
    bobs = next(p for p in service.projects(bob) if p.slug == "bobs")
    team = service.registry.control.find_team("platform")
    assert team is not None
    for target in (f"project:{bobs.id}", f"team:{team.id}", "project:bobs", "personal", ""):
        with pytest.raises(InvalidArgumentError):
            curation.move(alice, saved.id, target)
    assert _live(service, alice) == ["The API uses gRPC"]
    assert _live(service, bob, "bobs") == ["Bob's project note"]


def test_a_move_to_a_project_and_a_team_takes_the_memory_and_leaves_nothing(
    service: MemoryService, alice: Caller, clock: Clock
) -> None:
    accounts = Accounts(service.registry, clock)
    accounts.create_team("platform", "Platform", "alice")
    service.save_context(alice, "Backend readme", project="backend")
    backend = next(p for p in service.projects(alice) if p.slug == "backend")
    service.save_context(alice, "The API listens on 8080", topic="api-port")
    clock.now += 1000
    saved = service.save_context(alice, "The API listens on 9090", topic="api-port", tags=["api"], kind="fact")
    curation = Curation(service)
    moved = curation.move(alice, saved.id, f"project:{backend.id}")
    assert _live(service, alice) == []  # the earlier version did not come back
    entry = service.get_entry(alice, moved.id)
    assert (entry.content, entry.topic, entry.tags, entry.kind) == (
        "The API listens on 9090",
        "api-port",
        ("api",),
        "fact",
    )
    assert sorted(_live(service, alice, "backend")) == ["Backend readme", "The API listens on 9090"]
    team = service.registry.control.find_team("platform")
    assert team is not None
    learning = curation.move(alice, moved.id, f"team:{team.id}")
    assert _live(service, alice, "backend") == ["Backend readme"]
    assert [i.id for i in service.list_context(alice, 10, team="platform").items] == [learning.id]


def test_bulk_forget_previews_then_forgets_at_most_the_limit(service: MemoryService, alice: Caller) -> None:
    ids = [service.save_context(alice, f"Note {i}").id for i in range(3)]
    curation = Curation(service)
    previews = curation.preview_many(alice, [ids[0], ids[2], "ctx_unknown", ids[0]])
    assert [p.id for p in previews] == [ids[0], ids[2]]
    assert _live(service, alice) == ["Note 2", "Note 1", "Note 0"]  # a preview changes nothing
    assert curation.forget_many(alice, [ids[0], ids[2]]) == [ids[0], ids[2]]
    assert _live(service, alice) == ["Note 1"]
    with pytest.raises(InvalidArgumentError, match="ids"):
        curation.forget_many(alice, [f"ctx_{i}" for i in range(BULK_MAX + 1)])


# -- the pages -----------------------------------------------------------------------------------------------


def test_the_edit_page_saves_through_the_form_and_refuses_a_secret(
    browser: TestClient, service: MemoryService, alice: Caller
) -> None:
    saved = service.save_context(alice, "Deploys go out on Tuesdays", tags=["deploy"])
    csrf = sign_in(browser)
    form = browser.get(f"/memories/{saved.id}/edit")
    assert form.status_code == 200 and "Deploys go out on Tuesdays</textarea>" in form.text
    fields = {"csrf": csrf, "content": "Deploys go out on Thursdays", "memory_type": "fact", "kind": "decision"}
    answer = browser.post(
        f"/memories/{saved.id}/edit", data=fields | {"topic": "", "tags": "deploy, Release"}, headers=ORIGIN
    )
    assert answer.status_code == 303
    page = browser.get(answer.headers["location"])
    assert "Deploys go out on Thursdays" in page.text and "Deploys go out on Tuesdays" in page.text  # with history
    assert "Earlier versions" in page.text
    new_id = answer.headers["location"].split("/")[2].split("?")[0]
    assert service.get_entry(alice, new_id).tags == ("deploy", "release")
    secret = "password = hunter2hunter2"
    refused = browser.post(f"/memories/{new_id}/edit", data=fields | {"content": secret}, headers=ORIGIN)
    assert refused.status_code == 400 and "hunter2" not in refused.text.replace(secret, "")
    assert _live(service, alice) == ["Deploys go out on Thursdays"]
    no_token = browser.post(f"/memories/{new_id}/edit", data=fields | {"csrf": "x", "content": "gone"}, headers=ORIGIN)
    assert no_token.status_code == 400 and _live(service, alice) == ["Deploys go out on Thursdays"]


def test_another_users_memory_has_no_edit_move_or_bulk_forget(
    browser: TestClient, service: MemoryService, bob: Caller
) -> None:
    theirs = service.save_context(bob, "Bob's private plan")
    csrf = sign_in(browser)
    for path in (f"/memories/{theirs.id}/edit", f"/memories/{theirs.id}/move", f"/memories/{theirs.id}"):
        assert browser.get(path).status_code == 404, path
    data = {"csrf": csrf, "content": "mine now", "memory_type": "fact", "kind": "note", "target": "personal"}
    assert browser.post(f"/memories/{theirs.id}/edit", data=data, headers=ORIGIN).status_code == 404
    assert browser.post(f"/memories/{theirs.id}/move", data=data, headers=ORIGIN).status_code == 404
    preview = browser.get(f"/forget?id={theirs.id}")
    assert preview.status_code == 200 and "Nothing to forget" in preview.text
    browser.post("/forget", data={"csrf": csrf, "ids": theirs.id}, headers=ORIGIN)
    assert _live(service, bob) == ["Bob's private plan"]


def test_bulk_forget_from_the_list_previews_then_forgets(
    browser: TestClient, service: MemoryService, alice: Caller
) -> None:
    ids = [service.save_context(alice, f"Captured note {i}").id for i in range(4)]
    csrf = sign_in(browser)
    listing = browser.get("/memories")
    assert listing.text.count('name="id"') == 4 and 'action="/forget"' in listing.text
    preview = browser.get(f"/forget?id={ids[0]}&id={ids[1]}&back=/memories")
    assert "Forget 2 memories?" in preview.text and "Captured note 0" in preview.text
    assert len(_live(service, alice)) == 4
    ids_field = re.search(r'name="ids" value="([^"]+)"', preview.text)
    assert ids_field is not None and ids_field.group(1).split() == [ids[0], ids[1]]
    assert browser.post("/forget", data={"ids": ids_field.group(1)}, headers=ORIGIN).status_code == 400  # no token
    done = browser.post(
        "/forget", data={"csrf": csrf, "ids": ids_field.group(1), "back": "//evil.example"}, headers=ORIGIN
    )
    assert done.status_code == 200 and "2 memories are deleted" in done.text and "evil.example" not in done.text
    assert sorted(_live(service, alice)) == ["Captured note 2", "Captured note 3"]


def test_the_move_page_lists_only_the_users_stores_and_moves(
    browser: TestClient, service: MemoryService, alice: Caller, bob: Caller
) -> None:
    service.save_context(alice, "Frontend readme", project="frontend")
    service.save_context(bob, "Bob's readme", project="bobs-secret-project")
    saved = service.save_context(alice, "The build uses Vite")
    csrf = sign_in(browser)
    form = browser.get(f"/memories/{saved.id}/move")
    assert "frontend" in form.text and "bobs-secret-project" not in form.text
    frontend = next(p for p in service.projects(alice) if p.slug == "frontend")
    answer = browser.post(
        f"/memories/{saved.id}/move", data={"csrf": csrf, "target": f"project:{frontend.id}"}, headers=ORIGIN
    )
    assert answer.status_code == 303
    page = browser.get(answer.headers["location"])
    assert "project · frontend" in page.text and "Moved to" in page.text
    assert _live(service, alice) == [] and "The build uses Vite" in _live(service, alice, "frontend")


def test_search_and_memories_show_store_and_type_badges(
    browser: TestClient, service: MemoryService, alice: Caller
) -> None:
    service.save_context(alice, "Kubernetes runs the staging cluster", memory_type="fact")
    service.save_context(alice, "Kubernetes upgrades happen monthly", project="infra", memory_type="event")
    sign_in(browser)
    page = browser.get("/search?q=Kubernetes")
    assert 'class="badge badge-store badge-personal">Personal<' in page.text
    assert 'badge-project">project · infra<' in page.text
    assert 'badge-type badge-event">event<' in page.text and "ranked by none" not in page.text
    listing = browser.get("/memories")
    assert 'badge-personal">Personal<' in listing.text and 'badge-type badge-fact">fact<' in listing.text
