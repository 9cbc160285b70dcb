"""Issue #29, the web server's smaller findings, each pinned by what a user or client sees: ``/export`` is never
sniffed into a page (item 13), a requested scope is not echoed (13), a registered redirect host cannot add to
the consent page's CSP (13), a public client's RFC 7009 sign-out revokes its token (10), and an authorization
code works for its own client only (14)."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from starlette.testclient import TestClient

from contextlamp.app.compose import App
from contextlamp.app.oauth import OAuthError
from contextlamp.config import Settings
from contextlamp.web.app import build_http_app
from contextlamp.web.dashboard import Dashboard
from tests.dashboard_forms import BASE, ORIGIN, PASSWORDS, form_field, like_a_browser

REDIRECT = "http://127.0.0.1:9/callback"
MCP = f"{BASE}/mcp"


@pytest.fixture
def web(wired: App, tmp_path: Path, clock: Any) -> Iterator[TestClient]:
    clock.now = int(time.time() * 1000)  # the SDK checks a code's expiry against the wall clock
    settings = Settings(home=tmp_path / "home", embedder="fake", signin_rate_limit="1000/minute")
    app = build_http_app(wired, settings, "127.0.0.1", 8765, Dashboard)
    with TestClient(app, base_url=BASE, follow_redirects=False) as client:
        like_a_browser(client.cookies)
        yield client


def _sign_in(client: TestClient, user: str = "alice") -> None:
    form = client.get("/signin")
    answer = client.post(
        "/signin",
        data={"csrf": form_field(form.text, "csrf"), "next": "", "username": user, "password": PASSWORDS[user]},
        headers=ORIGIN,
    )
    assert answer.status_code == 303, answer.text


def _pkce() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).decode().rstrip("=")
    return verifier, challenge


def _register(client: TestClient, **extra: Any) -> dict[str, Any]:
    body = {
        "client_name": "Public App",
        "redirect_uris": [REDIRECT],
        "grant_types": ["authorization_code", "refresh_token"],
        "response_types": ["code"],
        "token_endpoint_auth_method": "none",
        **extra,
    }
    answer = client.post("/register", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def _code(client: TestClient, client_id: str, challenge: str, **extra: str) -> str:
    """Authorize as the signed-in browser: the consent page's Allow, the code off the redirect."""
    params = {
        "response_type": "code",
        "client_id": client_id,
        "redirect_uri": REDIRECT,
        "code_challenge": challenge,
        "code_challenge_method": "S256",
        "state": "s",
        "resource": MCP,
        **extra,
    }
    start = client.get("/authorize", params=params)
    assert start.status_code == 302, start.text
    consent = client.get(start.headers["location"] + "&hop=1")
    assert consent.status_code == 200, consent.text
    answer = client.post(
        "/oauth/consent",
        data={
            "csrf": form_field(consent.text, "csrf"),
            "request": form_field(consent.text, "request"),
            "action": "approve",
        },
        headers=ORIGIN,
    )
    assert answer.status_code == 303, answer.text
    return parse_qs(urlparse(answer.headers["location"]).query)["code"][0]


def _exchange(client: TestClient, client_id: str, code: str, verifier: str) -> Any:
    return client.post(
        "/token",
        data={
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": REDIRECT,
            "client_id": client_id,
            "code_verifier": verifier,
            "resource": MCP,
        },
    )


def _works(client: TestClient, access_token: str) -> bool:
    answer = client.post(
        "/mcp",
        json={
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"},
            },
        },
        headers={
            "Authorization": f"Bearer {access_token}",
            "Accept": "application/json, text/event-stream",
            "Content-Type": "application/json",
        },
    )
    assert answer.status_code in (200, 401), answer.text
    return answer.status_code == 200


# -- item 13 -------------------------------------------------------------------------------------------------


def test_the_export_download_is_never_sniffed(web: TestClient, wired: App) -> None:
    """Memory content can look like HTML; the JSON download says ``nosniff`` so no browser renders it as a page,
    with a bearer token and from the dashboard alike."""
    token = wired.accounts.create_token("alice", "export", None).token
    by_token = web.get("/export", headers={"Authorization": f"Bearer {token}"})
    assert by_token.status_code == 200 and by_token.headers["x-content-type-options"] == "nosniff"
    _sign_in(web)
    by_browser = web.get("/export")
    assert by_browser.status_code == 200 and by_browser.headers["x-content-type-options"] == "nosniff"


def test_a_requested_scope_is_not_echoed_in_the_token_response(web: TestClient) -> None:
    """The server defines one scope (``memory``); a client asking for others gets ``invalid_scope`` and no code,
    and a token claims only the scope the server has (RFC 6749 section 5.1: the response's ``scope`` tells the
    client what it was granted, so an unused scope must never appear there)."""
    client = _register(web)
    _sign_in(web)
    verifier, challenge = _pkce()
    params = {
        "response_type": "code",
        "client_id": client["client_id"],
        "redirect_uri": REDIRECT,
        "code_challenge": challenge,
        "code_challenge_method": "S256",
        "state": "s",
        "resource": MCP,
        "scope": "admin memory:all",
    }
    refused = web.get("/authorize", params=params)
    assert refused.status_code == 302 and "error=invalid_scope" in refused.headers["location"], refused.text
    code = _code(web, client["client_id"], challenge, scope="memory")
    tokens = _exchange(web, client["client_id"], code, verifier)
    assert tokens.status_code == 200, tokens.text
    assert tokens.json().get("scope") == "memory" and "admin" not in tokens.text


@pytest.mark.parametrize(
    "uri", ["https://app.example;script-src/cb", "https://app.example,evil.example/cb", "http://localhost;sandbox/cb"]
)
def test_a_redirect_host_cannot_reach_the_consent_pages_csp(web: TestClient, wired: App, uri: str) -> None:
    """A host holding ``;`` or ``,`` would end the CSP directive (or policy) the consent page names it in and add
    the registrant's own: refused at registration, and a client stored before that check adds nothing."""
    refused = web.post(
        "/register", json={"client_name": "x", "redirect_uris": [uri], "token_endpoint_auth_method": "none"}
    )
    assert refused.status_code == 400 and refused.json()["error"] == "invalid_redirect_uri", refused.text
    wired.oauth.register_client("old-client", {"client_id": "old-client", "client_name": "Old", "redirect_uris": [uri]})
    _, challenge = _pkce()
    request = {
        "state": "s",
        "scopes": [],
        "code_challenge": challenge,
        "redirect_uri": uri,
        "redirect_uri_provided_explicitly": True,
        "resource": MCP,
    }
    request_id = wired.oauth.begin("old-client", request)
    _sign_in(web)
    consent = web.get("/oauth/consent", params={"request": request_id, "hop": "1"})
    assert consent.status_code == 200, consent.text
    policy = consent.headers["content-security-policy"]
    assert "script-src" not in policy and "evil.example" not in policy and "," not in policy
    directives = [d.strip().split()[0] for d in policy.split(";")]
    assert sorted(directives) == sorted(
        ["default-src", "style-src", "img-src", "form-action", "frame-ancestors", "base-uri"]
    ), policy


# -- item 10 -------------------------------------------------------------------------------------------------


def test_a_public_client_revokes_its_own_tokens_and_only_those(web: TestClient) -> None:
    """RFC 7009 from a public client (no secret, as MCP clients register): its sign-out revokes its tokens; the
    same request from another public client leaves them working."""
    mine, other = _register(web), _register(web, client_name="Other")
    _sign_in(web)
    verifier, challenge = _pkce()
    tokens = _exchange(web, mine["client_id"], _code(web, mine["client_id"], challenge), verifier).json()
    assert _works(web, tokens["access_token"])
    foreign = web.post("/revoke", data={"token": tokens["access_token"], "client_id": other["client_id"]})
    assert foreign.status_code == 200  # RFC 7009 section 2.2: answered alike, nothing revoked
    assert _works(web, tokens["access_token"])
    revoked = web.post("/revoke", data={"token": tokens["access_token"], "client_id": mine["client_id"]})
    assert revoked.status_code == 200, revoked.text
    assert not _works(web, tokens["access_token"])
    refreshed = web.post(
        "/token",
        data={"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"], "client_id": mine["client_id"]},
    )
    assert refreshed.status_code == 400  # the whole sign-in ended


def test_a_confidential_client_still_needs_its_secret_to_revoke(web: TestClient) -> None:
    client = _register(web, token_endpoint_auth_method="client_secret_post")
    assert client.get("client_secret")
    _sign_in(web)
    verifier, challenge = _pkce()
    code = _code(web, client["client_id"], challenge)
    tokens = web.post(
        "/token",
        data={
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": REDIRECT,
            "client_id": client["client_id"],
            "client_secret": client["client_secret"],
            "code_verifier": verifier,
        },
    ).json()
    refused = web.post("/revoke", data={"token": tokens["access_token"], "client_id": client["client_id"]})
    assert refused.status_code == 401 and _works(web, tokens["access_token"])


# -- item 14: the code is bound to its client ------------------------------------------------------------------


def test_an_authorization_code_works_for_its_own_client_only(web: TestClient, wired: App) -> None:
    """Another client holding the code, the right PKCE verifier and the same redirect URI gets ``invalid_grant``
    and no token; the code's own client can still use it. (The earlier test presented another verifier too, so
    PKCE refused it whatever the client check did.)"""
    mine, thief = _register(web), _register(web, client_name="Thief")
    _sign_in(web)
    verifier, challenge = _pkce()
    code = _code(web, mine["client_id"], challenge)
    stolen = _exchange(web, thief["client_id"], code, verifier)
    assert stolen.status_code == 400 and stolen.json()["error"] == "invalid_grant", stolen.text
    assert "access_token" not in stolen.text
    good = _exchange(web, mine["client_id"], code, verifier)
    assert good.status_code == 200 and _works(web, good.json()["access_token"])
    # and at the service, under the SDK's own check: the exchange itself refuses another client
    code2 = _code(web, mine["client_id"], _pkce()[1])
    with pytest.raises(OAuthError):
        wired.oauth.exchange_code(thief["client_id"], code2)
    assert wired.oauth.code(thief["client_id"], code2) is None
    issued = wired.oauth.exchange_code(mine["client_id"], code2)
    assert issued.grant.client_id == mine["client_id"]
    assert issued.grant.scopes == "memory"  # the default scope, as the request had none


# -- item 9 --------------------------------------------------------------------------------------------------


def test_registration_is_limited_for_every_peer_together() -> None:
    """Per address, and from all addresses together, loopback included: a peer that shows a fresh address per
    registration (a forwarded header from a process on this machine, or many hosts) is held by the total."""
    import anyio

    from contextlamp.web.oauth import RegistrationLimit
    from contextlamp.web.quotas import RateBook

    class Seconds:
        now = 0.0

        def __call__(self) -> float:
            return self.now

    clock = Seconds()
    reached: list[str] = []

    async def registered(scope: Any, _receive: Any, send: Any) -> None:
        reached.append(scope["client"][0])
        await send({"type": "http.response.start", "status": 201, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    limit = RegistrationLimit(registered, RateBook("2/hour", clock), RateBook("5/hour", clock))

    async def register(address: str) -> int:
        statuses: list[int] = []

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"{}", "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                statuses.append(message["status"])

        scope = {"type": "http", "method": "POST", "path": "/register", "headers": [], "client": (address, 1)}
        await limit(scope, receive, send)
        return statuses[0]

    async def run() -> list[int]:
        return [await register(address) for address in ("127.0.0.1", "127.0.0.1", "127.0.0.1")] + [
            await register(f"203.0.113.{i}") for i in range(5)
        ]

    assert anyio.run(run) == [201, 201, 429, 201, 201, 201, 429, 429]  # 2 per address; 5 in all
    clock.now += 3601
    assert anyio.run(register, "203.0.113.99") == 201  # an hour later, room again
    assert len(reached) == 6


def test_a_registration_no_sign_in_used_expires(wired: App, clock: Any) -> None:
    """Registration is open, so what it stores must not stay for ever: a client no sign-in used is deleted a day
    after it registered; a client someone signed in with stays."""
    wired.oauth.register_client("unused", {"client_id": "unused", "redirect_uris": [REDIRECT]})
    wired.oauth.register_client("used", {"client_id": "used", "redirect_uris": [REDIRECT]})
    request_id = wired.oauth.begin("used", {"redirect_uri": REDIRECT, "resource": MCP, "scopes": []})
    answered = wired.oauth.answer(request_id, wired.accounts.user("alice"))
    assert answered is not None and answered[1] is not None
    wired.oauth.exchange_code("used", answered[1])
    clock.now += 23 * 3_600_000
    wired.oauth.register_client("later", {"client_id": "later", "redirect_uris": [REDIRECT]})
    assert wired.oauth.client("unused") is not None  # within its day
    clock.now += 2 * 3_600_000
    wired.oauth.register_client("latest", {"client_id": "latest", "redirect_uris": [REDIRECT]})
    assert wired.oauth.client("unused") is None
    assert wired.oauth.client("used") is not None and wired.oauth.client("later") is not None


def test_the_user_id_is_no_second_sign_in_name(web: TestClient, wired: App) -> None:
    """A user signs in with their name only; their id with the right password is refused like a wrong name."""
    alice = wired.accounts.user("alice")
    form = web.get("/signin")
    by_id = web.post(
        "/signin",
        data={"csrf": form_field(form.text, "csrf"), "next": "", "username": alice.id, "password": PASSWORDS["alice"]},
        headers=ORIGIN,
    )
    assert by_id.status_code == 400 and "Wrong user name or password" in by_id.text
    assert wired.oauth.check_password(alice.id, PASSWORDS["alice"]) is None
    _sign_in(web)  # the name works


# -- item 7: contextlamp ui --open -------------------------------------------------------------------------------

FAKE_BROWSER = r"""
import json, re, sys, urllib.request, urllib.parse, urllib.error
from pathlib import Path
record = {"argv": sys.argv[1:]}
try:
    uri = sys.argv[1]
    path = Path(urllib.parse.unquote(urllib.parse.urlparse(uri).path))
    record["mode"] = oct(path.stat().st_mode & 0o777)
    record["folder_mode"] = oct(path.parent.stat().st_mode & 0o777)
    page = path.read_text()
    action = re.search(r'action="([^"]+)"', page).group(1)
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)
    body = urllib.parse.urlencode({"token": token}).encode()
    request = urllib.request.Request(action, data=body, headers={"Origin": "null"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        record["status"] = answer.status
        record["cookie"] = answer.headers.get("set-cookie", "")
        record["page"] = answer.read().decode()
except Exception as exc:
    record["error"] = repr(exc)
Path(sys.argv[2]).write_text(json.dumps(record))
"""


def test_ui_open_keeps_the_link_off_the_browsers_command_line(tmp_path: Path) -> None:
    """``contextlamp ui --open``: the browser's command line (what ``ps`` shows every local user) holds no sign-in
    secret, only a file of this user's (0600 in a 0700 folder) whose form posts it; the browser is started once
    the server listens, and that post signs it in."""
    import os
    import shutil
    import subprocess
    import sys

    script = tmp_path / "fake_browser.py"
    script.write_text(FAKE_BROWSER)
    seen = tmp_path / "seen.json"
    exe = shutil.which("contextlamp") or str(Path(sys.executable).parent / "contextlamp")
    env = {k: v for k, v in os.environ.items() if not k.startswith("CONTEXTLAMP_")}
    env |= {
        "CONTEXTLAMP_HOME": str(tmp_path / "home"),
        "CONTEXTLAMP_EMBEDDER": "fake",
        "CONTEXTLAMP_USER": "carol",
        "BROWSER": f"{sys.executable} {script} %s {seen}",
    }
    process = subprocess.Popen(
        [exe, "ui", "--open", "--json"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + 120
        while not seen.exists() or not seen.read_text():
            assert time.monotonic() < deadline and process.poll() is None, "the browser was never started"
            time.sleep(0.2)
        time.sleep(0.2)
        record = json.loads(seen.read_text())
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert "error" not in record, record
    argv = " ".join(record["argv"])
    assert "clpl_" not in argv and "token=" not in argv and argv.startswith("file://"), argv
    assert record["mode"] == "0o600" and record["folder_mode"] == "0o700"
    assert record["status"] == 200 and "clp_session" in record["cookie"] and 'http-equiv="refresh"' in record["page"]


def test_a_link_sent_to_a_foreign_host_is_refused_before_it_is_used(web: TestClient, wired: App) -> None:
    """A DNS-rebinding page that makes the browser load the link under another name gets a refusal, and the link
    still works where it was printed (before, the wrong Host burned it first)."""
    secret = wired.oauth.issue_signin_link(wired.accounts.user("alice"))
    foreign = web.get(f"/signin/link?token={secret}", headers={"Host": "evil.example:8765"})
    assert foreign.status_code == 400 and "clp_session" not in foreign.headers.get("set-cookie", "")
    own = web.get(f"/signin/link?token={secret}")
    assert own.status_code == 303 and "clp_session" in own.headers.get("set-cookie", "")


# -- item 6: cookies -------------------------------------------------------------------------------------------


def test_session_cookies_are_host_only_and_a_swapped_one_signs_no_one_in(web: TestClient) -> None:
    """The session and CSRF cookies are ``__Host-`` cookies (Secure, Path=/, no Domain: no sibling host can set
    them); a session cookie moved into another browser (tossed, or stolen without its binding) signs no one in.
    The same check runs in Chromium in tests/test_cookie_tossing_browser.py."""
    form = web.get("/signin")
    signed = web.post(
        "/signin",
        data={"csrf": form_field(form.text, "csrf"), "next": "", "username": "bob", "password": PASSWORDS["bob"]},
        headers=ORIGIN,
    )
    set_cookies = signed.headers.get_list("set-cookie")
    assert {c.split("=", 1)[0] for c in set_cookies} == {"__Host-clp_session", "__Host-clp_csrf"}
    for cookie in set_cookies:
        attributes = cookie.lower()
        assert "secure" in attributes and "path=/" in attributes and "domain=" not in attributes
        assert "httponly" in attributes and "samesite=strict" in attributes
    bobs = web.cookies.get("__Host-clp_session")
    assert bobs and web.get("/search").status_code == 200
    web.cookies.clear()  # another browser: alice's
    _sign_in(web, "alice")
    assert web.get("/search").status_code == 200
    web.cookies.set("__Host-clp_session", bobs, domain="127.0.0.1", path="/")  # bob's session tossed into it
    page = web.get("/search")
    assert page.status_code == 303 and page.headers["location"].startswith("/signin")  # signed out, never bob
