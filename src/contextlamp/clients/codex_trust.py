"""Codex's hook trust: which ``[hooks.state."<key>"]`` entries of ``~/.codex/config.toml`` let our hooks run.

Codex (0.130 and later; developers.openai.com/codex/hooks) runs a hook from ``hooks.json`` or ``[hooks]`` only
when the user has reviewed it: ``/hooks`` in the TUI records ``trusted_hash`` for the hook's key, and a hook
whose current hash differs (edited, or never reviewed) is skipped without a word. ``contextlamp connect codex``
is that review for the hooks it writes itself, so it records their trust the way Codex does:

- the key is ``<absolute path of the hooks file>:<event label>:<group index>:<handler index>``
  (openai/codex ``codex-rs/hooks/src/lib.rs`` ``hook_key``; event labels ``session_start``, ``pre_compact``,
  ``session_end``, ``stop``, ...);
- the hash is ``sha256:`` + the hex SHA-256 of the compact, key-sorted JSON of the normalised identity
  ``{"event_name": label, "matcher"?: ..., "hooks": [handler]}``, where the handler is ``{"type": "command",
  "command", "timeout", "async", "statusMessage"?}`` with ``timeout`` materialised (600 s when unset, at least
  1; ``SessionEnd``: 1 s when unset, clamped to 1..3) and unset optional fields left out; ``Stop`` and
  ``UserPromptSubmit`` have no matcher (``codex-rs/hooks/src/engine/discovery.rs`` ``command_hook_hash``,
  ``codex-rs/config/src/fingerprint.rs`` ``version_for_toml``).

The real-client test (tests/test_real_clients.py, Codex 0.171.0) fails when this drifts from Codex: an
untrusted hook does not run, and the session starts without its memory.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

# Codex's hook events and their key labels (codex-rs/hooks/src/lib.rs hook_event_key_label)
EVENT_LABELS: dict[str, str] = {
    "PreToolUse": "pre_tool_use",
    "PermissionRequest": "permission_request",
    "PostToolUse": "post_tool_use",
    "PreCompact": "pre_compact",
    "PostCompact": "post_compact",
    "SessionStart": "session_start",
    "SessionEnd": "session_end",
    "UserPromptSubmit": "user_prompt_submit",
    "SubagentStart": "subagent_start",
    "SubagentStop": "subagent_stop",
    "Stop": "stop",
}
NO_MATCHER_EVENTS = ("UserPromptSubmit", "Stop")
DEFAULT_TIMEOUT_S = 600
SESSION_END_TIMEOUT_S = (1, 3)  # Codex's default and ceiling for SessionEnd hooks (seconds)


def normalised_timeout(event: str, timeout: object) -> int:
    """The timeout Codex runs (and hashes) a hook of ``event`` with, from the file's ``timeout`` (seconds)."""
    given = timeout if isinstance(timeout, int) and not isinstance(timeout, bool) else None
    if event == "SessionEnd":
        low, high = SESSION_END_TIMEOUT_S
        return min(max(given if given is not None else low, low), high)
    return max(given if given is not None else DEFAULT_TIMEOUT_S, 1)


def hook_hash(event: str, group: dict[str, Any], handler: dict[str, Any]) -> str:
    """The ``trusted_hash`` Codex expects for ``handler`` (a command hook) of matcher ``group`` under
    ``event`` (a key of ``EVENT_LABELS``). Raises ``KeyError`` for an unknown event."""
    normal: dict[str, Any] = {
        "type": "command",
        "command": handler.get("command"),
        "timeout": normalised_timeout(event, handler.get("timeout")),
        "async": bool(handler.get("async", False)),
    }
    if isinstance(handler.get("statusMessage"), str):
        normal["statusMessage"] = handler["statusMessage"]
    identity: dict[str, Any] = {"event_name": EVENT_LABELS[event], "hooks": [normal]}
    matcher = group.get("matcher")
    if isinstance(matcher, str) and event not in NO_MATCHER_EVENTS:
        identity["matcher"] = matcher
    text = json.dumps(identity, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def trust_entries(hooks_text: str, hooks_path: Path, ours: Callable[[object], bool]) -> dict[str, str]:
    """``{state key: trusted hash}`` of every command hook in the hooks file's text whose command ``ours``
    accepts. A text that is not a JSON object with a ``hooks`` object gives ``{}``."""
    try:
        document: Any = json.loads(hooks_text) if hooks_text.strip() else {}
    except ValueError:
        return {}
    events: Any = cast(dict[str, Any], document).get("hooks") if isinstance(document, dict) else None
    if not isinstance(events, dict):
        return {}
    found: dict[str, str] = {}
    for event, groups in cast(dict[str, Any], events).items():
        if event not in EVENT_LABELS or not isinstance(groups, list):
            continue
        for group_index, group in enumerate(cast(list[Any], groups)):
            handlers: Any = cast(dict[str, Any], group).get("hooks") if isinstance(group, dict) else None
            if not isinstance(handlers, list):
                continue
            for handler_index, handler in enumerate(cast(list[Any], handlers)):
                if not isinstance(handler, dict):
                    continue
                plain = cast(dict[str, Any], handler)
                if plain.get("type") == "command" and ours(plain.get("command")):
                    key = f"{hooks_path}:{EVENT_LABELS[event]}:{group_index}:{handler_index}"
                    found[key] = hook_hash(event, cast(dict[str, Any], group), plain)
    return found
