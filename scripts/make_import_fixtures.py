"""Dev-only: write the binary import fixtures of tests/data/import/ (docs/import.md "Fixtures").

    python scripts/make_import_fixtures.py           # rewrite them
    python scripts/make_import_fixtures.py --check   # rebuild in a temp dir and compare the rows read back

- ``mcp_memory_service.db``: an mcp-memory-service database with invented memories, built with the DDL of
  doobidoo/mcp-memory-service ``storage/sqlite_vec.py`` (v10.59.0: the ``memories`` table with its tombstone
  column, the ``memory_content_fts`` trigram FTS5 table, the ``metadata`` table) and rows written as its
  ``store()`` writes them (tags comma-joined, metadata JSON, times as Unix seconds and ISO text). Its vector
  table ``memory_embeddings`` is a ``vec0`` virtual table, whose module (the sqlite-vec extension) this
  machine's Python cannot load; its schema row is written as the service writes it (``writable_schema``), so
  the fixture proves that the reader needs no extension: SQLite only fails on the table when it is queried.
- ``openmemory_export.zip``: OpenMemory's export archive (mem0ai/mem0 ``openmemory/api/app/routers/backup.py``,
  ``POST /api/v1/backup/export``): ``memories.json`` (the relational dump) and ``memories.jsonl.gz`` (one
  logical memory a line), invented content.

The JSON fixtures next to them are plain text, written by hand from the same code's shapes.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import sqlite3
import sys
import tempfile
import zipfile
from datetime import UTC, datetime
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "import"

# (content_hash, content, tags, memory_type, created_at seconds, deleted_at)
MMS_ROWS = [
    (
        "c1a9",
        "The payments service retries webhooks three times with exponential backoff.",
        ["payments", "webhooks"],
        "architecture",
        1_700_000_000.5,
        None,
    ),
    (
        "c2b8",
        "Always run database migrations before deploying the API.",
        ["deploy", "database"],
        "best_practice",
        1_700_086_400.0,
        None,
    ),
    (
        "c3c7",
        "Rotate the staging TLS certificates before the end of the quarter.",
        ["staging"],
        "task",
        1_700_172_800.0,
        None,
    ),
    ("c4d6", "Ilse prefers tabs over spaces in the Go services.", ["style"], "preference", 1_700_259_200.0, None),
    ("c5e5", "The old reporting cron job was removed.", ["cron"], "note", 1_700_345_600.0, 1_700_400_000.0),
    (
        "c6f4",
        "The search cluster runs on three nodes in Dublin.",
        ["search", "infra"],
        "observation",
        1_700_432_000.0,
        None,
    ),
]
MMS_SECRET_ROW = (
    "c7a3",
    "The ops password=Hunter2-Hunter2-Hunter2 opens the vault.",
    ["ops"],
    "note",
    1_700_518_400.0,
    None,
)


def _iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, tz=UTC).isoformat().replace("+00:00", "Z")


def mcp_memory_service_db(path: Path, rows: list[tuple[str, str, list[str], str, float, float | None]]) -> None:
    """An mcp-memory-service database at ``path`` holding ``rows`` (see the module docstring)."""
    path.unlink(missing_ok=True)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE IF NOT EXISTS metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute(
        """CREATE TABLE IF NOT EXISTS memories (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            content_hash TEXT UNIQUE NOT NULL,
            content TEXT NOT NULL,
            tags TEXT,
            memory_type TEXT,
            metadata TEXT,
            created_at REAL,
            updated_at REAL,
            created_at_iso TEXT,
            updated_at_iso TEXT,
            deleted_at REAL DEFAULT NULL
        )"""
    )
    conn.execute(
        "CREATE VIRTUAL TABLE IF NOT EXISTS memory_content_fts USING fts5(content, content='memories', "
        "content_rowid='id', tokenize='trigram')"
    )
    conn.execute("INSERT INTO metadata (key, value) VALUES ('embedding_model', 'all-MiniLM-L6-v2')")
    conn.execute("INSERT INTO metadata (key, value) VALUES ('embedding_dimension', '384')")
    for content_hash, content, tags, memory_type, created, deleted in rows:
        conn.execute(
            "INSERT INTO memories (content_hash, content, tags, memory_type, metadata, created_at, updated_at, "
            "created_at_iso, updated_at_iso, deleted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                content_hash.ljust(64, "0"),
                content,
                ",".join(tags),
                memory_type,
                json.dumps({"source": "fixture-machine"}),
                created,
                created,
                _iso(created),
                _iso(created),
                deleted,
            ),
        )
    conn.execute("INSERT INTO memory_content_fts(memory_content_fts) VALUES ('rebuild')")
    conn.execute("PRAGMA writable_schema=ON")
    conn.execute(
        "INSERT INTO sqlite_master (type, name, tbl_name, rootpage, sql) VALUES ('table', 'memory_embeddings', "
        "'memory_embeddings', 0, 'CREATE VIRTUAL TABLE memory_embeddings USING vec0(content_embedding FLOAT[384] "
        "distance_metric=cosine)')"
    )
    conn.execute("PRAGMA writable_schema=OFF")
    conn.commit()
    conn.execute("PRAGMA journal_mode=DELETE")  # one self-contained file in the repository
    conn.close()


OM_USER = "8b0f7c1e-3a52-4d7e-9a61-2f4c5d6e7a80"
OM_APP = "0c4e2a9b-6d1f-4b3a-8e75-1a2b3c4d5e6f"
# (id, content, categories, created_at ISO, state)
OM_MEMORIES = [
    (
        "5f0c1d2e-0001-4a00-8000-000000000001",
        "Prefers oat milk in coffee",
        ["preferences", "food"],
        "2024-03-02T08:15:00+00:00",
        "active",
    ),
    (
        "5f0c1d2e-0002-4a00-8000-000000000002",
        "Is training for the Porto half marathon in October",
        ["health"],
        "2024-04-11T19:40:00+00:00",
        "active",
    ),
    (
        "5f0c1d2e-0003-4a00-8000-000000000003",
        "Works as a data engineer at Keelwater",
        ["work"],
        "2024-05-20T12:00:00+00:00",
        "archived",
    ),
    (
        "5f0c1d2e-0004-4a00-8000-000000000004",
        "Used to live in Ghent",
        ["personal"],
        "2024-06-01T10:00:00+00:00",
        "deleted",
    ),
]


def openmemory_zip(path: Path) -> None:
    """OpenMemory's export archive at ``path`` (see the module docstring)."""
    cats = sorted({c for _, _, cs, _, _ in OM_MEMORIES for c in cs})
    cat_ids = {c: f"9a9a9a9a-0000-4000-8000-{n:012d}" for n, c in enumerate(cats)}
    relational = {
        "user": {
            "id": OM_USER,
            "user_id": "default_user",
            "name": None,
            "email": None,
            "metadata": {},
            "created_at": "2024-01-01T00:00:00+00:00",
            "updated_at": "2024-01-01T00:00:00+00:00",
        },
        "apps": [
            {
                "id": OM_APP,
                "owner_id": OM_USER,
                "name": "cursor",
                "description": None,
                "metadata": {},
                "is_active": True,
                "created_at": "2024-01-01T00:00:00+00:00",
                "updated_at": "2024-01-01T00:00:00+00:00",
            }
        ],
        "categories": [
            {
                "id": cat_ids[c],
                "name": c,
                "description": None,
                "created_at": "2024-01-01T00:00:00+00:00",
                "updated_at": "2024-01-01T00:00:00+00:00",
            }
            for c in cats
        ],
        "memories": [
            {
                "id": mid,
                "user_id": OM_USER,
                "app_id": OM_APP,
                "content": text,
                "metadata": {},
                "state": state,
                "created_at": created,
                "updated_at": created,
                "archived_at": None,
                "deleted_at": created if state == "deleted" else None,
                "category_ids": [cat_ids[c] for c in cs],
            }
            for mid, text, cs, created, state in OM_MEMORIES
        ],
        "memory_categories": [
            {"memory_id": mid, "category_id": cat_ids[c]} for mid, _, cs, _, _ in OM_MEMORIES for c in cs
        ],
        "status_history": [],
        "access_controls": [],
        "export_meta": {
            "app_id_filter": None,
            "from_date": None,
            "to_date": None,
            "version": "1",
            "generated_at": "2024-07-01T00:00:00+00:00",
        },
    }
    logical = io.BytesIO()
    with gzip.GzipFile(fileobj=logical, mode="wb", mtime=0) as gz:
        for mid, text, cs, created, state in OM_MEMORIES:
            record = {
                "id": mid,
                "content": text,
                "metadata": {},
                "created_at": created,
                "updated_at": created,
                "state": state,
                "app": "cursor",
                "categories": cs,
            }
            gz.write((json.dumps(record) + "\n").encode("utf-8"))
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        stamp = (2024, 7, 1, 0, 0, 0)
        zf.writestr(zipfile.ZipInfo("memories.json", stamp), json.dumps(relational, indent=2))
        zf.writestr(zipfile.ZipInfo("memories.jsonl.gz", stamp), logical.getvalue())


def write(out: Path) -> list[Path]:
    """Write every binary fixture into ``out``; returns their paths."""
    out.mkdir(parents=True, exist_ok=True)
    made = [out / "mcp_memory_service.db", out / "mcp_memory_service_secret.db", out / "openmemory_export.zip"]
    mcp_memory_service_db(made[0], MMS_ROWS)
    mcp_memory_service_db(made[1], [*MMS_ROWS[:2], MMS_SECRET_ROW])
    openmemory_zip(made[2])
    return made


def _rows(path: Path) -> object:
    if path.suffix == ".db":
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return conn.execute("SELECT content_hash, content, tags, memory_type, created_at FROM memories").fetchall()
        finally:
            conn.close()
    with zipfile.ZipFile(path) as zf:
        return {name: zf.read(name) for name in zf.namelist()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare a rebuild with the committed fixtures")
    args = parser.parse_args()
    if not args.check:
        for path in write(OUT):
            print(path)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        fresh = write(Path(tmp))
        differ = [p.name for p in fresh if _rows(p) != _rows(OUT / p.name)]
    print("differ: " + ", ".join(differ) if differ else "fixtures match")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
