"""The dashboard in a real browser: the system Chromium driven by Playwright (tests/browser.py) against a real
``contextlamp serve --http`` on loopback, used the way a person uses it (labels, buttons, links, the keyboard).
What alice finds was saved over MCP with a personal access token, as her tools would.

Covered: sign in (and a wrong password), search, open a memory, forget it after the confirmation page, export
(a download), import (an upload and its report), create a token (shown once; it works) and revoke it (it stops
working), sign out; another user's ids in every URL (GET pages and POST forms) get the not-found page and change
nothing; every page reads with JavaScript disabled."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import pytest
from playwright.sync_api import Browser, Page, expect

from contextlamp.app.compose import create_oauth
from contextlamp.config import Settings
from contextlamp.text import new_id, now_ms
from tests.browser import PASSWORDS, PageMaker, chromium, dashboard_server, new_page, sign_in
from tests.servers import MCP_HEADERS, HttpServer, initialize_body

__all__ = ["chromium", "dashboard_server", "new_page"]  # the fixtures this module uses

pytestmark = pytest.mark.browser

TRANSCRIPT = """User: we decided that the billing service retries webhooks five times
Assistant: Noted.
User: and invoices are numbered per calendar year
Assistant: Got it.
"""


# -- what the users have ----------------------------------------------------------------------------------


def mcp_call(server: HttpServer, token: str, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """One MCP tool call over Streamable HTTP with a bearer token (initialize, initialized, tools/call):
    the tool's structured result."""
    auth = {**MCP_HEADERS, "Authorization": f"Bearer {token}"}
    with httpx2.Client(timeout=60) as http:
        opened = http.post(server.mcp, json=initialize_body("Claude Code"), headers=auth)
        assert opened.status_code == 200, opened.text
        session = {**auth, "Mcp-Session-Id": opened.headers["mcp-session-id"]}
        http.post(server.mcp, json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=session)
        call = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": tool, "arguments": arguments}}
        answer = http.post(server.mcp, json=call, headers=session)
    assert answer.status_code == 200, answer.text
    lines = [line[5:].strip() for line in answer.text.splitlines() if line.startswith("data:")]
    message = json.loads(lines[-1] if lines else answer.text)
    result = message["result"]
    assert not result.get("isError"), result
    return result["structuredContent"]


@dataclass(frozen=True)
class Seeded:
    """Ids of what the module's users have: alice's memories and session; bob's memory, session, team, token
    and connected app (the ids alice must never reach)."""

    alice_token: str
    deploy_id: str
    linter_id: str
    session_id: str
    bob_memory: str
    bob_session: str
    bob_team: str
    bob_token_id: str
    bob_token: str
    bob_grant: str
    bob_access: str


@pytest.fixture(scope="module")
def seeded(dashboard_server: HttpServer) -> Seeded:
    accounts = dashboard_server.accounts()
    alice = accounts.create_token("alice", "seed", None).token
    bob = accounts.create_token("bob", "bob-laptop", None)
    deploy = mcp_call(
        dashboard_server, alice, "save_context", {"content": "We deploy the billing service with Argo CD"}
    )
    linter = mcp_call(
        dashboard_server,
        alice,
        "save_context",
        {"content": "Always run ruff before pushing", "memory_type": "instruction"},
    )
    session = mcp_call(dashboard_server, alice, "save_session", {"transcript": TRANSCRIPT})
    bob_memory = mcp_call(dashboard_server, bob.token, "save_context", {"content": "Bob keeps his notes in Obsidian"})
    bob_session = mcp_call(dashboard_server, bob.token, "save_session", {"transcript": TRANSCRIPT})
    team = accounts.create_team("bobs-team", "Bob's team", "bob")
    oauth = create_oauth(accounts.registry, Settings(), now_ms)
    client_id = new_id("client")
    redirect = "http://127.0.0.1:9/callback"
    oauth.register_client(
        client_id, {"client_id": client_id, "client_name": "Bob's editor", "redirect_uris": [redirect]}
    )
    request_id = oauth.begin(client_id, {"redirect_uri": redirect, "resource": dashboard_server.mcp, "scopes": []})
    answered = oauth.answer(request_id, accounts.user("bob"))
    assert answered is not None and answered[1] is not None
    grant = oauth.exchange_code(client_id, answered[1])
    return Seeded(
        alice,
        deploy["id"],
        linter["id"],
        session["session_id"],
        bob_memory["id"],
        bob_session["session_id"],
        team.slug,
        bob.record.id,
        bob.token,
        grant.grant.id,
        grant.access_token,
    )


@pytest.fixture(scope="module")
def alice_state(chromium: Browser, dashboard_server: HttpServer, seeded: Seeded) -> Any:
    """The cookies of a browser that signed in as alice once (each sign-in runs argon2: seconds here)."""
    maker = PageMaker(chromium, dashboard_server.url)
    try:
        page = maker()
        sign_in(page, "alice", target="/overview")
        expect(page.get_by_role("heading", level=1)).to_have_text("Overview")
        return page.context.storage_state()
    finally:
        maker.close()


@pytest.fixture
def alice(new_page: PageMaker, alice_state: Any) -> Iterator[Page]:
    """A browser page signed in as alice (her module-wide session), on the overview."""
    page = new_page(state=alice_state)
    page.goto("/overview")
    expect(page.get_by_role("heading", level=1)).to_have_text("Overview")
    yield page


def _status(server: HttpServer, token: str) -> int:
    """The HTTP status of an MCP ``initialize`` with this bearer token (200 works, 401 refused)."""
    headers = {**MCP_HEADERS, "Authorization": f"Bearer {token}"}
    return httpx2.post(server.mcp, json=initialize_body(), headers=headers, timeout=30).status_code


def _post_form(page: Page, action: str) -> None:
    """Submit a form to ``action`` from this page, with the page's CSRF token: what a tampered form or a hand-
    edited URL sends (the same origin, a valid token: only the id is someone else's)."""
    csrf = page.locator('input[name="csrf"]').first.get_attribute("value")
    page.evaluate(
        """([action, csrf]) => {
            const form = document.createElement('form');
            form.method = 'post';
            form.action = action;
            const field = document.createElement('input');
            field.type = 'hidden'; field.name = 'csrf'; field.value = csrf;
            form.appendChild(field);
            document.body.appendChild(form);
            form.submit();
        }""",
        [action, csrf],
    )
    page.wait_for_load_state()


def _not_found(page: Page) -> None:
    expect(page.get_by_role("heading", level=1)).to_have_text("Not found")
    expect(page.get_by_text("nothing of yours")).to_be_visible()


# -- the tests ----------------------------------------------------------------------------------------------


def test_sign_in_and_a_wrong_password(new_page: PageMaker) -> None:
    page = new_page()
    sign_in(page, "alice", "not-her-password", target=None)
    expect(page.get_by_role("alert")).to_have_text(re.compile("Wrong user name or password"))
    sign_in(page, "alice", target=None)  # straight to the dashboard
    expect(page.get_by_role("navigation", name="Dashboard")).to_contain_text("Signed in as alice")


def test_sign_in_search_open_forget_with_confirmation_and_sign_out(new_page: PageMaker, seeded: Seeded) -> None:
    page = new_page()
    sign_in(page, "alice", target="/overview")  # its own session: signing out ends it
    page.get_by_role("navigation", name="Dashboard").get_by_role("link", name="Search").click()
    page.get_by_label("Query").fill("how do we deploy billing")
    page.get_by_label("Query").press("Enter")  # the keyboard submits the form
    result = page.get_by_role("article").filter(has_text="Argo CD")
    expect(result).to_be_visible()
    expect(result.get_by_text("Score")).to_be_visible()
    expect(result.locator(".signals")).to_contain_text("#")  # which signals ranked it, with their ranks
    result.get_by_role("link", name="We deploy the billing service with Argo CD").click()  # its first line heads it
    expect(page).to_have_url(re.compile(f"/memories/{seeded.deploy_id}$"))
    expect(page.locator(".full").first).to_have_text("We deploy the billing service with Argo CD")
    expect(page.get_by_text("claude-code")).to_be_visible()  # saved from the MCP client that named itself so
    page.get_by_role("link", name=re.compile("Forget this memory")).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Forget this memory?")
    page.get_by_role("link", name="Keep it").click()  # changing one's mind keeps it
    expect(page.locator(".full").first).to_have_text("We deploy the billing service with Argo CD")
    page.get_by_role("link", name=re.compile("Forget this memory")).click()
    page.get_by_role("button", name="Forget it").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Forgotten")
    page.goto(f"/memories/{seeded.deploy_id}")
    _not_found(page)
    page.goto("/search?q=deploy+billing+Argo")
    expect(page.get_by_text("Argo CD")).to_have_count(0)
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("status")).to_have_text(re.compile("signed out"))
    page.goto("/overview")
    expect(page).to_have_url(re.compile(r"/signin\?next=%2Foverview"))


def test_export_downloads_and_import_uploads_with_a_report(
    alice: Page, seeded: Seeded, dashboard_server: HttpServer
) -> None:
    page = alice
    nav = page.get_by_role("navigation", name="Dashboard")
    with page.expect_download() as download:
        nav.get_by_role("link", name="Export").click()
    assert download.value.suggested_filename.endswith(".json")
    saved = Path(download.value.path())
    text = saved.read_text(encoding="utf-8")
    assert "Always run ruff before pushing" in text and "webhooks" in text
    assert "Obsidian" not in text  # bob's memory is not in alice's export
    forgotten = mcp_call(dashboard_server, seeded.alice_token, "forget_context", {"id": seeded.linter_id})
    assert forgotten["forgotten"] is True
    nav.get_by_role("link", name="Import").click()
    page.get_by_label(re.compile("Export file")).set_input_files(saved)
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Imported")
    report = page.get_by_role("table", name="Import report")
    expect(report.get_by_role("row", name=re.compile("^Entries added")).get_by_role("cell")).to_have_text("1")
    expect(report.get_by_role("row", name=re.compile("Entries already here"))).not_to_contain_text(re.compile(r"\b0\b"))
    page.goto(f"/memories/{seeded.linter_id}")  # back, with its id
    expect(page.locator(".full").first).to_have_text("Always run ruff before pushing")


def test_create_a_token_shown_once_then_revoke_it(alice: Page, dashboard_server: HttpServer) -> None:
    page = alice
    nav = page.get_by_role("navigation", name="Dashboard")
    nav.get_by_role("link", name="Tokens").click()
    page.get_by_label("Name").fill("browser-test")
    page.get_by_label("Expires").select_option(label="7 days")
    page.get_by_label("Your password").fill(PASSWORDS["alice"])  # asked again: a token outlives the sign-in
    page.get_by_role("button", name="Create token").click()
    field = page.get_by_label(re.compile("shown only this once"))
    token = field.input_value()
    assert re.fullmatch(r"clp_[A-Za-z0-9_-]{43}", token)
    assert _status(dashboard_server, token) == 200  # it works as alice's bearer token
    nav.get_by_role("link", name="Tokens").click()  # the list never shows it again
    expect(page.get_by_text(token)).to_have_count(0)
    expect(page.locator(f'input[value="{token}"]')).to_have_count(0)
    row = page.get_by_role("row").filter(has_text="browser-test")
    expect(row).to_contain_text("active")
    row.get_by_role("button", name="Revoke browser-test").click()
    expect(page.get_by_role("status")).to_contain_text("revoked")
    assert _status(dashboard_server, token) == 401
    nav.get_by_role("link", name="Tokens").click()
    expect(page.get_by_role("row").filter(has_text="browser-test")).to_contain_text("revoked")


def test_another_users_ids_in_every_url_get_the_not_found_page(
    alice: Page, seeded: Seeded, dashboard_server: HttpServer
) -> None:
    page = alice
    for path in (
        f"/memories/{seeded.bob_memory}",
        f"/memories/{seeded.bob_memory}/forget",
        f"/sessions/{seeded.bob_session}",
        f"/teams/{seeded.bob_team}",
        "/memories/ctx_doesnotexist",
        "/sessions/ses_doesnotexist",
    ):
        answer = page.goto(path)
        assert answer is not None and answer.status == 404, path
        _not_found(page)
    for action in (
        f"/memories/{seeded.bob_memory}/forget",
        f"/tokens/{seeded.bob_token_id}/revoke",
        f"/apps/{seeded.bob_grant}/revoke",
    ):
        page.goto("/overview")
        _post_form(page, action)
        _not_found(page)
    assert _status(dashboard_server, seeded.bob_token) == 200  # bob's token still works
    assert _status(dashboard_server, seeded.bob_access) == 200  # and his connected app
    bob = dashboard_server.accounts()
    assert bob.authenticate(seeded.bob_token) is not None
    found = mcp_call(dashboard_server, seeded.bob_token, "list_context", {})
    assert seeded.bob_memory in [item["id"] for item in found["items"]]  # and his memory


def test_every_page_reads_without_javascript(new_page: PageMaker, seeded: Seeded) -> None:
    page = new_page(javascript=False)
    sign_in(page, "alice", target="/overview")
    expect(page.get_by_role("img", name=re.compile("Memories added per week"))).to_be_visible()
    expect(page.locator("p.total strong")).to_have_text(re.compile(r"\d+"))
    nav = page.get_by_role("navigation", name="Dashboard")
    nav.get_by_role("link", name="Memories").click()
    page.get_by_role("link", name="Always run ruff before pushing").click()
    expect(page.locator(".full").first).to_have_text("Always run ruff before pushing")
    nav.get_by_role("link", name="Sessions").click()
    page.get_by_role("table").get_by_role("link").first.click()
    expect(page.get_by_role("heading", name="What it taught")).to_be_visible()
    expect(page.get_by_role("listitem").filter(has_text="webhooks")).to_be_visible()
    for name, heading in (
        ("Projects", "Your projects"),
        ("Teams", "Your teams"),
        ("Tokens", "Personal access tokens"),
        ("Connected apps", "Connected apps"),
        ("Search", "Search your memory"),
    ):
        nav.get_by_role("link", name=name, exact=True).click()
        expect(page.get_by_role("heading", level=1)).to_have_text(heading)
