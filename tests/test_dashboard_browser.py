"""The dashboard in a real browser: the system Chromium driven by Playwright (tests/browser.py) against a real
``contextlamp serve --http`` on loopback, used the way a person uses it (labels, buttons, links)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser import PageMaker, chromium, dashboard_server, new_page, sign_in

__all__ = ["chromium", "dashboard_server", "new_page"]  # the fixtures this module uses

pytestmark = pytest.mark.browser


def test_sign_in_and_a_wrong_password(new_page: PageMaker) -> None:
    page = new_page()
    sign_in(page, "alice", "not-her-password", target=None)
    expect(page.get_by_role("alert")).to_have_text(re.compile("Wrong user name or password"))
    sign_in(page, "alice", target=None)
    expect(page.get_by_role("status")).to_have_text(re.compile("signed in as alice"))
