"""SQLite control plane: users, access tokens, OIDC identities and projects in ``<home>/control.db``."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from contextlamp.errors import InvalidArgumentError, NotFoundError
from contextlamp.storage.base import AccessTokenRecord, Membership, Project, Team, User
from contextlamp.storage.sqlite import connect, migrate
from contextlamp.text import new_id

CONTROL_MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE IF NOT EXISTS users (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS projects (
        id TEXT PRIMARY KEY,
        slug TEXT NOT NULL,
        owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        UNIQUE (owner_id, slug)
    );
    """,
    # 2: personal access tokens (hash only) and external identities (OIDC issuer + sub) for the HTTP server
    """
    CREATE TABLE IF NOT EXISTS tokens (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL,
        expires_at INTEGER,
        last_used_at INTEGER,
        revoked_at INTEGER
    );
    CREATE INDEX IF NOT EXISTS tokens_user ON tokens(user_id);
    CREATE TABLE IF NOT EXISTS identities (
        issuer TEXT NOT NULL,
        subject TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (issuer, subject)
    );
    """,
    # 3: teams and their members (a team's learnings live in the store named by the team id)
    """
    CREATE TABLE IF NOT EXISTS teams (
        id TEXT PRIMARY KEY,
        slug TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        created_at INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS team_members (
        team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('member', 'admin')),
        added_at INTEGER NOT NULL,
        PRIMARY KEY (team_id, user_id)
    );
    CREATE INDEX IF NOT EXISTS team_members_user ON team_members(user_id);
    """,
)


def _project(row: sqlite3.Row) -> Project:
    return Project(
        id=row["id"], slug=row["slug"], owner_id=row["owner_id"], name=row["name"], created_at=row["created_at"]
    )


def _user(row: sqlite3.Row) -> User:
    return User(id=row["id"], name=row["name"], created_at=row["created_at"])


def _token(row: sqlite3.Row) -> AccessTokenRecord:
    return AccessTokenRecord(
        id=row["id"],
        user_id=row["user_id"],
        name=row["name"],
        created_at=row["created_at"],
        expires_at=row["expires_at"],
        last_used_at=row["last_used_at"],
        revoked_at=row["revoked_at"],
    )


def _team(row: sqlite3.Row) -> Team:
    return Team(id=row["id"], slug=row["slug"], name=row["name"], created_at=row["created_at"])


class SqliteControlPlane:
    """A ``ControlPlane`` in one SQLite file; safe across threads and processes (unique indexes decide races)."""

    def __init__(self, path: Path) -> None:
        self._conn = connect(path)
        self._lock = threading.RLock()
        migrate(self._conn, CONTROL_MIGRATIONS)

    def ensure_user(self, name: str, now: int) -> str:
        with self._lock:
            self._conn.execute(
                "INSERT INTO users(id, name, created_at) VALUES (?, ?, ?) ON CONFLICT(name) DO NOTHING",
                (new_id("usr"), name, now),
            )
            return str(self._conn.execute("SELECT id FROM users WHERE name = ?", (name,)).fetchone()["id"])

    def create_user(self, name: str, now: int, user_id: str | None = None) -> User:
        with self._lock:
            try:
                self._conn.execute(
                    "INSERT INTO users(id, name, created_at) VALUES (?, ?, ?)", (user_id or new_id("usr"), name, now)
                )
            except sqlite3.IntegrityError as exc:
                raise InvalidArgumentError("name", f"a user named {name!r} (or with that id) already exists") from exc
            return _user(self._conn.execute("SELECT * FROM users WHERE name = ?", (name,)).fetchone())

    def find_user(self, ref: str) -> User | None:
        with self._lock:
            row = self._conn.execute("SELECT * FROM users WHERE id = ? OR name = ?", (ref, ref)).fetchone()
        return _user(row) if row else None

    def users(self) -> list[User]:
        with self._lock:
            rows = self._conn.execute("SELECT * FROM users ORDER BY created_at, id").fetchall()
        return [_user(row) for row in rows]

    def delete_user(self, user_id: str) -> list[str]:
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                projects = [
                    r["id"] for r in self._conn.execute("SELECT id FROM projects WHERE owner_id = ?", (user_id,))
                ]
                deleted = self._conn.execute("DELETE FROM users WHERE id = ?", (user_id,)).rowcount
                self._conn.execute("COMMIT")
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
        if not deleted:
            raise NotFoundError(f"No user {user_id!r}.")
        return [user_id, *projects]

    def user_for_identity(self, issuer: str, subject: str, name: str, now: int) -> User:
        with self._lock:
            row = self._conn.execute(
                "SELECT users.* FROM identities JOIN users ON users.id = identities.user_id "
                "WHERE issuer = ? AND subject = ?",
                (issuer, subject),
            ).fetchone()
            if row is not None:
                return _user(row)
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                self._conn.execute(
                    "INSERT INTO users(id, name, created_at) VALUES (?, ?, ?) ON CONFLICT(name) DO NOTHING",
                    (new_id("usr"), name, now),
                )
                user = _user(self._conn.execute("SELECT * FROM users WHERE name = ?", (name,)).fetchone())
                self._conn.execute(
                    "INSERT INTO identities(issuer, subject, user_id, created_at) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT(issuer, subject) DO NOTHING",
                    (issuer, subject, user.id, now),
                )
                row = self._conn.execute(
                    "SELECT users.* FROM identities JOIN users ON users.id = identities.user_id "
                    "WHERE issuer = ? AND subject = ?",
                    (issuer, subject),
                ).fetchone()
                self._conn.execute("COMMIT")
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
        return _user(row)

    def add_token(
        self, user_id: str, name: str, token_hash: str, now: int, expires_at: int | None
    ) -> AccessTokenRecord:
        with self._lock:
            token_id = new_id("tok")
            self._conn.execute(
                "INSERT INTO tokens(id, user_id, name, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
                (token_id, user_id, name, token_hash, now, expires_at),
            )
            return _token(self._conn.execute("SELECT * FROM tokens WHERE id = ?", (token_id,)).fetchone())

    def token_by_hash(self, token_hash: str) -> AccessTokenRecord | None:
        with self._lock:
            row = self._conn.execute("SELECT * FROM tokens WHERE token_hash = ?", (token_hash,)).fetchone()
        return _token(row) if row else None

    def tokens(self, user_id: str | None) -> list[AccessTokenRecord]:
        with self._lock:
            if user_id is None:
                rows = self._conn.execute("SELECT * FROM tokens ORDER BY created_at, id").fetchall()
            else:
                rows = self._conn.execute(
                    "SELECT * FROM tokens WHERE user_id = ? ORDER BY created_at, id", (user_id,)
                ).fetchall()
        return [_token(row) for row in rows]

    def revoke_token(self, token_id: str, now: int) -> bool:
        with self._lock:
            changed = self._conn.execute(
                "UPDATE tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", (now, token_id)
            ).rowcount
        return bool(changed)

    def touch_token(self, token_id: str, now: int) -> None:
        with self._lock:
            self._conn.execute("UPDATE tokens SET last_used_at = ? WHERE id = ?", (now, token_id))

    def restore_project(self, project: Project) -> Project:
        with self._lock:
            self._conn.execute(
                "INSERT INTO projects(id, slug, owner_id, name, created_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT DO NOTHING",
                (project.id, project.slug, project.owner_id, project.name, project.created_at),
            )
            row = self._conn.execute(
                "SELECT * FROM projects WHERE owner_id = ? AND slug = ?", (project.owner_id, project.slug)
            ).fetchone()
        if row is None:  # the id is taken by another owner's project: keep the slug, take a fresh id
            return self.create_project(project.owner_id, project.slug, project.created_at)
        return _project(row)

    def create_team(self, slug: str, name: str, now: int, team_id: str | None = None) -> Team:
        with self._lock:
            try:
                self._conn.execute(
                    "INSERT INTO teams(id, slug, name, created_at) VALUES (?, ?, ?, ?)",
                    (team_id or new_id("team"), slug, name, now),
                )
            except sqlite3.IntegrityError as exc:
                raise InvalidArgumentError("slug", f"a team {slug!r} (or with that id) already exists") from exc
            return _team(self._conn.execute("SELECT * FROM teams WHERE slug = ?", (slug,)).fetchone())

    def find_team(self, ref: str) -> Team | None:
        with self._lock:
            row = self._conn.execute("SELECT * FROM teams WHERE id = ? OR slug = ?", (ref, ref)).fetchone()
        return _team(row) if row else None

    def teams(self) -> list[Team]:
        with self._lock:
            rows = self._conn.execute("SELECT * FROM teams ORDER BY created_at, id").fetchall()
        return [_team(row) for row in rows]

    def set_member(self, team_id: str, user_id: str, role: str, now: int) -> None:
        with self._lock:
            self._conn.execute(
                "INSERT INTO team_members(team_id, user_id, role, added_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(team_id, user_id) DO UPDATE SET role = excluded.role",
                (team_id, user_id, role, now),
            )

    def remove_member(self, team_id: str, user_id: str) -> bool:
        with self._lock:
            removed = self._conn.execute(
                "DELETE FROM team_members WHERE team_id = ? AND user_id = ?", (team_id, user_id)
            ).rowcount
        return bool(removed)

    def members(self, team_id: str) -> list[Membership]:
        with self._lock:
            rows = self._conn.execute(
                "SELECT * FROM team_members WHERE team_id = ? ORDER BY added_at, user_id", (team_id,)
            ).fetchall()
        return [Membership(row["team_id"], row["user_id"], row["role"], row["added_at"]) for row in rows]

    def memberships(self, user_id: str) -> list[tuple[Team, str]]:
        with self._lock:
            rows = self._conn.execute(
                "SELECT teams.*, team_members.role FROM team_members JOIN teams ON teams.id = team_members.team_id "
                "WHERE team_members.user_id = ? ORDER BY teams.created_at, teams.id",
                (user_id,),
            ).fetchall()
        return [(_team(row), str(row["role"])) for row in rows]

    def find_project(self, owner_id: str, ref: str) -> Project | None:
        with self._lock:
            row = self._conn.execute(
                "SELECT * FROM projects WHERE owner_id = ? AND (id = ? OR slug = ?)", (owner_id, ref, ref)
            ).fetchone()
        return _project(row) if row else None

    def create_project(self, owner_id: str, slug: str, now: int) -> Project:
        with self._lock:
            self._conn.execute(
                "INSERT INTO projects(id, slug, owner_id, name, created_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT(owner_id, slug) DO NOTHING",
                (new_id("prj"), slug, owner_id, slug, now),
            )
            row = self._conn.execute(
                "SELECT * FROM projects WHERE owner_id = ? AND slug = ?", (owner_id, slug)
            ).fetchone()
        return _project(row)

    def projects(self, owner_id: str) -> list[Project]:
        with self._lock:
            rows = self._conn.execute(
                "SELECT * FROM projects WHERE owner_id = ? ORDER BY created_at, id", (owner_id,)
            ).fetchall()
        return [_project(row) for row in rows]

    def close(self) -> None:
        with self._lock:
            self._conn.close()
