"""The dashboard's sessions, projects, teams, tokens, connected apps and overview pages, without a browser
(Starlette's TestClient over the real app), and the application reads behind them (``app/views.py``, the
scoped token revocation)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from contextlamp.app.accounts import Accounts
from contextlamp.app.compose import App
from contextlamp.app.service import Caller, MemoryService
from contextlamp.app.state import RepositoryRef
from contextlamp.app.views import WEEK_MS, summarise, week_start
from contextlamp.config import Settings
from contextlamp.domain.models import Entry
from contextlamp.errors import InvalidArgumentError, NotFoundError
from contextlamp.text import new_id
from contextlamp.web.app import build_http_app
from contextlamp.web.dashboard import Dashboard
from tests.conftest import Clock
from tests.dashboard_forms import BASE, ORIGIN, PASSWORDS, form_field, like_a_browser

MONDAY = int(dt.datetime(2026, 11, 30, tzinfo=dt.UTC).timestamp() * 1000)  # a Monday, 00:00 UTC


def _entry(created_at: int, memory_type: str = "fact", surface: str = "cursor") -> Entry:
    return Entry(
        id=new_id("ctx"),
        content="x",
        content_key=new_id("k"),
        memory_type=memory_type,  # type: ignore[arg-type]
        kind="fact",
        topic=None,
        tags=(),
        source_surface=surface,
        created_at=created_at,
        expires_at=None,
        superseded_by=None,
        superseded_at=None,
        reuse_count=0,
        last_used_surface=None,
        last_used_at=None,
    )


# -- the reads behind the pages ---------------------------------------------------------------------------


def test_weeks_start_on_monday_utc() -> None:
    assert week_start(MONDAY) == MONDAY
    assert week_start(MONDAY + 6 * 86_400_000 + 86_399_999) == MONDAY  # Sunday 23:59:59.999
    assert week_start(MONDAY - 1) == MONDAY - WEEK_MS  # Sunday before
    assert dt.datetime.fromtimestamp(week_start(1_790_000_000_000) / 1000, dt.UTC).weekday() == 0


def test_summarise_counts_types_surfaces_weeks_and_stores() -> None:
    now = MONDAY + 3 * 86_400_000  # Thursday of the current week
    entries = [
        ("", _entry(MONDAY + 1, "fact", "cursor")),  # this week
        ("", _entry(now + 5 * 86_400_000, "task", "cursor")),  # after now (a clock set back): this week
        ("prj_a", _entry(MONDAY - 1, "instruction", "claude-code")),  # last week (Sunday night)
        ("prj_a", _entry(MONDAY - 3 * WEEK_MS, "fact", "codex")),  # the first week of a 4-week chart
        ("", _entry(MONDAY - 4 * WEEK_MS, "fact", "cursor")),  # before the chart: totals only
    ]
    overview = summarise(entries, now, weeks=4)
    assert overview.total == 5
    assert overview.by_type == [("fact", 3), ("instruction", 1), ("task", 1)]  # largest first, ties by name
    assert overview.by_surface == [("cursor", 3), ("claude-code", 1), ("codex", 1)]
    assert overview.weeks == [
        (MONDAY - 3 * WEEK_MS, 1),
        (MONDAY - 2 * WEEK_MS, 0),
        (MONDAY - WEEK_MS, 1),
        (MONDAY, 2),
    ]
    assert overview.by_project == {"": 3, "prj_a": 2}
    with pytest.raises(ValueError, match="weeks"):
        summarise([], now, weeks=0)


def test_overview_counts_only_the_callers_current_memories(
    service: MemoryService, alice: Caller, bob: Caller, clock: Clock
) -> None:
    service.save_context(alice, "We deploy with Argo CD", memory_type="fact")
    service.save_context(alice, "Always run the linters before pushing", memory_type="instruction")
    service.save_context(alice, "Theme is dark", topic="theme")
    service.save_context(alice, "Theme is light", topic="theme")  # supersedes the dark one: counted once
    service.save_context(alice, "The API uses gRPC", project="backend")
    service.save_context(bob, "Bob's own note", memory_type="fact")
    overview = service.overview(alice)
    assert overview.total == 4
    assert dict(overview.by_type) == {"fact": 3, "instruction": 1}
    assert overview.by_surface == [("claude-code", 4)]
    assert overview.weeks[-1] == (week_start(clock.now), 4)
    backend = next(p for p in service.projects(alice) if p.slug == "backend")
    assert overview.by_project == {"": 3, backend.id: 1}
    assert service.overview(bob).total == 1


def test_overview_reads_a_large_store_a_page_at_a_time(service: MemoryService, alice: Caller) -> None:
    for i in range(1203):  # more than two pages of views.PAGE
        service.save_context(alice, f"Note number {i} about topic {i * 7}")
    assert service.overview(alice).total == 1203


def test_corroborators_are_scoped_to_members(service: MemoryService, alice: Caller, bob: Caller, clock: Clock) -> None:
    accounts = Accounts(service.registry, clock)
    accounts.create_team("platform", "Platform team", "alice")
    accounts.add_member("platform", "bob", "member")
    first = service.save_context(alice, "Staging runs PostgreSQL 16", team="platform")
    service.save_context(bob, "Staging runs PostgreSQL 16", team="platform")  # bob corroborates
    lone = service.save_context(alice, "The CI cache lives in S3", team="platform")
    assert service.corroborators(alice, "platform", [first.id, lone.id]) == {first.id: ["bob"]}
    carol = Caller(service.principal("carol"), "cli")
    with pytest.raises(InvalidArgumentError, match="names none of your teams"):
        service.corroborators(carol, "platform", [first.id])


def test_revoking_another_users_token_is_not_found(service: MemoryService, alice: Caller, clock: Clock) -> None:
    accounts = Accounts(service.registry, clock)
    accounts.create_user("dave")
    theirs = accounts.create_token("dave", "laptop", None)
    with pytest.raises(NotFoundError, match="No active token"):
        accounts.revoke_token(theirs.record.id, "alice")
    assert accounts.authenticate(theirs.token) is not None  # still works
    mine = accounts.create_token("alice", "laptop", None)
    assert accounts.revoke_token(mine.record.id, "alice").revoked_at is not None
    assert accounts.authenticate(mine.token) is None
    assert accounts.revoke_token(theirs.record.id).revoked_at is not None  # the administrator's CLI: any token


# -- the pages --------------------------------------------------------------------------------------------

MY_PAGES = ("/overview", "/sessions", "/sessions/ses_x", "/projects", "/teams", "/teams/platform", "/tokens", "/apps")
TRANSCRIPT = """User: we decided that every service logs JSON to stdout
Assistant: Noted.
User: and our on-call rotation changes every Monday
Assistant: Got it.
"""


@pytest.fixture
def web(wired: App, tmp_path: Path) -> Iterator[TestClient]:
    values: dict[str, Any] = {"home": tmp_path / "home", "embedder": "fake", "signin_rate_limit": "1000/minute"}
    app = build_http_app(wired, Settings(**values), "127.0.0.1", 8765, Dashboard)
    with TestClient(app, base_url=BASE, follow_redirects=False) as client:
        like_a_browser(client.cookies)
        yield client


def _sign_in(client: TestClient, user: str = "alice") -> str:
    """Sign in through /signin; returns the session's CSRF token."""
    client.cookies.clear()
    form = client.get("/signin")
    answer = client.post(
        "/signin",
        data={
            "csrf": form_field(form.text, "csrf"),
            "next": "/overview",
            "username": user,
            "password": PASSWORDS[user],
        },
        headers=ORIGIN,
    )
    assert answer.status_code == 303, answer.text
    page = client.get("/overview")
    assert page.status_code == 200, page.text
    return form_field(page.text, "csrf")


def _row(html: str, text: str) -> str:
    """The table row (``<tr>…</tr>``) that holds ``text``."""
    rows = [row for row in html.split("<tr>") if text in row]
    assert len(rows) == 1, f"{len(rows)} rows hold {text!r}"
    return rows[0].split("</tr>")[0]


def _not_found(answer: Any) -> bool:
    return answer.status_code == 404 and "nothing of yours" in answer.text


def test_every_page_needs_a_sign_in(web: TestClient) -> None:
    for path in MY_PAGES:
        answer = web.get(path)
        assert answer.status_code == 303 and answer.headers["location"].startswith("/signin?next="), path
    for path in ("/tokens", "/tokens/tok_x/revoke", "/apps/grant_x/revoke"):
        assert web.post(path, data={}, headers=ORIGIN).status_code == 303, path


def test_every_page_is_plain_html_under_the_strict_policy(web: TestClient) -> None:
    _sign_in(web)
    for path in ("/overview", "/sessions", "/projects", "/teams", "/tokens", "/apps"):
        page = web.get(path)
        assert page.status_code == 200, (path, page.text)
        scripts = re.findall(r"<script[^>]*>(.*?)</script>", page.text, re.S)
        assert scripts == [""] and " style=" not in page.text and "<style" not in page.text, path  # no inline
        assert "script-src 'self';" in page.headers["content-security-policy"], path  # the same-origin file only
        assert page.headers["cache-control"] == "no-store", path
        assert 'aria-current="page"' in page.text, path
        assert re.search(r"<h1>", page.text), path


def test_sessions_list_and_detail(web: TestClient, service: MemoryService, alice: Caller, bob: Caller) -> None:
    saved = service.save_session(alice, TRANSCRIPT, source_surface="claude-code")
    theirs = service.save_session(bob, "User: bob's service listens on port 7000\nAssistant: ok\n")
    _sign_in(web)
    listing = web.get("/sessions")
    assert f'href="/sessions/{saved.session_id}"' in listing.text and theirs.session_id not in listing.text
    assert "claude-code" in listing.text
    detail = web.get(f"/sessions/{saved.session_id}")
    assert detail.status_code == 200
    learnings = service.resume_session(alice, session_id=saved.session_id).session
    assert learnings is not None and learnings.learnings
    for learning in learnings.learnings:
        assert f'href="/memories/{learning.id}"' in detail.text
    filtered = web.get("/sessions", params={"surface": "cursor"})
    assert saved.session_id not in filtered.text and "No sessions saved from cursor" in filtered.text
    assert _not_found(web.get(f"/sessions/{theirs.session_id}"))  # bob's
    assert _not_found(web.get("/sessions/ses_doesnotexist"))


def test_projects_show_their_folders_and_counts(
    web: TestClient, service: MemoryService, alice: Caller, bob: Caller
) -> None:
    billing = RepositoryRef("path:/home/alice/src/billing", "/home/alice/src/billing", "billing")
    project = service.project_for_repository(alice, billing)
    service.save_context(alice, "Invoices are generated on the 1st", project="billing")
    service.save_context(alice, "Refunds go through Stripe", project="billing")
    service.save_context(alice, "I prefer tabs", memory_type="fact")
    service.save_context(bob, "Bob's secret project plan", project="bob-stuff")
    _sign_in(web)
    page = web.get("/projects")
    assert "billing" in page.text and "/home/alice/src/billing" in page.text and project.id in page.text
    assert "<td>2</td>" in _row(page.text, project.id)
    assert "1 personal memory outside any project" in page.text
    assert "bob-stuff" not in page.text


def test_teams_show_trust_contributors_and_who_confirmed(
    web: TestClient, wired: App, service: MemoryService, alice: Caller, bob: Caller
) -> None:
    wired.accounts.create_team("platform", "Platform team", "alice")
    wired.accounts.add_member("platform", "bob", "member")
    service.save_context(alice, "Staging runs PostgreSQL 16", team="platform")
    service.save_context(bob, "Staging runs PostgreSQL 16", team="platform")
    service.save_context(bob, "The CI cache lives in S3", team="platform")
    wired.accounts.create_team("secret", "Secret team", None)
    _sign_in(web)
    teams = web.get("/teams")
    assert "Platform team" in teams.text and "admin" in teams.text and "Secret team" not in teams.text
    page = web.get("/teams/platform")
    assert page.status_code == 200
    verified = _row(page.text, "Staging runs PostgreSQL 16")
    assert ">verified<" in verified and "contributed by alice" in verified and "confirmed by bob" in verified
    lone = _row(page.text, "The CI cache lives in S3")
    assert ">unverified<" in lone and "contributed by bob" in lone and "confirmed by" not in lone
    assert _not_found(web.get("/teams/secret"))  # exists, alice is not in it
    assert _not_found(web.get("/teams/nothing"))
    _sign_in(web, "bob")
    assert web.get("/teams/platform").status_code == 200
    assert "member" in web.get("/teams").text


def test_a_token_is_shown_once_and_revoked_with_the_form(web: TestClient, wired: App) -> None:
    csrf = _sign_in(web)
    mint = {"csrf": csrf, "name": "laptop", "expires_in": "30d"}
    for password in ("", "bob-password-22"):  # a token outlives the session: the password is asked again
        refused_mint = web.post("/tokens", data={**mint, "password": password}, headers=ORIGIN)
        assert refused_mint.status_code == 400 and "not your password" in refused_mint.text
        assert wired.accounts.tokens("alice") == [] and "clp_" not in refused_mint.text
    made = web.post("/tokens", data={**mint, "password": PASSWORDS["alice"]}, headers=ORIGIN)
    assert made.status_code == 200 and made.headers["cache-control"] == "no-store"
    token = re.search(r"clp_[A-Za-z0-9_-]{43}", made.text)
    assert token is not None and "shown only this once" in made.text
    found = wired.accounts.authenticate(token.group(0))
    assert found is not None and found[0].name == "alice"
    record = found[1]
    assert record.expires_at is not None and record.expires_at - record.created_at == 30 * 86_400_000
    listing = web.get("/tokens")
    assert token.group(0) not in listing.text and "laptop" in listing.text and record.id in listing.text
    refused = web.post(f"/tokens/{record.id}/revoke", data={"csrf": "stale"}, headers=ORIGIN)
    assert refused.status_code == 400 and wired.accounts.authenticate(token.group(0)) is not None
    foreign = web.post(f"/tokens/{record.id}/revoke", data={"csrf": csrf}, headers={"Origin": "https://evil.example"})
    assert foreign.status_code == 403 and wired.accounts.authenticate(token.group(0)) is not None
    done = web.post(f"/tokens/{record.id}/revoke", data={"csrf": csrf}, headers=ORIGIN)
    assert done.status_code == 200 and "revoked" in done.text
    assert wired.accounts.authenticate(token.group(0)) is None
    assert "revoked" in web.get("/tokens").text
    assert _not_found(web.post(f"/tokens/{record.id}/revoke", data={"csrf": csrf}, headers=ORIGIN))  # again


def test_a_password_reset_ends_every_sign_in_of_that_user(web: TestClient, wired: App) -> None:
    """A reset is what a user does after a leak: every browser session, connected app (OAuth grant) and personal
    token of theirs stops working at once; other users keep theirs, and a first password ends nothing."""
    _sign_in(web)
    assert web.get("/search").status_code == 200
    app = _connect(wired, "alice", "Alice's editor")
    pat = wired.accounts.create_token("alice", "minted by a session", None).token
    bobs = wired.accounts.create_token("bob", "bob-laptop", None).token
    _user, ended = wired.oauth.reset_password("alice", "a-brand-new-password")
    assert (ended.sessions, ended.grants, ended.tokens) == (1, 1, 1)
    assert web.get("/search").status_code == 303  # the session cookie no longer signs in
    assert wired.oauth.access(app.access_token) is None
    refreshed = wired.oauth.refresh_token(app.grant.client_id, app.refresh_token)
    assert refreshed is None
    assert wired.accounts.authenticate(pat) is None and wired.accounts.authenticate(bobs) is not None
    carol = wired.accounts.create_user("carol")
    kept = wired.accounts.create_token("carol", "hooks", None).token
    assert wired.oauth.reset_password(carol.id, "carols-first-password")[1].tokens == 0
    assert wired.accounts.authenticate(kept) is not None


def test_a_token_form_with_a_bad_name_or_lifetime_says_which_field(web: TestClient, wired: App) -> None:
    csrf = _sign_in(web)
    password = PASSWORDS["alice"]
    bad = web.post(
        "/tokens", data={"csrf": csrf, "name": "laptop", "expires_in": "5y", "password": password}, headers=ORIGIN
    )
    assert bad.status_code == 400 and "expires_in" in bad.text and "90d" in bad.text
    empty = web.post(
        "/tokens", data={"csrf": csrf, "name": "  ", "expires_in": "7d", "password": password}, headers=ORIGIN
    )
    assert empty.status_code == 400 and "name" in empty.text
    assert wired.accounts.tokens("alice") == []


def test_another_users_token_and_app_cannot_be_revoked(web: TestClient, wired: App) -> None:
    theirs = wired.accounts.create_token("bob", "bob-laptop", None)
    grant = _connect(wired, "bob")
    csrf = _sign_in(web)
    assert "bob-laptop" not in web.get("/tokens").text
    assert _not_found(web.post(f"/tokens/{theirs.record.id}/revoke", data={"csrf": csrf}, headers=ORIGIN))
    assert wired.accounts.authenticate(theirs.token) is not None
    assert "Bob's editor" not in web.get("/apps").text
    assert _not_found(web.post(f"/apps/{grant.grant.id}/revoke", data={"csrf": csrf}, headers=ORIGIN))
    assert wired.oauth.access(grant.access_token) is not None


def test_connected_apps_are_listed_and_disconnected(web: TestClient, wired: App) -> None:
    issued = _connect(wired, "alice", "Claude Desktop")
    csrf = _sign_in(web)
    page = web.get("/apps")
    assert "Claude Desktop" in page.text and "http://127.0.0.1:9/callback" in page.text
    assert f'action="/apps/{issued.grant.id}/revoke"' in page.text
    refused = web.post(f"/apps/{issued.grant.id}/revoke", data={}, headers=ORIGIN)
    assert refused.status_code == 400 and wired.oauth.access(issued.access_token) is not None
    done = web.post(f"/apps/{issued.grant.id}/revoke", data={"csrf": csrf}, headers=ORIGIN)
    assert done.status_code == 200 and "Claude Desktop is disconnected" in done.text
    assert wired.oauth.access(issued.access_token) is None
    assert "No connected apps" in web.get("/apps").text


def test_overview_counts_and_draws_the_weeks(
    web: TestClient, service: MemoryService, alice: Caller, bob: Caller
) -> None:
    service.save_context(alice, "We deploy with Argo CD", memory_type="fact")
    service.save_context(alice, "Always run the linters before pushing", memory_type="instruction")
    service.save_context(Caller(alice.principal, "cursor"), "Release on Fridays is banned", memory_type="instruction")
    service.save_context(bob, "Bob's note", memory_type="event")
    _sign_in(web)
    page = web.get("/overview")
    assert "<strong>3</strong> current memories" in page.text
    assert re.search(r"<td>instruction</td><td>2</td>", page.text) and re.search(r"<td>fact</td><td>1</td>", page.text)
    assert re.search(r"<td>claude-code</td><td>2</td>", page.text) and re.search(
        r"<td>cursor</td><td>1</td>", page.text
    )
    assert "event" not in page.text  # bob's
    svg = page.text[page.text.index("<svg") : page.text.index("</svg>")]
    assert 'role="img"' in svg and "3 in all" in svg
    assert svg.count("<rect") == 1  # only this week has memories
    assert page.text.count("<tr><td>20") == 12  # twelve weeks in the table


def _connect(wired: App, user: str, name: str = "Bob's editor") -> Any:
    """An OAuth grant of ``user`` made the way the authorize flow makes one (register, consent, code, token)."""
    client_id = new_id("client")
    redirect = "http://127.0.0.1:9/callback"
    wired.oauth.register_client(client_id, {"client_id": client_id, "client_name": name, "redirect_uris": [redirect]})
    request_id = wired.oauth.begin(client_id, {"redirect_uri": redirect, "resource": f"{BASE}/mcp", "scopes": []})
    answered = wired.oauth.answer(request_id, wired.accounts.user(user))
    assert answered is not None and answered[1] is not None
    return wired.oauth.exchange_code(client_id, answered[1])


def test_the_sign_in_form_survives_the_browser_loading_the_sign_in_again(web: TestClient) -> None:
    """A browser asks for /favicon.ico (and may open the sign-in in another tab) while a sign-in form is on
    screen: that must neither be sent to the sign-in nor make the form on screen stale."""
    icon = web.get("/favicon.ico")
    assert "location" not in icon.headers  # not sent to the sign-in
    first = web.get("/signin")
    web.get("/signin")  # a second load, in the background
    answer = web.post(
        "/signin",
        data={
            "csrf": form_field(first.text, "csrf"),
            "next": "/overview",
            "username": "alice",
            "password": "alice-password-1",
        },
        headers=ORIGIN,
    )
    assert answer.status_code == 303 and answer.headers["location"] == "/overview", answer.text
    web.cookies.clear()
    forged = web.post(  # a token of the right shape that no cookie holds is still refused
        "/signin",
        data={"csrf": "A" * 43, "next": "", "username": "alice", "password": "alice-password-1"},
        headers=ORIGIN,
    )
    assert forged.status_code == 400 and "clp_session" not in forged.headers.get("set-cookie", "")
