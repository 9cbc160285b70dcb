"""The built-in OAuth 2.1 authorization server's rules and the web sign-in, over the control plane: passwords,
registered clients, pending authorizations, codes, grants ("connected apps"), access and refresh tokens, and
browser sessions. The HTTP side (the SDK's handlers, the pages) is ``web.oauth`` and ``web.pages``; this module
holds every rule once, so the CLI and the dashboard call the same methods.

- Passwords are hashed with argon2id (RFC 9106; ``argon2-cffi``'s ``PasswordHasher`` with its default
  parameters, the RFC's second recommended option: t=3, m=64 MiB, p=4), and re-hashed on sign-in when the
  parameters change. A sign-in for an unknown user still runs one verification, so timing does not tell
  which user names exist.
- Every secret this module hands out (pending-authorization ids, codes, access and refresh tokens, session
  cookies) is 256 random bits (``secrets.token_urlsafe(32)``; RFC 6749 section 10.10 asks at least 128) and
  stored as its SHA-256 only (``accounts.hash_token``), like the personal access tokens.
- A code is single use (RFC 6749 section 4.1.2): taking it deletes it, and only one caller can; presenting it
  again revokes the grant it was exchanged for, as a replayed refresh token does. A refresh token
  is rotated on every use (OAuth 2.1 section 4.3.1): the old one is marked used, and presenting a used one
  again revokes the whole grant (a replay means it leaked).
- A one-time sign-in link (``contextlamp ui``) is a secret that signs its user in once, within five minutes,
  in the process that printed it (held in memory as its SHA-256).
- Access tokens are short-lived (``access_ttl_ms``), bound to one resource (RFC 8707), and die with their grant:
  revoking a connected app, or the token itself (RFC 7009), revokes every token of that grant at once.

Times are ms since the epoch (the ``clock``).
"""

from __future__ import annotations

import functools
import json
import logging
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from contextlamp.app.accounts import hash_token
from contextlamp.domain.control_plane import OAuthCodeRecord, OAuthGrant, OAuthTokenRecord, WebSession
from contextlamp.errors import ContextlampError, InvalidArgumentError, NotFoundError
from contextlamp.storage import ControlPlane, StoreRegistry, User
from contextlamp.text import is_id, looks_like_id

logger = logging.getLogger(__name__)

ACCESS_PREFIX = "clpa_"  # recognisable by secret scanners, and told apart from personal tokens (clp_)
REFRESH_PREFIX = "clpr_"
SESSION_PREFIX = "clps_"
LINK_PREFIX = "clpl_"  # a one-time sign-in link's secret (contextlamp ui)
SIGNIN_LINK_TTL_MS = 5 * 60_000  # a one-time sign-in link works this long after contextlamp ui printed it
MIN_PASSWORD = 8  # NIST SP 800-63B section 5.1.1.2: at least 8 characters for a user-chosen secret
MAX_PASSWORD = 1024  # bounds the hashing work of one attempt (argon2 reads the whole input)
PENDING_TTL_MS = 10 * 60_000  # time to sign in and consent after the client opened the browser
TOUCH_EVERY_MS = 60_000  # a grant's last_used_at is written at most once a minute
PURGE_EVERY_MS = 10 * 60_000  # expired rows are deleted at most every ten minutes, on an issuing call
# a registered client no sign-in used within a day is deleted (registration is open: RFC 7591 section 3); a
# client that comes back later registers again, as MCP clients do when their client id is unknown
UNUSED_CLIENT_TTL_MS = 24 * 3_600_000
MAX_SHOWN_NAME = 100  # characters of a client's self-declared name shown on the consent page
USED_BY_GRANT = "used_by_grant"  # the request key of a used code's marker: the grant it was exchanged for


def _secret(prefix: str = "") -> str:
    return prefix + secrets.token_urlsafe(32)


@dataclass(frozen=True)
class IssuedTokens:
    """A token response's content (RFC 6749 section 5.1): shown to the client once, never stored."""

    access_token: str
    refresh_token: str
    expires_in_s: int
    scopes: str
    grant: OAuthGrant


@dataclass(frozen=True)
class ConnectedApp:
    """An active grant of a user with the client's self-declared name and redirect URIs (for the user to
    recognise it; never trusted for anything else)."""

    grant: OAuthGrant
    client_name: str
    redirect_uris: list[str]


@dataclass(frozen=True)
class Reset:
    """What a password reset ended: browser sessions, OAuth grants (connected apps) and personal tokens."""

    sessions: int
    grants: int
    tokens: int


class OAuthError(ContextlampError):
    """A refused OAuth step; ``error`` is the RFC 6749 section 5.2 code (``invalid_grant`` ...)."""

    def __init__(self, error: str, description: str) -> None:
        super().__init__(description)
        self.error = error
        self.description = description


# Lifetimes, ms (code, not settings: issue #31.4). An access token lives an hour and clients refresh it
# silently (OAuth 2.1 draft section 7.1: short-lived access tokens); a refresh token 30 days, rotated on each
# use; an authorization code 5 minutes, single use (RFC 6749 section 4.1.2: "a maximum ... of 10 minutes is
# RECOMMENDED"); a browser session 12 hours (a working day, then sign in again).
ACCESS_TOKEN_TTL_MS = 3600 * 1000
REFRESH_TOKEN_TTL_MS = 30 * 86_400 * 1000
CODE_TTL_MS = 300 * 1000
WEB_SESSION_TTL_MS = 12 * 3600 * 1000


class OAuthService:
    """The OAuth server's and the web sign-in's operations (see the module docstring).

    Args:
        registry: gives the control plane.
        clock: ms since the epoch.
        access_ttl_ms, refresh_ttl_ms, code_ttl_ms, session_ttl_ms: lifetimes, ms (the constants above; tests
            pass shorter ones).
        hasher: an ``argon2.PasswordHasher``; None (the default): ``password_hasher()``, read when first needed.
    """

    def __init__(
        self,
        registry: StoreRegistry,
        clock: Callable[[], int],
        access_ttl_ms: int = ACCESS_TOKEN_TTL_MS,
        refresh_ttl_ms: int = REFRESH_TOKEN_TTL_MS,
        code_ttl_ms: int = CODE_TTL_MS,
        session_ttl_ms: int = WEB_SESSION_TTL_MS,
        hasher: Any = None,
    ) -> None:
        self.registry = registry
        self.clock = clock
        self.access_ttl_ms = access_ttl_ms
        self.refresh_ttl_ms = refresh_ttl_ms
        self.code_ttl_ms = code_ttl_ms
        self.session_ttl_ms = session_ttl_ms
        self._next_purge = 0
        self._hasher: Any = hasher
        self._links: dict[str, tuple[str, int]] = {}  # one-time sign-in links: hash -> (user id, expires at)
        self._links_lock = threading.Lock()

    @property
    def _control(self) -> ControlPlane:
        return self.registry.control

    def _argon2(self) -> Any:
        if self._hasher is None:
            self._hasher = password_hasher()
        return self._hasher

    def _user(self, ref: str) -> User:
        found = self._control.find_user(ref)
        if found is None:
            raise NotFoundError("No user by that name. List users with: contextlamp user list")
        return found

    def _purge(self, now: int) -> None:
        if now >= self._next_purge:
            self._next_purge = now + PURGE_EVERY_MS
            self._control.purge_oauth(now, unused_clients_before=now - UNUSED_CLIENT_TTL_MS)

    # -- passwords and browser sessions -------------------------------------------------------------------

    def set_password(self, user_ref: str, password: str) -> User:
        """Set a user's sign-in password (argon2id hash only). Replacing a password (a reset) ends everything the
        old one could have started: every browser session and every OAuth grant of the user (so every access and
        refresh token of theirs) stop working at once; ``reset_password`` says how much ended, and also revokes
        the personal tokens a session could have minted.

        Raises:
            NotFoundError: no such user.
            InvalidArgumentError: ``password`` is shorter than 8 or longer than 1024 characters, or is only
                white space.
        """
        return self.reset_password(user_ref, password, keep_personal_tokens=True)[0]

    def reset_password(self, user_ref: str, password: str, keep_personal_tokens: bool = False) -> tuple[User, Reset]:
        """Set or replace a user's password and end what the old one could have started: browser sessions,
        OAuth grants, and (unless ``keep_personal_tokens``) the user's personal access tokens, which a signed-in
        session can mint. A first password ends nothing (nothing was signed in with one).

        Raises:
            NotFoundError: no such user.
            InvalidArgumentError: the password's length (``set_password``).
        """
        user = self._user(user_ref)
        if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD or not password.strip():
            raise InvalidArgumentError(
                "password", f"a password is {MIN_PASSWORD}-{MAX_PASSWORD} characters, not only white space"
            )
        replacing = self._control.password_hash(user.id) is not None
        now = self.clock()
        self._control.set_password(user.id, self._argon2().hash(password), now)
        if not replacing:
            return user, Reset(0, 0, 0)
        sessions, grants = self._control.end_user_sign_ins(user.id, now)
        tokens = 0
        if not keep_personal_tokens:
            for record in self._control.tokens(user.id):
                live = record.revoked_at is None and (record.expires_at is None or record.expires_at > now)
                if live and self._control.revoke_token(record.id, now):
                    tokens += 1
        logger.info("password reset: %d sessions, %d grants and %d personal tokens ended", sessions, grants, tokens)
        return user, Reset(sessions, grants, tokens)

    def check_password(self, name: str, password: str) -> User | None:
        """The user when ``password`` is theirs; None otherwise (unknown user, no password set, wrong password,
        or a password of an impossible length). Always runs one argon2 verification for a plausible input."""
        from argon2.exceptions import Argon2Error, InvalidHashError

        if not 0 < len(password) <= MAX_PASSWORD or not 0 < len(name) <= 200:
            return None
        # one sign-in name per user: the name, never the id (find_user takes both; an id is no second name)
        user = None if looks_like_id(name) else self._control.find_user(name)
        stored = self._control.password_hash(user.id) if user is not None else None
        hasher = self._argon2()
        try:
            hasher.verify(stored or _dummy_hash(hasher), password)
        except (Argon2Error, InvalidHashError):
            return None
        if user is None or stored is None:
            return None
        if hasher.check_needs_rehash(stored):
            self._control.set_password(user.id, hasher.hash(password), self.clock())
        return user

    def start_session(self, user: User, binding: str | None = None) -> tuple[str, WebSession]:
        """A new browser session for a signed-in user: the cookie value (shown once) and its record (whose
        ``csrf`` the session's forms carry). With ``binding`` (a secret the browser holds in another cookie,
        ``web.pages``), the session's ``csrf`` is that secret's SHA-256, so ``bound`` can tell the browser that
        signed in from one that was handed the session cookie (cookie tossing)."""
        now = self.clock()
        self._purge(now)
        cookie = _secret(SESSION_PREFIX)
        csrf = hash_token(binding) if binding else _secret()
        session = WebSession(hash_token(cookie), user.id, csrf, now, now + self.session_ttl_ms)
        self._control.add_web_session(session)
        return cookie, session

    def session(self, cookie: str) -> tuple[User, WebSession] | None:
        """The user and session of a session cookie, or None when unknown, expired, or the user is gone."""
        if not cookie.startswith(SESSION_PREFIX):
            return None
        session = self._control.web_session(hash_token(cookie))
        if session is None or session.expires_at <= self.clock():
            return None
        user = self._control.find_user(session.user_id)
        return None if user is None else (user, session)

    @staticmethod
    def bound(session: WebSession, binding: str) -> bool:
        """Whether ``binding`` (the browser's binding cookie) is the secret ``session`` was started with
        (``start_session``), compared in constant time."""
        return bool(binding) and secrets.compare_digest(session.csrf, hash_token(binding))

    def end_session(self, cookie: str) -> None:
        """Sign a browser out (nothing happens for an unknown cookie)."""
        if cookie.startswith(SESSION_PREFIX):
            self._control.end_web_session(hash_token(cookie))

    # -- one-time sign-in links (contextlamp ui) -----------------------------------------------------------

    def issue_signin_link(self, user: User) -> str:
        """A one-time sign-in secret for ``user`` (the link ``contextlamp ui`` prints): redeemable once, within
        ``SIGNIN_LINK_TTL_MS``, by this process only (kept in its memory as the SHA-256, never stored)."""
        secret = _secret(LINK_PREFIX)
        now = self.clock()
        with self._links_lock:
            self._links = {h: v for h, v in self._links.items() if v[1] > now}  # drop the dead ones
            self._links[hash_token(secret)] = (user.id, now + SIGNIN_LINK_TTL_MS)
        return secret

    def redeem_signin_link(self, secret: str) -> User | None:
        """The user of a one-time sign-in secret, which is dead from then on; None when it is unknown, used or
        expired (or its user is gone). Two concurrent redemptions: one wins."""
        if not secret.startswith(LINK_PREFIX) or len(secret) > 100:
            return None
        with self._links_lock:
            found = self._links.pop(hash_token(secret), None)
        if found is None or found[1] <= self.clock():
            return None
        return self._control.find_user(found[0])

    # -- clients and authorization ------------------------------------------------------------------------

    def register_client(self, client_id: str, metadata: dict[str, Any]) -> None:
        """Record a client registered through RFC 7591 (``metadata``: its client information, JSON-able); clients
        registered over ``UNUSED_CLIENT_TTL_MS`` ago that no sign-in used are deleted on the way."""
        now = self.clock()
        self._purge(now)
        self._control.add_oauth_client(client_id, json.dumps(metadata), now)

    def client(self, client_id: str) -> dict[str, Any] | None:
        """A registered client's information, else None."""
        if not client_id or len(client_id) > 200:
            return None
        raw = self._control.oauth_client(client_id)
        return None if raw is None else json.loads(raw)

    def begin(self, client_id: str, request: dict[str, Any]) -> str:
        """Hold an authorization request (the SDK's validated parameters) until the user signs in and consents;
        returns its id (a secret: it travels in the consent page's URL). Expires after ten minutes."""
        now = self.clock()
        self._purge(now)
        request_id = _secret()
        record = OAuthCodeRecord(hash_token(request_id), client_id, None, json.dumps(request), now + PENDING_TTL_MS)
        self._control.add_oauth_code(record)
        return request_id

    def pending(self, request_id: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The client information and request parameters of a pending authorization, or None when it is
        unknown, expired, already answered, or its client is gone."""
        record = self._control.oauth_code(hash_token(request_id)) if request_id else None
        if record is None or record.user_id is not None or record.expires_at <= self.clock():
            return None
        client = self.client(record.client_id)
        return None if client is None else (client, json.loads(record.request))

    def answer(self, request_id: str, user: User | None) -> tuple[dict[str, Any], str | None] | None:
        """Answer a pending authorization once: approved by ``user`` (a new code, bound to them, valid for
        ``code_ttl_ms``) or denied (``user`` None, no code). Returns the request parameters and the code, or
        None when the request is no longer pending (expired, answered already: only one answer counts)."""
        found = self.pending(request_id)
        if found is None or not self._control.take_oauth_code(hash_token(request_id)):
            return None
        client, request = found
        if user is None:
            return request, None
        code = _secret()
        self._control.add_oauth_code(
            OAuthCodeRecord(
                hash_token(code),
                str(client["client_id"]),
                user.id,
                json.dumps(request),
                self.clock() + self.code_ttl_ms,
            )
        )
        return request, code

    def code(self, client_id: str, code: str) -> OAuthCodeRecord | None:
        """The authorization code ``code`` of this client (expired ones included: the caller tells them
        apart), else None (unknown, used, another client's, or a pending request's id).

        A used code presented again by its client revokes the grant it was exchanged for (RFC 6749 section
        4.1.2, OAuth 2.1 section 4.1.3: a code used twice leaked, so the tokens issued for it are revoked):
        ``exchange_code`` leaves a marker under the code's hash for as long as that grant's tokens can live.
        """
        record = self._control.oauth_code(hash_token(code)) if code else None
        if record is None or record.user_id is None or record.client_id != client_id:
            return None
        used_by = json.loads(record.request).get(USED_BY_GRANT)
        if used_by is not None:
            if self._control.revoke_oauth_grant(str(used_by), self.clock()):
                logger.warning("a used authorization code was presented again: grant %s revoked", used_by)
            return None
        return record

    def exchange_code(self, client_id: str, code: str) -> IssuedTokens:
        """Trade a code for tokens (the SDK checked PKCE and the redirect URI): a new grant for the code's user.

        Raises:
            OAuthError: ``invalid_grant`` when the code is unknown, expired, another client's, or used already
                (two concurrent exchanges: one wins).
        """
        record = self.code(client_id, code)
        if record is None or record.expires_at <= self.clock() or not self._control.take_oauth_code(record.code_hash):
            raise OAuthError("invalid_grant", "The authorization code is unknown, expired or used.")
        assert record.user_id is not None  # code() returns codes only
        request = json.loads(record.request)
        scopes = " ".join(request.get("scopes") or [])
        now = self.clock()
        grant = self._control.add_oauth_grant(client_id, record.user_id, str(request["resource"]), scopes, now)
        used = json.dumps({USED_BY_GRANT: grant.id})  # so that a replay of this code revokes the grant (code())
        marker = OAuthCodeRecord(record.code_hash, client_id, record.user_id, used, now + self.refresh_ttl_ms)
        self._control.add_oauth_code(marker)
        return self._issue(grant)

    def _issue(self, grant: OAuthGrant) -> IssuedTokens:
        now = self.clock()
        access, refresh = _secret(ACCESS_PREFIX), _secret(REFRESH_PREFIX)
        self._control.add_oauth_token(
            OAuthTokenRecord(hash_token(access), grant.id, "access", now, now + self.access_ttl_ms, None)
        )
        self._control.add_oauth_token(
            OAuthTokenRecord(hash_token(refresh), grant.id, "refresh", now, now + self.refresh_ttl_ms, None)
        )
        return IssuedTokens(access, refresh, self.access_ttl_ms // 1000, grant.scopes, grant)

    def _token(self, token: str, kind: str) -> tuple[OAuthTokenRecord, OAuthGrant] | None:
        prefix = ACCESS_PREFIX if kind == "access" else REFRESH_PREFIX
        if not token.startswith(prefix):
            return None
        found = self._control.oauth_token(hash_token(token))
        if found is None:
            return None
        record, grant = found
        if record.kind != kind or record.expires_at <= self.clock() or grant.revoked_at is not None:
            return None
        return record, grant

    def refresh_token(self, client_id: str, token: str) -> tuple[OAuthTokenRecord, OAuthGrant] | None:
        """A live refresh token of this client with its grant, else None. A used one is returned too, so that
        ``refresh`` sees the replay (and revokes the grant) instead of answering "unknown"."""
        found = self._token(token, "refresh")
        if found is None or found[1].client_id != client_id:
            return None
        return found

    def refresh(self, client_id: str, token: str) -> IssuedTokens:
        """Rotate a refresh token: a new access and refresh token on the same grant, the old one used up.

        Raises:
            OAuthError: ``invalid_grant`` when the token is unknown, expired, revoked, another client's, or was
                used already; a used one presented again revokes its grant (OAuth 2.1 section 4.3.1).
        """
        found = self._token(token, "refresh")
        if found is None or found[1].client_id != client_id:
            raise OAuthError("invalid_grant", "The refresh token is unknown, expired or revoked.")
        record, grant = found
        if not self._control.use_oauth_token(record.token_hash, self.clock()):
            self._control.revoke_oauth_grant(grant.id, self.clock())
            logger.warning("a used refresh token was presented again: grant %s revoked", grant.id)
            raise OAuthError("invalid_grant", "The refresh token was used already; sign in again.")
        return self._issue(grant)

    def access(self, token: str) -> tuple[User, OAuthGrant, OAuthTokenRecord] | None:
        """The user, grant and record behind a live access token, or None (unknown, expired, revoked, or its
        user deleted)."""
        found = self._token(token, "access")
        if found is None:
            return None
        record, grant = found
        user = self._control.find_user(grant.user_id)
        if user is None:
            return None
        now = self.clock()
        if grant.last_used_at is None or now - grant.last_used_at >= TOUCH_EVERY_MS:
            self._control.touch_oauth_grant(grant.id, now)
        return user, grant, record

    def revoke(self, token: str) -> None:
        """Revoke the grant of an access or refresh token (RFC 7009 section 2.1: revoking one may revoke the
        others of the same grant, and here always does). Unknown tokens are ignored (section 2.2)."""
        found = (
            self._control.oauth_token(hash_token(token)) if token.startswith((ACCESS_PREFIX, REFRESH_PREFIX)) else None
        )
        if found is not None:
            self._control.revoke_oauth_grant(found[1].id, self.clock())

    # -- connected apps -----------------------------------------------------------------------------------

    def connected_apps(self, user_ref: str) -> list[ConnectedApp]:
        """A user's active grants, oldest first, with what the client says it is.

        Raises:
            NotFoundError: no such user.
        """
        user = self._user(user_ref)
        apps: list[ConnectedApp] = []
        for grant in self._control.oauth_grants(user.id):
            if grant.revoked_at is not None:
                continue
            client = self.client(grant.client_id) or {}
            uris: list[Any] = list(client.get("redirect_uris") or [])
            apps.append(ConnectedApp(grant, client_label(client), [str(u) for u in uris]))
        return apps

    def revoke_app(self, user_ref: str, grant_id: str) -> OAuthGrant:
        """Disconnect one of a user's apps: its tokens stop working at once.

        Raises:
            NotFoundError: no such user, or no active grant with this id among theirs (another user's grant
                is not found either).
        """
        user = self._user(user_ref)
        mine = next((g for g in self._control.oauth_grants(user.id) if g.id == grant_id), None)
        if mine is None or not self._control.revoke_oauth_grant(mine.id, self.clock()):
            shown = repr(grant_id) if is_id(grant_id, "grant") else "with that id"
            raise NotFoundError(f"No connected app {shown}. List them with: contextlamp user apps {user.name}")
        return next(g for g in self._control.oauth_grants(user.id) if g.id == grant_id)


def client_label(client: dict[str, Any]) -> str:
    """A client's self-declared name for display (at most 100 characters, control characters dropped), or
    ``"an unnamed app"``."""
    name = "".join(c for c in str(client.get("client_name") or "") if c.isprintable()).strip()
    return name[:MAX_SHOWN_NAME] or "an unnamed app"


@functools.cache
def password_hasher() -> Any:
    """The argon2id ``PasswordHasher`` of every password (argon2-cffi's defaults: RFC 9106 section 4, the second
    recommended option, t=3, m=64 MiB, p=4), made once per process (it holds no state) and imported on first use
    (no work at import time). The test suite swaps it for argon2-cffi's cheapest profile (``tests/conftest.py``)
    except in the test that checks these parameters."""
    from argon2 import PasswordHasher

    return PasswordHasher()


_DUMMY: dict[int, str] = {}


def _dummy_hash(hasher: Any) -> str:
    """A hash of a random password with the hasher's parameters, made once: verified against for unknown users
    so that a sign-in takes the same time whether or not the user exists."""
    key = id(hasher)
    if key not in _DUMMY:
        _DUMMY[key] = hasher.hash(secrets.token_urlsafe(16))
    return _DUMMY[key]
