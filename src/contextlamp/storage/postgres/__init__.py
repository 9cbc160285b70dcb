"""PostgreSQL + pgvector store backend: every store of every user in one schema, for many server replicas.

Layout: each table carries ``store_id`` (``usr_…``, ``prj_…``, ``team_…``) as the first column of its primary
key, so a store is a key range and the schema shards by it (Citus: ``create_distributed_table(…, 'store_id')``,
docs/postgres.md). Dedupe is atomic through ``UNIQUE (store_id, content_key)`` with ``ON CONFLICT``;
supersession of a topic is serialised by a transaction-scoped advisory lock on ``(store_id, topic)``, so two
replicas saving one topic at once leave exactly one current entry. Keyword search: a ``tsvector`` with the
``english`` configuration (Snowball stemming) and a GIN index, ranked by ``ts_rank_cd``. Vectors:
``vector(dim)`` rows with an HNSW index (cosine). Nothing is cached in the process: every read sees every
replica's writes at once.

Modules, by concept: ``pool`` (the database, its pool, error translation), ``schema`` (numbered migrations),
``rows``, ``store`` (the writer, reads and searches), ``sessions``, ``maintenance`` (export, import, check),
``writer`` (the ``EntryWriter``), ``control`` (the control plane's executor).
"""

from __future__ import annotations

from contextlamp.storage.postgres.control import PostgresExecutor
from contextlamp.storage.postgres.pool import PostgresDatabase, map_errors
from contextlamp.storage.postgres.store import PostgresStore
from contextlamp.storage.postgres.writer import PostgresWriter

__all__ = ["PostgresDatabase", "PostgresExecutor", "PostgresStore", "PostgresWriter", "map_errors"]
