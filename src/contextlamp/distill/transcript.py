"""Transcript parsing: any text a client sends to save_session becomes a list of turns.

Recognised, in this order: a client's native transcript file (distill/native.py: Claude Code's JSONL and
the others it names); a JSON list of ``{role, content}`` messages (content a string or a list of text
parts); markdown headings per turn (``## User``); role-prefixed lines (``User:``, ``Assistant:``,
``Human:``, ``AI:``, ``You:``, ``Claude:``, ``ChatGPT:``, ``System:``, ...); ``> `` quoted turns (quoted
lines are the user's, the rest the assistant's). Anything else is a free-form digest: one turn of role
``digest``. Unknown formats never raise.
"""

from __future__ import annotations

import json
import re
from typing import Any, cast

from contextlamp.distill.turns import Role, Turn

# the labels a turn opens on, per role, in the languages the distiller reads (a label it does not know makes a
# chat a digest, whose every line is kept: a chat of greetings would save its greetings)
ROLE_NAMES: dict[str, Role] = {
    **dict.fromkeys(
        """user human you me customer client nutzer benutzer usuario usuaria utilisateur utilisatrice utente
        usuário utilizador gebruiker användare bruger bruker käyttäjä użytkownik uživatel kullanıcı
        пользователь 用户 用戶 ユーザー ユーザ 사용자""".split(),  # noqa: SIM905
        "user",
    ),
    **dict.fromkeys(
        """assistant ai claude chatgpt gpt bot agent model copilot cursor codex gemini support assistent asistente
        assistente asystent asistent asistan avustaja ассистент 助手 助理 アシスタント 어시스턴트 ki ia""".split(),  # noqa: SIM905
        "assistant",
    ),
    "system": "system",
    "developer": "system",
    "tool": "tool",
    "function": "tool",
}

_NAMES = "|".join(sorted(ROLE_NAMES, key=lambda name: (-len(name), name)))  # the longest label first
# a label and its colon, ASCII or full-width ("用户：")
_PREFIX = re.compile(rf"^\s*(?:\*\*)?({_NAMES})(?:\*\*)?\s*(?:\([^)]*\))?\s*[:：](?:\*\*)?\s?(.*)$", re.IGNORECASE)
_HEADING = re.compile(rf"^\s*#{{1,6}}\s*({_NAMES})\s*[:：]?\s*$", re.IGNORECASE)
_QUOTED = re.compile(r"^\s*>\s?(.*)$")
MIN_PREFIXED_TURNS = 2  # one "Note: ..." line does not make a transcript


def parse_transcript(text: str) -> list[Turn]:
    """Turns of a transcript in any supported format, in order; blank turns are dropped."""
    stripped = text.strip()
    if not stripped:
        return []
    from contextlamp.distill.native import parse_native  # native.py builds on Turn: imported when first parsing

    native = parse_native(stripped)
    if native is not None:
        return native
    for parse in (_parse_json, _parse_headings, _parse_prefixed, _parse_quoted):
        turns = parse(stripped)
        if turns:
            return [t for t in turns if t.text.strip()]
    return [Turn("digest", stripped)]


def _role(name: Any) -> Role:
    """A message's role; an unknown or missing role is never taken for the user's own words. ``digest`` (a
    summary of earlier turns, as native.transcript_for_save writes it) is a role of JSON messages only."""
    if not isinstance(name, str):
        return "system"
    key = name.strip().lower()
    return "digest" if key == "digest" else ROLE_NAMES.get(key, "assistant")


def _parse_json(text: str) -> list[Turn] | None:
    if not text.startswith(("[", "{")):
        return None
    try:
        data: Any = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return None
    if isinstance(data, dict):
        data = cast(dict[str, Any], data).get("messages")
    if not isinstance(data, list):
        return None
    from contextlamp.distill.native_base import MESSAGE_PARTS, texts  # with native.py: imported when first parsing

    turns: list[Turn] = []
    for message in cast(list[Any], data):
        if isinstance(message, dict):
            message = cast(dict[str, Any], message)
            turns.append(
                Turn(_role(message.get("role", "")), texts(message.get("content"), kinds=MESSAGE_PARTS).strip())
            )
    return turns or None


def _split(text: str, pattern: re.Pattern[str]) -> list[Turn]:
    """Turns starting at each line that matches ``pattern`` (group 1 the role, an optional group 2 the turn's
    first text); lines before the first match form a ``digest`` turn."""
    turns: list[Turn] = []
    role: Role | None = None
    buffer: list[str] = []
    for line in text.splitlines():
        match = pattern.match(line)
        if match:
            if role is not None or buffer:
                turns.append(Turn(role or "digest", "\n".join(buffer).strip()))
            role = ROLE_NAMES[match.group(1).lower()]
            buffer = [match.group(2)] if pattern.groups >= 2 else []
        elif role is not None or line.strip():
            buffer.append(line)
    if role is not None or buffer:
        turns.append(Turn(role or "digest", "\n".join(buffer).strip()))
    return turns


def _speakers(turns: list[Turn]) -> int:
    return sum(1 for t in turns if t.role != "digest")


def _parse_headings(text: str) -> list[Turn] | None:
    turns = _split(text, _HEADING)
    return turns if _speakers(turns) >= MIN_PREFIXED_TURNS else None


def _parse_prefixed(text: str) -> list[Turn] | None:
    turns = _split(text, _PREFIX)
    # one turn counts only when the text opens with its role ("User: ..."), not for a stray "Note: ..." line
    one_opening_turn = _speakers(turns) == 1 and bool(turns) and turns[0].role != "digest"
    return turns if _speakers(turns) >= MIN_PREFIXED_TURNS or one_opening_turn else None


def _parse_quoted(text: str) -> list[Turn] | None:
    lines = text.splitlines()
    unquoted = "\n".join(_QUOTED.sub(r"\1", line) for line in lines)
    if unquoted != text:  # "> **User:** ..." quotes that carry their own role labels
        labelled = _parse_headings(unquoted) or _parse_prefixed(unquoted)
        if labelled:
            return labelled
    if not any(_QUOTED.match(line) for line in lines) or all(_QUOTED.match(line) or not line.strip() for line in lines):
        return None
    turns: list[Turn] = []
    for line in lines:
        match = _QUOTED.match(line)
        role: Role = "user" if match else "assistant"
        body = match.group(1) if match else line
        if turns and turns[-1].role == role:
            turns[-1] = Turn(role, turns[-1].text + "\n" + body)
        else:
            turns.append(Turn(role, body))
    return turns
