"""Shared pieces of the dashboard's TestClient tests (tests/test_dashboard.py, tests/test_dashboard_pages.py):
the server's base URL and Origin header, the users' passwords, a form field's value out of a page (the
``wired`` fixture, in tests/conftest.py, sets these passwords)."""

from __future__ import annotations

import http.cookiejar
import re
from typing import Any

BASE = "http://127.0.0.1:8765"
ORIGIN = {"Origin": BASE}
PASSWORDS = {"alice": "alice-password-1", "bob": "bob-password-22"}


def form_field(html: str, name: str) -> str:
    """The ``value`` of the input named ``name`` in ``html`` (fails the test when there is none)."""
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert found is not None, f"no {name} field in {html[:600]}"
    return found.group(1)


def like_a_browser(cookies: Any) -> Any:
    """Make an HTTP client's cookie jar send ``Secure`` cookies to ``http://127.0.0.1``, as browsers do for
    loopback origins (potentially trustworthy: Chromium and Firefox keep and send ``Secure`` and ``__Host-``
    cookies there); Python's cookie jar sends them over https only. ``cookies``: a client's ``.cookies``."""
    cookies.jar.set_policy(http.cookiejar.DefaultCookiePolicy(secure_protocols=("https", "wss", "http")))
    return cookies
