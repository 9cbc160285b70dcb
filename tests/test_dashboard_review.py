"""The dashboard's review of what was captured and its health view (issue #33.3), through the real app and
``app/curation.Curation.review`` / ``app/health.health``: grouped by session, keep / forget per item and per
session, only the user's own; the likely problems found and their one-click fixes, scoped to the user."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from contextlamp.app.compose import App
from contextlamp.app.curation import Curation
from contextlamp.app.health import LONG_CHARS, health
from contextlamp.app.service import Caller, MemoryService
from contextlamp.config import DAY_MS, Settings
from contextlamp.importers import format_names
from contextlamp.web.app import build_http_app
from contextlamp.web.dashboard import Dashboard
from contextlamp.web.dashboard.health import echoes
from tests.conftest import Clock
from tests.dashboard_forms import BASE, ORIGIN, like_a_browser
from tests.test_dashboard_curate import sign_in

TRANSCRIPT = (
    "User: We decided to use PostgreSQL 16 for the billing service.\n"
    "Assistant: Noted, PostgreSQL 16 for billing.\n"
    "User: Always run the migrations with alembic before deploying.\n"
    "Assistant: Understood."
)


@pytest.fixture
def browser(wired: App, tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(home=tmp_path / "home", embedder="fake", signin_rate_limit="1000/minute")
    app = build_http_app(wired, settings, "127.0.0.1", 8765, Dashboard)
    with TestClient(app, base_url=BASE, follow_redirects=False) as client:
        like_a_browser(client.cookies)
        yield client


def _live(service: MemoryService, caller: Caller) -> list[str]:
    return sorted(i.title for i in service.list_context(caller, 50).items)


# -- review ------------------------------------------------------------------------------------------------


def test_review_groups_sessions_and_imports_since_a_time(
    service: MemoryService, alice: Caller, bob: Caller, clock: Clock
) -> None:
    old = service.save_session(alice, "User: The legacy cron host is cron-1.\nAssistant: ok")
    clock.now += 3 * DAY_MS
    since = clock.now
    session = service.save_session(alice, TRANSCRIPT)
    mem0 = Caller(alice.principal, "mem0")
    service.save_context(mem0, "Prefers dark mode in every editor", source_surface="mem0")
    service.save_context(alice, "Typed by hand: the office opens at nine")  # no session, no import
    service.save_session(bob, "User: Bob's team uses Jenkins for CI.\nAssistant: ok")
    groups = Curation(service).review(alice, since, format_names())
    assert [g.session_id for g in groups] == [None, session.session_id]  # newest first: the import was later
    assert groups[0].label == "Imported from mem0"
    assert [i.entry.content for i in groups[0].items] == ["Prefers dark mode in every editor"]
    texts = " ".join(i.entry.content for i in groups[1].items)
    assert "PostgreSQL 16" in texts and "Jenkins" not in texts and "cron-1" not in texts
    assert old.session_id not in [g.session_id for g in Curation(service).review(alice, since, format_names())]


def test_the_review_page_keeps_and_forgets_per_item_and_per_session(
    browser: TestClient, service: MemoryService, alice: Caller
) -> None:
    service.save_session(alice, TRANSCRIPT)
    csrf = sign_in(browser)
    page = browser.get("/review")
    assert page.status_code == 200 and "PostgreSQL 16" in page.text and "alembic" in page.text
    ids = re.findall(r'form="bulk" name="id" value="(ctx_[a-z0-9]+)"', page.text)
    assert len(ids) >= 2
    kept = browser.post("/review/keep", data={"csrf": csrf, "ids": ids[0]}, headers=ORIGIN)
    assert kept.status_code == 303 and kept.headers["location"] == "/review"
    after = browser.get("/review")
    assert (
        f'value="{ids[0]}"' not in after.text
        and f'value="{ids[1]}"' in after.text
        and "1 kept item hidden" in after.text
    )
    assert len(service.list_context(alice, 50).items) == len(ids)  # keeping changes nothing stored
    preview = browser.get(f"/forget?id={ids[1]}&back=/review")
    assert "Forget 1 memory?" in preview.text and 'name="back" value="/review"' in preview.text
    browser.post("/forget", data={"csrf": csrf, "ids": ids[1], "back": "/review"}, headers=ORIGIN)
    assert ids[1] not in [i.id for i in service.list_context(alice, 50).items]
    assert browser.post("/review/keep", data={"all": "1"}, headers=ORIGIN).status_code == 400  # no token
    done = browser.post("/review/keep", data={"csrf": csrf, "all": "1"}, headers=ORIGIN)
    assert done.status_code == 303
    assert "Nothing was captured automatically" in browser.get("/review").text
    assert "PostgreSQL 16" in browser.get("/review?since=7d").text  # an explicit time shows them again
    assert browser.get("/review?since=yesterday").status_code == 400


def test_the_review_shows_nothing_of_another_user(browser: TestClient, service: MemoryService, bob: Caller) -> None:
    service.save_session(bob, "User: Bob's team uses Jenkins for CI.\nAssistant: ok")
    sign_in(browser)
    assert "Jenkins" not in browser.get("/review?since=30d").text


# -- health ------------------------------------------------------------------------------------------------


def test_health_finds_stale_duplicate_echo_long_and_short(service: MemoryService, alice: Caller, clock: Clock) -> None:
    newer = service.save_context(alice, "My editor is now Helix")
    clock.now -= 10_000  # saved after, but older: the update rule had nothing to supersede when it was saved
    older = service.save_context(alice, "My editor is Vim")
    clock.now += 20_000
    dup_a = service.save_context(alice, "The nightly backup job copies every database to the cold storage bucket")
    dup_b = service.save_context(alice, "the nightly backup job copies every database to the cold storage bucket.")
    echo = service.save_context(alice, "<system-reminder>Use the tools</system-reminder> Remember the port")
    long = service.save_context(alice, "Log dump " + "word " * (LONG_CHARS // 5))
    short = service.save_context(alice, "ok")
    findings = health(Curation(service), alice, echoes)
    found = [(f.kind, [e.id for e in f.entries]) for f in findings]
    assert found == [
        ("stale", [newer.id, older.id]),
        ("duplicate", [dup_b.id, dup_a.id]),
        ("echo", [echo.id]),
        ("long", [long.id]),
        ("short", [short.id]),
    ], [(f.kind, [e.content[:40] for e in f.entries]) for f in findings]


def test_health_fixes_in_one_click_and_only_the_users_own(
    browser: TestClient, service: MemoryService, alice: Caller, bob: Caller, clock: Clock
) -> None:
    newer = service.save_context(alice, "My editor is now Helix")
    clock.now -= 10_000
    older = service.save_context(alice, "My editor is Vim")
    short = service.save_context(alice, "ok")
    bobs = service.save_context(bob, "Bob's note about the payroll run")
    csrf = sign_in(browser)
    page = browser.get("/health")
    assert "Stale versions" in page.text and "My editor is Vim" in page.text and "Very short" in page.text
    assert "payroll" not in page.text
    fixed = browser.post(
        "/health/fix", data={"csrf": csrf, "action": "replace", "ids": f"{newer.id} {older.id}"}, headers=ORIGIN
    )
    assert fixed.status_code == 303 and fixed.headers["location"] == "/health?fixed=1"
    assert _live(service, alice) == ["My editor is now Helix", "ok"]
    assert [e.id for e in service.entry_history(alice, newer.id)] == [older.id]  # kept in history
    browser.post("/health/fix", data={"csrf": csrf, "action": "forget", "ids": short.id}, headers=ORIGIN)
    assert _live(service, alice) == ["My editor is now Helix"]
    refused = browser.post(
        "/health/fix", data={"csrf": csrf, "action": "replace", "ids": f"{newer.id} {bobs.id}"}, headers=ORIGIN
    )
    assert refused.status_code == 404
    browser.post("/health/fix", data={"csrf": csrf, "action": "forget", "ids": bobs.id}, headers=ORIGIN)
    assert _live(service, bob) == ["Bob's note about the payroll run"]
    assert browser.post("/health/fix", data={"action": "forget", "ids": short.id}, headers=ORIGIN).status_code == 400


def test_an_echo_is_a_memory_listed_back_or_framing_not_a_plain_restatement(
    service: MemoryService, alice: Caller
) -> None:
    first = service.save_context(alice, "We deploy with Argo CD every morning")
    listed = service.save_context(alice, "- [decision] We deploy with Argo CD every morning")
    header = service.save_context(alice, "# contextlamp memory\nSaved in earlier sessions; may be out of date.")
    plain = service.save_context(alice, "we deploy with argo cd every morning.")
    live = [service.get_entry(alice, i) for i in (first.id, listed.id, header.id, plain.id)]
    assert sorted(echoes(live)) == sorted([listed.id, header.id])
