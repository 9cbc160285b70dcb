"""The LLM distiller over an OpenAI-compatible endpoint (a fake on loopback), with offline fallback."""

from __future__ import annotations

import json

import pytest

from contextlamp.distill import LLMDistiller, OfflineDistiller, parse_transcript
from contextlamp.distill.llm import CHUNK_CHARS
from contextlamp.llm import OpenAIChat
from tests.fakes import FakeEndpoint

TRANSCRIPT = "User: We use pnpm everywhere.\nAssistant: Noted.\nUser: Thanks!"


def test_llm_items_are_validated_and_used(endpoint: FakeEndpoint) -> None:
    endpoint.answer = json.dumps(
        [
            {
                "content": "The team uses pnpm in every repository",
                "memory_type": "fact",
                "kind": "decision",
                "topic": "package-manager",
            }
        ]
    )
    items = LLMDistiller(OpenAIChat(endpoint.url, "m", None, 5)).distill(parse_transcript(TRANSCRIPT))
    assert [(i.content, i.memory_type, i.kind, i.topic) for i in items] == [
        ("The team uses pnpm in every repository", "fact", "decision", "package-manager")
    ]
    sent = endpoint.requests[0]["body"]["messages"][1]["content"]
    assert "user: We use pnpm everywhere." in sent


@pytest.mark.parametrize(
    ("status", "answer"),
    [
        (500, "[]"),
        (200, "no json"),
        (200, '{"content": "x"}'),
        (200, '[{"content": ""}]'),
        (200, '[{"content": "x", "memory_type": "memo"}]'),
        (200, "[1]"),
    ],
)
def test_any_failure_falls_back_to_offline(endpoint: FakeEndpoint, status: int, answer: str) -> None:
    endpoint.status, endpoint.answer = status, answer
    turns = parse_transcript(TRANSCRIPT)
    assert LLMDistiller(OpenAIChat(endpoint.url, "m", None, 5)).distill(turns) == OfflineDistiller().distill(turns)


def test_long_transcripts_are_split_into_bounded_calls(endpoint: FakeEndpoint) -> None:
    endpoint.answer = "[]"
    turn = "User: " + "we deploy on fridays " * 200 + "\n"
    LLMDistiller(OpenAIChat(endpoint.url, "m", None, 5)).distill(parse_transcript(turn * 40))
    sizes = [len(r["body"]["messages"][1]["content"]) for r in endpoint.requests]
    assert len(sizes) > 1 and max(sizes) <= CHUNK_CHARS
