"""The web dashboard (issue #18 points 1-3) in process: the ASGI app of ``contextlamp serve --http`` driven by
Starlette's TestClient, signed in through the one sign-in page, every page and action checked for what a user
sees and for what must be refused (no session, no CSRF token, a foreign origin, another user's ids)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from contextlamp.app.compose import App
from contextlamp.app.service import Caller, MemoryService
from contextlamp.config import Settings
from contextlamp.web.app import build_http_app
from contextlamp.web.dashboard import Dashboard
from tests.wiring import app_of

BASE = "http://127.0.0.1:8765"
ORIGIN = {"Origin": BASE}
PASSWORDS = {"alice": "alice-password-1", "bob": "bob-password-22"}


def _field(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert found is not None, f"no {name} field in {html[:600]}"
    return found.group(1)


@pytest.fixture
def wired(service: MemoryService, alice: Caller, bob: Caller) -> App:
    app = app_of(service)
    for name, password in PASSWORDS.items():
        app.oauth.set_password(name, password)
    return app


def _client(wired: App, tmp_path: Path, **settings: Any) -> TestClient:
    values: dict[str, Any] = {"home": tmp_path / "home", "embedder": "fake", "signin_rate_limit": "1000/minute"}
    app = build_http_app(wired, Settings(**(values | settings)), "127.0.0.1", 8765, Dashboard)
    return TestClient(app, base_url=BASE, follow_redirects=False)


@pytest.fixture
def browser(wired: App, tmp_path: Path) -> Iterator[TestClient]:
    with _client(wired, tmp_path) as client:
        yield client


def sign_in(client: TestClient, user: str = "alice") -> str:
    """Sign in through /signin like a person; returns the session's CSRF token (from a dashboard page)."""
    form = client.get("/signin")
    answer = client.post(
        "/signin",
        data={"csrf": _field(form.text, "csrf"), "next": "", "username": user, "password": PASSWORDS[user]},
        headers=ORIGIN,
    )
    assert answer.status_code == 303 and answer.headers["location"] == "/", answer.text
    page = client.get("/search")
    assert page.status_code == 200, page.text
    return _field(page.text, "csrf")


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
            "csrf": _field(form.text, "csrf"),
            "next": _field(form.text, "next"),
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
    assert "default-src 'none'" in policy and "script-src" not in policy and "frame-ancestors 'none'" in policy
    assert page.headers["cache-control"] == "no-store" and "<script" not in page.text
    assert browser.get("/").headers["location"] == "/search"


def test_an_unknown_page_is_the_not_found_page(browser: TestClient) -> None:
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
