"""``contextlamp import --from`` for notes and chats (issue #19 points 4-6, docs/import.md): basic-memory notes,
agent memory files (CLAUDE.md, AGENTS.md, .cursor/rules, GEMINI.md) and the ChatGPT and Claude.ai exports.

Each format imports from its fixture (tests/data/import/: the real tools' shapes, invented content),
get_context finds what was imported, a second import adds nothing, a secret is skipped and reported by kind
only, bad or truncated input names the file and line and writes nothing, a dry run writes nothing, and the
original times are kept."""

from __future__ import annotations

import io
import json
import os
import shutil
import zipfile
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from contextlamp.app.importing import FormatImportReport, Importer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.cli.main import cli
from contextlamp.importers import ImportFormatError, format_names, reader
from contextlamp.importers.json_stream import iter_json_array

DATA = Path(__file__).parent / "data" / "import"
SECRET = "AKIAZ7Q3KXMP4TRW2Y5N"  # an invented AWS access key id (the scanner's AWS rule)


def _run(service: MemoryService, caller: Caller, fmt: str, path: Path, **kw: object) -> FormatImportReport:
    return Importer(service, service.clock).run(fmt, path, caller.principal, **kw)  # pyright: ignore[reportArgumentType]


def _entries(service: MemoryService, caller: Caller, project: str | None = None) -> list[tuple[str, str, str, int]]:
    """(content, memory_type, kind, created_at) of every live entry of the caller (or of ``project``)."""
    items = service.list_context(caller, limit=200, project=project).items
    found = [service.get_entry(caller, i.id) for i in items]
    return [(e.content, e.memory_type, e.kind, e.created_at) for e in found]


def _found(service: MemoryService, caller: Caller, query: str, wanted: str, project: str | None = None) -> bool:
    packs = service.get_context(caller, query, max_results=10, project=project).packs
    return any(wanted in p.text for p in packs)


def _ms(text: str) -> int:
    return int(datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp() * 1000)


def test_the_registry_names_the_notes_and_chat_formats() -> None:
    assert {"basic-memory", "agent-files", "chatgpt", "claude-ai"} <= set(format_names())


# -- basic-memory -----------------------------------------------------------------------------------------------


def test_basic_memory_observations_and_relations_become_typed_memories(service: MemoryService, alice: Caller) -> None:
    report = _run(service, alice, "basic-memory", DATA / "basic_memory")
    assert report.count("added") == 14
    (expired,) = [x for x in report.lines if x.outcome == "skipped"]  # a 2024 todo: its time to live ran out
    assert expired.location.endswith("coffee-brewing.md:24") and "task" in expired.reason
    entries = {content: (mtype, kind, at) for content, mtype, kind, at in _entries(service, alice)}
    noted = _ms("2024-03-05T09:30:00")  # the note's front matter 'created'
    decision = "Coffee Brewing Methods: Switched the grinder burrs to the 64 mm flat set (after the March tasting)"
    assert entries[decision] == ("event", "decision", noted)
    assert entries["Coffee Brewing Methods: Rosa likes a 1:16 ratio for light roasts"][:2] == ("fact", "preference")
    assert entries["Acme Billing API: Every endpoint needs an idempotency key header"][:2] == ("instruction", "note")
    assert "Coffee Brewing Methods sourced from Nyeri Cooperative (since 2023)" in entries  # a quoted relation type
    assert "Acme Billing API depends on Ledger Service" in entries
    assert "untitled-idea: Index receipts by merchant and month" in entries  # no front matter: the file's name
    texts = " ".join(entries)
    for never in ("order more paper filters", "descale", "callout", "a line in a code block", "the speaker", "prose"):
        assert never not in texts  # tasks, callouts, code, timecodes and prose links are not observations
    assert _found(service, alice, "which grinder burrs did we switch to", "64 mm flat set")
    assert _found(service, alice, "what does the billing API depend on", "depends on Ledger Service")


def test_basic_memory_tags_come_from_the_observation_the_note_and_its_category(
    service: MemoryService, alice: Caller
) -> None:
    _run(service, alice, "basic-memory", DATA / "basic_memory")
    items = service.list_context(alice, limit=200).items
    bloom = next(i for i in items if "Bloom for 45 seconds" in i.preview)
    assert {"bloom", "timing", "coffee", "brewing", "technique"} <= set(bloom.tags)
    assert "#bloom" not in service.get_entry(alice, bloom.id).content  # the hashtags became tags


def test_basic_memory_second_import_adds_nothing(service: MemoryService, alice: Caller) -> None:
    _run(service, alice, "basic-memory", DATA / "basic_memory")
    before = _entries(service, alice)
    again = _run(service, alice, "basic-memory", DATA / "basic_memory")
    assert again.count("added") == 0 and again.count("already there") == 14
    assert _entries(service, alice) == before


def test_basic_memory_secret_is_skipped_and_reported(service: MemoryService, alice: Caller, tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    shutil.copytree(DATA / "basic_memory", notes)
    with (notes / "projects" / "acme-api.md").open("a") as handle:
        handle.write(f"- [config] The deploy user's key is {SECRET}\n")
    report = _run(service, alice, "basic-memory", notes)
    skipped = [x for x in report.lines if x.outcome == "skipped" and "secret" in x.reason]
    assert len(skipped) == 1 and skipped[0].location.endswith("acme-api.md:18")
    assert "AWS" in skipped[0].reason and SECRET not in repr(report)
    assert report.count("added") == 14  # everything else
    assert not any(SECRET in c for c, *_ in _entries(service, alice))


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("---\ntitle: Open\n- [fact] the front matter never closes\n", 1, "never closed"),
        ("---\ntitle: ok\nbroken: [unclosed\n---\n- [fact] x\n", 3, "not valid YAML"),
        ("---\n- a list\n---\n- [fact] x\n", 2, "mapping"),
        ("---\ncreated: last tuesday\n---\n- [fact] x\n", 1, "created"),
    ],
)
def test_basic_memory_bad_note_names_file_and_line_and_writes_nothing(
    service: MemoryService, alice: Caller, tmp_path: Path, text: str, line: int, message: str
) -> None:
    notes = tmp_path / "notes"
    shutil.copytree(DATA / "basic_memory", notes)
    bad = notes / "zz-bad.md"
    bad.write_text(text)
    with pytest.raises(ImportFormatError, match=message) as caught:
        _run(service, alice, "basic-memory", notes)
    assert (caught.value.file, caught.value.line) == (str(bad), line)
    assert service.list_context(alice).items == []  # the good notes before it were not written either


def test_basic_memory_dry_run_writes_nothing(service: MemoryService, alice: Caller) -> None:
    report = _run(service, alice, "basic-memory", DATA / "basic_memory", dry_run=True)
    assert report.dry_run and report.count("added") == 14
    assert service.list_context(alice).items == []


def test_basic_memory_note_without_created_keeps_the_file_time(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    note = tmp_path / "n.md"
    note.write_text("---\ntitle: Kiln\n---\n- [fact] The kiln fires at cone 6\n")
    when = _ms("2023-11-02T10:00:00")
    os.utime(note, (when / 1000, when / 1000))
    _run(service, alice, "basic-memory", note)
    assert _entries(service, alice) == [("Kiln: The kiln fires at cone 6", "fact", "fact", when)]


# -- agent memory files -----------------------------------------------------------------------------------------


def _repository(tmp_path: Path) -> Path:
    """The agent_repo fixture as a git repository whose origin is acme/lantern-web (so its project is
    ``lantern-web``, as the hooks name it)."""
    repo = tmp_path / "work" / "checkout"
    shutil.copytree(DATA / "agent_repo", repo)
    (repo / ".git").mkdir()
    (repo / ".git" / "config").write_text('[remote "origin"]\n\turl = git@github.com:acme/lantern-web.git\n')
    return repo


def _rules(service: MemoryService, caller: Caller, project: str | None) -> dict[str, tuple[str, str]]:
    return {content: (mtype, kind) for content, mtype, kind, _ in _entries(service, caller, project)}


def test_agent_files_rules_become_instructions_and_preferences(
    service: MemoryService, alice: Caller, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    repo = _repository(tmp_path)
    report = _run(service, alice, "agent-files", repo, project="lantern-web")
    rules = _rules(service, alice, "lantern-web")
    assert rules["Always use named exports in TypeScript modules"] == ("instruction", "note")
    assert rules["I prefer early returns over nested if blocks"] == ("instruction", "preference")
    assert rules["Prefer pnpm over npm for every install."] == ("instruction", "preference")  # GEMINI.md
    assert "Keep pull requests under 400 changed lines" in rules  # AGENTS.md
    assert "My local Postgres listens on port 5433, not 5432" in rules  # CLAUDE.local.md
    assert "Never log request bodies of the payments endpoints" in rules  # .claude/rules/
    assert "The web package uses Vite 6 and React 19 (applies to packages/web/)" in rules  # a nested AGENTS.md
    assert "Avoid default exports (applies to src/**/*.ts,src/**/*.tsx)" in rules  # a Cursor rule with globs
    assert "Answer in British English spelling" in rules  # alwaysApply: no scope
    assert "Testing: never hit the staging database from tests" in rules  # a nested bullet keeps its lead-in
    assert "Start the dev server with:\n```bash\npnpm dev --port 5173\n```" in rules  # its code block kept
    assert "Build the docs site with:\n```bash\npnpm docs:build\n```" in rules  # the block after its lead-in
    assert "Write commit messages in the imperative mood" in rules  # followed @docs/conventions.md
    texts = " ".join(rules)
    assert "a dependency's AGENTS file" not in texts  # node_modules is not the repository's
    assert "See @docs" not in texts and "Back to the overview" not in texts  # import lines are not rules
    assert "Style:\n| Service | Port |\n| web | 5173 |" in rules  # a table after a list: its heading says what
    assert not [x for x in report.lines if x.outcome == "skipped" and "table" in x.reason]
    assert _found(service, alice, "how do I run the unit tests", "pnpm test --filter web", "lantern-web")


def _monorepo(tmp_path: Path) -> Path:
    repo = tmp_path / "monorepo"
    shutil.copytree(DATA / "agent_monorepo", repo)
    (repo / ".git").mkdir()
    return repo


def test_agent_files_keep_commands_with_their_heading_and_nested_files_their_folder(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    """Issue 34 point 2 (and the hard line breaks of point 6): code blocks and tables are kept with the
    heading or paragraph they sit under; nested files keep the folder they apply to; a paragraph wrapped over
    lines is one line; Claude Code's /init preamble is not a rule."""
    repo = _monorepo(tmp_path)
    report = _run(service, alice, "agent-files", repo, project="mono")
    rules = _rules(service, alice, "mono")
    assert "Build and test commands:\n```bash\npnpm install\npnpm build\npnpm test --recursive\n```" in rules
    assert (
        "Run the whole suite from the repository root.\n```sh\npnpm turbo run test --filter <project_name>\n```"
        in rules
    )
    assert (
        "Fix any type errors until the whole suite is green.\n```sh\npnpm lint --fix\npnpm tsc --noEmit\n```" in rules
    )
    architecture = next(r for r in rules if r.startswith("The monorepo holds two packages"))
    assert "an API and a web client, which share the types" in architecture  # unwrapped
    assert "| `pnpm db:reset` | recreates the local database from the seed |" in architecture
    assert "Run `pnpm test` before committing (applies to packages/api/)" in rules
    assert "Run `pnpm test` before committing (applies to packages/web/)" in rules  # not one memory
    assert not any(r.startswith("This file provides guidance") for r in rules)
    assert not [x for x in report.lines if x.outcome == "skipped" and ("code block" in x.reason or "table" in x.reason)]
    assert _found(service, alice, "how do I build and test", "pnpm test --recursive", "mono")
    again = _run(service, alice, "agent-files", repo, project="mono")
    assert again.count("added") == 0


def test_a_cursor_rule_in_cursors_own_unquoted_form_is_read_as_cursor_reads_it(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    """Issue 34 point 1: ``globs: **/trigger/**/*.ts, ...`` (not YAML) is Cursor's own form; one bad rule file
    is reported and skipped, the rest of the repository imported."""
    repo = _monorepo(tmp_path)
    (repo / ".cursor" / "rules" / "broken.mdc").write_bytes(b"---\nglobs: x\n---\n\n- \xff not UTF-8\n")
    report = _run(service, alice, "agent-files", repo, project="mono")
    rules = _rules(service, alice, "mono")
    assert (
        "Export every task from its own file under `src/trigger` (applies to **/trigger/**/*.ts, **/trigger/**/*.tsx)"
        in rules
    )
    assert (
        "Go through the repository layer for every query (applies to packages/api/**/*.ts, packages/shared/**/*.ts)"
        in rules
    )
    (bad,) = [x for x in report.lines if "broken.mdc" in x.location]
    assert bad.outcome == "skipped" and "UTF-8" in bad.reason
    assert report.count("added") == len(rules) > 8


def test_agent_files_rules_keep_their_file_time(service: MemoryService, alice: Caller, tmp_path: Path) -> None:
    repo = _repository(tmp_path)
    when = _ms("2025-02-03T04:05:06")
    os.utime(repo / "AGENTS.md", (when / 1000, when / 1000))
    _run(service, alice, "agent-files", repo, project="lantern-web")
    times = {c: at for c, _, _, at in _entries(service, alice, "lantern-web")}
    assert times["Keep pull requests under 400 changed lines"] == when


def test_agent_files_heading_path_gives_tags(service: MemoryService, alice: Caller, tmp_path: Path) -> None:
    repo = _repository(tmp_path)
    _run(service, alice, "agent-files", repo, project="lantern-web")
    items = service.list_context(alice, limit=200, project="lantern-web").items
    named = next(i for i in items if i.preview.startswith("Always use named exports"))
    assert {"claude-md", "lantern-web", "style"} <= set(named.tags)


def test_agent_files_imports_outside_the_repository_are_reported_not_followed(
    service: MemoryService, alice: Caller, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    (home / ".claude" / "lantern-notes.md").write_text("- My sandbox account is sandbox-17\n")
    monkeypatch.setenv("HOME", str(home))
    repo = _repository(tmp_path)
    report = _run(service, alice, "agent-files", repo, project="lantern-web")
    outside = [x for x in report.lines if x.outcome == "skipped" and "outside the repository" in x.reason]
    assert len(outside) == 1 and outside[0].location.endswith("CLAUDE.md:28")
    assert not any("sandbox-17" in c for c, *_ in _entries(service, alice, "lantern-web"))


def test_agent_files_import_cycles_and_depth_end(tmp_path: Path) -> None:
    repo = tmp_path / "r"
    (repo / ".git").mkdir(parents=True)
    (repo / "CLAUDE.md").write_text("- rule zero\n\n@a.md\n")
    names = [f"{c}.md" for c in "abcdefgh"]
    for here, there in zip(names, [*names[1:], "CLAUDE.md"], strict=True):
        (repo / here).write_text(f"- rule in {here}\n\n@{there}\n")
    records = list(reader("agent-files")(repo / "CLAUDE.md"))
    texts = [getattr(r, "content", "") for r in records]
    assert texts[:6] == ["rule zero", *(f"rule in {n}" for n in names[:5])]  # 5 hops, then no further
    assert "rule in f.md" not in texts
    assert any("deeper than 5" in getattr(r, "reason", "") for r in records)


def _projects(runner: CliRunner) -> dict[str, list[str]]:
    rows = json.loads(runner.invoke(cli, ["projects", "--json"]).output)["projects"]
    return {row["slug"]: row["repositories"] for row in rows}


def test_agent_files_repository_maps_to_its_project_as_the_hooks_name_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CONTEXTLAMP_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "fake")
    monkeypatch.setenv("CONTEXTLAMP_USER", "alice")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    repo = _repository(tmp_path)
    runner = CliRunner()
    dry = runner.invoke(cli, ["import", "--from", "agent-files", str(repo), "--dry-run", "--json"])
    assert dry.exit_code == 0, dry.output
    assert {r["target"] for r in json.loads(dry.output)["records"] if r["outcome"] == "added"} == {
        "project:lantern-web"
    }
    assert _projects(runner) == {}  # the dry run created nothing
    done = runner.invoke(cli, ["import", "--from", "agent-files", str(repo), "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.output)["added"] > 10
    assert _projects(runner) == {"lantern-web": [str(repo.resolve())]}  # the path is mapped, as a hook would
    again = json.loads(runner.invoke(cli, ["import", "--from", "agent-files", str(repo), "--json"]).output)
    assert again["added"] == 0


def test_agent_files_home_folder_reads_only_the_tools_places(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    (home / ".gemini").mkdir()
    (home / ".claude" / "CLAUDE.md").write_text("# Me\n- I prefer answers without emoji\n")
    (home / ".gemini" / "GEMINI.md").write_text("- Explain shell commands before running them\n")
    (home / "projects" / "x").mkdir(parents=True)
    (home / "projects" / "x" / "AGENTS.md").write_text("- a project's file is imported from its repository\n")
    _run(service, alice, "agent-files", home)
    rules = {c for c, *_ in _entries(service, alice)}  # personal: no repository
    assert rules == {"I prefer answers without emoji", "Explain shell commands before running them"}


def test_agent_files_secret_is_skipped_and_reported(service: MemoryService, alice: Caller, tmp_path: Path) -> None:
    repo = _repository(tmp_path)
    with (repo / "AGENTS.md").open("a") as handle:
        handle.write(f"- Deploy with the key {SECRET}\n")
    report = _run(service, alice, "agent-files", repo, project="lantern-web")
    secret = [x for x in report.lines if x.outcome == "skipped" and "secret" in x.reason]
    assert len(secret) == 1 and secret[0].location.endswith("AGENTS.md:6") and SECRET not in repr(report)
    assert "Keep pull requests under 400 changed lines" in {c for c, *_ in _entries(service, alice, "lantern-web")}


def test_agent_files_claude_md_opening_with_a_rule_line_is_read_whole(tmp_path: Path) -> None:
    repo = tmp_path / "r"
    (repo / ".git").mkdir(parents=True)
    (repo / "CLAUDE.md").write_text("---\n- Keep answers short\n- Cite the file you changed\n")
    texts = [getattr(r, "content", "") for r in reader("agent-files")(repo)]
    assert texts == ["Keep answers short", "Cite the file you changed"]


def test_agent_files_second_import_and_dry_run(service: MemoryService, alice: Caller, tmp_path: Path) -> None:
    repo = _repository(tmp_path)
    dry = _run(service, alice, "agent-files", repo, project="lantern-web", dry_run=True)
    assert dry.count("added") > 10 and service.list_context(alice).items == []
    first = _run(service, alice, "agent-files", repo, project="lantern-web")
    assert first.count("added") == dry.count("added")
    again = _run(service, alice, "agent-files", repo, project="lantern-web")
    assert again.count("added") == 0


def test_agent_files_bad_front_matter_is_reported_and_skipped_never_the_repository(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    """Issue 34 point 1: one bad rule file is reported (file and line) and skipped; the rest is imported."""
    repo = _repository(tmp_path)
    bad = repo / ".cursor" / "rules" / "broken.mdc"
    bad.write_text("---\ndescription: never closed\n- Use tabs\n")
    report = _run(service, alice, "agent-files", repo, project="lantern-web")
    (skipped,) = [x for x in report.lines if x.location == f"{bad}:1"]
    assert skipped.outcome == "skipped" and "never closed" in skipped.reason
    assert report.count("added") > 10
    assert not any("Use tabs" in c for c, *_ in _entries(service, alice, project="lantern-web"))


# -- chat exports -----------------------------------------------------------------------------------------------


def test_chatgpt_export_distils_the_current_branch_of_each_conversation(service: MemoryService, alice: Caller) -> None:
    report = _run(service, alice, "chatgpt", DATA / "chatgpt")
    assert report.count("added", "conversation") == 2
    assert report.count("skipped", "conversation") == 1  # the conversation without a message
    assert _found(service, alice, "which queue did we pick for billing", "RabbitMQ")
    assert _found(service, alice, "what queues do I prefer", "quorum queues")
    texts = " ".join(c for c, *_ in _entries(service, alice))
    for never in ("Kafka partitions", "private reasoning", "tool call", "I work at Acme", "Be brief"):
        assert never not in texts  # another branch, hidden reasoning, tools, custom instructions
    sessions = service.resume_session(alice, limit=10).sessions or []
    assert sorted(s.ts for s in sessions) == [1709285400500, 1717243200000]  # each conversation's own time
    assert all(at in (1709285400500, 1717243200000) for *_, at in _entries(service, alice))


def test_chatgpt_export_second_run_adds_nothing(service: MemoryService, alice: Caller) -> None:
    _run(service, alice, "chatgpt", DATA / "chatgpt" / "conversations.json")
    before = (_entries(service, alice), len(service.resume_session(alice, limit=10).sessions or []))
    again = _run(service, alice, "chatgpt", DATA / "chatgpt" / "conversations.json")
    assert again.count("added") == 0 and again.count("already there", "conversation") == 2
    assert (_entries(service, alice), len(service.resume_session(alice, limit=10).sessions or [])) == before


def test_chatgpt_interrupted_import_continues_where_it_stopped(
    service: MemoryService, alice: Caller, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = MemoryService.save_session
    calls: list[int] = []

    def failing_second(self: MemoryService, *args: object, **kwargs: object) -> object:
        calls.append(1)
        if len(calls) == 2:
            raise OSError("disk full")  # the import dies during the second conversation
        return real(self, *args, **kwargs)  # pyright: ignore[reportArgumentType]

    monkeypatch.setattr(MemoryService, "save_session", failing_second)
    with pytest.raises(OSError, match="disk full"):
        _run(service, alice, "chatgpt", DATA / "chatgpt")
    assert len(service.resume_session(alice, limit=10).sessions or []) == 1
    monkeypatch.setattr(MemoryService, "save_session", real)
    resumed = _run(service, alice, "chatgpt", DATA / "chatgpt")
    assert (resumed.count("already there", "conversation"), resumed.count("added", "conversation")) == (1, 1)
    assert len(service.resume_session(alice, limit=10).sessions or []) == 2


def test_chatgpt_export_reads_the_zip_archive(service: MemoryService, alice: Caller, tmp_path: Path) -> None:
    archive = tmp_path / "chatgpt-export.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.write(DATA / "chatgpt" / "conversations.json", "conversations.json")
        zipped.writestr("user.json", "{}")
    report = _run(service, alice, "chatgpt", archive)
    assert report.count("added", "conversation") == 2
    assert _found(service, alice, "which queue did we pick for billing", "RabbitMQ")


def test_chatgpt_truncated_export_names_the_line_and_writes_nothing(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    whole = (DATA / "chatgpt" / "conversations.json").read_text()
    cut = tmp_path / "conversations.json"
    cut.write_text(whole[: whole.index('"Trip planning"') + 40])  # the download stopped in conversation 2
    with pytest.raises(ImportFormatError, match="cut short") as caught:
        _run(service, alice, "chatgpt", cut)
    assert caught.value.file == str(cut) and caught.value.line == cut.read_text().count("\n") + 1
    assert "starts on line 322" in str(caught.value)
    assert service.list_context(alice).items == [] and not service.resume_session(alice).sessions


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('{"title": "x"}', 1, "list"),
        ('[\n{"title": "x", "mapping": {}},\n  42\n]', 3, "conversation object"),
        ('[\n{"title": "x",\n "mapping": }\n]', 3, "not valid JSON"),
        ('[\n{"title": "x", "mapping": []}\n]', 2, "mapping"),
        ("", 1, "empty"),
    ],
)
def test_chatgpt_bad_export_names_the_line(tmp_path: Path, text: str, line: int, message: str) -> None:
    path = tmp_path / "conversations.json"
    path.write_text(text)
    with pytest.raises(ImportFormatError, match=message) as caught:
        list(reader("chatgpt")(path))
    assert caught.value.line == line


def test_claude_export_distils_each_conversation_at_its_time(service: MemoryService, alice: Caller) -> None:
    report = _run(service, alice, "claude-ai", DATA / "claude_ai")
    assert report.count("added", "conversation") == 2 and report.count("skipped", "conversation") == 1
    assert _found(service, alice, "when are release notes drafted", "release notes")
    assert _found(service, alice, "what tomatoes do I grow", "San Marzano")
    texts = " ".join(c for c, *_ in _entries(service, alice))
    for never in ("private reasoning", "search result", "attachment text"):
        assert never not in texts
    sessions = service.resume_session(alice, limit=10).sessions or []
    assert sorted(s.ts for s in sessions) == [_ms("2024-04-10T08:14:59.123"), _ms("2024-05-20T17:00:00")]
    again = _run(service, alice, "claude-ai", DATA / "claude_ai")
    assert again.count("added") == 0


def test_claude_export_secret_in_a_turn_is_redacted_and_reported(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    data = json.loads((DATA / "claude_ai" / "conversations.json").read_text())
    data[1]["chat_messages"][0]["text"] += f" The balcony camera's key is {SECRET}."
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(data))
    report = _run(service, alice, "claude-ai", path)
    garden = next(x for x in report.lines if x.title == "Garden")
    assert garden.outcome == "added" and "secret" in garden.reason and SECRET not in repr(report)
    assert not any(SECRET in c for c, *_ in _entries(service, alice))
    assert _found(service, alice, "when are release notes drafted", "release notes")  # the rest imported


def test_chat_dry_run_writes_nothing(service: MemoryService, alice: Caller) -> None:
    report = _run(service, alice, "claude-ai", DATA / "claude_ai", dry_run=True)
    assert report.count("added", "conversation") == 2
    assert service.list_context(alice).items == [] and not service.resume_session(alice).sessions


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64, 1 << 20])
def test_the_export_is_streamed_element_by_element_whatever_the_chunk_size(chunk: int) -> None:
    for name in ("chatgpt", "claude_ai"):
        text = (DATA / name / "conversations.json").read_text()
        streamed = [value for _, value in iter_json_array(io.StringIO(text), Path("c.json"), chunk)]
        assert streamed == json.loads(text)


def test_agent_files_repository_mapped_before_keeps_its_project(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    from contextlamp.cli.importing import repository_project
    from tests.wiring import app_of

    repo = _repository(tmp_path)
    control = service.registry.control  # a hook of an older version mapped its folder (issue #15.4)
    legacy = control.create_project(alice.principal.user_id, "legacy-web", 1)
    control.map_path(alice.principal.user_id, str(repo.resolve()), legacy.id, 2)
    app = app_of(service)
    found = repository_project(app, alice.principal, "agent-files", repo)
    assert found is not None and (found[0].root, found[1]) == (str(repo.resolve()), "legacy-web")
    inside = repository_project(app, alice.principal, "agent-files", repo / "docs")
    assert inside is not None and (inside[0].root, inside[1]) == (str(repo.resolve()), "legacy-web")  # the same one
    assert repository_project(app, alice.principal, "basic-memory", repo) is None  # not a per-repository format
    assert repository_project(app, alice.principal, "agent-files", tmp_path) is None  # in no repository


@pytest.mark.parametrize("fmt", ["basic-memory", "agent-files", "chatgpt", "claude-ai"])
def test_a_path_that_does_not_exist_is_a_clear_error(tmp_path: Path, fmt: str) -> None:
    missing = tmp_path / "nowhere" / "conversations.json"
    with pytest.raises(ImportFormatError, match="does not exist") as caught:
        list(reader(fmt)(missing))
    assert caught.value.file == str(missing)


def test_an_unreadable_note_is_a_clear_error(tmp_path: Path) -> None:
    note = tmp_path / "n.md"
    note.write_text("- [fact] x\n")
    note.chmod(0)
    try:
        if os.access(note, os.R_OK):  # root reads anything: nothing to check here
            pytest.skip("running as a user who can read any file")
        with pytest.raises(ImportFormatError, match="cannot be read"):
            list(reader("basic-memory")(note))
    finally:
        note.chmod(0o600)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet='[]{}",:\\ \nab1', max_size=60), st.integers(min_value=1, max_value=9))
def test_the_streaming_scanner_only_ever_yields_objects_or_raises_the_format_error(text: str, chunk: int) -> None:
    try:
        streamed = [value for _, value in iter_json_array(io.StringIO(text), Path("c.json"), chunk)]
    except ImportFormatError:
        return
    assert streamed == json.loads(text)  # what it accepts is a JSON list of objects, read the same


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.dictionaries(st.text(max_size=5), st.recursive(st.text(max_size=8), st.lists, max_leaves=4))),
    st.integers(min_value=1, max_value=13),
)
def test_the_streaming_scanner_reads_any_list_of_objects(values: list[dict[str, object]], chunk: int) -> None:
    text = json.dumps(values, indent=1)
    assert [v for _, v in iter_json_array(io.StringIO(text), Path("c.json"), chunk)] == values


# -- issue 34 points 3, 4, 6: the tools' own memories, Claude.ai's order and hidden text --------------------------


def test_chatgpt_memory_tool_writes_are_imported_as_memories(service: MemoryService, alice: Caller) -> None:
    report = _run(service, alice, "chatgpt", DATA / "chatgpt_memory")
    entries = {c: (mtype, kind, at) for c, mtype, kind, at in _entries(service, alice)}
    concise = "User wants future replies to be very concise because they read on a phone."
    assert concise in entries and entries[concise][2] == 1_717_000_002_250  # the memory tool's write, its time
    assert "Is vegetarian and wants recipe ideas without meat." in entries
    assert not any("Model set context updated" in c for c in entries)  # the tool's answer is not a memory
    assert report.count("added", "memory") == 2 and report.count("added", "conversation") == 1
    again = _run(service, alice, "chatgpt", DATA / "chatgpt_memory")
    assert again.count("added") == 0


def test_claude_memories_json_is_imported_personal_and_per_project(service: MemoryService, alice: Caller) -> None:
    report = _run(service, alice, "claude-ai", DATA / "claude_ai_memory")
    personal = {c for c, *_ in _entries(service, alice)}
    assert "Marisol is a backend engineer at Fernway Logistics, working on the route planner written in Go." in personal
    assert {
        "Lives in Porto and cycles to work",
        "Prefers answers with code examples over long explanations",
    } <= personal
    assert "A project the export no longer lists." in personal  # its project is unknown: personal, tagged
    assert not any(c.startswith("**") or c in ("Work context", "Personal context") for c in personal)
    project = {c for c, *_ in _entries(service, alice, "route-planner")}
    assert project == {"The route planner targets Go 1.23 and deploys to Fly.io."}
    lines = [x for x in report.lines if x.record == "memory"]
    assert len(lines) == 5 and all("memories.json#[0]." in x.location for x in lines)
    again = _run(service, alice, "claude-ai", DATA / "claude_ai_memory")
    assert again.count("added") == 0


def test_claude_messages_are_read_in_time_order_without_thinking_or_artifact_bodies() -> None:
    (conversation,) = [r for r in reader("claude-ai")(DATA / "claude_ai_memory") if hasattr(r, "turns")]
    turns = [(t.role, t.text) for t in conversation.turns]  # pyright: ignore[reportAttributeAccessIssue]
    assert [role for role, _ in turns] == ["user", "assistant", "user", "assistant"]
    assert turns[0][1].startswith("Our nightly export should run at 02:30") and "Sundays" in turns[2][1]
    answer = turns[1][1]
    assert "private musing" not in answer and "artifact body line" not in answer and "antThinking" not in answer
    assert answer.startswith("The nightly export runs at 02:30 UTC") and "[artifact: Nightly export crontab]" in answer


def test_a_one_line_export_names_each_conversation_apart(tmp_path: Path) -> None:
    data = json.loads((DATA / "chatgpt" / "conversations.json").read_text())
    (tmp_path / "conversations.json").write_text(json.dumps(data))  # one line, as some tools write it
    places = [r.location for r in reader("chatgpt")(tmp_path) if hasattr(r, "turns")]
    assert len(places) == len(data) == len(set(places))


def test_basic_memory_category_word_is_not_left_in_the_text(tmp_path: Path) -> None:
    """Issue 34 point 6: the category is the memory's type and a tag; repeated as the text's lead word it goes."""
    note = tmp_path / "db.md"
    note.write_text(
        "---\ntitle: Storage\n---\n\n## Observations\n- [decision] Decision: use Postgres 16 for the ledger\n"
        "- [tech] tech - the ledger runs on Go 1.23\n- [idea] Idea boards live in Miro\n"
    )
    texts = [r.content for r in reader("basic-memory")(note) if hasattr(r, "content")]  # pyright: ignore[reportAttributeAccessIssue]
    assert texts == [
        "Storage: use Postgres 16 for the ledger",
        "Storage: the ledger runs on Go 1.23",
        "Storage: Idea boards live in Miro",  # a word of the sentence, not a lead-in: kept
    ]
