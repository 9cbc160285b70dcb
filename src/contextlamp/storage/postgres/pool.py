"""A connection pool to one PostgreSQL database with contextlamp's schema applied, and the one translation of
``psycopg`` errors for this backend (``map_errors``).

psycopg 3 with a ``psycopg_pool.ConnectionPool``; pgvector's psycopg adapter for ``vector`` values.
"""

from __future__ import annotations

import logging
from collections.abc import Generator, Sequence
from contextlib import contextmanager
from typing import Any, cast

import psycopg
from pgvector.psycopg import register_vector  # pyright: ignore[reportMissingTypeStubs]
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

from contextlamp.errors import ConflictError, EmbeddingMismatchError, StorageError
from contextlamp.storage.postgres.schema import MIGRATION_LOCK, migrations
from contextlamp.storage.shared.usage import DeferredUses

logger = logging.getLogger(__name__)


def recorded_embedder(url: str) -> str | None:
    """The embedding model identity the database at ``url`` records (``cl_meta.embedder``); None for a
    database contextlamp has not set up yet.

    Raises:
        StorageError: the database cannot be reached.
    """
    try:
        with psycopg.connect(url, autocommit=True) as conn:
            if conn.execute("SELECT to_regclass('cl_meta')").fetchone() in (None, (None,)):
                return None
            row = conn.execute("SELECT value FROM cl_meta WHERE key = 'embedder'").fetchone()
    except psycopg.Error as exc:
        raise StorageError(f"Cannot use the PostgreSQL database: {type(exc).__name__}: {exc}") from exc
    return None if row is None else str(row[0])


class PostgresDatabase:
    """A connection pool to one PostgreSQL database with contextlamp's schema applied.

    Raises (constructor):
        StorageError: the database cannot be reached, or the schema cannot be applied (e.g. no pgvector).
        EmbeddingMismatchError: the database holds vectors of another embedding model or dimension.
    """

    def __init__(self, url: str, embedder_identity: str, dim: int, pool_size: int = 10) -> None:
        self.dim = dim
        self.identity = embedder_identity  # the model of the vectors this process writes (PostgresWriter)
        try:
            self._bootstrap(url, embedder_identity, dim)
            self.pool = ConnectionPool(
                url,
                min_size=1,
                max_size=pool_size,
                kwargs={"row_factory": dict_row, "autocommit": True},
                configure=_configure,
                open=True,
                name="contextlamp",
            )
        except psycopg.Error as exc:
            raise StorageError(f"Cannot use the PostgreSQL database: {type(exc).__name__}: {exc}") from exc

    @staticmethod
    def _bootstrap(url: str, identity: str, dim: int) -> None:
        connection = cast(
            psycopg.Connection[dict[str, Any]],
            psycopg.connect(url, autocommit=True, row_factory=cast(Any, dict_row)),
        )
        with connection as conn:
            conn.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
            try:
                conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations "
                    "(version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
                )
                row = conn.execute("SELECT coalesce(max(version), 0) AS v FROM schema_migrations").fetchone()
                current = int(row["v"]) if row else 0
                for number, script in enumerate(migrations(dim), start=1):
                    if number <= current:
                        continue
                    with conn.transaction():
                        if isinstance(script, str):
                            conn.execute(cast(Any, script))
                        else:
                            script(conn)
                        conn.execute("INSERT INTO schema_migrations (version) VALUES (%s)", (number,))
                    logger.info("applied PostgreSQL migration %d", number)
                with conn.transaction():
                    conn.execute(
                        "INSERT INTO cl_meta (key, value) VALUES ('embedder', %s) ON CONFLICT (key) DO NOTHING",
                        (identity,),
                    )
                    stored = conn.execute("SELECT value FROM cl_meta WHERE key = 'embedder'").fetchone()
            finally:
                conn.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))
        if stored is not None and stored["value"] != identity:
            raise EmbeddingMismatchError(
                f"The PostgreSQL database holds vectors of embedding model {stored['value']!r}, but the configured "
                f"model is {identity!r}. Set CONTEXTLAMP_EMBEDDER back to that model, or move the database to the "
                "configured one with `contextlamp reembed --to <its CONTEXTLAMP_EMBEDDER name>`."
            )

    def entries_unless(self, identity: str) -> int:
        """Every entry of the database, or 0 when it already records ``identity`` (``reembed``'s work)."""
        with self.transaction() as conn:
            row = conn.execute("SELECT value FROM cl_meta WHERE key = 'embedder'").fetchone()
            if row is not None and row["value"] == identity:
                return 0
            counted = conn.execute("SELECT count(*) AS n FROM entries").fetchone()
        return int(counted["n"]) if counted else 0

    @contextmanager
    def transaction(self) -> Generator[psycopg.Connection[dict[str, Any]]]:
        """A pooled connection inside one transaction.

        Raises:
            StorageError: the database failed (the transaction is rolled back).
        """
        with map_errors(), self.pool.connection() as conn, conn.transaction():
            yield cast(psycopg.Connection[dict[str, Any]], conn)

    def read(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """Rows of one query (autocommit: sees every committed write at once)."""
        with map_errors(), self.pool.connection() as conn:
            return conn.execute(cast(Any, sql), params).fetchall()

    def drop_store(self, store_id: str) -> None:
        """Delete every row of one store."""
        with self.transaction() as conn:
            for table in ("session_learnings", "sessions", "corroborations", "vectors", "entries"):
                conn.execute(cast(Any, f"DELETE FROM {table} WHERE store_id = %s"), (store_id,))

    def close(self) -> None:
        """Close the pool."""
        self.pool.close()


@contextmanager
def map_errors() -> Generator[None]:
    """The one translation of ``psycopg`` errors for this backend (the pool's ``PoolTimeout`` is one too).

    Raises:
        ConflictError: a unique constraint was broken (``UniqueViolation``).
        StorageError: any other ``psycopg.Error``.
    """
    try:
        yield
    except psycopg.errors.UniqueViolation as exc:
        raise ConflictError(f"PostgreSQL: {exc}") from exc
    except psycopg.Error as exc:
        raise StorageError(f"PostgreSQL: {type(exc).__name__}: {exc}") from exc


def _configure(conn: psycopg.Connection[Any]) -> None:
    register_vector(conn)


class StoreRows(DeferredUses):
    """One store (``store_id``) in a ``PostgresDatabase``: what the parts of a ``PostgresStore`` share (and its
    pending reuse counts, storage/shared/usage.py)."""

    def __init__(self, db: PostgresDatabase, store_id: str) -> None:
        self.db = db
        self.store_id = store_id
        self.init_uses()
