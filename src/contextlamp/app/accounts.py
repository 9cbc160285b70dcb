"""Accounts: users and personal access tokens (the ``contextlamp user`` and ``token`` commands, and the
HTTP server's token check). Memory itself is ``MemoryService``'s job; this module never reads it.

Personal access tokens are ``clp_`` + 43 characters of URL-safe base64 (32 random bytes from ``secrets``,
256 bits). Only their SHA-256 is stored: a token has full entropy, so a fast hash is enough (a slow
password hash only helps against guessable secrets; GitHub stores its tokens the same way). The ``clp_``
prefix lets secret scanners (ours included) recognise a leaked token.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from contextlamp.app import writes
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.errors import InvalidArgumentError, NotFoundError, SecretDetectedError
from contextlamp.storage import AccessTokenRecord, ControlPlane, Membership, StoreRegistry, Team, User
from contextlamp.text import is_id, kebab, looks_like_id

TOKEN_PREFIX = "clp_"
TOKEN_PATTERN = re.compile(r"\bclp_[A-Za-z0-9_-]{43}\b")
TOUCH_EVERY_MS = 60_000  # last_used_at is written at most once a minute per token (a write per request costs an fsync)
_DURATION = re.compile(r"^\s*(\d+)\s*([smhdw])\s*$")
_UNIT_MS = {"s": 1000, "m": 60_000, "h": 3_600_000, "d": 86_400_000, "w": 7 * 86_400_000}
MAX_LIFETIME_MS = 3650 * 86_400_000  # ten years; longer than that, say "never"
MAX_ACTIVE_TOKENS = 100  # live personal tokens per user: a machine or tool needs one each, not thousands
MAX_USER_NAME = 200
SHOWN_REF_CHARS = 64  # longer references are not repeated in errors: names are short, pasted secrets are not
MAX_TEAM_SLUG = 64
MAX_TEAM_NAME = 200  # what an export document holds (portability.ExportedTeam)
ROLES = ("member", "admin")


def check_user_name(name: str, field: str = "name", scan: bool = True) -> str:
    """A valid user name, trimmed: 1-200 printable characters, no white space or control characters, not
    shaped like an id (``usr_…``, ``prj_…``, ...), so that a name can never be taken for an id, and, when ``scan``,
    holding no secret (``refuse_secret``; an import checks its document's name without it, and refuses the secret
    only when that name is the one it would create: ``porter._target_user``).

    Raises:
        InvalidArgumentError: any of these fails (names the field and the rule).
        SecretDetectedError: the name holds a secret (names the field and the kind, never the value).
    """
    name = name.strip()
    if not name or len(name) > MAX_USER_NAME or any(c.isspace() or not c.isprintable() for c in name):
        raise InvalidArgumentError(field, f"a user name is 1-{MAX_USER_NAME} printable characters without white space")
    if looks_like_id(name):
        raise InvalidArgumentError(field, "a user name must not start like an id (usr_, prj_, team_, tok_, ctx_, ses_)")
    if scan:
        refuse_secret(field, name)
    return name


def refuse_secret(field: str, value: str) -> None:
    """Refuse a name an administrator gives (a user's, a team's slug or name, a token's label) that holds a secret:
    names are stored in the control plane and printed by every listing, so a password or token pasted into the
    wrong argument must not land there. The same scanner and message as ``save_context``'s refusal.

    Raises:
        SecretDetectedError: naming ``field`` and the kinds of secret found, never the value.
    """
    if kinds := SecretScanner().kinds(value):
        raise SecretDetectedError(field, kinds)


def _shown(ref: str) -> str:
    """A user or team reference as an error may show it: quoted when it is short and the secret scanner finds
    nothing in it, else "by that name" (a token or password pasted in the wrong place is never repeated)."""
    if 0 < len(ref) <= SHOWN_REF_CHARS and not ref.startswith(TOKEN_PREFIX) and not SecretScanner().kinds(ref):
        return repr(ref)
    return "by that name"


def hash_token(token: str) -> str:
    """SHA-256 hex of a token (what the control plane stores and looks up)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def parse_duration(text: str, field: str = "expires_in") -> int | None:
    """``"90d"``, ``"12h"``, ``"30m"``, ``"45s"``, ``"2w"`` to milliseconds; ``"never"`` to None.

    Raises:
        InvalidArgumentError: anything else, or zero.
    """
    if text.strip().lower() == "never":
        return None
    match = _DURATION.match(text.lower())
    if match is None or int(match.group(1)) == 0:
        raise InvalidArgumentError(
            field, "is not a duration; use a number and a unit (s, m, h, d, w), e.g. 90d, or never"
        )
    return int(match.group(1)) * _UNIT_MS[match.group(2)]


@dataclass(frozen=True)
class IssuedToken:
    """A token just created: ``token`` is shown once and never stored."""

    token: str
    record: AccessTokenRecord


class Accounts:
    """Users and personal access tokens over the registry's control plane. Times are ms since the epoch."""

    def __init__(self, registry: StoreRegistry, clock: Callable[[], int]) -> None:
        self.registry = registry
        self.clock = clock

    @property
    def _control(self) -> ControlPlane:
        return self.registry.control

    def create_user(self, name: str) -> User:
        """Create a user.

        Raises:
            InvalidArgumentError: the name is not a valid user name (``check_user_name``), or taken.
        """
        return self._control.create_user(check_user_name(name), self.clock())

    def user(self, ref: str) -> User:
        """The user with this id or name.

        Raises:
            NotFoundError: no such user.
        """
        found = self._control.find_user(ref)
        if found is None:
            raise NotFoundError(f"No user {_shown(ref)}. List users with: contextlamp user list")
        return found

    def users(self) -> list[User]:
        """Every user, oldest first."""
        return self._control.users()

    def delete_user(self, ref: str) -> User:
        """Delete a user and everything they own: tokens, identities, projects, every store file, and the
        learnings they contributed to teams (their data; corroborations they gave go too).

        Raises:
            NotFoundError: no such user.
        """
        user = self.user(ref)
        for team in self._control.teams():
            writes.remove_contributions(self.registry.store(team.id), user.id)
        for store_id in self._control.delete_user(user.id):
            self.registry.drop(store_id)
        return user

    # -- teams --------------------------------------------------------------------------------------------

    def create_team(self, slug: str, name: str | None, owner: str | None) -> Team:
        """Create a team; ``owner`` (user name or id), if given, becomes its first admin.

        Raises:
            InvalidArgumentError: the slug is empty, too long, or taken; the name is too long.
            SecretDetectedError: the slug or the name holds a secret (``refuse_secret``).
            NotFoundError: no such owner.
        """
        normal = kebab(slug)
        refuse_secret("slug", slug)
        if not normal or len(normal) > MAX_TEAM_SLUG:
            raise InvalidArgumentError("slug", f"a team slug is 1-{MAX_TEAM_SLUG} letters, digits and dashes")
        display = (name or normal).strip() or normal
        if len(display) > MAX_TEAM_NAME or "\x00" in display:
            raise InvalidArgumentError("name", f"a team name is at most {MAX_TEAM_NAME} characters, without NUL")
        refuse_secret("name", display)
        admin = self.user(owner) if owner else None
        team = self._control.create_team(normal, display, self.clock())
        if admin is not None:
            self._control.set_member(team.id, admin.id, "admin", self.clock())
        return team

    def team(self, ref: str) -> Team:
        """The team with this id or slug.

        Raises:
            NotFoundError: no such team.
        """
        found = self._control.find_team(ref) or self._control.find_team(kebab(ref))
        if found is None:
            raise NotFoundError(f"No team {_shown(ref)}. List teams with: contextlamp team list")
        return found

    def teams(self) -> list[tuple[Team, list[Membership]]]:
        """Every team with its members, oldest first."""
        return [(team, self._control.members(team.id)) for team in self._control.teams()]

    def add_member(self, team_ref: str, user_ref: str, role: str) -> Membership:
        """Add a user to a team (or change their role). Takes effect on the user's next call.

        Raises:
            NotFoundError: no such team or user.
            InvalidArgumentError: an unknown role.
        """
        if role not in ROLES:
            raise InvalidArgumentError("role", f"allowed values: {', '.join(ROLES)}")
        team, user = self.team(team_ref), self.user(user_ref)
        self._control.set_member(team.id, user.id, role, self.clock())
        return next(m for m in self._control.members(team.id) if m.user_id == user.id)

    def remove_member(self, team_ref: str, user_ref: str) -> None:
        """End a membership at once; the member's past learnings stay in the team, attributed to them.

        Raises:
            NotFoundError: no such team or user, or the user is not a member.
        """
        team, user = self.team(team_ref), self.user(user_ref)
        if not self._control.remove_member(team.id, user.id):
            raise NotFoundError(f"{user.name} is not a member of team {team.slug}.")

    def create_token(self, user_ref: str, name: str, expires_in_ms: int | None) -> IssuedToken:
        """Issue a personal access token for a user; ``expires_in_ms`` None = never expires.

        Raises:
            NotFoundError: no such user.
            InvalidArgumentError: the name is empty or longer than 100 characters, or the user already holds
                ``MAX_ACTIVE_TOKENS`` live tokens.
            SecretDetectedError: the name holds a secret (``refuse_secret``).
        """
        user = self.user(user_ref)
        name = name.strip()
        if not name or len(name) > 100:
            raise InvalidArgumentError("name", "a token name is 1-100 characters")
        refuse_secret("name", name)
        now = self.clock()
        live = [
            t
            for t in self._control.tokens(user.id)
            if t.revoked_at is None and (t.expires_at is None or t.expires_at > now)
        ]
        if len(live) >= MAX_ACTIVE_TOKENS:
            raise InvalidArgumentError(
                "name",
                f"a user holds at most {MAX_ACTIVE_TOKENS} live tokens; revoke one first (contextlamp token list)",
            )
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)
        expires_at = None if expires_in_ms is None else now + expires_in_ms
        return IssuedToken(token, self._control.add_token(user.id, name, hash_token(token), now, expires_at))

    def tokens(self, user_ref: str | None) -> list[AccessTokenRecord]:
        """Token metadata of one user, or of everyone (None)."""
        return self._control.tokens(self.user(user_ref).id if user_ref else None)

    def revoke_token(self, token_id: str, user_ref: str | None = None) -> AccessTokenRecord:
        """Revoke a token by id; it stops working at once (every request checks the table). With ``user_ref``
        (the dashboard), only one of that user's tokens: another user's id is not found, exactly like an
        unknown one.

        Raises:
            NotFoundError: no such token (among ``user_ref``'s, when given), or it is already revoked; no such
                user.
        """
        owned = user_ref is None or any(t.id == token_id for t in self.tokens(user_ref))
        if not owned or not self._control.revoke_token(token_id, self.clock()):
            shown = repr(token_id) if is_id(token_id, "tok") else "with that id"  # a pasted token is never shown
            raise NotFoundError(f"No active token {shown}. List tokens with: contextlamp token list")
        return next(t for t in self._control.tokens(None) if t.id == token_id)

    def authenticate(self, token: str) -> tuple[User, AccessTokenRecord] | None:
        """The user and token record behind a personal access token, or None when it is unknown, revoked,
        expired, or its user was deleted. Constant-time by construction: lookup is by hash."""
        if not token.startswith(TOKEN_PREFIX):
            return None
        record = self._control.token_by_hash(hash_token(token))
        now = self.clock()
        if record is None or record.revoked_at is not None:
            return None
        if record.expires_at is not None and record.expires_at <= now:
            return None
        user = self._control.find_user(record.user_id)
        if user is None:
            return None
        if record.last_used_at is None or now - record.last_used_at >= TOUCH_EVERY_MS:
            self._control.touch_token(record.id, now)
        return user, record

    def user_for_identity(self, issuer: str, subject: str, name: str) -> User:
        """The local user of an external (OIDC) identity, created and linked on first sight."""
        return self._control.user_for_identity(issuer, subject, name, self.clock())
