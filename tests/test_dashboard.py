"""The web dashboard (issue #18 points 1-3) in process: the ASGI app of ``contextlamp serve --http`` driven by
Starlette's TestClient, signed in through the one sign-in page, every page and action checked for what a user
sees and for what must be refused (no session, no CSRF token, a foreign origin, another user's ids)."""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import httpx2
import pytest
from starlette.testclient import TestClient

from contextlamp.app import reading as service_module
from contextlamp.app.compose import App
from contextlamp.app.service import Caller, MemoryService
from contextlamp.config import Settings
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.web.app import DashboardFactory, build_http_app
from contextlamp.web.dashboard import Dashboard
from tests.dashboard_forms import BASE, ORIGIN, PASSWORDS, form_field, like_a_browser
from tests.wiring import app_of


def _client(wired: App, tmp_path: Path, dashboard: DashboardFactory = Dashboard, **settings: Any) -> TestClient:
    values: dict[str, Any] = {"home": tmp_path / "home", "embedder": "fake", "signin_rate_limit": "1000/minute"}
    app = build_http_app(wired, Settings(**(values | settings)), "127.0.0.1", 8765, dashboard)
    client = TestClient(app, base_url=BASE, follow_redirects=False)
    like_a_browser(client.cookies)
    return client


@pytest.fixture
def browser(wired: App, tmp_path: Path) -> Iterator[TestClient]:
    with _client(wired, tmp_path) as client:
        yield client


def sign_in(client: TestClient, user: str = "alice") -> str:
    """Sign in through /signin like a person; returns the session's CSRF token (from a dashboard page)."""
    form = client.get("/signin")
    answer = client.post(
        "/signin",
        data={"csrf": form_field(form.text, "csrf"), "next": "", "username": user, "password": PASSWORDS[user]},
        headers=ORIGIN,
    )
    assert answer.status_code == 303 and answer.headers["location"] == "/", answer.text
    page = client.get("/search")
    assert page.status_code == 200, page.text
    return form_field(page.text, "csrf")


# -- the framework ----------------------------------------------------------------------------------------


def test_every_page_needs_a_sign_in_and_comes_back_after_it(browser: TestClient) -> None:
    for path in ("/", "/search?q=deploy", "/memories", "/memories/ctx_0123"):
        answer = browser.get(path)
        assert answer.status_code == 303, path
        assert answer.headers["location"].startswith("/signin?next="), path
    back = browser.get("/search?q=deploy")
    form = browser.get(back.headers["location"])
    signed = browser.post(
        "/signin",
        data={
            "csrf": form_field(form.text, "csrf"),
            "next": form_field(form.text, "next"),
            "username": "alice",
            "password": PASSWORDS["alice"],
        },
        headers=ORIGIN,
    )
    assert signed.status_code == 303 and signed.headers["location"] == "/search?q=deploy"


def test_the_layout_has_a_nav_to_every_page_and_a_strict_policy(browser: TestClient) -> None:
    sign_in(browser)
    page = browser.get("/search")
    for path in (
        "/search",
        "/memories",
        "/sessions",
        "/projects",
        "/teams",
        "/tokens",
        "/apps",
        "/overview",
        "/export",
        "/import",
    ):
        assert f'href="{path}"' in page.text, path
    assert '<nav aria-label="Dashboard">' in page.text and 'id="main"' in page.text
    policy = page.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy
    assert "script-src 'self';" in policy and "unsafe-inline" not in policy and "'unsafe-eval'" not in policy
    assert page.headers["cache-control"] == "no-store"
    assert re.findall(r"<script[^>]*>", page.text) == ['<script src="/static/dashboard.js" defer>']  # no inline one
    assert "</script>" in page.text and '<script src="/static/dashboard.js" defer></script>' in page.text
    assert "<style" not in page.text and " style=" not in page.text
    script = browser.get("/static/dashboard.js")
    assert script.status_code == 200 and script.headers["content-type"].startswith("text/javascript")
    assert browser.get("/").headers["location"] == "/search"


def test_an_unknown_page_is_the_not_found_page(browser: TestClient) -> None:
    icon = browser.get("/favicon.ico")  # served, signed in or not: no 404 in every page's console
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/x-icon"
    assert icon.content[:4] == b"\x00\x00\x01\x00" and b"PNG" in icon.content[:40]
    assert browser.get("/static/favicon.svg").headers["content-type"].startswith("image/svg+xml")
    for path in ("/nothing-here", "/.well-known/nothing"):
        assert browser.get(path).status_code == 404, path  # not a sign-in redirect: there is no such page
    sign_in(browser)
    for path in ("/nothing-here", "/memories/ctx_doesnotexist/extra"):
        answer = browser.get(path)
        assert answer.status_code == 404 and "nothing of yours" in answer.text, path
        assert 'href="/search"' in answer.text  # in the layout, with the nav


def test_the_mcp_endpoint_and_the_api_export_still_want_a_token(browser: TestClient) -> None:
    assert browser.post("/mcp", json={}).status_code == 401
    api = browser.get("/export")  # an API client: no cookie, no HTML wanted
    assert api.status_code == 401 and "resource_metadata" in api.headers["www-authenticate"]
    assert browser.get("/healthz").json()["status"] == "ok"
    page = browser.get("/export", headers={"Accept": "text/html"})  # a browser: off to the sign-in
    assert page.status_code == 303 and page.headers["location"].startswith("/signin?next=%2Fexport")


def test_a_page_asked_for_under_another_host_name_is_refused(browser: TestClient) -> None:
    sign_in(browser)
    assert browser.get("/search", headers={"Host": "evil.example:8765"}).status_code == 400


def test_sign_out_needs_the_token_and_ends_the_session(browser: TestClient) -> None:
    csrf = sign_in(browser)
    assert browser.post("/signout", data={"csrf": "wrong"}, headers=ORIGIN).status_code == 400
    assert browser.get("/search").status_code == 200
    assert browser.post("/signout", data={"csrf": csrf}, headers=ORIGIN).status_code == 200
    assert browser.get("/search").status_code == 303


def test_the_one_time_link_signs_in_once(wired: App, browser: TestClient) -> None:
    secret = wired.oauth.issue_signin_link(wired.accounts.user("alice"))
    first = browser.get(f"/signin/link?token={secret}")
    assert first.status_code == 303 and first.headers["location"] == "/"
    assert "clp_session=" in first.headers["set-cookie"] and "httponly" in first.headers["set-cookie"].lower()
    assert "samesite=strict" in first.headers["set-cookie"].lower()
    assert browser.get("/search").status_code == 200
    browser.cookies.clear()
    again = browser.get(f"/signin/link?token={secret}")
    assert again.status_code == 400 and "clp_session" not in again.headers.get("set-cookie", "")
    assert "contextlamp ui" in again.text
    assert browser.get("/search").status_code == 303


def test_a_one_time_link_dies_after_five_minutes(wired: App, browser: TestClient, clock: Any) -> None:
    secret = wired.oauth.issue_signin_link(wired.accounts.user("alice"))
    clock.now += 5 * 60_000 + 1
    assert browser.get(f"/signin/link?token={secret}").status_code == 400
    assert wired.oauth.redeem_signin_link("clpl_" + "x" * 43) is None


# -- search -----------------------------------------------------------------------------------------------


@pytest.mark.both_backends
def test_search_finds_a_memory_saved_through_the_service_and_says_what_ranked_it(
    service: MemoryService, alice: Caller, browser: TestClient
) -> None:
    saved = service.save_context(alice, "We deploy the billing service with blue-green switches", topic="deploy-style")
    service.save_context(alice, "Lunch is at noon on Fridays")
    sign_in(browser)
    page = browser.get("/search", params={"q": "how do we deploy billing?"})
    assert page.status_code == 200
    assert f'href="/memories/{saved.id}"' in page.text and "blue-green switches" in page.text
    first = page.text.split("<article", 2)[1]  # the best pack comes first
    assert saved.id in first and "keyword #1" in first and "Score" in first
    assert re.search(r"Score</dt><dd>[01]\.\d{3}</dd>", first)
    assert service.get_entry(alice, saved.id).reuse_count == 0  # a person reading is not a tool reusing it
    plain = service.get_context(alice, "how do we deploy billing?")
    assert "signals" not in plain.model_dump() and service.get_entry(alice, saved.id).reuse_count == 1


def test_search_names_a_bad_argument_and_keeps_the_form(browser: TestClient) -> None:
    sign_in(browser)
    page = browser.get("/search", params={"q": "deploy", "max_results": "500"})
    assert page.status_code == 400 and "max_results" in page.text and 'value="deploy"' in page.text


def test_the_fact_key_and_recency_signals_are_named(service: MemoryService, alice: Caller, browser: TestClient) -> None:
    saved = service.save_context(alice, "Use pnpm for every repository", topic="package-manager")
    sign_in(browser)
    page = browser.get("/search", params={"q": "which package manager?", "recency": "1"})
    first = page.text.split("<article", 2)[1]
    assert saved.id in first and "fact-key #1" in first and "recency #1" in first


# -- browse -----------------------------------------------------------------------------------------------


@pytest.mark.both_backends
def test_browse_filters_by_every_field(wired: App, service: MemoryService, alice: Caller, browser: TestClient) -> None:
    decision = service.save_context(alice, "Decided: Postgres for analytics", kind="decision", topic="analytics-db")
    tagged = service.save_context(alice, "Style guide lives in docs", tags=["Docs"], source_surface="cursor")
    task = service.save_context(alice, "Renew the TLS certificate", memory_type="task")
    in_project = service.save_context(alice, "Project-only note about the API", project="api")
    wired.accounts.create_team("core", None, "alice")
    learning = service.save_context(alice, "Team learning: run migrations first", team="core")
    sign_in(browser)

    def shown(**params: str) -> set[str]:
        page = browser.get("/memories", params=params)
        assert page.status_code == 200, page.text
        return set(re.findall(r"ctx_[A-Za-z0-9_-]+", page.text.split("<tbody>", 1)[-1]))

    personal = {decision.id, tagged.id, task.id}
    assert shown() == personal
    assert shown(kind="decision") == {decision.id}
    assert shown(topic="Analytics DB") == {decision.id}  # normalised as saving normalises it
    assert shown(tag="docs") == {tagged.id}
    assert shown(surface="cursor") == {tagged.id}
    assert shown(type="task") == {task.id}
    assert shown(project="api") == {in_project.id}
    assert shown(team="core") == {learning.id}
    assert shown(kind="decision", tag="docs") == set()
    bad = browser.get("/memories", params={"kind": "opinion"})
    assert bad.status_code == 400 and "kind" in bad.text and "decision" in bad.text


def test_browse_pages_with_the_cursor(service: MemoryService, alice: Caller, browser: TestClient) -> None:
    ids = [service.save_context(alice, f"numbered note {i}").id for i in range(53)]
    sign_in(browser)
    first = browser.get("/memories")
    on_first = re.findall(r'href="/memories/(ctx_[^"]+)"', first.text)
    assert on_first == ids[::-1][:50]
    found = re.search(r'href="(/memories\?cursor=[^"]+)" rel="next"', first.text)
    assert found is not None
    second = browser.get(found.group(1).replace("&amp;", "&"))
    assert re.findall(r'href="/memories/(ctx_[^"]+)"', second.text) == ids[::-1][50:]
    assert 'rel="next"' not in second.text and "First page" in second.text
    notes = browser.get("/memories", params={"kind": "note"})  # a filtered page pages the same way
    assert len(re.findall(r'href="/memories/(ctx_[^"]+)"', notes.text)) == 50 and 'rel="next"' in notes.text


# -- one memory -------------------------------------------------------------------------------------------


def test_a_memory_page_shows_everything_and_its_earlier_versions(
    service: MemoryService, alice: Caller, browser: TestClient
) -> None:
    old = service.save_context(alice, "We use npm", topic="package-manager", tags=["tooling"])
    new = service.save_context(alice, "We use pnpm now, not npm\nsecond line of detail", topic="package-manager")
    service.get_context(Caller(alice.principal, "claude-code"), "pnpm")
    sign_in(browser)
    page = browser.get(f"/memories/{new.id}")
    assert page.status_code == 200
    assert "We use pnpm now, not npm\nsecond line of detail" in page.text  # the full text, line breaks kept
    assert "package-manager" in page.text and "claude-code" in page.text
    assert re.search(r"Reused</dt><dd>1 time</dd>", page.text)
    history = page.text.split("Earlier versions", 1)[1]
    assert f'href="/memories/{old.id}"' in history and "We use npm" in history
    older = browser.get(f"/memories/{old.id}")
    assert older.status_code == 200 and f'href="/memories/{new.id}"' in older.text  # replaced by
    assert "replaced no earlier version" in older.text


# -- forget -----------------------------------------------------------------------------------------------


@pytest.mark.both_backends
def test_forget_needs_the_confirm_post_with_the_token_from_this_origin(
    service: MemoryService, alice: Caller, browser: TestClient
) -> None:
    saved = service.save_context(alice, "Forget me: the old VPN password hint")
    csrf = sign_in(browser)
    preview = browser.get(f"/memories/{saved.id}/forget")
    assert preview.status_code == 200 and "Forget me" in preview.text
    assert form_field(preview.text, "csrf") == csrf and f'action="/memories/{saved.id}/forget"' in preview.text
    assert service.get_entry(alice, saved.id)  # the preview deleted nothing
    refusals = [
        browser.post(f"/memories/{saved.id}/forget", data={}, headers=ORIGIN),
        browser.post(f"/memories/{saved.id}/forget", data={"csrf": "forged"}, headers=ORIGIN),
        browser.post(f"/memories/{saved.id}/forget", data={"csrf": csrf}, headers={"Origin": "https://evil.example"}),
        browser.post(f"/memories/{saved.id}/forget", data={"csrf": csrf}),  # neither Origin nor Referer
        browser.post(f"/memories/{saved.id}/forget", data={"csrf": csrf}, headers={**ORIGIN, "Host": "evil.example"}),
    ]
    for answer in refusals:
        assert answer.status_code in (400, 403), answer.text
        assert "Nothing was changed" in answer.text or "host" in answer.text.lower()
    assert service.get_entry(alice, saved.id)  # still there
    done = browser.post(f"/memories/{saved.id}/forget", data={"csrf": csrf}, headers=ORIGIN)
    assert done.status_code == 200 and "is deleted" in done.text
    assert service.list_context(alice).items == []
    assert browser.get(f"/memories/{saved.id}").status_code == 404
    assert browser.post(f"/memories/{saved.id}/forget", data={"csrf": csrf}, headers=ORIGIN).status_code == 404


def test_a_post_without_a_session_goes_to_the_sign_in(
    service: MemoryService, alice: Caller, browser: TestClient
) -> None:
    saved = service.save_context(alice, "Keep me")
    answer = browser.post(f"/memories/{saved.id}/forget", data={"csrf": "x"}, headers=ORIGIN)
    assert answer.status_code == 303 and answer.headers["location"].startswith("/signin")
    assert service.get_entry(alice, saved.id)


# -- another user's ids -----------------------------------------------------------------------------------


@pytest.mark.both_backends
def test_another_users_ids_get_the_not_found_page_on_every_url(
    service: MemoryService, alice: Caller, bob: Caller, browser: TestClient
) -> None:
    theirs = service.save_context(bob, "Bob's private note about his salary")
    in_project = service.save_context(bob, "Bob's project note", project="secret-plan")
    csrf = sign_in(browser, "alice")
    absent = browser.get("/memories/ctx_" + "0" * 26)
    assert absent.status_code == 404
    for entry_id in (theirs.id, in_project.id):
        for answer in (
            browser.get(f"/memories/{entry_id}"),
            browser.get(f"/memories/{entry_id}/forget"),
            browser.post(f"/memories/{entry_id}/forget", data={"csrf": csrf}, headers=ORIGIN),
        ):
            assert answer.status_code == 404, answer.text
            assert "salary" not in answer.text and "Bob's" not in answer.text
            assert answer.text.split("<main", 1)[1] == absent.text.split("<main", 1)[1]  # the very same page
    projects = service.projects(bob)
    wired_team = app_of(service).accounts.create_team("bobs", None, "bob")
    foreign = [("/memories", {"project": "secret-plan"}), ("/memories", {"project": projects[0].id})]
    foreign += [("/memories", {"team": "bobs"}), ("/memories", {"team": wired_team.id})]
    foreign += [("/search", {"q": "note", "project": projects[0].id}), ("/search", {"q": "note", "scope": "team:bobs"})]
    for path, params in foreign:
        answer = browser.get(path, params=params)
        assert answer.status_code == 404, (path, params)  # not one of hers: the same page as a foreign id
        assert answer.text.split("<main", 1)[1] == absent.text.split("<main", 1)[1]
    assert "his salary" not in browser.get("/search", params={"q": "salary"}).text
    assert service.get_entry(bob, theirs.id) and service.get_entry(bob, in_project.id)  # nothing deleted


# -- export and import ------------------------------------------------------------------------------------


@pytest.mark.both_backends
def test_export_downloads_the_document_of_contextlamp_export(
    wired: App, service: MemoryService, alice: Caller, bob: Caller, browser: TestClient
) -> None:
    service.save_context(alice, "Alice's note", project="web")
    service.save_context(bob, "Bob's note")
    sign_in(browser)
    download = browser.get("/export")
    assert download.status_code == 200 and download.headers["content-type"].startswith("application/json")
    assert download.headers["content-disposition"] == 'attachment; filename="contextlamp-export-alice.json"'
    assert download.json() == wired.porter.export_user(wired.accounts.user("alice"))
    assert "Bob's note" not in download.text


@pytest.mark.both_backends
def test_import_writes_and_reports(wired: App, service: MemoryService, alice: Caller, browser: TestClient) -> None:
    kept = service.save_context(alice, "Kept across the round trip", topic="round-trip")
    lost = service.save_context(alice, "Forgotten, then imported back")
    document = json.dumps(wired.porter.export_user(wired.accounts.user("alice")))
    service.forget_context(alice, lost.id)
    csrf = sign_in(browser)
    form = browser.get("/import")
    assert form.status_code == 200 and 'enctype="multipart/form-data"' in form.text and 'for="file"' in form.text
    done = browser.post(
        "/import", data={"csrf": csrf}, files={"file": ("alice.json", document, "application/json")}, headers=ORIGIN
    )
    assert done.status_code == 200, done.text
    assert re.search(r"Entries added</th><td>1</td>", done.text)
    assert re.search(r"Entries already here</th><td>1</td>", done.text)
    assert {i.id for i in service.list_context(alice).items} == {kept.id, lost.id}


@pytest.mark.both_backends
def test_an_import_cannot_create_a_team_or_write_into_one_the_user_is_not_in(
    wired: App, service: MemoryService, alice: Caller, bob: Caller, browser: TestClient
) -> None:
    """Teams are made by an administrator (``contextlamp team create``): a file uploaded to the dashboard names
    teams that do not exist here, or exist without the user, and none of its team entries is written, no team
    is created and the user joins none; the report counts them as left out."""
    control = service.registry.control
    ops = control.create_team("ops", "Ops", 1)
    control.set_member(ops.id, alice.principal.user_id, "admin", 1)
    service.save_context(alice, "Ops learning: page the on-call through the pager rota", team="ops")
    service.save_context(bob, "Bob's own note")
    document = wired.porter.export_user(wired.accounts.user("alice"))
    team_store = next(s for s in document["stores"] if s["scope"] == "team")
    invented = [
        {
            **team_store,
            "store_id": "team_" + "b" * 26,
            "team": {**team_store["team"], "id": "team_" + "b" * 26, "slug": "bobs-new-team", "name": "Bob's new team"},
        },
        {**team_store, "store_id": "team_" + "c" * 26, "team": {**team_store["team"], "id": "team_" + "c" * 26}},
        team_store,  # alice's team, by id: bob is not in it
    ]
    mine = wired.porter.export_user(wired.accounts.user("bob"))
    forged = {**mine, "stores": [*mine["stores"], *invented]}
    csrf = sign_in(browser, "bob")
    done = browser.post(
        "/import",
        data={"csrf": csrf},
        files={"file": ("bob.json", json.dumps(forged), "application/json")},
        headers=ORIGIN,
    )
    assert done.status_code == 200, done.text
    assert re.search(r"Team entries left out[^<]*</th><td>3</td>", done.text), done.text
    assert [t.slug for t in control.teams()] == ["ops"]
    assert control.memberships(bob.principal.user_id) == []
    assert [e.content for e in service.registry.store(ops.id).all_entries()] == [
        "Ops learning: page the on-call through the pager rota"
    ]


@pytest.mark.both_backends
def test_a_bad_import_file_is_a_clear_error_and_writes_nothing(
    wired: App, service: MemoryService, alice: Caller, browser: TestClient
) -> None:
    service.save_context(alice, "The only memory")
    good = wired.porter.export_user(wired.accounts.user("alice"))
    broken = json.loads(json.dumps(good))
    broken["stores"][0]["entries"][0]["memory_type"] = "opinion"
    broken["stores"][0]["entries"].append(dict(broken["stores"][0]["entries"][0], id="ctx_" + "1" * 26))
    csrf = sign_in(browser)
    cases = {
        "not json": (b"{not json", "not JSON"),
        "not an export": (b'{"hello": 1}', "format"),
        "a bad field": (json.dumps(broken).encode(), "stores.0.entries.0.memory_type"),
        "too deep": (b"[" * 100_000, "nested too deeply"),
        "empty": (b"", "Choose an export file"),
    }
    for name, (body, says) in cases.items():
        answer = browser.post(
            "/import", data={"csrf": csrf}, files={"file": ("x.json", body, "application/json")}, headers=ORIGIN
        )
        assert answer.status_code == 400, name
        assert says in answer.text, (name, answer.text[-800:])
    assert [i.title for i in service.list_context(alice).items] == ["The only memory"]
    without = browser.post("/import", files={"file": ("x.json", json.dumps(good), "application/json")}, headers=ORIGIN)
    assert without.status_code == 400 and "Nothing was changed" in without.text


def test_an_import_file_past_the_limit_is_refused(wired: App, tmp_path: Path, alice: Caller) -> None:
    with _client(wired, tmp_path, partial(Dashboard, import_max_bytes=1000)) as browser:
        csrf = sign_in(browser)
        big = json.dumps({"format": "x", "padding": "y" * 200_000})
        answer = browser.post(
            "/import", data={"csrf": csrf}, files={"file": ("x.json", big, "application/json")}, headers=ORIGIN
        )
        assert answer.status_code == 413 and "1,000 bytes" in answer.text


# -- contextlamp ui ---------------------------------------------------------------------------------------


def test_contextlamp_ui_serves_on_loopback_and_prints_a_link_that_works_once(tmp_path: Path) -> None:
    exe = shutil.which("contextlamp") or str(Path(sys.executable).parent / "contextlamp")
    env = {k: v for k, v in os.environ.items() if not k.startswith("CONTEXTLAMP_")}
    env |= {
        "CONTEXTLAMP_HOME": str(tmp_path / "home"),
        "CONTEXTLAMP_EMBEDDER": "fake",
        "CONTEXTLAMP_USER": "carol",
        "CONTEXTLAMP_PUBLIC_URL": "https://mem.example.com",  # ignored: ui is loopback only
        "CONTEXTLAMP_HTTP_HOST": "0.0.0.0",  # ignored too
    }
    process = subprocess.Popen(
        [exe, "ui", "--json"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    lines: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=lambda: [lines.put(line) for line in process.stdout or ()], daemon=True)
    reader.start()
    try:
        link = ""
        while not link:
            said = json.loads(lines.get(timeout=120))
            link = said["url"]
        assert said["user"] == "carol" and said["expires_in_s"] == 300
        assert link.startswith("http://127.0.0.1:") and "/signin/link?token=clpl_" in link
        with httpx2.Client(timeout=30, follow_redirects=False) as browser:
            like_a_browser(browser.cookies)
            first = browser.get(link)
            assert first.status_code == 303 and first.headers["location"] == "/"
            base = link.split("/signin/", 1)[0]
            page = browser.get(f"{base}/search")
            assert page.status_code == 200 and "Signed in as <strong>carol</strong>" in page.text
        with httpx2.Client(timeout=30, follow_redirects=False) as other:
            again = other.get(link)
            assert again.status_code == 400 and "clp_session" not in again.headers.get("set-cookie", "")
    finally:
        process.terminate()
        process.wait(timeout=30)
        reader.join(timeout=30)  # the pipe is at its end once the process is gone
        if process.stdout is not None:
            process.stdout.close()


def test_a_second_contextlamp_ui_prints_a_fresh_link_of_the_running_server(tmp_path: Path) -> None:
    """Issue #33.5: a new sign-in link without a restart: ``contextlamp ui`` again on the same data directory asks
    the running one over its 0600 Unix socket, prints a fresh link of the same server and exits; the link signs
    in once. Once the server is gone, a socket it left is found dead and removed, so ``ui`` starts a server again."""
    exe = shutil.which("contextlamp") or str(Path(sys.executable).parent / "contextlamp")
    env = {k: v for k, v in os.environ.items() if not k.startswith("CONTEXTLAMP_")}
    env |= {"CONTEXTLAMP_HOME": str(tmp_path / "home"), "CONTEXTLAMP_EMBEDDER": "fake", "CONTEXTLAMP_USER": "carol"}
    process = subprocess.Popen(
        [exe, "ui", "--json"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    lines: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=lambda: [lines.put(line) for line in process.stdout or ()], daemon=True)
    reader.start()
    desk = tmp_path / "home" / "ui.sock"
    try:
        first = json.loads(lines.get(timeout=120))["url"]
        for _ in range(100):  # the socket opens as the server starts listening
            if desk.exists():
                break
            threading.Event().wait(0.1)
        assert desk.exists() and oct(desk.stat().st_mode & 0o777) == "0o600"
        again = subprocess.run([exe, "ui", "--json"], env=env, capture_output=True, text=True, timeout=120)
        assert again.returncode == 0, again.stderr
        fresh = json.loads(again.stdout.strip().splitlines()[-1])
        assert fresh["user"] == "carol" and fresh["expires_in_s"] == 300 and "already runs" in again.stderr
        assert fresh["url"] != first and fresh["url"].split("/signin/")[0] == first.split("/signin/")[0]
        assert process.poll() is None  # the first server still runs: no second one was started
        with httpx2.Client(timeout=30, follow_redirects=False) as browser:
            like_a_browser(browser.cookies)
            assert browser.get(fresh["url"]).status_code == 303
            assert browser.get(f"{fresh['url'].split('/signin/')[0]}/search").status_code == 200
            assert browser.get(fresh["url"]).status_code == 400  # once only
    finally:
        process.terminate()
        process.wait(timeout=30)
        reader.join(timeout=30)
        if process.stdout is not None:
            process.stdout.close()
    from contextlamp.cli.ui import ask_running

    assert ask_running(desk, open_browser=False) is None and not desk.exists()


def test_a_one_time_link_is_recognised_as_a_secret(wired: App) -> None:
    secret = wired.oauth.issue_signin_link(wired.accounts.user("alice"))
    assert "contextlamp Access Token" in SecretScanner().kinds(f"open {secret} in the browser")


def test_a_filtered_list_reaches_every_match_page_by_page_within_its_scan_bound(
    service: MemoryService, alice: Caller, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service_module, "LIST_SCAN_ROWS", 4)  # a page reads at most 4 (+ one batch) entries
    monkeypatch.setattr(service_module, "LIST_SCAN_BATCH", 2)
    saved = [service.save_context(alice, f"entry {i}", kind="decision" if i % 5 == 0 else "note") for i in range(23)]
    wanted = [s.id for i, s in enumerate(saved) if i % 5 == 0][::-1]
    seen: list[str] = []
    cursor: str | None = None
    for _ in range(30):
        page = service.list_context(alice, 2, cursor=cursor, kind="decision")
        assert len(page.items) <= 2
        seen += [i.id for i in page.items]
        cursor = page.next_cursor
        if cursor is None:
            break
    assert seen == wanted  # every match, newest first, none twice


def test_behind_https_the_session_cookie_is_secure(wired: App, tmp_path: Path) -> None:
    values: dict[str, Any] = {"home": tmp_path / "home", "embedder": "fake", "public_url": "https://mem.example.com"}
    app = build_http_app(wired, Settings(**values), "127.0.0.1", 8765, Dashboard)
    with TestClient(app, base_url="https://mem.example.com", follow_redirects=False) as client:
        form = client.get("/signin")
        answer = client.post(
            "/signin",
            data={
                "csrf": form_field(form.text, "csrf"),
                "next": "",
                "username": "alice",
                "password": PASSWORDS["alice"],
            },
            headers={"Origin": "https://mem.example.com"},
        )
        cookie = answer.headers["set-cookie"].lower()
        assert answer.status_code == 303 and "clp_session=" in cookie
        assert "secure" in cookie and "httponly" in cookie and "samesite=strict" in cookie
        assert client.get("/search").status_code == 200
