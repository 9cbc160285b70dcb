"""What a client hands a hook, read into one shape (``HookEvent``), whatever the client.

- Claude Code (code.claude.com/docs/en/hooks): stdin JSON with ``session_id``, ``transcript_path`` (the
  session's JSONL file), ``cwd``, ``hook_event_name`` and ``source`` (SessionStart: startup, resume, clear,
  compact), ``trigger`` (PreCompact: manual, auto) or ``reason`` (SessionEnd).
- Gemini CLI (geminicli.com/docs/hooks/reference): stdin JSON with ``session_id``, ``transcript_path``, ``cwd``,
  ``hook_event_name``, ``timestamp`` and ``source``/``trigger``/``reason`` (SessionStart, PreCompress, SessionEnd).
- Cursor (cursor.com/docs/agent/hooks): stdin JSON with ``conversation_id``, ``workspace_roots``,
  ``transcript_path`` (when transcripts are on) and ``hook_event_name`` (sessionStart, preCompact, sessionEnd).
- Codex (developers.openai.com/codex/config-advanced, ``notify``): no stdin; one JSON argument appended to the
  program's argv, ``{"type": "agent-turn-complete", "thread-id", "turn-id", "cwd", "input-messages",
  "last-assistant-message"}``; the session itself is the rollout file Codex writes under
  ``$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<thread id>.jsonl`` (``CODEX_HOME`` defaults to ``~/.codex``).

Reading never raises: a payload that is not a JSON object gives an event with no fields, which the hook
treats as "nothing to do" (and logs).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

CLIENTS = ("claude-code", "cursor", "gemini-cli", "codex")
EVENTS = ("session-start", "pre-compact", "session-end", "notify", "stop")  # stop: hooks/digest.py
SAVE_EVENTS = ("pre-compact", "session-end", "notify")
MAX_PAYLOAD_BYTES = 1024 * 1024  # stdin beyond this is not read (a client's hook input is a few hundred bytes)
_WORD = re.compile(r"[A-Za-z0-9_.-]{1,40}")
_THREAD_ID = re.compile(r"[A-Za-z0-9_-]{1,128}")  # Codex's thread ids are uuids (issue 29 point 14)
CODEX_LOOKBACK_DAYS = 7  # how many day folders of Codex's sessions are searched for a thread's rollout file


@dataclass(frozen=True)
class HookEvent:
    """One hook call: ``client`` and ``event`` as named on the command line, the client's ``session_id``
    (None when it sent none), the native ``transcript_path`` (None when unknown), the session's ``cwd`` and
    ``detail`` (``source``/``trigger``/``reason``, for the log)."""

    client: str
    event: str
    session_id: str | None
    transcript_path: Path | None
    cwd: Path
    detail: str | None


def parse_payload(raw: str) -> dict[str, Any] | None:
    """The JSON object in ``raw``, or None when it is not one (garbage, an array, too deep)."""
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    if not isinstance(value, dict):
        return None
    return {str(k): v for k, v in value.items()}  # pyright: ignore[reportUnknownVariableType, reportUnknownArgumentType]


def read_event(client: str, event: str, payload: dict[str, Any] | None, fallback_cwd: Path) -> HookEvent:
    """The ``HookEvent`` of ``payload`` (None: an unreadable payload) for ``client``/``event``; the folder is the
    payload's ``cwd`` (Cursor: its first workspace root), else ``fallback_cwd`` (the hook's own folder, which
    the clients set to the session's)."""
    data = payload or {}
    session_id = _text(data.get("session_id")) or _text(data.get("conversation_id")) or _text(data.get("thread-id"))
    transcript = _text(data.get("transcript_path"))
    cwd_text = _text(data.get("cwd"))
    roots = data.get("workspace_roots")
    if cwd_text is None and isinstance(roots, list) and roots:
        cwd_text = _text(roots[0])  # pyright: ignore[reportUnknownArgumentType]
    cwd = Path(os.path.expanduser(cwd_text)) if cwd_text else fallback_cwd
    detail = _text(data.get("source")) or _text(data.get("trigger")) or _text(data.get("reason"))
    detail = detail or _text(data.get("type"))
    if detail is not None and not _WORD.fullmatch(detail):
        detail = None  # a client's enum value ("startup", "prompt_input_exit"); anything else is not logged
    path = Path(os.path.expanduser(transcript)) if transcript else None
    if path is None and client == "codex" and session_id:
        path = codex_rollout(session_id)
    return HookEvent(client, event, session_id, path, cwd, detail)


def codex_rollout(thread_id: str, now: datetime | None = None) -> Path | None:
    """The newest rollout file of Codex thread ``thread_id`` in the last ``CODEX_LOOKBACK_DAYS`` day folders of
    ``$CODEX_HOME/sessions`` (``~/.codex/sessions``), or None. The thread id ends the file's name."""
    if not _THREAD_ID.fullmatch(thread_id):  # a uuid: never a path, a parent step or a glob wildcard
        return None
    home = Path(os.path.expanduser(os.environ.get("CODEX_HOME") or "~/.codex")) / "sessions"
    today = now or datetime.now(UTC)
    for back in range(CODEX_LOOKBACK_DAYS + 1):
        day = today - timedelta(days=back)
        folder = home / f"{day:%Y}" / f"{day:%m}" / f"{day:%d}"
        try:
            found = sorted(folder.glob(f"rollout-*{thread_id}.jsonl"))
        except OSError:
            continue
        if found:
            return found[-1]
    return None


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value.strip() and "\x00" not in value else None
