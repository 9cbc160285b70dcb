"""The control plane's interface and records: users, access tokens, OAuth clients, grants, codes and tokens, web
sessions, projects, teams and memberships (``ControlPlane``; ``storage/control.py`` implements it over either
backend). Apart from ``ports.py`` (the memory stores' interfaces): who may reach which store is a different
responsibility from what a store holds. Every backend passes the contract suites in ``tests/contract/``
(``test_control_plane.py``, ``test_oauth_store.py``). Times are ms since the Unix epoch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Project:
    """A project store owned by a user. ``id`` is ``prj_…``; ``slug`` is unique per owner."""

    id: str
    slug: str
    owner_id: str
    name: str
    created_at: int


@dataclass(frozen=True)
class Team:
    """A team: ``id`` is ``team_…`` (also the id of its store), ``slug`` is unique on the server."""

    id: str
    slug: str
    name: str
    created_at: int


@dataclass(frozen=True)
class Membership:
    """A user's membership of a team; ``role`` is ``member`` or ``admin``; ``added_at`` ms since the epoch."""

    team_id: str
    user_id: str
    role: str
    added_at: int


@dataclass(frozen=True)
class User:
    """A user of the server. ``id`` is ``usr_…`` (also the id of their personal store); ``name`` is unique."""

    id: str
    name: str
    created_at: int


@dataclass(frozen=True)
class AccessTokenRecord:
    """A personal access token as stored: never the token, only its metadata (the hash stays in the table).

    Times are ms since the epoch; ``expires_at`` None = no expiry; ``revoked_at`` set once revoked."""

    id: str
    user_id: str
    name: str
    created_at: int
    expires_at: int | None
    last_used_at: int | None
    revoked_at: int | None


@dataclass(frozen=True)
class OAuthGrant:
    """One sign-in of a user into an OAuth client (a "connected app"): the access and refresh tokens issued
    from it all die with it. ``resource`` is the RFC 8707 resource the tokens are bound to; ``scopes`` is
    space-separated (RFC 6749 section 3.3). Times are ms since the epoch; ``revoked_at`` set once revoked."""

    id: str
    client_id: str
    user_id: str
    resource: str
    scopes: str
    created_at: int
    last_used_at: int | None
    revoked_at: int | None


@dataclass(frozen=True)
class OAuthTokenRecord:
    """An OAuth access or refresh token as stored (its SHA-256 only): ``kind`` is ``access`` or ``refresh``;
    ``used_at`` is set once a refresh token was exchanged (rotation: it never works again). Times in ms."""

    token_hash: str
    grant_id: str
    kind: str
    created_at: int
    expires_at: int
    used_at: int | None


@dataclass(frozen=True)
class OAuthCodeRecord:
    """A pending authorization (``user_id`` None: waiting for sign-in and consent) or an authorization code
    (``user_id`` set), stored by the SHA-256 of its secret; ``request`` is the SDK's parameters as JSON."""

    code_hash: str
    client_id: str
    user_id: str | None
    request: str
    expires_at: int


@dataclass(frozen=True)
class WebSession:
    """A signed-in browser (sign-in and consent pages), stored by the SHA-256 of its cookie; ``csrf`` is the
    token its forms carry. Times in ms."""

    session_hash: str
    user_id: str
    csrf: str
    created_at: int
    expires_at: int


class ControlPlane(Protocol):
    """Users, access tokens, external identities and projects (teams join later)."""

    def ensure_user(self, name: str, now: int) -> str:
        """The ``usr_…`` id of the user with this name, created on first sight."""
        ...

    def create_user(self, name: str, now: int, user_id: str | None = None) -> User:
        """Create a user (with ``user_id`` when restoring an export).

        Raises:
            InvalidArgumentError: the name or the id is taken.
        """
        ...

    def find_user(self, ref: str) -> User | None:
        """The user with id or name ``ref``, else None."""
        ...

    def users(self) -> list[User]:
        """Every user, oldest first."""
        ...

    def delete_user(self, user_id: str) -> list[str]:
        """Delete the user with their tokens, identities and projects; returns the ids of the stores they
        owned (personal first, then projects) so the caller can delete those too.

        Raises:
            NotFoundError: no such user.
        """
        ...

    def user_for_identity(self, issuer: str, subject: str, name: str, now: int) -> User:
        """The user linked to an external identity (OIDC ``iss`` + ``sub``); on first sight it is linked to
        the user called ``name``, created if needed (so an admin can pre-create that user)."""
        ...

    def add_token(
        self, user_id: str, name: str, token_hash: str, now: int, expires_at: int | None
    ) -> AccessTokenRecord:
        """Record a new personal access token by its hash."""
        ...

    def token_by_hash(self, token_hash: str) -> AccessTokenRecord | None:
        """The token with this hash (revoked and expired ones included), else None."""
        ...

    def tokens(self, user_id: str | None) -> list[AccessTokenRecord]:
        """Tokens of one user (None = all users), oldest first."""
        ...

    def revoke_token(self, token_id: str, now: int) -> bool:
        """Revoke a token; False when it is unknown or already revoked."""
        ...

    def touch_token(self, token_id: str, now: int) -> None:
        """Record that a token was just used."""
        ...

    def token_hashes(self) -> list[tuple[AccessTokenRecord, str]]:
        """Every token with its stored hash, oldest first (for moving a server to another backend)."""
        ...

    def restore_token(self, record: AccessTokenRecord, token_hash: str) -> None:
        """Insert a token record as it was (no-op if its id exists)."""
        ...

    def identities(self) -> list[tuple[str, str, str, int]]:
        """Every external identity as ``(issuer, subject, user_id, created_at)``."""
        ...

    def restore_identity(self, issuer: str, subject: str, user_id: str, created_at: int) -> None:
        """Insert an external identity as it was (no-op if it exists)."""
        ...

    def create_team(self, slug: str, name: str, now: int, team_id: str | None = None) -> Team:
        """Create a team (with ``team_id`` when restoring an export).

        Raises:
            InvalidArgumentError: the slug or id is taken.
        """
        ...

    def find_team(self, ref: str) -> Team | None:
        """The team with id or slug ``ref``, else None (membership is the caller's business)."""
        ...

    def teams(self) -> list[Team]:
        """Every team, oldest first."""
        ...

    def set_member(self, team_id: str, user_id: str, role: str, now: int) -> None:
        """Add a member with ``role`` (``member``|``admin``), or change the role of an existing one."""
        ...

    def remove_member(self, team_id: str, user_id: str) -> bool:
        """End a membership; False when the user was not a member."""
        ...

    def members(self, team_id: str) -> list[Membership]:
        """A team's members, in the order they joined."""
        ...

    def memberships(self, user_id: str) -> list[tuple[Team, str]]:
        """The teams a user belongs to, with their role in each, oldest team first."""
        ...

    # -- the built-in OAuth server and web sign-in (app/oauth.py) ------------------------------------------

    def set_password(self, user_id: str, password_hash: str, now: int) -> None:
        """Set (or replace) a user's password hash."""
        ...

    def password_hash(self, user_id: str) -> str | None:
        """A user's password hash, else None (no password set)."""
        ...

    def add_oauth_client(self, client_id: str, metadata: str, now: int) -> None:
        """Record a registered OAuth client (RFC 7591) with its metadata as JSON."""
        ...

    def oauth_client(self, client_id: str) -> str | None:
        """A registered client's metadata JSON, else None."""
        ...

    def add_oauth_code(self, record: OAuthCodeRecord) -> None:
        """Record a pending authorization or an authorization code."""
        ...

    def oauth_code(self, code_hash: str) -> OAuthCodeRecord | None:
        """The pending authorization or code with this hash (expired ones included), else None."""
        ...

    def take_oauth_code(self, code_hash: str) -> bool:
        """Delete a pending authorization or code; True for exactly one caller (single use, RFC 6749 4.1.2)."""
        ...

    def add_oauth_grant(self, client_id: str, user_id: str, resource: str, scopes: str, now: int) -> OAuthGrant:
        """Record a new grant (a user signed in to a client)."""
        ...

    def oauth_grants(self, user_id: str) -> list[OAuthGrant]:
        """A user's grants, revoked ones included, oldest first."""
        ...

    def revoke_oauth_grant(self, grant_id: str, now: int) -> bool:
        """Revoke a grant and so every token issued from it; False when unknown or already revoked."""
        ...

    def add_oauth_token(self, record: OAuthTokenRecord) -> None:
        """Record an access or refresh token by its hash."""
        ...

    def oauth_token(self, token_hash: str) -> tuple[OAuthTokenRecord, OAuthGrant] | None:
        """The token with this hash and its grant (expired, used or revoked ones included), else None."""
        ...

    def use_oauth_token(self, token_hash: str, now: int) -> bool:
        """Mark a refresh token used; True for exactly one caller (rotation: a token is exchanged once)."""
        ...

    def touch_oauth_grant(self, grant_id: str, now: int) -> None:
        """Record that a grant's access token was just used."""
        ...

    def add_web_session(self, session: WebSession) -> None:
        """Record a signed-in browser session."""
        ...

    def web_session(self, session_hash: str) -> WebSession | None:
        """The session with this hash (expired ones included), else None."""
        ...

    def end_web_session(self, session_hash: str) -> bool:
        """Delete a browser session (sign-out); False when unknown."""
        ...

    def end_user_sign_ins(self, user_id: str, now: int) -> tuple[int, int]:
        """End every browser session of a user and revoke every OAuth grant of theirs (a password reset):
        ``(sessions ended, grants revoked)``."""
        ...

    def purge_oauth(self, now: int, unused_clients_before: int | None = None) -> int:
        """Delete expired codes, pending authorizations, tokens and browser sessions, and (when
        ``unused_clients_before`` is given) the clients registered before then that no sign-in ever used (no
        grant, no pending authorization or code); how many rows went."""
        ...

    def restore_project(self, project: Project) -> Project:
        """Create a project with the given id, slug and time (import), or return the owner's project that has
        this slug already; a project id taken by someone else gets a fresh id."""
        ...

    def find_project(self, owner_id: str, ref: str) -> Project | None:
        """The owner's project with id or slug ``ref``, else None (other users' projects are None too)."""
        ...

    def create_project(self, owner_id: str, slug: str, now: int) -> Project:
        """Create the owner's project with this slug, or return it if a concurrent call just did."""
        ...

    def projects(self, owner_id: str) -> list[Project]:
        """The owner's projects, oldest first."""
        ...

    def project_for_path(self, owner_id: str, path: str) -> Project | None:
        """The owner's project that the repository folder ``path`` (absolute) maps to, else None."""
        ...

    def map_path(self, owner_id: str, path: str, project_id: str, now: int) -> None:
        """Map the repository folder ``path`` to the owner's project ``project_id`` (replacing an earlier
        mapping of that path); ``now`` in ms since the epoch."""
        ...

    def project_paths(self, owner_id: str) -> list[tuple[str, str]]:
        """Every ``(project_id, path)`` mapping of the owner, oldest first."""
        ...

    def project_for_repository(self, owner_id: str, identity: str) -> Project | None:
        """The owner's project the repository ``identity`` (hooks/repo.py: ``git:<host>/<path>``, ``file:<path>``
        or ``path:<folder>``) maps to, else None."""
        ...

    def map_repository(self, owner_id: str, identity: str, project_id: str, now: int) -> Project:
        """Map the repository ``identity`` to the owner's project ``project_id`` unless it is mapped already
        (the first mapping stays: concurrent first sessions agree); the project it maps to now. ``now`` in ms."""
        ...

    def repository_identities(self, project_id: str) -> list[str]:
        """The repository identities mapped to the project, oldest first."""
        ...

    def imported_keys(self, owner_id: str, store_id: str, keys: Sequence[str]) -> set[str]:
        """Which of ``keys`` (import source keys, app/importing.py) the owner already imported into the store
        ``store_id``."""
        ...

    def record_imported(self, owner_id: str, store_id: str, key: str, target_id: str | None, now: int) -> None:
        """Record that source key ``key`` was imported into ``store_id`` as ``target_id`` (an entry or session
        id; None when it became nothing, e.g. a conversation with nothing to keep); ``now`` in ms. A key
        recorded already keeps its first record."""
        ...

    def close(self) -> None:
        """Release the database connection."""
        ...
