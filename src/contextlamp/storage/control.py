"""The control plane (users, tokens, OIDC identities, projects, teams) in portable SQL.

One implementation, ``SqlControlPlane``, runs on SQLite (``<home>/control.db``) and on PostgreSQL (the same
database as the stores) through a small ``Executor``: the statements are written once with ``?``
placeholders, and every race (two replicas creating one user, one project slug, one membership) is decided
by a unique index and ``ON CONFLICT``, which both engines implement alike. The tables are
``shared/control_schema.py``; the executors are ``sqlite/control.py`` and ``postgres/control.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Protocol

from contextlamp.domain.control_plane import (
    AccessTokenRecord,
    Membership,
    OAuthCodeRecord,
    OAuthGrant,
    OAuthTokenRecord,
    Project,
    Team,
    User,
    WebSession,
)
from contextlamp.errors import ConflictError, InvalidArgumentError, NotFoundError, StorageError
from contextlamp.storage.sqlite.control import SqliteExecutor
from contextlamp.text import is_id, new_id

Row = Mapping[str, Any]


class Executor(Protocol):
    """Runs ``?``-placeholder statements on one database."""

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a query."""
        ...

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; the number of rows it changed. Raises ``ConflictError`` on a unique violation."""
        ...

    def transaction(self) -> AbstractContextManager[Executor]:
        """An executor whose statements commit together (or not at all)."""
        ...

    def scrub(self) -> None:
        """After a deletion: leave no copy of deleted rows in logs the engine keeps (SQLite: checkpoint the
        WAL; PostgreSQL: nothing the server can do from a session, autovacuum reclaims)."""
        ...

    def close(self) -> None:
        """Release the connection (an executor over a shared pool releases nothing)."""
        ...


def _user(row: Row) -> User:
    return User(id=row["id"], name=row["name"], created_at=row["created_at"])


def _project(row: Row) -> Project:
    return Project(
        id=row["id"], slug=row["slug"], owner_id=row["owner_id"], name=row["name"], created_at=row["created_at"]
    )


def _token(row: Row) -> AccessTokenRecord:
    return AccessTokenRecord(
        id=row["id"],
        user_id=row["user_id"],
        name=row["name"],
        created_at=row["created_at"],
        expires_at=row["expires_at"],
        last_used_at=row["last_used_at"],
        revoked_at=row["revoked_at"],
    )


def _team(row: Row) -> Team:
    return Team(id=row["id"], slug=row["slug"], name=row["name"], created_at=row["created_at"])


def _grant(row: Row) -> OAuthGrant:
    return OAuthGrant(
        id=row["id"],
        client_id=row["client_id"],
        user_id=row["user_id"],
        resource=row["resource"],
        scopes=row["scopes"],
        created_at=row["created_at"],
        last_used_at=row["last_used_at"],
        revoked_at=row["revoked_at"],
    )


def _one(rows: list[Row]) -> Row | None:
    return rows[0] if rows else None


IMPORTED_BATCH = 500  # source keys per lookup (SQLite's default limit of host parameters is 32,766)

_IDENTITY = (
    "SELECT users.* FROM identities JOIN users ON users.id = identities.user_id WHERE issuer = ? AND subject = ?"
)


class SqlControlPlane:
    """The ``ControlPlane`` over an ``Executor`` (SQLite or PostgreSQL)."""

    def __init__(self, executor: Executor) -> None:
        self._db = executor

    # -- users ------------------------------------------------------------------------------------------

    def ensure_user(self, name: str, now: int) -> str:
        self._db.run(
            "INSERT INTO users (id, name, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING",
            (new_id("usr"), name, now),
        )
        row = _one(self._db.all("SELECT id FROM users WHERE name = ?", (name,)))
        if row is None:  # deleted between the two statements
            raise StorageError(f"user {name!r} vanished while being registered; retry")
        return str(row["id"])

    def create_user(self, name: str, now: int, user_id: str | None = None) -> User:
        try:
            self._db.run(
                "INSERT INTO users (id, name, created_at) VALUES (?, ?, ?)", (user_id or new_id("usr"), name, now)
            )
        except ConflictError as exc:
            raise InvalidArgumentError("name", f"a user named {name!r} (or with that id) already exists") from exc
        return _user(self._db.all("SELECT * FROM users WHERE name = ?", (name,))[0])

    def find_user(self, ref: str) -> User | None:
        column = "id" if is_id(ref, "usr") else "name"  # names never look like ids, so one column decides
        row = _one(self._db.all(f"SELECT * FROM users WHERE {column} = ?", (ref,)))
        return _user(row) if row else None

    def users(self) -> list[User]:
        return [_user(row) for row in self._db.all("SELECT * FROM users ORDER BY created_at, id")]

    def delete_user(self, user_id: str) -> list[str]:
        with self._db.transaction() as tx:
            projects = [str(r["id"]) for r in tx.all("SELECT id FROM projects WHERE owner_id = ?", (user_id,))]
            deleted = tx.run("DELETE FROM users WHERE id = ?", (user_id,))
        if not deleted:
            raise NotFoundError(f"No user {user_id!r}.")
        self._db.scrub()  # the deleted rows' old page images must not outlive them in a write-ahead log
        return [user_id, *projects]

    def user_for_identity(self, issuer: str, subject: str, name: str, now: int) -> User:
        row = _one(self._db.all(_IDENTITY, (issuer, subject)))
        if row is not None:
            return _user(row)
        with self._db.transaction() as tx:
            tx.run(
                "INSERT INTO users (id, name, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING",
                (new_id("usr"), name, now),
            )
            user = _user(tx.all("SELECT * FROM users WHERE name = ?", (name,))[0])
            tx.run(
                "INSERT INTO identities (issuer, subject, user_id, created_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (issuer, subject) DO NOTHING",
                (issuer, subject, user.id, now),
            )
            row = tx.all(_IDENTITY, (issuer, subject))[0]
        return _user(row)

    # -- tokens -----------------------------------------------------------------------------------------

    def add_token(
        self, user_id: str, name: str, token_hash: str, now: int, expires_at: int | None
    ) -> AccessTokenRecord:
        token_id = new_id("tok")
        self._db.run(
            "INSERT INTO tokens (id, user_id, name, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
            (token_id, user_id, name, token_hash, now, expires_at),
        )
        return _token(self._db.all("SELECT * FROM tokens WHERE id = ?", (token_id,))[0])

    def token_by_hash(self, token_hash: str) -> AccessTokenRecord | None:
        row = _one(self._db.all("SELECT * FROM tokens WHERE token_hash = ?", (token_hash,)))
        return _token(row) if row else None

    def tokens(self, user_id: str | None) -> list[AccessTokenRecord]:
        if user_id is None:
            rows = self._db.all("SELECT * FROM tokens ORDER BY created_at, id")
        else:
            rows = self._db.all("SELECT * FROM tokens WHERE user_id = ? ORDER BY created_at, id", (user_id,))
        return [_token(row) for row in rows]

    def revoke_token(self, token_id: str, now: int) -> bool:
        return bool(
            self._db.run("UPDATE tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", (now, token_id))
        )

    def token_hashes(self) -> list[tuple[AccessTokenRecord, str]]:
        return [
            (_token(row), str(row["token_hash"]))
            for row in self._db.all("SELECT * FROM tokens ORDER BY created_at, id")
        ]

    def restore_token(self, record: AccessTokenRecord, token_hash: str) -> None:
        self._db.run(
            "INSERT INTO tokens (id, user_id, name, token_hash, created_at, expires_at, last_used_at, revoked_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (
                record.id,
                record.user_id,
                record.name,
                token_hash,
                record.created_at,
                record.expires_at,
                record.last_used_at,
                record.revoked_at,
            ),
        )

    def identities(self) -> list[tuple[str, str, str, int]]:
        rows = self._db.all("SELECT * FROM identities ORDER BY created_at, issuer, subject")
        return [(str(r["issuer"]), str(r["subject"]), str(r["user_id"]), int(r["created_at"])) for r in rows]

    def restore_identity(self, issuer: str, subject: str, user_id: str, created_at: int) -> None:
        self._db.run(
            "INSERT INTO identities (issuer, subject, user_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (issuer, subject, user_id, created_at),
        )

    def touch_token(self, token_id: str, now: int) -> None:
        self._db.run("UPDATE tokens SET last_used_at = ? WHERE id = ?", (now, token_id))

    # -- projects ---------------------------------------------------------------------------------------

    def find_project(self, owner_id: str, ref: str) -> Project | None:
        row = _one(
            self._db.all("SELECT * FROM projects WHERE owner_id = ? AND (id = ? OR slug = ?)", (owner_id, ref, ref))
        )
        return _project(row) if row else None

    def create_project(self, owner_id: str, slug: str, now: int) -> Project:
        self._db.run(
            "INSERT INTO projects (id, slug, owner_id, name, created_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (owner_id, slug) DO NOTHING",
            (new_id("prj"), slug, owner_id, slug, now),
        )
        return _project(self._db.all("SELECT * FROM projects WHERE owner_id = ? AND slug = ?", (owner_id, slug))[0])

    def projects(self, owner_id: str) -> list[Project]:
        rows = self._db.all("SELECT * FROM projects WHERE owner_id = ? ORDER BY created_at, id", (owner_id,))
        return [_project(row) for row in rows]

    def restore_project(self, project: Project) -> Project:
        self._db.run(
            "INSERT INTO projects (id, slug, owner_id, name, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (project.id, project.slug, project.owner_id, project.name, project.created_at),
        )
        row = _one(
            self._db.all("SELECT * FROM projects WHERE owner_id = ? AND slug = ?", (project.owner_id, project.slug))
        )
        if row is None:  # the id is taken by another owner's project: keep the slug, take a fresh id
            return self.create_project(project.owner_id, project.slug, project.created_at)
        return _project(row)

    def project_for_path(self, owner_id: str, path: str) -> Project | None:
        row = _one(
            self._db.all(
                "SELECT projects.* FROM project_paths JOIN projects ON projects.id = project_paths.project_id "
                "WHERE project_paths.owner_id = ? AND project_paths.path = ?",
                (owner_id, path),
            )
        )
        return _project(row) if row else None

    def map_path(self, owner_id: str, path: str, project_id: str, now: int) -> None:
        self._db.run(
            "INSERT INTO project_paths (owner_id, path, project_id, created_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (owner_id, path) DO UPDATE SET project_id = excluded.project_id",
            (owner_id, path, project_id, now),
        )

    def project_paths(self, owner_id: str) -> list[tuple[str, str]]:
        rows = self._db.all(
            "SELECT project_id, path FROM project_paths WHERE owner_id = ? ORDER BY created_at, path", (owner_id,)
        )
        return [(str(r["project_id"]), str(r["path"])) for r in rows]

    def project_for_repository(self, owner_id: str, identity: str) -> Project | None:
        row = _one(
            self._db.all(
                "SELECT projects.* FROM repository_projects JOIN projects "
                "ON projects.id = repository_projects.project_id "
                "WHERE repository_projects.owner_id = ? AND repository_projects.identity = ?",
                (owner_id, identity),
            )
        )
        return _project(row) if row else None

    def map_repository(self, owner_id: str, identity: str, project_id: str, now: int) -> Project:
        self._db.run(
            "INSERT INTO repository_projects (owner_id, identity, project_id, created_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (owner_id, identity) DO NOTHING",
            (owner_id, identity, project_id, now),
        )
        found = self.project_for_repository(owner_id, identity)
        assert found is not None  # just inserted, or mapped by a concurrent call (its project wins)
        return found

    def repository_identities(self, project_id: str) -> list[str]:
        rows = self._db.all(
            "SELECT identity FROM repository_projects WHERE project_id = ? ORDER BY created_at, identity", (project_id,)
        )
        return [str(r["identity"]) for r in rows]

    # -- imports (issue #19) --------------------------------------------------------------------------

    def imported_keys(self, owner_id: str, store_id: str, keys: Sequence[str]) -> set[str]:
        found: set[str] = set()
        unique = sorted(set(keys))
        for start in range(0, len(unique), IMPORTED_BATCH):
            batch = unique[start : start + IMPORTED_BATCH]
            marks = ", ".join("?" for _ in batch)
            rows = self._db.all(
                f"SELECT source_key FROM imported WHERE owner_id = ? AND store_id = ? AND source_key IN ({marks})",
                (owner_id, store_id, *batch),
            )
            found.update(str(r["source_key"]) for r in rows)
        return found

    def record_imported(self, owner_id: str, store_id: str, key: str, target_id: str | None, now: int) -> None:
        self._db.run(
            "INSERT INTO imported (owner_id, store_id, source_key, target_id, imported_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (owner_id, store_id, source_key) DO NOTHING",
            (owner_id, store_id, key, target_id, now),
        )

    # -- teams ------------------------------------------------------------------------------------------

    def create_team(self, slug: str, name: str, now: int, team_id: str | None = None) -> Team:
        try:
            self._db.run(
                "INSERT INTO teams (id, slug, name, created_at) VALUES (?, ?, ?, ?)",
                (team_id or new_id("team"), slug, name, now),
            )
        except ConflictError as exc:
            raise InvalidArgumentError("slug", f"a team {slug!r} (or with that id) already exists") from exc
        return _team(self._db.all("SELECT * FROM teams WHERE slug = ?", (slug,))[0])

    def find_team(self, ref: str) -> Team | None:
        column = "id" if is_id(ref, "team") else "slug"
        row = _one(self._db.all(f"SELECT * FROM teams WHERE {column} = ?", (ref,)))
        return _team(row) if row else None

    def teams(self) -> list[Team]:
        return [_team(row) for row in self._db.all("SELECT * FROM teams ORDER BY created_at, id")]

    def set_member(self, team_id: str, user_id: str, role: str, now: int) -> None:
        self._db.run(
            "INSERT INTO team_members (team_id, user_id, role, added_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (team_id, user_id) DO UPDATE SET role = excluded.role",
            (team_id, user_id, role, now),
        )

    def remove_member(self, team_id: str, user_id: str) -> bool:
        return bool(self._db.run("DELETE FROM team_members WHERE team_id = ? AND user_id = ?", (team_id, user_id)))

    def members(self, team_id: str) -> list[Membership]:
        rows = self._db.all("SELECT * FROM team_members WHERE team_id = ? ORDER BY added_at, user_id", (team_id,))
        return [Membership(row["team_id"], row["user_id"], row["role"], row["added_at"]) for row in rows]

    def memberships(self, user_id: str) -> list[tuple[Team, str]]:
        rows = self._db.all(
            "SELECT teams.*, team_members.role FROM team_members JOIN teams ON teams.id = team_members.team_id "
            "WHERE team_members.user_id = ? ORDER BY teams.created_at, teams.id",
            (user_id,),
        )
        return [(_team(row), str(row["role"])) for row in rows]

    # -- the built-in OAuth server and web sign-in ------------------------------------------------------------

    def set_password(self, user_id: str, password_hash: str, now: int) -> None:
        self._db.run(
            "INSERT INTO passwords (user_id, hash, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET hash = excluded.hash, updated_at = excluded.updated_at",
            (user_id, password_hash, now),
        )

    def password_hash(self, user_id: str) -> str | None:
        row = _one(self._db.all("SELECT hash FROM passwords WHERE user_id = ?", (user_id,)))
        return str(row["hash"]) if row else None

    def add_oauth_client(self, client_id: str, metadata: str, now: int) -> None:
        self._db.run(
            "INSERT INTO oauth_clients (client_id, metadata, created_at) VALUES (?, ?, ?)", (client_id, metadata, now)
        )

    def oauth_client(self, client_id: str) -> str | None:
        row = _one(self._db.all("SELECT metadata FROM oauth_clients WHERE client_id = ?", (client_id,)))
        return str(row["metadata"]) if row else None

    def add_oauth_code(self, record: OAuthCodeRecord) -> None:
        self._db.run(
            "INSERT INTO oauth_codes (code_hash, client_id, user_id, request, expires_at) VALUES (?, ?, ?, ?, ?)",
            (record.code_hash, record.client_id, record.user_id, record.request, record.expires_at),
        )

    def oauth_code(self, code_hash: str) -> OAuthCodeRecord | None:
        row = _one(self._db.all("SELECT * FROM oauth_codes WHERE code_hash = ?", (code_hash,)))
        if row is None:
            return None
        return OAuthCodeRecord(row["code_hash"], row["client_id"], row["user_id"], row["request"], row["expires_at"])

    def take_oauth_code(self, code_hash: str) -> bool:
        return bool(self._db.run("DELETE FROM oauth_codes WHERE code_hash = ?", (code_hash,)))

    def add_oauth_grant(self, client_id: str, user_id: str, resource: str, scopes: str, now: int) -> OAuthGrant:
        grant_id = new_id("grant")
        self._db.run(
            "INSERT INTO oauth_grants (id, client_id, user_id, resource, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (grant_id, client_id, user_id, resource, scopes, now),
        )
        return _grant(self._db.all("SELECT * FROM oauth_grants WHERE id = ?", (grant_id,))[0])

    def oauth_grants(self, user_id: str) -> list[OAuthGrant]:
        rows = self._db.all("SELECT * FROM oauth_grants WHERE user_id = ? ORDER BY created_at, id", (user_id,))
        return [_grant(row) for row in rows]

    def revoke_oauth_grant(self, grant_id: str, now: int) -> bool:
        return bool(
            self._db.run("UPDATE oauth_grants SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", (now, grant_id))
        )

    def add_oauth_token(self, record: OAuthTokenRecord) -> None:
        self._db.run(
            "INSERT INTO oauth_tokens (token_hash, grant_id, kind, created_at, expires_at, used_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (record.token_hash, record.grant_id, record.kind, record.created_at, record.expires_at, record.used_at),
        )

    def oauth_token(self, token_hash: str) -> tuple[OAuthTokenRecord, OAuthGrant] | None:
        row = _one(self._db.all("SELECT * FROM oauth_tokens WHERE token_hash = ?", (token_hash,)))
        if row is None:
            return None
        grant = _one(self._db.all("SELECT * FROM oauth_grants WHERE id = ?", (row["grant_id"],)))
        if grant is None:
            return None
        token = OAuthTokenRecord(
            row["token_hash"], row["grant_id"], row["kind"], row["created_at"], row["expires_at"], row["used_at"]
        )
        return token, _grant(grant)

    def use_oauth_token(self, token_hash: str, now: int) -> bool:
        return bool(
            self._db.run(
                "UPDATE oauth_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL", (now, token_hash)
            )
        )

    def touch_oauth_grant(self, grant_id: str, now: int) -> None:
        self._db.run("UPDATE oauth_grants SET last_used_at = ? WHERE id = ?", (now, grant_id))

    def add_web_session(self, session: WebSession) -> None:
        self._db.run(
            "INSERT INTO web_sessions (session_hash, user_id, csrf, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
            (session.session_hash, session.user_id, session.csrf, session.created_at, session.expires_at),
        )

    def web_session(self, session_hash: str) -> WebSession | None:
        row = _one(self._db.all("SELECT * FROM web_sessions WHERE session_hash = ?", (session_hash,)))
        if row is None:
            return None
        return WebSession(row["session_hash"], row["user_id"], row["csrf"], row["created_at"], row["expires_at"])

    def end_web_session(self, session_hash: str) -> bool:
        return bool(self._db.run("DELETE FROM web_sessions WHERE session_hash = ?", (session_hash,)))

    def end_user_sign_ins(self, user_id: str, now: int) -> tuple[int, int]:
        with self._db.transaction() as tx:
            sessions = tx.run("DELETE FROM web_sessions WHERE user_id = ?", (user_id,))
            grants = tx.run(
                "UPDATE oauth_grants SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL", (now, user_id)
            )
        return sessions, grants

    def purge_oauth(self, now: int, unused_clients_before: int | None = None) -> int:
        with self._db.transaction() as tx:
            gone = (
                tx.run("DELETE FROM oauth_codes WHERE expires_at <= ?", (now,))
                + tx.run("DELETE FROM oauth_tokens WHERE expires_at <= ?", (now,))
                + tx.run("DELETE FROM web_sessions WHERE expires_at <= ?", (now,))
            )
            if unused_clients_before is not None:
                gone += tx.run(
                    "DELETE FROM oauth_clients WHERE created_at <= ? "
                    "AND NOT EXISTS (SELECT 1 FROM oauth_grants g WHERE g.client_id = oauth_clients.client_id) "
                    "AND NOT EXISTS (SELECT 1 FROM oauth_codes c WHERE c.client_id = oauth_clients.client_id)",
                    (unused_clients_before,),
                )
            return gone

    def close(self) -> None:
        self._db.close()


def sqlite_control_plane(path: Path) -> SqlControlPlane:
    """The control plane in one SQLite file (created and migrated on first use).

    Raises:
        StorageError: the file cannot be opened.
    """
    return SqlControlPlane(SqliteExecutor(path))
