"""OAuth for today's clients: a client that signs in with a Client ID Metadata Document (its client_id an URL this
server fetches, here from a loopback server) gets a token without registering; the metadata document is fetched
safely (no redirects, size limit, no private addresses, cached); the metadata publishes scopes_supported, the
none authentication method and CIMD support; an empty scope gets the default scope."""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import secrets
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from starlette.testclient import TestClient

from contextlamp.config import Settings
from contextlamp.web import client_metadata, oauth
from contextlamp.web.app import build_http_app
from contextlamp.web.client_metadata import ClientMetadataError, ClientMetadataFetcher, allowed_address, check_url
from tests.dashboard_forms import PASSWORDS, like_a_browser
from tests.test_oauth import Browser

BASE = "http://127.0.0.1:8765"
REDIRECT = "http://127.0.0.1:9/callback"


class Documents(BaseHTTPRequestHandler):
    """The loopback server of client metadata documents; ``served`` counts the fetches of each path."""

    documents: ClassVar[dict[str, tuple[int, dict[str, str], bytes]]] = {}
    served: ClassVar[dict[str, int]] = {}

    def do_GET(self) -> None:
        self.served[self.path] = self.served.get(self.path, 0) + 1
        status, headers, body = self.documents.get(self.path, (404, {}, b"{}"))
        self.send_response(status)
        for name, value in {"Content-Type": "application/json", **headers}.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        return None


@pytest.fixture
def documents() -> Iterator[str]:
    """The metadata server's base URL, with a good document at /app.json and bad ones beside it."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), Documents)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    good = {
        "client_id": f"{base}/app.json",
        "client_name": "Metadata App",
        "redirect_uris": [REDIRECT],
        "grant_types": ["authorization_code", "refresh_token"],
        "response_types": ["code"],
        "token_endpoint_auth_method": "none",
    }

    def doc(path: str, **changes: Any) -> tuple[int, dict[str, str], bytes]:
        body = {**good, "client_id": f"{base}{path}", **changes}
        return 200, {}, json.dumps({k: v for k, v in body.items() if v is not None}).encode()

    Documents.served = {}
    Documents.documents = {
        "/app.json": (200, {"Cache-Control": "max-age=600"}, json.dumps(good).encode()),
        "/moved.json": (302, {"Location": f"{base}/app.json"}, b""),
        "/big.json": doc("/big.json", client_name="x" * 6000),
        "/other-id.json": doc("/other-id.json", client_id=f"{base}/app.json"),
        "/secret.json": doc("/secret.json", client_secret="s3cret", token_endpoint_auth_method="client_secret_post"),
        "/no-redirects.json": doc("/no-redirects.json", redirect_uris=[]),
        "/evil-redirect.json": doc("/evil-redirect.json", redirect_uris=["http://evil.example/cb"]),
        "/not-json.json": (200, {}, b"<html>hello</html>"),
    }
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield base
    server.shutdown()
    server.server_close()


@pytest.fixture
def http(wired: Any, clock: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """The shared server in-process, its metadata fetcher allowed to reach loopback (the test's documents), its
    clock at the wall clock's time (the SDK checks a code's expiry against it)."""
    clock.now = int(time.time() * 1000)
    monkeypatch.setattr(oauth, "ClientMetadataFetcher", functools.partial(ClientMetadataFetcher, allow_loopback=True))
    app = build_http_app(wired, Settings(home=tmp_path / "home", embedder="fake"), "127.0.0.1", 8765)
    with TestClient(app, base_url=BASE, follow_redirects=False) as client:
        yield client


def _pkce() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def _authorize_url(client_id: str, challenge: str, scope: str | None) -> str:
    query = {
        "response_type": "code",
        "client_id": client_id,
        "redirect_uri": REDIRECT,
        "code_challenge": challenge,
        "code_challenge_method": "S256",
        "state": "st4te",
        "resource": f"{BASE}/mcp",
    }
    if scope is not None:
        query["scope"] = scope
    return f"{BASE}/authorize?{urlencode(query)}"


def _browser(http: TestClient) -> Browser:
    browser = Browser(BASE, "alice", PASSWORDS["alice"])
    browser.http.close()
    browser.http = http  # type: ignore[assignment]  (the in-process server, same interface)
    like_a_browser(http.cookies)  # the __Host- sign-in cookies over loopback http, as browsers send them
    return browser


def test_the_metadata_says_what_todays_clients_look_for(http: TestClient) -> None:
    metadata = http.get("/.well-known/oauth-authorization-server").json()
    assert metadata["client_id_metadata_document_supported"] is True
    assert metadata["scopes_supported"] == ["memory"]
    assert "none" in metadata["token_endpoint_auth_methods_supported"]
    assert metadata["registration_endpoint"] == f"{BASE}/register"  # DCR kept for older clients
    resource = http.get("/.well-known/oauth-protected-resource/mcp").json()
    assert resource["scopes_supported"] == ["memory"]


@pytest.mark.parametrize("scope", ["", None, "memory"], ids=["empty scope", "no scope", "memory"])
def test_a_client_signing_in_with_a_metadata_document_gets_a_token(
    http: TestClient, documents: str, scope: str | None
) -> None:
    """No registration: the client id is the document's URL; the sign-in and consent name the client; the token
    works on /mcp, refreshes, and carries the default scope whatever the (empty) scope asked; the document is
    fetched once for the whole flow (cached)."""
    client_id = f"{documents}/app.json"
    verifier, challenge = _pkce()
    browser = _browser(http)
    answer = browser.authorize(_authorize_url(client_id, challenge, scope))
    assert answer.status_code == 303, answer.text
    location = answer.headers["location"]
    assert location.startswith(REDIRECT), location
    code = parse_qs(urlparse(location).query)["code"][0]
    assert any("Metadata App" in page for page in browser.pages)  # the consent page names the client
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": REDIRECT,
        "client_id": client_id,
        "code_verifier": verifier,
        "resource": f"{BASE}/mcp",
    }
    issued = http.post("/token", data=form)
    assert issued.status_code == 200, issued.text
    tokens = issued.json()
    assert tokens["scope"] == "memory"
    mcp_headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    initialize = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "cimd", "version": "1"}},
    }
    used = http.post(
        "/mcp", json=initialize, headers={**mcp_headers, "Authorization": f"Bearer {tokens['access_token']}"}
    )
    assert used.status_code == 200, used.text
    refresh = {"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"], "client_id": client_id}
    rotated = http.post("/token", data=refresh)
    assert rotated.status_code == 200, rotated.text
    assert Documents.served == {"/app.json": 1}


@pytest.mark.parametrize(
    "path",
    [
        "/moved.json",  # a redirect is not followed
        "/big.json",  # over 5 KiB
        "/other-id.json",  # the document names another client id
        "/secret.json",  # a client secret in a public document
        "/no-redirects.json",
        "/evil-redirect.json",  # plain http off loopback, as a registration would be refused
        "/not-json.json",
        "/missing.json",  # 404
    ],
)
def test_a_bad_metadata_document_gets_no_code(http: TestClient, documents: str, path: str) -> None:
    _, challenge = _pkce()
    refused = http.get(_authorize_url(f"{documents}{path}", challenge, "memory"))
    assert refused.status_code == 400, (refused.status_code, refused.headers.get("location"))
    assert "code=" not in refused.headers.get("location", "")
    again = http.get(_authorize_url(f"{documents}{path}", challenge, "memory"))
    assert again.status_code == 400
    assert Documents.served.get(path, 0) <= 1  # a failure is remembered, not fetched again at once


def test_an_unknown_scope_is_refused_and_dcr_still_works(http: TestClient) -> None:
    registered = http.post(
        "/register",
        json={"client_name": "Old client", "redirect_uris": [REDIRECT], "token_endpoint_auth_method": "none"},
    )
    assert registered.status_code == 201, registered.text
    assert registered.json()["scope"] == "memory"  # the default scope of a registration without one
    _, challenge = _pkce()
    client_id = registered.json()["client_id"]
    unknown = http.get(_authorize_url(client_id, challenge, "admin"))
    assert unknown.status_code == 302 and "error=invalid_scope" in unknown.headers["location"]
    blank = http.get(_authorize_url(client_id, challenge, "  "))
    assert blank.status_code == 302 and "/oauth/consent" in blank.headers["location"]


def test_private_and_loopback_addresses_are_refused_outside_tests() -> None:
    for address in ("127.0.0.1", "10.1.2.3", "192.168.0.1", "169.254.169.254", "::1", "fc00::1", "::ffff:127.0.0.1"):
        assert not allowed_address(address), address
    for address in ("93.184.215.14", "2606:4700::6810:84e5"):
        assert allowed_address(address), address
    assert allowed_address("127.0.0.1", allow_loopback=True) and not allowed_address("10.0.0.1", allow_loopback=True)
    fetcher = ClientMetadataFetcher()
    for url in (
        "https://localhost/app.json",  # resolves to loopback
        "https://127.0.0.1/app.json",
        "https://169.254.169.254/latest/meta-data/x",
        "http://example.com/app.json",  # not https
        "https://example.com",  # no path
        "https://user@example.com/app.json",
        "https://example.com/a/../app.json",
        "https://example.com/app.json#frag",
        "https://example.com/" + "a" * 300,
    ):
        with pytest.raises(ClientMetadataError):
            fetcher.client_info(url)
    assert check_url("https://app.example/oauth/client.json?v=1") == ("app.example", 443, "/oauth/client.json?v=1")


def test_cache_lifetime_follows_cache_control_within_bounds() -> None:
    assert client_metadata.cache_seconds(None) == client_metadata.DEFAULT_CACHE_S
    assert client_metadata.cache_seconds("public, max-age=600") == 600
    assert client_metadata.cache_seconds("max-age=1") == client_metadata.MIN_CACHE_S
    assert client_metadata.cache_seconds("max-age=99999999") == client_metadata.MAX_CACHE_S
    assert client_metadata.cache_seconds("no-store") == client_metadata.MIN_CACHE_S
