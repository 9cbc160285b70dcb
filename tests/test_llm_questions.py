"""LLM likely questions through an OpenAI-compatible endpoint (a fake one on loopback), with offline fallback."""

from __future__ import annotations

import pytest

from contextlamp.llm import OpenAIChat
from contextlamp.retrieval.questions import LLMQuestionGenerator, RuleQuestionGenerator
from tests.fakes import FakeEndpoint

CONTENT = "We deploy the API with Kubernetes on Fridays."


def test_llm_questions_are_used_when_the_endpoint_answers(endpoint: FakeEndpoint) -> None:
    endpoint.answer = '```json\n["When do we deploy?", "How is the API deployed?", 7]\n```'
    generator = LLMQuestionGenerator(OpenAIChat(endpoint.url, "tiny", "sk-test", timeout_s=5))
    assert generator.generate(CONTENT, None, "note", "fact") == ["When do we deploy?", "How is the API deployed?"]
    (request,) = endpoint.requests
    assert request["path"] == "/v1/chat/completions" and request["auth"] == "Bearer sk-test"
    assert CONTENT in request["body"]["messages"][1]["content"]


@pytest.mark.parametrize(("status", "answer"), [(500, "[]"), (200, "not json at all"), (200, '{"q": 1}'), (200, "[]")])
def test_any_failure_falls_back_to_the_offline_generator(endpoint: FakeEndpoint, status: int, answer: str) -> None:
    endpoint.status, endpoint.answer = status, answer
    generator = LLMQuestionGenerator(OpenAIChat(endpoint.url, "tiny", None, timeout_s=5))
    offline = RuleQuestionGenerator().generate(CONTENT, "deploy-day", "decision", "event")
    assert generator.generate(CONTENT, "deploy-day", "decision", "event") == offline
    assert offline  # the fallback really produced questions


def test_unreachable_endpoint_falls_back_quickly() -> None:
    generator = LLMQuestionGenerator(OpenAIChat("http://127.0.0.1:9/v1", "tiny", None, timeout_s=2))
    assert generator.generate(CONTENT, "deploy-day", "decision", "event") == RuleQuestionGenerator().generate(
        CONTENT, "deploy-day", "decision", "event"
    )
