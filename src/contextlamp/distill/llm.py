"""The LLM distiller: an OpenAI-compatible chat model writes the items; the offline distiller is the fallback.

Long transcripts are split into chunks of at most ``CHUNK_CHARS`` so each call stays bounded; any failure
(network, timeout, non-JSON, an answer that fails validation) of any chunk falls back to the offline
distiller for the whole session, so a session is never half LLM, half rules.
"""

from __future__ import annotations

import logging
from typing import Any, cast

from contextlamp.distill.base import DistilledItem
from contextlamp.distill.offline import MAX_ITEM_CHARS, OfflineDistiller
from contextlamp.distill.transcript import Turn
from contextlamp.domain.models import KINDS, MEMORY_TYPES
from contextlamp.domain.ports import ChatModel
from contextlamp.errors import LLMError

logger = logging.getLogger(__name__)

CHUNK_CHARS = 12_000  # ~3k tokens of transcript per call, well inside small models' context windows

SYSTEM_PROMPT = """\
You distil a conversation between a user and an AI assistant into long-term memories.
Keep only durable things worth remembering next week: facts about the user, their projects and setup;
decisions; conventions and instructions; preferences; procedures; current work and open tasks.
Drop greetings, thanks, acknowledgements, filler, the assistant's questions and offers, and anything
only true for the next few minutes. Never include secrets (keys, tokens, passwords).
Write each memory as one self-contained statement from the user's point of view (no "it" without its
noun), in the language of the conversation.
Answer with a JSON list only: [{"content": "...", "memory_type": "fact|event|instruction|task",
"kind": "fact|decision|preference|note", "topic": "optional-kebab-key"}]. Answer [] if nothing is worth keeping.
"""


class LLMDistiller:
    """``Distiller`` through a chat model, falling back to ``OfflineDistiller`` on any failure."""

    def __init__(self, chat: ChatModel, fallback: OfflineDistiller | None = None) -> None:
        self.chat = chat
        self.fallback = fallback or OfflineDistiller()

    def distill(self, turns: list[Turn]) -> list[DistilledItem]:
        """The model's items for every chunk, in order (uncapped: save_session keeps the most valuable,
        rank.py); the offline distiller's on any failure."""
        items: list[DistilledItem] = []
        try:
            for chunk in _chunks(turns):
                answer = self.chat.complete_json(SYSTEM_PROMPT, chunk, max_tokens=1500)
                items += _validate(answer)
        except LLMError as exc:
            logger.info("LLM distiller failed (%s); using the offline distiller", exc)
            return self.fallback.distill(turns)
        return items


def _chunks(turns: list[Turn]) -> list[str]:
    """The transcript as ``role: text`` lines, cut at turn boundaries into pieces of <= CHUNK_CHARS."""
    chunks: list[str] = []
    current = ""
    for turn in turns:
        line = f"{turn.role}: {turn.text}\n"
        while len(line) > CHUNK_CHARS:  # one enormous turn: cut it too
            if current:
                chunks.append(current)
                current = ""
            chunks.append(line[:CHUNK_CHARS])
            line = line[CHUNK_CHARS:]
        if len(current) + len(line) > CHUNK_CHARS:
            chunks.append(current)
            current = ""
        current += line
    if current:
        chunks.append(current)
    return chunks


def _validate(answer: Any) -> list[DistilledItem]:
    """Items from a model answer.

    Raises:
        LLMError: the answer is not a list of objects with a string content and valid enums.
    """
    if not isinstance(answer, list):
        raise LLMError(f"expected a JSON list, got {type(answer).__name__}")
    items: list[DistilledItem] = []
    for raw in cast(list[Any], answer):
        if not isinstance(raw, dict):
            raise LLMError("an item is not a JSON object")
        entry = cast(dict[str, Any], raw)
        content, memory_type, kind = entry.get("content"), entry.get("memory_type", "fact"), entry.get("kind", "note")
        topic = entry.get("topic")
        if not isinstance(content, str) or not content.strip():
            raise LLMError("an item has no content")
        if memory_type not in MEMORY_TYPES or kind not in KINDS:
            raise LLMError("an item has an unknown memory_type or kind")
        items.append(
            DistilledItem(
                content=content.strip()[:MAX_ITEM_CHARS],
                memory_type=memory_type,
                kind=kind,
                topic=topic if isinstance(topic, str) and topic.strip() else None,
            )
        )
    return items
