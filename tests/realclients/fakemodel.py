"""A scripted fake model API on loopback, for driving the real Claude Code, Codex and Gemini CLIs.

One HTTP server speaks the three wire formats the clients use, each as streamed Server-Sent Events:

- Anthropic Messages API (``POST /v1/messages``, what Claude Code sends to ``ANTHROPIC_BASE_URL``;
  docs.anthropic.com "Streaming Messages": ``message_start``, ``content_block_start``/``_delta``/``_stop``,
  ``message_delta``, ``message_stop``), plus ``/v1/messages/count_tokens``.
- OpenAI Responses API (``POST /v1/responses``, what Codex sends to a custom ``model_providers`` entry with
  ``wire_api = "responses"``; platform.openai.com "Streaming responses": ``response.created``,
  ``response.output_item.done``, ``response.completed``).
- Gemini API (``POST /v1beta/models/MODEL:streamGenerateContent?alt=sse`` and ``:generateContent``, what the
  Gemini CLI sends to ``GOOGLE_GEMINI_BASE_URL``; ai.google.dev "GenerateContentResponse").

Every request is recorded as a ``Turn`` (which tools it offered, all of its text, the tool results it carries),
and a ``Policy`` (the test's script) decides each answer: a text, or one tool call. Nothing here reaches the
network: the server binds 127.0.0.1 on a free port.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Turn:
    """One model request as the test sees it: the wire ``api`` (``anthropic``/``responses``/``gemini``), the
    names of the tools offered, every text of the request joined (system prompt, messages, tool results), the
    text of the tool results alone, the time it arrived (``time.monotonic()``) and the raw JSON body."""

    api: str
    tools: tuple[str, ...]
    text: str
    tool_results: tuple[str, ...]
    at: float
    body: dict[str, Any] = field(repr=False)

    @property
    def schema(self) -> dict[str, Any] | None:
        """The JSON schema of a structured-output request (Gemini's ``generationConfig.responseJsonSchema``,
        e.g. the CLI's model router), None for an ordinary turn."""
        config = self.body.get("generationConfig")
        if not isinstance(config, dict) or config.get("responseMimeType") != "application/json":  # pyright: ignore
            return None
        schema = config.get("responseJsonSchema") or config.get("responseSchema")  # pyright: ignore
        return schema if isinstance(schema, dict) else {}  # pyright: ignore[reportUnknownVariableType]

    def tool(self, suffix: str) -> str | None:
        """The offered tool whose name ends with ``suffix`` (clients prefix MCP tools: ``mcp__contextlamp__``;
        a tool inside a Responses API ``namespace`` tool is named ``<namespace>/<name>``)."""
        return next((t for t in self.tools if t.endswith(suffix)), None)


@dataclass(frozen=True)
class Reply:
    """The model's answer: ``text``, or a call of tool ``call`` with the JSON object ``arguments``."""

    text: str = ""
    call: str | None = None
    arguments: dict[str, Any] = field(default_factory=lambda: dict[str, Any]())


Policy = Callable[[Turn], Reply]


def _texts(value: Any) -> Iterator[str]:
    """Every string inside a JSON value (depth first), skipping tool schemas' keys."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():  # pyright: ignore[reportUnknownVariableType]
            if key not in ("tools", "input_schema", "parameters", "inputSchema"):
                yield from _texts(item)
    elif isinstance(value, list):
        for item in value:  # pyright: ignore[reportUnknownVariableType]
            yield from _texts(item)


def example_of(schema: Any) -> Any:
    """A value valid for ``schema`` (JSON Schema or Gemini's upper-case ``type`` names): required properties
    filled in, strings ``"ok"``, numbers 10, booleans false, arrays empty; an enum's first value."""
    if not isinstance(schema, dict):
        return {}
    if schema.get("enum"):  # pyright: ignore[reportUnknownMemberType]
        return schema["enum"][0]  # pyright: ignore[reportUnknownVariableType]
    kind = str(schema.get("type") or "object").lower()  # pyright: ignore[reportUnknownMemberType]
    if kind == "object":
        properties = schema.get("properties") or {}  # pyright: ignore[reportUnknownMemberType]
        required = schema.get("required") or list(properties)  # pyright: ignore
        return {name: example_of(properties.get(name)) for name in required}  # pyright: ignore
    return {"string": "ok", "integer": 10, "number": 10, "boolean": False, "array": []}.get(kind, "ok")


def _tool_names(api: str, body: dict[str, Any]) -> tuple[str, ...]:
    names: list[str] = []
    for tool in body.get("tools") or []:
        if not isinstance(tool, dict):
            continue
        if api == "gemini":
            for declaration in tool.get("functionDeclarations") or tool.get("function_declarations") or []:  # pyright: ignore
                if isinstance(declaration, dict) and isinstance(declaration.get("name"), str):  # pyright: ignore
                    names.append(declaration["name"])  # pyright: ignore
            continue
        if tool.get("type") == "namespace":  # pyright: ignore[reportUnknownMemberType]
            prefix = str(tool.get("name") or "")  # pyright: ignore[reportUnknownMemberType]
            for inner in tool.get("tools") or []:  # pyright: ignore
                if isinstance(inner, dict) and isinstance(inner.get("name"), str):  # pyright: ignore
                    names.append(f"{prefix}/{inner['name']}")  # pyright: ignore
            continue
        name = tool.get("name") or (tool.get("function") or {}).get("name")  # pyright: ignore
        if isinstance(name, str):
            names.append(name)
    return tuple(names)


def _tool_results(api: str, body: dict[str, Any]) -> tuple[str, ...]:
    found: list[str] = []
    if api == "anthropic":
        for message in body.get("messages") or []:
            content = message.get("content") if isinstance(message, dict) else None  # pyright: ignore
            for block in content if isinstance(content, list) else []:  # pyright: ignore
                if isinstance(block, dict) and block.get("type") == "tool_result":  # pyright: ignore
                    found.append(" ".join(_texts(block.get("content"))))  # pyright: ignore
    elif api == "responses":
        for item in body.get("input") or []:
            if isinstance(item, dict) and str(item.get("type", "")).endswith("call_output"):  # pyright: ignore
                found.append(" ".join(_texts(item.get("output"))))  # pyright: ignore
    else:
        for content in body.get("contents") or []:
            for part in (content.get("parts") or []) if isinstance(content, dict) else []:  # pyright: ignore
                if isinstance(part, dict) and "functionResponse" in part:
                    found.append(" ".join(_texts(part["functionResponse"])))  # pyright: ignore
    return tuple(found)


class FakeModel:
    """The server. ``start()`` returns the base URL (``http://127.0.0.1:PORT``); ``turns`` lists every model
    request in arrival order; ``other`` every other request (``(method, path)``); ``close()`` stops it."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.turns: list[Turn] = []
        self.other: list[tuple[str, str]] = []
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    def start(self) -> str:
        """Bind 127.0.0.1 on a free port and serve in a daemon thread; the base URL."""
        model = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                return

            def do_GET(self) -> None:
                model.note_other("GET", self.path)
                path = urlsplit(self.path).path
                if path.endswith("/models"):
                    self._json({"object": "list", "data": [], "models": []})
                else:
                    self._json({"error": {"message": "not found"}}, 404)

            def do_HEAD(self) -> None:
                model.note_other("HEAD", self.path)
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                path = urlsplit(self.path).path
                try:
                    body: Any = json.loads(raw or b"{}")
                except ValueError:
                    body = {}
                if not isinstance(body, dict):
                    body = {}
                if path.endswith("/messages/count_tokens") or path.endswith(":countTokens"):
                    model.note_other("POST", self.path)
                    self._json({"input_tokens": 100, "totalTokens": 100})
                    return
                if path.endswith("/v1/messages"):
                    self._anthropic(model.answer("anthropic", body), body)
                elif path.endswith("/responses"):
                    self._responses(model.answer("responses", body))
                elif ":streamGenerateContent" in path or ":generateContent" in path:
                    reply = model.answer("gemini", body)
                    self._gemini(reply, stream=":streamGenerateContent" in path)
                else:
                    model.note_other("POST", self.path)
                    self._json({"error": {"message": "not found"}}, 404)

            def _json(self, payload: Any, status: int = 200) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _sse(self, events: list[tuple[str | None, dict[str, Any]]]) -> None:
                chunks = []
                for name, data in events:
                    head = f"event: {name}\n" if name else ""
                    chunks.append(f"{head}data: {json.dumps(data)}\n\n")
                data = "".join(chunks).encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _anthropic(self, reply: Reply, body: dict[str, Any]) -> None:
                model_name = str(body.get("model") or "claude")
                message = {
                    "id": "msg_fake",
                    "type": "message",
                    "role": "assistant",
                    "model": model_name,
                    "content": [],
                    "stop_reason": None,
                    "stop_sequence": None,
                    "usage": {"input_tokens": 100, "output_tokens": 1},
                }
                if reply.call:
                    block: dict[str, Any] = {"type": "tool_use", "id": _call_id(), "name": reply.call, "input": {}}
                    delta = {"type": "input_json_delta", "partial_json": json.dumps(reply.arguments)}
                    stop = "tool_use"
                else:
                    block = {"type": "text", "text": ""}
                    delta = {"type": "text_delta", "text": reply.text}
                    stop = "end_turn"
                if not body.get("stream"):
                    done = {**block, "input": reply.arguments} if reply.call else {"type": "text", "text": reply.text}
                    self._json({**message, "content": [done], "stop_reason": stop})
                    return
                self._sse(
                    [
                        ("message_start", {"type": "message_start", "message": message}),
                        ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": block}),
                        ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}),
                        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
                        (
                            "message_delta",
                            {
                                "type": "message_delta",
                                "delta": {"stop_reason": stop, "stop_sequence": None},
                                "usage": {"output_tokens": 10},
                            },
                        ),
                        ("message_stop", {"type": "message_stop"}),
                    ]
                )

            def _responses(self, reply: Reply) -> None:
                if reply.call:
                    item: dict[str, Any] = {
                        "type": "function_call",
                        "id": "fc_" + _call_id(),
                        "call_id": "call_" + _call_id(),
                        "name": reply.call,
                        "arguments": json.dumps(reply.arguments),
                        "status": "completed",
                    }
                    if "/" in reply.call:  # a tool of a namespace (Codex's MCP servers): its two parts
                        item["namespace"], item["name"] = reply.call.split("/", 1)
                else:
                    item = {
                        "type": "message",
                        "role": "assistant",
                        "id": "msg_" + _call_id(),
                        "status": "completed",
                        "content": [{"type": "output_text", "text": reply.text, "annotations": []}],
                    }
                usage = {
                    "input_tokens": 100,
                    "input_tokens_details": {"cached_tokens": 0},
                    "output_tokens": 10,
                    "output_tokens_details": {"reasoning_tokens": 0},
                    "total_tokens": 110,
                }
                rid = "resp_" + _call_id()
                self._sse(
                    [
                        ("response.created", {"type": "response.created", "response": {"id": rid}}),
                        (
                            "response.output_item.done",
                            {"type": "response.output_item.done", "output_index": 0, "item": item},
                        ),
                        ("response.completed", {"type": "response.completed", "response": {"id": rid, "usage": usage}}),
                    ]
                )

            def _gemini(self, reply: Reply, *, stream: bool) -> None:
                part: dict[str, Any] = (
                    {"functionCall": {"name": reply.call, "args": reply.arguments}}
                    if reply.call
                    else {"text": reply.text}
                )
                payload = {
                    "candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}],
                    "usageMetadata": {"promptTokenCount": 100, "candidatesTokenCount": 10, "totalTokenCount": 110},
                    "modelVersion": "gemini-2.5-flash",
                }
                if stream:
                    self._sse([(None, payload)])
                else:
                    self._json(payload)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, name="fake-model", daemon=True).start()
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def answer(self, api: str, body: dict[str, Any]) -> Reply:
        """Record ``body`` as a ``Turn`` and ask the policy for the reply (a policy error answers a text)."""
        turn = Turn(
            api, _tool_names(api, body), "\n".join(_texts(body)), _tool_results(api, body), time.monotonic(), body
        )
        with self._lock:
            self.turns.append(turn)
        if turn.schema is not None:  # a structured side request (Gemini's router): any valid object will do
            return Reply(text=json.dumps(example_of(turn.schema)))
        try:
            return self.policy(turn)
        except Exception as exc:
            return Reply(text=f"policy error: {type(exc).__name__}")

    def note_other(self, method: str, path: str) -> None:
        """Record a request that is not a model request."""
        with self._lock:
            self.other.append((method, path))

    def close(self) -> None:
        """Stop serving."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()


_counter = iter(range(1, 1_000_000_000))
_counter_lock = threading.Lock()


def _call_id() -> str:
    with _counter_lock:
        return f"{next(_counter):08d}"
