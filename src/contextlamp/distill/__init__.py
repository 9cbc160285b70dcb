"""save_session's distillers: transcript parsing, the offline rules, the optional LLM, and digests."""

from contextlamp.distill.base import DistilledItem, Distiller
from contextlamp.distill.digest import session_label, session_summary
from contextlamp.distill.llm import LLMDistiller
from contextlamp.distill.offline import OfflineDistiller
from contextlamp.distill.transcript import Turn, parse_transcript

__all__ = [
    "DistilledItem",
    "Distiller",
    "LLMDistiller",
    "OfflineDistiller",
    "Turn",
    "parse_transcript",
    "session_label",
    "session_summary",
]
