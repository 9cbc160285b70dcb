"""What a distiller produces, and the protocol every distiller follows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from contextlamp.distill.transcript import Turn
from contextlamp.domain.models import Kind, MemoryType


@dataclass(frozen=True)
class DistilledItem:
    """One durable statement distilled from a session, ready for save_context. ``correction``: it corrected
    an earlier statement of the session (which it replaced); ``mentions``: how often the session made it
    (restatements included). Both feed rank.item_value when a session must be capped."""

    content: str
    memory_type: MemoryType
    kind: Kind
    topic: str | None = None
    correction: bool = False
    mentions: int = 1


class Distiller(Protocol):
    """Turns of a conversation in, durable items out (never raises on odd input)."""

    def distill(self, turns: list[Turn]) -> list[DistilledItem]:
        """The items worth keeping, in conversation order, all of them (save_session caps, rank.py)."""
        ...
