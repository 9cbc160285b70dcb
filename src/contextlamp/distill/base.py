"""What a distiller produces, and the protocol every distiller follows."""

from __future__ import annotations

import threading
from collections.abc import Callable
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


class DeferredDistiller:
    """A ``Distiller`` that builds the real one (``build()``) on its first ``distill`` call, once per instance
    even across threads, and hands every call to it: the offline rules and their sentence segmenter cost
    ~50 ms to import, which a command that never distils should not pay (issue 14 point 3). ``build`` raises
    what the real distiller's construction raises, at that first call."""

    def __init__(self, build: Callable[[], Distiller]) -> None:
        self._build = build
        self._built: Distiller | None = None
        self._lock = threading.Lock()

    def distill(self, turns: list[Turn]) -> list[DistilledItem]:
        """The built distiller's ``distill(turns)``."""
        built = self._built
        if built is None:
            with self._lock:
                if self._built is None:
                    self._built = self._build()
                built = self._built
        return built.distill(turns)
