"""A conversation's turns: the shape every transcript parser (transcript.py, native.py) produces and every
distiller reads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Role = Literal["user", "assistant", "system", "tool", "digest"]


@dataclass(frozen=True)
class Turn:
    """One turn of a conversation: who spoke and what they said (text, may span lines)."""

    role: Role
    text: str
