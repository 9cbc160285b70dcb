"""Transcript parsing: every supported format, and unknown formats fall back to a digest."""

from __future__ import annotations

import json

from contextlamp.distill.transcript import Turn, parse_transcript


def test_role_prefixed_lines_with_continuations() -> None:
    turns = parse_transcript("Human: first line\nstill the human\nAI: the answer\nYou: again\nClaude: ok")
    assert turns == [
        Turn("user", "first line\nstill the human"),
        Turn("assistant", "the answer"),
        Turn("user", "again"),
        Turn("assistant", "ok"),
    ]


def test_bold_markdown_prefixes_and_headings() -> None:
    assert [t.role for t in parse_transcript("**User:** a\n**Assistant:** b")] == ["user", "assistant"]
    turns = parse_transcript("## User\nWe use pnpm.\n\n## Assistant\nNoted.\n## User\nThanks")
    assert turns == [Turn("user", "We use pnpm."), Turn("assistant", "Noted."), Turn("user", "Thanks")]


def test_json_messages_with_string_or_text_parts() -> None:
    messages = [
        {"role": "user", "content": "We deploy on Fridays."},
        {"role": "assistant", "content": [{"type": "text", "text": "Noted."}, {"type": "image", "url": "x"}]},
        {"role": "tool", "content": "exit 0"},
    ]
    assert parse_transcript(json.dumps(messages)) == [
        Turn("user", "We deploy on Fridays."),
        Turn("assistant", "Noted."),
        Turn("tool", "exit 0"),
    ]
    assert parse_transcript(json.dumps({"messages": messages[:1]})) == [Turn("user", "We deploy on Fridays.")]


def test_quoted_turns_are_the_users() -> None:
    turns = parse_transcript("> we use pnpm\n> everywhere\nNoted, pnpm it is.\n> thanks")
    assert turns == [
        Turn("user", "we use pnpm\neverywhere"),
        Turn("assistant", "Noted, pnpm it is."),
        Turn("user", "thanks"),
    ]


def test_anything_else_is_a_digest_never_an_error() -> None:
    assert parse_transcript("- We use pnpm\n- Deploys on Friday") == [
        Turn("digest", "- We use pnpm\n- Deploys on Friday")
    ]
    assert parse_transcript("Note: only one prefixed line here") == [
        Turn("digest", "Note: only one prefixed line here")
    ]
    assert parse_transcript("[1, 2, 3") == [Turn("digest", "[1, 2, 3")]
    assert parse_transcript("   ") == []
