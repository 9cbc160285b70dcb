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

import functools
import json
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, cast

from contextlamp.distill.turns import Role, Turn
from contextlamp.text import has_surrogates

CODEX_RECORDS = ("session_meta", "response_item", "event_msg", "turn_context", "compacted")
GEMINI_TYPES = ("user", "gemini", "info", "error", "warning")
HEADING_WORDS = 8
EMPTY_ITEMS = frozenset({"none", "n/a", "na", "nothing", "none yet", "not applicable", "-", ""})
# line types only Claude Code writes, which may open a file before its first message
CLAUDE_BOOKKEEPING = ("summary", "file-history-snapshot", "queue-operation", "custom-title")
SNIFF_LINES = 200  # lines read to recognise a JSONL format before giving up (blank and broken lines count)
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
# ... and the instruction it appends to a summary when the session goes on (addressed to the model, not a fact)
CLAUDE_SUMMARY_CLOSING = "Please continue the conversation from where we left"
CLAUDE_SYNTHETIC = "<synthetic>"  # the model name Claude Code gives the answers it writes itself
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
    if parser is None or isinstance(parser, _MessageLines):
        return None  # a plain message list (transcript_for_save's too) is transcript.py's: it knows role digest
    for item in items:
        parser.add(item)
    return parser.turns()


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


def _valid(text: str) -> str:
    """``text`` with each lone surrogate (a cut emoji: JavaScript clients write a lone ``\\ud83d`` escape, which
    JSON decodes to an invalid code point) replaced by U+FFFD, so it encodes as UTF-8. (``text.scrub_surrogates``
    gives ``?``, which would read as a question mark.) Linear."""
    if not has_surrogates(text):
        return text
    return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in text)


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
        text = _valid(text).strip()
        if not text:
            return
        if self._turns and self._turns[-1].role == role and role not in ("digest", "saved"):
            self._turns[-1] = Turn(role, self._turns[-1].text + "\n\n" + text)
        else:
            self._turns.append(Turn(role, text))

    def summary(self, text: str) -> None:
        """A client's compaction summary: one digest turn replacing the turns before it (none if it is blank,
        and then the turns before it stay: nothing summarised them)."""
        text = digest_lines(text)
        if text:
            self._turns = [t for t in self._turns if t.role == "saved"]  # still saved: not summarised away
            self.say("digest", text)

    def turns(self) -> list[Turn]:
        return self._turns


def digest_lines(text: str) -> str:
    """A client's summary as digest lines: one statement a line, without the lines that only frame them
    (section headings such as ``2. Key Technical Concepts:`` or ``## Plan``, lines that are only an XML tag
    such as Gemini's ``<key_knowledge>``, empty sections such as ``- None``) and without fenced code blocks
    (the code a summary quotes states nothing by itself); each line without its indentation. Linear."""
    kept: list[str] = []
    in_code = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            in_code = not in_code
            continue
        if in_code or not stripped or _is_heading(stripped) or _is_empty_item(stripped):
            continue
        kept.append(stripped)
    return "\n".join(kept)


def _is_empty_item(line: str) -> bool:
    """A bullet that says a section is empty (``- None``, ``(none)``, ``N/A``)."""
    return line.lstrip("-*• ").strip(" .()").lower() in EMPTY_ITEMS


def _is_heading(line: str) -> bool:
    """A line that names a section instead of stating something: a markdown heading, a lone XML tag, or a short
    line ending in a colon (at most ``HEADING_WORDS`` words)."""
    if line.startswith("#"):
        return True
    if line.startswith("<") and line.endswith(">") and " " not in line:
        return True
    return line.endswith(":") and len(line.split()) <= HEADING_WORDS


def _recognise(record: dict[str, Any]) -> _Parser | None:
    """The parser for the format this record belongs to, or None when it tells nothing."""
    kind = record.get("type")
    if kind in CODEX_RECORDS and "payload" in record:
        return _Codex()
    if "record_type" in record or (kind == "message" and isinstance(record.get("content"), list)):
        return _Codex()  # Codex's rollouts before the {type, payload} envelope: response items as they are
    if isinstance(record.get("message"), dict) and kind in ("user", "assistant"):
        return _ClaudeCode()
    if kind in CLAUDE_BOOKKEEPING:
        return _ClaudeCode()
    if "sessionId" in record and "parentUuid" in record:
        return _ClaudeCode()
    if "projectHash" in record or (kind in GEMINI_TYPES and "id" in record and "content" in record):
        return _GeminiChat()
    if isinstance(record.get("parts"), list) and record.get("role") in ("user", "model"):
        return _GeminiHistory()
    if record.get("role") in ("user", "assistant") and isinstance(record.get("message"), dict):
        return _CursorAgent()
    if isinstance(record.get("role"), str) and isinstance(record.get("content"), (str, list)):
        return _MessageLines()
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

    Linear: the openings are found by one pattern of literal alternatives (``<`` then a tag name then ``>`` or a
    space: no nested quantifier, so no backtracking), each block's close by ``str.find`` from its opening, and
    the scan resumes after the close, so no character is looked at twice.
    """
    if "<" not in text:
        return text
    return strip_blocks(text, _openings(tuple(tags)))


def strip_blocks(text: str, opening: re.Pattern[str]) -> str:
    """``text`` without each block that ``opening`` starts (its group 1 is the tag name) up to its
    ``</name>`` (an unclosed block runs to the end). Linear when ``opening`` is: each close is found by
    ``str.find`` from its opening and the scan resumes after it, so no character is looked at twice."""
    out: list[str] = []
    position = 0
    while True:
        found = opening.search(text, position)
        if found is None:
            break
        closing = "</" + found.group(1) + ">"
        end = text.find(closing, found.end())
        out.append(text[position : found.start()])
        position = len(text) if end < 0 else end + len(closing)
    out.append(text[position:])
    return "".join(out)


@functools.cache
def _openings(tags: tuple[str, ...]) -> re.Pattern[str]:
    """The opening of any of ``tags`` (compiled on first use, not at import)."""
    return re.compile("<(" + "|".join(re.escape(t) for t in tags) + ")[ >]")


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
    text = strip_tags(text, ("analysis",)).replace("</summary>", "").strip()
    closing = text.rfind(CLAUDE_SUMMARY_CLOSING)
    return text[:closing].strip() if closing >= 0 else text


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
        if record.get("isApiErrorMessage") is True or body.get("model") == CLAUDE_SYNTHETIC:
            return  # the client's own stand-in answers ("API Error: 529 ...", "No response requested.")
        role: Role = "assistant" if body.get("role", kind) == "assistant" else "user"
        if role == "assistant":
            for saved in _saved_by_agent(body.get("content")):
                self.say("saved", saved)
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


_SAVE_TOOL = re.compile(r"(?:^|[_.:/-])save_context$")  # mcp__contextlamp__save_context, contextlamp.save_context


def _is_save(name: Any) -> bool:
    """A tool call of contextlamp's save_context, under whatever server prefix the client gives its tools."""
    return isinstance(name, str) and _SAVE_TOOL.search(name) is not None


def _saved_content(arguments: Any) -> str:
    """The ``content`` a save_context call saved (its arguments an object or their JSON text); "" when none."""
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except (ValueError, RecursionError):
            return ""
    content = cast(dict[str, Any], arguments).get("content") if isinstance(arguments, dict) else None
    return content if isinstance(content, str) else ""


def _saved_by_agent(content: Any) -> list[str]:
    """What an assistant message saved itself: the ``content`` of each save_context ``tool_use`` part."""
    if not isinstance(content, list):
        return []
    parts = [cast(dict[str, Any], p) for p in cast(list[Any], content) if isinstance(p, dict)]
    return [_saved_content(p.get("input")) for p in parts if p.get("type") == "tool_use" and _is_save(p.get("name"))]


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
    turns = [Turn(t.role, _valid(t.text)) for t in turns]
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


# Codex marks the user-role messages it injects itself (codex-rs core: ``is_session_prefix``, user
# instructions, skill instructions, ``<user_shell_command>``); they are context, not the person's words.
CODEX_CONTEXT_OPENINGS = (
    "<environment_context>",
    "<user_instructions>",
    "<turn_aborted>",
    "<tool_context>",
    "<reasoning_context>",
    "<pinned_notes>",
    "<subagent_notification>",
    "<context_update>",
    "<user_shell_command>",
    "<skill>",
    "# agents.md instructions",
    "<hook_prompt",  # a hook's continuation prompt (a Stop hook's "decision": "block" reason), not the person's
)
# Codex puts this before a compaction summary when it hands it back to the model (codex-rs core/compact.rs)
CODEX_EVENT_ROLES: dict[str, Role] = {"user_message": "user", "agent_message": "assistant"}
CODEX_SUMMARY_OPENING = "Another language model started to solve this problem and produced a summary of its thinking"


class _Codex(_Parser):
    """Codex's session JSONL (``~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl``): ``{"type", "payload"}`` lines
    (codex-rs protocol ``RolloutItem``). The conversation is the ``response_item`` messages; ``event_msg``
    user/agent messages (the same words, for the UI) are read only when a file has no messages at all."""

    def __init__(self) -> None:
        super().__init__()
        self._events: list[Turn] = []
        self._spoken = False

    def add(self, record: dict[str, Any] | None) -> None:
        if record is None:
            return
        kind = record.get("type")
        payload: Any = record.get("payload", record)
        if not isinstance(payload, dict):
            return
        item = cast(dict[str, Any], payload)
        if kind == "compacted":
            self._compacted(item)
        elif kind == "response_item" and item.get("type") == "function_call" and _is_save(item.get("name")):
            self.say("saved", _saved_content(item.get("arguments")))
        elif kind == "event_msg":
            self._event(item)
        elif kind in ("response_item", "message") and item.get("type") == "message":
            self._message(item)

    def _message(self, item: dict[str, Any]) -> None:
        role = item.get("role")
        text = _texts(item.get("content"), kinds=("input_text", "output_text", "text")).strip()
        if role == "user" and not text.lower().startswith(CODEX_CONTEXT_OPENINGS):
            self._spoken = True
            if text.startswith(CODEX_SUMMARY_OPENING):
                self.summary(_after_colon(text))
            else:
                self.say("user", _clean(text))
        elif role == "assistant":
            self._spoken = True
            self.say("assistant", _clean(text))

    def _event(self, item: dict[str, Any]) -> None:
        message = item.get("message")
        role = CODEX_EVENT_ROLES.get(str(item.get("type")))
        if role is not None and isinstance(message, str) and message.strip():
            self._events.append(Turn(role, message.strip()))

    def _compacted(self, item: dict[str, Any]) -> None:
        """A ``compacted`` line: ``message`` is the model's summary (empty when the compaction ran remotely and
        returned only encrypted state: then nothing summarised the turns before it, and they stay)."""
        message = item.get("message")
        text = message.strip() if isinstance(message, str) else ""
        if text.startswith(CODEX_SUMMARY_OPENING):
            text = _after_colon(text)
        if text:
            self._events = []
            self._spoken = True
            self.summary(text)

    def turns(self) -> list[Turn]:
        if self._spoken:
            return super().turns()
        for turn in self._events:
            self.say(turn.role, turn.text)
        return super().turns()


def _after_colon(text: str) -> str:
    """The text after the first colon at a line end or sentence end of a fixed opening (the summary itself)."""
    found = text.find(":")
    return text[found + 1 :].strip() if found >= 0 else text


# Gemini CLI replaces history it compresses with one user message holding a <state_snapshot> (core
# chatCompressionService) and a fixed model acknowledgement; the acknowledgement is not a statement.
GEMINI_SNAPSHOT = "state_snapshot"
# sections of a snapshot that log the moment (files touched, commands just run), not lasting knowledge
GEMINI_TRANSIENT = ("file_system_state", "recent_actions")
GEMINI_ACK = "Got it. Thanks for the additional context!"
# @file references expand into the prompt between these lines (core: read_many_files output)
GEMINI_FILES = ("--- Content from referenced files ---", "--- End of content ---")


def _gemini_text(content: Any) -> str:
    """A Gemini ``PartListUnion`` (a string, a part or a list of them) as text: text parts that are not
    thoughts; function calls and responses, inline data and thoughts are left out."""
    parts: list[Any] = cast(list[Any], content) if isinstance(content, list) else [content]
    pieces: list[str] = []
    for part in parts:
        if isinstance(part, str):
            pieces.append(part)
        elif isinstance(part, dict):
            piece = cast(dict[str, Any], part)
            value = piece.get("text")
            if isinstance(value, str) and not piece.get("thought"):
                pieces.append(value)
    return _without_between(strip_tags("\n".join(pieces)), *GEMINI_FILES)


def _without_between(text: str, opening: str, closing: str) -> str:
    """``text`` without each block from ``opening`` to ``closing`` (an unclosed one runs to the end); linear."""
    out: list[str] = []
    position = 0
    while True:
        start = text.find(opening, position)
        if start < 0:
            break
        out.append(text[position:start])
        end = text.find(closing, start + len(opening))
        position = len(text) if end < 0 else end + len(closing)
    out.append(text[position:])
    return "".join(out)


def _snapshot(text: str) -> str | None:
    """The inside of a Gemini ``<state_snapshot>`` message, or None when ``text`` is none."""
    opening = "<" + GEMINI_SNAPSHOT + ">"
    start = text.find(opening)
    if start < 0 or text[:start].strip():
        return None
    end = text.find("</" + GEMINI_SNAPSHOT + ">", start)
    return strip_tags(text[start + len(opening) : end if end >= 0 else len(text)], GEMINI_TRANSIENT).strip()


class _GeminiTurns(_Parser):
    """Turns of Gemini CLI, with its compression snapshot as the digest."""

    def __init__(self) -> None:
        super().__init__()
        self._acknowledging = False

    def speak(self, role: Role, raw: str) -> None:
        snapshot = _snapshot(raw) if role == "user" else None
        if snapshot is not None:
            self.summary(snapshot)
            self._acknowledging = True
            return
        if not (self._acknowledging and role == "assistant" and raw.strip() == GEMINI_ACK):
            self.say(role, _clean(raw))
        self._acknowledging = False


class _GeminiHistory(_GeminiTurns):
    """Gemini CLI's checkpoints (``/chat save``: ``checkpoint-<tag>.json``): the API history, a list of
    ``{"role": "user" | "model", "parts": [...]}`` contents."""

    def add(self, record: dict[str, Any] | None) -> None:
        if record is None or record.get("role") not in ("user", "model"):
            return
        role: Role = "user" if record.get("role") == "user" else "assistant"
        parts: Any = record.get("parts")
        raw = _gemini_text(parts)
        if role == "user" and not raw.strip():
            return  # function responses travel as user contents
        self.speak(role, raw)


class _GeminiChat(_GeminiTurns):
    """Gemini CLI's chat recordings (``~/.gemini/tmp/<project>/chats/session-*.jsonl``, before that one JSON
    ``session-*.json``): message records ``{"id", "type": "user" | "gemini" | "info" | ..., "content"}``, a
    record written again under its id replaces it in place, and ``{"$rewindTo": id}`` drops that message and
    every later one (core chatRecordingService)."""

    def __init__(self) -> None:
        super().__init__()
        self._records: list[tuple[Role, str]] = []
        self._index: dict[str, int] = {}  # message id -> its place in _records
        self._ids: list[str] = []

    def add(self, record: dict[str, Any] | None) -> None:
        if record is None:
            return
        rewind = record.get("$rewindTo")
        if isinstance(rewind, str):
            cut = self._index.get(rewind, 0)  # an unknown id rewinds to the start, as the client does
            for gone in self._ids[cut:]:  # each message is dropped at most once: linear over the file
                del self._index[gone]
            del self._ids[cut:], self._records[cut:]
            return
        identifier, kind = record.get("id"), record.get("type")
        if not isinstance(identifier, str) or kind not in ("user", "gemini"):
            return
        shown: Any = record.get("displayContent") if kind == "user" else None
        entry: tuple[Role, str] = (
            "user" if kind == "user" else "assistant",
            _gemini_text(shown or record.get("content")),
        )
        self._put(identifier, entry)
        calls: Any = record.get("toolCalls") if kind == "gemini" else None
        for number, call in enumerate(cast(list[Any], calls) if isinstance(calls, list) else []):
            if isinstance(call, dict) and _is_save(cast(dict[str, Any], call).get("name")):
                self._put(f"{identifier}#{number}", ("saved", _saved_content(cast(dict[str, Any], call).get("args"))))

    def _put(self, identifier: str, entry: tuple[Role, str]) -> None:
        """``entry`` recorded under ``identifier``, in place of the one written under it before."""
        place = self._index.get(identifier)
        if place is None:
            self._index[identifier] = len(self._records)
            self._ids.append(identifier)
            self._records.append(entry)
        else:
            self._records[place] = entry

    def turns(self) -> list[Turn]:
        for role, raw in self._records:
            self.speak(role, raw)
        self._records, self._index, self._ids = [], {}, []
        return super().turns()


# the one part of a Cursor agent transcript's user message that the person typed (the rest is context
# Cursor attaches: open files, rules, the user's system)
CURSOR_QUERY = "user_query"


class _CursorAgent(_Parser):
    """Cursor's agent transcripts (``~/.cursor/projects/<project>/agent-transcripts/<id>/<id>.jsonl``): lines
    ``{"role": "user" | "assistant", "message": {"content": [parts]}}``; a user message wraps what was typed
    in ``<user_query>``."""

    def add(self, record: dict[str, Any] | None) -> None:
        if record is None or record.get("role") not in ("user", "assistant"):
            return
        message: Any = record.get("message")
        if not isinstance(message, dict):
            return
        text = _texts(cast(dict[str, Any], message).get("content"))
        if record.get("role") == "user":
            self.say("user", _clean(_inside(text, CURSOR_QUERY)))
        else:
            self.say("assistant", _clean(text))


def _inside(text: str, tag: str) -> str:
    """The contents of every ``<tag>...</tag>`` block of ``text`` joined, or ``text`` when it has none."""
    opening, closing = "<" + tag + ">", "</" + tag + ">"
    pieces: list[str] = []
    position = 0
    while True:
        start = text.find(opening, position)
        if start < 0:
            break
        end = text.find(closing, start)
        pieces.append(text[start + len(opening) : end if end >= 0 else len(text)])
        if end < 0:
            break
        position = end + len(closing)
    return "\n".join(pieces) if pieces else text


class _MessageLines(_Parser):
    """Any other JSONL of chat messages, one ``{"role", "content"}`` object a line (the shape of a JSON message
    list, one message a line): ``user`` / ``human`` lines are the user's, ``assistant`` / ``model`` / ``ai`` the
    assistant's, every other role (system, developer, tool) is left out."""

    def add(self, record: dict[str, Any] | None) -> None:
        if record is None:
            return
        role = GENERIC_ROLES.get(str(record.get("role", "")).lower())
        if role is not None:
            self.say(role, _clean(_texts(record.get("content"), kinds=("text", "input_text", "output_text"))))


GENERIC_ROLES: dict[str, Role] = {
    "digest": "digest",
    "user": "user",
    "human": "user",
    "assistant": "assistant",
    "model": "assistant",
    "ai": "assistant",
}
