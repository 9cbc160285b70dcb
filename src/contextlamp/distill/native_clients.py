"""One parser per client's native transcript format (distill/native.py recognises which; the shapes and where
they come from: docs/sessions.md "Native transcripts"). Each keeps what a person and the model said to each
other and turns the client's compaction summary into one digest turn; linear in the records read.
"""

from __future__ import annotations

from typing import Any, cast

from contextlamp.distill.native_base import (
    MESSAGE_PARTS,
    Parser,
    clean_text,
    strip_tags,
    texts,
)
from contextlamp.distill.turns import Role, Turn

# the instruction Claude Code appends to a summary when the session goes on (addressed to the model, not a fact)
CLAUDE_SUMMARY_CLOSING = "Please continue the conversation from where we left"
CLAUDE_SYNTHETIC = "<synthetic>"  # the model name Claude Code gives the answers it writes itself
# the opening Claude Code puts before a compaction summary (kept out of the digest: it is not a statement)
CLAUDE_SUMMARY_OPENING = (
    "This session is being continued from a previous conversation that ran out of context. "
    "The conversation is summarized below:"
)


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


class ClaudeCode(Parser):
    """Claude Code's session JSONL (docs/sessions.md cites the shape's sources)."""

    def add(self, record: dict[str, Any] | None) -> None:
        if record is None or record.get("isSidechain") is True:
            return
        self.at(record.get("cwd"))  # Claude Code writes the session's folder on every line
        kind = record.get("type")
        message: Any = record.get("message")
        if record.get("isCompactSummary") is True:
            content: Any = cast(dict[str, Any], message).get("content") if isinstance(message, dict) else None
            self.summary(_claude_summary(texts(content)))
            return
        if record.get("isMeta") is True or kind not in ("user", "assistant") or not isinstance(message, dict):
            self._queued(record)
            return
        body = cast(dict[str, Any], message)
        if record.get("isApiErrorMessage") is True or body.get("model") == CLAUDE_SYNTHETIC:
            return  # the client's own stand-in answers ("API Error: 529 ...", "No response requested.")
        role: Role = "assistant" if body.get("role", kind) == "assistant" else "user"
        self.say(role, clean_text(texts(body.get("content"))))

    def _queued(self, record: dict[str, Any]) -> None:
        """A prompt the person typed while the agent worked (an ``attachment`` of type ``queued_command``)."""
        attachment: Any = record.get("attachment")
        if record.get("type") != "attachment" or not isinstance(attachment, dict):
            return
        queued = cast(dict[str, Any], attachment)
        prompt = queued.get("prompt")
        is_prompt = queued.get("type") == "queued_command" and queued.get("commandMode", "prompt") == "prompt"
        if is_prompt and isinstance(prompt, str):
            self.say("user", clean_text(prompt))


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
# the context Codex gives the model at the start and whenever it changes: its <cwd> is the folder turns are said in
CODEX_ENVIRONMENT = "<environment_context>"
# Codex puts this before a compaction summary when it hands it back to the model (codex-rs core/compact.rs)
CODEX_EVENT_ROLES: dict[str, Role] = {"user_message": "user", "agent_message": "assistant"}
CODEX_SUMMARY_OPENING = "Another language model started to solve this problem and produced a summary of its thinking"


class Codex(Parser):
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
        if kind in ("session_meta", "turn_context"):  # the folder the session, then each turn, runs in
            self.at(item.get("cwd"))
        if kind == "compacted":
            self._compacted(item)
        elif kind == "event_msg":
            self._event(item)
        elif kind in ("response_item", "message") and item.get("type") == "message":
            self._message(item)

    def _message(self, item: dict[str, Any]) -> None:
        role = item.get("role")
        text = texts(item.get("content"), kinds=MESSAGE_PARTS).strip()
        if role == "user" and text.startswith(CODEX_ENVIRONMENT):  # the folder, also in rollouts before turn_context's
            self.at(_between(text, "<cwd>", "</cwd>"))
        if role == "user" and not text.lower().startswith(CODEX_CONTEXT_OPENINGS):
            self._spoken = True
            if text.startswith(CODEX_SUMMARY_OPENING):
                self.summary(_after_colon(text))
            else:
                self.say("user", clean_text(text))
        elif role == "assistant":
            self._spoken = True
            self.say("assistant", clean_text(text))

    def _event(self, item: dict[str, Any]) -> None:
        message = item.get("message")
        role = CODEX_EVENT_ROLES.get(str(item.get("type")))
        if role is not None and isinstance(message, str) and message.strip():
            self._events.append(Turn(role, message.strip(), self.folder))

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
            self.folder = turn.cwd
            self.say(turn.role, turn.text)
        return super().turns()


def _between(text: str, opening: str, closing: str) -> str | None:
    """The text between the first ``opening`` and the ``closing`` after it, stripped; None when either is missing."""
    start = text.find(opening)
    end = text.find(closing, start + len(opening)) if start >= 0 else -1
    return text[start + len(opening) : end].strip() if end >= 0 else None


def _after_colon(text: str) -> str:
    """The text after the first colon at a line end or sentence end of a fixed opening (the summary itself)."""
    found = text.find(":")
    return text[found + 1 :].strip() if found >= 0 else text


# Gemini CLI replaces history it compresses with one user message holding a <state_snapshot> (core
# chatCompressionService) and a fixed model acknowledgement; the acknowledgement is not a statement.
GEMINI_SNAPSHOT = "state_snapshot"
# sections of a snapshot that hold the session's working state, not lasting knowledge: its goal and plan (the task
# of the moment, done or left when the session ends), the files touched and the commands just run; only
# <key_knowledge> (facts, rules, decisions) is a digest. Section names: core chatCompressionService's prompt.
GEMINI_TRANSIENT = ("overall_goal", "file_system_state", "recent_actions", "current_plan")
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


class _GeminiTurns(Parser):
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
            self.say(role, clean_text(raw))
        self._acknowledging = False


class GeminiHistory(_GeminiTurns):
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


class GeminiChat(_GeminiTurns):
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


class CursorAgent(Parser):
    """Cursor's agent transcripts (``~/.cursor/projects/<project>/agent-transcripts/<id>/<id>.jsonl``): lines
    ``{"role": "user" | "assistant", "message": {"content": [parts]}}``; a user message wraps what was typed
    in ``<user_query>``."""

    def add(self, record: dict[str, Any] | None) -> None:
        if record is None or record.get("role") not in ("user", "assistant"):
            return
        message: Any = record.get("message")
        if not isinstance(message, dict):
            return
        text = texts(cast(dict[str, Any], message).get("content"))
        if record.get("role") == "user":
            self.say("user", clean_text(_inside(text, CURSOR_QUERY)))
        else:
            self.say("assistant", clean_text(text))


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


class MessageLines(Parser):
    """Any other JSONL of chat messages, one ``{"role", "content"}`` object a line (the shape of a JSON message
    list, one message a line): ``user`` / ``human`` lines are the user's, ``assistant`` / ``model`` / ``ai`` the
    assistant's, every other role (system, developer, tool) is left out."""

    def add(self, record: dict[str, Any] | None) -> None:
        if record is None:
            return
        role = GENERIC_ROLES.get(str(record.get("role", "")).lower())
        if role is not None:
            self.say(role, clean_text(texts(record.get("content"), kinds=MESSAGE_PARTS)))


GENERIC_ROLES: dict[str, Role] = {
    "digest": "digest",
    "user": "user",
    "human": "user",
    "assistant": "assistant",
    "model": "assistant",
    "ai": "assistant",
}
