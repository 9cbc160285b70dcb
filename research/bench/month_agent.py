"""The agent path of the month simulation (#27.5): the stop hook ``contextlamp connect`` installs by default,
played after every agent turn, and a careful agent that answers its request.

What ``connect`` installs (``clients/catalog.py``, ``clients/plan.py``): ``contextlamp hook claude-code stop`` on
Claude Code's ``Stop``, ``contextlamp hook codex stop`` on Codex's ``Stop`` and ``contextlamp hook gemini-cli stop``
on Gemini CLI's ``AfterAgent`` (Cursor's ``stop`` is not played: the month has no Cursor session). The hook gets
stdin as each client sends it (docs/hooks.md "Clients' hook inputs"): Claude Code ``session_id``,
``transcript_path``, ``cwd``, ``permission_mode``, ``hook_event_name`` "Stop", ``stop_hook_active``,
``last_assistant_message``; Codex the same plus ``turn_id`` and ``model``; Gemini CLI ``session_id``,
``transcript_path``, ``cwd``, ``hook_event_name`` "AfterAgent", ``timestamp``, ``prompt``, ``prompt_response``,
``stop_hook_active``.

When the hook asks (``decision`` "block" / "deny"), the request goes into the transcript the way each client
writes it (read from the real clients' transcripts of tests/test_real_clients.py, Claude Code 2.1.332, Codex
0.171, Gemini CLI): Claude Code a user line ``"Stop hook feedback:\\n<reason>"`` with ``isMeta``, a
``hook_blocking_error`` attachment and a ``stop_hook_summary`` system line, then (first time in a session) a
``ToolSearch`` loading the deferred tool; Codex a user message ``<hook_prompt hook_run_id=...>reason</hook_prompt>``;
Gemini CLI a plain user message holding the reason. The agent then calls ``save_session`` through a real stdio MCP
server of this tree started in the repository (no ``project`` argument, as agents call it; the client's own MCP
client name), the call and its result are written as the client writes them, the agent closes with a short line,
and the hook is played again with ``stop_hook_active`` true (it must not ask again).

The agent is an oracle for WHAT (it knows which facts the turns since the last checkpoint taught or corrected)
but not for the bank's wording. A request covers every user turn since the hook's last checkpoint (docs/hooks.md),
not only the turn it follows: a stop that moved no checkpoint (past its deadline on a loaded machine: it answers
"carry on" and writes nothing) leaves its turns for the next stop's request, and the agent answering that request
saves what all those turns taught, as a real agent reading "durable things were said since the last checkpoint"
would. The bench tells a stop that moved the checkpoint by the hook's checkpoint files
(``<data dir>/hooks/digest/*.json``) changing during the stop; turns the checkpoint passed without a request are
left to the offline capture, and a compaction or a session end (``forget``) ends what the agent can still recall.
Its words: its words come from ``month_oracle.py``, either one generic template over the
attribute's name, the component and the value, the same for every bank (``template``), or a seeded paraphrase in
the wordings real models write (``paraphrase``). It writes nothing when the slice taught nothing (a false ask), and
nothing when the hook did not ask.
"""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from month_oracle import Paraphraser, template_lines

# the MCP client name each client's stdio connection announces (the server labels saves by it)
CLIENT_INFO = {"claude-code": "claude-code", "codex": "codex-mcp-client", "gemini-cli": "gemini-cli-mcp-client"}
EVENT = {"claude-code": "Stop", "codex": "Stop", "gemini-cli": "AfterAgent"}
CLOSING = "Saved the digest."
NOTHING = "Nothing new worth saving from that part."


@dataclass
class AgentStats:
    """What the stop hook and the agent did over the month."""

    stops: int = 0
    asks: int = 0
    asks_per_session: list[int] = field(default_factory=list)
    fact_slices: int = 0
    fact_slices_asked: int = 0  # fact turns a request covered: at their own stop or (deferred) a later one
    fact_slices_deferred: int = 0  # of those, covered by a later stop's request (their own stop moved no checkpoint)
    stops_kept: int = 0  # stops that neither asked nor moved the checkpoint (their turns stay for the next stop)
    false_asks: int = 0
    loops: int = 0  # a stop with stop_hook_active true that asked again (must stay 0)
    saves: int = 0
    saved: int = 0  # memories the save_session results report saved
    deduped: int = 0
    extra_requests: int = 0  # model requests the asks cost (the save call, the closing reply; a ToolSearch)
    scopes: dict[str, int] = field(default_factory=dict)

    def report(self, sessions: int) -> dict[str, Any]:
        """The figures the month bench prints."""
        return {
            "stops_played": self.stops,
            "digest_requests": self.asks,
            "digest_requests_per_session": round(self.asks / sessions, 2) if sessions else 0.0,
            "sessions_asked": sum(1 for n in self.asks_per_session if n),
            "cue_recall": f"{self.fact_slices_asked}/{self.fact_slices}",
            "fact_pauses_asked_later": self.fact_slices_deferred,
            "stops_that_kept_their_turns": self.stops_kept,
            "false_asks": self.false_asks,
            "asked_again_when_active": self.loops,
            "agent_saves": self.saves,
            "agent_saved_memories": self.saved,
            "agent_deduped": self.deduped,
            "extra_agent_turns": self.asks,
            "extra_model_requests": self.extra_requests,
            "agent_save_scopes": self.scopes,
        }


class Agent:
    """Plays the stop hook after each agent turn and answers its requests (module docstring)."""

    def __init__(self, month: Any, oracle: str = "template", seed: int = 0) -> None:
        self.month = month
        self.oracle = oracle  # month_oracle.MODES: the words of the digest (template, or a seeded paraphrase)
        self.paraphraser = Paraphraser(seed, month.repo.name) if oracle == "paraphrase" else None
        self.stats = AgentStats()
        self.loaded: set[str] = set()  # Claude Code sessions whose deferred save_session tool is loaded
        # the turns since the hook's checkpoint: (facts as (fact, corrected), the user's turn), oldest first
        self.pending: list[tuple[list[Any], str]] = []

    def begin(self) -> None:
        """A new session starts."""
        self.stats.asks_per_session.append(0)
        self.forget()

    def forget(self) -> None:
        """A compaction or a session end: the capture judges the turns no request covered, the agent keeps none."""
        self.pending = []

    def turn(self, client: str, sid: str, path: Path, writer: Any, user: str, reply: str, facts: list[Any]) -> str:
        """After one agent turn (``user`` -> ``reply``, teaching ``facts`` as ``(fact, corrected)``): the stop
        hook, and the agent's answer when it asks. Returns the agent's last reply."""
        self.stats.stops += 1
        if facts:
            self.stats.fact_slices += 1
        self.pending.append((facts, user))
        before = _checkpoints(self.month)
        reason = self._stop(client, sid, path, user, reply, active=False)
        if reason is None:
            if _checkpoints(self.month) != before:
                self.pending = []  # the checkpoint passed these turns: the offline capture's now
            else:
                self.stats.stops_kept += 1
            return reply
        covered, self.pending = self.pending, []
        self.stats.asks += 1
        self.stats.asks_per_session[-1] += 1
        asked = sum(1 for turn_facts, _ in covered if turn_facts)
        self.stats.fact_slices_asked += asked
        self.stats.fact_slices_deferred += asked - (1 if facts else 0)
        if not asked:
            self.stats.false_asks += 1
        said = [(fact, corrected, said_in) for turn_facts, said_in in covered for fact, corrected in turn_facts]
        if self.paraphraser:
            lines = self.paraphraser.digest(said)
        else:
            lines = template_lines([(fact, corrected) for fact, corrected, _ in said])
        _request(client, writer, reason, self.month.repo)
        if lines:
            if client == "claude-code" and sid not in self.loaded:
                _claude_toolsearch(writer)
                self.loaded.add(sid)
                self.stats.extra_requests += 1
            digest = "\n".join(lines)
            result = self._save(client, digest)
            _call(client, writer, digest, result)
            self.stats.extra_requests += 2
        else:
            self.stats.extra_requests += 1
        closing = CLOSING if lines else NOTHING
        _closing(client, writer, closing)
        if self._stop(client, sid, path, user, closing, active=True) is not None:
            self.stats.loops += 1
        return closing

    def _stop(self, client: str, sid: str, path: Path, user: str, reply: str, active: bool) -> str | None:
        """Play the installed stop hook once; the reason when it asks for the digest."""
        base: dict[str, Any] = {"session_id": sid, "transcript_path": str(path), "cwd": str(self.month.repo)}
        if client == "gemini-cli":
            stdin = {
                **base,
                "hook_event_name": "AfterAgent",
                "timestamp": datetime.now(UTC).isoformat(),
                "prompt": user,
                "prompt_response": reply,
                "stop_hook_active": active,
            }
        else:
            stdin = {
                **base,
                "permission_mode": "default",
                "hook_event_name": "Stop",
                "stop_hook_active": active,
                "last_assistant_message": reply,
            }
            if client == "codex":
                stdin.update({"turn_id": uuid.uuid4().hex, "model": "gpt-5-codex"})
        out = self.month.hook(client, "stop", stdin)
        try:
            answer = json.loads(out) if out.strip() else {}
        except ValueError:
            return None
        if not isinstance(answer, dict):
            return None
        if answer.get("decision") in ("block", "deny") and answer.get("reason"):
            return str(answer["reason"])
        if answer.get("followup_message"):
            return str(answer["followup_message"])
        return None

    def _save(self, client: str, digest: str) -> dict[str, Any]:
        """``save_session`` with ``digest`` through a stdio server of this tree started in the repository."""
        import anyio

        result: dict[str, Any] = anyio.run(_save_session, self.month, CLIENT_INFO[client], digest)
        self.stats.saves += 1
        self.stats.saved += int(result.get("saved", 0) or 0)
        self.stats.deduped += int(result.get("deduped", 0) or 0)
        scope = str(result.get("scope", "personal")).split(":")[0]
        self.stats.scopes[scope] = self.stats.scopes.get(scope, 0) + 1
        return result


def _checkpoints(month: Any) -> dict[str, bytes]:
    """The stop hook's checkpoint files (``<data dir>/hooks/digest/*.json``, docs/hooks.md "Never a loop") by name:
    a stop that changed none of them moved no checkpoint."""
    folder = Path(month.data) / "hooks" / "digest"
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.json"))} if folder.is_dir() else {}


async def _save_session(month: Any, client_name: str, digest: str) -> dict[str, Any]:
    from mcp import Client, StdioServerParameters
    from mcp.types import Implementation

    params = StdioServerParameters(
        command=month.exe[0], args=[*month.exe[1:], "serve"], env=month.env, cwd=str(month.repo)
    )
    info = Implementation(name=client_name, version="1.0.0")
    async with Client(params, read_timeout_seconds=300, client_info=info) as client:
        result = await client.call_tool("save_session", {"transcript": digest})
        return dict(result.structured_content or {})


# ---------------------------------------------------------------------------- the transcript, as each client


def _request(client: str, writer: Any, reason: str, repo: Path) -> None:
    """The hook's request, where the client writes it."""
    if client == "claude-code":
        writer._line(
            {
                "type": "user",
                "isMeta": True,
                "rowSource": "hook",
                "hookText": True,
                "message": {"role": "user", "content": f"Stop hook feedback:\n{reason}"},
            }
        )
        error = {"blockingError": reason, "command": "contextlamp hook claude-code stop"}
        attachment = {"type": "hook_blocking_error", "hookName": "Stop", "hookEvent": "Stop", "blockingError": error}
        writer._line({"type": "attachment", "attachment": attachment})
        writer._line(
            {
                "type": "system",
                "subtype": "stop_hook_summary",
                "hookCount": 1,
                "hookInfos": [{"command": "contextlamp hook claude-code stop"}],
                "hookErrors": [reason],
                "preventedContinuation": False,
            }
        )
    elif client == "codex":
        hooks = repo.parent.parent / ".codex" / "hooks.json"
        text = f'<hook_prompt hook_run_id="stop:3:{hooks}">{reason}</hook_prompt>'
        writer._write(
            "response_item", {"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]}
        )
    else:
        writer._message("user", [{"text": reason}])


def _claude_toolsearch(writer: Any) -> None:
    """Claude Code defers MCP tools: the first call in a session loads it with ToolSearch."""
    call_id = f"toolu_{writer.n}"
    query = {"query": "select:mcp__contextlamp__save_session", "max_results": 1}
    call = {"type": "tool_use", "id": call_id, "name": "ToolSearch", "input": query}
    message = {"id": f"msg_{writer.n}", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5"}
    writer._line({"type": "assistant", "message": {**message, "content": [call]}})
    found = [{"type": "tool_reference", "tool_name": "mcp__contextlamp__save_session"}]
    result = {"type": "tool_result", "tool_use_id": call_id, "content": found}
    writer._line({"type": "user", "message": {"role": "user", "content": [result]}})


def _call(client: str, writer: Any, digest: str, result: dict[str, Any]) -> None:
    """The agent's save_session call and its result, as the client records them."""
    output = json.dumps(result, separators=(",", ":"))
    if client == "claude-code":
        call_id = f"toolu_{writer.n}"
        call = {
            "type": "tool_use",
            "id": call_id,
            "name": "mcp__contextlamp__save_session",
            "input": {"transcript": digest},
        }
        message = {"id": f"msg_{writer.n}", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5"}
        writer._line({"type": "assistant", "message": {**message, "content": [call]}})
        back = {"type": "tool_result", "tool_use_id": call_id, "content": output}
        writer._line({"type": "user", "toolUseResult": output, "message": {"role": "user", "content": [back]}})
    elif client == "codex":
        call_id = f"call_{writer.n}"
        writer._write(
            "response_item",
            {
                "type": "function_call",
                "name": "save_session",
                "namespace": "mcp__contextlamp",
                "arguments": json.dumps({"transcript": digest}),
                "call_id": call_id,
            },
        )
        writer._write(
            "response_item",
            {
                "type": "function_call_output",
                "call_id": call_id,
                "output": f"Wall time: 0.8 seconds\nOutput:\n{output}",
            },
        )
    else:
        call_id = f"mcp_contextlamp_save_session_{int(time.time() * 1000)}_0"
        response = {"functionResponse": {"id": call_id, "name": "mcp_contextlamp_save_session"}}
        response["functionResponse"]["response"] = {"output": f"<untrusted_context>\n{output}\n</untrusted_context>"}
        calls = [
            {
                "id": call_id,
                "name": "mcp_contextlamp_save_session",
                "args": {"transcript": digest},
                "result": [response],
                "status": "success",
            }
        ]
        writer._message("gemini", "", toolCalls=calls, model="gemini-2.5-pro")
        writer._message("user", [response])


def _closing(client: str, writer: Any, text: str) -> None:
    """The agent's short closing reply."""
    if client == "claude-code":
        writer.assistant(text)
    elif client == "codex":
        writer._item("assistant", text)
        writer._write("event_msg", {"type": "agent_message", "message": text})
    else:
        writer._message("gemini", text, model="gemini-2.5-pro")
