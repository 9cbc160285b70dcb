"""What the store holds after the hooks run on a client's transcript (issue #27 items 1, 2, 6; #29 items 11, 13).

Each test runs ``contextlamp hook CLIENT EVENT`` as the client runs it (tests/test_hooks.py ``Scratch``: a scratch
HOME, data directory and repository ``web-app``) on a transcript in the client's native shape, then reads the
store through the CLI: what contextlamp injected and the client's framing never come back as memories, a
compaction is not raced, a one-fact slice keeps its fact, a restatement of a live memory is a dedupe, a
transcript larger than one save is judged turn by turn, session starts do not queue behind saves, and a
client's MCP saves carry the same surface name as its hooks.
"""

from __future__ import annotations

import fcntl
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp_types import Implementation

from tests.test_hooks import SESSION, Scratch, saves_logged, wait_for

CODES = "4f9a2-c81d3 7b2e0-19fa4 0c3d1-aa9e2 51be7-0d4c9 e2a80-3f71b"  # 2FA recovery codes: never on disk
SEEDED = ("We deploy the ledger API with Nomad.", "The ledger API listens on port 8080.")


@pytest.fixture
def scratch(tmp_path: Path) -> Scratch:
    return Scratch(tmp_path)


def _seed(scratch: Scratch) -> None:
    # a first session start maps the repository to its project (web-app) before the saves name that project
    scratch.hook("claude-code", "session-start", scratch.stdin("SessionStart", source="startup"))
    for text in SEEDED:
        subprocess.run(
            [_exe(), "save", text, "--project", "web-app"],
            env=scratch.env,
            check=True,
            capture_output=True,
            timeout=120,
        )


def _exe() -> str:
    return shutil.which("contextlamp", path=str(Path(sys.executable).parent)) or "contextlamp"


class ClaudeLines:
    """Claude Code's session JSONL, one line at a time."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def add(self, record: dict[str, Any]) -> ClaudeLines:
        base = {"isSidechain": False, "sessionId": SESSION, "cwd": "/src/web-app", "version": "2.1.14"}
        self.lines.append(json.dumps({**base, "uuid": f"u{len(self.lines)}", **record}))
        return self

    def user(self, text: str) -> ClaudeLines:
        return self.add({"type": "user", "message": {"role": "user", "content": text}})

    def assistant(self, text: str) -> ClaudeLines:
        content = [{"type": "text", "text": text}]
        return self.add(
            {"type": "assistant", "message": {"role": "assistant", "model": "claude-x", "content": content}}
        )

    def summary(self, body: str) -> ClaudeLines:
        self.add({"type": "system", "subtype": "compact_boundary", "content": "Conversation compacted"})
        return self.add({"type": "user", "isCompactSummary": True, "message": {"role": "user", "content": body}})

    def text(self) -> str:
        return "".join(line + "\n" for line in self.lines)


def _summary(*statements: str) -> str:
    """A compaction summary in Claude Code 2.1.x's wording, its framing around ``statements``."""
    return "\n".join(
        [
            "This session is being continued from a previous conversation that ran out of context. The summary "
            "below covers the earlier portion of the conversation.",
            "",
            "Summary:",
            "1. Primary Request and Intent:",
            *(f"   - {s}" for s in statements),
            "",
            "Continue the conversation from where we left off without asking the user any further questions. "
            "Continue with the last task that you were asked to work on.",
        ]
    )


def _context(scratch: Scratch, client: str) -> str:
    start, _ = scratch.hook(client, "session-start", scratch.stdin("SessionStart", source="startup"))
    return json.loads(start.stdout)["hookSpecificOutput"]["additionalContext"]


def _end(scratch: Scratch, client: str = "claude-code", saves: int = 1) -> None:
    done, _ = scratch.hook(client, "session-end", scratch.stdin("SessionEnd", reason="other"))
    assert done.returncode == 0
    wait_for(lambda: saves_logged(scratch) >= saves, "the detached save")
    assert "save failed" not in scratch.log(), scratch.log()


def test_gemini_hook_context_in_the_user_turn_is_never_captured(scratch: Scratch) -> None:
    _seed(scratch)
    context = _context(scratch, "gemini-cli")
    assert "Nomad" in context
    chat = scratch.home / ".gemini" / "tmp" / "ab12" / "chats" / "session-2026-12-01T09-00-s1.jsonl"
    chat.parent.mkdir(parents=True)
    records = [
        {"sessionId": SESSION, "projectHash": "ab12", "startTime": "2026-12-01T09:00:00Z"},
        {"id": "m1", "type": "user", "content": [{"text": f"<hook_context>{context}</hook_context>\n\nhi there"}]},
        {"id": "m2", "type": "gemini", "content": "Hello! What are we doing?"},
        {"id": "m3", "type": "user", "content": [{"text": "We use pnpm in this repository, never npm."}]},
        {"id": "m4", "type": "gemini", "content": "Understood."},
    ]
    chat.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    scratch.transcript = chat
    _end(scratch, "gemini-cli")
    memories = scratch.project_memories()
    assert sorted(memories) == sorted([*SEEDED, "We use pnpm in this repository, never npm."])


def test_injected_lines_quoted_without_the_marker_are_never_captured(scratch: Scratch) -> None:
    """A compaction summary (here with no PreCompact save before it, so its content counts) quotes the injected
    lines without contextlamp's marker: the lines remembered for the session are still recognised."""
    _seed(scratch)
    context = _context(scratch, "claude-code")
    quoted = [line[2:] for line in context.splitlines() if line.startswith("- [")]
    assert quoted
    lines = ClaudeLines().summary(_summary(*quoted, "We use pnpm in this repository, never npm."))
    lines.user("thanks, carry on").assistant("Sure.")
    scratch.transcript.write_text(lines.text(), encoding="utf-8")
    _end(scratch)
    memories = scratch.project_memories()
    assert not any("[" in m or "contextlamp" in m.lower() for m in memories), memories
    assert len(memories) == len(SEEDED) + 1 and any("pnpm" in m for m in memories)


def test_client_framing_code_logs_and_codes_are_never_memories(scratch: Scratch) -> None:
    lines = ClaudeLines().summary(_summary("We decided to deploy the ledger API with Nomad."))
    lines.user("<command-name>/model</command-name>\n<command-message>model</command-message>")
    lines.user("<local-command-stdout>Set model to claude-sonnet-4-5 and always use it</local-command-stdout>")
    lines.user("<system-reminder>\nWe always lint with the strict profile as configured.\n</system-reminder>\nok")
    lines.user(
        "it fails here:\n```python\ndef settle(batch):\n    return total\n```\nTraceback (most recent call last):\n"
        '  File "ledger/settle.py", line 41, in settle\nUnboundLocalError: local variable total referenced'
    )
    lines.assistant("Initialise total first.")
    lines.user(f"My github 2FA backup codes, we always keep them here: {CODES}")
    lines.user("We use pnpm in this repository, never npm.").assistant("Noted.")
    scratch.transcript.write_text(lines.text(), encoding="utf-8")
    _end(scratch)
    memories = scratch.project_memories()
    joined = " ".join(memories).lower()
    assert "nomad" in joined and "pnpm" in joined  # the summary's content and the new fact
    for framing in ("continue", "conversation", "session", "model", "lint", "settle", "total", "backup"):
        assert framing not in joined, (framing, memories)
    for code in CODES.split():
        for path in scratch.data.rglob("*"):
            if path.is_file():
                assert code.encode() not in path.read_bytes(), path


def test_a_compaction_summary_is_never_raced(scratch: Scratch) -> None:
    """PreCompact's save reads the raw turns as they were when the hook ran; the summary the client writes right
    after is the already-captured content and is skipped, the turns after it are captured."""
    lines = ClaudeLines().user("We use pnpm in this repository, never npm.").assistant("Understood.")
    scratch.transcript.write_text(lines.text(), encoding="utf-8")
    done, _ = scratch.hook("claude-code", "pre-compact", scratch.stdin("PreCompact", trigger="auto"))
    assert done.returncode == 0
    # the client compacts at once, before the detached worker has even loaded
    lines.summary(_summary("The team relies on the pnpm package manager for every install."))
    lines.user("We decided to deploy the ledger API with Nomad.").assistant("Noted.")
    scratch.transcript.write_text(lines.text(), encoding="utf-8")
    wait_for(lambda: saves_logged(scratch) >= 1, "the compaction's save")
    _end(scratch, saves=2)
    memories = scratch.project_memories()
    assert sorted(memories) == sorted(
        ["We use pnpm in this repository, never npm.", "We decided to deploy the ledger API with Nomad."]
    ), memories


def test_a_one_fact_codex_slice_keeps_its_fact(scratch: Scratch) -> None:
    """Codex's notify saves after every turn: the turn that states one fact is judged with its session (here
    with the offline ranker's real model, which vetoes a lone fact and its acknowledgement as chatter)."""
    thread = "0199a3b2-5c4d-7e8f-9a0b-1c2d3e4f5a6b"
    day = time.strftime("%Y/%m/%d", time.gmtime())
    rollout = scratch.home / ".codex" / "sessions" / day / f"rollout-2026-12-01T09-00-00-{thread}.jsonl"
    rollout.parent.mkdir(parents=True)
    scratch.env["CONTEXTLAMP_EMBEDDER"] = "minilm"  # the hooks and the CLI read the same stores

    def item(role: str, text: str) -> str:
        kind = "output_text" if role == "assistant" else "input_text"
        payload = {"type": "message", "role": role, "content": [{"type": kind, "text": text}]}
        return json.dumps({"timestamp": "2026-12-01T09:00:00Z", "type": "response_item", "payload": payload}) + "\n"

    turns = [  # as one session, the offline distiller keeps the port (research/bench/month.py shows the month of this)
        ("morning! let us keep going on the ledger service", "Morning! Where do you want to start?"),
        ("The billing worker listens on port 4123 in staging.", "Got it."),
        ("can you run the tests again?", "Running them now. Two pass, one fails."),
        ("The report exporter is maintained by Priya.", "Noted, thanks."),
    ]
    with rollout.open("w", encoding="utf-8") as handle:
        handle.write(json.dumps({"type": "session_meta", "payload": {"id": thread}}) + "\n")
    for n, (user, reply) in enumerate(turns, 1):
        with rollout.open("a", encoding="utf-8") as handle:
            handle.write(item("user", user) + item("assistant", reply))
        payload = {"type": "agent-turn-complete", "thread-id": thread, "turn-id": str(n), "cwd": str(scratch.repo)}
        scratch.hook("codex", "notify", "", None, json.dumps(payload))
        wait_for(lambda n=n: saves_logged(scratch) >= n, "the turn's save")
    assert "save failed" not in scratch.log()
    assert any("4123" in m for m in scratch.project_memories()), scratch.project_memories()


def test_a_restatement_of_a_live_memory_is_a_dedupe(scratch: Scratch) -> None:
    _seed(scratch)
    lines = ClaudeLines().user("Our ledger API listens on port 8080 now.").assistant("Right.")
    lines.user("The billing worker listens on port 4123.").assistant("Noted.")
    scratch.transcript.write_text(lines.text(), encoding="utf-8")
    _end(scratch)
    memories = scratch.project_memories()
    assert sorted(memories) == sorted([*SEEDED, "The billing worker listens on port 4123."]), memories


def test_a_correction_in_a_later_session_supersedes_the_memory_it_corrects(scratch: Scratch) -> None:
    lines = ClaudeLines().user("The billing worker listens on port 4123 in staging.").assistant("Noted.")
    scratch.transcript.write_text(lines.text(), encoding="utf-8")
    _end(scratch)
    assert scratch.project_memories() == ["The billing worker listens on port 4123 in staging."]
    later = scratch.transcript.with_name("later.jsonl")
    lines = ClaudeLines().user("Correction: the billing worker moved to port 5123, not 4123 anymore.").assistant("Ok.")
    later.write_text(lines.text(), encoding="utf-8")
    scratch.transcript = later
    done, _ = scratch.hook(
        "claude-code", "session-end", json.dumps({**json.loads(scratch.stdin("SessionEnd")), "session_id": "s2"})
    )
    assert done.returncode == 0
    wait_for(lambda: saves_logged(scratch) >= 2, "the later session's save")
    live = scratch.project_memories()
    assert len(live) == 1 and "5123" in live[0], live  # the old value is superseded, not live
    history = scratch.cli("list", "--project", "web-app", "--json", "--all")["items"]
    assert any("4123" in i["preview"] and i.get("superseded_by") for i in history), history  # history kept


def test_a_later_change_of_one_attribute_keeps_the_components_other_attributes(scratch: Scratch) -> None:
    lines = ClaudeLines().user("The kyc checker runs every 147 minutes.").assistant("Noted.")
    lines.user("We deploy the kyc checker to kestrel-43.internal.").assistant("Noted.")
    lines.user("The refund processor runs on the heron-52.internal host.").assistant("Noted.")
    scratch.transcript.write_text(lines.text(), encoding="utf-8")
    _end(scratch)
    later = scratch.transcript.with_name("later.jsonl")
    lines = ClaudeLines().user("We rewrote the kyc checker in OCaml.").assistant("Ok.")
    lines.user("Correction: the refund processor now runs on wren-8.internal, not heron-52.internal.").assistant("Ok.")
    lines.user("Update: the refund processor now runs every 213 minutes instead of 234.").assistant("Ok.")
    later.write_text(lines.text(), encoding="utf-8")
    scratch.transcript = later
    done, _ = scratch.hook(
        "claude-code", "session-end", json.dumps({**json.loads(scratch.stdin("SessionEnd")), "session_id": "s2"})
    )
    assert done.returncode == 0
    wait_for(lambda: saves_logged(scratch) >= 2, "the later session's save")
    live = scratch.project_memories()
    for kept in ("every 147 minutes", "kestrel-43.internal", "OCaml", "wren-8.internal", "every 213 minutes"):
        assert any(kept in m for m in live), (kept, live)  # another attribute's change retired none of these
    assert not any("heron-52.internal host" in m for m in live), live  # the corrected host value is retired


def _long_session(first: str, last: str, filler: int) -> str:
    lines = ClaudeLines().user(first).assistant("Noted.")
    for n in range(filler):
        lines.user("ok, go on").assistant(f"Done with step {n}, the output looks fine.")
    return lines.user(last).assistant("Noted.").text()


def test_a_transcript_larger_than_one_save_is_judged_turn_by_turn(scratch: Scratch) -> None:
    """Every new turn is judged, window by window: the fact at the start of a long session is kept, not only the
    newest ``max_transcript_bytes``."""
    text = _long_session("We use pnpm in this repository, never npm.", "We decided to deploy with Nomad.", 40)
    scratch.transcript.write_text(text, encoding="utf-8")
    done, _ = scratch.hook(
        "claude-code", "session-end", scratch.stdin("SessionEnd"), {"CONTEXTLAMP_MAX_TRANSCRIPT_BYTES": "3000"}
    )
    assert done.returncode == 0
    wait_for(lambda: saves_logged(scratch) >= 1, "the save")
    joined = " ".join(scratch.project_memories())
    assert "pnpm" in joined and "Nomad" in joined, joined
    assert "skipped" not in scratch.log()


def test_what_a_save_cannot_judge_is_named_in_the_log(scratch: Scratch) -> None:
    text = _long_session("We use pnpm in this repository, never npm.", "We decided to deploy with Nomad.", 200)
    scratch.transcript.write_text(text, encoding="utf-8")
    scratch.hook(
        "claude-code", "session-end", scratch.stdin("SessionEnd"), {"CONTEXTLAMP_MAX_TRANSCRIPT_BYTES": "1500"}
    )
    wait_for(lambda: saves_logged(scratch) >= 1, "the save")
    joined = " ".join(scratch.project_memories())
    assert "Nomad" in joined and "pnpm" not in joined
    assert "of its new turns were skipped" in scratch.log()


def test_session_starts_do_not_wait_behind_captures(scratch: Scratch) -> None:
    """Saves queue for the data directory's one capture slot (here held by the test); a session start takes no
    slot and injects at once; the queued saves all finish when the slot is free."""
    _seed(scratch)
    scratch.transcript.write_text(ClaudeLines().user("We use pnpm in this repository, never npm.").text(), "utf-8")
    slot = scratch.data / "hooks" / "locks" / "capture.lock"
    slot.parent.mkdir(parents=True, exist_ok=True)
    with slot.open("a+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        for n in range(6):
            stdin = json.loads(scratch.stdin("SessionEnd"))
            scratch.hook("claude-code", "session-end", json.dumps({**stdin, "session_id": f"s{n}"}))
        context = _context(scratch, "claude-code")
        assert "Nomad" in context
        time.sleep(2)
        assert saves_logged(scratch) == 0  # every save waits for the slot
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    wait_for(lambda: saves_logged(scratch) >= 6, "the queued saves")
    assert "save failed" not in scratch.log()
    assert any("pnpm" in m for m in scratch.project_memories())


@pytest.mark.parametrize(
    ("client_name", "surface"), [("codex-mcp-client", "codex"), ("gemini-cli-mcp-client", "gemini-cli")]
)
def test_a_clients_mcp_saves_carry_its_hooks_surface_name(tmp_path: Path, client_name: str, surface: str) -> None:
    env = {"CONTEXTLAMP_HOME": str(tmp_path / "data"), "CONTEXTLAMP_USER": "dana", "CONTEXTLAMP_EMBEDDER": "fake"}
    params = StdioServerParameters(command=_exe(), args=["serve"], env=env)

    async def main() -> list[Any]:
        with anyio.fail_after(120):
            async with Client(params, client_info=Implementation(name=client_name, version="1")) as client:
                await client.call_tool("save_context", {"content": "We deploy the ledger API with Nomad."})
                found = await client.call_tool("get_context", {"query": "how do we deploy the ledger API"})
                return list((found.structured_content or {})["packs"])

    packs = anyio.run(main)
    assert packs and {p["source_surface"] for p in packs} == {surface}


def test_a_restatement_differing_only_by_a_lead_in_and_the_opening_capital_is_a_dedupe() -> None:
    """The agent's digest 'Rule: Always run the linter before committing.' and the user's 'From now on, always
    run the linter before committing.' are one memory (real-client test, three sessions); a name still counts."""
    from contextlamp.hooks.judge import restates

    assert restates(
        "From now on, always run the linter before committing.", ["Always run the linter before committing."]
    )
    assert not restates("Priya owns the billing worker.", ["Tomasz owns the billing worker."])
    assert not restates("The ledger API listens on port 9090.", ["The ledger API listens on port 8080."])
