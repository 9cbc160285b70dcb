"""The control plane's tables (users, projects, tokens, identities, teams, members), written once for both
engines: the statements are the same but for the type of a time (``integer`` names: SQLite ``INTEGER``,
whose integers are 64-bit; PostgreSQL ``bigint``).

SQLite applies the three groups as its control database's migrations 1, 2 and 3 (``sqlite/control.py``);
PostgreSQL creates them all in its migration 1 (``postgres/schema.py``), next to the stores' tables. Their
numbering and effects are fixed: existing databases were built by them.
"""

from __future__ import annotations

_USERS_AND_PROJECTS = """
    CREATE TABLE IF NOT EXISTS users (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        created_at {time} NOT NULL
    );
    CREATE TABLE IF NOT EXISTS projects (
        id TEXT PRIMARY KEY,
        slug TEXT NOT NULL,
        owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        created_at {time} NOT NULL,
        UNIQUE (owner_id, slug)
    );
"""
# personal access tokens (hash only) and external identities (OIDC issuer + sub) for the HTTP server
_TOKENS_AND_IDENTITIES = """
    CREATE TABLE IF NOT EXISTS tokens (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        created_at {time} NOT NULL,
        expires_at {time},
        last_used_at {time},
        revoked_at {time}
    );
    CREATE INDEX IF NOT EXISTS tokens_user ON tokens(user_id);
    CREATE TABLE IF NOT EXISTS identities (
        issuer TEXT NOT NULL,
        subject TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at {time} NOT NULL,
        PRIMARY KEY (issuer, subject)
    );
"""
# teams and their members (a team's learnings live in the store named by the team id)
_TEAMS = """
    CREATE TABLE IF NOT EXISTS teams (
        id TEXT PRIMARY KEY,
        slug TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        created_at {time} NOT NULL
    );
    CREATE TABLE IF NOT EXISTS team_members (
        team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('member', 'admin')),
        added_at {time} NOT NULL,
        PRIMARY KEY (team_id, user_id)
    );
    CREATE INDEX IF NOT EXISTS team_members_user ON team_members(user_id);
"""


# which repository folder maps to which project (issue #15.4: a hook's session in a repository is saved into the
# project named after it); SQLite control migration 4, PostgreSQL migration 5
_PROJECT_PATHS = """
    CREATE TABLE IF NOT EXISTS project_paths (
        owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        path TEXT NOT NULL,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        created_at {time} NOT NULL,
        PRIMARY KEY (owner_id, path)
    );
    CREATE INDEX IF NOT EXISTS project_paths_project ON project_paths(project_id);
"""


def project_paths_table(time_type: str) -> str:
    """The DDL of the repository-to-project mapping (``project_paths``), ``time_type`` as in ``control_tables``."""
    return _PROJECT_PATHS.format(time=time_type)


def control_tables(time_type: str) -> tuple[str, str, str]:
    """The three groups of control-plane DDL (users and projects; tokens and identities; teams and members),
    each a script of ``;``-separated statements, with ``time_type`` the column type of a Unix time in
    seconds (``"INTEGER"`` on SQLite, ``"bigint"`` on PostgreSQL)."""
    return (
        _USERS_AND_PROJECTS.format(time=time_type),
        _TOKENS_AND_IDENTITIES.format(time=time_type),
        _TEAMS.format(time=time_type),
    )
