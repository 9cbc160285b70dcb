"""Issue #29 item 6 in a real browser (the system Chromium through Playwright, ``tests/browser.py``): a page on
another port of the same host (a sibling subdomain in a real deployment) sets session cookies for this server's
host, the "cookie tossing" that used to swap a signed-in victim into the attacker's account. The session cookie
is ``__Host-`` prefixed and bound to the browser that signed in, so the victim is never the attacker: the tossed
cookie is ignored (old name, or another Domain/Path) or signs no one in (a ``__Host-`` one from the same host)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx2
import pytest

from tests.browser import PASSWORDS, PageMaker, chromium, dashboard_server, new_page, sign_in
from tests.dashboard_forms import like_a_browser
from tests.servers import HttpServer

__all__ = ["chromium", "dashboard_server", "new_page"]  # the fixtures this module uses


def _attacker_session(server: HttpServer) -> tuple[str, str]:
    """bob signs in in his own browser: his session and binding cookie values (what an attacker holds)."""
    with httpx2.Client(timeout=60, follow_redirects=False) as http:
        like_a_browser(http.cookies)
        form = http.get(f"{server.url}/signin")
        csrf = form.text.split('name="csrf" value="', 1)[1].split('"', 1)[0]
        data = {"csrf": csrf, "next": "", "username": "bob", "password": PASSWORDS["bob"]}
        signed = http.post(f"{server.url}/signin", data=data, headers={"Origin": server.url})
        assert signed.status_code == 303, signed.text
        jar = {c.name.removeprefix("__Host-"): c.value for c in http.cookies.jar}
    return jar["clp_session"], jar.get("clp_csrf", "")


@pytest.fixture
def tosser(dashboard_server: HttpServer) -> Iterator[tuple[str, list[str]]]:
    """An attacker's page on another loopback port; ``headers`` (a list the test fills) are its Set-Cookie values."""
    headers: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            for value in headers:
                self.send_header("Set-Cookie", value)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<!doctype html><title>cute cats</title><p>cats")

        def log_message(self, *_args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", headers
    finally:
        server.shutdown()
        server.server_close()


def test_a_tossed_session_cookie_never_makes_the_victim_the_attacker(
    new_page: PageMaker, dashboard_server: HttpServer, tosser: tuple[str, list[str]]
) -> None:
    url, headers = tosser
    session, _binding = _attacker_session(dashboard_server)
    page = new_page()
    sign_in(page, "alice")
    assert "Signed in as alice" in (page.locator(".who").text_content() or "").replace("  ", " ")
    # the old, unprefixed name and a Domain/Path variant: ignored, alice stays alice
    headers[:] = [f"clp_session={session}; Path=/", f"clp_session={session}; Domain=127.0.0.1; Path=/search"]
    page.goto(url)
    page.goto("/search")
    assert "Signed in as alice" in (page.locator(".who").text_content() or "")
    # a __Host- cookie from another port of the same host replaces alice's, but it is bound to bob's browser:
    # alice is signed out, never bob
    headers[:] = [f"__Host-clp_session={session}; Path=/; Secure; HttpOnly; SameSite=Lax"]
    page.goto(url)
    names = {c["name"]: c["value"] for c in page.context.cookies()}
    assert names.get("__Host-clp_session") == session  # the browser took it (same host, loopback is secure)
    page.goto("/search")
    assert "/signin" in page.url and "bob" not in page.content()
