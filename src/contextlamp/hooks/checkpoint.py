"""The stop hook's checkpoint of a client session (``<data dir>/hooks/digest/<hash>.json``), shared by the stop
hook (``hooks/digest.py``, which writes it) and the offline capture (``hooks/saver.py``, which reads it).

The checkpoint holds the transcript's turn count and count of contextlamp save calls at the last stop, and, while
a request for the agent's digest is open, the turns it covers (``asked_from`` / ``asked_to`` and their hashes).
While a request is open its turns are the agent's to judge: a capture that runs before the client's next stop
(Gemini CLI fires ``PreCompress`` while the agent works on the request, before its next ``AfterAgent``) defers
them instead of storing a second, differently worded copy of what the agent is saving (issue #27: live memories
per fact); they stay new, so a later capture judges them when the agent saved nothing. A session end leaves
nothing open: an answered request's turns are the agent's, an unanswered one's are judged.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

# a contextlamp save call in a transcript: Claude Code / Cursor ``mcp__contextlamp__save_*``, Gemini CLI
# ``mcp_contextlamp_save_*``, Codex ``{"name": "save_*", "namespace": "mcp__contextlamp"}``
SAVE_CALL = re.compile(
    r'"name"\s*:\s*"(?:mcp__contextlamp__|mcp_contextlamp_)save_(?:context|session)"'
    r'|"name"\s*:\s*"save_(?:context|session)"\s*,\s*"namespace"\s*:\s*"mcp__contextlamp'
    r'|"namespace"\s*:\s*"mcp__contextlamp__?"\s*,\s*"name"\s*:\s*"save_(?:context|session)"'
)
_COUNTS = ("turns", "saves", "asked_from", "asked_to")


def checkpoint_path(home: Path, key: str) -> Path:
    """The checkpoint file of the client session ``key`` under the data directory ``home`` (the key hashed, so
    no client-chosen text names a file)."""
    safe = hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
    return home / "hooks" / "digest" / f"{safe}.json"


def _fields(path: Path) -> dict[str, Any]:
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = None
    return cast(dict[str, Any], data) if isinstance(data, dict) else {}


def load_counts(path: Path) -> dict[str, int]:
    """The checkpoint's counts (``turns``, ``saves``, ``asked_from``, ``asked_to``); 0 for each one missing or
    not an integer (a missing or unreadable file is a session never seen)."""
    fields = _fields(path)
    counts: dict[str, int] = {}
    for name in _COUNTS:
        value = fields.get(name)
        counts[name] = value if isinstance(value, int) and not isinstance(value, bool) else 0
    return counts


def save_calls(path: Path) -> int:
    """How many contextlamp save calls the transcript at ``path`` holds, read a line at a time (bounded memory).

    Raises:
        OSError: the file cannot be read.
    """
    count = 0
    with path.open("rb") as lines:
        for line in lines:
            count += len(SAVE_CALL.findall(line.decode("utf-8", "replace")))
    return count


@dataclass(frozen=True)
class OpenRequest:
    """The digest request still open in a client session: the hashes of the turns it covers (empty: none open)
    and whether the agent has answered it (the transcript holds more contextlamp save calls than at the
    request)."""

    hashes: frozenset[str]
    answered: bool


def open_request(home: Path, key: str, transcript: Path) -> OpenRequest:
    """The open digest request of the client session ``key`` (the stop hook clears it at the client's next stop,
    marking its turns digested when the agent saved). An unreadable checkpoint or transcript is no open request
    (the capture then judges every turn, as without the stop hook)."""
    fields = _fields(checkpoint_path(home, key))
    asked = fields.get("asked_hashes")
    at_ask = fields.get("saves")
    if not isinstance(asked, list) or not asked or not isinstance(at_ask, int) or isinstance(at_ask, bool):
        return OpenRequest(frozenset(), False)
    try:
        answered = save_calls(transcript) > at_ask
    except OSError:
        return OpenRequest(frozenset(), False)
    return OpenRequest(frozenset(str(h) for h in cast(list[Any], asked)), answered)
