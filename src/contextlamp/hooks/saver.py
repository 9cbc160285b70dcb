"""Saving a client's session from its native transcript, detached from the client (issue #15.2, #27, #29.11).

The hook process only starts the worker (``spawn``: a new session, stdio on /dev/null, not waited for) and
exits, recording the transcript's size (``SaveJob.upto``): the worker reads the file only that far, so what the
client writes after the hook (the compaction a PreCompact hook precedes) is the next save's. The worker waits
for the data directory's one capture slot (``capture_slot``) before loading the application, then holds a lock
per client session (``session_lock``), so a compaction's save and the session end's never run at once. It
reads the session in bounded memory (``read_session``: cleaned by clean.py, the newest windows of text held),
records per client session the hash of each turn seen and the key of each statement judged
(``<home>/hooks/sessions/<key>.json``), judges the whole session when it holds a new turn (judge.py) and
hands ``save_session`` only the statements no earlier save judged and no live memory states. The client
session has one session digest: the first save that keeps something makes it, and every later save passes
its id to ``save_session`` (``session_id``), which adds what the later save keeps to that digest. A client's
compaction summary (a ``digest`` turn) counts only when nothing of the session was seen before: otherwise it
restates turns already captured.

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
import sys
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from contextlamp.hooks.supersede import keep_topics, replied, retract

if TYPE_CHECKING:
    from contextlamp.app.service import Caller, MemoryService
    from contextlamp.distill.base import DistilledItem
    from contextlamp.distill.transcript import Turn
    from contextlamp.domain.models import SaveSessionResult
    from contextlamp.hooks.repo import Repository

STATE_VERSION = 1
MAX_TRANSCRIPT_FILE_BYTES = 256 * 1024 * 1024  # a native file larger than this is not read (logged)
WORKER_NICENESS = 10  # added to the detached save worker's niceness (os.nice), before anything else it runs
# the niceness comes first: 24 workers started at once import the command's modules while session starts run
# (issue #29.13), and at the hook's own niceness those imports took the CPU the session starts needed
# the event of a worker job that records a late session start's repository project (runtime.run_hook)
LATE_START = "session-start"
WORKER = (
    f"import contextlib, os\nwith contextlib.suppress(OSError): os.nice({WORKER_NICENESS})\n"
    "from contextlamp.cli.hook import worker_main; worker_main()"
)


@dataclass(frozen=True)
class SaveJob:
    """What the worker saves: the client, the event, the client's session id (or None), the transcript file,
    the session's folder."""

    client: str
    event: str
    session_id: str | None
    transcript_path: str
    cwd: str
    upto: int | None = None  # the transcript's size in bytes when the hook ran: the worker reads no further
    queued: str | None = None  # its entry in the session's queue (hooks/queue.py); None: saved on its own

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
            upto=fields["upto"] if isinstance(fields.get("upto"), int) else None,
            queued=fields["queued"] if isinstance(fields.get("queued"), str) else None,
        )
        return job

    @property
    def key(self) -> str:
        """The file name stem of this client session's lock and state (``session_key``)."""
        return session_key(self.client, self.session_id, self.transcript_path)


def session_key(client: str, session_id: str | None, transcript_path: str | None) -> str:
    """A client session's key: the client and a hash of its session id (of the transcript's path when the
    client sent no id), the stem of its lock, state and injected-lines files."""
    ident = session_id or transcript_path or ""
    return f"{client}-{hashlib.sha256(ident.encode('utf-8', 'replace')).hexdigest()[:32]}"


def spawn(job: SaveJob) -> int:
    """Start the worker for ``job`` detached from this process and its client: a new session
    (``start_new_session``, so the client's signals to its process group never reach it), stdin, stdout and
    stderr on /dev/null, no file descriptor inherited, not waited for. Returns its pid.

    Raises:
        OSError: the worker could not be started.
    """
    import subprocess  # here, not at import: the stop hook (every agent turn) starts no worker

    process = subprocess.Popen(
        [sys.executable, "-c", WORKER, job.to_json()],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        close_fds=True,
    )
    return process.pid


def record_project(service: MemoryService, caller: Caller, job: SaveJob, log: logging.Logger) -> None:
    """A late session start's one write (``LATE_START``, ``runtime.run_hook``): record the user and the project
    of the repository ``job.cwd`` is in (``MemoryService.project_for_repository``, which is idempotent), as the
    session start would have. Nothing outside a repository."""
    from contextlamp.hooks.repo import find_repository

    repository = find_repository(Path(job.cwd))
    if repository is None:
        return
    project = service.project_for_repository(caller, repository.ref())
    log.info("%s %s: the repository's project is %s", job.client, job.event, project.id)


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


@contextlib.contextmanager
def capture_slot(home: Path) -> Generator[None]:
    """Hold the data directory's one capture slot (an exclusive ``flock`` on ``<home>/hooks/locks/capture.lock``),
    waiting (asleep, no CPU) while another save worker holds it. Workers take it before they load the
    application, so however many hooks fire at once (36 concurrent sessions ending) one save runs at a time
    and the session starts, which take no slot, are never queued behind captures. Where ``fcntl`` does not
    exist (Windows) no slot is taken."""
    folder = home / "hooks" / "locks"
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    with open(folder / "capture.lock", "a+b") as handle:
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
    counts: dict[str, int] = {}
    return [_turn_hash(turn.role, turn.text, counts) for turn in turns]


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


def _lines_upto(handle: IO[bytes], upto: int | None) -> Iterator[str]:
    """The lines of a binary file decoded as UTF-8 (errors replaced), stopping at byte ``upto`` (None: the end);
    a line cut there is not a whole JSON record, which the parser skips as a half-written line."""
    consumed = 0
    for raw in handle:
        if upto is not None and consumed + len(raw) > upto:
            if upto > consumed:
                yield raw[: upto - consumed].decode("utf-8", "replace")
            return
        consumed += len(raw)
        yield raw.decode("utf-8", "replace")


CHUNK_BYTES = 32 * 1024 * 1024  # a JSONL file is parsed this many bytes of lines at a time


@dataclass
class SessionRead:
    """A client session as the worker reads it: its cleaned ``turns`` (the newest, at most ``keep_bytes`` of
    text), ``fresh[i]`` whether turn i is new since the last save, ``new_hashes`` the hashes of every new turn
    (those of dropped turns too), and ``dropped`` how many new turns were dropped to bound memory."""

    turns: list[Turn]
    fresh: list[bool]
    new_hashes: list[str]
    dropped: int
    hashes: list[str] = field(default_factory=lambda: [])  # each kept turn's hash (``turn_hashes``)


def read_session(
    path: Path, upto: int | None, injected: set[str], known: set[str], keep_bytes: int, max_turn_bytes: int
) -> SessionRead | None:
    """Read, clean (``clean.clean_turns``) and hash a native transcript, holding at most ``keep_bytes`` of turn
    text (the newest turns; each turn cut to ``max_turn_bytes``, its head and tail: ``judge.bounded``): memory
    stays bounded whatever the file's size. A JSONL file is streamed up to ``upto`` bytes and parsed
    ``CHUNK_BYTES`` of lines at a time; a compaction summary (a chunk whose turns open with a ``digest`` turn)
    replaces everything read before it, as parsing the whole file would. A turn's hash (``turn_hashes``) counts
    its repeats. None when the file is no known native format.

    Raises:
        OSError: the file cannot be read, or is larger than ``MAX_TRANSCRIPT_FILE_BYTES``.
    """
    from collections import deque

    from contextlamp.distill.native import parse_native, parse_native_lines
    from contextlamp.distill.turns import Turn
    from contextlamp.hooks.clean import clean_turns
    from contextlamp.hooks.judge import bounded

    size = path.stat().st_size
    if size > MAX_TRANSCRIPT_FILE_BYTES:
        raise OSError(f"transcript of {size} bytes is larger than {MAX_TRANSCRIPT_FILE_BYTES}")
    kept: deque[tuple[Turn, bool, int, str]] = deque()
    held = 0
    new_hashes: list[str] = []
    counts: dict[str, int] = {}
    dropped = 0
    recognised = False

    def take(turns: list[Turn]) -> None:
        nonlocal held, dropped
        if turns and turns[0].role == "digest":  # a summary replaces what came before it
            kept.clear()
            new_hashes.clear()
            counts.clear()
            held = dropped = 0
        for turn in clean_turns(turns, injected, keep_code=True):
            text = bounded(turn.text, max_turn_bytes)  # head and tail: what is said beside a paste stays
            digest = _turn_hash(turn.role, turn.text, counts)
            fresh = digest not in known
            if fresh:
                new_hashes.append(digest)
            cost = len(text.encode("utf-8", "replace"))
            kept.append((Turn(turn.role, text, turn.cwd), fresh, cost, digest))
            held += cost
            while held > keep_bytes and len(kept) > 1:
                _, was_fresh, gone, _ = kept.popleft()
                held -= gone
                dropped += was_fresh

    if path.suffix.lower() != ".jsonl":
        turns = parse_native(path.read_bytes().decode("utf-8", "replace"))
        if turns is None:
            return None
        take(turns)
    else:
        with path.open("rb") as handle:
            chunk: list[str] = []
            chunk_bytes = 0
            for line in _lines_upto(handle, upto):
                chunk.append(line)
                chunk_bytes += len(line)
                if chunk_bytes >= CHUNK_BYTES:
                    parsed = parse_native_lines(chunk)
                    recognised = recognised or parsed is not None
                    take(parsed or [])
                    chunk, chunk_bytes = [], 0
            parsed = parse_native_lines(chunk) if chunk else None
            if parsed is None and not recognised:
                return None
            take(parsed or [])
    return SessionRead([t for t, *_ in kept], [f for _, f, *_ in kept], new_hashes, dropped, [h for *_, h in kept])


def _turn_hash(role: str, text: str, counts: dict[str, int]) -> str:
    """``turn_hashes`` of one turn, ``counts`` holding how often each (role, text) came before (by its hash)."""
    seen = hashlib.sha256(f"{role}\x00{text}".encode("utf-8", "replace")).hexdigest()
    nth = counts.get(seen, 0)
    counts[seen] = nth + 1
    return hashlib.sha256(f"{role}\x00{nth}\x00{text}".encode("utf-8", "replace")).hexdigest()[:20]


def save_transcript(
    service: MemoryService, caller: Caller, job: SaveJob, home: Path, max_bytes: int, log: logging.Logger
) -> dict[str, Any] | None:
    """The worker's save of ``job``: under the client session's lock, read the native transcript as it was when
    the hook ran, clean it (``clean.py``: what contextlamp injected and the client's framing removed), and
    when it holds turns not seen before, judge the whole session (``judge.py``) and hand ``save_session`` the
    statements no earlier save of the session judged and no live memory already states (surface = the client,
    project = the repository's, personal memory outside any repository). Returns the save's record (``{"at",
    "event", "turns", "session_id", "saved", "deduped", "total", "skipped"}``), or None when nothing was new or
    the file is no known native format. A queued job (``hooks/queue.py``) is saved after every job of its session
    queued before it that no worker saved yet, the oldest first; None when a later worker already saved it.

    A client's compaction summary (a ``digest`` turn) is part of the session only when nothing of the session
    was captured before it: otherwise it restates turns already captured (the pre-compact hook's worker read
    the raw turns up to the compaction).

    Raises:
        OSError: the transcript cannot be read.
        ContextlampError: the service refused the save (e.g. a locked store past its timeout).
    """
    from contextlamp.hooks.queue import take_upto

    with session_lock(home, job.key):
        record: dict[str, Any] | None = None
        jobs = take_upto(home, job)  # this session's jobs queued up to this one, in the order their hooks ran
        if not jobs:
            log.info("%s %s %s: saved by a later worker of the session", job.client, job.event, job.key)
        for n, queued in enumerate(jobs):
            if n == len(jobs) - 1:
                return _save_locked(service, caller, queued, home, max_bytes, log)
            try:  # an earlier hook's job, whose own worker has not run yet: saved first, as its hook ran first
                _save_locked(service, caller, queued, home, max_bytes, log)
            except Exception as exc:  # its failure is its own: this worker's job still runs
                log.error("%s %s %s: save failed: %s", queued.client, queued.event, queued.key, type(exc).__name__)
        return record


def _save_locked(
    service: MemoryService, caller: Caller, job: SaveJob, home: Path, max_bytes: int, log: logging.Logger
) -> dict[str, Any] | None:
    """``save_transcript``'s save of one job, the session's lock held."""
    from contextlamp.hooks.checkpoint import open_request
    from contextlamp.hooks.clean import injected_keys
    from contextlamp.hooks.judge import MAX_WINDOWS, item_key, judge_session

    state = load_state(home, job.key)
    handed: list[str] = [str(h) for h in state["handed"]]
    known = set(handed)
    read = read_session(
        Path(job.transcript_path),
        job.upto,
        injected_keys(home, job.key),
        known,
        MAX_WINDOWS * max_bytes,
        max_bytes,
    )
    if read is None:
        log.warning("%s %s %s: the transcript is no known native format; nothing saved", job.client, job.event, job.key)
        return None
    turns, fresh, new_hashes = read.turns, read.fresh, read.new_hashes
    saves: list[dict[str, Any]] = [s for s in state.get("saves", []) if isinstance(s, dict)]  # pyright: ignore[reportUnknownVariableType]
    judged: list[str] = [str(k) for k in state.get("judged", []) if isinstance(k, str)]  # pyright: ignore[reportUnknownVariableType]
    # a summary after the session was captured restates what was captured: only its later turns count; the
    # turns the agent's own digest covered (hooks/digest.py) are the agent's to keep, not distilled again
    digested = {str(h) for h in state.get("digested", [])}
    request = open_request(home, job.key, Path(job.transcript_path))  # a digest request its next stop still closes
    deferred = request.hashes if not request.answered and job.event != "session-end" else frozenset[str]()
    digested |= request.hashes if request.answered else set()
    new_hashes = [h for h in new_hashes if h not in deferred]  # left new: a later capture judges them
    left_out = digested | deferred
    session = [i for i, t in enumerate(turns) if not (t.role == "digest" and known) and read.hashes[i] not in left_out]
    if not any(fresh[i] for i in session):
        if new_hashes:
            write_json(state_path(home, job.key), {**state, "handed": [*handed, *new_hashes]})
        log.info("%s %s %s: nothing new in %d turns", job.client, job.event, job.key, len(turns))
        return None
    judgement = judge_session(service, [turns[i] for i in session], [fresh[i] for i in session], max_bytes)
    skipped = judgement.skipped + read.dropped
    if skipped:
        log.warning(
            "%s %s %s: the session is larger than one save can judge; %d of its new turns were skipped",
            job.client,
            job.event,
            job.key,
            skipped,
        )
    from contextlamp.hooks.routing import repository_groups  # its repository reader: only a save needs it

    earlier = set(judged)
    spoken = [turns[i] for i in session]
    records = [
        _file(service, caller, job, (home, max_bytes), repository, items, earlier, saves, log)
        for repository, items in repository_groups(judgement.items, spoken, Path(job.cwd))
    ]
    said = [t.text for i, t in enumerate(turns) if fresh[i] and t.role == "user"]
    for project_id in dict.fromkeys(r["project"] for r in records):  # each project the session's turns went to
        retracted = retract(service, caller, said, project_id)
        retracted += replied(service, caller, turns, fresh, project_id)
        if retracted:
            log.info("%s %s %s: %d retracted memories superseded", job.client, job.event, job.key, retracted)
    record = {**records[0], "turns": len(new_hashes), "skipped": skipped}  # the hook's folder's save
    keys = [item_key(i.content) for i in judgement.items]
    write_json(
        state_path(home, job.key),
        {
            "version": STATE_VERSION,
            "handed": [*handed, *new_hashes],
            "judged": list(dict.fromkeys([*judged, *keys])),
            "saves": [*saves, record, *records[1:]],
            "digested": sorted(digested),
        },
    )
    log.info(
        "%s %s %s: %d new turns -> %d memories (%d new, %d known, %d left out over the cap), digest %s, project %s",
        job.client,
        job.event,
        job.key,
        record["turns"],
        record["total"],
        record["saved"],
        record["deduped"],
        record["left_out"],
        record["session_id"],
        record["project"] or "personal",
    )
    for other in records[1:]:  # what was said in another repository of the session, filed there
        log.info(
            "%s %s %s: %d memories (%d new, %d known) said in project %s, filed there, digest %s",
            job.client,
            job.event,
            job.key,
            other["total"],
            other["saved"],
            other["deduped"],
            other["project"] or "personal",
            other["session_id"],
        )
    return record


def _file(
    service: MemoryService,
    caller: Caller,
    job: SaveJob,
    where: tuple[Path, int],
    repository: Repository | None,
    items: Sequence[DistilledItem],
    earlier: set[str],
    saves: Sequence[dict[str, Any]],
    log: logging.Logger,
) -> dict[str, Any]:
    """Save the statements of a session said in one repository (``routing.repository_groups``) into its project
    (personal outside any): those no earlier save of the session judged (``earlier``) and no live memory
    restates, continuing the session's digest in that project (``where``: the data directory and the largest
    transcript in bytes); the save's record (``{"at", "event", "project",
    "session_id", "saved", "deduped", "total"}``), also written as the project's latest save (``last_path``)."""
    from contextlamp.hooks.judge import item_key, live_memories, restates

    project = service.project_for_repository(caller, repository.ref()) if repository else None
    project_id = project.id if project else None
    candidates = [i for i in items if item_key(i.content) not in earlier]
    memories = live_memories(service, caller, project_id) if candidates else []
    new_items = [i for i in candidates if not restates(i.content, [text for text, *_ in memories])]
    digest = _digest_of(saves, project_id)
    home, max_bytes = where
    result = _save_items(service, caller, new_items, job.client, project_id, digest, max_bytes)
    if result is not None:
        corrections = keep_topics(service, caller, new_items, project_id, memories)
        if corrections:
            log.info("%s %s %s: %d corrected memories superseded", job.client, job.event, job.key, corrections)
    record: dict[str, Any] = {
        "at": service.clock(),
        "event": job.event,
        "project": project_id,
        "session_id": result.session_id if result else None,
        "saved": result.saved if result else 0,
        "deduped": (result.deduped if result else 0) + len(candidates) - len(new_items),
        "total": result.total if result else 0,
        "left_out": result.left_out if result else 0,  # over one save's cap (distill/rank.MAX_ITEMS): said at start
    }
    if result is not None:
        write_json(last_path(home, project_id), {**record, "client": job.client, "key": job.key})
    return record


def _save_items(
    service: MemoryService,
    caller: Caller,
    items: Sequence[DistilledItem],
    client: str,
    project_id: str | None,
    digest: str | None,
    max_bytes: int,
) -> SaveSessionResult | None:
    """``save_session`` of ``items`` as digest transcripts of at most ``max_bytes`` each (one call when they fit,
    the later calls continuing the first one's session digest); their results summed. None without items."""
    from contextlamp.domain.models import SaveSessionResult
    from contextlamp.hooks.judge import digest_transcript

    batches: list[list[DistilledItem]] = []
    for item in items:
        if batches and len(digest_transcript([*batches[-1], item]).encode()) <= max_bytes:
            batches[-1].append(item)
        elif len(digest_transcript([item]).encode()) <= max_bytes:
            batches.append([item])
    total: SaveSessionResult | None = None
    for batch in batches:
        result = _save(service, caller, digest_transcript(batch), client, project_id, digest)
        digest = result.session_id or digest
        if total is None:
            total = result
        else:
            total = SaveSessionResult(
                saved=total.saved + result.saved,
                deduped=total.deduped + result.deduped,
                total=total.total + result.total,
                session_id=digest,
                left_out=total.left_out + result.left_out,
            )
    return total


def _digest_of(saves: Sequence[dict[str, Any]], project_id: str | None) -> str | None:
    """The session digest of a client session in a project (None: personal): the id the latest of its saves
    into that project that recorded one returned (a save recorded before saves named their project counts for
    any project)."""
    return next(
        (
            str(s["session_id"])
            for s in reversed(saves)
            if s.get("session_id") and s.get("project", project_id) == project_id
        ),
        None,
    )


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
