"""The save jobs of one client session, saved in the order their hooks ran (issue #27.1: "capture reads a
transcript state that is complete", never one raced by another save of the same session).

A save hook records its job here (``enqueue``: ``<home>/hooks/queue/<session key>/<ns>-<pid>.json``, ``ns`` the
hook's ``time.time_ns()``) before it starts the detached worker. Workers wait for the data directory's capture slot
and then for the session's lock, and neither wait is first come, first served: a PreCompact hook's worker may
still be loading when the session end's worker takes the lock, and Codex's ``notify`` starts one worker per
turn. So the worker that holds the lock saves every job of its session queued up to and including its own, the
oldest first (``take_upto``), each from the transcript state its own hook recorded (``SaveJob.upto``); a worker
whose job a later one already saved does nothing. The same hooks give the same saves whichever worker runs
first.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Protocol, Self, TypeVar, cast


class QueuedJob(Protocol):
    """What the queue reads of a job (``saver.SaveJob``): its session key, its queue entry, its JSON form."""

    @property
    def key(self) -> str: ...

    @property
    def queued(self) -> str | None: ...

    def to_json(self) -> str: ...

    @classmethod
    def from_json(cls, text: str) -> Self: ...


Job = TypeVar("Job", bound=QueuedJob)


def queue_folder(home: Path, key: str) -> Path:
    """The folder of one client session's queued jobs (``key``: ``saver.session_key``)."""
    return home / "hooks" / "queue" / key


def enqueue(home: Path, job: Job) -> Job:
    """Record ``job`` in its session's queue (owner-only file, paths and ids only); returns the job naming its
    entry (``SaveJob.queued``), which the worker is started with.

    Raises:
        OSError: the queue cannot be written (the caller starts the worker unqueued, as before queues).
    """
    from dataclasses import replace

    folder = queue_folder(home, job.key)
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    name = f"{time.time_ns():020d}-{os.getpid()}.json"
    queued: Job = replace(cast(Any, job), queued=name)  # a dataclass, as SaveJob is
    fd = os.open(folder / f".{name}.tmp", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(queued.to_json())
    os.replace(folder / f".{name}.tmp", folder / name)
    return queued


def take_upto(home: Path, job: Job) -> list[Job]:
    """The queued jobs of ``job``'s session up to and including ``job`` (by queue name: the order their hooks
    ran), each removed from the queue as it is taken; [] when ``job`` is no longer queued (a worker started
    later saved it with its own). Call it holding the session's lock (``saver.session_lock``). An entry that
    cannot be read is removed and skipped. Raises ``OSError`` when the folder cannot be listed."""
    if job.queued is None:
        return [job]
    folder = queue_folder(home, job.key)
    names = sorted(p.name for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith("."))
    if job.queued not in names:
        return []
    taken: list[Job] = []
    read = type(job).from_json  # the job's own class reads its entries (saver.SaveJob.from_json)
    for name in names[: names.index(job.queued) + 1]:
        path = folder / name
        try:
            text = path.read_text(encoding="utf-8")
            path.unlink()
        except OSError:
            continue
        try:
            taken.append(read(text))
        except (ValueError, KeyError, TypeError):
            continue
    return taken
