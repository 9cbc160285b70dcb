"""Native transcript files of AI clients, parsed into turns (docs/sessions.md "Native transcripts").

A hook hands save_session the file a client wrote as it is; ``parse_native`` recognises it and keeps what a
person and the model said to each other, leaving out the client's own machinery: tool calls and their output,
thinking, system reminders, slash-command wrappers, meta lines and sub-agent (sidechain) turns. Tool runs are
left out, not summarised: a line such as "(ran 3 tools)" states nothing durable and would only give the
distiller chatter to weigh.

Recognised (shapes and where they come from: docs/sessions.md):

- Claude Code's session JSONL (``~/.claude/projects/<dir>/<session>.jsonl``): one JSON object a line with
  ``type`` ``user`` / ``assistant`` / ``system`` / ``summary`` / ..., ``message.role`` and ``message.content``
  (a string or a list of ``text`` / ``tool_use`` / ``tool_result`` / ``thinking`` / ``image`` parts),
  ``isSidechain``, ``isMeta`` and ``isCompactSummary``.

A client's model-made compaction summary (Claude Code: the user line with ``isCompactSummary`` true) becomes
ONE turn of role ``digest`` that replaces every turn before it: the summary already holds what they said.

Everything here is pure and linear in the input: lines are read one at a time (``parse_native_lines`` takes any
iterable of lines, so a caller may stream a file of tens of MB and hold only the kept text), every tag is
removed by ``str.find`` scans, never by a backtracking pattern.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, cast

from contextlamp.distill.transcript import Role, Turn

SNIFF_LINES = 50  # lines read to recognise a JSONL format before giving up (blank and broken lines count)
# Claude Code wraps the output of local commands and hooks in these tags; a block of them is the client
# talking, never the person (seen in its JSONL: ``<command-name>/model</command-name>`` and friends).
NOISE_TAGS = (
    "system-reminder",
    "command-name",
    "command-message",
    "command-args",
    "command-contents",
    "local-command-stdout",
    "local-command-stderr",
    "local-command-caveat",
    "bash-input",
    "bash-stdout",
    "bash-stderr",
    "user-prompt-submit-hook",
    "task-notification",
)
# whole user lines the client writes itself
NOISE_LINES = ("[Request interrupted by user]", "[Request interrupted by user for tool use]")
# the opening Claude Code puts before a compaction summary (kept out of the digest: it is not a statement)
CLAUDE_SUMMARY_OPENING = (
    "This session is being continued from a previous conversation that ran out of context. "
    "The conversation is summarized below:"
)


def parse_native(text: str) -> list[Turn] | None:
    """The turns of a client's native transcript file, in order, or None when ``text`` is no known native format.

    Turns have role ``user``, ``assistant`` or ``digest`` (a client's compaction summary, at most one, first);
    each text is stripped and non-empty, and consecutive pieces of one speaker (one answer split around its tool
    calls) are joined by a blank line. Never raises; linear in ``len(text)``.
    """
    return parse_native_lines(_lines(text))


def parse_native_lines(lines: Iterable[str]) -> list[Turn] | None:
    """``parse_native`` over lines (with or without their line ends), e.g. an open file read lazily, so a file
    of tens of MB is never held whole: memory is one line plus the kept turns."""
    iterator = iter(lines)
    head: list[Any] = []
    parser: _Parser | None = None
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


class _Parser:
    """Collects turns record by record; a digest (compaction summary) discards everything collected before."""

    def __init__(self) -> None:
        self._turns: list[Turn] = []

    def add(self, record: dict[str, Any] | None) -> None:
        raise NotImplementedError

    def say(self, role: Role, text: str) -> None:
        text = text.strip()
        if not text:
            return
        if self._turns and self._turns[-1].role == role and role != "digest":
            self._turns[-1] = Turn(role, self._turns[-1].text + "\n\n" + text)
        else:
            self._turns.append(Turn(role, text))

    def summary(self, text: str) -> None:
        """A client's compaction summary: one digest turn replacing the turns before it (none if it is blank,
        and then the turns before it stay: nothing summarised them)."""
        if text.strip():
            self._turns = []
            self.say("digest", text)

    def turns(self) -> list[Turn]:
        return self._turns


def _recognise(record: dict[str, Any]) -> _Parser | None:
    """The parser for the format this record belongs to, or None when it tells nothing."""
    kind = record.get("type")
    if isinstance(record.get("message"), dict) and kind in ("user", "assistant"):
        return _ClaudeCode()
    if kind == "summary" and "leafUuid" in record:
        return _ClaudeCode()
    if "sessionId" in record and "parentUuid" in record:
        return _ClaudeCode()
    return None


def _texts(content: Any, *, kinds: tuple[str, ...] = ("text",)) -> str:
    """The text of a message content: a string, or the text of its parts of the given types (tool calls,
    tool results, thinking, images are other types and so left out)."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    pieces: list[str] = []
    for part in cast(list[Any], content):
        if isinstance(part, str):
            pieces.append(part)
        elif isinstance(part, dict):
            piece = cast(dict[str, Any], part)
            value = piece.get("text")
            if piece.get("type", "text") in kinds and isinstance(value, str):
                pieces.append(value)
    return "\n".join(pieces)


def strip_tags(text: str, tags: Sequence[str] = NOISE_TAGS) -> str:
    """``text`` without the ``<tag>...</tag>`` blocks of ``tags`` (an unclosed block runs to the end).

    Linear: one left-to-right scan that looks for the next ``<``, checks it against the tags and jumps past
    the block's close; never a backtracking pattern.
    """
    if "<" not in text:
        return text
    out: list[str] = []
    position = 0
    cursor = 0
    size = len(text)
    while True:
        start = text.find("<", cursor)
        if start < 0:
            break
        for tag in tags:
            opening = "<" + tag
            if text.startswith(opening, start) and text[start + len(opening) : start + len(opening) + 1] in (">", " "):
                closing = "</" + tag + ">"
                end = text.find(closing, start)
                out.append(text[position:start])
                position = cursor = size if end < 0 else end + len(closing)
                break
        else:
            cursor = start + 1
        if cursor >= size:
            break
    out.append(text[position:])
    return "".join(out)


def _clean(text: str) -> str:
    """A message text without client noise: tag blocks, and lines the client writes itself."""
    text = strip_tags(text).strip()
    return "" if text in NOISE_LINES else text


def _claude_summary(text: str) -> str:
    """The statements of a Claude Code compaction summary: without its fixed opening and, when it has both
    parts, without the ``Analysis:`` part (the model's notes on how it read the conversation, not statements)
    before ``Summary:``."""
    text = text.strip()
    if text.startswith(CLAUDE_SUMMARY_OPENING):
        text = text[len(CLAUDE_SUMMARY_OPENING) :].strip()
    if text.startswith(("Analysis:", "<analysis>")):
        for marker in ("\nSummary:", "<summary>"):
            found = text.find(marker)
            if found >= 0:
                text = text[found + len(marker) :]
                break
    return strip_tags(text, ("analysis",)).replace("</summary>", "").strip()


class _ClaudeCode(_Parser):
    """Claude Code's session JSONL (docs/sessions.md cites the shape's sources)."""

    def add(self, record: dict[str, Any] | None) -> None:
        if record is None or record.get("isSidechain") is True:
            return
        kind = record.get("type")
        message: Any = record.get("message")
        if record.get("isCompactSummary") is True:
            content: Any = cast(dict[str, Any], message).get("content") if isinstance(message, dict) else None
            self.summary(_claude_summary(_texts(content)))
            return
        if record.get("isMeta") is True or kind not in ("user", "assistant") or not isinstance(message, dict):
            self._queued(record)
            return
        body = cast(dict[str, Any], message)
        role: Role = "assistant" if body.get("role", kind) == "assistant" else "user"
        self.say(role, _clean(_texts(body.get("content"))))

    def _queued(self, record: dict[str, Any]) -> None:
        """A prompt the person typed while the agent worked (an ``attachment`` of type ``queued_command``)."""
        attachment: Any = record.get("attachment")
        if record.get("type") != "attachment" or not isinstance(attachment, dict):
            return
        queued = cast(dict[str, Any], attachment)
        prompt = queued.get("prompt")
        is_prompt = queued.get("type") == "queued_command" and queued.get("commandMode", "prompt") == "prompt"
        if is_prompt and isinstance(prompt, str):
            self.say("user", _clean(prompt))


def transcript_for_save(turns: Sequence[Turn], max_bytes: int) -> str:
    """A transcript string save_session accepts whose ``parse_transcript`` gives back ``turns`` (digest turns
    included), at most ``max_bytes`` bytes of UTF-8.

    The string is a JSON list of ``{"role", "content"}`` messages (``role`` ``digest`` for a digest turn:
    transcript.py maps it back). When the whole does not fit it keeps every digest turn (the newest first while
    they fit) and then the newest other turns, contiguous, newest first: the first turn that does not fit whole
    is cut to the head that fits and the older turns are dropped. Turns must be stripped and non-empty (as
    ``parse_native`` and ``parse_transcript`` return them). Returns ``""`` when ``turns`` is empty or not even
    one cut turn fits.
    """
    if not turns:
        return ""
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
