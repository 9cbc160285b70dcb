"""A JSON-answering chat model over any OpenAI-compatible ``/chat/completions`` endpoint.

Used only when the user configures ``CONTEXTLAMP_LLM_BASE_URL`` and ``CONTEXTLAMP_LLM_MODEL``: memory
content is then sent to that endpoint, and nowhere else. Callers must treat every failure as a reason to
fall back to their offline path.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from contextlamp.errors import LLMError

logger = logging.getLogger(__name__)

DEFAULT_TIMEOUT_S = 20.0


class OpenAIChat:
    """``ChatModel`` on the official ``openai`` SDK, pointed at ``base_url`` (OpenAI, vLLM, Ollama, ...).

    No retries (the offline fallback is the retry); ``timeout_s`` bounds each call. The SDK is imported
    here, not at module load: it is 520 modules and ~25 MiB of RSS that a server without an LLM endpoint
    (the default) never needs.
    """

    def __init__(self, base_url: str, model: str, api_key: str | None, timeout_s: float = DEFAULT_TIMEOUT_S) -> None:
        import openai

        self.model = model
        self._error: type[Exception] = openai.OpenAIError
        self._client = openai.OpenAI(
            base_url=base_url, api_key=api_key or "not-needed", timeout=timeout_s, max_retries=0
        )

    def complete_json(self, system: str, user: str, max_tokens: int = 512) -> Any:
        try:
            response = self._client.chat.completions.create(
                model=self.model,
                messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
                temperature=0.0,
                max_tokens=max_tokens,
            )
            text = response.choices[0].message.content or ""
        except (self._error, IndexError, AttributeError) as exc:
            raise LLMError(f"LLM endpoint failed: {type(exc).__name__}") from exc
        return _parse_json(text)


def _parse_json(text: str) -> Any:
    """JSON from a model answer, tolerating a fenced code block or prose around one JSON value."""
    body = text.strip()
    if body.startswith("```"):
        body = body.strip("`")
        body = body.split("\n", 1)[1] if "\n" in body else body
    for opener, closer in (("[", "]"), ("{", "}")):
        start, end = body.find(opener), body.rfind(closer)
        if start != -1 and end > start:
            try:
                return json.loads(body[start : end + 1])
            except json.JSONDecodeError:
                continue
    raise LLMError("LLM answer was not JSON")
