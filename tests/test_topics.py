"""Topic keys: distinct names stay distinct topics (C++, C#, C), the same name typed differently stays one
topic, stored topics keep working, and the fact-key signal follows the new keys."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from contextlamp.app.export_format import parse_document
from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.embedding import FakeEmbedder
from contextlamp.errors import InvalidArgumentError
from contextlamp.storage import StoreRegistry
from contextlamp.text import kebab, topic_key
from tests.wiring import app_of

DISTINCT = ["C", "C++", "C#", "F#", ".NET", "net", "c/c++", "a+b", "a-b", "R&D", "R-D", "Notepad++", "Go"]


def test_distinct_names_are_distinct_topics_and_none_supersedes_another(service: MemoryService, alice: Caller) -> None:
    ids = {
        topic: service.save_context(alice, f"Notes about {topic} number {i}", topic=topic).id
        for i, topic in enumerate(DISTINCT)
    }
    items = {item.id: item for item in service.list_context(alice, limit=100).items}
    assert set(items) == set(ids.values())  # every one is still current
    assert all(items[i].superseded_by is None for i in ids.values())
    assert len({items[i].topic for i in ids.values()}) == len(DISTINCT)


@pytest.mark.parametrize(
    "spellings",
    [
        ("C++", "c++", "C ++", "c plus plus", "ｃ＋＋"),
        ("C#", "c#", "C sharp", "Ｃ＃"),
        (".NET", ".net", "dot net"),
        ("Node.js", "node-js", "node js", "NODE_JS"),
        ("Python 3.12", "python-3.12", "python_3_12"),
        ("Package Manager", "package-manager", "package_manager", "PACKAGE MANAGER"),
        ("R&D", "r & d", "R and D"),
        ("issue #42", "issue 42"),
    ],
)
def test_one_name_typed_differently_is_one_topic(
    service: MemoryService, alice: Caller, spellings: tuple[str, ...]
) -> None:
    for i, spelling in enumerate(spellings):
        latest = service.save_context(alice, f"version {i} of the fact", topic=spelling)
    current = [item for item in service.list_context(alice).items if item.superseded_by is None]
    assert [item.id for item in current] == [latest.id]


def test_keys_of_topics_without_those_symbols_did_not_change() -> None:
    # stored topics were made by kebab: a save spelled as before must find (and supersede) them
    for topic in [
        "Package Manager",
        "node.js",
        "python-3.12",
        "GitHub org",
        "deploy_target",
        "v1.2.3",
        "数据库",
        "issue #42",
    ]:
        assert topic_key(topic) == kebab(topic)
    for stored in ["c", "net", "r-d", "package-manager", "node-js", "c-c"]:  # keys already in stores
        assert topic_key(stored) == stored  # still valid keys: import accepts them, nothing is rewritten


def test_an_entry_stored_under_an_old_key_stays_readable_and_supersedable(tmp_path: Path) -> None:
    """A store written before: ``C++`` was stored as ``c``. It keeps that key (its original text is gone);
    the same key saved again supersedes it, ``C++`` now makes its own topic, a query still finds it."""
    home = tmp_path / "home"
    embedder = FakeEmbedder()
    service = MemoryService(
        StoreRegistry(home, embedder.identity, embedder.dim), embedder, indexer=Indexer(embedder.embed, inline=True)
    )
    try:
        alice = Caller(service.principal("alice"), "test")
        old = service.save_context(alice, "We compile the engine with clang 17", topic="engine-compiler")
        path = home / "stores" / f"{alice.principal.user_id}.db"
        with sqlite3.connect(path) as conn:  # as the old rule stored the topic "C++"
            conn.execute("UPDATE entries SET topic = 'c' WHERE id = ?", (old.id,))
        assert service.list_context(alice).items[0].topic == "c"
        assert service.get_context(alice, "which compiler for the engine?").packs[0].id == old.id
        new = service.save_context(alice, "C++ code follows the Google style guide", topic="C++")
        live = {i.id: i for i in service.list_context(alice).items if i.superseded_by is None}
        assert set(live) == {old.id, new.id} and live[new.id].topic == "c-plus-plus"
        again = service.save_context(alice, "C code is C17", topic="c")
        live = {i.id for i in service.list_context(alice).items if i.superseded_by is None}
        assert live == {new.id, again.id}  # the same old key superseded the old entry
    finally:
        service.registry.close()


def test_a_query_naming_cpp_finds_the_cpp_topic_not_the_csharp_one(service: MemoryService, alice: Caller) -> None:
    for i in range(30):
        service.save_context(alice, f"Unrelated build note {i} about code and languages")
    csharp = service.save_context(alice, "analyzers on, nullable references enabled", topic="C#")
    cpp = service.save_context(alice, "cmake with ninja, warnings as errors", topic="C++")
    assert service.get_context(alice, "How do we build C++?").packs[0].id == cpp.id
    assert service.get_context(alice, "How do we build C#?").packs[0].id == csharp.id
    net = service.save_context(alice, "target net8.0 everywhere", topic=".NET")
    assert service.get_context(alice, "which .NET version?").packs[0].id == net.id


def test_a_topic_that_grows_past_the_limit_is_refused_naming_the_field(service: MemoryService, alice: Caller) -> None:
    with pytest.raises(InvalidArgumentError) as err:
        service.save_context(alice, "plus signs", topic="+" * 100)  # 100 characters, "plus-" * 100 once normalised
    assert err.value.field == "topic" and "normalised" in str(err.value)


def test_new_topic_keys_survive_export_and_import(service: MemoryService, alice: Caller, tmp_path: Path) -> None:
    for topic in ("C++", "C#", ".NET", "R&D"):
        service.save_context(alice, f"about {topic}", topic=topic)
    user = service.registry.control.find_user(alice.principal.user_id)
    assert user is not None
    document = json.loads(json.dumps(app_of(service).porter.export_user(user)))
    embedder = FakeEmbedder()
    other = MemoryService(
        StoreRegistry(tmp_path / "other", embedder.identity, embedder.dim),
        embedder,
        indexer=Indexer(embedder.embed, inline=True),
    )
    try:
        report = app_of(other).porter.import_document(parse_document(document))
        assert report.entries_added == 4
        restored = Caller(other.principal(user.name), "test")
        assert {i.topic for i in other.list_context(restored).items} == {"c-plus-plus", "c-sharp", "dot-net", "r-and-d"}
    finally:
        other.registry.close()
