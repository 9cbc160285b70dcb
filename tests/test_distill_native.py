"""Native transcript files (distill/native.py): what each client's file becomes, compaction summaries as
digests, and the string a hook hands save_session (transcript_for_save)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.distill.native import digest_lines, parse_native, parse_native_lines, strip_tags, transcript_for_save
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
    assert digest.startswith("- The user wants a `settlements` table")  # no opening, analysis or headings
    assert "Key Technical Concepts" not in digest and "Summary:" not in digest
    assert "The ledger service runs on PostgreSQL 16." in digest and "Add an index on settlements.booked_at." in digest
    assert "continued from a previous conversation" not in digest and "Please continue" not in digest
    assert digest.endswith("All 43 settlement tests pass.")
    joined = "\n".join(t.text for t in turns)
    for gone in ("squash-merged", "Tr0ub4dor", "that's all for today", "Compacted (ctrl+o"):
        assert gone not in joined, gone
    assert turns[-1].text == "Good. Always run ruff before committing."


def test_claude_code_api_errors_and_synthetic_answers_are_left_out() -> None:
    def answer(text: str, **extra: object) -> dict[str, object]:
        message = {"role": "assistant", "model": "claude-opus-4-1", "content": [{"type": "text", "text": text}]}
        message.update(extra.pop("message", {}))  # type: ignore[arg-type]
        return {"type": "assistant", "sessionId": "s", "parentUuid": None, "message": message, **extra}

    lines = [
        {"type": "user", "sessionId": "s", "parentUuid": None, "message": {"role": "user", "content": "We use Nx."}},
        answer("API Error: 529 Overloaded", isApiErrorMessage=True),
        answer("No response requested.", message={"model": "<synthetic>"}),
        answer("Noted."),
    ]
    assert parse_native("\n".join(json.dumps(x) for x in lines)) == [
        Turn("user", "We use Nx."),
        Turn("assistant", "Noted."),
    ]


def test_summary_lines_lose_headings_code_and_empty_sections() -> None:
    summary = (
        "Summary:\n1. Primary Request and Intent:\n   - The API must return ISO 8601 dates.\n"
        "3. Files and Code Sections:\n   - api/dates.py: formats every date.\n"
        "     ```python\n     def iso(d):\n         return d.isoformat()\n     ```\n"
        "4. Errors and fixes:\n   - None\n5. Pending Tasks:\n   - (none)\n"
        "## Current Work\n<current_plan>\nShip the date fix on Friday.\n</current_plan>"
    )
    assert digest_lines(summary).splitlines() == [
        "- The API must return ISO 8601 dates.",
        "- api/dates.py: formats every date.",
        "Ship the date fix on Friday.",
    ]


def test_a_claude_code_file_may_open_with_many_bookkeeping_lines() -> None:
    snapshot = {"type": "file-history-snapshot", "messageId": "m", "snapshot": {}, "isSnapshotUpdate": False}
    user = {"type": "user", "sessionId": "s", "parentUuid": None, "message": {"role": "user", "content": "We use Nx."}}
    text = "\n".join([json.dumps(snapshot)] * 120 + [json.dumps(user)])
    assert parse_native(text) == [Turn("user", "We use Nx.")]


def test_a_cut_emoji_never_breaks_the_transcript(service: MemoryService, alice: Caller) -> None:
    """JavaScript clients write a cut emoji as a lone \\ud83d escape: the turn keeps its text, U+FFFD for the
    cut, so transcript_for_save can encode it and save_session accepts it."""
    line = {"type": "user", "sessionId": "s", "parentUuid": None, "message": {"role": "user", "content": ""}}
    line["message"] = {"role": "user", "content": "We deploy with Nomad \ud83d every Monday."}
    turns = parse_native(json.dumps(line))
    assert turns == [Turn("user", "We deploy with Nomad \ufffd every Monday.")]
    assert (
        transcript_for_save([Turn("user", "We use Nx \ud83d.")], 1000)
        == '[{"role": "user", "content": "We use Nx \ufffd."}]'
    )
    service.save_session(alice, transcript_for_save(turns, 10_000))
    assert any("Nomad" in t for t in _texts(service, alice))


def test_a_blank_summary_replaces_nothing() -> None:
    lines = [
        {"type": "user", "sessionId": "s", "parentUuid": None, "message": {"role": "user", "content": "We use Nx."}},
        {"type": "user", "isCompactSummary": True, "message": {"role": "user", "content": "  "}},
        {"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": "Noted."}]}},
    ]
    turns = parse_native("\n".join(json.dumps(x) for x in lines))
    assert turns == [Turn("user", "We use Nx."), Turn("assistant", "Noted.")]


def test_codex_rollout_keeps_the_messages_and_its_compaction_summary_as_the_digest() -> None:
    turns = parse_native(_read("codex_rollout.jsonl"))
    assert turns is not None
    assert [t.role for t in turns] == ["digest", "user", "assistant", "user", "assistant"]
    assert turns[0].text.splitlines() == [
        "- The billing web app uses Vite and React 18.",
        "- The currency list comes from the billing API, not a static list.",
        "- API mocks in tests always use msw, never jest.fn fetch stubs.",
        "- Next step: finish the currency selector in src/invoices/InvoiceForm.tsx and make its test pass.",
    ]
    assert turns[1].text == "Continue. Also: invoices are numbered per fiscal year, starting at 1 every April."
    joined = "\n".join(t.text for t in turns)
    for noise in ("AGENTS.md", "environment_context", "git status", "Exploring", "PASS src", "sk-proj", "msw for"):
        assert noise not in joined, noise  # injected context, shell commands, reasoning, tool output, pre-summary


def _codex(*records: dict[str, object]) -> str:
    return "\n".join(json.dumps(r) for r in records)


def _item(role: str, text: str) -> dict[str, object]:
    kind = "input_text" if role == "user" else "output_text"
    return {
        "type": "response_item",
        "payload": {"type": "message", "role": role, "content": [{"type": kind, "text": text}]},
    }


def test_codex_remote_compaction_without_a_summary_replaces_nothing() -> None:
    text = _codex(
        {"type": "session_meta", "payload": {"id": "s", "cwd": "/w"}},
        _item("user", "We deploy on Render."),
        {"type": "compacted", "payload": {"message": "", "replacement_history": [{"type": "compaction"}]}},
        _item("assistant", "Noted."),
    )
    assert parse_native(text) == [Turn("user", "We deploy on Render."), Turn("assistant", "Noted.")]


def test_codex_event_messages_stand_in_only_when_a_file_has_no_response_items() -> None:
    events = _codex(
        {"type": "session_meta", "payload": {"id": "s", "cwd": "/w"}},
        {"type": "event_msg", "payload": {"type": "user_message", "message": "We deploy on Render."}},
        {"type": "event_msg", "payload": {"type": "agent_message", "message": "Noted."}},
    )
    assert parse_native(events) == [Turn("user", "We deploy on Render."), Turn("assistant", "Noted.")]
    both = events + "\n" + _codex(_item("user", "We deploy on Render."))
    assert parse_native(both) == [Turn("user", "We deploy on Render.")]


def test_codex_legacy_rollouts_without_the_envelope() -> None:
    text = _codex(
        {"id": "s", "timestamp": "2025-05-01T10:00:00Z", "instructions": None},
        {"record_type": "state"},
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "We use Deno 2."}]},
        {"type": "function_call", "name": "shell", "arguments": "{}", "call_id": "c"},
        {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Noted."}]},
    )
    assert parse_native(text) == [Turn("user", "We use Deno 2."), Turn("assistant", "Noted.")]


def test_gemini_chat_recording_follows_rewinds_rewrites_and_leaves_out_tools_and_thoughts() -> None:
    turns = parse_native(_read("gemini_chat.jsonl"))
    assert turns is not None
    assert [t.role for t in turns] == ["user", "assistant"] * 3
    assert turns[0].text == (
        "Our docs site is built with Hugo and deployed to Cloudflare Pages. @config.toml why is the sitemap missing?"
    )
    assert turns[2].text == "Yes. We publish the docs in English and German, with English as the default language."
    assert turns[3].text.startswith("Removed `sitemap`") and turns[5].text == "Understood."
    joined = "\n".join(t.text for t in turns)
    for noise in ("Japanese", "fallback model", "429", "disableKinds = [", "Noting the preference", "baseURL"):
        assert noise not in joined, noise
    legacy = json.dumps({"sessionId": "s", "projectHash": "h", "messages": [
        {"id": "1", "type": "user", "content": "We use Hugo."}, {"id": "2", "type": "gemini", "content": "Noted."}
    ]})  # fmt: skip
    assert parse_native(legacy) == [Turn("user", "We use Hugo."), Turn("assistant", "Noted.")]


def test_gemini_rewind_to_an_unknown_message_starts_over() -> None:
    records = [
        {"sessionId": "s", "projectHash": "h"},
        {"id": "1", "type": "user", "content": "We use Hugo."},
        {"$rewindTo": "gone"},
        {"id": "2", "type": "user", "content": "We use Zola."},
        {"id": "3", "type": "gemini", "content": "Noted."},
        {"$rewindTo": "3"},
    ]
    assert parse_native("\n".join(json.dumps(r) for r in records)) == [Turn("user", "We use Zola.")]


def test_gemini_checkpoint_state_snapshot_is_the_digest() -> None:
    turns = parse_native(_read("gemini_checkpoint.json"))
    assert turns is not None
    assert [t.role for t in turns] == ["digest", "user", "assistant", "user"]
    assert "- The docs site is built with Hugo and deployed to Cloudflare Pages." in turns[0].text.splitlines()
    assert "<key_knowledge>" not in turns[0].text and "state_snapshot" not in turns[0].text
    assert "MODIFIED" not in turns[0].text and "hugo --minify" not in turns[0].text  # what it just did: transient
    # the session's goal and plan are its working state, not knowledge to keep
    assert "Fix the missing sitemap" not in turns[0].text and "Submit the sitemap" not in turns[0].text
    joined = "\n".join(t.text for t in turns)
    for noise in ("Got it", "nightly at 02:00", "not found", "Planning the link", "operating system"):
        assert noise not in joined, noise
    history = json.loads(_read("gemini_checkpoint.json"))["history"]
    assert parse_native(json.dumps(history)) == turns  # the older checkpoints: the bare list of contents


def test_cursor_agent_transcript_keeps_the_typed_query() -> None:
    turns = parse_native(_read("cursor_agent.jsonl"))
    assert turns == [
        Turn("user", "The mobile app uses Expo SDK 52 and we ship builds with EAS. Why does the Android build fail?"),
        Turn(
            "assistant",
            "Let me check the EAS build log.\n\n"
            "The build fails because a library needs minSdkVersion 24. Shall I raise it in app.json?",
        ),
        Turn("user", "Yes. We support Android 7 (API 24) and newer only."),
        Turn("assistant", "Raised minSdkVersion to 24 in app.json."),
    ]


def test_other_jsonl_message_lines_are_read_as_messages() -> None:
    lines = [
        {"role": "system", "content": "You are a helpful assistant."},
        {"role": "user", "content": [{"type": "text", "text": "We host on Hetzner."}, {"type": "image"}]},
        {"role": "tool", "content": "exit 0"},
        {"role": "assistant", "content": "Noted."},
    ]
    assert parse_native("\n".join(json.dumps(x) for x in lines)) == [
        Turn("user", "We host on Hetzner."),
        Turn("assistant", "Noted."),
    ]


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


@pytest.mark.parametrize(
    ("name", "kept", "gone"),
    [
        ("codex_rollout.jsonl", ["Vite and React 18", "msw", "fiscal year"], ["sk-proj", "AGENTS", "npm test"]),
        ("gemini_chat.jsonl", ["Hugo", "imperative mood"], ["Japanese", "baseURL", "disableKinds = ["]),
        ("gemini_checkpoint.json", ["Cloudflare Pages", "0.139"], ["nightly", "Got it"]),
        ("cursor_agent.jsonl", ["Expo SDK 52", "API 24"], ["darwin", "Always answer in English", "Gradle"]),
    ],
)
def test_save_session_distils_every_native_format(
    service: MemoryService, alice: Caller, name: str, kept: list[str], gone: list[str]
) -> None:
    service.save_session(alice, _read(name))
    joined = "\n".join(_texts(service, alice))
    for fact in kept:
        assert fact in joined, fact
    for noise in gone:
        assert noise not in joined, noise


def test_secrets_are_redacted_per_turn_so_json_transcripts_stay_whole(service: MemoryService, alice: Caller) -> None:
    """Redacting the raw JSON text cut a secret together with the closing quote of its string (the transcript
    then no longer parsed and became one digest of raw JSON), and missed a secret between escaped quotes."""
    messages = [
        {"role": "user", "content": "The staging database password = Tr0ub4dor-and-3"},
        {"role": "user", "content": 'Put DB_PASSWORD="Tr0ub4dor-and-3" in the env file.'},
        {"role": "user", "content": "We deploy the API to Fly.io."},
        {"role": "assistant", "content": "Noted."},
    ]
    turns = [Turn("assistant" if m["role"] == "assistant" else "user", m["content"]) for m in messages]
    for text in (json.dumps(messages), transcript_for_save(turns, 10_000)):
        service.save_session(alice, text)
    texts = _texts(service, alice)
    assert "We deploy the API to Fly.io." in texts
    joined = "\n".join(texts)
    assert "Tr0ub4dor" not in joined and '"role"' not in joined


def test_a_hook_streams_the_file_and_hands_save_session_the_bounded_transcript(
    service: MemoryService, alice: Caller
) -> None:
    """What a hook does: stream the native file, bound it with transcript_for_save, save it. Over the budget the
    summary and the newest turns are kept, and the result distils like the file itself."""
    with (DATA / "claude_code_compacted.jsonl").open(encoding="utf-8") as lines:
        turns = parse_native_lines(lines)
    assert turns is not None and turns[0].role == "digest"
    whole = transcript_for_save(turns, 2 * 1024 * 1024)
    assert parse_transcript(whole) == turns
    small = transcript_for_save(turns, len(whole.encode()) - 40)
    kept = parse_transcript(small)
    assert len(small.encode()) <= len(whole.encode()) - 40
    assert kept[0] == turns[0] and kept[2:] == turns[2:]  # the summary and the newest turns whole
    assert turns[1].text.startswith(kept[1].text) and kept[1].text != turns[1].text  # the oldest kept one cut
    service.save_session(alice, small)
    joined = "\n".join(_texts(service, alice))
    assert "PostgreSQL 16" in joined and "ruff before committing" in joined and "squash-merged" not in joined


@pytest.mark.parametrize(
    "unit",
    [
        "<system-reminder",  # openings that never become a tag
        "<system-reminder>x",  # blocks that never close
        "<command-name>a</command-name><",
        "<<<<",
    ],
)
def test_tag_removal_stays_linear_on_hostile_text(unit: str) -> None:
    """strip_tags and the Claude Code line parser over 4x the text take about 4x the time (generous factor,
    baseline from the same run): no quadratic rescan of unclosed tags."""
    import time

    def cost(repeat: int) -> float:
        text = unit * repeat
        line = json.dumps({"type": "user", "sessionId": "s", "parentUuid": None, "message": {"content": text}})
        start = time.perf_counter()
        strip_tags(text)
        parse_native(line)
        return time.perf_counter() - start

    small = min(cost(5_000) for _ in range(3))
    large = min(cost(20_000) for _ in range(3))
    assert large < 12 * small + 0.05
