"""LLM likely questions through an OpenAI-compatible endpoint (a fake one on loopback), with offline fallback."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from contextlamp.llm import OpenAIChat
from contextlamp.retrieval.questions import LLMQuestionGenerator, RuleQuestionGenerator


class FakeEndpoint:
    """A /v1/chat/completions server whose next answer (or HTTP status) the test sets."""

    def __init__(self) -> None:
        self.answer: str = "[]"
        self.status = 200
        self.requests: list[dict[str, Any]] = []
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                endpoint.requests.append({"path": self.path, "body": body, "auth": self.headers.get("Authorization")})
                payload = {
                    "id": "x",
                    "object": "chat.completion",
                    "created": 0,
                    "model": body["model"],
                    "choices": [
                        {
                            "index": 0,
                            "finish_reason": "stop",
                            "message": {"role": "assistant", "content": endpoint.answer},
                        }
                    ],
                }
                data = json.dumps(payload).encode() if endpoint.status == 200 else b'{"error": "boom"}'
                self.send_response(endpoint.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:
                return

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def endpoint() -> Iterator[FakeEndpoint]:
    fake = FakeEndpoint()
    yield fake
    fake.close()


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
