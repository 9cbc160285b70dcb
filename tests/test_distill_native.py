"""Native transcript files (distill/native.py): what each client's file becomes, compaction summaries as
digests, and the string a hook hands save_session (transcript_for_save)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.distill.native import parse_native, parse_native_lines, strip_tags, transcript_for_save
from contextlamp.distill.transcript import Turn, parse_transcript

DATA = Path(__file__).parent / "data" / "transcripts"
# text that only the client's machinery, a sub-agent or tool output holds in the Claude Code fixtures
CLAUDE_NOISE = (
    "MongoDB",  # sidechain (sub-agent) turns
    "settle_v2",
    "Caveat:",  # meta line
    "<command-name>",
    "/model",
    "local-command-stdout",
    "Sonnet 4.5",
    "system-reminder",
    "opened the file",
    "engine_from_config",  # tool results
    "43 passed",
    "alembic revision",  # tool input
    "chronologically",  # thinking / the summary's analysis
    "should look at the alembic config",
    "iVBORw0KGgo",  # image data
    "Request interrupted",
    "Settlements table migration",  # the type: summary title line
)


def _read(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def _texts(service: MemoryService, caller: Caller) -> list[str]:
    store = service.registry.store(caller.principal.user_id)
    return [store.get(i.id).content for i in service.list_context(caller, 200).items]  # type: ignore[union-attr]


def test_claude_code_jsonl_keeps_the_conversation_and_leaves_out_the_client_machinery() -> None:
    turns = parse_native(_read("claude_code.jsonl"))
    assert turns is not None
    assert [t.role for t in turns] == ["user", "assistant"] * 4  # one answer split around tool calls is one turn
    assert turns[0].text == (
        "The ledger service talks to PostgreSQL 16 and we run migrations with Alembic, never by hand."
    )
    assert "Understood: PostgreSQL 16" in turns[1].text and "env.py reads DATABASE_URL" in turns[1].text
    # a prompt queued while the agent worked is the person's, next to the text part of a message with an image
    assert turns[4].text == (
        "Yes. I prefer pytest fixtures over setUp methods in every test module.\n\n"
        "Our pull requests are always squash-merged."
    )
    joined = "\n".join(t.text for t in turns)
    for noise in CLAUDE_NOISE:
        assert noise not in joined, noise
    assert parse_transcript(_read("claude_code.jsonl")) == turns  # save_session reads it as it is


def test_claude_code_compaction_summary_is_one_digest_replacing_the_turns_before_it() -> None:
    turns = parse_native(_read("claude_code_compacted.jsonl"))
    assert turns is not None
    assert [t.role for t in turns] == ["digest", "user", "assistant", "user"]
    digest = turns[0].text
    assert digest.startswith("1. Primary Request and Intent:")  # the fixed opening and the analysis are gone
    assert "The ledger service runs on PostgreSQL 16." in digest and "Add an index on settlements.booked_at." in digest
    assert "continued from a previous conversation" not in digest
    joined = "\n".join(t.text for t in turns)
    for gone in ("squash-merged", "Tr0ub4dor", "that's all for today", "Compacted (ctrl+o"):
        assert gone not in joined, gone
    assert turns[-1].text == "Good. Always run ruff before committing."


def test_a_blank_summary_replaces_nothing() -> None:
    lines = [
        {"type": "user", "sessionId": "s", "parentUuid": None, "message": {"role": "user", "content": "We use Nx."}},
        {"type": "user", "isCompactSummary": True, "message": {"role": "user", "content": "  "}},
        {"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": "Noted."}]}},
    ]
    turns = parse_native("\n".join(json.dumps(x) for x in lines))
    assert turns == [Turn("user", "We use Nx."), Turn("assistant", "Noted.")]


@pytest.mark.parametrize(
    "text",
    [
        "User: We use pnpm.\nAssistant: Noted.",
        '[{"role": "user", "content": "We use pnpm."}]',
        '{"messages": [{"role": "user", "content": "We use pnpm."}]}',
        '{"note": "a JSON object that is no transcript"}\n{"other": 1}',
        "- We use pnpm.\n- The API runs on Fly.io.",
        "",
        "{not json",
    ],
)
def test_other_texts_are_no_native_format(text: str) -> None:
    assert parse_native(text) is None


def test_broken_and_half_written_lines_are_skipped() -> None:
    good = json.dumps({"type": "user", "sessionId": "s", "message": {"role": "user", "content": "We use Bun."}})
    text = "\n".join([good, '{"type": "assistant", "message": {"role": "assis', "garbage", "[1, 2]", good[:-1]])
    assert parse_native(text) == [Turn("user", "We use Bun.")]
    assert parse_native_lines(iter(text.splitlines(keepends=True))) == [Turn("user", "We use Bun.")]


def test_strip_tags_removes_only_the_named_blocks() -> None:
    text = "a <system-reminder>x</system-reminder>b <b>bold</b> <system-reminders>kept</system-reminders> c"
    assert strip_tags(text) == "a b <b>bold</b> <system-reminders>kept</system-reminders> c"
    assert strip_tags("keep <bash-stdout>never closed") == "keep "
    assert strip_tags('<command-name attr="1">/x</command-name>rest') == "rest"


TURNS = [
    Turn("digest", "- The API runs on Fly.io.\n- We use pnpm."),
    Turn("user", "We switched the queue to NATS."),
    Turn("assistant", 'Noted: NATS, with "quotes", a back\\slash and 漢字.'),
    Turn("system", "a system line"),
    Turn("tool", "a tool line"),
    Turn("user", "Deploys happen on Tuesdays."),
]


def test_transcript_for_save_round_trips_every_role() -> None:
    text = transcript_for_save(TURNS, 10_000)
    assert parse_transcript(text) == TURNS
    assert transcript_for_save([], 10_000) == ""


def test_transcript_for_save_over_its_budget_keeps_the_digest_and_the_newest_turns() -> None:
    whole = len(transcript_for_save(TURNS, 10_000).encode())
    for budget in range(whole - 1, 40, -7):
        text = transcript_for_save(TURNS, budget)
        assert len(text.encode()) <= budget
        if not text:
            continue
        turns = parse_transcript(text)
        assert turns[0] == TURNS[0] or (turns[0].role == "digest" and len(turns) == 1)
        rest = turns[1:]
        if rest:  # the newest turns, contiguous; only the oldest kept one may be cut short
            tail = TURNS[len(TURNS) - len(rest) :]
            assert rest[1:] == tail[1:]
            assert tail[0].text.startswith(rest[0].text) and rest[0].role == tail[0].role
    assert parse_transcript(transcript_for_save(TURNS, whole - 1))[-1] == TURNS[-1]


def test_save_session_reads_a_claude_code_file_as_it_is(service: MemoryService, alice: Caller) -> None:
    result = service.save_session(alice, _read("claude_code.jsonl"))
    texts = _texts(service, alice)
    assert result.saved >= 2
    assert any("squash-merged" in t for t in texts)
    assert any("pytest fixtures" in t for t in texts)
    joined = "\n".join(texts)
    assert "Tr0ub4dor-and-3" not in joined and "ghp_Zx9" not in joined  # the secrets
    for noise in CLAUDE_NOISE:
        assert noise not in joined, noise


def test_a_compacted_session_is_distilled_from_its_summary_and_the_turns_after_it(
    service: MemoryService, alice: Caller
) -> None:
    service.save_session(alice, _read("claude_code_compacted.jsonl"))
    joined = "\n".join(_texts(service, alice))
    assert "squash-merged" not in joined  # said only before the summary: not read again
    assert "PostgreSQL 16" in joined and "pytest fixtures" in joined  # from the summary
    assert "ruff before committing" in joined and "GitHub Actions" in joined  # after it
    assert "AKIAIOSFODNN7EXAMPLE" not in joined and "Tr0ub4dor" not in joined
