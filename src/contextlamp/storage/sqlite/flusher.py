"""The WAL fsync timer of every open SQLite store of the process (file.py's commit policy): one daemon thread that
fsyncs a store's write-ahead log ``delay`` seconds after the first commit it has not yet flushed.

Before (issue #32 item 5) every save that found no timer waiting started a ``threading.Timer``: a new thread per
save whenever saves come more than 0.1 s apart (the usual case), and ``Thread.start`` waits until the new thread
runs, a context switch on the save's path (under load: ~12 % of a save's wall time in a profile). Now a save only
records a due time and, when the flusher had nothing to do, wakes it; the thread is made on first use (never at
import) and again in a forked child, which has none of its parent's threads.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable

logger = logging.getLogger(__name__)


class WalFlusher:
    """Calls each requested function once, ``delay`` seconds after its first ``request`` since it last ran.

    ``request(key, flush, delay)`` is cheap (a lock, a dict entry, at most one notify); ``cancel(key)`` forgets a
    pending request and says whether there was one. ``clock`` (seconds) is injectable: a test sets it and calls
    ``run_due`` itself, as the thread does when its wait ends."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._due: dict[object, tuple[float, Callable[[], None]]] = {}
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._fork_hooked = False

    def request(self, key: object, flush: Callable[[], None], delay: float) -> None:
        """Run ``flush`` ``delay`` seconds from now, unless a request of ``key`` already waits. Requests come
        with the same delay, so the newest is never due before an older one."""
        with self._wake:
            if key in self._due:
                return
            self._due[key] = (self.clock() + delay, flush)
            if self._thread is None:
                if not self._fork_hooked:  # registered on first use, never at import (once: hooks add up)
                    os.register_at_fork(after_in_child=self._forget_in_child)
                    self._fork_hooked = True
                self._thread = threading.Thread(target=self._run, name="wal-flush", daemon=True)
                self._thread.start()  # once per process
            elif len(self._due) == 1:
                self._wake.notify()  # it was waiting for work: the earliest due time is this one

    def _forget_in_child(self) -> None:
        """A forked child has none of the parent's threads, and its parent's requests are the parent's."""
        self._due, self._wake, self._thread = {}, threading.Condition(), None

    def pending(self, key: object) -> bool:
        """Whether a request of ``key`` waits."""
        with self._wake:
            return key in self._due

    def cancel(self, key: object) -> bool:
        """Forget ``key``'s waiting request; True when there was one."""
        with self._wake:
            return self._due.pop(key, None) is not None

    def run_due(self) -> float | None:
        """Run every request whose time has come (outside the lock, in due order); the seconds until the next
        one, or None when none waits."""
        while True:
            with self._wake:
                if not self._due:
                    return None
                key, (due, flush) = min(self._due.items(), key=lambda item: item[1][0])
                wait = due - self.clock()
                if wait > 0:
                    return wait
                del self._due[key]
            try:
                flush()
            except Exception as exc:  # the thread serves every store: one failure must not stop it
                logger.warning("WAL flush failed: %s", type(exc).__name__)

    def _run(self) -> None:
        while True:
            wait = self.run_due()
            with self._wake:
                if wait is None and not self._due:
                    self._wake.wait()
                elif wait is not None:
                    self._wake.wait(wait)
