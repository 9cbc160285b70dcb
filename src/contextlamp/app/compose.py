"""Composition: build the service graph from ``Settings`` (called by the CLI and the server entry points)."""

from __future__ import annotations

import logging
import sys

from contextlamp.app.service import MemoryService
from contextlamp.config import Settings
from contextlamp.distill import Distiller, LLMDistiller, OfflineDistiller
from contextlamp.embedding import create_embedder
from contextlamp.llm import OpenAIChat
from contextlamp.retrieval.questions import LLMQuestionGenerator, QuestionGenerator, RuleQuestionGenerator
from contextlamp.storage import StoreRegistry


def configure_logging(level: str) -> None:
    """Send logs to stderr only (stdout is the MCP wire in stdio mode), at ``level``."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(level)


def create_service(settings: Settings) -> MemoryService:
    """A ``MemoryService`` over the data directory and embedder the settings name.

    Raises:
        ConfigError: an invalid setting.
        StorageError: the data directory cannot be used.
    """
    embedder = create_embedder(settings.embedder, settings.model_cache)
    url = settings.database_url.get_secret_value() if settings.database_url else None
    registry = StoreRegistry(settings.home, embedder.identity, embedder.dim, url, settings.db_pool_size)
    return MemoryService(
        registry,
        embedder,
        limits=settings.limits(),
        weights=settings.fusion_weights(),
        task_ttl_ms=settings.task_ttl_ms,
        questions=create_question_generator(settings),
        distiller=create_distiller(settings),
        trust_weights=settings.trust_weights(),
        team_paraphrase_threshold=settings.team_paraphrase_threshold,
    )


def create_chat_model(settings: Settings) -> OpenAIChat | None:
    """The configured OpenAI-compatible chat model, or None when no LLM is configured.

    ``Settings`` already checked that the URL and the model are both set or neither (a model validator).
    """
    if not (settings.llm_base_url and settings.llm_model):
        return None
    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else None
    return OpenAIChat(settings.llm_base_url, settings.llm_model, key, settings.llm_timeout_s)


def create_question_generator(settings: Settings) -> QuestionGenerator:
    """The LLM question generator when an LLM is configured, else the offline one."""
    chat = create_chat_model(settings)
    return LLMQuestionGenerator(chat) if chat else RuleQuestionGenerator()


def create_distiller(settings: Settings) -> Distiller:
    """The LLM distiller when an LLM is configured (offline fallback inside), else the offline one."""
    chat = create_chat_model(settings)
    return LLMDistiller(chat) if chat else OfflineDistiller()
