"""The dashboard's curation in a real browser (issue #33): the system Chromium driven by Playwright
(tests/browser.py) against a real ``contextlamp serve --http`` on loopback, used as a person does (labels,
buttons, links). Covered: store and type badges; edit (the old text in history; a secret refused); move to a
project; bulk forget with its preview, with the script (select all, the count) and without it; the review of
captured sessions (keep, forget); the health view's one-click fix; search as you type; the favicon and the CSP
(no console error on any page); a phone-sized window without sideways scrolling; dark mode."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser import PageMaker, chromium, dashboard_server, new_page, sign_in
from tests.servers import HttpServer
from tests.test_dashboard_browser import mcp_call

__all__ = ["chromium", "dashboard_server", "new_page"]  # the fixtures this module uses

pytestmark = pytest.mark.browser

SESSION = """User: we decided that the payments service retries webhooks five times
Assistant: Noted.
User: we decided that payment refunds are processed within three days, tracked in grafana
Assistant: Got it.
"""


@pytest.fixture(scope="module")
def token(dashboard_server: HttpServer) -> str:
    return dashboard_server.accounts().create_token("alice", "seed", None).token


@pytest.fixture(scope="module")
def alice_state(chromium: Browser, dashboard_server: HttpServer, token: str) -> Any:
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
    page = new_page(state=alice_state)
    yield page


def _save(server: HttpServer, token: str, content: str, **fields: Any) -> str:
    return str(mcp_call(server, token, "save_context", {"content": content, **fields})["id"])


def test_edit_keeps_history_and_refuses_a_secret(alice: Page, dashboard_server: HttpServer, token: str) -> None:
    entry = _save(dashboard_server, token, "The release train leaves every second Tuesday")
    page = alice
    page.goto(f"/memories/{entry}")
    expect(page.locator(".badge-store").first).to_have_text("Personal")
    expect(page.locator(".badge-type").first).to_have_text("fact")
    page.get_by_role("link", name="Edit").click()
    page.get_by_label("Text").fill("The release train leaves every Thursday")
    page.get_by_label("Kind").select_option("decision")
    page.get_by_label("Tags").fill("release, process")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("The release train leaves every Thursday")
    expect(page.get_by_role("status")).to_contain_text("Saved")
    expect(page.get_by_role("list").filter(has_text="every second Tuesday")).to_be_visible()  # earlier versions
    page.get_by_role("link", name="Edit").click()
    page.get_by_label("Text").fill("Deploy key: password = Tr0ub4dor&3xyz")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("alert")).to_contain_text("content")
    page.goto("/search?q=release+train")
    expect(page.get_by_role("article").filter(has_text="every Thursday")).to_be_visible()
    expect(page.get_by_text("Tr0ub4dor")).to_have_count(0)


def test_move_to_a_project(alice: Page, dashboard_server: HttpServer, token: str) -> None:
    _save(dashboard_server, token, "The mobile app is written in Kotlin", project="mobile")
    entry = _save(dashboard_server, token, "Crash reports go to Sentry")
    page = alice
    page.goto(f"/memories/{entry}")
    page.get_by_role("link", name="Move…").click()
    page.get_by_label("project · mobile").check()
    page.get_by_role("button", name="Move").click()
    expect(page.get_by_role("status")).to_contain_text("Moved to project · mobile")
    expect(page.locator(".badge-store").first).to_have_text("project · mobile")
    page.goto("/search?q=Sentry+crash+reports")
    expect(page.get_by_role("article").filter(has_text="Sentry").locator(".badge-store")).to_have_text(
        "project · mobile"
    )


def test_bulk_forget_with_the_script_selects_all_and_counts(
    alice: Page, dashboard_server: HttpServer, token: str
) -> None:
    for i in range(3):
        _save(dashboard_server, token, f"Scratch note number {i} from a noisy session", project="scratch")
    page = alice
    page.goto("/memories?project=scratch")
    bulk = page.get_by_role("button", name=re.compile("Forget"))
    expect(bulk).to_be_disabled()  # nothing chosen yet
    page.get_by_label(re.compile("Select all")).check()
    expect(page.get_by_text("3 of 3 chosen")).to_be_visible()
    page.get_by_label("Select: Scratch note number 1 from a noisy session").uncheck()
    expect(page.get_by_text("2 of 3 chosen")).to_be_visible()
    bulk.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Forget 2 memories?")
    page.get_by_role("button", name="Forget 2").click()
    expect(page.get_by_role("status")).to_contain_text("2 memories are deleted")
    page.get_by_role("link", name="Back").click()
    expect(page.get_by_role("link", name=re.compile("Scratch note"))).to_have_count(1)


def test_bulk_forget_without_javascript(new_page: PageMaker, dashboard_server: HttpServer, token: str) -> None:
    ids = [_save(dashboard_server, token, f"Old build log line {i} kept by mistake", project="logs") for i in range(2)]
    page = new_page(javascript=False)
    sign_in(page, "alice", target="/memories?project=logs")
    for i in range(2):
        page.get_by_label(f"Select: Old build log line {i} kept by mistake").check()
    page.get_by_role("button", name="Forget selected…").click()
    expect(page.get_by_role("table", name="What will be deleted")).to_contain_text(ids[0])
    page.get_by_role("link", name="Keep them").click()  # changing one's mind: back to the list, nothing gone
    expect(page.get_by_role("link", name=re.compile("Old build log line"))).to_have_count(2)


def test_review_keeps_and_forgets_what_a_session_captured(
    alice: Page, dashboard_server: HttpServer, token: str
) -> None:
    mcp_call(dashboard_server, token, "save_session", {"transcript": SESSION})
    page = alice
    page.goto("/review?since=1d")
    group = page.get_by_role("region").filter(has_text="webhooks five times").first
    expect(group).to_be_visible()
    item = group.get_by_role("listitem").filter(has_text="grafana")
    item.get_by_role("link", name="Forget…").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Forget 1 memory?")
    page.get_by_role("button", name="Forget 1").click()
    page.get_by_role("link", name="Back").click()
    expect(page).to_have_url(re.compile(r"/review\?since=1d$"))
    expect(page.get_by_text("grafana")).to_have_count(0)
    group = page.get_by_role("region").filter(has_text="webhooks five times").first
    group.get_by_role("listitem").filter(has_text="webhooks").get_by_role("button", name="Keep").click()
    expect(page.get_by_text(re.compile(r"\d+ kept items? hidden"))).to_be_visible()
    expect(page.locator("ul.items").get_by_text("webhooks five times")).to_have_count(0)


def test_health_fixes_a_short_memory_in_one_click(alice: Page, dashboard_server: HttpServer, token: str) -> None:
    _save(dashboard_server, token, "yes")
    page = alice
    page.goto("/overview")
    page.get_by_role("navigation", name="Dashboard").get_by_role("link", name="Health").click()
    section = page.get_by_role("region", name=re.compile("Very short"))
    card = section.get_by_role("listitem").filter(has=page.get_by_role("link", name="yes", exact=True))
    card.get_by_role("button", name="Forget it").click()
    expect(page.get_by_role("status").first).to_contain_text("Fixed")
    expect(page.get_by_role("link", name="yes", exact=True)).to_have_count(0)


def test_search_as_you_type(alice: Page, dashboard_server: HttpServer, token: str) -> None:
    _save(dashboard_server, token, "The office wifi network is called lighthouse")
    page = alice
    page.goto("/search")
    page.get_by_label("Query").press_sequentially("lighthouse wifi", delay=30)  # no Enter, no button
    expect(page.get_by_role("article").filter(has_text="office wifi")).to_be_visible()
    expect(page).to_have_url(re.compile(r"q=lighthouse\+wifi"))


def test_no_page_has_a_console_error_a_404_or_a_csp_violation(alice: Page) -> None:
    problems: list[str] = []
    page = alice
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    for path in ("/search?q=wifi", "/memories", "/review", "/health", "/overview", "/sessions", "/tokens"):
        page.goto(path)
        page.wait_for_load_state("networkidle")
    assert problems == []


def test_a_phone_sized_window_needs_no_sideways_scrolling(alice: Page) -> None:
    page = alice
    page.set_viewport_size({"width": 375, "height": 740})
    for path in ("/memories", "/review?since=30d", "/health", "/search?q=wifi"):
        page.goto(path)
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, (path, overflow)


def test_dark_mode_follows_the_system(alice: Page) -> None:
    page = alice
    page.emulate_media(color_scheme="dark")
    page.goto("/memories")
    dark = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    page.emulate_media(color_scheme="light")
    page.goto("/memories")
    light = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    assert dark != light

    def brightness(css: str) -> int:
        return sum(int(n) for n in re.findall(r"\d+", css)[:3])

    assert brightness(dark) < 150 < brightness(light)
