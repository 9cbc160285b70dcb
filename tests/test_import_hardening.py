"""What an attack on the importers found (issue 29 points 2-5): links leading out of the folder, YAML front matter
bombs, a crafted mcp-memory-service database and archive bombs. Each test fails on the code before its fix.

The importers read regular files inside the folder they were given and nothing else; every YAML read, SQLite
read and archive read is bounded, so a small hostile file cannot take time or memory beyond its size."""

from __future__ import annotations

import gzip
import io
import json
import os
import sqlite3
import zipfile
from pathlib import Path

import pytest

from contextlamp.app.importing import FormatImportReport, Importer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.importers import ImportFormatError, ImportItem, ImportSkip, reader

PRIVATE = "Zanzibar-walrus private line that must never become a memory"


def _run(service: MemoryService, caller: Caller, fmt: str, path: Path, **kw: object) -> FormatImportReport:
    return Importer(service, service.clock).run(fmt, path, caller.principal, **kw)  # pyright: ignore[reportArgumentType]


def _contents(service: MemoryService, caller: Caller) -> str:
    items = service.list_context(caller, limit=200).items
    texts = [e.content for i in items if (e := service.get_entry(caller, i.id)) is not None]
    for project in service.projects(caller):
        for i in service.list_context(caller, limit=200, project=project.slug).items:
            entry = service.get_entry(caller, i.id)
            texts.append(entry.content if entry is not None else "")
    return "\n".join(texts)


def _private_file(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    private = home / "private.md"
    private.write_text(f"# Private\n\n- {PRIVATE}\n- [fact] {PRIVATE} #secret\n")
    return private


# -- point 2: links leading out of the folder --------------------------------------------------------------------


def _repo_with_links(tmp_path: Path) -> Path:
    private = _private_file(tmp_path)
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / ".claude" / "rules").mkdir(parents=True)
    (repo / "AGENTS.md").write_text("# Build\n\n- Run the linter before every commit\n")
    (repo / "CLAUDE.md").symlink_to("AGENTS.md")  # a link inside the repository: read (a common setup)
    (repo / ".claude" / "rules" / "x.md").symlink_to(private)  # leads out: never read
    (repo / "pkg").mkdir()
    (repo / "pkg" / "CLAUDE.md").symlink_to(private)
    (repo / "GEMINI.md").symlink_to("/proc/self/environ")
    os.mkfifo(repo / "pkg" / "AGENTS.md")  # a pipe would block a reader for ever
    return repo


def test_agent_files_never_follow_a_link_out_of_the_repository(
    service: MemoryService, alice: Caller, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLP_CANARY_VARIABLE", "environ-canary-7f3e")
    repo = _repo_with_links(tmp_path)
    report = _run(service, alice, "agent-files", repo, project="links")
    stored = _contents(service, alice)
    assert "Run the linter before every commit" in stored
    assert PRIVATE not in stored and "environ-canary" not in stored
    skipped = {x.location for x in report.lines if x.outcome == "skipped" and "outside the folder" in x.reason}
    assert {str(repo / ".claude/rules/x.md"), str(repo / "pkg/CLAUDE.md"), str(repo / "GEMINI.md")} <= skipped
    assert all(PRIVATE not in x.reason and str(tmp_path / "home") not in x.reason for x in report.lines)


def test_agent_files_named_one_at_a_time_refuse_a_link_out_of_their_folder(tmp_path: Path) -> None:
    repo = _repo_with_links(tmp_path)
    records = list(reader("agent-files")(repo / "pkg" / "CLAUDE.md"))
    assert not [r for r in records if isinstance(r, ImportItem)]
    assert [r.reason for r in records if isinstance(r, ImportSkip)] == [
        "is a link leading outside the folder being imported (not followed; name the file itself)"
    ]


def test_basic_memory_never_follows_a_link_out_of_the_folder(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    private = _private_file(tmp_path)
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "ok.md").write_text("---\ntitle: Garden\n---\n\n- [fact] The tomatoes go in the south bed\n")
    (notes / "leak.md").symlink_to(private)
    (notes / "environ.md").symlink_to("/proc/self/environ")
    (notes / "sub").symlink_to(private.parent, target_is_directory=True)  # a folder link: not walked
    report = _run(service, alice, "basic-memory", notes)
    stored = _contents(service, alice)
    assert "tomatoes go in the south bed" in stored and PRIVATE not in stored
    skipped = {x.location for x in report.lines if x.outcome == "skipped"}
    assert {str(notes / "leak.md"), str(notes / "environ.md")} <= skipped
    with pytest.raises(ImportFormatError, match="outside the folder"):
        list(reader("basic-memory")(notes / "leak.md"))


@pytest.mark.parametrize(
    ("fmt", "name", "content"),
    [
        ("mcp-memory", "memory.jsonl", '{"type":"entity","name":"X","entityType":"t","observations":["o"]}\n'),
        ("mem0", "mem0.json", '{"results": [{"id": "1", "memory": "m"}]}'),
        ("mcp-memory-service", "sqlite_vec.db", '{"memories": [{"content": "m", "content_hash": "h"}]}'),
        ("chatgpt", "conversations.json", "[]"),
        ("claude-ai", "conversations.json", "[]"),
    ],
)
def test_every_file_reader_refuses_a_link_out_of_its_folder(tmp_path: Path, fmt: str, name: str, content: str) -> None:
    outside = tmp_path / "elsewhere" / name
    outside.parent.mkdir()
    outside.write_text(content)
    folder = tmp_path / "export"
    folder.mkdir()
    (folder / name).symlink_to(outside)
    given = folder if fmt in ("mcp-memory-service", "chatgpt", "claude-ai") else folder / name
    with pytest.raises(ImportFormatError, match="outside the folder"):
        list(reader(fmt)(given))
    assert len(list(reader(fmt)(outside))) == (0 if fmt in ("chatgpt", "claude-ai") else 1)  # the file itself: read


def test_a_pipe_is_never_opened(tmp_path: Path) -> None:
    pipe = tmp_path / "memory.jsonl"
    os.mkfifo(pipe)
    with pytest.raises(ImportFormatError, match="not a regular file"):
        list(reader("mcp-memory")(pipe))  # the old reader blocked here for ever, waiting for a writer


# -- point 3: YAML front matter bombs ----------------------------------------------------------------------------


def _laughs(levels: int, width: int = 10) -> str:
    """A billion-laughs front matter: each level a list of ``width`` aliases of the one before."""
    lines = ['a0: &a0 ["lol"]']
    for n in range(1, levels + 1):
        lines.append(f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * width)}]")
    return "\n".join(lines)


def test_a_front_matter_alias_bomb_is_refused_at_once(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    bomb = notes / "bomb.md"
    bomb.write_text(f"---\n{_laughs(6)}\ntags: *a6\n---\n\n- [fact] boom\n")  # 10^6 values once copied out
    with pytest.raises(ImportFormatError, match="expands to more than") as caught:
        list(reader("basic-memory")(notes))
    assert caught.value.file == str(bomb)


@pytest.mark.parametrize(
    ("front", "message"),
    [
        ("a: &a [*a]\ntags: *a", "recursive alias"),
        ("tags: " + "[" * 200 + "]" * 200, "nested deeper than"),
        (
            "\n".join(f"k{n}: &k{n} x" for n in range(150)) + "\nl: [" + ", ".join(f"*k{n}" for n in range(150)) + "]",
            "more than 100 aliases",
        ),
        ("title: " + "x" * 70_000, "longer than"),
    ],
)
def test_front_matter_bounds(tmp_path: Path, front: str, message: str) -> None:
    note = tmp_path / "n.md"
    note.write_text(f"---\n{front}\n---\n\n- [fact] x\n")
    with pytest.raises(ImportFormatError, match=message):
        list(reader("basic-memory")(note))


def test_a_claude_rule_bomb_is_skipped_and_the_rest_of_the_repository_imported(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / ".claude" / "rules").mkdir(parents=True)
    (repo / "CLAUDE.md").write_text("- Keep functions short\n")
    (repo / ".claude" / "rules" / "bomb.md").write_text(f"---\n{_laughs(9)}\npaths: *a9\n---\n\n- boom\n")
    (repo / ".cursor" / "rules").mkdir(parents=True)
    (repo / ".cursor" / "rules" / "bomb.mdc").write_text(f"---\n{_laughs(9)}\nglobs: *a9\n---\n\n- Use tabs\n")
    records = list(reader("agent-files")(repo))
    items = [r.content for r in records if isinstance(r, ImportItem)]
    assert "Keep functions short" in items
    assert any(i.startswith("Use tabs") and len(i) < 300 for i in items)  # Cursor's front matter is not YAML
    (skip,) = [r for r in records if isinstance(r, ImportSkip) and "bomb.md" in r.location]
    assert "expands to more than" in skip.reason


# -- point 4: a crafted mcp-memory-service database --------------------------------------------------------------


def test_a_memories_view_is_not_read(tmp_path: Path) -> None:
    db = tmp_path / "sqlite_vec.db"
    with sqlite3.connect(db) as conn:
        conn.execute(
            "CREATE VIEW memories AS WITH RECURSIVE n(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM n "
            "WHERE id < 1000000) SELECT id, 'h' || id AS content_hash, 'row ' || id AS content, NULL AS tags, "
            "NULL AS memory_type, NULL AS metadata, 1.0 AS created_at, NULL AS deleted_at FROM n"
        )
    conn.close()
    with pytest.raises(ImportFormatError, match="no 'memories' table"):
        list(reader("mcp-memory-service")(db))


def test_a_real_table_with_too_many_rows_or_too_large_a_content_is_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from contextlamp.importers import mcp_memory_service

    db = tmp_path / "sqlite_vec.db"
    with sqlite3.connect(db) as conn:
        conn.execute(
            "CREATE TABLE memories (id INTEGER PRIMARY KEY, content_hash TEXT UNIQUE NOT NULL, content TEXT NOT "
            "NULL, tags TEXT, memory_type TEXT, metadata TEXT, created_at REAL, updated_at REAL, created_at_iso "
            "TEXT, updated_at_iso TEXT, deleted_at REAL)"
        )
        conn.execute("INSERT INTO memories (content_hash, content) VALUES ('big', zeroblob(5000000))")
        conn.executemany(
            "INSERT INTO memories (content_hash, content) VALUES (?, ?)", [(f"h{n}", f"m {n}") for n in range(30)]
        )
    conn.close()
    items = list(reader("mcp-memory-service")(db))
    big = [r for r in items if isinstance(r, ImportSkip)]
    assert len(big) == 1 and "larger than" in big[0].reason  # never loaded whole
    monkeypatch.setattr(mcp_memory_service, "MAX_ROWS", 20)
    with pytest.raises(ImportFormatError, match="more than 20 memories"):
        list(reader("mcp-memory-service")(db))


def test_a_memories_table_with_generated_columns_is_not_read(tmp_path: Path) -> None:
    db = tmp_path / "sqlite_vec.db"
    with sqlite3.connect(db) as conn:
        conn.execute(
            "CREATE TABLE memories (id INTEGER PRIMARY KEY, content_hash TEXT, seed TEXT, content TEXT "
            "GENERATED ALWAYS AS (printf('%.*c', 400000000, 'x')) VIRTUAL)"
        )
        conn.execute("INSERT INTO memories (content_hash, seed) VALUES ('h', 's')")
    conn.close()
    with pytest.raises(ImportFormatError, match="computes columns"):
        list(reader("mcp-memory-service")(db))  # never a 400 MB value per row


def test_a_virtual_memories_table_is_not_read(tmp_path: Path) -> None:
    db = tmp_path / "sqlite_vec.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE VIRTUAL TABLE memories USING fts5(content, content_hash)")
    conn.close()
    with pytest.raises(ImportFormatError, match="no 'memories' table"):
        list(reader("mcp-memory-service")(db))


# -- point 5: archive bombs --------------------------------------------------------------------------------------


def _zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def _bomb_conversations(size: int) -> bytes:
    return b'[{"uuid": "c1", "name": "t", "chat_messages": [{"sender": "human", "text": "' + b"a" * size + b'"}]}]'


@pytest.mark.parametrize("fmt", ["chatgpt", "claude-ai"])
def test_a_chat_export_bomb_is_refused_before_it_is_read(tmp_path: Path, fmt: str) -> None:
    archive = _zip(tmp_path / "export.zip", {"conversations.json": _bomb_conversations(200 * 1024 * 1024)})
    assert archive.stat().st_size < 1024 * 1024
    with pytest.raises(ImportFormatError, match="compressed more than"):
        list(reader(fmt)(archive))


def test_an_openmemory_bomb_is_refused_before_it_is_read(tmp_path: Path) -> None:
    inner = gzip.compress(b"\n" * (100 * 1024 * 1024), compresslevel=9)
    archive = _zip(tmp_path / "backup.zip", {"memories.jsonl.gz": inner})
    with pytest.raises(ImportFormatError, match="compressed more than"):
        list(reader("mem0")(archive))
    flat = _zip(tmp_path / "flat.zip", {"memories.json": b" " * (100 * 1024 * 1024) + b"[]"})
    with pytest.raises(ImportFormatError, match="compressed more than"):
        list(reader("mem0")(flat))


def test_a_whole_archive_over_the_size_limit_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from contextlamp.importers import base

    rows = [
        {"uuid": f"c{n}", "name": "t", "chat_messages": [{"sender": "human", "text": os.urandom(600).hex()}]}
        for n in range(20)
    ]
    archive = _zip(tmp_path / "export.zip", {"conversations.json": json.dumps(rows).encode()})
    assert len(list(reader("claude-ai")(archive))) == 20
    monkeypatch.setattr(base, "MAX_ARCHIVE_BYTES", 10_000)
    with pytest.raises(ImportFormatError, match="more than 10000 bytes"):
        list(reader("claude-ai")(archive))


def test_the_streaming_scanner_refuses_a_conversation_over_the_limit_across_chunks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from contextlamp.importers import json_stream

    monkeypatch.setattr(json_stream, "MAX_CONVERSATION_CHARS", 50_000)
    text = '[{"a": 1}, {"uuid": "c", "chat_messages": [' + ", ".join(['{"text": "' + "w" * 900 + '"}'] * 200) + "]}]"
    stream = io.StringIO(text)
    got = json_stream.iter_json_array(stream, Path("conversations.json"), chunk_chars=4096)
    assert next(got)[1] == {"a": 1}
    with pytest.raises(ImportFormatError, match="longer than 50000 characters"):
        next(got)
    long_string = '[{"text": "' + "q" * 300_000 + '"}]'  # one string the chunks cut: carried, never past the cap
    with pytest.raises(ImportFormatError, match="longer than 50000 characters"):
        list(json_stream.iter_json_array(io.StringIO(long_string), Path("c.json"), chunk_chars=4096))


def test_one_conversation_larger_than_the_limit_is_refused_without_holding_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from contextlamp.importers import json_stream

    monkeypatch.setattr(json_stream, "MAX_CONVERSATION_CHARS", 50_000)
    export = tmp_path / "conversations.json"
    export.write_bytes(_bomb_conversations(200_000))
    with pytest.raises(ImportFormatError, match="longer than 50000 characters"):
        list(reader("claude-ai")(export))
