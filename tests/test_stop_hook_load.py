"""The stop hook on a loaded machine (#27, research/notes/hookload47-stop45.md): a stop that runs past its
deadline answers "carry on" without moving the checkpoint, so the turns it did not judge in time stay new and
the next stop asks for them (an ask is deferred, never lost); and the stop hook's import path stays small."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from contextlamp.hooks import digest
from contextlamp.hooks.runtime import HookConfig, run_hook

FACT = "The invoice exporter writes its CSV files to /srv/exports/invoices every night."


def _line(role: str, text: str) -> str:
    content: object = text if role == "user" else [{"type": "text", "text": text}]
    return json.dumps({"type": role, "message": {"role": role, "content": content}}) + "\n"


def _stop(home: Path, transcript: Path, timeout_s: float) -> str:
    config = HookConfig(home=home, capture="on", ignored=[], log_level="INFO", timeout_s=timeout_s)
    payload = json.dumps({"session_id": "s-load", "transcript_path": str(transcript), "stop_hook_active": False})

    def no_service(_client: str) -> tuple[object, object, int]:
        raise AssertionError("the stop hook never opens the service")

    return run_hook("claude-code", "stop", None, config, no_service, io.StringIO(payload), home)  # type: ignore[arg-type]


def test_a_stop_past_its_deadline_keeps_its_turns_new_and_the_next_stop_asks_for_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home, transcript = tmp_path / "data", tmp_path / "session.jsonl"
    transcript.write_text(_line("user", FACT) + _line("assistant", "Noted."), encoding="utf-8")
    real_cues, slow, judged = digest.cues_of, threading.Event(), threading.Event()

    def loaded_machine_cues(text: str, asked: str = "") -> list[str]:  # judged only after the deadline passed
        slow.wait(10)
        found = real_cues(text, asked)
        judged.set()
        return found

    monkeypatch.setattr(digest, "cues_of", loaded_machine_cues)
    assert json.loads(_stop(home, transcript, 0.2)) == {}  # past the deadline: the client's "carry on"
    slow.set()  # the machine catches up: the late worker finishes its judgement after the answer went out
    assert judged.wait(10)
    monkeypatch.setattr(digest, "cues_of", real_cues)
    with transcript.open("a", encoding="utf-8") as handle:
        handle.write(_line("user", "ok run the tests") + _line("assistant", "All green."))
    answer = json.loads(_stop(home, transcript, 30.0))
    assert answer.get("decision") == "block" and "fact" in answer["reason"]  # the fact is asked, one stop late
    assert json.loads(_stop(home, transcript, 30.0)) == {}  # and only once
    log = (home / "logs" / "hooks.log").read_text(encoding="utf-8")
    assert "deadline" in log and "/srv/exports" not in log


def test_the_stop_hook_on_prose_loads_no_pydantic_model(tmp_path: Path) -> None:
    transcript = tmp_path / "session.jsonl"
    transcript.write_text(_line("user", FACT) + _line("assistant", "Noted."), encoding="utf-8")
    probe = (
        "import sys\nfrom pathlib import Path\nfrom contextlamp.hooks.digest import Pause, decide\n"
        f"print(decide(Pause('k', Path({str(transcript)!r}), False), Path({str(tmp_path / 'data')!r})))\n"
        "print(sorted(m for m in ('contextlamp.domain.models', 'pydantic') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.split("\n")[:2] == ["['fact']", "[]"]
