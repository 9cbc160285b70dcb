"""Optional LLM access through any OpenAI-compatible chat endpoint (used only when configured)."""

from contextlamp.llm.openai_chat import OpenAIChat

__all__ = ["OpenAIChat"]
