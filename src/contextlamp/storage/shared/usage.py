"""Reuse counts held in memory and written in batches, for both backends.

Every ``get_context`` counts one reuse of each pack it returns (spec/TOOLS.md get_context). Writing that count
at once cost a write transaction a call (SQLite: ``BEGIN IMMEDIATE``, the UPDATE, a commit; about a tenth of a
call past the query embedding, docs/performance.md "What keeps a query fast"). A count is usage statistics,
not memory: ``PendingUses`` keeps the counts of one store in memory and the store writes them

- inside the next write transaction of this process on that store (a save, a forget: no commit of its own),
- after ``USE_FLUSH_SECONDS`` at the latest (a timer), or as soon as ``USE_FLUSH_IDS`` entries are pending,
- when the store is closed, and at interpreter exit for a store never closed (a CLI command or hook that runs
  one get_context and exits: ``atexit``, registered when the first store opens, never at import).

Reads of this process show the pending counts at once (``merged``). What a crash may lose is at most the
last ``USE_FLUSH_SECONDS`` of reuse counts; nothing of any memory. Other processes (and PostgreSQL replicas)
see the counts once written.
"""

from __future__ import annotations

import atexit
import logging
import os
import threading
import weakref
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from typing import Any

from contextlamp.domain.models import Entry

logger = logging.getLogger(__name__)

USE_FLUSH_SECONDS = 5.0  # longest a reuse count waits in memory before it is written
USE_FLUSH_IDS = 256  # pending entries that make the next count write at once


@dataclass(frozen=True)
class PendingUse:
    """The reuses of one entry not yet written: how many, and the surface and time (ms) of the last one."""

    count: int
    surface: str
    at: int


class PendingUses:
    """The reuse counts of one store waiting to be written (thread-safe).

    ``add`` counts, ``merged`` overlays the pending counts on entries read from the store, ``take`` hands every
    pending count to the writer (and forgets them), ``put_back`` returns them when that write failed."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._uses: dict[str, PendingUse] = {}

    def add(self, ids: Sequence[str], surface: str, now: int) -> int:
        """Count one reuse of each of ``ids`` from ``surface`` at ``now`` (ms); returns how many entries are
        pending."""
        with self._lock:
            for entry_id in ids:
                old = self._uses.get(entry_id)
                self._uses[entry_id] = PendingUse((old.count if old else 0) + 1, surface, now)
            return len(self._uses)

    def take(self) -> dict[str, PendingUse]:
        """Every pending count, removed from here (the caller writes them)."""
        with self._lock:
            taken, self._uses = self._uses, {}
            return taken

    def put_back(self, taken: dict[str, PendingUse]) -> None:
        """Return counts ``take`` gave out whose write failed (added to any counted since)."""
        with self._lock:
            for entry_id, use in taken.items():
                newer = self._uses.get(entry_id)
                if newer is None:
                    self._uses[entry_id] = use
                else:
                    self._uses[entry_id] = PendingUse(use.count + newer.count, newer.surface, newer.at)

    def merged(self, entry: Entry) -> Entry:
        """``entry`` as it will read once its pending count is written (itself when none is pending)."""
        use = self._uses.get(entry.id)
        if use is None:
            return entry
        return replace(
            entry, reuse_count=entry.reuse_count + use.count, last_used_surface=use.surface, last_used_at=use.at
        )

    def merged_all(self, entries: Iterable[Entry]) -> list[Entry]:
        """``merged`` of each entry, in order."""
        if not self._uses:
            return list(entries)
        return [self.merged(e) for e in entries]

    def __bool__(self) -> bool:
        return bool(self._uses)


_holders: weakref.WeakSet[DeferredUses] = weakref.WeakSet()  # every open store's counts (usage.DeferredUses)
_holders_lock = threading.Lock()
_exit_hooked = False  # _flush_all_at_exit (atexit) and _forget_all_in_child (fork) are registered (once)


def _flush_all_at_exit() -> None:
    """At interpreter exit: write the counts of every store still holding some (``DeferredUses.stop_uses``; a
    failure is logged there)."""
    with _holders_lock:
        holders = list(_holders)
    for holder in holders:
        holder.stop_uses()


def _forget_all_in_child() -> None:
    """A forked child holds a copy of its parent's pending counts, which the parent writes: the child drops
    them (else a child leaving through ``sys.exit`` would count them twice) and the parent's timer, which it
    does not have."""
    for holder in list(_holders):
        holder._uses.take()  # pyright: ignore[reportPrivateUsage]
        holder._use_timer = None  # pyright: ignore[reportPrivateUsage]
        holder._use_timer_lock = threading.Lock()  # pyright: ignore[reportPrivateUsage]


def use_rows(taken: dict[str, PendingUse]) -> list[tuple[int, str, int, str]]:
    """``(count, surface, at, id)`` rows for an ``UPDATE entries SET reuse_count = reuse_count + ?,
    last_used_surface = ?, last_used_at = ? WHERE id = ?`` (both backends), in id order (a stable lock order)."""
    return [(u.count, u.surface, u.at, entry_id) for entry_id, u in sorted(taken.items())]


class DeferredUses:
    """The reuse-count side of a store (both backends): ``count_use`` keeps counts in a ``PendingUses``; the
    backend's ``writer()`` writes them at the start of every transaction (``take_uses`` / ``return_uses``);
    ``flush_uses`` runs an otherwise empty transaction for them (after ``USE_FLUSH_SECONDS``, at
    ``USE_FLUSH_IDS`` pending entries, at close). The backend calls ``init_uses`` in its constructor and
    ``stop_uses`` when it closes."""

    _uses: PendingUses
    _use_timer: threading.Timer | None
    _use_timer_lock: threading.Lock

    def init_uses(self) -> None:
        """Set up the pending counts and their timer (none running); the store's counts are written at
        interpreter exit too (``_flush_all_at_exit``)."""
        global _exit_hooked
        self._uses = PendingUses()
        self._use_timer = None
        self._use_timer_lock = threading.Lock()
        with _holders_lock:
            _holders.add(self)
            if not _exit_hooked:
                atexit.register(_flush_all_at_exit)
                os.register_at_fork(after_in_child=_forget_all_in_child)
                _exit_hooked = True

    def writer(self, *, durable: bool = True) -> AbstractContextManager[Any]:
        """The backend's write transaction (``Store.writer``), which writes the pending counts first."""
        raise NotImplementedError

    def count_use(self, ids: Sequence[str], surface: str, now: int) -> None:
        """Count one reuse of each of ``ids`` (``Store.count_use``): in memory, written within
        ``USE_FLUSH_SECONDS`` (at once from ``USE_FLUSH_IDS`` pending entries).

        Raises:
            StorageError: a write of the counts that was due at once failed (they stay pending).
        """
        if not ids:
            return
        if self._uses.add(ids, surface, now) >= USE_FLUSH_IDS:
            self.flush_uses()
            return
        with self._use_timer_lock:
            if self._use_timer is None:
                timer = threading.Timer(USE_FLUSH_SECONDS, self._flush_on_timer)
                timer.daemon = True
                timer.name = "reuse-counts"
                self._use_timer = timer
                timer.start()

    def flush_uses(self) -> None:
        """Write every pending count now, in one transaction without an fsync of its own (``durable=False``).

        Raises:
            StorageError: the write failed (the counts stay pending).
        """
        if self._uses:
            with self.writer(durable=False):
                pass  # the writer writes the pending counts first

    def take_uses(self) -> list[tuple[int, str, int, str]]:
        """For the backend's writer: the pending counts as ``use_rows``, removed from memory until
        ``return_uses`` gives them back (the transaction failed)."""
        return use_rows(self._uses.take())

    def return_uses(self, rows: list[tuple[int, str, int, str]]) -> None:
        """Counts ``take_uses`` gave out whose transaction rolled back: pending again."""
        if rows:
            self._uses.put_back({entry_id: PendingUse(count, surface, at) for count, surface, at, entry_id in rows})

    def with_uses(self, entry: Entry) -> Entry:
        """``entry`` with its pending count (``PendingUses.merged``)."""
        return self._uses.merged(entry)

    def all_with_uses(self, entries: Iterable[Entry]) -> list[Entry]:
        """``with_uses`` of each entry, in order."""
        return self._uses.merged_all(entries)

    def _flush_on_timer(self) -> None:
        with self._use_timer_lock:
            self._use_timer = None
        try:
            self.flush_uses()
        except Exception as exc:  # a background thread: log (the store only, never content) and keep the counts
            logger.warning("reuse counts not written yet (%s); retried with the next write", type(exc).__name__)

    def stop_uses(self) -> None:
        """At close: stop the timer and write what is pending (a failure is logged: counts are statistics)."""
        with self._use_timer_lock:
            if self._use_timer is not None:
                self._use_timer.cancel()
                self._use_timer = None
        try:
            self.flush_uses()
        except Exception as exc:
            logger.warning("reuse counts lost at close (%s)", type(exc).__name__)
