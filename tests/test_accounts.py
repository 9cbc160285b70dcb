"""Users, personal access tokens and OIDC identities: what an admin and the HTTP server's auth rely on."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest
from click.testing import CliRunner

from contextlamp.app.accounts import TOKEN_PATTERN, Accounts, hash_token, parse_duration
from contextlamp.app.service import Caller, MemoryService
from contextlamp.cli.main import cli
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.errors import ConfigError, InvalidArgumentError, NotFoundError
from contextlamp.web.auth import ContextlampTokenVerifier, OidcVerifier, principal_of_token
from tests.conftest import Clock
from tests.fakes import FakeIssuer


@pytest.fixture
def accounts(service: MemoryService, clock: Clock) -> Accounts:
    return Accounts(service.registry, clock)


@pytest.mark.sqlite_only  # reads SQLite files
def test_token_authenticates_its_user_and_is_stored_only_as_a_hash(accounts: Accounts, service: MemoryService) -> None:
    user = accounts.create_user("alice")
    issued = accounts.create_token("alice", "laptop", parse_duration("30d"))
    assert TOKEN_PATTERN.fullmatch(issued.token)
    found = accounts.authenticate(issued.token)
    assert found is not None and found[0].id == user.id and found[1].id == issued.record.id
    control_bytes = b"".join(p.read_bytes() for p in service.registry.home.glob("control.db*"))
    assert issued.token.encode() not in control_bytes
    assert hash_token(issued.token).encode() in control_bytes
    assert accounts.authenticate(issued.token[:-1] + ("A" if issued.token[-1] != "A" else "B")) is None
    assert accounts.authenticate("not-a-token") is None


def test_revoked_expired_and_orphaned_tokens_stop_working(accounts: Accounts, clock: Clock) -> None:
    accounts.create_user("alice")
    accounts.create_user("bob")
    revoked = accounts.create_token("alice", "old", None)
    short = accounts.create_token("alice", "short", parse_duration("1h"))
    bobs = accounts.create_token("bob", "bob", None)
    accounts.revoke_token(revoked.record.id)
    assert accounts.authenticate(revoked.token) is None
    with pytest.raises(NotFoundError):
        accounts.revoke_token(revoked.record.id)  # already revoked
    assert accounts.authenticate(short.token) is not None
    clock.now += 3_600_000
    assert accounts.authenticate(short.token) is None
    accounts.delete_user("bob")
    assert accounts.authenticate(bobs.token) is None
    states = {t.name: t for t in accounts.tokens(None)}
    assert set(states) == {"old", "short"}  # bob's tokens went with bob
    assert states["old"].revoked_at is not None


@pytest.mark.sqlite_only  # reads SQLite files
def test_deleting_a_user_deletes_all_their_data(accounts: Accounts, service: MemoryService) -> None:
    accounts.create_user("carol")
    carol = Caller(principal=service.principal("carol"), surface="cli")
    dave = Caller(principal=service.principal("dave"), surface="cli")
    service.save_context(carol, "Carol's deploys go through ArgoCD", project="infra")
    service.save_context(carol, "Carol prefers tabs")
    kept = service.save_context(dave, "Dave prefers spaces")
    stores = service.registry.home / "stores"
    carol_files = [p for p in stores.iterdir() if p.name.startswith(carol.principal.user_id)]
    project_id = service.registry.control.projects(carol.principal.user_id)[0].id
    assert carol_files and any(p.name.startswith(project_id) for p in stores.iterdir())
    accounts.delete_user("carol")
    remaining = [p.name for p in stores.iterdir()]
    assert not any(n.startswith((carol.principal.user_id, project_id)) for n in remaining)
    assert service.registry.control.find_user("carol") is None
    assert service.get_entry(dave, kept.id).content == "Dave prefers spaces"
    with pytest.raises(NotFoundError):
        accounts.delete_user("carol")


def test_bad_names_and_durations_are_refused_with_the_field_named(accounts: Accounts) -> None:
    accounts.create_user("alice")
    for bad in ("", "two words", "x" * 201):
        with pytest.raises(InvalidArgumentError, match="'name'"):
            accounts.create_user(bad)
    with pytest.raises(InvalidArgumentError, match="already exists"):
        accounts.create_user("alice")
    for bad in ("0d", "ten days", "5y", "-1h"):
        with pytest.raises(InvalidArgumentError, match="expires_in"):
            parse_duration(bad)
    assert parse_duration("never") is None
    assert parse_duration("2w") == 14 * 86_400_000
    with pytest.raises(NotFoundError):
        accounts.create_token("nobody", "x", None)


def test_a_leaked_token_is_refused_as_memory_content(accounts: Accounts) -> None:
    accounts.create_user("alice")
    issued = accounts.create_token("alice", "t", None)
    assert SecretScanner().kinds(f"my token is {issued.token}") != []
    assert "contextlamp Access Token" in SecretScanner().kinds(f"x {issued.token} y")


def _verify(verifier: ContextlampTokenVerifier, token: str):
    return anyio.run(verifier.verify_token, token)


def test_oidc_tokens_are_checked_and_mapped_to_a_local_user(accounts: Accounts, issuer: FakeIssuer) -> None:
    oidc = OidcVerifier(issuer.issuer, issuer.audience, issuer.jwks_url, ["RS256"])
    verifier = ContextlampTokenVerifier(accounts, oidc)
    first = _verify(verifier, issuer.token("u-123"))
    assert first is not None
    principal = principal_of_token(first)
    assert principal.name == "u-123@id.example.com"
    again = _verify(verifier, issuer.token("u-123"))
    assert again is not None and again.subject == first.subject  # same sub, same local user
    other = _verify(verifier, issuer.token("u-456"))
    assert other is not None and other.subject != first.subject

    import time

    now = int(time.time())
    refused = {
        "expired": issuer.token("u-123", exp=now - 120),
        "not yet valid": issuer.token("u-123", nbf=now + 600),
        "wrong audience": issuer.token("u-123", aud="someone-else"),
        "wrong issuer": issuer.token("u-123", iss="https://evil.example.com"),
        "no exp": issuer.token("u-123", exp=None),
        "foreign key": issuer.token("u-123", key=FakeIssuer().keys[0][1]),
        "malformed": "eyJhbGciOi.not-a-jwt",
        "garbage": "x",
    }
    for reason, token in refused.items():
        assert _verify(verifier, token) is None, reason
    unsigned = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ1LTEyMyJ9."
    assert _verify(verifier, unsigned) is None


def test_an_unknown_kid_refetches_the_key_set_once(accounts: Accounts, issuer: FakeIssuer) -> None:
    oidc = OidcVerifier(issuer.issuer, issuer.audience, issuer.jwks_url, ["RS256"], refresh_cooldown_s=0)
    verifier = ContextlampTokenVerifier(accounts, oidc)
    assert _verify(verifier, issuer.token("u-1")) is not None
    fetches = issuer.jwks_fetches
    assert _verify(verifier, issuer.token("u-1")) is not None
    assert issuer.jwks_fetches == fetches  # cached
    issuer.rotate()
    assert _verify(verifier, issuer.token("u-1")) is not None  # new kid: one refresh finds it
    assert issuer.jwks_fetches == fetches + 1


def test_forged_kids_cannot_make_the_server_hammer_the_provider(accounts: Accounts, issuer: FakeIssuer) -> None:
    verifier = ContextlampTokenVerifier(
        accounts, OidcVerifier(issuer.issuer, issuer.audience, issuer.jwks_url, ["RS256"])
    )
    assert _verify(verifier, issuer.token("u-1")) is not None
    fetches = issuer.jwks_fetches
    for n in range(20):
        assert _verify(verifier, issuer.token("u-1", kid=f"forged-{n}")) is None
    assert issuer.jwks_fetches <= fetches + 1  # within the 30 s cooldown: at most one re-fetch


def test_without_oidc_only_personal_tokens_work(accounts: Accounts, issuer: FakeIssuer) -> None:
    verifier = ContextlampTokenVerifier(accounts, None)
    assert _verify(verifier, issuer.token("u-1")) is None
    with pytest.raises(ConfigError):
        OidcVerifier(issuer.issuer, issuer.audience, issuer.jwks_url, ["HS256"])
    with pytest.raises(ConfigError):
        OidcVerifier("id.example.com", issuer.audience, issuer.jwks_url, ["RS256"])


def test_cli_user_and_token_commands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTEXTLAMP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "fake")
    runner = CliRunner()
    assert runner.invoke(cli, ["user", "create", "alice"]).exit_code == 0
    duplicate = runner.invoke(cli, ["user", "create", "alice"])
    assert duplicate.exit_code != 0 and "already exists" in duplicate.output
    created = runner.invoke(cli, ["token", "create", "alice", "--name", "laptop", "--expires-in", "30d", "--json"])
    assert created.exit_code == 0, created.output
    issued = json.loads(created.output)
    assert set(issued) == {"token", "id", "expires_at"} and TOKEN_PATTERN.fullmatch(issued["token"])
    listed = runner.invoke(cli, ["token", "list", "--json"])
    assert issued["token"] not in listed.output  # never shown again
    assert [t["id"] for t in json.loads(listed.output)] == [issued["id"]]
    assert runner.invoke(cli, ["token", "create", "alice", "--expires-in", "soon"]).exit_code != 0
    assert runner.invoke(cli, ["token", "revoke", issued["id"]]).exit_code == 0
    assert json.loads(runner.invoke(cli, ["token", "list", "--json"]).output)[0]["revoked_at"] is not None
    assert runner.invoke(cli, ["user", "delete", "alice"], input="n\n").exit_code != 0  # asks, and no means no
    assert [u["name"] for u in json.loads(runner.invoke(cli, ["user", "list", "--json"]).output)] == ["alice"]
    assert runner.invoke(cli, ["user", "delete", "alice", "--yes"]).exit_code == 0
    assert json.loads(runner.invoke(cli, ["user", "list", "--json"]).output) == []
