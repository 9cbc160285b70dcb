"""Parts the composition root builds and a distillation worker process builds too (app/distilling.py): logging
to stderr, the configured chat model, the distiller. Below ``compose`` so the worker needs nothing above it."""

from __future__ import annotations

import logging
import sys

from contextlamp.config import Settings
from contextlamp.distill import DeferredDistiller, Distiller
from contextlamp.llm import OpenAIChat


def configure_logging(level: str) -> None:
    """Send logs to stderr only (stdout is the MCP wire in stdio mode), at ``level``."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(level)


def create_chat_model(settings: Settings) -> OpenAIChat | None:
    """The configured OpenAI-compatible chat model, or None when no LLM is configured.

    ``Settings`` already checked that the URL and the model are both set or neither (a model validator).
    """
    if not (settings.llm_base_url and settings.llm_model):
        return None
    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else None
    return OpenAIChat(settings.llm_base_url, settings.llm_model, key)


def create_distiller(settings: Settings) -> Distiller:
    """The LLM distiller when an LLM is configured (offline fallback inside), else the offline one, behind the
    digest path (``DigestFirst``: digest turns are itemised, never reworded); imported and built by the first
    distillation (``DeferredDistiller``), not by every command."""
    chat = create_chat_model(settings)

    def build() -> Distiller:
        from contextlamp.distill import DigestFirst, LLMDistiller, OfflineDistiller

        offline = OfflineDistiller()
        return DigestFirst(LLMDistiller(chat, offline) if chat else offline)  # distill/digest_path.py

    return DeferredDistiller(build)
