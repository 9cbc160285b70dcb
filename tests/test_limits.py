"""Input limits (spec/TOOLS.md "Limits", issue 12 points 1, 7, 9, 10): every string argument of every tool is
length-checked before any other work on it, NUL is refused everywhere, and no error or log line repeats what
the caller passed."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import anyio
import pytest
from click.testing import CliRunner
from mcp import Client
from mcp_types import Implementation

from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.cli.main import cli
from contextlamp.config import InputLimits, Limits, Settings
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.embedding import FakeEmbedder
from contextlamp.errors import InvalidArgumentError
from contextlamp.llm import OpenAIChat
from contextlamp.mcp.tools import build_server
from contextlamp.retrieval.questions import LLMQuestionGenerator
from contextlamp.storage import StoreRegistry
from tests.conftest import Clock
from tests.fakes import FakeEndpoint

LIMITS = Limits()
HUGE = 20_000


class SpyScanner(SecretScanner):
    """The real scanner, recording the length of every text it is asked to scan."""

    def __init__(self) -> None:
        super().__init__()
        self.scanned: list[int] = []

    def kinds(self, text: str) -> list[str]:
        self.scanned.append(len(text))
        return super().kinds(text)

    def redact(self, text: str) -> str:
        self.scanned.append(len(text))
        return super().redact(text)


@pytest.fixture
def spied(registry: StoreRegistry, embedder: FakeEmbedder, clock: Clock) -> tuple[MemoryService, SpyScanner]:
    scanner = SpyScanner()
    return MemoryService(
        registry, embedder, indexer=Indexer(embedder.embed, inline=True), scanner=scanner, clock=clock
    ), scanner


def _entries(service: MemoryService) -> int:
    return sum(service.registry.store(s).count() for s in _store_ids(service))


def _store_ids(service: MemoryService) -> list[str]:
    control = service.registry.control
    ids = [u.id for u in control.users()]
    ids += [p.id for u in control.users() for p in control.projects(u.id)]
    return ids + [t.id for t in control.teams()]


# (tool, arguments, field, limit): each one argument just over its limit, the rest valid
OVER_LIMIT: list[tuple[str, dict[str, Any], str, int]] = [
    ("save_context", {"content": "x" * (LIMITS.max_content_bytes + 1)}, "content", LIMITS.max_content_bytes),
    ("save_context", {"content": "é" * (LIMITS.max_content_bytes // 2 + 1)}, "content", LIMITS.max_content_bytes),
    ("save_context", {"content": "ok", "topic": "a-" * HUGE}, "topic", LIMITS.max_topic_chars),
    ("save_context", {"content": "ok", "tags": ["a-" * HUGE]}, "tags", LIMITS.max_tag_chars),
    ("save_context", {"content": "ok", "tags": ["ok", "a" * (LIMITS.max_tag_chars + 1)]}, "tags", LIMITS.max_tag_chars),
    ("save_context", {"content": "ok", "tags": [f"t{i}" for i in range(HUGE)]}, "tags", LIMITS.max_tags),
    ("save_context", {"content": "ok", "source_surface": "a-" * HUGE}, "source_surface", LIMITS.max_surface_chars),
    ("save_context", {"content": "ok", "project": "a-" * HUGE}, "project", LIMITS.max_ref_chars),
    ("save_context", {"content": "ok", "team": "a-" * HUGE}, "team", LIMITS.max_ref_chars),
    ("save_session", {"transcript": "x" * (LIMITS.max_transcript_bytes + 1)}, "transcript", 2 * 1024 * 1024),
    ("save_session", {"transcript": "User: hi", "source_surface": "a" * HUGE}, "source_surface", 64),
    ("save_session", {"transcript": "User: hi", "project": "a-" * HUGE}, "project", LIMITS.max_ref_chars),
    ("get_context", {"query": "a-" * HUGE}, "query", LIMITS.max_query_chars),
    ("get_context", {"query": "x", "scope": "team:" + "a" * HUGE}, "scope", LIMITS.max_ref_chars),
    ("get_context", {"query": "x", "project": "a" * HUGE}, "project", LIMITS.max_ref_chars),
    ("list_context", {"cursor": "a" * HUGE}, "cursor", LIMITS.max_ref_chars),
    ("list_context", {"team": "a" * HUGE}, "team", LIMITS.max_ref_chars),
    ("list_context", {"project": "a" * HUGE}, "project", LIMITS.max_ref_chars),
    ("forget_context", {"id": "ctx_" + "a" * HUGE}, "id", LIMITS.max_ref_chars),
    ("forget_context", {"id": "ctx_x", "project": "a" * HUGE}, "project", LIMITS.max_ref_chars),
    ("resume_session", {"session_id": "ses_" + "a" * HUGE}, "session_id", LIMITS.max_ref_chars),
    ("resume_session", {"source_surface": "a" * HUGE}, "source_surface", LIMITS.max_surface_chars),
]


@pytest.mark.parametrize(("tool", "arguments", "field", "limit"), OVER_LIMIT)
def test_an_over_long_argument_is_refused_naming_field_and_limit_before_any_scan(
    spied: tuple[MemoryService, SpyScanner],
    alice: Caller,
    tool: str,
    arguments: dict[str, Any],
    field: str,
    limit: int,
) -> None:
    service, scanner = spied
    service.save_context(alice, "Already stored", project="web")
    before = _entries(service)
    scanner.scanned.clear()
    with pytest.raises(InvalidArgumentError) as err:
        getattr(service, tool)(alice, **arguments)
    message = str(err.value)
    assert err.value.field == field and f"'{field}'" in message
    assert f"limit is {limit}" in message or f"limit of {limit}" in message, message
    assert scanner.scanned == []  # refused before the secret scan saw any of it
    assert _entries(service) == before


def test_a_huge_tag_reads_like_the_service(service: MemoryService, alice: Caller) -> None:
    with pytest.raises(InvalidArgumentError) as err:
        service.save_context(alice, "ok", tags=["x" * 20_000])
    assert str(err.value) == "Invalid argument 'tags': a tag is 20000 characters; the limit is 64"


def test_values_at_their_limits_are_accepted(service: MemoryService, alice: Caller) -> None:
    saved = service.save_context(
        alice,
        "x" * LIMITS.max_content_bytes,
        topic="t" * LIMITS.max_topic_chars,
        tags=[f"{i:02d}" + "g" * (LIMITS.max_tag_chars - 2) for i in range(LIMITS.max_tags)],
        source_surface="s" * LIMITS.max_surface_chars,
        project="p" * 64,
    )
    entry = service.get_entry(alice, saved.id)
    assert entry.topic == "t" * LIMITS.max_topic_chars and len(entry.tags) == LIMITS.max_tags
    assert entry.source_surface == "s" * LIMITS.max_surface_chars


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({"topic": "\ufdfa" * 20}, "topic"),  # NFKC turns one of these into 18 characters
        ({"tags": ["\u0130" * 40]}, "tags"),  # lower-cased, each becomes two characters
        ({"source_surface": "\ufdfa" * 10}, "source_surface"),
    ],
)
def test_a_value_that_normalises_past_its_limit_is_refused(
    service: MemoryService, alice: Caller, arguments: dict[str, Any], field: str
) -> None:
    with pytest.raises(InvalidArgumentError, match=f"'{field}'.*once normalised"):
        service.save_context(alice, "ok", **arguments)


def test_a_long_client_name_is_cut_to_the_surface_limit(service: MemoryService, alice: Caller) -> None:
    chatty = Caller(alice.principal, "c" * HUGE)
    saved = service.save_context(chatty, "From a client with a very long name")
    assert service.get_entry(alice, saved.id).source_surface == "c" * LIMITS.max_surface_chars
    service.get_context(chatty, "client long name")
    assert service.get_entry(alice, saved.id).last_used_surface == "c" * LIMITS.max_surface_chars


def test_limits_come_from_the_settings(
    registry: StoreRegistry, embedder: FakeEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CONTEXTLAMP_MAX_SURFACE_CHARS", "8")
    monkeypatch.setenv("CONTEXTLAMP_MAX_REF_CHARS", "20")
    settings = Settings()
    assert settings.limits() == Limits(max_surface_chars=8, max_ref_chars=20)
    service = MemoryService(registry, embedder, indexer=Indexer(embedder.embed, inline=True), limits=settings.limits())
    caller = Caller(service.principal("alice"), "cli")
    with pytest.raises(InvalidArgumentError, match=r"'source_surface'.*limit is 8"):
        service.save_context(caller, "ok", source_surface="nine-char")
    with pytest.raises(InvalidArgumentError, match=r"'project'.*limit is 20"):
        service.save_context(caller, "ok", project="p" * 21)


def test_every_input_limit_is_a_setting_with_the_same_default() -> None:
    for name, field in InputLimits.model_fields.items():
        assert Settings.model_fields[name].default == field.default
    assert "max_pack_chars" not in Settings.model_fields  # get_context's max_chars argument sets the budget
    assert Settings().limits() == Limits()


# -- NUL: refused in every string argument, naming the field ------------------------------------------------

NUL_ARGUMENTS: list[tuple[str, dict[str, Any], str]] = [
    ("save_context", {"content": "a\x00b"}, "content"),
    ("save_context", {"content": "ok", "topic": "a\x00b"}, "topic"),
    ("save_context", {"content": "ok", "tags": ["a\x00b"]}, "tags"),
    ("save_context", {"content": "ok", "source_surface": "a\x00b"}, "source_surface"),
    ("save_context", {"content": "ok", "project": "a\x00b"}, "project"),
    ("save_context", {"content": "ok", "team": "a\x00b"}, "team"),
    ("save_session", {"transcript": "User: we use pnpm\x00 everywhere"}, "transcript"),
    ("get_context", {"query": "pnpm\x00"}, "query"),
    ("get_context", {"query": "pnpm", "scope": "team:\x00"}, "scope"),
    ("list_context", {"cursor": "\x00"}, "cursor"),
    ("forget_context", {"id": "ctx_\x00"}, "id"),
    ("resume_session", {"session_id": "ses_\x00"}, "session_id"),
]


@pytest.mark.parametrize(("tool", "arguments", "field"), NUL_ARGUMENTS)
def test_nul_is_refused_in_every_string_argument(
    service: MemoryService, alice: Caller, tool: str, arguments: dict[str, Any], field: str
) -> None:
    service.save_context(alice, "We use pnpm")
    before = _entries(service)
    with pytest.raises(InvalidArgumentError) as err:
        getattr(service, tool)(alice, **arguments)
    assert err.value.field == field and "NUL" in str(err.value)
    assert _entries(service) == before


# -- nothing the caller passed is repeated in an error or a log line ----------------------------------------

SECRET = "postgresql://admin:hunter2@db.internal/x"
TOKEN = "ghp_" + "Z9y8X7w6" * 4 + "abcd"

ECHO_CASES: list[tuple[str, dict[str, Any], str]] = [
    ("save_context", {"content": "ok", "project": SECRET}, "project"),
    ("save_context", {"content": "ok", "team": SECRET}, "team"),
    ("save_context", {"content": "ok", "kind": SECRET}, "kind"),
    ("save_context", {"content": "ok", "memory_type": TOKEN}, "memory_type"),
    ("save_context", {"content": "ok", "source_surface": TOKEN}, "source_surface"),
    ("save_session", {"transcript": "User: we use pnpm", "project": SECRET}, "project"),
    ("get_context", {"query": "x", "project": SECRET}, "project"),
    ("get_context", {"query": "x", "project": "hunter2"}, "project"),
    ("get_context", {"query": "x", "scope": SECRET}, "scope"),
    ("get_context", {"query": "x", "scope": "team:" + SECRET}, "scope"),
    ("get_context", {"query": "x", "memory_types": [SECRET]}, "memory_types"),
    ("get_context", {"query": "x", "recency": SECRET}, "recency"),
    ("list_context", {"project": SECRET}, "project"),
    ("list_context", {"team": SECRET}, "team"),
    ("list_context", {"cursor": SECRET}, "cursor"),
    ("list_context", {"include_superseded": SECRET}, "include_superseded"),
    ("forget_context", {"id": "ctx_x", "project": SECRET}, "project"),
    ("forget_context", {"id": "ctx_x", "confirm": SECRET}, "confirm"),
    ("resume_session", {"session_id": SECRET}, "session_id"),
    ("resume_session", {"since": SECRET}, "since"),
]


@pytest.mark.parametrize(("tool", "arguments", "field"), ECHO_CASES)
def test_a_value_the_caller_passed_is_never_repeated_in_the_error(
    service: MemoryService, alice: Caller, tool: str, arguments: dict[str, Any], field: str
) -> None:
    with pytest.raises(InvalidArgumentError) as err:
        getattr(service, tool)(alice, **arguments)
    message = str(err.value)
    assert err.value.field == field and f"'{field}'" in message
    for fragment in ("hunter2", "db.internal", "Z9y8X7w6"):
        assert fragment not in message, message


def test_a_connection_string_as_project_says_it_holds_a_secret(service: MemoryService, alice: Caller) -> None:
    with pytest.raises(InvalidArgumentError, match=r"'project'.*secret") as err:
        service.save_context(alice, "ok", project=SECRET)
    assert "hunter2" not in str(err.value)
    assert service.registry.control.projects(alice.principal.user_id) == []


def _call_tool(service: MemoryService, tool: str, arguments: dict[str, Any]) -> Any:
    principal = service.principal("alice")
    server = build_server(service, lambda _ctx: principal)

    async def main() -> Any:
        with anyio.fail_after(20):
            async with Client(server, client_info=Implementation(name="cursor", version="1")) as client:
                return await client.call_tool(tool, arguments)

    return anyio.run(main)


@pytest.mark.parametrize(("tool", "arguments", "field"), ECHO_CASES)
def test_no_log_line_at_info_or_above_holds_the_value(
    service: MemoryService,
    caplog: pytest.LogCaptureFixture,
    tool: str,
    arguments: dict[str, Any],
    field: str,
) -> None:
    caplog.set_level(logging.DEBUG)
    result = _call_tool(service, tool, arguments)
    assert result.is_error and field in result.content[0].text
    assert all(f not in result.content[0].text for f in ("hunter2", "Z9y8X7w6"))
    loud = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    assert loud, "the tool failure is logged"
    for line in loud:
        assert "hunter2" not in line and "Z9y8X7w6" not in line, line


def test_the_cli_never_repeats_a_pasted_token(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTEXTLAMP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "fake")
    monkeypatch.setenv("CONTEXTLAMP_USER", "alice")
    runner = CliRunner()
    assert runner.invoke(cli, ["user", "create", "alice"]).exit_code == 0
    token = runner.invoke(cli, ["token", "create", "alice", "--json"])
    secret = json.loads(token.output)["token"]
    for args in (
        ["token", "revoke", secret],  # the token itself where its id belongs
        ["token", "create", secret],
        ["token", "create", "alice", "--expires-in", secret],
        ["team", "add", SECRET, "alice"],
        ["forget", SECRET],
        ["forget", secret, "--dry-run"],
        ["list", "--project", SECRET],
    ):
        result = runner.invoke(cli, args)
        assert result.exit_code != 0, args
        assert secret not in result.output and "hunter2" not in result.output, (args, result.output)
    unknown = runner.invoke(cli, ["token", "create", "alcie"])
    assert "'alcie'" in unknown.output  # a plain name is still shown


def test_llm_questions_that_cannot_be_stored_are_left_out(endpoint: FakeEndpoint) -> None:
    endpoint.answer = '["When do we\\u0000 deploy?", "Which \\ud800 cluster?", "How is the API deployed?"]'
    generator = LLMQuestionGenerator(OpenAIChat(endpoint.url, "tiny", None, timeout_s=5))
    assert generator.generate("We deploy the API on Fridays.", None, "note", "fact") == ["How is the API deployed?"]
