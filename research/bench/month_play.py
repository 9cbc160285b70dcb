"""The month bench's player (#27): ``Month`` (a scratch HOME, data directory and repository, the hook command lines
``connect`` installs, the month clock) and ``run_session`` (one planned session in its client's format, its hooks
and, with an agent, the stop hook answered)."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import time
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from month_bank import Exchange, Session, exchanges, said
from month_clients import ClaudeFile, CodexFile, GeminiFile

SLUG = "ledger-svc"
REMOTE = "git@github.com:acme/ledger-svc.git"
WAIT_S = 600.0
CLOCK_DIR = Path(__file__).resolve().parent / "month_clock"


class Month:
    """A scratch HOME, data directory and repository, and the hook command lines. With ``month_clock`` the
    processes it starts read a wall clock set to the day being played (``at``): the store holds a month, not
    minutes (the time-neighbour rule, recency and expiry read the stored times)."""

    def __init__(self, root: Path, embedder: str, exe: list[str], month_clock: bool = True) -> None:
        self.root = root
        self.home = root / "home"
        self.data = root / "data"
        self.repo = root / "home" / "src" / SLUG
        (self.repo / ".git").mkdir(parents=True)
        (self.repo / ".git" / "config").write_text(
            f'[core]\n\tbare = false\n[remote "origin"]\n\turl = {REMOTE}\n', encoding="utf-8"
        )
        (self.repo / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
        self.exe = exe
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.upper().startswith(("CONTEXTLAMP_", "CODEX_"))},
            "HOME": str(self.home),
            "CONTEXTLAMP_HOME": str(self.data),
            "CONTEXTLAMP_EMBEDDER": embedder,
            "CONTEXTLAMP_USER": "dana",
            "CODEX_HOME": str(self.home / ".codex"),
        }
        if month_clock:  # every process the bench starts reads the session's day (month_clock/sitecustomize.py)
            path = os.pathsep.join(p for p in (str(CLOCK_DIR), os.environ.get("PYTHONPATH", "")) if p)
            self.env["PYTHONPATH"] = path
        self.start_times: list[float] = []
        self.last_context = ""
        self.month_clock = month_clock

    def at(self, when: datetime) -> None:
        """Set the clock of the processes started from now on to ``when`` (no effect without the month clock)."""
        if self.month_clock:
            self.env["CLP_MONTH_CLOCK_OFFSET_S"] = str((when - datetime.now(UTC)).total_seconds())

    def hook(self, client: str, event: str, stdin: dict[str, Any] | None, argv: Sequence[str] = ()) -> str:
        """Run ``contextlamp hook CLIENT EVENT`` as the client does: its stdout."""
        started = time.perf_counter()
        done = subprocess.run(
            [*self.exe, "hook", client, event, *argv],
            input=json.dumps(stdin) if stdin is not None else "",
            capture_output=True,
            text=True,
            env=self.env,
            cwd=self.repo,
            timeout=120,
            check=False,
        )
        if event == "session-start":
            self.start_times.append(time.perf_counter() - started)
        return done.stdout

    def start(self, client: str, session_id: str, transcript: Path) -> str:
        """The session-start hook's additionalContext ('' when it injected nothing)."""
        out = self.hook(client, "session-start", self._stdin(session_id, transcript, "SessionStart", source="startup"))
        try:
            context = json.loads(out).get("hookSpecificOutput", {}).get("additionalContext", "")
        except ValueError:
            context = ""
        self.last_context = context or self.last_context
        return context

    def _stdin(self, session_id: str, transcript: Path, event: str, **extra: str) -> dict[str, Any]:
        return {
            "session_id": session_id,
            "transcript_path": str(transcript),
            "cwd": str(self.repo),
            "hook_event_name": event,
            **extra,
        }

    def save(self, client: str, event: str, session_id: str, transcript: Path, name: str) -> None:
        self.hook(client, event, self._stdin(session_id, transcript, name))

    def notify(self, thread: str, user: str, reply: str) -> None:
        payload = {
            "type": "agent-turn-complete",
            "thread-id": thread,
            "turn-id": uuid.uuid4().hex,
            "cwd": str(self.repo),
            "input-messages": [user],
            "last-assistant-message": reply,
        }
        self.hook("codex", "notify", None, [json.dumps(payload)])

    def wait_for_workers(self) -> None:
        """Wait until every detached save worker the log names has exited."""
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            text = _log_text(self)  # every rotated file too: a worker logged before a rotation still runs
            pids = {int(p) for p in re.findall(r"in worker (\d+)", text)}
            if not any(Path(f"/proc/{pid}").exists() and _is_worker(pid) for pid in pids):
                return
            time.sleep(0.3)
        raise TimeoutError("save workers still running")


def _is_worker(pid: int) -> bool:
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        state = Path(f"/proc/{pid}/stat").read_text().split(") ")[-1][:1]
    except OSError:
        return False
    return b"contextlamp" in cmdline and state != "Z"


def run_session(month: Month, session: Session, day: datetime, rng: random.Random, agent: Any = None) -> None:
    """Write one session in its client's format and run its hooks; with ``agent`` (month_agent.Agent) the stop
    hook ``connect`` installs runs after every agent turn and the agent answers its requests."""
    body = exchanges(session, rng)
    sid = str(uuid.UUID(int=rng.getrandbits(128)))
    month.at(day)

    def turn(client: str, path: Path, writer: Any, ex: Exchange) -> str:
        if agent is None:
            return ex.reply
        return agent.turn(client, sid, path, writer, ex.user, ex.reply, list(ex.facts))

    if agent is not None:
        agent.begin()
    if session.client == "claude-code":
        path = month.home / ".claude" / "projects" / f"-home-src-{SLUG}" / f"{sid}.jsonl"
        claude = ClaudeFile(path, sid, month.repo, day)
        context = month.start("claude-code", sid, path)
        claude.injected(context)
        claude.command()
        for ex in body:
            claude.exchange(ex)
            turn("claude-code", path, claude, ex)
        if session.compacts:
            month.save("claude-code", "pre-compact", sid, path, "PreCompact")
            if agent is not None:
                agent.forget()  # the agent keeps the summary, not the turns
            spoken = [ex.user for ex in body if any(f.component in ex.user for f in [*session.teach, *session.correct])]
            claude.compaction(spoken, context.splitlines()[2:])
        for fact in session.tail:
            if session.resumes:
                month.save("claude-code", "session-end", sid, path, "SessionEnd")
                month.wait_for_workers()
                if agent is not None:
                    agent.forget()
                month.start("claude-code", sid, path)
            for tail in said(fact.statement(rng), "Noted.", ((fact, False),)):
                claude.exchange(tail)
                turn("claude-code", path, claude, tail)
        month.save("claude-code", "session-end", sid, path, "SessionEnd")
    elif session.client == "gemini-cli":
        path = month.home / ".gemini" / "tmp" / ("ab" * 32) / "chats" / f"session-{day:%Y-%m-%dT%H-%M}-{sid[:8]}.jsonl"
        gemini = GeminiFile(path, sid, day)
        context = month.start("gemini-cli", sid, path)
        gemini.injected(context)
        for ex in body:
            gemini.exchange(ex)
            turn("gemini-cli", path, gemini, ex)
        if session.compacts:
            month.save("gemini-cli", "pre-compact", sid, path, "PreCompress")
            if agent is not None:
                agent.forget()  # the agent keeps the summary, not the turns
            spoken = [ex.user for ex in body if any(f.component in ex.user for f in [*session.teach, *session.correct])]
            gemini.compaction(spoken, context.splitlines()[2:])
        for fact in session.tail:
            if session.resumes:
                month.save("gemini-cli", "session-end", sid, path, "SessionEnd")
                month.wait_for_workers()
                if agent is not None:
                    agent.forget()
                month.start("gemini-cli", sid, path)
            for tail in said(fact.statement(rng), "Noted.", ((fact, False),)):
                gemini.exchange(tail)
                turn("gemini-cli", path, gemini, tail)
        month.save("gemini-cli", "session-end", sid, path, "SessionEnd")
    else:
        now = datetime.now(UTC)
        folder = month.home / ".codex" / "sessions" / f"{now:%Y}" / f"{now:%m}" / f"{now:%d}"
        path = folder / f"rollout-{now:%Y-%m-%dT%H-%M-%S}-{sid}.jsonl"
        codex = CodexFile(path, sid, month.repo, day)
        context = month.last_context  # Codex has no session-start hook: developer instructions carry the context
        codex.injected(context)
        for ex in body:
            codex.exchange(ex)
            month.notify(sid, ex.user, turn("codex", path, codex, ex))  # Codex notifies after the Stop hooks
            time.sleep(0.05)
    month.wait_for_workers()


def _log_text(month: Month) -> str:
    return "".join(p.read_text(encoding="utf-8", errors="replace") for p in (month.data / "logs").glob("hooks.log*"))
