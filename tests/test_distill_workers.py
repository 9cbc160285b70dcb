"""Issue #29 item 12: a big ``save_session`` on the shared HTTP server is distilled in a worker process
(``app.distilling.DistillWorkers``) at a lower priority, so other users' calls are not held behind its second of
Python: the server process runs none of the distillation, another user's ``get_context`` is answered while a
distillation is under way, and the items are the ones the in-process path gives. Workers are bounded, stopped
when idle (injected clock) or closed, never outlive the server, and a worker's failure is the tool's error."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from contextlamp.app.compose import create_app, create_distiller
from contextlamp.app.distilling import (
    DISTILL_NICE,
    DistillationError,
    DistillWorkers,
    InProcess,
    WorkerRecipe,
)
from contextlamp.app.service import Caller
from contextlamp.config import Settings
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.embedding import FakeEmbedder
from contextlamp.errors import ContextlampError
from contextlamp.web.app import build_http_app

BIG_DIGEST = "\n".join(  # the load bench's big save: ~100 KB of digest lines, 1,600 items, 40 kept
    f"Fact: the {s} service {v} {o} (item {i}, checked in review {i * 7})"
    for i, (s, v, o) in enumerate(
        (
            ("deploys", "run on", "Thursdays"),
            ("database", "uses", "PostgreSQL 16"),
            ("frontend", "depends on", "pnpm"),
            ("logging", "moved to", "Grafana"),
        )[i % 4]
        for i in range(1600)
    )
)
TRANSCRIPTS = {
    "chatter": (
        "User: good evening! the sun finally came out after a week of rain\n"
        "Assistant: Lovely! A bit of sunshine makes all the difference.\n"
        "User: my neighbour's dog barked all night though, so I'm a bit sleepy\n"
        "Assistant: Oh no, hope you can catch up on sleep.\n"
        "User: haha yeah. ok, sounds good, see you around"
    ),
    "facts and chatter": (
        "User: morning! coffee is kicking in slowly\n"
        "Assistant: Good morning!\n"
        "User: Our staging database moved to db-stage-3 last week.\n"
        "Assistant: Noted.\n"
        "User: I prefer squash merges for feature branches. Thanks, see you"
    ),
    "secret": (
        "User: The billing service calls the payments API.\n"
        "User: The deploy token is ghp_4f9Qx2LmZ8rT1vB7nK3pW6yH0sD5aE9cJ2uR and it lives in the vault.\n"
        "Assistant: I will not store the token."
    ),
    "messages": json.dumps(
        [
            {"role": "user", "content": "We deploy the API with ArgoCD. Releases go out on Tuesdays."},
            {"role": "assistant", "content": "Should I use tabs or spaces?"},
            {"role": "user", "content": "Tabs."},
        ]
    ),
    "over the cap": BIG_DIGEST,
}


@pytest.fixture
def workers_of() -> Iterator[Any]:
    """Makes ``DistillWorkers`` (closed at the end of the test, every process checked gone)."""
    made: list[DistillWorkers] = []

    def make(settings: Settings, **kwargs: Any) -> DistillWorkers:
        options: dict[str, Any] = {"workers": 1, "queue": 2, "idle_s": 300.0} | kwargs
        workers = DistillWorkers(WorkerRecipe(settings), **options)
        made.append(workers)
        return workers

    yield make
    for workers in made:
        pids = workers.alive()
        workers.close()
        for pid in pids:
            _wait_gone(pid)


def _wait_gone(pid: int, within_s: float = 20.0) -> None:
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        if not _alive(pid):
            return
        time.sleep(0.05)
    raise AssertionError(f"process {pid} is still alive")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] if Path(f"/proc/{pid}").exists() else ""
    return state not in ("Z", "X", "")  # a zombie has ended (its parent reaps it)


def test_the_worker_gives_the_items_the_server_process_gives(tmp_path: Path, workers_of: Any) -> None:
    """Every transcript kind (small talk, facts among chatter, a secret, a message list with an either-or
    answer, a session over the cap) distils to the very same items, cap and secret kinds in a worker as in
    process."""
    settings = Settings(home=tmp_path / "home", embedder="fake")
    here = InProcess(SecretScanner(), create_distiller(settings))
    apart = workers_of(settings)
    for name, transcript in TRANSCRIPTS.items():
        assert apart(transcript) == here(transcript), name
    assert here(TRANSCRIPTS["chatter"]).items == []  # small talk keeps nothing
    assert here(TRANSCRIPTS["facts and chatter"]).items
    assert apart(TRANSCRIPTS["secret"]).removed and apart(TRANSCRIPTS["over the cap"]).left_out == 1560


def _profiled_calls(during: Any) -> Counter[tuple[str, str]]:
    """How often each Python function (its file, its name) was called in this process (all threads) while
    ``during`` ran."""
    seen: Counter[tuple[str, str]] = Counter()

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            seen[frame.f_code.co_filename, frame.f_code.co_name] += 1

    threading.setprofile(profile)  # pyright: ignore[reportArgumentType]
    sys.setprofile(profile)  # pyright: ignore[reportArgumentType]
    try:
        during()
    finally:
        sys.setprofile(None)
        threading.setprofile(None)  # pyright: ignore[reportArgumentType]
    return seen


def test_a_big_save_on_the_http_server_is_distilled_outside_the_server_process(tmp_path: Path) -> None:
    """Through the HTTP server's wiring (``build_http_app``), a 100 KB save runs no line of the distiller, its
    secret scrubbing or its cap in the server process (so it holds no interpreter lock other users wait for),
    and saves what the in-process path saves. Before, all of it ran in the server process."""
    settings = Settings(home=tmp_path / "home", embedder="fake")
    wired = create_app(settings, embedder=FakeEmbedder())
    app = build_http_app(wired, settings, "127.0.0.1", 8931)
    alice = Caller(wired.service.principal("alice"), "claude-code")
    try:
        wired.service.save_session(alice, "User: The cron host is cron-1.")  # the worker starts (its imports)
        results: list[Any] = []
        calls = _profiled_calls(lambda: results.append(wired.service.save_session(alice, BIG_DIGEST)))
        distilling = sorted(
            {f for f, _ in calls if f"contextlamp{os.sep}distill{os.sep}" in f and not f.endswith(f"{os.sep}digest.py")}
        )
        assert distilling == [], distilling  # digest.py: the session's label and summary, over the 40 kept items
        scans = sum(n for (f, name), n in calls.items() if name == "normalise_for_scan")
        assert scans <= 2 * 40 + 10, scans  # the saves' own checks of the 40 kept items; not 1,600 items' scrub
        assert (results[0].saved, results[0].total, results[0].left_out) == (40, 40, 1560)
        in_process = create_app(Settings(home=tmp_path / "other", embedder="fake"), embedder=FakeEmbedder()).service
        bob = Caller(in_process.principal("bob"), "claude-code")
        in_process.save_session(bob, "User: The cron host is cron-1.")
        expected = in_process.save_session(bob, BIG_DIGEST)
        assert (results[0].saved, results[0].total, results[0].left_out) == (
            expected.saved,
            expected.total,
            expected.left_out,
        )
        mine = {(i.title, i.preview) for i in wired.service.list_context(alice, limit=50).items}
        theirs = {(i.title, i.preview) for i in in_process.list_context(bob, limit=50).items}
        assert mine == theirs
    finally:
        app.state.distil.close()


def test_another_user_is_answered_while_a_big_save_is_being_distilled(tmp_path: Path) -> None:
    """The distillation is held (its worker stopped with SIGSTOP): alice's save waits, and bob's get_context is
    answered meanwhile. Then the worker goes on and alice's save completes. The worker runs below the server's
    priority."""
    settings = Settings(home=tmp_path / "home", embedder="fake")
    wired = create_app(settings, embedder=FakeEmbedder())
    app = build_http_app(wired, settings, "127.0.0.1", 8932)
    service, workers = wired.service, app.state.distil
    alice = Caller(service.principal("alice"), "claude-code")
    bob = Caller(service.principal("bob"), "codex")
    service.save_context(bob, "The staging database is db-stage-3.")
    try:
        service.save_session(alice, "User: The cron host is cron-1.")
        (pid,) = workers.alive()
        mine = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, mine + DISTILL_NICE)
        os.kill(pid, signal.SIGSTOP)
        results: list[Any] = []
        saving = threading.Thread(target=lambda: results.append(service.save_session(alice, BIG_DIGEST)))
        try:
            saving.start()
            while workers.admitted() == 0:
                time.sleep(0.01)
            pack = service.get_context(bob, "which database does staging use?")
            assert saving.is_alive() and not results  # answered while alice's distillation is held
            assert any("db-stage-3" in p.text for p in pack.packs)
        finally:
            os.kill(pid, signal.SIGCONT)
            saving.join(120)
        assert results and results[0].saved == 40
    finally:
        workers.close()


def test_a_dead_worker_is_the_tools_error_and_the_next_save_works(tmp_path: Path, workers_of: Any) -> None:
    """A worker killed mid-distillation fails that call with a ``ContextlampError`` (the tool's error, never a
    protocol failure; nothing saved); the next call starts a new worker. A busy pool refuses at once."""
    settings = Settings(home=tmp_path / "home", embedder="fake")
    workers = workers_of(settings, queue=0)
    expected = InProcess(SecretScanner(), create_distiller(settings))(BIG_DIGEST)
    assert workers(BIG_DIGEST) == expected
    (pid,) = workers.alive()
    os.kill(pid, signal.SIGSTOP)
    errors: list[BaseException] = []

    def save() -> None:
        try:
            workers(BIG_DIGEST)
        except BaseException as exc:
            errors.append(exc)

    saving = threading.Thread(target=save)
    saving.start()
    while workers.admitted() == 0:
        time.sleep(0.01)
    with pytest.raises(DistillationError, match="busy"):  # 1 worker, no queue: refused at once
        workers("User: The cron host is cron-1.")
    os.kill(pid, signal.SIGKILL)
    saving.join(60)
    assert len(errors) == 1 and isinstance(errors[0], ContextlampError), errors
    assert "nothing was saved" in str(errors[0])
    assert workers(BIG_DIGEST) == expected
    assert workers.alive() != [pid]


def test_idle_workers_are_stopped_after_the_idle_period(tmp_path: Path, workers_of: Any) -> None:
    now = [1000.0]
    workers = workers_of(Settings(home=tmp_path / "home", embedder="fake"), clock=lambda: now[0])
    workers("User: The cron host is cron-1.")
    (pid,) = workers.alive()
    now[0] += 299.0
    assert workers.release_idle() is False and workers.alive() == [pid]
    now[0] += 2.0
    assert workers.release_idle() is True and workers.alive() == []
    _wait_gone(pid)
    workers("User: The cron host is cron-1.")  # a new one starts on the next call
    assert len(workers.alive()) == 1


def test_no_worker_outlives_a_server_that_was_killed(tmp_path: Path) -> None:
    """A server process that dies without any cleanup (``os._exit``, as after SIGKILL) leaves no worker: each
    worker ends when the server's end of its pipe closes."""
    script = textwrap.dedent(
        f"""
        import os
        from pathlib import Path
        from contextlamp.app.distilling import DistillWorkers, WorkerRecipe
        from contextlamp.config import Settings

        if __name__ == "__main__":
            settings = Settings(home=Path({str(tmp_path / "home")!r}), embedder="fake")
            workers = DistillWorkers(WorkerRecipe(settings), 1, 1, 300.0)
            workers("User: The cron host is cron-1.")
            print(workers.alive()[0], flush=True)
            os._exit(0)
        """
    )
    path = tmp_path / "server.py"
    path.write_text(script)
    done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=300, check=True)
    _wait_gone(int(done.stdout.strip()))
