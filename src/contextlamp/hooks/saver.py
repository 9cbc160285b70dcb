"""Saving a client's session from its native transcript, detached from the client (issue #15.2).

The hook process only starts the worker (``spawn``: a new session, stdio on /dev/null, not waited for) and
exits. The worker (``save_transcript``) holds a lock per client session (``fcntl.flock`` on
``<home>/hooks/locks/<key>.lock``), so a compaction's save and the session end's never run at once, and
records per client session which turns it has handed to ``save_session`` (``<home>/hooks/sessions/<key>.json``:
a hash of each turn, counted with its repeats), so saving the same session twice (compaction, then end)
hands over only the turns that are new. The client session has one session digest: the first save that
keeps something makes it, and every later save passes its id to ``save_session`` (``session_id``), which adds
what the later save keeps to that digest (the state file records each save and the digest's id). A client's
compaction summary (a ``digest`` turn) is handed over only when nothing of the session was handed before:
otherwise it restates turns already saved.

The result of the latest save per project is written to ``<home>/hooks/last/<project>.json``, which the next
session start reports to the user ("contextlamp kept 3 memories ..."): the save is detached, so the hook that
starts it cannot know its result, and the next session's start is the first moment a user can be told.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import subprocess
import sys
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from contextlamp.hooks.repo import find_repository

if TYPE_CHECKING:
    from contextlamp.app.service import Caller, MemoryService
    from contextlamp.distill.transcript import Turn
    from contextlamp.domain.models import SaveSessionResult

STATE_VERSION = 1
MAX_TRANSCRIPT_FILE_BYTES = 256 * 1024 * 1024  # a native file larger than this is not read (logged)
WORKER = "from contextlamp.cli.hook import worker_main; worker_main()"


@dataclass(frozen=True)
class SaveJob:
    """What the worker saves: the client, the event, the client's session id (or None), the transcript file,
    the session's folder."""

    client: str
    event: str
    session_id: str | None
    transcript_path: str
    cwd: str

    def to_json(self) -> str:
        """The job as one JSON argument of the worker's command line (paths and ids only, never content)."""
        return json.dumps(self.__dict__)

    @staticmethod
    def from_json(text: str) -> SaveJob:
        """The job from ``to_json``'s text. Raises ``ValueError`` on anything else."""
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("a save job is a JSON object")
        fields: dict[str, Any] = data  # pyright: ignore[reportUnknownVariableType]
        job = SaveJob(
            client=str(fields["client"]),
            event=str(fields["event"]),
            session_id=None if fields.get("session_id") is None else str(fields["session_id"]),
            transcript_path=str(fields["transcript_path"]),
            cwd=str(fields["cwd"]),
        )
        return job

    @property
    def key(self) -> str:
        """The file name stem of this client session's lock and state: client and a hash of its session id
        (of the transcript's path when the client sent no id)."""
        ident = self.session_id or self.transcript_path
        return f"{self.client}-{hashlib.sha256(ident.encode('utf-8', 'replace')).hexdigest()[:32]}"


def spawn(job: SaveJob) -> int:
    """Start the worker for ``job`` detached from this process and its client: a new session
    (``start_new_session``, so the client's signals to its process group never reach it), stdin, stdout and
    stderr on /dev/null, no file descriptor inherited, not waited for. Returns its pid.

    Raises:
        OSError: the worker could not be started.
    """
    process = subprocess.Popen(
        [sys.executable, "-c", WORKER, job.to_json()],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        close_fds=True,
    )
    return process.pid


@contextlib.contextmanager
def session_lock(home: Path, key: str) -> Generator[None]:
    """Hold this client session's lock (an exclusive ``flock`` on ``<home>/hooks/locks/<key>.lock``), waiting
    for a worker that holds it. Where ``fcntl`` does not exist (Windows) no lock is taken."""
    folder = home / "hooks" / "locks"
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    with open(folder / f"{key}.lock", "a+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def state_path(home: Path, key: str) -> Path:
    """The state file of one client session."""
    return home / "hooks" / "sessions" / f"{key}.json"


def load_state(home: Path, key: str) -> dict[str, Any]:
    """A client session's state: ``{"version", "handed": [turn hashes], "saves": [{"at", "event", "turns",
    "session_id", "saved", "deduped", "total"}]}``; an empty state when there is none or it is unreadable."""
    try:
        data = json.loads(state_path(home, key).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"version": STATE_VERSION, "handed": [], "saves": []}
    if not isinstance(data, dict) or not isinstance(data.get("handed"), list):  # pyright: ignore[reportUnknownMemberType]
        return {"version": STATE_VERSION, "handed": [], "saves": []}
    return data  # pyright: ignore[reportUnknownVariableType]


def write_json(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` to ``path`` atomically (a temporary file renamed over it), owner-only."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(data, handle)
    os.replace(tmp, path)


def turn_hashes(turns: Sequence[Turn]) -> list[str]:
    """One hash per turn: SHA-256 of its role, its text and how many identical turns came before it, so a
    repeated short turn ("yes") counts as new the second time it is said."""
    seen: dict[tuple[str, str], int] = {}
    out: list[str] = []
    for turn in turns:
        nth = seen.get((turn.role, turn.text), 0)
        seen[(turn.role, turn.text)] = nth + 1
        raw = f"{turn.role}\x00{nth}\x00{turn.text}".encode("utf-8", "replace")
        out.append(hashlib.sha256(raw).hexdigest()[:20])
    return out


def new_turns(turns: Sequence[Turn], handed: set[str]) -> tuple[list[Turn], list[str]]:
    """The turns not handed over yet and their hashes. A ``digest`` turn (the client's own summary of what
    came before) is left out when anything was handed before: the turns it restates were saved already."""
    fresh: list[Turn] = []
    hashes: list[str] = []
    for turn, digest in zip(turns, turn_hashes(turns), strict=True):
        if digest in handed:
            continue
        hashes.append(digest)
        if turn.role == "digest" and handed:
            continue
        fresh.append(turn)
    return fresh, hashes


def last_path(home: Path, project_id: str | None) -> Path:
    """The file holding the latest save's result in a project (``personal`` outside any project)."""
    return home / "hooks" / "last" / f"{project_id or 'personal'}.json"


def read_last(home: Path, project_id: str | None) -> dict[str, Any] | None:
    """The latest save's result in a project (``{"at", "client", "key", "session_id", "saved", "total"}``), or
    None."""
    try:
        data = json.loads(last_path(home, project_id).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None  # pyright: ignore[reportUnknownVariableType]


def read_turns(path: Path) -> list[Turn] | None:
    """The turns of a native transcript file (``distill/native.py``), None when it is no known native format.
    A JSONL file (Claude Code, Codex, Cursor, Gemini CLI's chat log) is streamed a line at a time
    (``parse_native_lines``: memory is one line plus the kept turns); any other file (Gemini CLI's JSON
    checkpoint) is read whole. Text is UTF-8, undecodable bytes replaced.

    Raises:
        OSError: the file cannot be read, or is larger than ``MAX_TRANSCRIPT_FILE_BYTES``.
    """
    from contextlamp.distill.native import parse_native, parse_native_lines

    size = path.stat().st_size
    if size > MAX_TRANSCRIPT_FILE_BYTES:
        raise OSError(f"transcript of {size} bytes is larger than {MAX_TRANSCRIPT_FILE_BYTES}")
    if path.suffix.lower() == ".jsonl":
        with path.open(encoding="utf-8", errors="replace") as lines:
            return parse_native_lines(lines)
    return parse_native(path.read_bytes().decode("utf-8", "replace"))


def save_transcript(
    service: MemoryService, caller: Caller, job: SaveJob, home: Path, max_bytes: int, log: logging.Logger
) -> dict[str, Any] | None:
    """The worker's save of ``job``: under the client session's lock, read the native transcript, hand the
    turns not handed before to ``save_session`` (surface = the client, project = the repository's, personal
    memory outside any repository) and record them. Returns the save's record (``{"at", "event", "turns",
    "session_id", "saved", "deduped", "total"}``), or None when nothing was new or the file is no known
    native format.

    Raises:
        OSError: the transcript cannot be read.
        ContextlampError: the service refused the save (e.g. a locked store past its timeout).
    """
    from contextlamp.distill.native import transcript_for_save

    with session_lock(home, job.key):
        state = load_state(home, job.key)
        turns = read_turns(Path(job.transcript_path))
        if turns is None:
            log.warning(
                "%s %s %s: the transcript is no known native format; nothing saved", job.client, job.event, job.key
            )
            return None
        handed: list[str] = [str(h) for h in state["handed"]]
        fresh, hashes = new_turns(turns, set(handed))
        if not fresh:
            if hashes:
                write_json(state_path(home, job.key), {**state, "handed": [*handed, *hashes]})
            log.info("%s %s %s: nothing new in %d turns", job.client, job.event, job.key, len(turns))
            return None
        repository = find_repository(Path(job.cwd))
        project = service.project_for_repository(caller, repository.ref()) if repository else None
        text = transcript_for_save(fresh, max_bytes)
        saves: list[dict[str, Any]] = [s for s in state.get("saves", []) if isinstance(s, dict)]  # pyright: ignore[reportUnknownVariableType]
        result = _save(service, caller, text, job.client, project.id if project else None, _digest_of(saves))
        record: dict[str, Any] = {
            "at": service.clock(),
            "event": job.event,
            "turns": len(fresh),
            "session_id": result.session_id,
            "saved": result.saved,
            "deduped": result.deduped,
            "total": result.total,
        }
        write_json(
            state_path(home, job.key),
            {"version": STATE_VERSION, "handed": [*handed, *hashes], "saves": [*saves, record]},
        )
        write_json(last_path(home, project.id if project else None), {**record, "client": job.client, "key": job.key})
        log.info(
            "%s %s %s: %d new turns -> %d memories (%d new, %d known), digest %s, project %s",
            job.client,
            job.event,
            job.key,
            len(fresh),
            result.total,
            result.saved,
            result.deduped,
            result.session_id,
            project.id if project else "personal",
        )
        return record


def _digest_of(saves: Sequence[dict[str, Any]]) -> str | None:
    """The session digest of a client session: the id the latest of its saves that recorded one returned."""
    return next((str(s["session_id"]) for s in reversed(saves) if s.get("session_id")), None)


def _save(
    service: MemoryService, caller: Caller, text: str, client: str, project_id: str | None, digest: str | None
) -> SaveSessionResult:
    """``save_session`` of the new turns, continuing the client session's digest when it has one; a digest that
    is gone (an error naming ``session_id``) gets a new one instead."""
    from contextlamp.errors import InvalidArgumentError

    if digest is not None:
        try:
            return service.save_session(caller, text, client, project_id, digest)
        except InvalidArgumentError as exc:
            if exc.field != "session_id":
                raise
    return service.save_session(caller, text, client, project_id)
