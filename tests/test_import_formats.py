"""``contextlamp import --from FORMAT PATH`` (issue #19, docs/import.md): each format imports from a fixture in
the real tool's shape (tests/data/import/), get_context finds what was imported, a second import adds nothing,
a secret is skipped and reported by kind only, a bad or truncated file names the file and line and writes
nothing, a dry run writes nothing, original times are kept. The runner's tests run on both backends (its
record of imported keys lives in each backend's control plane)."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from contextlamp.app.importing import FormatImportReport, Importer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.cli.main import cli
from contextlamp.distill.turns import Turn
from contextlamp.errors import InvalidArgumentError
from contextlamp.importers import ImportConversation, ImportFormatError, ImportItem, format_names
from tests.conftest import Clock

DATA = Path(__file__).parent / "data" / "import"
SECRET = "AKIAZ7Q3KXMP4TRW2Y5N"  # the invented AWS key in the *_secret fixtures

both = pytest.mark.both_backends


def _run(service: MemoryService, caller: Caller, fmt: str, path: Path, **kw: object) -> FormatImportReport:
    importer = Importer(service, service.clock)
    return importer.run(fmt, path, caller.principal, **kw)  # pyright: ignore[reportArgumentType]


def _contents(service: MemoryService, caller: Caller, project: str | None = None) -> list[str]:
    items = service.list_context(caller, limit=200, project=project).items
    return [service.get_entry(caller, i.id).content for i in items] if project is None else [i.preview for i in items]


def _read(fmt: str, path: Path) -> dict[str, ImportItem]:
    """The memories a reader yields, by content."""
    from contextlamp.importers import reader

    return {r.content: r for r in reader(fmt)(path) if isinstance(r, ImportItem)}


def _found(service: MemoryService, caller: Caller, query: str, wanted: str) -> bool:
    return any(wanted in p.text for p in service.get_context(caller, query, max_results=10).packs)


# -- the framework ----------------------------------------------------------------------------------------------


def test_the_registry_names_every_format() -> None:
    assert {"mcp-memory", "mcp-memory-service", "mem0"} <= set(format_names())


@both
def test_an_unknown_format_is_refused_naming_the_allowed_ones(service: MemoryService, alice: Caller) -> None:
    with pytest.raises(InvalidArgumentError, match="mcp-memory"):
        _run(service, alice, "no-such-tool", DATA / "memory.jsonl")


@both
def test_a_truncated_file_names_file_and_line_and_writes_nothing(service: MemoryService, alice: Caller) -> None:
    path = DATA / "memory_truncated.jsonl"
    with pytest.raises(ImportFormatError) as caught:
        _run(service, alice, "mcp-memory", path)
    assert caught.value.line == 2 and caught.value.file == str(path)
    assert f"{path}:2" in str(caught.value)
    assert service.list_context(alice).items == []  # the valid first line was not written either


@both
def test_a_dry_run_writes_nothing_and_says_what_it_would(service: MemoryService, alice: Caller) -> None:
    report = _run(service, alice, "mcp-memory", DATA / "memory.jsonl", dry_run=True)
    assert report.dry_run and report.count("added") == 9
    assert service.list_context(alice).items == []
    again = _run(service, alice, "mcp-memory", DATA / "memory.jsonl")  # the dry run recorded nothing either
    assert again.count("added") == 9


@both
def test_a_second_import_adds_nothing_and_a_forgotten_memory_stays_forgotten(
    service: MemoryService, alice: Caller
) -> None:
    first = _run(service, alice, "mcp-memory", DATA / "memory.jsonl")
    assert first.count("added") == 9
    second = _run(service, alice, "mcp-memory", DATA / "memory.jsonl")
    assert second.count("added") == 0 and second.count("already there") == 9
    assert len(service.list_context(alice, limit=200).items) == 9
    gone = next(i for i in service.list_context(alice, limit=200).items if "Rotterdam" in i.preview)
    assert service.forget_context(alice, gone.id).forgotten
    third = _run(service, alice, "mcp-memory", DATA / "memory.jsonl")
    assert third.count("added") == 0
    assert not any("Rotterdam" in i.preview for i in service.list_context(alice, limit=200).items)


@both
def test_content_already_stored_is_not_added_again(service: MemoryService, alice: Caller) -> None:
    service.save_context(alice, "Tallow Labs: Headquartered in Rotterdam", memory_type="fact")
    report = _run(service, alice, "mcp-memory", DATA / "memory.jsonl")
    assert report.count("added") == 8 and report.count("already there") == 1
    assert len(service.list_context(alice, limit=200).items) == 9


@both
def test_a_secret_is_skipped_and_reported_by_kind_never_echoed(service: MemoryService, alice: Caller) -> None:
    report = _run(service, alice, "mcp-memory", DATA / "memory_secret.jsonl")
    assert report.count("added") == 2
    (skipped,) = [x for x in report.lines if x.outcome == "skipped"]
    assert skipped.location == f"{DATA / 'memory_secret.jsonl'}:1"
    assert "secret" in skipped.reason and "AWS" in skipped.reason
    assert SECRET not in repr(report)
    assert not any(SECRET in c for c in _contents(service, alice))


@both
def test_a_project_receives_the_import(service: MemoryService, alice: Caller) -> None:
    _run(service, alice, "mcp-memory", DATA / "memory.jsonl", project="billing")
    assert service.list_context(alice).items == []
    assert len(service.list_context(alice, project="billing", limit=200).items) == 9
    again = _run(service, alice, "mcp-memory", DATA / "memory.jsonl", project="billing")
    assert again.count("added") == 0


@both
def test_a_project_holding_a_secret_is_refused_before_anything_is_written(
    service: MemoryService, alice: Caller
) -> None:
    with pytest.raises(InvalidArgumentError, match="secret"):
        _run(service, alice, "mcp-memory", DATA / "memory.jsonl", project=SECRET)
    assert service.list_context(alice).items == []


CONVERSATION_AT = 1_700_000_000_000  # 2023-11-14, ms
ITEM_AT = 1_650_000_000_000  # 2022-04-15


def _conversations(path: Path) -> Iterator[ImportItem | ImportConversation]:
    """A stand-in reader of a chat export: two conversations and one memory (the runner's side of format 6)."""
    yield ImportConversation(
        "conv-1",
        "Tooling",
        (
            Turn("user", "We use pnpm, not npm, in every repository."),
            Turn("assistant", "Noted."),
            Turn("user", "I prefer dark mode in every editor."),
        ),
        created_at=CONVERSATION_AT,
        location=f"{path}:1",
    )
    yield ImportConversation(
        "conv-2",
        "Deploys",
        (
            Turn("user", f"The deploy key is {SECRET} by the way."),
            Turn("user", "Our CI deploys to Fly.io every Tuesday."),
        ),
        created_at=CONVERSATION_AT + 1000,
        location=f"{path}:2",
    )
    yield ImportItem("item-1", "The staging cluster runs in Frankfurt.", created_at=ITEM_AT, location=f"{path}:3")


@both
def test_conversations_are_distilled_at_their_time_once(
    service: MemoryService, alice: Caller, monkeypatch: pytest.MonkeyPatch
) -> None:
    import contextlamp.app.importing as importing

    monkeypatch.setattr(importing, "reader", lambda _name: _conversations)  # pyright: ignore[reportUnknownArgumentType, reportUnknownLambdaType]
    report = _run(service, alice, "chats", Path("conversations.json"))
    assert report.count("added", "conversation") == 2 and report.count("added", "memory") == 1
    assert report.memories_from_conversations >= 3
    secret_note = next(x for x in report.lines if x.location == "conversations.json:2").reason
    assert "turn 1 held a secret" in secret_note and "AWS" in secret_note and SECRET not in repr(report)
    sessions = service.resume_session(alice, limit=10).sessions
    assert sessions is not None and len(sessions) == 2
    assert sorted(s.ts for s in sessions) == [CONVERSATION_AT, CONVERSATION_AT + 1000]  # the digests keep the time
    items = service.list_context(alice, limit=200).items
    by_text = {service.get_entry(alice, i.id).content: i for i in items}
    assert by_text["The staging cluster runs in Frankfurt."].ts == ITEM_AT  # a memory keeps its time
    assert by_text["We use pnpm, not npm, in every repository."].ts == CONVERSATION_AT
    assert not any(SECRET in text for text in by_text)
    assert _found(service, alice, "which package manager do we use", "pnpm")
    again = _run(service, alice, "chats", Path("conversations.json"))  # resumable: nothing distilled twice
    assert again.count("added") == 0 and again.count("already there") == 3
    assert len(service.resume_session(alice, limit=10).sessions or []) == 2


@both
def test_an_old_memory_never_supersedes_a_newer_one_on_its_topic(
    service: MemoryService, alice: Caller, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import contextlamp.app.importing as importing

    def old_and_newer(path: Path) -> Iterator[ImportItem]:
        yield ImportItem("a", "The team uses Jenkins for CI.", topic="ci", created_at=ITEM_AT, location="f:1")
        yield ImportItem("b", "The team uses Travis for CI.", topic="ci", created_at=ITEM_AT + 5, location="f:2")

    monkeypatch.setattr(importing, "reader", lambda _name: old_and_newer)  # pyright: ignore[reportUnknownArgumentType, reportUnknownLambdaType]
    service.save_context(alice, "The team uses GitHub Actions for CI.", topic="ci")  # today: newer than both
    _run(service, alice, "x", tmp_path)
    live = {service.get_entry(alice, i.id).content: i for i in service.list_context(alice, limit=50).items}
    current = [text for text, item in live.items() if item.topic == "ci"]
    assert current == ["The team uses GitHub Actions for CI."]  # still the one current value of the topic
    assert "The team uses Travis for CI." in live and "ci" in live["The team uses Travis for CI."].tags


# -- mcp-memory: the official MCP memory server's knowledge graph ------------------------------------------------


@both
def test_mcp_memory_observations_and_relations_become_findable_facts(service: MemoryService, alice: Caller) -> None:
    report = _run(service, alice, "mcp-memory", DATA / "memory.jsonl")
    assert report.count("added") == 9 and report.count("skipped") == 0
    contents = _contents(service, alice)
    assert "Marguerite Okafor: Leads the billing platform team" in contents  # the subject named in the text
    assert "Marguerite Okafor speaks Portuguese and Igbo" in contents  # already named: kept as it is
    assert "Marguerite Okafor works at Tallow Labs" in contents  # a relation, in words
    assert "ledgerline owned by Tallow Labs" in contents  # camelCase relation types too
    assert _found(service, alice, "Where does Marguerite Okafor work?", "works at Tallow Labs")
    assert _found(service, alice, "when does ledgerline deploy", "blue-green rollout")
    item = next(i for i in service.list_context(alice, limit=200).items if "billing platform" in i.preview)
    assert item.memory_type == "fact" and item.kind == "fact"
    assert item.tags == ["marguerite okafor", "person"] and item.category == "marguerite okafor"
    # observations of one entity are all current at once: none superseded another
    assert len(service.list_context(alice, limit=200).items) == 9


def test_mcp_memory_refuses_a_line_of_an_unknown_type(tmp_path: Path) -> None:
    from contextlamp.importers import reader

    path = tmp_path / "memory.jsonl"
    path.write_text('{"type":"entity","name":"A","entityType":"x","observations":[]}\n{"type":"edge"}\n')
    with pytest.raises(ImportFormatError, match=r"memory.jsonl:2: 'type' must be"):
        list(reader("mcp-memory")(path))
    path.write_text('{"type":"entity","entityType":"x","observations":["o"]}\n')
    with pytest.raises(ImportFormatError, match=r":1: 'name' is missing"):
        list(reader("mcp-memory")(path))


# -- every format: its fixture imports, is found, keeps its times, and a second run adds nothing ----------------

# (format, fixture, added, skipped, query, a text the query finds, (a text, its original time in ms))
FIXTURES = [
    (
        "mcp-memory-service",
        "mcp_memory_service.db",
        4,
        2,  # the 2023 task expired long before the import (tasks keep their time to live); a tombstone
        "how often are payment webhooks retried",
        "retries webhooks three times",
        ("Ilse prefers tabs over spaces in the Go services.", 1_700_259_200_000),
    ),
    (
        "mcp-memory-service",
        "mcp_memory_service_export.json",
        2,
        1,  # a GitHub token
        "where do feature flags live",
        "feature flags in Postgres",
        ("The mobile app release train leaves every second Wednesday.", 1_698_765_432_250),
    ),
    (
        "mem0",
        "mem0_get_all.json",
        3,
        0,
        "what is Rosalind allergic to",
        "allergic to peanuts",
        ("Is allergic to peanuts", 1_705_338_753_123),  # 2024-01-15T09:12:33.123456-08:00
    ),
    (
        "mem0",
        "mem0_get_all_v1.json",  # the bare list of mem0 v1.0
        2,
        0,
        "where does she work from",
        "Valencia",
        ("Has a cat named Biscuit", 1_685_646_000_000),
    ),
    (
        "mem0",
        "openmemory_export.zip",
        3,  # the deleted memory is not imported: reported as skipped (issue 34 point 6)
        1,
        "what milk does she take in coffee",
        "oat milk",
        ("Works as a data engineer at Keelwater", 1_716_206_400_000),
    ),
]


@both
@pytest.mark.parametrize(("fmt", "fixture", "added", "skipped", "query", "wanted", "dated"), FIXTURES)
def test_each_format_imports_its_fixture_once_and_is_found(
    service: MemoryService,
    alice: Caller,
    fmt: str,
    fixture: str,
    added: int,
    skipped: int,
    query: str,
    wanted: str,
    dated: tuple[str, int],
) -> None:
    path = DATA / fixture
    before = path.read_bytes()
    report = _run(service, alice, fmt, path)
    assert (report.count("added"), report.count("skipped")) == (added, skipped), report.lines
    assert _found(service, alice, query, wanted)
    items = {service.get_entry(alice, i.id).content: i for i in service.list_context(alice, limit=200).items}
    assert len(items) == added
    text, ts = dated
    assert items[text].ts == ts  # the original time, not the import's
    again = _run(service, alice, fmt, path)
    assert again.count("added") == 0 and again.count("already there") == added
    assert len(service.list_context(alice, limit=200).items) == added
    assert path.read_bytes() == before  # read-only


def test_mcp_memory_service_types_tags_and_tombstones() -> None:

    items = _read("mcp-memory-service", DATA / "mcp_memory_service.db")
    assert "The old reporting cron job was removed." not in items  # deleted in the service (a tombstone)
    webhooks = items["The payments service retries webhooks three times with exponential backoff."]
    assert (webhooks.memory_type, webhooks.kind, webhooks.tags) == ("event", "decision", ("payments", "webhooks"))
    assert webhooks.created_at == 1_700_000_000_500 and webhooks.location.endswith(
        "mcp_memory_service.db#memories.id=1"
    )
    migrations = items["Always run database migrations before deploying the API."]
    assert (migrations.memory_type, migrations.kind) == ("instruction", "note")  # best_practice
    assert items["Ilse prefers tabs over spaces in the Go services."].kind == "preference"
    assert items["Rotate the staging TLS certificates before the end of the quarter."].memory_type == "task"


def test_mcp_memory_service_reads_the_folder_of_its_database(tmp_path: Path) -> None:
    from contextlamp.importers import reader

    shutil.copy(DATA / "mcp_memory_service.db", tmp_path / "sqlite_vec.db")
    assert len(list(reader("mcp-memory-service")(tmp_path))) == 6  # 5 memories and a tombstone, reported


def test_mem0_types_tags_and_openmemory_states() -> None:

    items = _read("mem0", DATA / "mem0_get_all.json")
    assert items["Prefers window seats on long flights"].kind == "preference"  # categorised preferences
    assert items["Prefers window seats on long flights"].tags == ("preferences", "travel")
    procedure = items["Summarise pull requests as three bullet points before reviewing them"]
    assert procedure.memory_type == "instruction" and procedure.location == f"{DATA / 'mem0_get_all.json'}:23"
    archive = _read("mem0", DATA / "openmemory_export.zip")
    assert "Used to live in Ghent" not in archive  # deleted in OpenMemory
    assert archive["Works as a data engineer at Keelwater"].tags == ("work", "cursor", "archived")


@both
def test_openmemory_memories_json_alone_gives_the_same_memories(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    import zipfile

    with zipfile.ZipFile(DATA / "openmemory_export.zip") as zf:
        (tmp_path / "memories.json").write_bytes(zf.read("memories.json"))
    first = _run(service, alice, "mem0", tmp_path / "memories.json")
    assert first.count("added") == 3
    tags = {i.preview: i.tags for i in service.list_context(alice, limit=50).items}
    assert set(tags["Prefers oat milk in coffee"]) == {"food", "preferences", "cursor"}  # category ids resolved
    again = _run(service, alice, "mem0", DATA / "openmemory_export.zip")  # same ids: nothing new
    assert again.count("added") == 0


@both
@pytest.mark.parametrize(
    ("fmt", "fixture", "added", "kinds"),
    [
        ("mcp-memory-service", "mcp_memory_service_export.json", 2, ["GitHub Token"]),
        ("mcp-memory-service", "mcp_memory_service_secret.db", 2, ["Password"]),
        ("mem0", "mem0_secret.json", 1, ["Password", "AWS Access Key"]),
    ],
)
def test_a_secret_is_skipped_the_rest_imported(
    service: MemoryService, alice: Caller, fmt: str, fixture: str, added: int, kinds: list[str]
) -> None:
    report = _run(service, alice, fmt, DATA / fixture)
    assert report.count("added") == added
    reasons = [x.reason for x in report.lines if x.outcome == "skipped"]
    assert len(reasons) == len(kinds) and all(k in r and "secret" in r for k, r in zip(kinds, reasons, strict=True))
    texts = " ".join(_contents(service, alice)) + repr(report)
    assert not any(s in texts for s in (SECRET, "Hunter2", "ghp_Zx9Lm2"))


@both
@pytest.mark.parametrize(
    ("fmt", "fixture", "line"),
    [
        ("mcp-memory-service", "mcp_memory_service_export_truncated.json", 25),
        ("mem0", "mem0_get_all_truncated.json", 21),
    ],
)
def test_a_truncated_export_names_the_line_and_writes_nothing(
    service: MemoryService, alice: Caller, fmt: str, fixture: str, line: int
) -> None:
    with pytest.raises(ImportFormatError, match=rf"{fixture}:{line}: is not valid JSON"):
        _run(service, alice, fmt, DATA / fixture)
    assert service.list_context(alice).items == []


@pytest.mark.parametrize("cut", [0.5, 0.9])
def test_a_truncated_archive_or_database_is_refused_whole(tmp_path: Path, cut: float) -> None:
    from contextlamp.importers import reader

    for fmt, fixture in (("mem0", "openmemory_export.zip"), ("mcp-memory-service", "mcp_memory_service.db")):
        data = (DATA / fixture).read_bytes()
        broken = tmp_path / fixture
        broken.write_bytes(data[: int(len(data) * cut)])
        with pytest.raises(ImportFormatError, match=str(broken)):
            list(reader(fmt)(broken))


def test_a_file_of_the_wrong_shape_says_what_was_expected(tmp_path: Path) -> None:
    from contextlamp.importers import reader

    path = tmp_path / "x.json"
    path.write_text('{"something": []}')
    with pytest.raises(ImportFormatError, match="'results' list"):
        list(reader("mem0")(path))
    with pytest.raises(ImportFormatError, match="mcp-memory-service"):
        list(reader("mcp-memory-service")(path))
    path.write_text('{"results": [{"id": "1", "memory": 5}]}')
    with pytest.raises(ImportFormatError, match=r"x.json:1: 'results\[0\].memory' must be a string"):
        list(reader("mem0")(path))


# -- the command line ------------------------------------------------------------------------------------------


def test_cli_import_from_reports_and_never_prints_a_secret(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTEXTLAMP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "fake")
    monkeypatch.setenv("CONTEXTLAMP_USER", "alice")
    runner = CliRunner()
    source = tmp_path / "memory.jsonl"
    shutil.copy(DATA / "memory_secret.jsonl", source)
    dry = runner.invoke(cli, ["import", "--from", "mcp-memory", str(source), "--dry-run"])
    assert dry.exit_code == 0, dry.output
    assert "would add" in dry.output and "skipped" in dry.output and SECRET not in dry.output
    listed = runner.invoke(cli, ["list", "--json"])
    assert json.loads(listed.output)["items"] == []
    done = runner.invoke(cli, ["import", "--from", "mcp-memory", str(source), "--json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.output)
    assert (data["added"], data["skipped"], data["user"]) == (2, 1, "alice") and SECRET not in done.output
    again = json.loads(runner.invoke(cli, ["import", "--from", "mcp-memory", str(source), "--json"]).output)
    assert again["added"] == 0 and again["already_there"] == 2
    bad = tmp_path / "bad.jsonl"
    shutil.copy(DATA / "memory_truncated.jsonl", bad)
    failed = runner.invoke(cli, ["import", "--from", "mcp-memory", str(bad)])
    assert failed.exit_code != 0 and f"{bad}:2" in failed.output
    unknown = runner.invoke(cli, ["import", "--from", "nope", str(bad)])
    assert unknown.exit_code != 0 and "mcp-memory" in unknown.output
    no_from = runner.invoke(cli, ["import", str(bad), "--dry-run"])
    assert no_from.exit_code != 0 and "--from" in no_from.output


def test_clock_fixture_is_ms(clock: Clock) -> None:  # the runner's times are ms, as Entry.created_at
    assert clock() > 10**12


@both
def test_odd_records_are_skipped_or_cleaned_never_abort_the_import(
    service: MemoryService, alice: Caller, monkeypatch: pytest.MonkeyPatch
) -> None:
    import contextlamp.app.importing as importing

    def odd(path: Path) -> Iterator[ImportItem | ImportConversation]:
        yield ImportItem("1", "Broken \ud800 surrogate kept readable", tags=("a\ud800b",), location="f:1")
        yield ImportItem("2", "x" * 40_000, location="f:2")  # over max_content_bytes
        yield ImportItem("3", "Lives in a project without a name", project="!!!", location="f:3")
        yield ImportItem("4", "   ", location="f:4")
        yield ImportItem("5", "Belongs to the web project", project="Web App", location="f:5")
        yield ImportItem("6", "Names an unknown project id", project="prj_aaaaaaaaaaaaaaaaaaaaaaaaaa", location="f:6")
        yield ImportConversation("c", f"Key {SECRET}", (Turn("user", "We deploy on Fridays."),), location="f:7")

    monkeypatch.setattr(importing, "reader", lambda _name: odd)  # pyright: ignore[reportUnknownArgumentType, reportUnknownLambdaType]
    report = _run(service, alice, "x", Path("f"))
    outcome = {x.location: (x.outcome, x.reason) for x in report.lines}
    assert outcome["f:1"][0] == "added"
    assert outcome["f:2"][0] == "skipped" and "max_content_bytes" in outcome["f:2"][1]
    assert outcome["f:3"][0] == "skipped" and "project" in outcome["f:3"][1]
    assert outcome["f:4"] == ("skipped", "is empty")
    assert outcome["f:5"][0] == "added"
    assert outcome["f:6"][0] == "skipped" and "project" in outcome["f:6"][1]
    assert outcome["f:7"][0] == "added" and "title held a secret" in outcome["f:7"][1]
    assert SECRET not in repr(report)
    assert [i.preview for i in service.list_context(alice, project="web-app").items] == ["Belongs to the web project"]


def test_mcp_memory_reads_a_saved_read_graph_answer_alike(tmp_path: Path) -> None:
    lines = [json.loads(raw) for raw in (DATA / "memory.jsonl").read_text().splitlines()]
    graph = {
        "entities": [{k: v for k, v in x.items() if k != "type"} for x in lines if x["type"] == "entity"],
        "relations": [{k: v for k, v in x.items() if k != "type"} for x in lines if x["type"] == "relation"],
    }
    path = tmp_path / "graph.json"
    path.write_text(json.dumps(graph, indent=2))
    from_graph = _read("mcp-memory", path)
    assert from_graph.keys() == _read("mcp-memory", DATA / "memory.jsonl").keys() and len(from_graph) == 9
    assert next(iter(from_graph.values())).location == f"{path}#entities[0]"


# -- issue 34 points 5 and 6 --------------------------------------------------------------------------------------

_MMS_DDL = """CREATE TABLE memories (id INTEGER PRIMARY KEY AUTOINCREMENT, content_hash TEXT UNIQUE NOT NULL,
    content TEXT NOT NULL, tags TEXT, memory_type TEXT, metadata TEXT, created_at REAL, updated_at REAL,
    created_at_iso TEXT, updated_at_iso TEXT, deleted_at REAL DEFAULT NULL{extra})"""


@both
@pytest.mark.parametrize("where", ["metadata", "column"])
def test_mcp_memory_service_old_versions_are_history_not_live(
    service: MemoryService, alice: Caller, tmp_path: Path, where: str
) -> None:
    """An mcp-memory-service memory updated as a new version keeps its old row marked ``superseded_by``
    (in its metadata, or a column): the newest is imported live, the older ones as its history."""
    import sqlite3

    db = tmp_path / "sqlite_vec.db"
    conn = sqlite3.connect(db)
    conn.execute(_MMS_DDL.format(extra=", superseded_by TEXT" if where == "column" else ""))
    rows = [
        ("h1", "The staging cluster runs on Kubernetes 1.28.", "{}", 1_700_000_000.0, "h2"),
        ("h2", "The staging cluster runs on Kubernetes 1.29.", "{}", 1_700_100_000.0, "h3"),
        ("h3", "The staging cluster runs on Kubernetes 1.30.", "{}", 1_700_200_000.0, None),
        ("h4", "Grafana dashboards live in the ops repository.", "{}", 1_700_300_000.0, None),
    ]
    for content_hash, content, metadata, at, successor in rows:
        if where == "metadata" and successor:
            metadata = json.dumps({"superseded_by": successor, "source": "update_memory"})
        columns = "content_hash, content, tags, memory_type, metadata, created_at, updated_at"
        values: list[object] = [content_hash, content, "untagged", "fact", metadata, at, at]
        if where == "column":
            columns += ", superseded_by"
            values.append(successor)
        conn.execute(f"INSERT INTO memories ({columns}) VALUES ({', '.join('?' * len(values))})", values)
    conn.commit()
    conn.close()
    report = _run(service, alice, "mcp-memory-service", db)
    assert report.count("added") == 4
    live = {i.preview: i for i in service.list_context(alice, limit=50).items}
    assert set(live) == {
        "The staging cluster runs on Kubernetes 1.30.",
        "Grafana dashboards live in the ops repository.",
    }
    ids = {x.title: x.ids[0] for x in report.lines}
    old = service.get_entry(alice, ids["The staging cluster runs on Kubernetes 1.28."])
    assert old.superseded_by is not None  # kept, as history
    assert all("untagged" not in i.tags for i in live.values())  # the service's placeholder is no tag
    assert _run(service, alice, "mcp-memory-service", db).count("added") == 0


@both
def test_mem0_updated_memory_keeps_its_update_date(service: MemoryService, alice: Caller, tmp_path: Path) -> None:
    """mem0 rewrites an updated memory's text in place: the text stored was written at ``updated_at``."""
    items = [
        {
            "id": "5b0c",
            "memory": "Works remotely from Lisbon",
            "hash": "a1",
            "created_at": "2024-01-10T09:00:00-08:00",
            "updated_at": "2024-06-02T10:30:00-07:00",
            "user_id": "rosa",
            "metadata": None,
            "categories": [],
        },
        {
            "id": "5b0d",
            "memory": "Has two cats",
            "hash": "a2",
            "created_at": "2024-02-01T12:00:00+00:00",
            "updated_at": None,
            "user_id": "rosa",
            "metadata": None,
            "categories": [],
        },
    ]
    path = tmp_path / "get_all.json"
    path.write_text(json.dumps({"results": items}, indent=2))
    _run(service, alice, "mem0", path)
    times = {i.preview: i.ts for i in service.list_context(alice, limit=10).items}
    assert times["Works remotely from Lisbon"] == int(datetime(2024, 6, 2, 17, 30, tzinfo=UTC).timestamp() * 1000)
    assert times["Has two cats"] == int(datetime(2024, 2, 1, 12, tzinfo=UTC).timestamp() * 1000)


def test_the_expired_task_message_names_the_setting(service: MemoryService, alice: Caller) -> None:
    report = _run(service, alice, "mcp-memory-service", DATA / "mcp_memory_service.db")
    (expired,) = [x for x in report.lines if "task" in x.reason]
    assert "CONTEXTLAMP_TASK_TTL_DAYS" in expired.reason and "7 days" in expired.reason


def test_a_duplicate_from_another_file_names_that_file_and_a_new_project_is_dated_now(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "CLAUDE.md").write_text("- Use pnpm for every install\n- Run the linter before pushing\n")
    (repo / "AGENTS.md").write_text("- Use pnpm for every install\n")
    long_ago = 1_500_000_000
    for name in ("CLAUDE.md", "AGENTS.md"):
        os.utime(repo / name, (long_ago, long_ago))
    report = _run(service, alice, "agent-files", repo, project="web")
    (duplicate,) = [x for x in report.lines if x.outcome == "already there"]
    assert (
        duplicate.location.endswith("CLAUDE.md:1") and duplicate.reason == f"the same content as {repo / 'AGENTS.md'}:1"
    )
    (project,) = service.projects(alice)
    assert abs(project.created_at - service.clock()) < 1000  # the import's time, not the files'
