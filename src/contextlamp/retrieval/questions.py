"""Likely questions: short texts, generated at save time, whose embeddings are folded into the entry's vector.

An entry is stored as one vector, the normalised sum of its content's and its questions' embeddings
(domain/folding.py), so a question phrased the way people ask ("what package manager do we use?") can
match an entry written as a statement.
The offline generator needs no model. It emits two kinds of probe:

- sentence probes: each sentence of a multi-sentence entry, carrying the entry's subject prefix
  (``"Alice: "``), so one sentence in a long, chatty entry is not diluted by the rest (the idea of
  sentence-level dense retrieval; Lee et al., "Phrase Retrieval Learns Passage Retrieval, Too", EMNLP 2021);
- templated questions from the topic, kind, memory type and the entry's key phrases, found with RAKE
  (Rose et al., "Automatic Keyword Extraction from Individual Documents", 2010).
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass
from typing import Any, Protocol, cast

from contextlamp.domain.ports import ChatModel
from contextlamp.errors import LLMError
from contextlamp.retrieval.query import STOP_WORDS
from contextlamp.segmenting import WINDOW_CHARS
from contextlamp.text import has_surrogates

logger = logging.getLogger(__name__)

MAX_SENTENCE_PROBES = 6  # a 32 KiB entry must not cost hundreds of embeddings
MAX_QUESTIONS = 3
MIN_SENTENCE_WORDS = 4  # shorter fragments ("Oh wow!") only add noise
MAX_PROBE_CHARS = 400  # MiniLM reads 256 word pieces; longer probes are truncated anyway

_SUBJECT = re.compile(r"^\s*([A-Z][\w .'-]{0,40}?):\s+")
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?=[\"'(\[]?[A-Z0-9])|\n+")
_WORD = re.compile(r"[\w][\w'-]*")
_PHRASE_BREAK = re.compile(r"[^\w\s'-]+")


def subject(content: str) -> str | None:
    """The name an entry starts with as its subject or speaker (``"Alice: I moved"`` -> ``"Alice"``: a capitalised
    label of at most 41 characters before a colon and a space), or None. Linear in ``len(content)``."""
    match = _SUBJECT.match(content)
    return match.group(1) if match else None


@dataclass(frozen=True)
class QuestionConfig:
    """Which probes to generate (ablations switch them off one at a time)."""

    sentences: bool = True
    templates: bool = True


class QuestionGenerator(Protocol):
    """Generates likely questions (probes) for an entry at save time."""

    def generate(self, content: str, topic: str | None, kind: str, memory_type: str) -> list[str]:
        """Probes for one entry, at most a handful, each <= 400 characters; never raises."""
        ...


class RuleQuestionGenerator:
    """The offline generator: sentence probes and templated questions (no model)."""

    def __init__(self, config: QuestionConfig | None = None) -> None:
        self.config = config or QuestionConfig()

    def generate(self, content: str, topic: str | None, kind: str, memory_type: str) -> list[str]:
        return likely_questions(content, topic, kind, memory_type, self.config)


LLM_SYSTEM_PROMPT = (
    "You write search questions for a memory store. Given one stored memory, answer with a JSON list of "
    "3 to 5 short, different questions a person might ask later that this memory answers. Use the "
    "memory's own language. Answer with the JSON list only."
)
MAX_LLM_CONTENT_CHARS = 4000  # bounds the prompt; the opening of a memory carries its subject


class LLMQuestionGenerator:
    """Questions from an LLM (OpenAI-compatible endpoint); any failure falls back to ``fallback``.

    The LLM's questions replace the templated ones; sentence probes from the fallback are kept.
    """

    def __init__(self, chat: ChatModel, fallback: RuleQuestionGenerator | None = None) -> None:
        self.chat = chat
        self.fallback = fallback or RuleQuestionGenerator()

    def generate(self, content: str, topic: str | None, kind: str, memory_type: str) -> list[str]:
        sentences = RuleQuestionGenerator(QuestionConfig(sentences=True, templates=False))
        memory = {"content": content[:MAX_LLM_CONTENT_CHARS], "topic": topic, "kind": kind, "type": memory_type}
        try:
            answer = self.chat.complete_json(LLM_SYSTEM_PROMPT, json.dumps(memory, ensure_ascii=False))
        except LLMError as exc:
            logger.info("LLM question generation failed (%s); using the offline generator", exc)
            return self.fallback.generate(content, topic, kind, memory_type)
        if not isinstance(answer, list):
            logger.info(
                "LLM question generation answered %s, not a list; using the offline generator", type(answer).__name__
            )
            return self.fallback.generate(content, topic, kind, memory_type)
        items = cast(list[Any], answer)
        asked = [q.strip()[:MAX_PROBE_CHARS] for q in items if isinstance(q, str) and q.strip() and _storable(q)][:5]
        if not asked:
            return self.fallback.generate(content, topic, kind, memory_type)
        probes = sentences.generate(content, topic, kind, memory_type) + asked
        return list(dict.fromkeys(probes))


def _storable(text: str) -> bool:
    """Text every backend can store and export -> import gives back: no NUL (PostgreSQL refuses it in text)
    and no lone surrogate (a JSON answer can hold ``\\ud800``; it is not UTF-8)."""
    return "\x00" not in text and not has_surrogates(text)


def split_sentences(text: str) -> list[str]:
    """Sentences of a text: split after ``. ! ? …`` before a capital or digit, and at line breaks."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s and s.strip()]


def key_phrases(text: str, limit: int = 3) -> list[str]:
    """Up to ``limit`` key phrases by RAKE score (sum over words of degree/frequency), best first.

    Candidate phrases are maximal runs of words without stop words or punctuation, at most 4 words.
    """
    candidates: list[list[str]] = []
    for chunk in _PHRASE_BREAK.split(text):
        run: list[str] = []
        for word in _WORD.findall(chunk):
            if word.lower() in STOP_WORDS or len(word) < 2:
                if run:
                    candidates.append(run)
                run = []
            else:
                run.append(word)
        if run:
            candidates.append(run)
    candidates = [c[:4] for c in candidates]
    freq: dict[str, int] = {}
    degree: dict[str, int] = {}
    for phrase in candidates:
        for word in phrase:
            key = word.lower()
            freq[key] = freq.get(key, 0) + 1
            degree[key] = degree.get(key, 0) + len(phrase)
    scored: dict[str, float] = {}
    for phrase in candidates:
        text_phrase = " ".join(phrase)
        score = sum(degree[w.lower()] / freq[w.lower()] for w in phrase)
        if text_phrase.lower() not in scored:
            scored[text_phrase.lower()] = score
    ranked = sorted(scored.items(), key=lambda item: -item[1])
    return [phrase for phrase, _ in ranked[:limit]]


def likely_questions(
    content: str,
    topic: str | None,
    kind: str,
    memory_type: str,
    config: QuestionConfig | None = None,
) -> list[str]:
    """Probes for one entry: sentence probes, then templated questions; deduplicated, each <= 400 chars.

    Args:
        content: the entry's text.
        topic: its normalised topic (kebab) or None.
        kind: fact | decision | preference | note.
        memory_type: fact | event | instruction | task.
    """
    config = config or QuestionConfig()
    probes: list[str] = []
    match = _SUBJECT.match(content)
    subject = match.group(1) if match else None  # as subject() reads it
    body = content[match.end() :] if match else content
    if config.sentences and len(content) <= WINDOW_CHARS:
        # a long entry is embedded chunk by chunk (segmenting.chunk_spans): its sentences are in its chunks'
        # vectors already, so sentence probes would only repeat them at the cost of an embedding each
        sentences = [s for s in split_sentences(body) if len(_WORD.findall(s)) >= MIN_SENTENCE_WORDS]
        if len(sentences) > 1:
            prefix = f"{subject}: " if subject else ""
            probes += [prefix + s for s in sentences[:MAX_SENTENCE_PROBES]]
    if config.templates:
        probes += _templated(body, subject, topic, kind, memory_type)
    seen: set[str] = {content.strip().lower()}
    out: list[str] = []
    for probe in probes:
        probe = probe[:MAX_PROBE_CHARS]
        if probe.lower() not in seen:
            seen.add(probe.lower())
            out.append(probe)
    return out


def _templated(body: str, subject: str | None, topic: str | None, kind: str, memory_type: str) -> list[str]:
    if topic is None and kind == "note" and memory_type == "fact":
        # a plain note gives no hint of what it answers; generic "what about X?" probes measured as noise
        # (LoCoMo dev semantic recall@5 0.442 with sentence probes alone, 0.384 with these added)
        return []
    questions: list[str] = []
    if topic:
        words = topic.replace("-", " ")
        questions.append(f"What is our {words}?")
    who = subject or "we"
    phrases = key_phrases(body, limit=2)
    for phrase in phrases:
        if kind == "preference":
            questions.append(f"What does {'the user' if who == 'we' else who} prefer about {phrase}?")
        elif memory_type == "instruction":
            questions.append(f"How should {phrase} be done?")
        elif memory_type == "task":
            questions.append(f"What is left to do about {phrase}?")
        elif kind == "decision" or memory_type == "event":
            questions.append(f"What did {who} decide or do about {phrase}?")
        else:
            questions.append(f"What did {who} say about {phrase}?" if subject else f"What about {phrase}?")
    return questions[:MAX_QUESTIONS]
