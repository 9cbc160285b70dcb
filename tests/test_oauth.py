"""The built-in OAuth 2.1 authorization server against a real ``contextlamp serve --http`` on loopback: the SDK's
own ``OAuthClientProvider`` signs in given only the server URL (discovery, dynamic registration, authorize with
PKCE, token), the browser step done by an HTTP client that fills the sign-in and consent forms; then tools are
called as that user, the refresh token rotates, revocation ends access. Every bad case is refused: a wrong PKCE
verifier, a reused code, an unregistered redirect URI, an expired code, another client's refresh token, the
plain PKCE method, another resource, forms without CSRF token or from another origin, too many sign-ins."""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import parse_qs, urlencode, urlparse

import anyio
import httpx2
import pytest
from mcp import Client
from mcp.client.auth import OAuthClientProvider, TokenStorage
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import AuthorizationCodeResult, OAuthClientInformationFull, OAuthClientMetadata, OAuthToken
from mcp_types import CallToolResult, Implementation
from pydantic import AnyUrl

from contextlamp.app import oauth as oauth_module
from contextlamp.app.accounts import Accounts
from contextlamp.app.oauth import CODE_TTL_MS, OAuthError, OAuthService
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.storage import StoreRegistry
from contextlamp.web.auth import ContextlampTokenVerifier
from contextlamp.web.pages import safe_next
from tests.conftest import PRODUCTION_PASSWORD_HASHER
from tests.dashboard_forms import like_a_browser
from tests.postgres import PostgresServer
from tests.servers import MCP_HEADERS, HttpServer, initialize_body, run_server

REDIRECT = "http://127.0.0.1:9/callback"  # never visited: the browser stand-in reads the code off the redirect
PASSWORDS = {"alice": "alice-password-1", "bob": "bob-password-22"}


def _cli(server: HttpServer, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``contextlamp ARGS`` on the server's data directory."""
    exe = shutil.which("contextlamp") or str(Path(sys.executable).parent / "contextlamp")
    env = {k: v for k, v in os.environ.items() if not k.startswith("CONTEXTLAMP_")}
    env |= {"CONTEXTLAMP_HOME": str(server.home), "CONTEXTLAMP_EMBEDDER": "fake"}
    if server.database_url:
        env["CONTEXTLAMP_DATABASE_URL"] = server.database_url
    return subprocess.run([exe, *args], input=stdin, capture_output=True, text=True, env=env, timeout=120)


def _set_password(server: HttpServer, user: str, password: str) -> None:
    done = _cli(server, "user", "set-password", user, "--password-stdin", stdin=f"{password}\n")
    assert done.returncode == 0, done.stderr


def _users(server: HttpServer) -> None:
    accounts = server.accounts()
    for name, password in PASSWORDS.items():
        accounts.create_user(name)
        _set_password(server, name, password)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HttpServer]:
    env = {"CONTEXTLAMP_SIGNIN_RATE_LIMIT": "1000/minute"}
    with run_server(tmp_path_factory.mktemp("oauth") / "home", env) as running:
        _users(running)
        yield running


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HttpServer]:
    """A server which allows four sign-in attempts a minute."""
    env = {"CONTEXTLAMP_SIGNIN_RATE_LIMIT": "4/minute"}
    with run_server(tmp_path_factory.mktemp("oauth-strict") / "home", env) as running:
        _users(running)
        yield running


# -- the browser stand-in ---------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _close_browsers() -> Iterator[None]:
    yield
    while Browser.opened:
        Browser.opened.pop().http.close()


def _field(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert found is not None, f"no {name} field in {html[:400]}"
    return found.group(1)


class Browser:
    """Fills the sign-in and consent forms the way a person would (cookies kept, redirects followed by hand)."""

    opened: ClassVar[list[Browser]] = []

    def __init__(self, base: str, user: str, password: str, approve: bool = True) -> None:
        self.base = base
        self.user = user
        self.password = password
        self.approve = approve
        self.http = httpx2.Client(timeout=60, follow_redirects=False)
        like_a_browser(self.http.cookies)
        self.pages: list[str] = []
        Browser.opened.append(self)

    def go(self, url: str) -> httpx2.Response:
        response = self.http.get(url if url.startswith("http") else self.base + url)
        self.pages.append(response.text)
        return response

    def post(self, path: str, data: dict[str, str], origin: str | None = None) -> httpx2.Response:
        headers = {"Origin": origin or self.base}
        return self.http.post(self.base + path, data=data, headers=headers)

    def authorize(self, url: str) -> httpx2.Response:
        """From the client's authorization URL to the final redirect to the client (its response)."""
        response = self.go(url)
        assert response.status_code == 302, response.text  # the SDK's /authorize sends the browser to consent
        consent = response.headers["location"]
        response = self.go(consent)
        if response.status_code == 200 and 'http-equiv="refresh"' in response.text and "hop=1" not in consent:
            hop = re.search(r'url=([^"]+)"', response.text)  # the same-site reload (SameSite=Strict cookie)
            assert hop is not None and hop.group(1).startswith("/oauth/consent?")
            response = self.go(hop.group(1).replace("&amp;", "&"))
        if response.status_code == 303:  # no session yet: sign in first
            assert response.headers["location"].startswith("/signin?next=")
            form = self.go(response.headers["location"])
            assert form.status_code == 200 and "Content-Security-Policy" in form.headers
            signed = self.post(
                "/signin",
                {
                    "csrf": _field(form.text, "csrf"),
                    "next": _field(form.text, "next"),
                    "username": self.user,
                    "password": self.password,
                },
            )
            assert signed.status_code == 303, signed.text
            assert "httponly" in signed.headers["set-cookie"].lower()
            assert "samesite=strict" in signed.headers["set-cookie"].lower()
            response = self.go(signed.headers["location"])
        assert response.status_code == 200, response.text
        return self.post(
            "/oauth/consent",
            {
                "csrf": _field(response.text, "csrf"),
                "request": _field(response.text, "request"),
                "action": "approve" if self.approve else "deny",
            },
        )

    def code_of(self, url: str) -> AuthorizationCodeResult:
        """The code the client receives (what its local callback listener would read)."""
        answer = self.authorize(url)
        assert answer.status_code == 303, answer.text
        location = answer.headers["location"]
        assert location.startswith(REDIRECT)
        query = {k: v[0] for k, v in parse_qs(urlparse(location).query).items()}
        return AuthorizationCodeResult(code=query["code"], state=query.get("state"), iss=query.get("iss"))


class Storage(TokenStorage):
    def __init__(self) -> None:
        self.tokens: OAuthToken | None = None
        self.client: OAuthClientInformationFull | None = None

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.client

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.client = client_info


def _provider(server: HttpServer, browser: Browser, storage: Storage, name: str = "Test App") -> OAuthClientProvider:
    result: list[AuthorizationCodeResult] = []

    async def redirect_handler(url: str) -> None:
        result.append(await anyio.to_thread.run_sync(browser.code_of, url))

    async def callback_handler() -> AuthorizationCodeResult:
        return result.pop()

    metadata = OAuthClientMetadata(
        client_name=name,
        redirect_uris=[AnyUrl(REDIRECT)],
        grant_types=["authorization_code", "refresh_token"],
        response_types=["code"],
    )
    return OAuthClientProvider(server.mcp, metadata, storage, redirect_handler, callback_handler)


@contextlib.asynccontextmanager
async def _session(server: HttpServer, auth: Any) -> AsyncIterator[Client]:
    async with httpx2.AsyncClient(auth=auth, timeout=60) as http:
        transport = streamable_http_client(server.mcp, http_client=http)
        async with Client(transport, client_info=Implementation(name="Test App", version="1")) as client:
            yield client


def _data(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


def _bearer(server: HttpServer, token: str) -> httpx2.Response:
    headers = {**MCP_HEADERS, "Authorization": f"Bearer {token}"}
    return httpx2.post(server.mcp, json=initialize_body(), headers=headers, timeout=30)


def _token(server: HttpServer, **form: str) -> httpx2.Response:
    return httpx2.post(f"{server.url}/token", data=form, timeout=30)


def _listed(server: HttpServer, user: str) -> list[str]:
    """The contents a personal token of ``user`` lists (another way in, to see whose store a save went to)."""
    token = server.accounts().create_token(user, "check", None).token

    async def run() -> list[str]:
        async with _session(server, _Static(token)) as client:
            listed = _data(await client.call_tool("list_context", {}))
        return [str(item.get("content", item.get("preview", ""))) for item in listed["items"]]

    return anyio.run(run)


class _Static(httpx2.Auth):
    def __init__(self, token: str) -> None:
        self.token = token

    def auth_flow(self, request: httpx2.Request) -> Iterator[httpx2.Request]:
        request.headers["Authorization"] = f"Bearer {self.token}"
        yield request


# -- the whole flow with the SDK's client ---------------------------------------------------------------------


def test_metadata_points_clients_at_this_server(server: HttpServer) -> None:
    resource = httpx2.get(f"{server.url}/.well-known/oauth-protected-resource/mcp", timeout=10).json()
    assert resource["resource"] == server.mcp and resource["authorization_servers"] == [server.url]
    metadata = httpx2.get(f"{server.url}/.well-known/oauth-authorization-server", timeout=10).json()
    assert metadata["issuer"] == server.url
    assert metadata["code_challenge_methods_supported"] == ["S256"]
    assert metadata["registration_endpoint"] == f"{server.url}/register"
    assert metadata["revocation_endpoint"] == f"{server.url}/revoke"
    assert set(metadata["grant_types_supported"]) >= {"authorization_code", "refresh_token"}
    challenge = _bearer(server, "clpa_" + "x" * 43)
    assert challenge.status_code == 401
    assert (
        'resource_metadata="' + f"{server.url}/.well-known/oauth-protected-resource/mcp"
        in challenge.headers["www-authenticate"]
    )


def test_a_client_given_only_the_url_signs_in_calls_tools_refreshes_and_is_revoked(server: HttpServer) -> None:
    storage = Storage()
    browser = Browser(server.url, "alice", PASSWORDS["alice"])

    async def first() -> None:
        async with _session(server, _provider(server, browser, storage)) as client:
            _data(await client.call_tool("save_context", {"content": "OAuth clients save into alice's store"}))
            found = _data(await client.call_tool("get_context", {"query": "OAuth clients store"}))
            assert "alice's store" in str(found)

    anyio.run(first)
    assert storage.client is not None and storage.tokens is not None and storage.tokens.refresh_token
    consent = next(p for p in browser.pages if "Allow" in p)
    assert "Test App" in consent and REDIRECT in consent  # the consent page names the client and its redirect
    assert any("OAuth clients save into alice" in c for c in _listed(server, "alice"))
    assert not any("OAuth clients save into alice" in c for c in _listed(server, "bob"))
    client_id = storage.client.client_id
    old = storage.tokens

    # refresh with rotation: new tokens; the old refresh token is refused afterwards
    rotated = _token(
        server,
        grant_type="refresh_token",
        refresh_token=old.refresh_token or "",
        client_id=client_id,
        **({"client_secret": storage.client.client_secret} if storage.client.client_secret else {}),
    )
    assert rotated.status_code == 200, rotated.text
    fresh = rotated.json()
    assert fresh["refresh_token"] != old.refresh_token and fresh["access_token"] != old.access_token
    assert _bearer(server, fresh["access_token"]).status_code == 200
    secret = {"client_secret": storage.client.client_secret} if storage.client.client_secret else {}
    again = _token(
        server, grant_type="refresh_token", refresh_token=old.refresh_token or "", client_id=client_id, **secret
    )
    assert again.status_code == 400 and again.json()["error"] == "invalid_grant"
    # a replayed refresh token means it leaked: the whole sign-in is revoked, the new tokens too
    assert _bearer(server, fresh["access_token"]).status_code == 401

    # a new sign-in (the browser keeps its session: straight to consent), then revocation (RFC 7009)
    storage.tokens = None

    async def second() -> None:
        async with _session(server, _provider(server, browser, storage)) as client:
            _data(await client.call_tool("list_context", {}))

    anyio.run(second)
    assert storage.tokens is not None
    access = storage.tokens.access_token
    assert _bearer(server, access).status_code == 200
    listed = _cli(server, "user", "apps", "alice", "--json")  # the connected app, as alice sees it
    assert listed.returncode == 0, listed.stderr
    assert "Test App" in listed.stdout and access not in listed.stdout
    revoked = httpx2.post(f"{server.url}/revoke", data={"token": access, "client_id": client_id, **secret}, timeout=30)
    assert revoked.status_code == 200
    after = _bearer(server, access)
    assert after.status_code == 401 and "resource_metadata" in after.headers["www-authenticate"]


def test_disconnecting_an_app_ends_its_tokens_and_personal_tokens_keep_working(server: HttpServer) -> None:
    storage = Storage()
    browser = Browser(server.url, "bob", PASSWORDS["bob"])

    async def run() -> None:
        async with _session(server, _provider(server, browser, storage, name="Bob's Editor")) as client:
            _data(await client.call_tool("list_context", {}))

    anyio.run(run)
    assert storage.tokens is not None
    listed = _cli(server, "user", "apps", "bob", "--json")
    apps = json.loads(listed.stdout)
    mine = [a for a in apps if a["client_name"] == "Bob's Editor"]
    assert len(mine) == 1 and mine[0]["redirect_uris"] == [REDIRECT]
    # alice cannot disconnect bob's app: not found among hers
    other = _cli(server, "user", "apps", "alice", "--revoke", mine[0]["id"])
    assert other.returncode != 0 and _bearer(server, storage.tokens.access_token).status_code == 200
    done = _cli(server, "user", "apps", "bob", "--revoke", mine[0]["id"])
    assert done.returncode == 0, done.stderr
    assert _bearer(server, storage.tokens.access_token).status_code == 401
    pat = server.accounts().create_token("bob", "laptop", None).token
    assert _bearer(server, pat).status_code == 200  # personal tokens work beside OAuth


# -- the bad cases, step by step ------------------------------------------------------------------------------


def _pkce() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).decode().rstrip("=")
    return verifier, challenge


def _register(server: HttpServer, name: str = "Manual") -> dict[str, Any]:
    body = {
        "client_name": name,
        "redirect_uris": [REDIRECT],
        "grant_types": ["authorization_code", "refresh_token"],
        "response_types": ["code"],
        "token_endpoint_auth_method": "none",
    }
    response = httpx2.post(f"{server.url}/register", json=body, timeout=30)
    assert response.status_code == 201, response.text
    return response.json()


def _authorize_url(server: HttpServer, client_id: str, challenge: str, **extra: str) -> str:
    params = {
        "response_type": "code",
        "client_id": client_id,
        "redirect_uri": REDIRECT,
        "code_challenge": challenge,
        "code_challenge_method": "S256",
        "state": "st-1",
        "resource": server.mcp,
        **extra,
    }
    return str(httpx2.URL(f"{server.url}/authorize", params=params))


def _code(server: HttpServer, browser: Browser, client_id: str, challenge: str) -> str:
    return browser.code_of(_authorize_url(server, client_id, challenge)).code


def _exchange(server: HttpServer, client_id: str, code: str, verifier: str) -> httpx2.Response:
    return _token(
        server,
        grant_type="authorization_code",
        code=code,
        redirect_uri=REDIRECT,
        client_id=client_id,
        code_verifier=verifier,
    )


def test_a_wrong_verifier_and_a_reused_code_are_refused(server: HttpServer) -> None:
    client = _register(server)
    browser = Browser(server.url, "alice", PASSWORDS["alice"])
    verifier, challenge = _pkce()
    code = _code(server, browser, client["client_id"], challenge)
    wrong = _exchange(server, client["client_id"], code, _pkce()[0])
    assert wrong.status_code == 400 and wrong.json()["error"] == "invalid_grant"
    good = _exchange(server, client["client_id"], code, verifier)
    assert good.status_code == 200 and good.json()["token_type"].lower() == "bearer"
    assert good.json()["expires_in"] == 3600  # the default access-token lifetime
    reused = _exchange(server, client["client_id"], code, verifier)
    assert reused.status_code == 400 and reused.json()["error"] == "invalid_grant"
    # another client cannot trade a code issued to this one
    thief = _register(server, "Thief")
    _, challenge2 = _pkce()
    code2 = _code(server, browser, client["client_id"], challenge2)
    stolen = _exchange(server, thief["client_id"], code2, verifier)
    assert stolen.status_code == 400 and stolen.json()["error"] == "invalid_grant"


def test_an_unregistered_redirect_uri_plain_pkce_and_another_resource_are_refused(server: HttpServer) -> None:
    client = _register(server)
    browser = Browser(server.url, "alice", PASSWORDS["alice"])
    _, challenge = _pkce()
    evil = browser.go(_authorize_url(server, client["client_id"], challenge, redirect_uri="https://evil.example/cb"))
    assert evil.status_code == 400 and "location" not in evil.headers  # never sent to an unregistered address
    plain = browser.go(_authorize_url(server, client["client_id"], "x" * 43, code_challenge_method="plain"))
    refused = parse_qs(urlparse(plain.headers.get("location", "")).query)
    assert refused.get("error") == ["invalid_request"] and "code" not in refused
    assert "/oauth/consent" not in plain.headers.get("location", "")
    other = browser.go(_authorize_url(server, client["client_id"], challenge, resource="https://elsewhere.example/mcp"))
    assert parse_qs(urlparse(other.headers.get("location", "")).query).get("error") == ["invalid_target"]
    # a registration with a plain-http redirect to another host is refused (OAuth 2.1 section 2.3.1)
    bad = httpx2.post(
        f"{server.url}/register",
        json={"client_name": "x", "redirect_uris": ["http://evil.example/cb"], "token_endpoint_auth_method": "none"},
        timeout=30,
    )
    assert bad.status_code == 400 and bad.json()["error"] == "invalid_redirect_uri"


def test_another_users_refresh_token_is_refused(server: HttpServer) -> None:
    """Alice's refresh token, presented by the client Bob signed in with, is refused (tokens are bound to the
    client they were issued to)."""
    alice_client, bob_client = _register(server, "A"), _register(server, "B")
    verifier, challenge = _pkce()
    code = _code(server, Browser(server.url, "alice", PASSWORDS["alice"]), alice_client["client_id"], challenge)
    tokens = _exchange(server, alice_client["client_id"], code, verifier).json()
    stolen = _token(
        server, grant_type="refresh_token", refresh_token=tokens["refresh_token"], client_id=bob_client["client_id"]
    )
    assert stolen.status_code == 400 and stolen.json()["error"] == "invalid_grant"
    assert _bearer(server, tokens["access_token"]).status_code == 200  # alice's sign-in is untouched


def test_deny_sends_access_denied_and_forms_need_csrf_and_this_origin(server: HttpServer) -> None:
    client = _register(server)
    _, challenge = _pkce()
    browser = Browser(server.url, "alice", PASSWORDS["alice"], approve=False)
    denied = browser.authorize(_authorize_url(server, client["client_id"], challenge))
    query = parse_qs(urlparse(denied.headers["location"]).query)
    assert query["error"] == ["access_denied"] and query["state"] == ["st-1"] and "code" not in query
    # a new request: the consent form without its CSRF token, or from another origin, gives no code
    url = _authorize_url(server, client["client_id"], challenge)
    consent = browser.go(browser.go(url).headers["location"])
    assert consent.status_code == 200
    csp = consent.headers["content-security-policy"]
    assert "script-src" not in csp and "default-src 'none'" in csp and "frame-ancestors 'none'" in csp
    request_id = _field(consent.text, "request")
    forged = browser.post("/oauth/consent", {"request": request_id, "action": "approve", "csrf": "guess"})
    assert forged.status_code == 400 and "location" not in forged.headers
    cross = browser.post(
        "/oauth/consent",
        {"request": request_id, "action": "approve", "csrf": _field(consent.text, "csrf")},
        origin="https://evil.example",
    )
    assert cross.status_code == 403 and "location" not in cross.headers
    # the request is still pending and answerable from the real page
    ok = browser.post(
        "/oauth/consent", {"request": request_id, "action": "approve", "csrf": _field(consent.text, "csrf")}
    )
    assert ok.status_code == 303 and "code=" in ok.headers["location"]


def test_an_expired_code_is_refused(registry: StoreRegistry) -> None:
    """In process, with a clock under the test's control: a code is good for its lifetime (``CODE_TTL_MS``, five
    minutes) and refused with ``invalid_grant`` after it (the token endpoint answers that error with a 400:
    ``test_a_replayed_code_revokes_the_sign_in_it_was_exchanged_for``)."""
    now = [1_700_000_000_000]
    oauth = OAuthService(registry, lambda: now[0])
    user = registry.control.create_user("erin", now[0])
    oauth.register_client("c1", {"client_id": "c1", "redirect_uris": [REDIRECT]})
    request = {"scopes": [], "code_challenge": "x", "redirect_uri": REDIRECT, "resource": "https://m.example/mcp"}

    def code() -> str:
        request_id = oauth.begin("c1", {**request, "redirect_uri_provided_explicitly": True, "state": None})
        answered = oauth.answer(request_id, user)
        assert answered is not None and answered[1] is not None
        return answered[1]

    fresh = code()
    now[0] += CODE_TTL_MS - 1
    assert oauth.exchange_code("c1", fresh).access_token  # still within its lifetime
    late = code()
    now[0] += CODE_TTL_MS
    with pytest.raises(OAuthError) as refused:
        oauth.exchange_code("c1", late)
    assert refused.value.error == "invalid_grant"


def test_passwords_are_hashed_with_the_rfc_9106_parameters(
    registry: StoreRegistry, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The product's hasher (the rest of the suite hashes in process at argon2-cffi's cheapest profile:
    tests/conftest.py): argon2id, t=3, m=64 MiB, p=4 (RFC 9106 section 4), and a sign-in checks against it."""
    monkeypatch.setattr(oauth_module, "password_hasher", PRODUCTION_PASSWORD_HASHER)
    oauth = OAuthService(registry, lambda: 1_700_000_000_000)
    user = registry.control.create_user("erin", 1_700_000_000_000)
    oauth.set_password("erin", "erin-password-1")
    stored = registry.control.password_hash(user.id)
    assert stored is not None and stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    assert oauth.check_password("erin", "erin-password-1") == user
    assert oauth.check_password("erin", "erin-password-2") is None


def test_a_wrong_password_is_refused_and_the_sign_in_is_rate_limited(strict: HttpServer) -> None:
    browser = Browser(strict.url, "alice", "not-her-password")
    form = browser.go("/signin")
    statuses: list[int] = []
    while len(statuses) < 6 and 429 not in statuses:
        answer = browser.post(
            "/signin",
            {"csrf": _field(form.text, "csrf"), "next": "", "username": "alice", "password": "not-her-password"},
        )
        statuses.append(answer.status_code)
        assert "clp_session" not in answer.headers.get("set-cookie", "")
        assert "Wrong user name or password" in answer.text or answer.status_code == 429
        form = answer
    assert statuses[-1] == 429 and set(statuses[:-1]) == {400}  # four attempts a minute on this server
    assert len(statuses) <= 5
    right = browser.post(
        "/signin", {"csrf": _field(form.text, "csrf"), "next": "", "username": "alice", "password": PASSWORDS["alice"]}
    )
    assert right.status_code == 429 and "clp_session" not in right.headers.get("set-cookie", "")


def test_the_flow_runs_on_postgresql(postgres: PostgresServer, tmp_path: Path) -> None:
    url = postgres.database("oauth_flow")
    env = {"CONTEXTLAMP_DATABASE_URL": url, "CONTEXTLAMP_DB_POOL_SIZE": "4"}
    try:
        with run_server(tmp_path / "home", env) as pg:
            _users(pg)
            client = _register(pg)
            verifier, challenge = _pkce()
            code = _code(pg, Browser(pg.url, "alice", PASSWORDS["alice"]), client["client_id"], challenge)
            tokens = _exchange(pg, client["client_id"], code, verifier).json()
            assert _bearer(pg, tokens["access_token"]).status_code == 200
            rotated = _token(
                pg, grant_type="refresh_token", refresh_token=tokens["refresh_token"], client_id=client["client_id"]
            )
            assert rotated.status_code == 200
            again = _token(
                pg, grant_type="refresh_token", refresh_token=tokens["refresh_token"], client_id=client["client_id"]
            )
            assert again.status_code == 400
            assert _bearer(pg, rotated.json()["access_token"]).status_code == 401  # the replay revoked the sign-in
            assert _exchange(pg, client["client_id"], code, verifier).json()["error"] == "invalid_grant"
            # a replayed code revokes the sign-in it was traded for (RFC 6749 section 4.1.2), here too
            verifier2, challenge2 = _pkce()
            code2 = _code(pg, Browser(pg.url, "alice", PASSWORDS["alice"]), client["client_id"], challenge2)
            tokens2 = _exchange(pg, client["client_id"], code2, verifier2).json()
            assert _bearer(pg, tokens2["access_token"]).status_code == 200
            assert _exchange(pg, client["client_id"], code2, verifier2).json()["error"] == "invalid_grant"
            assert _bearer(pg, tokens2["access_token"]).status_code == 401
    finally:
        postgres.drop("oauth_flow")


def test_set_password_prompts_twice_and_checks_the_length(server: HttpServer) -> None:
    server.accounts().create_user("carol")
    mismatch = _cli(server, "user", "set-password", "carol", stdin="first-password\nother-password\n")
    assert mismatch.returncode != 0  # the two entries differ: nothing set
    short = _cli(server, "user", "set-password", "carol", "--password-stdin", stdin="short\n")
    assert short.returncode != 0 and "password" in short.stderr and "short" not in short.stderr  # never echoed
    browser = Browser(server.url, "carol", "first-password")
    form = browser.go("/signin")
    refused = browser.post(
        "/signin", {"csrf": _field(form.text, "csrf"), "next": "", "username": "carol", "password": "first-password"}
    )
    assert refused.status_code == 400  # no password was set by either attempt
    done = _cli(server, "user", "set-password", "carol", stdin="carol-password-1\ncarol-password-1\n")
    assert done.returncode == 0, done.stderr
    form = browser.go("/signin")
    signed = browser.post(
        "/signin",
        {"csrf": _field(form.text, "csrf"), "next": "/x?y=1", "username": "carol", "password": "carol-password-1"},
    )
    assert signed.status_code == 303 and signed.headers["location"] == "/x?y=1"
    assert "__Host-clp_session=" in signed.headers["set-cookie"]
    # Secure even on plain http: loopback is a potentially trustworthy origin, browsers keep Secure cookies there
    assert "secure" in signed.headers["set-cookie"].lower()
    without = browser.post("/signin", {"next": "", "username": "carol", "password": "carol-password-1"})
    assert without.status_code == 400  # no CSRF token: no session


def test_oauth_tokens_are_recognised_as_secrets(server: HttpServer) -> None:
    client = _register(server)
    verifier, challenge = _pkce()
    code = _code(server, Browser(server.url, "alice", PASSWORDS["alice"]), client["client_id"], challenge)
    tokens = _exchange(server, client["client_id"], code, verifier).json()
    for token in (tokens["access_token"], tokens["refresh_token"]):
        assert "contextlamp Access Token" in SecretScanner().kinds(f"pasted {token} here")


def test_an_oversized_or_overfull_sign_in_form_is_refused(server: HttpServer) -> None:
    browser = Browser(server.url, "alice", PASSWORDS["alice"])
    form = browser.go("/signin")
    fields = {"csrf": _field(form.text, "csrf"), "next": "", "username": "alice", "password": PASSWORDS["alice"]}
    huge = browser.post("/signin", {**fields, "padding": "x" * 100_000})
    assert huge.status_code == 413 and "clp_session" not in huge.headers.get("set-cookie", "")
    many = browser.post("/signin", {**fields, **{f"f{i}": "1" for i in range(50)}})
    assert many.status_code == 413 and "clp_session" not in many.headers.get("set-cookie", "")


def test_next_stays_on_this_server() -> None:
    assert safe_next("/oauth/consent?request=abc") == "/oauth/consent?request=abc"
    for evil in ("https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "/a\nb", ""):
        assert safe_next(evil) == "", evil


def test_client_registration_is_rate_limited_per_address(strict: HttpServer) -> None:
    body = {"client_name": "spam", "redirect_uris": [REDIRECT], "token_endpoint_auth_method": "none"}
    statuses = [httpx2.post(f"{strict.url}/register", json=body, timeout=30).status_code for _ in range(32)]
    assert 429 in statuses and statuses.index(429) >= 25 and set(statuses[: statuses.index(429)]) == {201}
    assert httpx2.get(f"{strict.url}/healthz", timeout=10).status_code == 200


def test_access_tokens_expire_and_are_bound_to_their_resource(registry: StoreRegistry) -> None:
    """In process, with a clock under the test's control: an access token stops working after its lifetime, and
    the verifier refuses one bound to another resource (a token issued before the public URL changed)."""
    now = [1_700_000_000_000]
    oauth = OAuthService(registry, lambda: now[0], 60_000, 3_600_000, 30_000, 60_000)
    user = registry.control.create_user("dan", now[0])
    oauth.register_client("c1", {"client_id": "c1", "redirect_uris": [REDIRECT]})
    request = {"scopes": [], "code_challenge": "x", "redirect_uri": REDIRECT, "resource": "https://old.example/mcp"}
    request_id = oauth.begin("c1", {**request, "redirect_uri_provided_explicitly": True, "state": None})
    answered = oauth.answer(request_id, user)
    assert answered is not None and answered[1] is not None
    assert oauth.answer(request_id, user) is None  # one answer per request
    issued = oauth.exchange_code("c1", answered[1])
    accounts = Accounts(registry, lambda: now[0])
    here = ContextlampTokenVerifier(accounts, None, oauth, "http://127.0.0.1:8765/mcp")
    there = ContextlampTokenVerifier(accounts, None, oauth, "https://old.example/mcp")
    assert anyio.run(here.verify_token, issued.access_token) is None
    verified = anyio.run(there.verify_token, issued.access_token)
    assert verified is not None and verified.subject == user.id and verified.resource == "https://old.example/mcp"
    now[0] += 60_000  # the access token's lifetime
    assert anyio.run(there.verify_token, issued.access_token) is None
    assert oauth.refresh("c1", issued.refresh_token).access_token  # the refresh token still works


# -- hardening: replayed codes, resource indicators at the token endpoint, redirect URIs ----------------------


def test_a_replayed_code_revokes_the_sign_in_it_was_exchanged_for(server: HttpServer) -> None:
    """RFC 6749 section 4.1.2: a code presented twice leaked, so the tokens issued for it stop working (the
    legitimate client signs in again; whoever replayed it gets nothing)."""
    client = _register(server, "Replay")
    verifier, challenge = _pkce()
    code = _code(server, Browser(server.url, "alice", PASSWORDS["alice"]), client["client_id"], challenge)
    tokens = _exchange(server, client["client_id"], code, verifier).json()
    assert _bearer(server, tokens["access_token"]).status_code == 200
    replayed = _exchange(server, client["client_id"], code, verifier)
    assert replayed.status_code == 400 and replayed.json()["error"] == "invalid_grant"
    assert "access_token" not in replayed.json()
    assert _bearer(server, tokens["access_token"]).status_code == 401
    refreshed = _token(
        server, grant_type="refresh_token", refresh_token=tokens["refresh_token"], client_id=client["client_id"]
    )
    assert refreshed.status_code == 400 and refreshed.json()["error"] == "invalid_grant"
    # a replay with a wrong verifier (someone who intercepted the code, not the verifier) revokes all the same
    verifier2, challenge2 = _pkce()
    code2 = _code(server, Browser(server.url, "alice", PASSWORDS["alice"]), client["client_id"], challenge2)
    tokens2 = _exchange(server, client["client_id"], code2, verifier2).json()
    assert _exchange(server, client["client_id"], code2, _pkce()[0]).status_code == 400
    assert _bearer(server, tokens2["access_token"]).status_code == 401


def test_a_token_request_for_another_resource_is_refused(server: HttpServer) -> None:
    """RFC 8707 section 2.2: a code or refresh token traded for a token of another resource gets
    ``invalid_target`` and no token (the token would be one for this server, which that resource could replay
    here); the same request for this server's /mcp then works, so the refused request used nothing up."""
    client = _register(server, "Audience")
    verifier, challenge = _pkce()
    code = _code(server, Browser(server.url, "alice", PASSWORDS["alice"]), client["client_id"], challenge)
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": REDIRECT,
        "client_id": client["client_id"],
        "code_verifier": verifier,
    }
    for other in ("https://elsewhere.example/mcp", f"{server.url}/other", f"{server.url}/mcp/../export", ""):
        refused = _token(server, **form, resource=other)
        assert refused.status_code == 400 and refused.json()["error"] == "invalid_target", refused.text
        assert "access_token" not in refused.json()
    both = httpx2.post(
        f"{server.url}/token",
        content=urlencode([*form.items(), ("resource", server.mcp), ("resource", "https://elsewhere.example/")]),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        timeout=30,
    )
    assert both.status_code == 400 and both.json()["error"] == "invalid_target"
    as_json = httpx2.post(f"{server.url}/token", json={**form, "resource": "https://elsewhere.example/"}, timeout=30)
    assert as_json.status_code == 400 and "access_token" not in as_json.json()
    tokens = _token(server, **form, resource=server.mcp + "/")
    assert tokens.status_code == 200, tokens.text
    refresh = {"grant_type": "refresh_token", "client_id": client["client_id"]}
    refused = _token(
        server, **refresh, refresh_token=tokens.json()["refresh_token"], resource="https://elsewhere.example/"
    )
    assert refused.status_code == 400 and refused.json()["error"] == "invalid_target"
    rotated = _token(server, **refresh, refresh_token=tokens.json()["refresh_token"], resource=server.mcp)
    assert rotated.status_code == 200, rotated.text
    assert _bearer(server, rotated.json()["access_token"]).status_code == 200


@pytest.mark.parametrize(
    "uri",
    [
        "https://app.example@evil.example/callback",  # reads as app.example on the consent page
        "https://user:secret@app.example/callback",
        "ws://evil.example/callback",  # the code would cross the network in clear, like plain http
        "wss://evil.example/callback",
        "ftp://evil.example/callback",
        "blob:https://app.example/0b1c",  # the browser's own schemes are no app's
        "about:blank",
        "view-source:https://app.example/",
        "filesystem:https://app.example/temporary/x",
        "mailto:someone@example.com",
        "JavaScript:alert(1)",
    ],
)
def test_a_redirect_uri_that_is_no_apps_own_is_refused_at_registration(wired: Any, tmp_path: Path, uri: str) -> None:
    """OAuth 2.1 section 2.3.1 / RFC 8252 section 7: https, http on loopback, or the app's private-use scheme;
    the consent page shows the address the answer goes to, so it must read as what it is."""
    from starlette.testclient import TestClient

    from contextlamp.config import Settings
    from contextlamp.web.app import build_http_app

    app = build_http_app(wired, Settings(home=tmp_path / "home", embedder="fake"), "127.0.0.1", 8765)
    with TestClient(app, base_url="http://127.0.0.1:8765") as http:
        body = {"client_name": "x", "redirect_uris": [uri], "token_endpoint_auth_method": "none"}
        refused = http.post("/register", json=body)
        assert refused.status_code == 400, refused.text
        assert refused.json()["error"] in ("invalid_redirect_uri", "invalid_client_metadata")
        for fine in ("cursor://anysphere.cursor-mcp/oauth/callback", "https://app.example/cb", "http://[::1]:9/cb"):
            ok = http.post("/register", json={**body, "redirect_uris": [fine]})
            assert ok.status_code == 201, (fine, ok.text)


def test_a_registration_is_bounded_before_it_is_parsed(wired: Any, tmp_path: Path) -> None:
    """Registration is open, so its size is bounded: a body over 64 KiB gets 413 before the SDK parses it (100,000
    redirect URIs took 16 s and 3 MB of the control plane), more than 20 redirect URIs get 400."""
    from starlette.testclient import TestClient

    from contextlamp.config import Settings
    from contextlamp.web.app import build_http_app

    app = build_http_app(wired, Settings(home=tmp_path / "home", embedder="fake"), "127.0.0.1", 8765)
    body = {"client_name": "x", "token_endpoint_auth_method": "none"}
    with TestClient(app, base_url="http://127.0.0.1:8765") as http:
        huge = http.post("/register", json={**body, "redirect_uris": [f"{REDIRECT}{i}" for i in range(5000)]})
        assert huge.status_code == 413 and huge.json()["error"] == "invalid_client_metadata", huge.text[:300]
        named = http.post("/register", json={**body, "client_name": "n" * 70_000, "redirect_uris": [REDIRECT]})
        assert named.status_code == 413
        many = http.post("/register", json={**body, "redirect_uris": [f"{REDIRECT}{i}" for i in range(21)]})
        assert many.status_code == 400 and many.json()["error"] == "invalid_redirect_uri"
        fine = http.post("/register", json={**body, "redirect_uris": [f"{REDIRECT}{i}" for i in range(20)]})
        assert fine.status_code == 201, fine.text
