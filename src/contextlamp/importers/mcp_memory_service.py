"""mcp-memory-service (doobidoo/mcp-memory-service): its SQLite database or its JSON export.

The database (``sqlite_vec.db`` in its base directory) is read directly and read-only (a ``mode=ro`` URI; no
sqlite-vec extension is needed: only the plain ``memories`` table is read). Its schema, as
``storage/sqlite_vec.py`` creates it (v10)::

    memories(id INTEGER PRIMARY KEY, content_hash TEXT UNIQUE NOT NULL, content TEXT NOT NULL,
             tags TEXT,            -- comma-joined
             memory_type TEXT, metadata TEXT,  -- JSON object
             created_at REAL,      -- Unix seconds
             updated_at REAL, created_at_iso TEXT, updated_at_iso TEXT,
             deleted_at REAL)      -- a tombstone (v8.64+): the memory was deleted

The JSON export (``sync/exporter.py`` ``export_to_json``; ``memory_export_template.json``) is
``{"export_metadata": {...}, "memories": [{"content", "content_hash", "tags": [...], "created_at" (seconds),
"updated_at", "memory_type", "metadata": {...}}]}``.

Mapping (docs/import.md): content as it is; tags kept; the original ``created_at`` (else ``created_at_iso``);
``memory_type`` (the service's ontology: base types and subtypes) mapped to contextlamp's type and kind by
``TYPE_MAP``; deleted memories (tombstones) are not imported; the content hash is the source key.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, cast
from urllib.parse import quote

from contextlamp.domain.models import Kind, MemoryType
from contextlamp.importers.base import (
    ImportFormatError,
    ImportItem,
    ImportSkip,
    element_lines,
    epoch_ms,
    input_root,
    json_document,
    json_type,
    location,
    regular_file,
    string_list,
    text_field,
)

SQLITE_MAGIC = b"SQLite format 3\x00"
MAX_ROWS = 1_000_000  # memories read from one database (a heavy user of the service has tens of thousands)
MAX_CONTENT_CHARS = 1024 * 1024  # a longer content is skipped unread (a memory is at most 32 KB here)
MAX_TAGS_CHARS = 64 * 1024  # tags and metadata text read per row
MAX_STEPS = 100_000  # progress-handler calls (1,000 VM steps each) for the schema checks and the count
STEPS_PER_ROW = 100  # and per row counted, for reading them (a plain table scan needs a few)

# the service's memory types (docs/memory-ontology.md: base types and their subtypes) -> (type, kind); a type
# not listed is a fact note (the service itself coerces unknown types to ``observation``)
TYPE_MAP: dict[str, tuple[MemoryType, Kind]] = {
    **dict.fromkeys(
        (
            "decision",
            "architecture",
            "architectural-decision",
            "architectural_decision",
            "tool_choice",
            "approach",
            "configuration",
            "approval",
        ),
        ("event", "decision"),
    ),
    **dict.fromkeys(
        ("task", "todo", "action_item", "backlog_item", "follow_up", "reminder", "deadline", "sprint_goal"),
        ("task", "note"),
    ),
    **dict.fromkeys(("preference", "preferences"), ("fact", "preference")),
    **dict.fromkeys(
        ("instruction", "rule", "guideline", "best_practice", "convention", "anti_pattern", "workflow"),
        ("instruction", "note"),
    ),
    **dict.fromkeys(
        (
            "event",
            "session",
            "meeting",
            "milestone",
            "ceremony",
            "sprint_review",
            "sprint_planning",
            "daily_standup",
            "retrospective",
            "deliverable",
            "error",
            "bug",
            "failure",
            "exception",
            "timeout",
            "incident",
            "status_update",
            "minutes",
        ),
        ("event", "note"),
    ),
    **dict.fromkeys(
        ("fact", "learning", "insight", "gotcha", "finding", "research", "reference", "documentation"),
        ("fact", "fact"),
    ),
}


def type_and_kind(memory_type: str | None) -> tuple[MemoryType, Kind]:
    """contextlamp's ``(memory_type, kind)`` for a memory type of the service (``TYPE_MAP``; a subtype written
    ``base:sub`` or ``base/sub`` is looked up by its subtype, then its base); ``("fact", "note")`` otherwise."""
    if not memory_type:
        return "fact", "note"
    name = memory_type.strip().lower().replace(" ", "_")
    for sep in (":", "/", "."):
        if sep in name:
            base, sub = name.split(sep, 1)
            return TYPE_MAP.get(sub) or TYPE_MAP.get(base) or ("fact", "note")
    return TYPE_MAP.get(name) or TYPE_MAP.get(name.replace("-", "_")) or ("fact", "note")


def read(path: Path) -> Iterator[ImportItem | ImportSkip]:
    """The live memories of a database (``path`` a SQLite file, or the service's folder holding
    ``sqlite_vec.db``) or of a JSON export, oldest first as stored.

    Raises:
        ImportFormatError: not a database of the service nor its JSON export, or a memory missing its content.
    """
    root = input_root(path)
    if path.is_dir():
        path = path / "sqlite_vec.db"
    regular_file(path, root)  # never a link leading out of the folder given, never a pipe or device
    try:
        with path.open("rb") as handle:
            head = handle.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise ImportFormatError(path, 0, f"cannot be read ({exc.strerror or type(exc).__name__})") from exc
    if head == SQLITE_MAGIC:
        yield from _database(path)
    else:
        yield from _export(path)


def _database(path: Path) -> Iterator[ImportItem | ImportSkip]:
    """The memories of the service's database, read as data only (issue 29 point 4: a 4 KB file whose
    ``memories`` was a recursive VIEW yielded a million rows): ``memories`` must be a real table
    (``sqlite_master`` type ``table``, not virtual, no generated columns) with the service's columns; its
    rows are counted first and refused over ``MAX_ROWS``; each row's content and tags are read cut to
    ``MAX_CONTENT_CHARS`` + 1 (a longer one is reported as skipped, never loaded whole); rows are fetched one
    batch at a time; the schema is not trusted (``trusted_schema`` off), and a progress handler ends any
    statement that runs past a budget of ``MAX_STEPS`` + ``STEPS_PER_ROW`` per row (in 1,000-step units)."""
    uri = f"file:{quote(str(path.resolve()))}?mode=ro"
    try:
        conn = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as exc:
        raise ImportFormatError(path, 0, f"cannot be opened read-only ({type(exc).__name__})") from exc
    try:
        conn.row_factory = sqlite3.Row
        budget = [MAX_STEPS]

        def spent() -> int:
            budget[0] -= 1
            return 1 if budget[0] < 0 else 0  # non-zero interrupts the statement

        conn.set_progress_handler(spent, 1000)
        try:
            conn.execute("PRAGMA trusted_schema = OFF")
            tables = conn.execute("SELECT type, sql FROM sqlite_master WHERE lower(name) = 'memories'").fetchall()
            real = [
                t
                for t in tables
                if t["type"] == "table" and not str(t["sql"] or "").upper().lstrip().startswith("CREATE VIRTUAL")
            ]
            info = conn.execute("PRAGMA table_xinfo(memories)").fetchall() if real else []
            if any(int(r["hidden"]) in (2, 3) for r in info):  # generated columns: values the file computes
                raise ImportFormatError(path, 0, "its 'memories' table computes columns (not a table of the service)")
            columns = {str(r["name"]) for r in info if int(r["hidden"]) == 0}
        except sqlite3.DatabaseError as exc:
            raise ImportFormatError(path, 0, f"is not a readable SQLite database ({type(exc).__name__})") from exc
        if not {"content", "content_hash"} <= columns:
            raise ImportFormatError(
                path, 0, "has no 'memories' table of mcp-memory-service (a real table with content, content_hash)"
            )
        try:
            (count,) = conn.execute("SELECT count(*) FROM memories").fetchone()
        except sqlite3.DatabaseError as exc:
            raise ImportFormatError(path, 0, f"its memories cannot be read ({type(exc).__name__})") from exc
        if count > MAX_ROWS:
            raise ImportFormatError(path, 0, f"holds more than {MAX_ROWS} memories (MAX_ROWS; not read)")
        budget[0] = MAX_STEPS + STEPS_PER_ROW * int(count)
        cut = MAX_CONTENT_CHARS + 1
        texts = {"content": f"substr(content, 1, {cut}) AS content, length(content) AS content_length"}
        texts["tags"] = f"substr(tags, 1, {MAX_TAGS_CHARS}) AS tags"
        texts["metadata"] = f"substr(metadata, 1, {MAX_TAGS_CHARS}) AS metadata"
        wanted = ["id", "content_hash", "content", "tags", "memory_type", "metadata", "created_at", "created_at_iso"]
        wanted += ["updated_at", "superseded_by"]
        chosen = ", ".join(texts.get(c, c) if c in columns else f"NULL AS {c}" for c in wanted)
        if "content_length" not in chosen:
            chosen += ", NULL AS content_length"
        chosen += ", deleted_at" if "deleted_at" in columns else ", NULL AS deleted_at"
        topics = _version_topics(_successors(conn, columns))
        try:
            cursor = conn.execute(f"SELECT {chosen} FROM memories ORDER BY id")
            while batch := cursor.fetchmany(500):
                for row in batch:
                    yield _row_item(path, row, topics)
        except sqlite3.DatabaseError as exc:
            raise ImportFormatError(path, 0, f"its memories cannot be read ({type(exc).__name__})") from exc
    finally:
        conn.close()


def _successors(conn: sqlite3.Connection, columns: set[str]) -> dict[str, str]:
    """``{row id or content hash: the id or hash of the version that replaced it}``: the service keeps a
    memory updated as a new version in its old row, marked ``superseded_by`` (a column, or a key of the row's
    metadata JSON)."""
    column = "superseded_by" if "superseded_by" in columns else "NULL"
    meta = "NULL"
    if "metadata" in columns:
        meta = "CASE WHEN json_valid(metadata) THEN json_extract(metadata, '$.superseded_by') END"
    try:
        rows = conn.execute(
            f"SELECT id, content_hash, coalesce({column}, {meta}) AS successor FROM memories "
            f"WHERE coalesce({column}, {meta}) IS NOT NULL"
        ).fetchall()
    except sqlite3.DatabaseError:  # an SQLite without JSON functions: only the column is read
        if column == "NULL":
            return {}
        rows = conn.execute(
            "SELECT id, content_hash, superseded_by AS successor FROM memories WHERE superseded_by IS NOT NULL"
        ).fetchall()
    found: dict[str, str] = {}
    for row in rows:
        successor = str(row["successor"]).strip()
        if successor:
            found[str(row["id"])] = found[str(row["content_hash"])] = successor
    return found


def _version_topics(successors: Mapping[str, str]) -> dict[str, str]:
    """``{row id or content hash: topic}`` for every version of a memory the service updated: the versions of
    one memory share a topic named after the newest (``mcp-memory-service-<its hash>``), so the import keeps
    the newest live and the older ones as its history (topic supersession, oldest written first). Chains are
    followed at most ``len(successors)`` steps (a cycle ends there)."""
    topics: dict[str, str] = {}
    for start in successors:
        head = start
        steps = 0
        while head in successors and steps <= len(successors):
            head, steps = successors[head], steps + 1
        topic = f"mcp-memory-service-{head[:24]}"
        topics[start] = topic
        topics.setdefault(head, topic)
    return topics


def _row_item(path: Path, row: sqlite3.Row, topics: Mapping[str, str]) -> ImportItem | ImportSkip:
    where = f"{path}#memories.id={row['id']}"
    if row["deleted_at"] is not None:
        return ImportSkip(where, "deleted in mcp-memory-service (a tombstone): not imported")
    length = row["content_length"]
    if isinstance(length, int) and length > MAX_CONTENT_CHARS:
        return ImportSkip(where, f"its content is larger than {MAX_CONTENT_CHARS} characters (not read)")
    content = row["content"]
    if isinstance(content, bytes):
        content = content.decode("utf-8", "replace")
    return _item(
        path,
        0,
        where,
        {
            "content": content,
            "content_hash": row["content_hash"],
            "tags": _tags_text(row["tags"]),
            "memory_type": row["memory_type"],
            "created_at": row["created_at"] if row["created_at"] is not None else row["created_at_iso"],
        },
        topic=topics.get(str(row["id"])) or topics.get(str(row["content_hash"])),
    )


def _tags_text(value: Any) -> list[str]:
    """The stored tags: comma-joined text (the service's form), or a JSON list (older rows)."""
    if not isinstance(value, str) or not value.strip():
        return []
    text = value.strip()
    if text.startswith("["):
        try:
            parsed: Any = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            parsed = None
        if isinstance(parsed, list):
            return [str(t).strip() for t in cast(list[Any], parsed) if str(t).strip()]
    return [t.strip() for t in text.split(",") if t.strip()]


def _export(path: Path) -> Iterator[ImportItem]:
    data = json_document(path)
    if not isinstance(data, dict) or not isinstance(cast(dict[str, Any], data).get("memories"), list):
        raise ImportFormatError(
            path, 0, "is neither a SQLite database nor a JSON export of mcp-memory-service ('memories' list)"
        )
    memories = cast(list[Any], cast(dict[str, Any], data)["memories"])
    lines = element_lines(path, "memories", len(memories))
    successors: dict[str, str] = {}
    for memory in memories:
        if isinstance(memory, dict):
            memory = cast(dict[str, Any], memory)
            metadata = memory.get("metadata")
            successor = memory.get("superseded_by") or (
                cast(dict[str, Any], metadata).get("superseded_by") if isinstance(metadata, dict) else None
            )
            if isinstance(successor, str | int) and str(successor).strip() and memory.get("content_hash"):
                successors[str(memory["content_hash"])] = str(successor).strip()
    topics = _version_topics(successors)
    for n, memory in enumerate(memories):
        line = lines[n] if n < len(lines) else 0
        if not isinstance(memory, dict):
            raise ImportFormatError(path, line, f"memories[{n}] must be an object, got {json_type(memory)}")
        where = location(path, line) if line else f"{path}#memories[{n}]"
        memory = cast(dict[str, Any], memory)
        yield _item(path, line, where, memory, n, topics.get(str(memory.get("content_hash"))))


def _item(
    path: Path, line: int, where: str, memory: Mapping[str, Any], n: int | None = None, topic: str | None = None
) -> ImportItem:
    label = f"memories[{n}]." if n is not None else ""
    content = text_field(memory.get("content"), path, line, f"{label}content")
    key = memory.get("content_hash")
    if not isinstance(key, str) or not key:
        key = f"content\0{content}"
    tags = memory.get("tags")
    tag_list = [t.strip() for t in tags.split(",") if t.strip()] if isinstance(tags, str) else None
    if tag_list is None:
        tag_list = string_list(tags, path, line, f"{label}tags")
    type_value = memory.get("memory_type")
    memory_type, kind = type_and_kind(type_value if isinstance(type_value, str) else None)
    return ImportItem(
        source_key=key,
        content=content,
        memory_type=memory_type,
        kind=kind,
        tags=tuple(tag_list),
        topic=topic,
        created_at=epoch_ms(memory.get("created_at"), path, line, f"{label}created_at"),
        location=where,
    )
