"""PostgreSQL + pgvector store backend: every store of every user in one schema, for many server replicas.

Layout: each table carries ``store_id`` (``usr_…``, ``prj_…``, ``team_…``) as the first column of its primary
key, so a store is a key range and the schema shards by it (Citus: ``create_distributed_table(…, 'store_id')``,
docs/postgres.md). Dedupe is atomic through ``UNIQUE (store_id, content_key)`` with ``ON CONFLICT``;
supersession of a topic is serialised by a transaction-scoped advisory lock on ``(store_id, topic)``, so two
replicas saving one topic at once leave exactly one current entry. Keyword search: a ``tsvector`` with the
``english`` configuration (Snowball stemming) and a GIN index, ranked by ``ts_rank_cd``. Vectors:
``vector(dim)`` rows (content and each likely question) with an HNSW index (cosine); the per-store filter
keeps the scan to one store, so small stores are searched exactly. Nothing is cached in the process: every
read sees every replica's writes at once.

psycopg 3 with a ``psycopg_pool.ConnectionPool``; pgvector's psycopg adapter for ``vector`` values. Schema
migrations are numbered, applied at start-up under an advisory lock, and recorded in ``schema_migrations``.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Generator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import psycopg
from pgvector.psycopg import register_vector  # pyright: ignore[reportMissingTypeStubs]
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

from contextlamp.domain.embedding import Vectors
from contextlamp.domain.models import (
    ENTRY_FIELDS,
    LIST_FIELDS,
    Entry,
    MemoryType,
    SessionDigest,
    entry_values,
)
from contextlamp.domain.ports import EmbedFn, Finding

if TYPE_CHECKING:
    from contextlamp.storage.postgres_writer import PostgresWriter
from contextlamp.errors import ConflictError, EmbeddingMismatchError, StorageError
from contextlamp.segmenting import SCRIPT_BRACKET, index_text, is_prefix_term, needs_segmenting

logger = logging.getLogger(__name__)

MIGRATION_LOCK = 7_406_011  # pg_advisory_lock key: one migrating process at a time
HNSW_EF_SEARCH = 100  # pgvector's hnsw.ef_search for filtered searches (default 40 is thin after a filter)
HNSW_MAX_EF_SEARCH = 1000  # pgvector accepts 1..1000
VECTOR_FANOUT = 8  # candidates per wanted entry: sizes hnsw.ef_search (one vector an entry since migration 2)
MIGRATION_BATCH = 1000  # rows a data migration or doctor reads at a time

Migration = str | Callable[[psycopg.Connection[Any]], None]  # a SQL script, or a data migration run in Python


def migrations(dim: int) -> tuple[Migration, ...]:
    """The numbered schema migrations (``dim``: the embedding dimension of the vector columns); a migration is
    a SQL script, or a function of the connection (inside the migration's transaction)."""
    return (
        # 1: stores, vectors, sessions, corroborations, control plane
        f"""
        CREATE EXTENSION IF NOT EXISTS vector;
        CREATE TABLE IF NOT EXISTS cl_meta (key text PRIMARY KEY, value text NOT NULL);
        CREATE TABLE IF NOT EXISTS entries (
            store_id text NOT NULL,
            id text NOT NULL,
            content text NOT NULL,
            content_key text NOT NULL,
            memory_type text NOT NULL,
            kind text NOT NULL,
            topic text,
            tags text[] NOT NULL DEFAULT '{{}}',
            questions text[] NOT NULL DEFAULT '{{}}',
            source_surface text NOT NULL,
            created_at bigint NOT NULL,
            expires_at bigint,
            superseded_by text,
            superseded_at bigint,
            reuse_count integer NOT NULL DEFAULT 0,
            last_used_surface text,
            last_used_at bigint,
            contributed_by text,
            trust text,
            tsv tsvector NOT NULL,
            PRIMARY KEY (store_id, id),
            UNIQUE (store_id, content_key)
        );
        CREATE INDEX IF NOT EXISTS entries_tsv ON entries USING gin (tsv);
        CREATE INDEX IF NOT EXISTS entries_live_topic ON entries (store_id, topic) WHERE superseded_by IS NULL;
        CREATE INDEX IF NOT EXISTS entries_created ON entries (store_id, created_at DESC, id DESC);
        CREATE INDEX IF NOT EXISTS entries_expires ON entries (store_id, expires_at) WHERE expires_at IS NOT NULL;
        CREATE INDEX IF NOT EXISTS entries_superseded_by ON entries (store_id, superseded_by)
            WHERE superseded_by IS NOT NULL;
        CREATE INDEX IF NOT EXISTS entries_contributor ON entries (store_id, contributed_by)
            WHERE contributed_by IS NOT NULL;
        CREATE TABLE IF NOT EXISTS vectors (
            store_id text NOT NULL,
            entry_id text NOT NULL,
            ord integer NOT NULL,
            embedding vector({dim}) NOT NULL,
            PRIMARY KEY (store_id, entry_id, ord),
            FOREIGN KEY (store_id, entry_id) REFERENCES entries (store_id, id) ON DELETE CASCADE
        );
        CREATE INDEX IF NOT EXISTS vectors_hnsw ON vectors USING hnsw (embedding vector_cosine_ops);
        CREATE TABLE IF NOT EXISTS corroborations (
            store_id text NOT NULL,
            entry_id text NOT NULL,
            user_id text NOT NULL,
            at bigint NOT NULL,
            similarity double precision NOT NULL,
            PRIMARY KEY (store_id, entry_id, user_id),
            FOREIGN KEY (store_id, entry_id) REFERENCES entries (store_id, id) ON DELETE CASCADE
        );
        CREATE TABLE IF NOT EXISTS sessions (
            store_id text NOT NULL,
            id text NOT NULL,
            label text NOT NULL,
            summary text NOT NULL,
            source_surface text NOT NULL,
            created_at bigint NOT NULL,
            PRIMARY KEY (store_id, id)
        );
        CREATE INDEX IF NOT EXISTS sessions_created ON sessions (store_id, created_at DESC, id DESC);
        CREATE TABLE IF NOT EXISTS session_learnings (
            store_id text NOT NULL,
            session_id text NOT NULL,
            ord integer NOT NULL,
            learning_store_id text NOT NULL,
            entry_id text NOT NULL,
            PRIMARY KEY (store_id, session_id, ord),
            FOREIGN KEY (store_id, session_id) REFERENCES sessions (store_id, id) ON DELETE CASCADE
        );
        CREATE INDEX IF NOT EXISTS session_learnings_entry ON session_learnings (store_id, entry_id);
        CREATE TABLE IF NOT EXISTS users (
            id text PRIMARY KEY,
            name text NOT NULL UNIQUE,
            created_at bigint NOT NULL
        );
        CREATE TABLE IF NOT EXISTS projects (
            id text PRIMARY KEY,
            slug text NOT NULL,
            owner_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            name text NOT NULL,
            created_at bigint NOT NULL,
            UNIQUE (owner_id, slug)
        );
        CREATE TABLE IF NOT EXISTS tokens (
            id text PRIMARY KEY,
            user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            name text NOT NULL,
            token_hash text NOT NULL UNIQUE,
            created_at bigint NOT NULL,
            expires_at bigint,
            last_used_at bigint,
            revoked_at bigint
        );
        CREATE INDEX IF NOT EXISTS tokens_user ON tokens (user_id);
        CREATE TABLE IF NOT EXISTS identities (
            issuer text NOT NULL,
            subject text NOT NULL,
            user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            created_at bigint NOT NULL,
            PRIMARY KEY (issuer, subject)
        );
        CREATE TABLE IF NOT EXISTS teams (
            id text PRIMARY KEY,
            slug text NOT NULL UNIQUE,
            name text NOT NULL,
            created_at bigint NOT NULL
        );
        CREATE TABLE IF NOT EXISTS team_members (
            team_id text NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
            user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            role text NOT NULL CHECK (role IN ('member', 'admin')),
            added_at bigint NOT NULL,
            PRIMARY KEY (team_id, user_id)
        );
        CREATE INDEX IF NOT EXISTS team_members_user ON team_members (user_id);
        """,
        # 2: one vector per entry, its content and likely questions folded (retrieval/folding.py): the
        # L2-normalised sum of an entry's vectors, in pgvector (sum: 0.5.0, l2_normalize: 0.7.0)
        # (no temporary table: some managed databases deny TEMPORARY to application roles)
        """
        WITH folded AS (
            SELECT store_id, entry_id, l2_normalize(sum(embedding)) AS embedding FROM vectors
            GROUP BY store_id, entry_id HAVING count(*) > 1
        )
        UPDATE vectors v SET embedding = f.embedding FROM folded f
            WHERE v.store_id = f.store_id AND v.entry_id = f.entry_id AND v.ord = 0;
        DELETE FROM vectors WHERE ord > 0;
        """,
        # 3: runs of spaceless scripts (Chinese, Japanese, Korean, Thai...) indexed as bigrams (segmenting.index_text)
        _segment_tsv,
        # 4: reuse counts are 64-bit like SQLite's INTEGER: a count past 2**31 - 1 overflowed record_use, and an
        # export from SQLite holding one could not be imported
        "ALTER TABLE entries ALTER COLUMN reuse_count TYPE bigint",
    )


def _segment_tsv(conn: psycopg.Connection[Any]) -> None:
    """Data migration 3: recompute ``tsv`` of the entries holding a run of a spaceless script (they were
    indexed with the run as one lexeme), from ``index_text`` of their fields; a batch at a time."""
    redone, after = 0, ("", "")
    while True:
        rows = conn.execute(  # the database's regex skips the other rows without sending them
            "SELECT store_id, id, content, topic, tags FROM entries WHERE (store_id, id) > (%s, %s) "
            "AND (content ~ %s OR coalesce(topic, '') ~ %s OR array_to_string(tags, ' ') ~ %s) "
            "ORDER BY store_id, id LIMIT %s",
            (*after, SCRIPT_BRACKET, SCRIPT_BRACKET, SCRIPT_BRACKET, MIGRATION_BATCH),
        ).fetchall()
        if not rows:
            break
        after = (rows[-1]["store_id"], rows[-1]["id"])
        for row in rows:
            if any(needs_segmenting(v) for v in (row["content"], row["topic"] or "", " ".join(row["tags"]))):
                conn.execute(
                    cast(Any, f"UPDATE entries SET tsv = {TSV} WHERE store_id = %s AND id = %s"),
                    (*tsv_fields(row["content"], row["topic"], row["tags"]), row["store_id"], row["id"]),
                )
                redone += 1
    if redone:
        logger.info("indexed %d entries in spaceless scripts as character bigrams", redone)


class PostgresDatabase:
    """A connection pool to one PostgreSQL database with contextlamp's schema applied.

    Raises (constructor):
        StorageError: the database cannot be reached, or the schema cannot be applied (e.g. no pgvector).
        EmbeddingMismatchError: the database holds vectors of another embedding model or dimension.
    """

    def __init__(self, url: str, embedder_identity: str, dim: int, pool_size: int = 10) -> None:
        self.dim = dim
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
                f"model is {identity!r}. Set CONTEXTLAMP_EMBEDDER back to that model, or use another database."
            )

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


ENTRY_COLUMNS = ", ".join(ENTRY_FIELDS)
ENTRY_PLACEHOLDERS = ", ".join("%s::text[]" if name in LIST_FIELDS else "%s" for name in ENTRY_FIELDS)
_LIVE = "superseded_by IS NULL AND (expires_at IS NULL OR expires_at > %s)"
TSV = (
    "setweight(to_tsvector('english', %s), 'B') || setweight(to_tsvector('english', %s), 'A') || "
    "setweight(to_tsvector('english', %s), 'B')"
)
_RANK_WEIGHTS = "'{0.1, 0.2, 0.5, 1.0}'"  # D, C, B, A: topic (A) counts twice content and tags (B)


def tsv_fields(content: str, topic: str | None, tags: Sequence[str]) -> tuple[str, str, str]:
    """The three values ``TSV`` indexes for an entry (``index_text``: bigrams for spaceless scripts)."""
    return index_text(content), index_text(topic or ""), index_text(" ".join(tags))


def entry_from_row(row: dict[str, Any]) -> Entry:
    """The ``Entry`` of an ``entries`` row (``ENTRY_COLUMNS``)."""
    return Entry(
        id=row["id"],
        content=row["content"],
        content_key=row["content_key"],
        memory_type=row["memory_type"],
        kind=row["kind"],
        topic=row["topic"],
        tags=tuple(row["tags"]),
        source_surface=row["source_surface"],
        created_at=row["created_at"],
        expires_at=row["expires_at"],
        superseded_by=row["superseded_by"],
        superseded_at=row["superseded_at"],
        reuse_count=row["reuse_count"],
        last_used_surface=row["last_used_surface"],
        last_used_at=row["last_used_at"],
        questions=tuple(row["questions"]),
        contributed_by=row["contributed_by"],
        trust=row["trust"],
    )


def _array(value: Any) -> Vectors:
    """A pgvector value (numpy array or ``pgvector.Vector``) as ``(dim,) float32``."""
    to_numpy = getattr(value, "to_numpy", None)
    return np.asarray(to_numpy() if to_numpy is not None else value, dtype=np.float32)


def _types(memory_types: Sequence[MemoryType] | None, column: str = "memory_type") -> tuple[str, list[Any]]:
    if memory_types is None:
        return "", []
    return f" AND {column} = ANY(%s)", [list(memory_types)]


def topic_lock(conn: psycopg.Connection[Any], store_id: str, topic: str | None) -> None:
    """Serialise writers of one (store, topic) until commit (pg_advisory_xact_lock on a 64-bit hash)."""
    if topic is None:
        return
    digest = hashlib.blake2b(f"{store_id}\x00{topic}".encode(), digest_size=8).digest()
    conn.execute("SELECT pg_advisory_xact_lock(%s)", (int.from_bytes(digest, "big", signed=True),))


def _tsquery(terms: Sequence[str], mode: str) -> str:
    """A ``to_tsquery`` input of quoted lexemes (quotes doubled, backslashes escaped): terms are data. A
    one-character term of a spaceless script is a prefix (``'猫':*``, PostgreSQL docs 12.3.2), as on SQLite."""
    quoted = [
        "'" + t.replace("\\", "\\\\").replace("'", "''") + "'" + (":*" if is_prefix_term(t) else "") for t in terms
    ]
    return (" & " if mode == "and" else " | ").join(quoted)


def insert_entry(conn: psycopg.Connection[Any], store_id: str, entry: Entry, vectors: Vectors) -> bool:
    """The entry row with every field and its vectors (inside the caller's transaction); False, writing
    nothing, when the store already holds its content key (a concurrent writer won)."""
    inserted = conn.execute(
        cast(
            Any,
            f"INSERT INTO entries (store_id, {ENTRY_COLUMNS}, tsv) VALUES (%s, {ENTRY_PLACEHOLDERS}, {TSV}) "
            "ON CONFLICT (store_id, content_key) DO NOTHING RETURNING id",
        ),
        (store_id, *entry_values(entry, list), *tsv_fields(entry.content, entry.topic, entry.tags)),
    ).fetchone()
    if inserted is None:
        return False
    insert_vectors(conn, store_id, entry.id, vectors)
    return True


def insert_vectors(conn: psycopg.Connection[Any], store_id: str, entry_id: str, vectors: Vectors) -> None:
    """The ``(n, dim)`` vectors of one entry, in order."""
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO vectors (store_id, entry_id, ord, embedding) VALUES (%s, %s, %s, %s)",
            [(store_id, entry_id, i, np.asarray(v, dtype=np.float32)) for i, v in enumerate(vectors)],
        )


class PostgresStore:
    """One store (``store_id``) in a ``PostgresDatabase``; the ``Store`` protocol. Thread-safe (pooled)."""

    def __init__(self, db: PostgresDatabase, store_id: str) -> None:
        self.db = db
        self.store_id = store_id

    # -- writes -----------------------------------------------------------------------------------------

    @contextmanager
    def writer(self, *, durable: bool = True) -> Generator[PostgresWriter]:
        """One pooled transaction as an ``EntryWriter`` (``Store.writer``); ``durable`` is ignored (every
        commit is durable).

        Raises:
            StorageError: the database failed (the transaction is rolled back).
        """
        from contextlamp.storage.postgres_writer import PostgresWriter

        with self.db.transaction() as conn:
            yield PostgresWriter(conn, self.store_id)

    def restore_corroborations(self, entry_id: str, rows: Sequence[tuple[str, int, float]]) -> None:
        with self.db.transaction() as conn, conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO corroborations (store_id, entry_id, user_id, at, similarity) VALUES (%s, %s, %s, %s, %s) "
                "ON CONFLICT DO NOTHING",
                [(self.store_id, entry_id, user, at, similarity) for user, at, similarity in rows],
            )

    def restore(self, entry: Entry, vectors: Vectors) -> bool:
        if vectors.shape != (1, self.db.dim):
            raise ValueError(f"vectors must be (1, {self.db.dim}), got {vectors.shape}")
        with self.db.transaction() as conn:
            clash = conn.execute(
                "SELECT 1 FROM entries WHERE store_id = %s AND (id = %s OR content_key = %s)",
                (self.store_id, entry.id, entry.content_key),
            ).fetchone()
            if clash is not None:
                return False
            insert_entry(conn, self.store_id, entry, vectors)
        return True

    # -- reads ------------------------------------------------------------------------------------------

    def find_by_key(self, content_key: str) -> Entry | None:
        rows = self.db.read(
            f"SELECT {ENTRY_COLUMNS} FROM entries WHERE store_id = %s AND content_key = %s",
            (self.store_id, content_key),
        )
        return entry_from_row(rows[0]) if rows else None

    def get(self, entry_id: str) -> Entry | None:
        rows = self.db.read(
            f"SELECT {ENTRY_COLUMNS} FROM entries WHERE store_id = %s AND id = %s", (self.store_id, entry_id)
        )
        return entry_from_row(rows[0]) if rows else None

    def entries(self, ids: Sequence[str]) -> dict[str, Entry]:
        if not ids:
            return {}
        rows = self.db.read(
            f"SELECT {ENTRY_COLUMNS} FROM entries WHERE store_id = %s AND id = ANY(%s)", (self.store_id, list(ids))
        )
        return {row["id"]: entry_from_row(row) for row in rows}

    def live_ids(self, ids: Sequence[str], now: int, memory_types: Sequence[MemoryType] | None) -> set[str]:
        if not ids:
            return set()
        types_sql, types_params = _types(memory_types)
        rows = self.db.read(
            f"SELECT id FROM entries WHERE store_id = %s AND id = ANY(%s) AND {_LIVE}{types_sql}",
            [self.store_id, list(ids), now, *types_params],
        )
        return {row["id"] for row in rows}

    def keyword_search(
        self, terms: Sequence[str], mode: str, limit: int, now: int, memory_types: Sequence[MemoryType] | None
    ) -> list[tuple[str, float]]:
        if not terms:
            return []
        types_sql, types_params = _types(memory_types)
        rows = self.db.read(
            f"SELECT id, ts_rank_cd({_RANK_WEIGHTS}, tsv, q) AS rank "
            "FROM entries, to_tsquery('english', %s) AS q "
            f"WHERE store_id = %s AND tsv @@ q AND {_LIVE}{types_sql} ORDER BY rank DESC, created_at DESC LIMIT %s",
            [_tsquery(terms, mode), self.store_id, now, *types_params, limit],
        )
        return [(row["id"], -float(row["rank"])) for row in rows]

    def vector_search(
        self, query: Vectors, limit: int, now: int, memory_types: Sequence[MemoryType] | None
    ) -> list[tuple[str, float]]:
        if limit <= 0:
            return []
        types_sql, types_params = _types(memory_types, "e.memory_type")
        live = _LIVE.replace("superseded_by", "e.superseded_by").replace("expires_at", "e.expires_at")
        vector = np.asarray(query, dtype=np.float32).reshape(-1)
        with self.db.transaction() as conn:
            ef_search = min(HNSW_MAX_EF_SEARCH, max(HNSW_EF_SEARCH, limit * VECTOR_FANOUT))
            conn.execute(cast(Any, f"SET LOCAL hnsw.ef_search = {ef_search}"))
            conn.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
            rows = conn.execute(
                cast(
                    Any,
                    "SELECT entry_id, max(similarity) AS similarity FROM ("
                    "SELECT v.entry_id, 1 - (v.embedding <=> %s) AS similarity FROM vectors v "
                    "JOIN entries e ON e.store_id = v.store_id AND e.id = v.entry_id "
                    f"WHERE v.store_id = %s AND {live}{types_sql} "
                    "ORDER BY v.embedding <=> %s LIMIT %s) AS nearest "
                    "GROUP BY entry_id ORDER BY similarity DESC LIMIT %s",
                ),
                [vector, self.store_id, now, *types_params, vector, limit * VECTOR_FANOUT, limit],
            ).fetchall()
        return [(row["entry_id"], float(row["similarity"])) for row in rows]

    def topics(self, now: int, memory_types: Sequence[MemoryType] | None) -> list[tuple[str, str, int]]:
        types_sql, types_params = _types(memory_types)
        rows = self.db.read(
            f"SELECT topic, id, created_at FROM entries "
            f"WHERE store_id = %s AND topic IS NOT NULL AND {_LIVE}{types_sql}",
            [self.store_id, now, *types_params],
        )
        return [(row["topic"], row["id"], row["created_at"]) for row in rows]

    def recent(self, limit: int, now: int, memory_types: Sequence[MemoryType] | None) -> list[str]:
        types_sql, types_params = _types(memory_types)
        rows = self.db.read(
            f"SELECT id FROM entries WHERE store_id = %s AND {_LIVE}{types_sql} "
            "ORDER BY created_at DESC, id DESC LIMIT %s",
            [self.store_id, now, *types_params, limit],
        )
        return [row["id"] for row in rows]

    def list_page(
        self,
        limit: int,
        before: tuple[int, str] | None,
        now: int,
        memory_types: Sequence[MemoryType] | None,
        include_superseded: bool,
    ) -> list[Entry]:
        where = ["store_id = %s", "(expires_at IS NULL OR expires_at > %s)"]
        params: list[Any] = [self.store_id, now]
        if not include_superseded:
            where.append("superseded_by IS NULL")
        if before is not None:
            where.append("(created_at, id) < (%s, %s)")
            params += [before[0], before[1]]
        types_sql, types_params = _types(memory_types)
        rows = self.db.read(
            f"SELECT {ENTRY_COLUMNS} FROM entries WHERE {' AND '.join(where)}{types_sql} "
            "ORDER BY created_at DESC, id DESC LIMIT %s",
            [*params, *types_params, limit],
        )
        return [entry_from_row(row) for row in rows]

    def corroborations(self, entry_ids: Sequence[str]) -> dict[str, list[tuple[str, int, float]]]:
        out: dict[str, list[tuple[str, int, float]]] = {}
        if not entry_ids:
            return out
        for row in self.db.read(
            "SELECT entry_id, user_id, at, similarity FROM corroborations WHERE store_id = %s AND entry_id = ANY(%s) "
            "ORDER BY at, user_id",
            (self.store_id, list(entry_ids)),
        ):
            out.setdefault(row["entry_id"], []).append((row["user_id"], row["at"], row["similarity"]))
        return out

    def count(self) -> int:
        rows = self.db.read("SELECT count(*) AS n FROM entries WHERE store_id = %s", (self.store_id,))
        return int(rows[0]["n"])

    def check(self, embed: EmbedFn | None, repair: bool) -> list[Finding]:
        """``Store.check`` on PostgreSQL: foreign keys already rule out orphan vectors; what is left to verify is
        the model, the vector counts, ``superseded_by`` and that each ``tsv`` is the one its fields give now
        (``index_text``: an entry written before bigram indexing, or by hand, is found and re-indexed)."""
        found: list[Finding] = []
        sid = self.store_id
        with self.db.transaction() as conn:
            model = conn.execute("SELECT value FROM cl_meta WHERE key = 'embedder'").fetchone()
            if model is None or not str(model["value"]).endswith(f":{self.db.dim}"):
                found.append(Finding("model", None, "the embedding model and dimension are not recorded", False))
            rows = conn.execute(
                "SELECT e.id, e.content, e.questions, e.superseded_by, "
                "(SELECT count(*) FROM vectors v WHERE v.store_id = e.store_id AND v.entry_id = e.id) AS n, "
                "(e.superseded_by IS NOT NULL AND NOT EXISTS (SELECT 1 FROM entries s WHERE s.store_id = e.store_id "
                "AND s.id = e.superseded_by)) AS dangling FROM entries e WHERE e.store_id = %s",
                (sid,),
            ).fetchall()
            for row in rows:
                expected = 1
                if row["n"] != expected:
                    fixable = repair and embed is not None
                    if fixable:
                        assert embed is not None
                        conn.execute("DELETE FROM vectors WHERE store_id = %s AND entry_id = %s", (sid, row["id"]))
                        insert_vectors(conn, self.store_id, row["id"], embed([row["content"], *row["questions"]]))
                    found.append(Finding("vectors", row["id"], f"{row['n']} vectors, expected {expected}", fixable))
                if row["dangling"]:
                    if repair:
                        conn.execute(
                            "UPDATE entries SET superseded_by = NULL, superseded_at = NULL "
                            "WHERE store_id = %s AND id = %s",
                            (sid, row["id"]),
                        )
                    found.append(
                        Finding("superseded-by", row["id"], "superseded by an entry that does not exist", repair)
                    )
            stale = self._stale_tsv(conn, repair)
            if stale:
                detail = f"{stale} entries indexed with other terms than their text (e.g. not segmented)"
                found.append(Finding("full-text", None, detail, repair))
        return found

    def _stale_tsv(self, conn: psycopg.Connection[Any], repair: bool) -> int:
        """How many entries' ``tsv`` differs from the one ``insert_entry`` writes for their fields now (compared in
        the database, a batch at a time); with ``repair``, those are written again."""
        stale, after = 0, ""
        while True:
            rows = conn.execute(
                "SELECT id, content, topic, tags FROM entries WHERE store_id = %s AND id > %s ORDER BY id LIMIT %s",
                (self.store_id, after, MIGRATION_BATCH),
            ).fetchall()
            if not rows:
                return stale
            after = rows[-1]["id"]
            fields = [tsv_fields(r["content"], r["topic"], r["tags"]) for r in rows]
            wrong = conn.execute(
                cast(
                    Any,
                    "SELECT x.id, x.c, x.t, x.g FROM unnest(%s::text[], %s::text[], %s::text[], %s::text[]) "
                    "AS x(id, c, t, g) JOIN entries e ON e.store_id = %s AND e.id = x.id WHERE e.tsv IS DISTINCT "
                    f"FROM ({TSV.replace('%s', 'x.c', 1).replace('%s', 'x.t', 1).replace('%s', 'x.g', 1)})",
                ),
                (
                    [r["id"] for r in rows],
                    [f[0] for f in fields],
                    [f[1] for f in fields],
                    [f[2] for f in fields],
                    self.store_id,
                ),
            ).fetchall()
            stale += len(wrong)
            for row in wrong if repair else []:
                conn.execute(
                    cast(Any, f"UPDATE entries SET tsv = {TSV} WHERE store_id = %s AND id = %s"),
                    (row["c"], row["t"], row["g"], self.store_id, row["id"]),
                )

    def all_entries(self) -> list[Entry]:
        rows = self.db.read(
            f"SELECT {ENTRY_COLUMNS} FROM entries WHERE store_id = %s ORDER BY created_at, id", (self.store_id,)
        )
        return [entry_from_row(row) for row in rows]

    def entry_vectors(self, ids: Sequence[str]) -> dict[str, Vectors]:
        found: dict[str, list[tuple[int, Any]]] = {}
        if not ids:
            return {}
        for row in self.db.read(
            "SELECT entry_id, ord, embedding FROM vectors WHERE store_id = %s AND entry_id = ANY(%s)",
            (self.store_id, list(ids)),
        ):
            found.setdefault(row["entry_id"], []).append((row["ord"], row["embedding"]))
        return {
            entry_id: np.stack([_array(v) for _, v in sorted(rows, key=lambda r: r[0])])
            for entry_id, rows in found.items()
        }

    # -- session digests --------------------------------------------------------------------------------

    def put_session(self, digest: SessionDigest) -> None:
        with self.db.transaction() as conn:
            self._insert_session(conn, digest)

    def _insert_session(self, conn: psycopg.Connection[Any], digest: SessionDigest) -> None:
        conn.execute(
            "INSERT INTO sessions (store_id, id, label, summary, source_surface, created_at) "
            "VALUES (%s, %s, %s, %s, %s, %s)",
            (self.store_id, digest.id, digest.label, digest.summary, digest.source_surface, digest.created_at),
        )
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO session_learnings (store_id, session_id, ord, learning_store_id, entry_id) "
                "VALUES (%s, %s, %s, %s, %s)",
                [(self.store_id, digest.id, i, s, e) for i, (s, e) in enumerate(digest.learnings)],
            )

    def _digests(self, rows: list[dict[str, Any]]) -> list[SessionDigest]:
        if not rows:
            return []
        ids = [row["id"] for row in rows]
        learned: dict[str, list[tuple[str, str]]] = {i: [] for i in ids}
        for row in self.db.read(
            "SELECT session_id, learning_store_id, entry_id FROM session_learnings "
            "WHERE store_id = %s AND session_id = ANY(%s) ORDER BY session_id, ord",
            (self.store_id, ids),
        ):
            learned[row["session_id"]].append((row["learning_store_id"], row["entry_id"]))
        return [
            SessionDigest(
                id=row["id"],
                label=row["label"],
                summary=row["summary"],
                source_surface=row["source_surface"],
                created_at=row["created_at"],
                learnings=tuple(learned[row["id"]]),
            )
            for row in rows
        ]

    def sessions(self, limit: int, since: int | None, surface: str | None) -> list[SessionDigest]:
        where, params = ["store_id = %s"], [cast(Any, self.store_id)]
        if since is not None:
            where.append("created_at >= %s")
            params.append(since)
        if surface is not None:
            where.append("source_surface = %s")
            params.append(surface)
        rows = self.db.read(
            f"SELECT * FROM sessions WHERE {' AND '.join(where)} ORDER BY created_at DESC, id DESC LIMIT %s",
            [*params, limit],
        )
        return self._digests(rows)

    def get_session(self, session_id: str) -> SessionDigest | None:
        found = self._digests(
            self.db.read("SELECT * FROM sessions WHERE store_id = %s AND id = %s", (self.store_id, session_id))
        )
        return found[0] if found else None

    def sessions_with(self, entry_id: str) -> list[SessionDigest]:
        rows = self.db.read(
            "SELECT * FROM sessions WHERE store_id = %s AND id IN "
            "(SELECT session_id FROM session_learnings WHERE store_id = %s AND entry_id = %s)",
            (self.store_id, self.store_id, entry_id),
        )
        return self._digests(rows)

    def rewrite_session(self, session_id: str, label: str, summary: str, drop_entry_id: str) -> None:
        with self.db.transaction() as conn:
            conn.execute(
                "UPDATE sessions SET label = %s, summary = %s WHERE store_id = %s AND id = %s",
                (label, summary, self.store_id, session_id),
            )
            conn.execute(
                "DELETE FROM session_learnings WHERE store_id = %s AND session_id = %s AND entry_id = %s",
                (self.store_id, session_id, drop_entry_id),
            )

    def all_sessions(self) -> list[SessionDigest]:
        return self._digests(
            self.db.read("SELECT * FROM sessions WHERE store_id = %s ORDER BY created_at, id", (self.store_id,))
        )

    def restore_session(self, digest: SessionDigest) -> bool:
        with self.db.transaction() as conn:
            exists = conn.execute(
                "SELECT 1 FROM sessions WHERE store_id = %s AND id = %s", (self.store_id, digest.id)
            ).fetchone()
            if exists is not None:
                return False
            self._insert_session(conn, digest)
        return True

    def close(self) -> None:
        """Nothing to release per store: the pool belongs to the database."""


class PostgresExecutor:
    """The control plane's ``Executor`` on the pool of a ``PostgresDatabase`` (``?`` becomes ``%s``)."""

    def __init__(self, db: PostgresDatabase, conn: psycopg.Connection[Any] | None = None) -> None:
        self._db = db
        self._conn = conn

    @staticmethod
    def _sql(sql: str) -> Any:
        return sql.replace("?", "%s")

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[Mapping[str, Any]]:
        if self._conn is not None:
            return self._execute(self._conn, sql, params).fetchall()
        with map_errors(), self._db.pool.connection() as conn:
            return self._execute(conn, sql, params).fetchall()

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        if self._conn is not None:
            return self._execute(self._conn, sql, params).rowcount
        with map_errors(), self._db.pool.connection() as conn:
            return self._execute(conn, sql, params).rowcount

    def _execute(self, conn: psycopg.Connection[Any], sql: str, params: Sequence[Any]) -> psycopg.Cursor[Any]:
        with map_errors():
            return conn.execute(self._sql(sql), params)

    @contextmanager
    def transaction(self) -> Generator[PostgresExecutor]:
        with self._db.transaction() as conn:
            yield PostgresExecutor(self._db, conn)

    def scrub(self) -> None:
        """Nothing to do from a session: deleted tuples are reclaimed by (auto)vacuum (docs/postgres.md)."""

    def close(self) -> None:
        """The pool belongs to the database; nothing to release here."""
