"""save_session's heavy step, a transcript's distillation, and where it runs.

``distil_transcript`` is the pure-Python part of a save: the transcript parsed and redacted turn by turn, the
distiller's items, their secrets scrubbed, the most valuable ``rank.MAX_ITEMS`` kept. It reads no store and
writes nothing. A 100 KB session costs about a second of CPU in it (profiled: parse and redact 12 %, distil
50 %, scrub 25 %, cap 10 %; the saves and their embeddings after it are the rest).

``InProcess`` runs it in the calling thread (stdio, the CLI: one user, nobody else to be fair to).
``DistillWorkers`` runs it in worker processes at a lower priority (the HTTP server, ``web.app``): the server
process keeps only the writes, so one user's big save holds no interpreter lock another user's ``get_context``
waits for (issue #29 item 12; docs/http.md "Heavy work"). Both give the same items for the same transcript:
the workers build the same scanner and distiller from the same settings.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import threading
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from contextlamp.domain.embedding import bulk_work
from contextlamp.errors import ContextlampError, crash_report
from contextlamp.idle import Reaper

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

    from contextlamp.config import Settings
    from contextlamp.distill import DistilledItem, Distiller
    from contextlamp.domain.secret_scan import SecretScanner

logger = logging.getLogger(__name__)

DISTILL_NICE = 10  # the workers' scheduling priority, relative to the server's (as the bulk embedding thread's)
START_TIMEOUT_S = 60.0  # a worker not ready this long after its start is stopped (and the fallback used)
DISTILL_TIMEOUT_S = 600.0  # a distillation taking longer (a hung LLM endpoint) is stopped with its worker
START_METHOD = "spawn"  # never fork: the server is threaded (a child forked from it may hang on a held lock)


@dataclass(frozen=True)
class Distillation:
    """What a transcript distils to: ``items`` (the kept ones, in conversation order, secrets scrubbed),
    ``left_out`` (items over the cap, not kept) and ``removed`` (the kinds of secret taken out, sorted)."""

    items: list[DistilledItem]
    left_out: int
    removed: tuple[str, ...] = ()


def distil_transcript(text: str, scanner: SecretScanner, distiller: Distiller) -> Distillation:
    """The kept items of transcript ``text`` (save_session's whole pure-Python step, app/sessions.py).

    Parsed first, then redacted turn by turn: redacting JSON (a native file, a message list) could cut a
    string's closing quote with the secret, or miss a secret between escaped quotes; what contextlamp printed
    and the user pasted back (``printed.strip_printed``) is removed from each turn, as the hooks remove it (a
    turn left empty is dropped). Then the distiller's items (its embeds are bulk work), each item's secret
    clauses scrubbed (``scrub_items``), and the
    ``rank.MAX_ITEMS`` most valuable kept, an item still holding a secret never among them. Linear in ``text``
    apart from the cap's sort (O(n log n) in the items)."""
    from contextlamp.distill import Turn, parse_transcript
    from contextlamp.distill.rank import MAX_ITEMS, keep_most_valuable
    from contextlamp.domain.models import result_shapes
    from contextlamp.printed import strip_printed

    removed: set[str] = set()
    turns: list[Turn] = []
    parsed = parse_transcript(text)
    for turn, redacted in zip(parsed, redacted_turns(scanner, [t.text for t in parsed], removed), strict=True):
        cleaned = strip_printed(redacted, result_shapes())
        if cleaned.strip():
            turns.append(Turn(turn.role, cleaned))
    with bulk_work():  # a session's embeddings are bulk work: a server runs them apart from users' queries
        distilled = scrub_items(scanner, distiller.distill(turns), removed)
    items, left_out = keep_most_valuable(distilled, MAX_ITEMS, lambda i: not scanner.kinds(i.content))
    return Distillation(items, left_out, tuple(sorted(removed)))


def redacted_turns(scanner: SecretScanner, texts: Sequence[str], removed: set[str] | None = None) -> list[str]:
    """Each of a conversation's turns (``texts``, in order) with its secrets replaced by ``[secret removed]``
    (``SecretScanner.redact``), and also the values a short turn gives in answer to a request for a credential in
    one of the two turns before it ("what's the router password?" ... "it's X"; domain/secret_turns.py), which no
    rule reading one turn finds, and every repetition of a value removed anywhere in the conversation, before or
    after the turn it was found in (domain/secret_echo.py: the agent's "I'll use `X` as the router password" makes
    X a secret in the user's own note of it). The kinds removed are added to ``removed`` when given (an answer's
    as ``"Password"``, a repetition's as the kinds its conversation removed). The one transcript redaction of
    save_session and the hooks; linear in the texts."""
    from contextlamp.domain.secret_echo import EchoedValues
    from contextlamp.domain.secret_reworded import bridged_spans
    from contextlamp.domain.secret_scan import redact_spans
    from contextlamp.domain.secret_turns import answered_spans

    echoes = EchoedValues()
    out: list[str] = []
    found_kinds: set[str] = set()
    for i, text in enumerate(texts):
        found = scanner.findings(text)
        echoes.add(text[f.start : f.end] for f in found)
        redacted = redact_spans(text, [(f.start, f.end) for f in found])
        kinds = [f.kind for f in found]
        spans = answered_spans(texts[max(0, i - 2) : i], redacted)
        bridged = bridged_spans(scanner, texts[max(0, i - 2) : i], redacted)  # secret_reworded: a reply, a split
        kinds += [kind for _, _, kind in bridged]
        spans = [*spans, *((a, b) for a, b, _ in bridged)]
        if spans:
            echoes.add(redacted[a:b] for a, b in spans)
            redacted = redact_spans(redacted, spans)
            kinds.append("Password")
        found_kinds.update(kinds)
        out.append(redacted)
    for i, text in enumerate(out):  # a value removed in one turn is a secret in every turn that repeats it
        if spans := echoes.spans(text):
            out[i] = redact_spans(text, spans)
    if removed is not None:
        removed.update(found_kinds)
    return out


def scrub_items(scanner: SecretScanner, items: list[DistilledItem], removed: set[str]) -> list[DistilledItem]:
    """Redact, do not lose: each item with the clauses that hold a secret removed (``SecretScanner.scrub``), or
    left out when what is left is no durable statement, and its topic dropped (None) when the topic holds a
    secret; the kinds removed are added to ``removed``. The one place where what is saved for the user loses its
    secrets (save_session and the hooks; ``save_context`` refuses instead): every field stored beside an item
    is built from its content and topic after this step (its likely questions, its session digest's label and
    summary: retrieval/questions.py, distill/digest.py), so none can hold what the item lost."""
    from dataclasses import replace

    kept: list[DistilledItem] = []
    for item in items:
        scrubbed = scanner.scrub(item.content)
        removed.update(scrubbed.kinds)
        if scrubbed.text is None:
            continue
        topic = item.topic
        if topic is not None and (topic_kinds := scanner.redact_kinds(topic)[1]):
            removed.update(topic_kinds)
            topic = None  # an LLM's topic can name what the redaction of the content removed
        if scrubbed.text != item.content or topic != item.topic:
            item = replace(item, content=scrubbed.text, topic=topic)
        kept.append(item)
    return kept


class Distil(Protocol):
    """Runs ``distil_transcript`` somewhere: ``InProcess`` or ``DistillWorkers``."""

    def __call__(self, text: str) -> Distillation:
        """The transcript's ``Distillation``.

        Raises:
            ContextlampError: the distillation failed (nothing was saved).
        """
        ...


class InProcess:
    """``distil_transcript`` in the calling thread, with ``scanner`` and ``distiller``."""

    def __init__(self, scanner: SecretScanner, distiller: Distiller) -> None:
        self.scanner = scanner
        self.distiller = distiller

    def __call__(self, text: str) -> Distillation:
        """``distil_transcript(text, ...)``."""
        return distil_transcript(text, self.scanner, self.distiller)


class DistillationError(ContextlampError):
    """A transcript could not be distilled apart (its worker failed or stopped, or all of them are busy); the
    tool's error, nothing was saved."""


@dataclass(frozen=True)
class WorkerRecipe:
    """What a worker builds its scanner and distiller from: the server's settings (the LLM, if configured);
    ``log_level`` is the server's."""

    settings: Settings
    log_level: str = "INFO"


def worker_main(conn: Connection, recipe: WorkerRecipe) -> None:
    """A worker process's loop (the target ``DistillWorkers`` spawns): at ``DISTILL_NICE`` below the server,
    each transcript received is distilled and its ``("done", Distillation)`` sent back, or ``("error", message,
    known)`` (``known``: a ``ContextlampError``'s message, for the tool's error; else the traceback goes to the
    log without any message, which may quote memory content). Ends when told (``None``) or when the server's
    end of the pipe closes (the server stopped, however it stopped)."""
    from contextlamp.app.parts import configure_logging, create_distiller
    from contextlamp.domain.secret_scan import SecretScanner

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole process group: the server stops us
    with contextlib.suppress(OSError, AttributeError):
        os.nice(DISTILL_NICE)
    configure_logging(recipe.log_level)
    scanner = SecretScanner()
    distiller = create_distiller(recipe.settings)
    try:
        conn.send("ready")
    except (OSError, ValueError):
        return
    while True:
        try:
            text = conn.recv()
        except (EOFError, OSError):
            return
        if text is None:
            return
        reply: tuple[Any, ...]
        try:
            reply = ("done", distil_transcript(text, scanner, distiller))
        except ContextlampError as exc:
            reply = ("error", str(exc), True)
        except Exception as exc:  # the server answers with the tool's error; the traceback stays here
            logger.error("distillation failed with an unexpected %s\n%s", type(exc).__name__, crash_report(exc))
            logger.debug("distillation: the %s said %r", type(exc).__name__, str(exc))
            reply = ("error", "", False)
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection
    pid: int
    last_used: float = field(default=0.0)


class DistillWorkers:
    """``distil_transcript`` in worker processes: at most ``workers`` distillations at once, ``queue`` more
    waiting for one (beyond: ``DistillationError`` at once), each worker at ``DISTILL_NICE`` below the server.

    Workers are started with ``START_METHOD`` (a fresh interpreter; never a fork of the threaded server) on the
    first call that needs one, kept for the next call, and stopped once unused for ``idle_s`` seconds of
    ``clock`` (``release_idle``, run by a background ``Reaper`` while any worker lives) and by ``close``. A
    worker ends by itself when the server's end of its pipe closes, so none outlives the server however the
    server stops. A worker that fails or dies costs its call only (a ``DistillationError``, the tool's error);
    the next call starts a new one. Memory content never reaches the log above debug level.

    Args:
        recipe: what each worker builds its scanner and distiller from.
        workers: distillations at once (the server's heavy workers, ``ServerTuning.heavy_workers``).
        queue: distillations allowed to wait for a worker.
        idle_s: seconds unused after which a worker is stopped (``ServerTuning.distill_idle_s``).
        clock: monotonic seconds (tests pass a fake one).
        timeout_s: seconds a distillation may take before its worker is stopped and the call fails.
        fallback: runs a distillation when no worker can be started (e.g. a program embedding the server
            whose main module starts it again when imported, without the ``if __name__ == "__main__"`` guard
            that ``spawn`` needs); None: the call fails. A warning is logged the first time.
    """

    def __init__(
        self,
        recipe: WorkerRecipe,
        workers: int,
        queue: int,
        idle_s: float,
        clock: Callable[[], float] = time.monotonic,
        timeout_s: float = DISTILL_TIMEOUT_S,
        fallback: Distil | None = None,
    ) -> None:
        self.recipe = recipe
        self.workers = workers
        self.queue = queue
        self.idle_s = idle_s
        self.clock = clock
        self.timeout_s = timeout_s
        self.fallback = fallback
        self._warned = False
        self._lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(workers)
        self._admitted = 0  # running + waiting
        self._idle: list[_Worker] = []  # started, not running anything
        self._busy: set[int] = set()  # pids of workers running a distillation
        self._closed = False
        self._reaper = Reaper(max(idle_s / 4, 0.05), self.release_idle)

    def __call__(self, text: str) -> Distillation:
        """``distil_transcript(text, ...)`` in a worker; the calling thread waits (holding no interpreter lock).

        Raises:
            DistillationError: ``workers`` are busy and ``queue`` calls already wait; or the worker failed,
                died or took over ``timeout_s`` (nothing was saved; the message of a ``ContextlampError`` the
                worker raised is kept).
        """
        with self._admit(), self._slot():
            try:
                worker = self._take()
            except DistillationError:
                if self.fallback is None:
                    raise
                if not self._warned:
                    self._warned = True
                    logger.warning("no distillation worker could start: distilling in the server's own process")
                return self.fallback(text)
            try:
                result = self._run(worker, text)
            except BaseException:
                with self._lock:
                    self._busy.discard(worker.pid)
                self._stop(worker, wait=False)
                raise
            self._give_back(worker)
            if isinstance(result, DistillationError):  # the worker failed on this transcript, and lives on
                raise result
            return result

    @contextlib.contextmanager
    def _admit(self) -> Generator[None]:
        with self._lock:
            if self._closed:
                raise DistillationError("The server is stopping; the session was not saved. Retry later.")
            if self._admitted >= self.workers + self.queue:
                raise DistillationError("The server is busy distilling other sessions; retry shortly.")
            self._admitted += 1
        try:
            yield
        finally:
            with self._lock:
                self._admitted -= 1

    @contextlib.contextmanager
    def _slot(self) -> Generator[None]:
        self._slots.acquire()
        try:
            yield
        finally:
            self._slots.release()

    def _take(self) -> _Worker:
        with self._lock:
            while self._idle:
                worker = self._idle.pop()
                if worker.process.is_alive():
                    self._busy.add(worker.pid)
                    return worker
                self._stop(worker, wait=False)
        worker = self._start()
        with self._lock:
            self._busy.add(worker.pid)
        return worker

    def _give_back(self, worker: _Worker) -> None:
        worker.last_used = self.clock()
        with self._lock:
            self._busy.discard(worker.pid)
            closed = self._closed
            if not closed:
                self._idle.append(worker)
        if closed:
            self._stop(worker, wait=True)
        else:
            self._reaper.start()

    def _start(self) -> _Worker:
        import multiprocessing

        context = multiprocessing.get_context(START_METHOD)
        parent, child = context.Pipe(duplex=True)
        process = context.Process(
            target=worker_main, args=(child, self.recipe), name="contextlamp-distill", daemon=True
        )
        try:
            process.start()
        except Exception as exc:
            parent.close()
            raise DistillationError(f"Could not start a distillation worker ({type(exc).__name__}).") from exc
        finally:
            child.close()  # the worker holds its end: when it dies, recv here sees EOF
        worker = _Worker(process, parent, process.pid or 0, self.clock())
        try:  # the worker says it is ready once built: a worker that cannot start fails here, not in a call
            ready = parent.recv() if parent.poll(START_TIMEOUT_S) else None
        except (EOFError, OSError):
            ready = None
        if ready != "ready":
            self._stop(worker, wait=False)
            raise DistillationError("A distillation worker did not start.")
        logger.debug("distillation worker %s started", process.pid)
        return worker

    def _run(self, worker: _Worker, text: str) -> Distillation | DistillationError:
        """The worker's ``Distillation`` of ``text``, or the error it reported (it lives on).

        Raises:
            DistillationError: the worker died, or took over ``timeout_s`` (it is stopped).
        """
        conn = worker.conn
        deadline = time.monotonic() + self.timeout_s
        try:
            conn.send(text)
            while True:
                if not conn.poll(max(deadline - time.monotonic(), 0.0)):
                    raise DistillationError(
                        f"Distilling the session took over {self.timeout_s:.0f} s and was stopped; nothing was saved."
                    )
                message = conn.recv()
                kind = message[0]
                if kind == "done":
                    return message[1]
                if message[2]:  # a ContextlampError's message: the tool's error, as in the server's own process
                    return DistillationError(message[1])
                return DistillationError("The session could not be distilled (an internal error); nothing was saved.")
        except (EOFError, OSError) as exc:
            code = worker.process.exitcode
            logger.warning("distillation worker %s stopped (exit code %s)", worker.pid, code)
            raise DistillationError(
                "The distillation worker stopped before it finished; nothing was saved. Retry the save."
            ) from exc

    def release_idle(self) -> bool:
        """Stop the workers unused for ``idle_s`` (of ``clock``); True when no worker is left (the reaper then
        rests until a worker is started again)."""
        now = self.clock()
        with self._lock:
            stale = [w for w in self._idle if now - w.last_used >= self.idle_s]
            self._idle = [w for w in self._idle if w not in stale]
            empty = not self._idle and not self._busy
        for worker in stale:
            self._stop(worker, wait=True)
        return empty

    def close(self) -> None:
        """Stop every idle worker now and each running one when its call ends; later calls are refused."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for worker in idle:
            self._stop(worker, wait=True)
        self._reaper.stop()

    def admitted(self) -> int:
        """Distillations running or waiting now (tests, monitoring)."""
        with self._lock:
            return self._admitted

    def alive(self) -> list[int]:
        """The pids of the workers alive now (tests, monitoring)."""
        with self._lock:
            idle = [w.pid for w in self._idle if w.process.is_alive()]
            return sorted([*idle, *self._busy])

    @staticmethod
    def _stop(worker: _Worker, wait: bool) -> None:
        """Tell ``worker`` to end, wait for it briefly (``wait``), then kill it if it still lives."""
        with contextlib.suppress(OSError, ValueError):
            if wait:
                worker.conn.send(None)
        with contextlib.suppress(OSError):
            worker.conn.close()
        worker.process.join(2.0 if wait else 0.0)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join(5.0)
        with contextlib.suppress(ValueError):
            worker.process.close()
