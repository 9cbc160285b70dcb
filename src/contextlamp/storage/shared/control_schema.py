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

# the built-in OAuth 2.1 authorization server and the web sign-in (web/oauth.py): passwords (argon2id hashes),
# registered clients (RFC 7591, their metadata as JSON), pending authorizations and codes (hashed, single use),
# grants (one per user and client sign-in: a "connected app") and their access and refresh tokens (hashed);
# browser sessions (hashed). Every secret is stored as its SHA-256 only, like the personal tokens.
_OAUTH = """
    CREATE TABLE IF NOT EXISTS passwords (
        user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        hash TEXT NOT NULL,
        updated_at {time} NOT NULL
    );
    CREATE TABLE IF NOT EXISTS oauth_clients (
        client_id TEXT PRIMARY KEY,
        metadata TEXT NOT NULL,
        created_at {time} NOT NULL
    );
    CREATE TABLE IF NOT EXISTS oauth_codes (
        code_hash TEXT PRIMARY KEY,
        client_id TEXT NOT NULL REFERENCES oauth_clients(client_id) ON DELETE CASCADE,
        user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
        request TEXT NOT NULL,
        expires_at {time} NOT NULL
    );
    CREATE TABLE IF NOT EXISTS oauth_grants (
        id TEXT PRIMARY KEY,
        client_id TEXT NOT NULL REFERENCES oauth_clients(client_id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        resource TEXT NOT NULL,
        scopes TEXT NOT NULL,
        created_at {time} NOT NULL,
        last_used_at {time},
        revoked_at {time}
    );
    CREATE INDEX IF NOT EXISTS oauth_grants_user ON oauth_grants(user_id);
    CREATE TABLE IF NOT EXISTS oauth_tokens (
        token_hash TEXT PRIMARY KEY,
        grant_id TEXT NOT NULL REFERENCES oauth_grants(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
        created_at {time} NOT NULL,
        expires_at {time} NOT NULL,
        used_at {time}
    );
    CREATE INDEX IF NOT EXISTS oauth_tokens_grant ON oauth_tokens(grant_id);
    CREATE TABLE IF NOT EXISTS web_sessions (
        session_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        csrf TEXT NOT NULL,
        created_at {time} NOT NULL,
        expires_at {time} NOT NULL
    );
"""


def oauth_tables(time_type: str) -> str:
    """The DDL of the OAuth server and web sign-in tables (``_OAUTH``): SQLite's control migration 5,
    PostgreSQL's migration 6; ``time_type`` as in ``control_tables`` (times here are ms since the epoch)."""
    return _OAUTH.format(time=time_type)


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


# which repository identity maps to which project (issue #27.3: hooks/repo.py's identity, a full normalised remote
# or a path, never a bare name); SQLite control migration 7, PostgreSQL migration 9. The folders of project_paths
# stay for display and for adopting a mapping made before this table (MemoryService.project_for_repository)
_REPOSITORY_PROJECTS = """
    CREATE TABLE IF NOT EXISTS repository_projects (
        owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        identity TEXT NOT NULL,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        created_at {time} NOT NULL,
        PRIMARY KEY (owner_id, identity)
    );
    CREATE INDEX IF NOT EXISTS repository_projects_project ON repository_projects(project_id);
"""


def repository_projects_table(time_type: str) -> str:
    """The DDL of the repository-identity-to-project mapping (``repository_projects``), ``time_type`` as in
    ``control_tables``."""
    return _REPOSITORY_PROJECTS.format(time=time_type)


# what was imported from other memory tools (issue #19, app/importing.py): one row per record of a source
# (``source_key``: SHA-256 hex of the format and the source's own key, never its text) and the store it went to,
# so a second import adds nothing and never brings back a memory forgotten since; SQLite control migration 6,
# PostgreSQL migration 7
_IMPORTED = """
    CREATE TABLE IF NOT EXISTS imported (
        owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        store_id TEXT NOT NULL,
        source_key TEXT NOT NULL,
        target_id TEXT,
        imported_at {time} NOT NULL,
        PRIMARY KEY (owner_id, store_id, source_key)
    );
"""


def imported_table(time_type: str) -> str:
    """The DDL of the record of imported source keys (``imported``), ``time_type`` as in ``control_tables``."""
    return _IMPORTED.format(time=time_type)


def control_tables(time_type: str) -> tuple[str, str, str]:
    """The three groups of control-plane DDL (users and projects; tokens and identities; teams and members),
    each a script of ``;``-separated statements, with ``time_type`` the column type of a Unix time in
    seconds (``"INTEGER"`` on SQLite, ``"bigint"`` on PostgreSQL)."""
    return (
        _USERS_AND_PROJECTS.format(time=time_type),
        _TOKENS_AND_IDENTITIES.format(time=time_type),
        _TEAMS.format(time=time_type),
    )
