"""The Codex thread-id path guard (issue 29 point 14): Codex's notify payload names its session only by a
``thread-id``, which the hook turns into a rollout file under ``$CODEX_HOME/sessions/YYYY/MM/DD`` (hooks/payload).
A thread id is the client's text: one that climbs out of the sessions folder, names an absolute path or holds
a wildcard must never make the hook read a file it names, nor another thread's rollout."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from contextlamp.hooks.payload import codex_rollout, read_event

NOW = datetime(2026, 11, 3, 12, 0, tzinfo=UTC)
THREAD = "0199a8f2-6c1e-7d40-9b8e-3f2a1c5d7e90"
OTHER = "0199a8f2-0000-7d40-9b8e-000000000000"


@pytest.fixture
def sessions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "codex"
    monkeypatch.setenv("CODEX_HOME", str(home))
    day = home / "sessions" / "2026" / "11" / "03"
    day.mkdir(parents=True)
    (day / f"rollout-2026-11-03T10-00-00-{THREAD}.jsonl").write_text("{}\n")
    (day / f"rollout-2026-11-03T09-00-00-{OTHER}.jsonl").write_text("{}\n")
    secret = tmp_path / "secret.jsonl"
    secret.write_text("{}\n")
    return day


def test_a_real_thread_id_finds_its_own_rollout(sessions: Path) -> None:
    assert codex_rollout(THREAD, NOW) == sessions / f"rollout-2026-11-03T10-00-00-{THREAD}.jsonl"


@pytest.mark.parametrize(
    "thread",
    [
        "../../../../secret",
        "x/../../../../../secret",
        "..\\..\\secret",
        "/etc/passwd",
        "*",
        "?" * len(OTHER),
        f"[0]{OTHER[3:]}",
        "",
        "\x00",
    ],
)
def test_a_hostile_thread_id_reads_no_file(sessions: Path, thread: str) -> None:
    assert codex_rollout(thread, NOW) is None


def test_the_notify_payload_of_a_hostile_thread_names_no_transcript(sessions: Path) -> None:
    payload = {"type": "agent-turn-complete", "thread-id": "../../../secret", "cwd": str(sessions)}
    event = read_event("codex", "notify", payload, sessions)
    assert event.transcript_path is None
    payload = {"type": "agent-turn-complete", "thread-id": "*", "cwd": str(sessions)}
    assert read_event("codex", "notify", payload, sessions).transcript_path is None
