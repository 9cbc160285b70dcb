"""A conversation's turns: the shape every transcript parser (transcript.py, native.py) produces and every
distiller reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Role = Literal["user", "assistant", "system", "tool", "digest"]


@dataclass(frozen=True)
class Turn:
    """One turn of a conversation: who spoke and what they said (text, may span lines), and ``cwd``, the folder
    the client says it was said in (Claude Code writes ``cwd`` on every transcript line, Codex in its
    ``session_meta`` and ``turn_context`` records and the ``<cwd>`` of its ``<environment_context>``; None when
    the transcript does not say). The folder decides which repository's project what the turn says belongs to
    (hooks/routing.py); it is where a turn was said, not what it says, so it takes no part in comparing turns."""

    role: Role
    text: str
    cwd: str | None = field(default=None, compare=False)
