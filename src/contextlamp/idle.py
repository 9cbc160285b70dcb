"""``Reaper``: a background thread that asks an owner, now and then, to release what it has not used for a while
(the HTTP server's bulk embedding session, its distillation workers). The owner decides with its own (injected)
clock in ``check``; the reaper only calls it, so tests call ``check`` themselves with a fake clock."""

from __future__ import annotations

import inspect
import threading
import weakref
from collections.abc import Callable


class Reaper:
    """Calls ``check()`` every ``interval_s`` seconds on a daemon thread while the owner holds something;
    ``check`` returns True when nothing is left to release, and the thread then ends (no thread while idle).
    ``start`` after each use (cheap when the thread already runs); ``stop`` ends it for good. A bound method's
    owner is held weakly: an owner nobody else holds is collected (and its resources with it), and the thread ends.

    Args:
        interval_s: seconds between checks (real time).
        check: releases what is idle; True when nothing is held any more.
    """

    def __init__(self, interval_s: float, check: Callable[[], bool]) -> None:
        self.interval_s = interval_s
        if inspect.ismethod(check):
            method = weakref.WeakMethod(check)
            self._check: Callable[[], Callable[[], bool] | None] = method
        else:
            self._check = lambda: check
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stopped = threading.Event()
        self._kicked = False  # start() was called since the last check began (a new use: keep checking)

    def start(self) -> None:
        """Run the checks, unless they already run or ``stop`` was called."""
        with self._lock:
            self._kicked = True
            if self._stopped.is_set() or (self._thread is not None and self._thread.is_alive()):
                return
            self._thread = threading.Thread(target=self._loop, name="contextlamp-idle-reaper", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """End the checks (the thread ends within its current wait)."""
        self._stopped.set()
        with self._lock:
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(5.0)

    def _loop(self) -> None:
        while not self._stopped.wait(self.interval_s):
            with self._lock:
                self._kicked = False
            check = self._check()
            empty = True if check is None else check()  # the owner is gone: nothing left to release
            del check
            with self._lock:
                if empty and not self._kicked:
                    self._thread = None
                    return
