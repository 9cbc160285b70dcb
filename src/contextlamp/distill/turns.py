"""A conversation's turns: the shape every transcript parser (transcript.py, native.py) produces and every
distiller reads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# "saved": what the agent itself saved with save_context during the session (native.py reads it from the
# client's tool calls); never an item, only what the distillers must not save again (digest_path.DigestFirst)
Role = Literal["user", "assistant", "system", "tool", "digest", "saved"]


@dataclass(frozen=True)
class Turn:
    """One turn of a conversation: who spoke and what they said (text, may span lines)."""

    role: Role
    text: str
