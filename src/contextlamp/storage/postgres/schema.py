"""The PostgreSQL schema: numbered migrations, applied at start-up under an advisory lock and recorded in
``schema_migrations`` (``pool.py``). The numbering and the effects are fixed: every existing database was
built by them. Migration 1 creates the control plane's tables too (``shared/control_schema.py``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, cast

import psycopg

from contextlamp.segmenting import SCRIPT_BRACKET, needs_segmenting
from contextlamp.storage.postgres.rows import TSV, tsv_fields
from contextlamp.storage.shared.control_schema import (
    control_tables,
    imported_table,
    oauth_tables,
    project_paths_table,
    repository_projects_table,
)

logger = logging.getLogger(__name__)

MIGRATION_LOCK = 7_406_011  # pg_advisory_lock key: one migrating process at a time
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
        """
        + "".join(control_tables("bigint")),
        # 2: one vector per entry, its content and likely questions folded (domain/folding.py): the
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
        # 5: which repository folder maps to which project (issue #15.4, the lifecycle hooks)
        project_paths_table("bigint"),
        # 6: the built-in OAuth server and the web sign-in (passwords, clients, codes, grants, tokens, sessions)
        oauth_tables("bigint"),
        # 7: the source keys imported from other memory tools (issue #19, app/importing.py)
        imported_table("bigint"),
        # 8: write-behind indexing (app/indexing.py): an entry whose final vectors (later chunks, folded likely
        # questions) are still to be computed; the save stored a provisional vector
        """
        ALTER TABLE entries ADD COLUMN IF NOT EXISTS index_pending boolean NOT NULL DEFAULT false;
        CREATE INDEX IF NOT EXISTS entries_index_pending ON entries (store_id, created_at) WHERE index_pending;
        """,
        # 9: which repository identity (hooks/repo.py: a full normalised remote or a path) maps to which project
        # (issue #27.3); the folder mappings of 5 are adopted by the service as each repository is next seen
        repository_projects_table("bigint"),
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
