"""The shared server's in-process limit state: requests per verified token in a moving window (``RateBook``)
and the MCP sessions each token and each user holds open (``SessionBook``), together ``HttpLimits``
(``app.state.limits``); ``web.gate.HttpGate`` consults them. ``HashPool`` bounds the sign-in's password
hashing (``web.pages``). docs/http.md says why each exists.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import math
import os
import threading
import time
from collections import deque
from collections.abc import AsyncGenerator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

import anyio
from limits import parse

from contextlamp.errors import ContextlampError

T = TypeVar("T")


class RateBook:
    """Requests per key in a moving window: at most ``limit.amount`` requests in any ``limit.get_expiry()``
    seconds (the "moving window" of the ``limits`` library, whose notation ``rate`` is parsed with; the
    counting is here, over an injected clock). Each key keeps the times of at most ``limit.amount`` requests,
    and a key idle for a whole window is dropped by a sweep run at most once a window, so the state holds at
    most the keys seen within the last two windows.

    Args:
        rate: the ``limits`` notation (``"600/minute"``, ``"10/minute"``).
        clock: monotonic seconds (tests pass a fake one).

    Raises:
        ValueError: ``rate`` is not in the notation.
    """

    def __init__(self, rate: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = parse(rate)
        self.clock = clock
        self._window = float(self.limit.get_expiry())
        self._hits: dict[str, deque[float]] = {}  # key -> times of its requests within the window, oldest first
        self._next_sweep = clock() + self._window

    def hit(self, key: str) -> int | None:
        """Count one request; None when it may go on, else the seconds until it may be retried (``Retry-After``,
        RFC 9110 section 10.2.3). A refused request is not counted."""
        now = self.clock()
        self._sweep(now)
        times = self._hits.setdefault(key, deque())
        while times and times[0] <= now - self._window:
            times.popleft()
        if len(times) < self.limit.amount:
            times.append(now)
            return None
        return max(1, math.ceil(times[0] + self._window - now))

    def _sweep(self, now: float) -> None:
        if now < self._next_sweep:
            return
        self._next_sweep = now + self._window
        for key in [k for k, times in self._hits.items() if not times or times[-1] <= now - self._window]:
            del self._hits[key]  # its window is empty: nothing is lost

    def size(self) -> int:
        """Keys held (for tests and monitoring)."""
        return len(self._hits)


Owner = tuple[str, str | None, str | None]  # (client_id, issuer, subject): the SDK's session owner


@dataclass
class _Held:
    token: str
    user: str
    owner: Owner
    last_seen: float
    in_flight: int = 1
    opened: bool = False


class SessionBook:
    """The MCP sessions each bearer token and each user holds open, counted when admitted.

    ``reserve`` takes a place before the opening request reaches the SDK, in one step with the check (no await in
    between, so concurrent ``initialize`` requests cannot all pass a check made before any of them is counted);
    ``opened`` turns the place into the session the SDK opened, and ``finish`` gives the place back when it did
    not. A session counts until it is closed (``DELETE``), the SDK no longer knows it (404 to its owner), or no
    request has been in flight on it for ``idle_timeout_s`` (the SDK's own idle rule). Only the session's owner
    (the SDK's ``(client_id, issuer, subject)``) can end it here, as in the SDK.
    """

    def __init__(
        self, per_token: int, per_user: int, idle_timeout_s: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.per_token = per_token
        self.per_user = per_user
        self.idle_timeout_s = idle_timeout_s
        self.clock = clock
        self._held: dict[str, _Held] = {}  # session id (or place id, before it opened) -> holder
        self._by_token: dict[str, set[str]] = {}
        self._by_user: dict[str, set[str]] = {}
        self._places = itertools.count()

    def reserve(self, token: str, user: str, owner: Owner) -> tuple[str | None, str]:
        """A place for one more session of ``token`` and ``user``: ``(place id, "")``, or ``(None, why)`` when the
        token or the user already holds its cap."""
        self._expire()
        if len(self._by_token.get(token, ())) >= self.per_token:
            return None, f"More than {self.per_token} open sessions for this token."
        if len(self._by_user.get(user, ())) >= self.per_user:
            return None, f"More than {self.per_user} open sessions for this user."
        place = f"place-{next(self._places)}"
        self._add(place, _Held(token, user, owner, self.clock()))
        return place, ""

    def opened(self, place: str, session_id: str) -> None:
        """The SDK opened ``session_id`` on ``place``'s request: the place becomes the session."""
        held = self._remove(place)
        if held is not None:
            held.opened = True
            self._add(session_id, held)

    def begin(self, session_id: str, owner: Owner) -> bool:
        """A request of ``owner`` on ``session_id`` starts; True when it is that owner's counted session (then
        call ``finish`` when the request ends)."""
        held = self._held.get(session_id)
        if held is None or held.owner != owner or not held.opened:
            return False
        held.in_flight += 1
        held.last_seen = self.clock()
        return True

    def finish(self, key: str) -> None:
        """A request ends: a place that opened no session is given back; a session's idle time starts again."""
        held = self._held.get(key)
        if held is None:
            return
        if not held.opened:
            self._remove(key)
            return
        held.in_flight -= 1
        held.last_seen = self.clock()

    def close(self, session_id: str, owner: Owner) -> None:
        """``owner``'s session ended (deleted, or unknown to the SDK); another principal's word does not count."""
        held = self._held.get(session_id)
        if held is not None and held.owner == owner:
            self._remove(session_id)

    def sizes(self) -> dict[str, int]:
        """How much state the book holds: sessions and places, and token and user keys (tests, monitoring)."""
        return {"sessions": len(self._held), "session_keys": len(self._by_token) + len(self._by_user)}

    def _expire(self) -> None:
        cutoff = self.clock() - self.idle_timeout_s
        for key in [k for k, h in self._held.items() if h.opened and h.in_flight <= 0 and h.last_seen < cutoff]:
            self._remove(key)

    def _add(self, key: str, held: _Held) -> None:
        self._held[key] = held
        self._by_token.setdefault(held.token, set()).add(key)
        self._by_user.setdefault(held.user, set()).add(key)

    def _remove(self, key: str) -> _Held | None:
        held = self._held.pop(key, None)
        if held is not None:
            for index, name in ((self._by_token, held.token), (self._by_user, held.user)):
                keys = index.get(name)
                if keys is not None:
                    keys.discard(key)
                    if not keys:
                        del index[name]
        return held


class WorkBusy(ContextlampError):
    """``HashPool.run`` or ``HeavyWork.slot`` refused: the workers are busy and the queue is full (answer 503 or
    429 + ``Retry-After``)."""


# The shared server's GIL switch interval (``sys.setswitchinterval``, seconds; CPython's default is 0.005). A thread
# that runs Python without blocking (a big save's distillation, an import's checks) keeps the GIL until another
# thread has waited this long for it, and a request's path takes the GIL back many times (the event loop after
# each socket wait, the worker thread after each SQLite or model call): at the default each take-back cost up to
# 5 ms. Measured beside one CPU-bound Python thread, 20 take-backs: p50 52-179 ms at 0.005, 4.3-4.5 ms at this
# (no cost when nobody waits: a switch is forced only for a waiting thread). Issue #29 item 12.
SWITCH_INTERVAL_S = 0.0005

HASH_NICE = 10  # the hashing threads' scheduling priority (nice): below the threads that answer other users
# after each hash a hashing thread rests this many times as long as the hash took before it starts the next one:
# argon2id with 4 lanes fills both cores of a small machine, so back-to-back hashes would leave nothing to the
# other users; resting as long as it worked caps hashing at half the time (the first hash after a pause waits not)
HASH_REST = 1.0


def _lower_priority() -> None:
    """Lower the calling thread's CPU priority by ``HASH_NICE`` (Linux: nice is per thread, and the threads
    argon2 starts for its lanes inherit it); a no-op where the system has no per-thread priority."""
    if hasattr(os, "setpriority"):
        with contextlib.suppress(OSError):
            thread = threading.get_native_id()  # nice is relative: a server started under nice goes lower still
            os.setpriority(os.PRIO_PROCESS, thread, min(19, os.getpriority(os.PRIO_PROCESS, thread) + HASH_NICE))


class HashPool:
    """The password-hashing work of the sign-in (argon2id, 64 MiB and about a core-second each), on threads of its
    own: at most ``workers`` hashes at once and ``queue`` more waiting; past that ``run`` refuses at once. The
    threads run at a lower CPU priority (``HASH_NICE``) and rest between hashes (``HASH_REST``), so a flood of
    hashing leaves the cores to other users' calls instead of taking them all.

    Never the worker pool that verifies bearer tokens and runs tool calls (anyio's default thread limiter): a
    flood of sign-in attempts used to fill that one, so every other user's call waited behind argon2, and the
    server's memory grew by 64 MiB per concurrent attempt. Here the hashing costs at most ``workers`` x 64 MiB
    and ``workers`` threads, whatever arrives; what does not fit is told to retry (docs/http.md "Sign-in").

    Args:
        workers: hashes at once (``Settings.signin_hash_workers``).
        queue: attempts allowed to wait for a worker (``Settings.signin_hash_queue``).
    """

    def __init__(self, workers: int, queue: int) -> None:
        self.workers = workers
        self.queue = queue
        self._executor: ThreadPoolExecutor | None = None  # started on first use: no threads at import or build
        self._admitted = 0  # running + waiting
        self._rested = threading.local()  # per hashing thread: monotonic time its next hash may start

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on one of the pool's threads (the event loop is free meanwhile).

        Raises:
            WorkBusy: ``workers`` are busy and ``queue`` attempts already wait.
        """
        if self._admitted >= self.workers + self.queue:
            raise WorkBusy
        if self._executor is None:
            self._executor = ThreadPoolExecutor(self.workers, "contextlamp-hash", initializer=_lower_priority)
        self._admitted += 1
        try:
            return await asyncio.wrap_future(self._executor.submit(self._paced, fn, *args))
        finally:
            self._admitted -= 1

    def _paced(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` once this thread has rested ``HASH_REST`` times as long as its previous hash took."""
        wait = float(getattr(self._rested, "next_start", 0.0)) - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        started = time.monotonic()
        try:
            return fn(*args)
        finally:
            ended = time.monotonic()
            self._rested.next_start = ended + (ended - started) * HASH_REST

    def admitted(self) -> int:
        """Attempts running or waiting now (tests, monitoring)."""
        return self._admitted


class HeavyWork:
    """Fair shares of the server's heavy work (``save_session``, large request bodies, dashboard imports): each user
    runs at most one heavy call at a time, with at most ``per_user_queue`` more waiting (beyond: ``WorkBusy``,
    answered 429 + ``Retry-After``), and at most ``workers`` heavy calls run at once server-wide. The wait for a
    worker is first come, first served, and a user holds at most one place in it, so users take turns: one user's
    twenty big saves, or one 5,000-entry import, cannot occupy every core while other users wait for their reads.
    Light calls (``get_context``, ``list_context``, small saves) never wait here.

    Args:
        workers: heavy calls at once, all users (``Settings.heavy_workers``).
        per_user_queue: a user's heavy calls allowed to wait behind their running one
            (``Settings.heavy_queue_per_user``).
    """

    def __init__(self, workers: int, per_user_queue: int) -> None:
        self.workers = workers
        self.per_user_queue = per_user_queue
        self._limiter: anyio.CapacityLimiter | None = None  # made in the event loop on first use
        self._admitted: dict[str, int] = {}  # user -> heavy calls running or waiting
        self._locks: dict[str, anyio.Lock] = {}

    @contextlib.asynccontextmanager
    async def slot(self, user: str) -> AsyncGenerator[None]:
        """Hold one of ``user``'s heavy places for the block (waits for the user's turn, then a worker).

        Raises:
            WorkBusy: the user already has ``1 + per_user_queue`` heavy calls running or waiting.
        """
        admitted = self._admitted.get(user, 0)
        if admitted > self.per_user_queue:
            raise WorkBusy
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(self.workers)
        self._admitted[user] = admitted + 1
        lock = self._locks.setdefault(user, anyio.Lock())
        try:
            async with lock, self._limiter:
                yield
        finally:
            self._admitted[user] -= 1
            if not self._admitted[user]:
                del self._admitted[user]
                self._locks.pop(user, None)

    def full(self, user: str) -> bool:
        """Whether ``slot(user)`` would refuse now (so a large body can be refused before it is even read)."""
        return self._admitted.get(user, 0) > self.per_user_queue

    def admitted(self) -> int:
        """Users holding heavy places now (tests, monitoring: the state is bounded by the users at work)."""
        return len(self._admitted)


@dataclass
class HttpLimits:
    """The server's in-process limit state (one per app, ``app.state.limits``): requests per token (``rate``) and
    per user over all their tokens (``user_rate``), MCP sessions, and the heavy work's fair shares (``heavy``)."""

    rate: RateBook
    sessions: SessionBook
    user_rate: RateBook | None = None
    heavy: HeavyWork | None = None

    def sizes(self) -> dict[str, int]:
        """Keys and entries held, so tests can show that unknown tokens leave nothing behind."""
        users = self.user_rate.size() if self.user_rate is not None else 0
        return {"rate_keys": self.rate.size(), "user_rate_keys": users, **self.sessions.sizes()}
