"""Stop 40's breaker harness (research/notes/breaker-stop40.md): a scratch HOME, data directory and repository, and
the real hook command lines, so each finding of the note is one short script over ``Scratch``.

Usage from a finding's script: ``s = Scratch(); s.claude(["turn", ...]); print(s.memories())``. Every process runs
the ``contextlamp`` command of this virtual environment with ``HOME``/``CONTEXTLAMP_HOME`` in the scratch folder;
nothing outside it is read or written. ``CONTEXTLAMP_EMBEDDER`` defaults to ``fake`` (set ``B40_EMBEDDER=minilm``
for the real model).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

EXE = shutil.which("contextlamp", path=str(Path(sys.executable).parent)) or "contextlamp"


class Scratch:
    """A scratch user: ``home``, ``data`` and a repository ``repo`` whose origin is ``remote``."""

    def __init__(self, remote: str = "git@github.com:acme/ledger-svc.git", slug: str = "ledger-svc") -> None:
        self.root = Path(tempfile.mkdtemp(prefix="b40-"))
        self.home = self.root / "home"
        self.data = self.root / "data"
        self.repo = self.home / "src" / slug
        self.make_repo(self.repo, remote)
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.upper().startswith(("CONTEXTLAMP_", "CODEX_"))},
            "HOME": str(self.home),
            "CONTEXTLAMP_HOME": str(self.data),
            "CONTEXTLAMP_EMBEDDER": os.environ.get("B40_EMBEDDER", "fake"),
            "CONTEXTLAMP_USER": "dana",
            "CODEX_HOME": str(self.home / ".codex"),
        }

    @staticmethod
    def make_repo(folder: Path, remote: str | None) -> Path:
        (folder / ".git").mkdir(parents=True, exist_ok=True)
        config = "[core]\n\tbare = false\n"
        if remote:
            config += f'[remote "origin"]\n\turl = {remote}\n'
        (folder / ".git" / "config").write_text(config, encoding="utf-8")
        (folder / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
        return folder

    def run(
        self, *args: str, cwd: Path | None = None, stdin: str = "", timeout: float = 300
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [EXE, *args], input=stdin, capture_output=True, text=True, env=self.env, cwd=cwd or self.repo,
            timeout=timeout, check=False,
        )  # fmt: skip

    def hook(self, client: str, event: str, payload: dict[str, Any] | None, cwd: Path | None = None) -> str:
        return self.run("hook", client, event, stdin=json.dumps(payload) if payload is not None else "", cwd=cwd).stdout

    def wait(self, limit: float = 600) -> None:
        """Until every detached save worker the hooks log names has exited."""
        log = self.data / "logs" / "hooks.log"
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
            pids = {int(p) for p in re.findall(r"in worker (\d+)", text)}
            if not any(_alive(pid) for pid in pids):
                return
            time.sleep(0.3)
        raise TimeoutError("save workers still running")

    def log(self) -> str:
        return "".join(p.read_text(encoding="utf-8", errors="replace") for p in (self.data / "logs").glob("hooks.log*"))

    def claude(
        self,
        turns: list[str],
        cwd: Path | None = None,
        records: list[dict[str, Any]] | None = None,
        replies: list[str] | None = None,
        end: str = "session-end",
    ) -> str:
        """One Claude Code session: session-start (its context as the client's attachment), ``records`` (raw
        transcript records, after the context), the user ``turns`` each answered "ok" (or ``replies``), then the
        ``end`` hook; returns the session start's context."""  # fmt: skip
        cwd = cwd or self.repo
        sid = str(uuid.uuid4())
        path = self.home / ".claude" / "projects" / "-x" / f"{sid}.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        payload = {"session_id": sid, "transcript_path": str(path), "cwd": str(cwd)}
        out = self.hook(
            "claude-code", "session-start", {**payload, "hook_event_name": "SessionStart", "source": "startup"}, cwd
        )
        try:
            context = json.loads(out).get("hookSpecificOutput", {}).get("additionalContext", "")
        except ValueError:
            context = ""
        lines: list[dict[str, Any]] = []
        if context:
            attachment = {"type": "hook_additional_context", "content": [context], "hookName": "SessionStart:startup"}
            lines.append({"type": "attachment", "attachment": attachment})
        lines += records or []
        for i, turn in enumerate(turns):
            reply = (replies or [])[i] if replies and i < len(replies) else "ok"
            lines.append({"type": "user", "message": {"role": "user", "content": turn}})
            lines.append(
                {"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": reply}]}}
            )
        with path.open("w", encoding="utf-8") as handle:
            for n, line in enumerate(lines):
                base = {
                    "uuid": f"u{n}",
                    "sessionId": sid,
                    "cwd": str(cwd),
                    "timestamp": f"2026-12-06T10:{n // 60:02d}:{n % 60:02d}.000Z",
                }
                handle.write(json.dumps({**base, **line}, ensure_ascii=False) + "\n")
        self.hook("claude-code", end, {**payload, "hook_event_name": "SessionEnd"}, cwd)
        self.wait()
        return context

    def gemini(self, turns: list[str], replies: list[str] | None = None, compact_with: list[str] | None = None) -> str:
        """One Gemini CLI session written by research/bench/month.py's ``GeminiFile`` (the context inside the first
        user turn as ``<hook_context>``), each turn answered "ok" (or ``replies``); ``compact_with``: a PreCompress
        and a ``<state_snapshot>`` holding these lines after the turns. Returns the session start's context."""
        month = _month()
        sid = str(uuid.uuid4())
        path = self.home / ".gemini" / "tmp" / ("ab" * 32) / "chats" / f"session-2026-12-06T10-00-{sid[:8]}.jsonl"
        day = datetime(2026, 12, 6, 10, tzinfo=UTC)
        recording = month.GeminiFile(path, sid, day)
        payload = {"session_id": sid, "transcript_path": str(path), "cwd": str(self.repo)}
        out = self.hook(
            "gemini-cli", "session-start", {**payload, "hook_event_name": "SessionStart", "source": "startup"}
        )
        try:
            context = json.loads(out).get("hookSpecificOutput", {}).get("additionalContext", "")
        except ValueError:
            context = ""
        recording.injected(context)
        for i, turn in enumerate(turns):
            recording.exchange(month.Exchange(turn, (replies or [])[i] if replies and i < len(replies) else "ok"))
        if compact_with is not None:
            self.hook("gemini-cli", "pre-compact", {**payload, "hook_event_name": "PreCompress"})
            recording.compaction(compact_with, context.splitlines()[2:])
        self.hook("gemini-cli", "session-end", {**payload, "hook_event_name": "SessionEnd"})
        self.wait()
        return str(context)

    def codex(self, turns: list[str], replies: list[str] | None = None, developer: str = "") -> None:
        """One Codex session written by research/bench/month.py's ``CodexFile`` (``developer``: a developer message
        first, where developer_instructions put the context), then the Stop hook after every turn."""
        month = _month()
        sid = str(uuid.uuid4())
        now = datetime.now(UTC)
        folder = self.home / ".codex" / "sessions" / f"{now:%Y}" / f"{now:%m}" / f"{now:%d}"
        path = folder / f"rollout-{now:%Y-%m-%dT%H-%M-%S}-{sid}.jsonl"
        rollout = month.CodexFile(path, sid, self.repo, now)
        rollout.injected(developer)
        for i, turn in enumerate(turns):
            reply = (replies or [])[i] if replies and i < len(replies) else "ok"
            rollout.exchange(month.Exchange(turn, reply))
            payload = {"session_id": sid, "transcript_path": str(path), "cwd": str(self.repo)}
            self.hook(
                "codex",
                "stop",
                {**payload, "hook_event_name": "Stop", "stop_hook_active": False, "last_assistant_message": reply},
            )
        self.wait()

    def memories(self) -> list[str]:
        """Every live memory's text (personal and each project), via ``contextlamp list --json``."""
        texts: list[str] = []
        projects = json.loads(self.run("projects", "--json").stdout or "{}").get("projects", [])
        for extra in ([], *(["--project", p["id"]] for p in projects)):
            done = self.run("list", "--json", "-n", "200", *extra, cwd=self.root)  # outside any repository
            texts += [str(i.get("preview", "")) for i in json.loads(done.stdout or "{}").get("items", [])]
        return texts

    def data_bytes(self) -> bytes:
        return b"".join(p.read_bytes() for p in sorted(self.data.rglob("*")) if p.is_file())


@cache
def _month() -> Any:
    """research/bench/month.py (its transcript writers), loaded once."""
    bench = str(Path(__file__).resolve().parents[1] / "bench")
    if bench not in sys.path:
        sys.path.insert(0, bench)
    import month  # pyright: ignore[reportMissingImports]

    return month


def _alive(pid: int) -> bool:
    try:
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
        state = Path(f"/proc/{pid}/stat").read_text().split(") ")[-1][:1]
    except OSError:
        return False
    return b"contextlamp" in cmd and state != "Z"
