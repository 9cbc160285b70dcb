"""What each client expects a hook to print on stdout (one JSON object, or nothing).

- Claude Code (code.claude.com/docs/en/hooks, "JSON output"): ``{"hookSpecificOutput": {"hookEventName":
  "SessionStart", "additionalContext": "..."}}`` adds context at session start; ``systemMessage`` is a message
  shown to the user (any event).
- Gemini CLI (geminicli.com/docs/hooks/reference): the same ``hookSpecificOutput.additionalContext`` for
  SessionStart and ``systemMessage`` for the user; stdout must hold nothing but the JSON.
- Cursor (cursor.com/docs/agent/hooks, sessionStart): ``{"additional_context": "..."}``.
- Codex hooks (developers.openai.com/codex/hooks): SessionStart reads the same ``hookSpecificOutput``
  (``additionalContext``) and ``systemMessage``; its other events get nothing (empty stdout is "no
  decision"). Codex's older ``notify`` program: its output is ignored; nothing is printed.

An unknown client gets nothing on stdout (nothing is always valid); a known client's event with nothing to
say gets ``{}``.
"""

from __future__ import annotations

import json

JSON_CLIENTS = ("claude-code", "gemini-cli", "cursor")


def start_output(client: str, context: str, message: str | None) -> str:
    """The session-start output of ``client`` carrying ``context`` (empty: none) and ``message`` for the user."""
    if client not in JSON_CLIENTS and client != "codex":
        return ""
    out: dict[str, object] = {}
    if client == "cursor":
        if context:
            out["additional_context"] = context
        return json.dumps(out, ensure_ascii=False)
    if context:
        out["hookSpecificOutput"] = {"hookEventName": "SessionStart", "additionalContext": context}
    if message:
        out["systemMessage"] = message
    return json.dumps(out, ensure_ascii=False)


def notice_output(client: str, message: str | None) -> str:
    """The output of any other event: ``message`` as the user-visible ``systemMessage`` where the client shows
    one (Claude Code, Gemini CLI), else ``{}``; nothing for a client that reads no JSON."""
    if client not in JSON_CLIENTS:
        return ""
    if message and client != "cursor":
        return json.dumps({"systemMessage": message}, ensure_ascii=False)
    return "{}"
