"""Keyword search in scripts written without spaces (Chinese, Japanese, Korean, Thai) and in other
non-Latin scripts (Russian, Arabic), on both backends; the migration and doctor for stores indexed before."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest

from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.embedding import FakeEmbedder
from contextlamp.retrieval.query import content_terms, query_terms
from contextlamp.retrieval.search import ScopedStore, collect_signals
from contextlamp.segmenting import index_text, needs_segmenting
from contextlamp.storage import StoreRegistry
from contextlamp.text import topic_key
from tests.postgres import PostgresServer
from tests.wiring import app_of

# tokenisation differs per backend (FTS5 unicode61 vs PostgreSQL's parser) for the languages
# here beyond the contract suite's Chinese and Japanese (Korean, Russian, ...), so both backends.
pytestmark = pytest.mark.both_backends

# language: (the memory asked for, three others, a question a user would ask, in other words than the memory)
CORPUS: dict[str, tuple[str, tuple[str, str, str], str]] = {
    "zh": (
        "我们的账本数据库是PostgreSQL 16，部署在法兰克福。",
        ("周一下午开团队会议。", "前端使用React和TypeScript。", "办公室的植物每周浇水一次。"),
        "账本数据库用的是什么？",
    ),
    "ja": (
        "台帳データベースはPostgreSQL 16で、フランクフルトにあります。",
        (
            "毎週月曜日にチーム会議があります。",
            "フロントエンドはReactとTypeScriptを使います。",
            "オフィスの植物には週に一度水をやります。",
        ),
        "台帳のデータベースは何ですか？",
    ),
    "ko": (
        "장부 데이터베이스는 PostgreSQL 16이며 프랑크푸르트에 있습니다.",
        (
            "매주 월요일에 팀 회의가 있습니다.",
            "프런트엔드는 React와 TypeScript를 사용합니다.",
            "사무실 화분에는 일주일에 한 번 물을 줍니다.",
        ),
        "장부의 데이터베이스가 뭐예요?",
    ),
    "ru": (
        "База данных бухгалтерии — PostgreSQL 16, она работает во Франкфурте.",
        (
            "Командная встреча проходит по понедельникам.",
            "Фронтенд написан на React и TypeScript.",
            "Растения в офисе поливают раз в неделю.",
        ),
        "Какая база данных у бухгалтерии?",
    ),
    "ar": (
        "قاعدة بيانات الحسابات هي PostgreSQL 16 وتعمل في فرانكفورت.",
        (
            "اجتماع الفريق كل يوم اثنين.",
            "الواجهة الأمامية مكتوبة بـ React و TypeScript.",
            "نسقي نباتات المكتب مرة في الأسبوع.",
        ),
        "ما هي قاعدة بيانات الحسابات؟",
    ),
    "th": (
        "ฐานข้อมูลบัญชีคือ PostgreSQL 16 อยู่ที่แฟรงก์เฟิร์ต",
        ("ประชุมทีมทุกวันจันทร์", "ฟรอนต์เอนด์ใช้ React และ TypeScript", "รดน้ำต้นไม้ในสำนักงานสัปดาห์ละครั้ง"),
        "ฐานข้อมูลบัญชีคืออะไร",
    ),
}


def _keyword_ids(service: MemoryService, caller: Caller, query: str) -> list[str]:
    store = service.registry.store(caller.principal.user_id)
    vector = service.embedder.embed([query])[0]
    lists, _ = collect_signals([ScopedStore(store, "personal", 0)], query, vector, 10, service.clock(), None)
    return lists.keyword


@pytest.mark.parametrize("language", sorted(CORPUS))
def test_a_question_in_the_memorys_language_finds_it_by_keyword(
    service: MemoryService, alice: Caller, language: str
) -> None:
    wanted, others, question = CORPUS[language]
    target = service.save_context(alice, wanted)
    for other in others:
        service.save_context(alice, other)
    assert _keyword_ids(service, alice, question)[:1] == [target.id]
    assert service.get_context(alice, question).packs[0].id == target.id


@pytest.mark.parametrize(
    ("content", "query"),
    [
        ("我们使用PostgreSQL数据库", "postgresql"),  # a Latin word glued to Chinese
        ("我家的猫叫小白", "猫"),  # one character, inside a run
        ("这是我的猫", "猫"),  # one character, a run's last
        ("ｶﾞｽ料金は毎月払います", "ガス料金"),  # halfwidth katakana in the memory, fullwidth in the query
        ("데이터베이스를 백업합니다", "데이터베이스"),  # a Korean particle glued on
    ],
)
def test_words_inside_spaceless_runs_are_found(service: MemoryService, alice: Caller, content: str, query: str) -> None:
    target = service.save_context(alice, content)
    service.save_context(alice, "周一下午开团队会议，讨论预算。")
    assert _keyword_ids(service, alice, query) == [target.id]


def test_a_cjk_topic_is_named_by_a_question(service: MemoryService, alice: Caller) -> None:
    for i in range(20):
        service.save_context(alice, f"会议记录第{i}号：讨论了数据和预算。")
    fact = service.save_context(alice, "PostgreSQL 16", topic="账本数据库")
    assert service.get_context(alice, "我们的账本数据库是什么？").packs[0].id == fact.id


def test_english_queries_are_built_as_before() -> None:
    text = "What is the package manager we use? pnpm, node.js & C++"
    assert not needs_segmenting(text)
    assert index_text(text) is text  # indexed exactly as before: English ranking cannot change
    assert content_terms(text) == ["package", "manager", "use", "pnpm", "node", "js", "c"]


@pytest.mark.sqlite_only  # reads SQLite files
def test_forgetting_a_cjk_memory_leaves_no_bytes_of_it(service: MemoryService, alice: Caller, tmp_path: Path) -> None:
    marker = "鲸鱼橘子酱计划"  # "whale marmalade plan": each bigram of it is an index term
    for i in range(20):
        service.save_context(alice, f"普通的工作笔记 {i}")
    secret = service.save_context(alice, f"我的私人笔记：{marker}是代号", tags=["秘密标签"], topic="私人代号")
    assert _keyword_ids(service, alice, marker) == [secret.id]
    assert service.forget_context(alice, secret.id).forgotten
    needles = [marker, "秘密标签", "私人代号", *(marker[i : i + 2] for i in range(len(marker) - 1))]
    files = list((tmp_path / "home" / "stores").glob(f"{alice.principal.user_id}.db*"))
    assert files
    for path in files:
        data = path.read_bytes()
        for needle in needles:
            assert needle.encode() not in data, f"{needle!r} left in {path.name}"
    assert _keyword_ids(service, alice, marker) == []
    assert all(r.findings == [] for r in app_of(service).doctor.examine(repair=False)[0])
    with sqlite3.connect(
        tmp_path / "home" / "stores" / f"{alice.principal.user_id}.db"
    ) as raw:  # the index's own term list (prefix-compressed on disk)
        raw.execute("CREATE VIRTUAL TABLE temp.v USING fts5vocab(main, entries_fts, row)")
        terms = {r[0] for r in raw.execute("SELECT term FROM temp.v")}
    assert not terms & set(needles), terms & set(needles)


def _old_style(conn: sqlite3.Connection, rowid: int, content: str) -> None:
    """Index one row as stores before bigram indexing did: the raw text (its runs as single tokens)."""
    conn.execute(
        "INSERT INTO entries_fts(entries_fts, rowid, content, topic, tags) VALUES('delete', ?, ?, '', '')",
        (rowid, index_text(content)),
    )
    conn.execute("INSERT INTO entries_fts(rowid, content, topic, tags) VALUES (?, ?, '', '')", (rowid, content))


@pytest.mark.sqlite_only
def test_a_sqlite_store_indexed_before_bigrams_is_migrated_on_open(tmp_path: Path) -> None:
    home = tmp_path / "home"
    embedder = FakeEmbedder()
    service = MemoryService(
        StoreRegistry(home, embedder.identity, embedder.dim), embedder, indexer=Indexer(embedder.embed, inline=True)
    )
    alice = Caller(service.principal("alice"), "test")
    wanted, others, question = CORPUS["zh"]
    target = service.save_context(alice, wanted)
    english = service.save_context(alice, "The ledger database is PostgreSQL 16")
    for other in others:
        service.save_context(alice, other)
    path = home / "stores" / f"{alice.principal.user_id}.db"
    service.registry.close()
    with sqlite3.connect(path) as conn:
        for rowid, content in conn.execute("SELECT rowid, content FROM entries").fetchall():
            if needs_segmenting(content):
                _old_style(conn, rowid, content)
        conn.execute("PRAGMA user_version = 4")
    reopened = MemoryService(
        StoreRegistry(home, embedder.identity, embedder.dim), embedder, indexer=Indexer(embedder.embed, inline=True)
    )
    try:
        alice = Caller(reopened.principal("alice"), "test")
        assert _keyword_ids(reopened, alice, question)[:1] == [target.id]
        assert _keyword_ids(reopened, alice, "ledger database") == [english.id]
        assert all(r.findings == [] for r in app_of(reopened).doctor.examine(repair=False)[0])
        assert reopened.forget_context(alice, target.id).forgotten  # deleted with the values it was indexed with
        assert all(r.findings == [] for r in app_of(reopened).doctor.examine(repair=False)[0])
    finally:
        reopened.registry.close()


@pytest.mark.sqlite_only  # damages SQLite's own tables behind the store's back
def test_doctor_finds_and_repairs_a_row_indexed_without_bigrams(service: MemoryService, alice: Caller) -> None:
    wanted, others, question = CORPUS["ja"]
    target = service.save_context(alice, wanted)
    for other in others:
        service.save_context(alice, other)
    path = service.registry.home / "stores" / f"{alice.principal.user_id}.db"
    with sqlite3.connect(path) as conn:  # as another (older) process would have indexed it
        (rowid,) = conn.execute("SELECT rowid FROM entries WHERE id = ?", (target.id,)).fetchone()
        _old_style(conn, rowid, wanted)
    assert _keyword_ids(service, alice, question)[:1] != [target.id]
    findings = [f for r in app_of(service).doctor.examine(repair=False)[0] for f in r.findings]
    assert [f.kind for f in findings] == ["full-text"]
    assert all(f.repaired for r in app_of(service).doctor.examine(repair=True)[0] for f in r.findings)
    assert all(r.findings == [] for r in app_of(service).doctor.examine(repair=False)[0])
    assert _keyword_ids(service, alice, question)[:1] == [target.id]


def test_a_postgresql_database_indexed_before_bigrams_is_migrated_and_checked(
    tmp_path: Path, postgres: PostgresServer
) -> None:
    url = postgres.database("cjk")
    embedder = FakeEmbedder()
    try:
        service = MemoryService(
            StoreRegistry(tmp_path, embedder.identity, embedder.dim, url),
            embedder,
            indexer=Indexer(embedder.embed, inline=True),
        )
        alice = Caller(service.principal("alice"), "test")
        wanted, others, question = CORPUS["ko"]
        target = service.save_context(alice, wanted)
        for other in others:
            service.save_context(alice, other)
        service.registry.close()
        old_tsv = (
            "setweight(to_tsvector('english', content), 'B') || setweight(to_tsvector('english', "
            "coalesce(topic, '')), 'A') || setweight(to_tsvector('english', array_to_string(tags, ' ')), 'B')"
        )
        with psycopg.connect(url, autocommit=True) as conn:  # as a database at schema version 2 had it
            conn.execute(f"UPDATE entries SET tsv = {old_tsv}")  # type: ignore[arg-type]
            conn.execute("DELETE FROM schema_migrations WHERE version >= 3")
        reopened = MemoryService(
            StoreRegistry(tmp_path, embedder.identity, embedder.dim, url),
            embedder,
            indexer=Indexer(embedder.embed, inline=True),
        )
        try:
            alice = Caller(reopened.principal("alice"), "test")
            assert _keyword_ids(reopened, alice, question)[:1] == [target.id]
            assert all(r.findings == [] for r in app_of(reopened).doctor.examine(repair=False)[0])
            with psycopg.connect(url, autocommit=True) as conn:  # one row written the old way again
                conn.execute(f"UPDATE entries SET tsv = {old_tsv} WHERE id = %s", (target.id,))  # type: ignore[arg-type]
            assert [f.kind for r in app_of(reopened).doctor.examine(repair=False)[0] for f in r.findings] == [
                "full-text"
            ]
            app_of(reopened).doctor.examine(repair=True)
            assert all(r.findings == [] for r in app_of(reopened).doctor.examine(repair=False)[0])
            assert _keyword_ids(reopened, alice, question)[:1] == [target.id]
        finally:
            reopened.registry.close()
    finally:
        postgres.empty("cjk")


def _seconds(fn: Callable[[str], object], text: str) -> float:
    start = time.perf_counter()
    fn(text)
    return time.perf_counter() - start


@pytest.mark.parametrize(
    "unit",
    ["a数", "数\u0301", "数・", "한数", "ท\u0e48", "数 ", "\u0301数", "+#&.数"],  # script changes, marks, separators
)
def test_segmenting_is_linear_on_adversarial_text(unit: str) -> None:
    size = 32 * 1024
    plain = "我们的账本数据库部署在法兰克福" * (size // 15)
    hostile = unit * (size // len(unit))
    functions: tuple[Callable[[str], object], ...] = (index_text, query_terms, topic_key)
    for fn in functions:
        baseline = min(_seconds(fn, plain) for _ in range(3))
        took = min(_seconds(fn, hostile) for _ in range(3))
        assert took < 20 * baseline + 0.05, (fn, unit, took, baseline)  # quadratic: 32 KiB would take seconds
