"""Control-plane contract of the built-in OAuth server and the web sign-in (control_plane.ControlPlane): passwords,
clients, pending authorizations and codes (single use), grants and their tokens (rotation marks a refresh
token used once), browser sessions, purging and the cascade of a deleted user, on every backend."""

from __future__ import annotations

import pytest

from contextlamp.domain.control_plane import ControlPlane, OAuthCodeRecord, OAuthTokenRecord, WebSession
from contextlamp.errors import ConflictError, InvalidArgumentError, StorageError
from contextlamp.storage import StoreRegistry
from tests.contract.conftest import T0


@pytest.fixture
def control(registry: StoreRegistry) -> ControlPlane:
    return registry.control


def test_a_password_is_set_replaced_and_read_per_user(control: ControlPlane) -> None:
    ana, ben = control.ensure_user("ana", T0), control.ensure_user("ben", T0)
    assert control.password_hash(ana) is None
    control.set_password(ana, "hash-1", T0)
    control.set_password(ana, "hash-2", T0 + 1)  # replaced, not a second row
    assert control.password_hash(ana) == "hash-2" and control.password_hash(ben) is None


def test_a_code_is_taken_exactly_once(control: ControlPlane) -> None:
    ana = control.ensure_user("ana", T0)
    control.add_oauth_client("client-1", '{"client_id": "client-1"}', T0)
    assert control.oauth_client("client-1") == '{"client_id": "client-1"}' and control.oauth_client("x") is None
    pending = OAuthCodeRecord("h-pending", "client-1", None, "{}", T0 + 60_000)
    code = OAuthCodeRecord("h-code", "client-1", ana, '{"a": 1}', T0 + 60_000)
    control.add_oauth_code(pending)
    control.add_oauth_code(code)
    assert control.oauth_code("h-pending") == pending and control.oauth_code("h-code") == code
    assert control.take_oauth_code("h-code") is True
    assert control.take_oauth_code("h-code") is False  # a reused code finds nothing
    assert control.oauth_code("h-code") is None and control.oauth_code("h-pending") == pending


def test_grants_tokens_rotation_and_revocation(control: ControlPlane) -> None:
    ana, ben = control.ensure_user("ana", T0), control.ensure_user("ben", T0)
    control.add_oauth_client("client-1", "{}", T0)
    grant = control.add_oauth_grant("client-1", ana, "http://h/mcp", "", T0)
    other = control.add_oauth_grant("client-1", ben, "http://h/mcp", "", T0 + 1)
    assert grant.id.startswith("grant_") and (grant.user_id, grant.revoked_at, grant.last_used_at) == (ana, None, None)
    refresh = OAuthTokenRecord("h-refresh", grant.id, "refresh", T0, T0 + 10_000, None)
    control.add_oauth_token(refresh)
    control.add_oauth_token(OAuthTokenRecord("h-access", grant.id, "access", T0, T0 + 1_000, None))
    found = control.oauth_token("h-refresh")
    assert found is not None and found == (refresh, grant)
    assert control.use_oauth_token("h-refresh", T0 + 5) is True
    assert control.use_oauth_token("h-refresh", T0 + 6) is False  # rotation: only one exchange wins
    used = control.oauth_token("h-refresh")
    assert used is not None and used[0].used_at == T0 + 5
    control.touch_oauth_grant(grant.id, T0 + 7)
    assert [g.last_used_at for g in control.oauth_grants(ana)] == [T0 + 7]
    assert control.revoke_oauth_grant(grant.id, T0 + 8) is True
    assert control.revoke_oauth_grant(grant.id, T0 + 9) is False
    revoked = control.oauth_token("h-access")
    assert revoked is not None and revoked[1].revoked_at == T0 + 8  # the token's grant says it is revoked
    assert [g.id for g in control.oauth_grants(ben)] == [other.id] and other.revoked_at is None
    assert control.oauth_token("unknown") is None


def test_token_hashes_are_unique(control: ControlPlane) -> None:
    ana = control.ensure_user("ana", T0)
    control.add_oauth_client("client-1", "{}", T0)
    grant = control.add_oauth_grant("client-1", ana, "http://h/mcp", "", T0)
    control.add_oauth_token(OAuthTokenRecord("h-same", grant.id, "access", T0, T0 + 1, None))
    with pytest.raises((ConflictError, InvalidArgumentError, StorageError)):
        control.add_oauth_token(OAuthTokenRecord("h-same", grant.id, "refresh", T0, T0 + 1, None))


def test_sessions_purge_and_the_cascade_of_a_deleted_user(control: ControlPlane) -> None:
    ana = control.ensure_user("ana", T0)
    control.add_oauth_client("client-1", "{}", T0)
    session = WebSession("h-session", ana, "csrf-1", T0, T0 + 100)
    control.add_web_session(session)
    control.add_web_session(WebSession("h-old", ana, "csrf-2", T0, T0 + 10))
    assert control.web_session("h-session") == session
    control.add_oauth_code(OAuthCodeRecord("h-old-code", "client-1", ana, "{}", T0 + 10))
    grant = control.add_oauth_grant("client-1", ana, "http://h/mcp", "", T0)
    control.add_oauth_token(OAuthTokenRecord("h-old-token", grant.id, "access", T0, T0 + 10, None))
    control.add_oauth_token(OAuthTokenRecord("h-live-token", grant.id, "refresh", T0, T0 + 1000, None))
    assert control.purge_oauth(T0 + 50) == 3  # the expired session, code and token; nothing live
    assert control.web_session("h-old") is None and control.oauth_code("h-old-code") is None
    assert control.oauth_token("h-old-token") is None and control.oauth_token("h-live-token") is not None
    assert control.end_web_session("h-session") is True and control.end_web_session("h-session") is False
    control.add_web_session(session)
    control.set_password(ana, "hash", T0)
    control.delete_user(ana)  # everything of hers goes with her
    assert control.web_session("h-session") is None and control.password_hash(ana) is None
    assert control.oauth_token("h-live-token") is None and control.oauth_grants(ana) == []


def test_ending_a_users_sign_ins_leaves_other_users_alone(control: ControlPlane) -> None:
    ana, ben = control.ensure_user("ana", T0), control.ensure_user("ben", T0)
    control.add_oauth_client("client-1", "{}", T0)
    for user, name in ((ana, "a"), (ben, "b")):
        control.add_web_session(WebSession(f"h-{name}-1", user, "c", T0, T0 + 100))
        control.add_web_session(WebSession(f"h-{name}-2", user, "c", T0, T0 + 100))
        control.add_oauth_grant("client-1", user, "http://h/mcp", "", T0)
    done = control.revoke_oauth_grant(control.add_oauth_grant("client-1", ana, "http://h/mcp", "", T0).id, T0)
    assert done is True
    assert control.end_user_sign_ins(ana, T0 + 5) == (2, 1)  # the grant revoked already is not counted again
    assert control.web_session("h-a-1") is None and control.web_session("h-a-2") is None
    assert all(g.revoked_at is not None for g in control.oauth_grants(ana))
    assert control.web_session("h-b-1") is not None and control.oauth_grants(ben)[0].revoked_at is None
    assert control.end_user_sign_ins(ana, T0 + 6) == (0, 0)
