"""The month bench's transcript writers (#27): each client's session file as the client writes it today (module
docstring of ``month.py``): ``ClaudeFile`` (Claude Code's session JSONL), ``GeminiFile`` (Gemini CLI's chat
JSONL), ``CodexFile`` (Codex's rollout JSONL)."""

from __future__ import annotations

import json
import random
import uuid
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from month_bank import Exchange


def _stamp(day: datetime, n: int) -> str:
    return (day + timedelta(seconds=20 * n)).strftime("%Y-%m-%dT%H:%M:%S.000Z")


class ClaudeFile:
    """Claude Code's session JSONL, written line by line as the client does."""

    def __init__(self, path: Path, session_id: str, cwd: Path, day: datetime) -> None:
        self.path, self.session_id, self.cwd, self.day = path, session_id, cwd, day
        self.n = 0
        self.parent: str | None = None
        path.parent.mkdir(parents=True, exist_ok=True)

    def _line(self, record: dict[str, Any]) -> None:
        self.n += 1
        uid = str(uuid.UUID(int=random.getrandbits(128)))
        base = {
            "parentUuid": self.parent,
            "isSidechain": False,
            "userType": "external",
            "cwd": str(self.cwd),
            "sessionId": self.session_id,
            "version": "2.1.14",
            "gitBranch": "main",
            "uuid": uid,
            "timestamp": _stamp(self.day, self.n),
        }
        self.parent = uid
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps({**base, **record}, ensure_ascii=False) + "\n")

    def injected(self, context: str) -> None:
        if context:
            attachment = {"type": "hook_additional_context", "content": [context], "hookName": "SessionStart:startup"}
            self._line({"type": "attachment", "attachment": attachment})

    def user(self, text: str) -> None:
        self._line({"type": "user", "message": {"role": "user", "content": text}})

    def assistant(self, text: str) -> None:
        content = [{"type": "text", "text": text}]
        message = {"id": f"msg_{self.n}", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5"}
        self._line({"type": "assistant", "message": {**message, "content": content}})

    def tool(self, output: str) -> None:
        call = {"type": "tool_use", "id": f"toolu_{self.n}", "name": "Bash", "input": {"command": "pytest -q"}}
        message = {"id": f"msg_{self.n}", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5"}
        self._line({"type": "assistant", "message": {**message, "content": [call]}})
        result = {"type": "tool_result", "tool_use_id": f"toolu_{self.n - 1}", "content": output}
        self._line({"type": "user", "message": {"role": "user", "content": [result]}})

    def command(self) -> None:
        self.user(
            "<command-name>/model</command-name>\n<command-message>model</command-message>\n<command-args></command-args>"
        )
        self.user("<local-command-stdout>Set model to claude-sonnet-4-5</local-command-stdout>")
        reminder = "<system-reminder>\nThe user opened the file src/ledger/settle.py in the IDE.\n</system-reminder>"
        self._line({"type": "user", "isMeta": True, "message": {"role": "user", "content": reminder}})

    def exchange(self, ex: Exchange) -> None:
        self.user(ex.user)
        if ex.tool:
            self.tool(ex.tool)
        self.assistant(ex.reply)

    def compaction(self, statements: Sequence[str], injected_lines: Sequence[str]) -> None:
        self._line(
            {"type": "system", "subtype": "compact_boundary", "content": "Conversation compacted", "isMeta": False}
        )
        body = "\n".join(
            [
                "This session is being continued from a previous conversation that ran out of context. "
                "The summary below covers the earlier portion of the conversation.",
                "",
                "Summary:",
                "1. Primary Request and Intent:",
                "   The user is working on the ledger service and asked me to fix the settle loop and run the tests.",
                "2. Key Technical Concepts:",
                *(f"   - {s}" for s in statements),
                "3. Context loaded at session start:",
                *(f"   {line}" for line in injected_lines[:6]),
                "4. Pending Tasks:",
                "   - None",
                "",
                "Please continue the conversation from where we left off without asking the user any further "
                "questions. Continue with the last task that you were asked to work on.",
            ]
        )
        self._line(
            {
                "type": "user",
                "isCompactSummary": True,
                "isVisibleInTranscriptOnly": True,
                "message": {"role": "user", "content": body},
            }
        )


class GeminiFile:
    """Gemini CLI's chat recording JSONL (one record a message; a header record first)."""

    def __init__(self, path: Path, session_id: str, day: datetime) -> None:
        self.path, self.day, self.n = path, day, 0
        path.parent.mkdir(parents=True, exist_ok=True)
        header = {"sessionId": session_id, "projectHash": "9f" * 32, "startTime": _stamp(day, 0), "kind": "main"}
        self._write(header)
        self.context = ""

    def _write(self, record: dict[str, Any]) -> None:
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")

    def _message(self, kind: str, content: Any, **extra: Any) -> None:
        self.n += 1
        self._write(
            {"id": f"m{self.n}", "timestamp": _stamp(self.day, self.n), "type": kind, "content": content, **extra}
        )

    def injected(self, context: str) -> None:
        self.context = context

    def user(self, text: str) -> None:
        if self.context:
            text = f"<hook_context>{self.context}</hook_context>\n\n{text}"
            self.context = ""
        self._message("user", [{"text": text}])

    def exchange(self, ex: Exchange) -> None:
        self.user(ex.user)
        if ex.tool:
            calls = [
                {"id": f"c{self.n}", "name": "run_shell_command", "args": {"command": "pytest"}, "result": ex.tool}
            ]
            self._message("gemini", "", toolCalls=calls)
        self._message("gemini", ex.reply, model="gemini-2.5-pro")

    def compaction(self, statements: Sequence[str], injected_lines: Sequence[str]) -> None:
        knowledge = "\n".join(f"- {s}" for s in [*statements, *injected_lines[:4]])
        snapshot = (
            "<state_snapshot>\n<overall_goal>\nFix the settle loop of the ledger service.\n</overall_goal>\n"
            f"<key_knowledge>\n{knowledge}\n</key_knowledge>\n<recent_actions>\n- Ran the tests.\n</recent_actions>\n"
            "</state_snapshot>"
        )
        self._message("user", [{"text": snapshot}])
        self._message("gemini", "Got it. Thanks for the additional context!")


class CodexFile:
    """Codex's rollout JSONL: ``{"timestamp", "type", "payload"}`` lines."""

    def __init__(self, path: Path, thread: str, cwd: Path, day: datetime) -> None:
        self.path, self.day, self.n = path, day, 0
        path.parent.mkdir(parents=True, exist_ok=True)
        self._write(
            "session_meta", {"id": thread, "timestamp": _stamp(day, 0), "cwd": str(cwd), "originator": "codex_cli_rs"}
        )
        env = (
            f"<environment_context>\n  <cwd>{cwd}</cwd>\n  <approval_policy>on-request</approval_policy>\n"
            "</environment_context>"
        )
        self._item("user", env)

    def _write(self, kind: str, payload: dict[str, Any]) -> None:
        self.n += 1
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps({"timestamp": _stamp(self.day, self.n), "type": kind, "payload": payload}) + "\n")

    def _item(self, role: str, text: str) -> None:
        kind = "output_text" if role == "assistant" else "input_text"
        self._write("response_item", {"type": "message", "role": role, "content": [{"type": kind, "text": text}]})

    def injected(self, context: str) -> None:
        if context:
            self._item("developer", context)

    def exchange(self, ex: Exchange) -> None:
        self._item("user", ex.user)
        self._write("event_msg", {"type": "user_message", "message": ex.user})
        if ex.tool:
            call = {
                "type": "function_call",
                "name": "shell",
                "arguments": '{"command":["pytest"]}',
                "call_id": f"c{self.n}",
            }
            self._write("response_item", call)
            self._write(
                "response_item", {"type": "function_call_output", "call_id": f"c{self.n - 1}", "output": ex.tool}
            )
        self._item("assistant", ex.reply)
        self._write("event_msg", {"type": "agent_message", "message": ex.reply})
