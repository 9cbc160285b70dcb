"""What a client without a (valid) token sees: the RFC 9728 metadata names no authorization server when neither an
OIDC issuer nor the built-in OAuth server (CONTEXTLAMP_OAUTH_SERVER) is on, and each 401 says what was wrong and
how to send a token (RFC 6750 section 3)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx2
import pytest

from contextlamp.app.accounts import hash_token
from contextlamp.text import now_ms
from tests.fakes import FakeIssuer
from tests.servers import MCP_HEADERS, HttpServer, initialize_body, run_server

METADATA_PATH = "/.well-known/oauth-protected-resource/mcp"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HttpServer]:
    # personal tokens only: no OIDC, and the built-in OAuth server switched off (tests/test_oauth.py runs it)
    env = {"CONTEXTLAMP_OAUTH_SERVER": "false"}
    with run_server(tmp_path_factory.mktemp("auth") / "home", env) as running:
        yield running


@pytest.fixture(scope="module")
def tokens(server: HttpServer) -> dict[str, str]:
    """A valid, a revoked and an expired personal token of one user, and an unknown one."""
    accounts = server.accounts()
    accounts.create_user("ann")
    valid = accounts.create_token("ann", "ok", None).token
    revoked = accounts.create_token("ann", "revoked", None)
    accounts.revoke_token(revoked.record.id)
    expired = "clp_" + "E" * 43
    user = accounts.user("ann")
    accounts.registry.control.add_token(user.id, "expired", hash_token(expired), now_ms() - 10_000, now_ms() - 1)
    return {"valid": valid, "revoked": revoked.token, "expired": expired, "unknown": "clp_" + "u" * 43}


def _challenge(response: httpx2.Response) -> dict[str, str]:
    """The auth-params of a ``Bearer`` challenge (RFC 9110 section 11.2; values here never hold a comma)."""
    scheme, _, rest = response.headers["www-authenticate"].partition(" ")
    assert scheme == "Bearer"
    params: dict[str, str] = {}
    for part in rest.split(","):
        name, _, value = part.strip().partition("=")
        params[name] = value.strip('"')
    return params


def _mcp(server: HttpServer, headers: dict[str, str]) -> httpx2.Response:
    return httpx2.post(server.mcp, json=initialize_body(), headers={**MCP_HEADERS, **headers}, timeout=30)


def test_without_an_issuer_the_metadata_names_no_authorization_server(server: HttpServer) -> None:
    response = httpx2.get(f"{server.url}{METADATA_PATH}", timeout=10)
    assert response.status_code == 200
    metadata = response.json()
    assert metadata["resource"] == server.mcp
    assert "authorization_servers" not in metadata  # so clients do not try OAuth registration against this server
    assert metadata["bearer_methods_supported"] == ["header"]
    # no OAuth endpoints exist that a client could be sent to
    assert httpx2.get(f"{server.url}/.well-known/oauth-authorization-server", timeout=10).status_code == 404
    preflight = httpx2.options(
        f"{server.url}{METADATA_PATH}",
        headers={"Origin": "http://localhost:6274", "Access-Control-Request-Method": "GET"},
        timeout=10,
    )
    assert preflight.status_code == 200 and preflight.headers["access-control-allow-origin"] in (
        "*",
        "http://localhost:6274",
    )


@pytest.mark.parametrize(
    "headers",
    [{}, {"Authorization": "Basic YWxpY2U6cGFzcw=="}, {"Authorization": ""}],
    ids=["no header", "basic scheme", "empty header"],
)
def test_a_missing_token_gets_a_plain_challenge_and_says_how_to_send_one(
    server: HttpServer, headers: dict[str, str]
) -> None:
    for response in (_mcp(server, headers), httpx2.get(f"{server.url}/export", headers=headers, timeout=30)):
        assert response.status_code == 401
        challenge = _challenge(response)
        assert "error" not in challenge  # RFC 6750 section 3.1: no error code when no credentials were sent
        assert challenge["resource_metadata"] == f"{server.url}{METADATA_PATH}"
        body = response.json()
        assert body["error"] == "missing_token"
        assert "Authorization: Bearer <token>" in body["error_description"]
        assert "contextlamp token create USER" in body["error_description"]


@pytest.mark.parametrize("kind", ["unknown", "revoked", "expired", "not a token at all"])
def test_a_refused_token_is_told_apart_from_a_missing_one(
    server: HttpServer, tokens: dict[str, str], kind: str
) -> None:
    token = tokens.get(kind, "definitely-not-ours")
    for response in (
        _mcp(server, {"Authorization": f"Bearer {token}"}),
        httpx2.get(f"{server.url}/export", headers={"Authorization": f"Bearer {token}"}, timeout=30),
    ):
        assert response.status_code == 401
        challenge = _challenge(response)
        assert challenge["error"] == "invalid_token"
        assert challenge["resource_metadata"] == f"{server.url}{METADATA_PATH}"
        body: dict[str, Any] = response.json()
        assert body["error"] == "invalid_token"
        assert "unknown, revoked or expired" in body["error_description"]
        assert "contextlamp token create USER" in body["error_description"]
        assert token not in response.text  # never echoed


@pytest.mark.parametrize("value", ["Bearer", "bearer a b", "Bearer <token>", "Bearer clp_x,y"])
def test_a_malformed_bearer_header_is_an_invalid_request(server: HttpServer, value: str) -> None:
    response = _mcp(server, {"Authorization": value})
    assert response.status_code == 401
    challenge = _challenge(response)
    assert challenge["error"] == "invalid_request"
    assert challenge["resource_metadata"] == f"{server.url}{METADATA_PATH}"
    assert "Authorization: Bearer <token>" in response.json()["error_description"]


def test_a_valid_token_still_gets_in(server: HttpServer, tokens: dict[str, str]) -> None:
    assert _mcp(server, {"Authorization": f"Bearer {tokens['valid']}"}).status_code == 200
    exported = httpx2.get(f"{server.url}/export", headers={"Authorization": f"Bearer {tokens['valid']}"}, timeout=30)
    assert exported.status_code == 200


def test_with_an_issuer_the_metadata_names_it_and_a_refused_jwt_says_so(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    issuer = FakeIssuer()
    env = {
        "CONTEXTLAMP_OIDC_ISSUER": issuer.issuer,
        "CONTEXTLAMP_OIDC_AUDIENCE": issuer.audience,
        "CONTEXTLAMP_OIDC_JWKS_URL": issuer.jwks_url,
        "CONTEXTLAMP_MAX_SESSIONS_PER_USER": "2",
    }
    try:
        with run_server(tmp_path_factory.mktemp("auth-oidc") / "home", env) as oidc:
            metadata = httpx2.get(f"{oidc.url}{METADATA_PATH}", timeout=10).json()
            assert metadata["authorization_servers"] == [issuer.issuer]  # exactly as configured
            expired = issuer.token("u-1", exp=int(time.time()) - 300)
            refused = _mcp(oidc, {"Authorization": f"Bearer {expired}"})
            assert refused.status_code == 401 and _challenge(refused)["error"] == "invalid_token"
            assert issuer.issuer in refused.json()["error_description"]  # where to get a token
            missing = _mcp(oidc, {})
            assert missing.status_code == 401 and "error" not in _challenge(missing)
            # every refreshed JWT is a new token: the user's cap still holds over all of them
            fresh = [issuer.token("u-1", jti=f"jwt-{i}") for i in range(3)]
            statuses = [_mcp(oidc, {"Authorization": f"Bearer {t}"}).status_code for t in fresh]
            assert statuses == [200, 200, 429]
    finally:
        issuer.close()
