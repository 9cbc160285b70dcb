"""Native transcript files of AI clients, parsed into turns (docs/sessions.md "Native transcripts").

A hook hands save_session the file a client wrote as it is; ``parse_native`` recognises it and keeps what a
person and the model said to each other, leaving out the client's own machinery: tool calls and their output,
thinking, system reminders, slash-command wrappers, meta lines and sub-agent (sidechain) turns. Tool runs are
left out, not summarised: a line such as "(ran 3 tools)" states nothing durable and would only give the
distiller chatter to weigh.

Recognised (shapes and where they come from: docs/sessions.md "Native transcripts"):

- Claude Code's session JSONL (``~/.claude/projects/<dir>/<session>.jsonl``): one JSON object a line with
  ``type`` ``user`` / ``assistant`` / ``system`` / ``summary`` / ..., ``message.role`` and ``message.content``
  (a string or a list of ``text`` / ``tool_use`` / ``tool_result`` / ``thinking`` / ``image`` parts),
  ``isSidechain``, ``isMeta`` and ``isCompactSummary``;
- Codex's rollout JSONL (``~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl``): ``{"type", "payload"}`` lines
  (``session_meta``, ``response_item``, ``event_msg``, ``turn_context``, ``compacted``), and the older
  rollouts of bare response items;
- Gemini CLI's chat recordings (``chats/session-*.jsonl``, formerly one ``session-*.json``) and checkpoints
  (``checkpoint-<tag>.json``: the ``{role, parts}`` history);
- Cursor's agent transcripts (``agent-transcripts/<id>/<id>.jsonl``: ``{role, message: {content}}`` lines);
- any other JSONL of ``{role, content}`` messages, one a line.

A client's model-made compaction summary (Claude Code: the user line with ``isCompactSummary`` true; Codex:
a ``compacted`` line; Gemini CLI: a ``<state_snapshot>`` message) becomes ONE turn of role ``digest`` that
replaces every turn before it: the summary already holds what they said.

Everything here is pure and linear in the input: lines are read one at a time (``parse_native_lines`` takes any
iterable of lines, so a caller may stream a file of tens of MB and hold only the kept text), every tag is
removed by ``str.find`` scans, never by a backtracking pattern.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, cast

from contextlamp.distill.native_base import NOISE_TAGS, Parser, digest_lines, strip_blocks, strip_tags, valid_text
from contextlamp.distill.native_clients import (
    ClaudeCode,
    Codex,
    CursorAgent,
    GeminiChat,
    GeminiHistory,
    MessageLines,
)
from contextlamp.distill.turns import Turn

CODEX_RECORDS = ("session_meta", "response_item", "event_msg", "turn_context", "compacted")
GEMINI_TYPES = ("user", "gemini", "info", "error", "warning")
# line types only Claude Code writes, which may open a file before its first message
CLAUDE_BOOKKEEPING = ("summary", "file-history-snapshot", "queue-operation", "custom-title")
__all__ = [  # the parsing helpers callers take from here (hooks/clean.py, transcript.py, the hooks' reader)
    "NOISE_TAGS",
    "digest_lines",
    "parse_native",
    "parse_native_lines",
    "strip_blocks",
    "strip_tags",
    "transcript_for_save",
]
SNIFF_LINES = 200  # lines read to recognise a JSONL format before giving up (blank and broken lines count)


def parse_native(text: str) -> list[Turn] | None:
    """The turns of a client's native transcript file, in order, or None when ``text`` is no known native format.

    Turns have role ``user``, ``assistant`` or ``digest`` (a client's compaction summary, at most one, first);
    each text is stripped and non-empty, and consecutive pieces of one speaker (one answer split around its tool
    calls) are joined by a blank line. Never raises; linear in ``len(text)``.
    """
    stripped = text.strip()
    document = _document(stripped)
    if document is not None:
        turns = _from_document(document)
        if turns is not None or not isinstance(document, dict):
            return turns
    return parse_native_lines(_lines(stripped))


def _document(text: str) -> Any:
    """``text`` as one JSON value, or None (JSONL stops the decoder at the end of its first line: cheap)."""
    if not text.startswith(("[", "{")):
        return None
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return None


def _from_document(document: Any) -> list[Turn] | None:
    """The turns of a native file that is one JSON document (Gemini CLI's checkpoints and legacy session files,
    Codex's legacy session JSON), or None when the document is no native shape (e.g. a plain ``{role,
    content}`` list, which transcript.py reads)."""
    records: Any = document
    if isinstance(document, dict):
        body = cast(dict[str, Any], document)
        if isinstance(body.get("history"), list):  # Gemini CLI /chat save: {"history": [Content], "authType"}
            records = body["history"]
        elif isinstance(body.get("messages"), list) and ("projectHash" in body or "sessionId" in body):
            records = [body, *cast(list[Any], body["messages"])]  # Gemini CLI's legacy session-*.json
        elif isinstance(body.get("items"), list) and isinstance(body.get("session"), dict):
            records = cast(list[Any], body["items"])  # Codex's legacy rollout-*.json
        else:
            return None
    if not isinstance(records, list):
        return None
    items = [cast(dict[str, Any], r) for r in cast(list[Any], records) if isinstance(r, dict)]
    parser = next((p for p in map(_recognise, items) if p is not None), None)
    if parser is None or isinstance(parser, MessageLines):
        return None  # a plain message list (transcript_for_save's too) is transcript.py's: it knows role digest
    for item in items:
        parser.add(item)
    return parser.turns()


def parse_native_lines(lines: Iterable[str]) -> list[Turn] | None:
    """``parse_native`` over lines (with or without their line ends), e.g. an open file read lazily, so a file
    of tens of MB is never held whole: memory is one line plus the kept turns."""
    iterator = iter(lines)
    head: list[Any] = []
    parser: Parser | None = None
    for line in iterator:
        record = _record(line)
        head.append(record)
        if record is not None:
            parser = _recognise(record)
            if parser is not None:
                break
        if len(head) >= SNIFF_LINES:
            return None
    if parser is None:
        return None
    for record in head:
        parser.add(record)
    for line in iterator:
        parser.add(_record(line))
    return parser.turns()


def _lines(text: str) -> Iterator[str]:
    """The lines of ``text`` one at a time (no list of them all: a 50 MB file is not copied twice)."""
    start = 0
    size = len(text)
    while start < size:
        end = text.find("\n", start)
        if end < 0:
            end = size
        yield text[start:end]
        start = end + 1


def _record(line: str) -> dict[str, Any] | None:
    """One JSONL line as an object; None for a blank, broken (e.g. half-written) or non-object line."""
    line = line.strip()
    if not line.startswith("{"):
        return None
    try:
        data: Any = json.loads(line)
    except (json.JSONDecodeError, RecursionError):
        return None
    return cast(dict[str, Any], data) if isinstance(data, dict) else None


def _recognise(record: dict[str, Any]) -> Parser | None:
    """The parser for the format this record belongs to, or None when it tells nothing."""
    kind = record.get("type")
    if kind in CODEX_RECORDS and "payload" in record:
        return Codex()
    if "record_type" in record or (kind == "message" and isinstance(record.get("content"), list)):
        return Codex()  # Codex's rollouts before the {type, payload} envelope: response items as they are
    if isinstance(record.get("message"), dict) and kind in ("user", "assistant"):
        return ClaudeCode()
    if kind in CLAUDE_BOOKKEEPING:
        return ClaudeCode()
    if "sessionId" in record and "parentUuid" in record:
        return ClaudeCode()
    if "projectHash" in record or (kind in GEMINI_TYPES and "id" in record and "content" in record):
        return GeminiChat()
    if isinstance(record.get("parts"), list) and record.get("role") in ("user", "model"):
        return GeminiHistory()
    if record.get("role") in ("user", "assistant") and isinstance(record.get("message"), dict):
        return CursorAgent()
    if isinstance(record.get("role"), str) and isinstance(record.get("content"), (str, list)):
        return MessageLines()
    return None


def transcript_for_save(turns: Sequence[Turn], max_bytes: int) -> str:
    """A transcript string save_session accepts whose ``parse_transcript`` gives back ``turns`` (digest turns
    included), at most ``max_bytes`` bytes of UTF-8.

    The string is a JSON list of ``{"role", "content"}`` messages (``role`` ``digest`` for a digest turn:
    transcript.py maps it back). When the whole does not fit it keeps every digest turn (the newest first while
    they fit) and then the newest other turns, contiguous, newest first: the first turn that does not fit whole
    is cut to the head that fits and the older turns are dropped. Turns must be stripped and non-empty (as
    ``parse_native`` and ``parse_transcript`` return them). Returns ``""`` when ``turns`` is empty or not even
    one cut turn fits. A lone surrogate (not valid Unicode, refused by save_session) becomes U+FFFD.
    """
    if not turns:
        return ""
    turns = [Turn(t.role, valid_text(t.text)) for t in turns]
    encoded = [_message(t) for t in turns]
    whole = "[" + ",".join(encoded) + "]"
    if len(whole.encode()) <= max_bytes:
        return whole
    budget = max_bytes - 1  # "[" and "]", less the comma the first message does not need: each costs size + 1
    kept: dict[int, str] = {}
    digests = [i for i, t in enumerate(turns) if t.role == "digest"]
    others = [i for i, t in enumerate(turns) if t.role != "digest"]
    for group, is_tail in ((digests, False), (others, True)):
        for index in reversed(group):
            message: str | None = encoded[index]
            if len(encoded[index].encode()) + 1 > budget:
                # the tail's first misfit, or the newest digest when none fits, is cut; an older digest is skipped
                message = _cut(turns[index], budget - 1) if is_tail or not kept else None
            if message is not None:
                kept[index] = message
                budget -= len(message.encode()) + 1
            if is_tail and message is not encoded[index]:
                break
    if not kept:
        return ""
    return "[" + ",".join(kept[i] for i in sorted(kept)) + "]"


def _message(turn: Turn) -> str:
    return json.dumps({"role": turn.role, "content": turn.text}, ensure_ascii=False)


def _cut(turn: Turn, budget: int) -> str | None:
    """The message of ``turn`` with its text cut to the longest head whose message fits ``budget`` bytes
    (at a line end or space where one is near), or None when not even a word fits. Binary search over the
    length: O(n log n) in the turn's size."""
    low, high = 0, len(turn.text)
    while low < high:
        middle = (low + high + 1) // 2
        if len(_message(Turn(turn.role, turn.text[:middle])).encode()) <= budget:
            low = middle
        else:
            high = middle - 1
    head = turn.text[:low]
    boundary = max(head.rfind("\n"), head.rfind(" "))
    if boundary > low // 2:
        head = head[:boundary]
    head = head.strip()
    return _message(Turn(turn.role, head)) if head else None
