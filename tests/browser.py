"""Real-browser test pieces: the system's Chromium (the distribution's package, never a browser build that
Playwright downloads) driven by Playwright for Python, and a real ``contextlamp serve --http`` with users
who have passwords.

- ``chromium_path()`` finds the browser: ``$CLP_CHROMIUM`` when set, else ``chromium``, ``chromium-browser``,
  ``google-chrome-stable`` or ``google-chrome`` on ``PATH``.
- Without one, the browser tests SKIP with the reason, unless ``$CLP_REQUIRE_BROWSER`` is set (``.ci/run``
  sets it after installing the package): then a missing browser FAILS them, so CI never passes by skipping.
- ``chromium`` (module scope) is one launched headless browser: Playwright's sync API runs an asyncio loop in
  this thread while it is open, so it must be closed before the module's tests end, or every later test that
  starts a loop of its own (``anyio.run``, ``asyncio.run``) fails with "cannot be called from a running event
  loop"; ``dashboard_server`` (module scope) one server
  on a free loopback port over a fresh data directory, with the users of ``PASSWORDS``; each test opens its
  own browser context (``new_page``: no cookie shared between tests).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from contextlamp.app.compose import create_oauth
from contextlamp.config import Settings
from contextlamp.text import now_ms
from tests.servers import HttpServer, run_server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome-stable", "google-chrome")
REQUIRE_ENV = "CLP_REQUIRE_BROWSER"
PATH_ENV = "CLP_CHROMIUM"
PASSWORDS = {"alice": "alice-password-1", "bob": "bob-password-22"}
TIMEOUT_MS = 15_000  # one page action; generous, the machine may be loaded


def chromium_path() -> str | None:
    """The system Chromium's executable, or None when there is none (module docstring)."""
    given = os.environ.get(PATH_ENV)
    if given:
        return given if Path(given).is_file() else None
    return next((found for name in CHROMIUM_NAMES if (found := shutil.which(name))), None)


def cli(server: HttpServer, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``contextlamp ARGS`` on the server's data directory (the fake embedder, as the server)."""
    exe = shutil.which("contextlamp") or str(Path(sys.executable).parent / "contextlamp")
    env = {k: v for k, v in os.environ.items() if not k.startswith("CONTEXTLAMP_")}
    env |= {"CONTEXTLAMP_HOME": str(server.home), "CONTEXTLAMP_EMBEDDER": "fake"}
    return subprocess.run([exe, *args], input=stdin, capture_output=True, text=True, env=env, timeout=120)


def add_users(server: HttpServer, passwords: dict[str, str]) -> None:
    """Create each user; the first one's password is set the way an administrator does (``contextlamp user
    set-password USER --password-stdin``), the others' through the same ``OAuthService.set_password`` in
    process (a command costs seconds of start-up; the tests must stay well under a minute)."""
    accounts = server.accounts()
    oauth = create_oauth(accounts.registry, Settings(), now_ms)
    for i, (name, password) in enumerate(passwords.items()):
        accounts.create_user(name)
        if i == 0:
            done = cli(server, "user", "set-password", name, "--password-stdin", stdin=f"{password}\n")
            assert done.returncode == 0, done.stderr
        else:
            oauth.set_password(name, password)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    """One headless system Chromium for the test module (skipped without one; failed without one under CI)."""
    path = chromium_path()
    if path is None:
        reason = "no Chromium on this machine (install the distribution's package: apt-get install chromium)"
        if os.environ.get(REQUIRE_ENV):
            pytest.fail(f"{reason}; {REQUIRE_ENV} is set, so the browser tests must run")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="module")
def dashboard_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HttpServer]:
    """``contextlamp serve --http`` over a fresh data directory with the users of ``PASSWORDS``."""
    env = {"CONTEXTLAMP_SIGNIN_RATE_LIMIT": "1000/minute"}
    with run_server(tmp_path_factory.mktemp("dashboard") / "home", env) as running:
        add_users(running, PASSWORDS)
        yield running


@pytest.fixture
def new_page(chromium: Browser, dashboard_server: HttpServer) -> Iterator[PageMaker]:
    """Opens pages in fresh browser contexts (own cookies) on the server; all closed after the test."""
    maker = PageMaker(chromium, dashboard_server.url)
    try:
        yield maker
    finally:
        maker.close()


class PageMaker:
    """``maker()`` a new page in a new context; ``maker(javascript=False)`` one with JavaScript disabled;
    ``maker(state=...)`` one that starts with another context's cookies."""

    def __init__(self, browser: Browser, base_url: str) -> None:
        self.browser = browser
        self.base_url = base_url
        self.contexts: list[BrowserContext] = []

    def __call__(self, javascript: bool = True, state: Any = None) -> Page:
        """A page in a new context; ``state`` a ``storage_state`` (the cookies of a signed-in browser)."""
        context = self.browser.new_context(
            base_url=self.base_url, java_script_enabled=javascript, accept_downloads=True, storage_state=state
        )
        context.set_default_timeout(TIMEOUT_MS)
        self.contexts.append(context)
        return context.new_page()

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def sign_in(page: Page, user: str, password: str | None = None, target: str | None = "/") -> None:
    """Fill the sign-in form the way a person does (labels, keyboard), landing on ``target`` (None: the
    "signed in" page)."""
    page.goto(f"/signin?next={target}" if target else "/signin")
    page.get_by_label("User name").fill(user)
    page.get_by_label("Password").fill(password or PASSWORDS[user])
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_load_state()
